// Runtime error: a failing assert.
import * from whiley.lang.*

public void ::main(System.Console sys):
	total = 0
	for i in 0..5:
		total = total + i
		sys.out.println(total)
		assert total < 6
