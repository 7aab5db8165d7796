// Performance-shaped: tight integer loops, 10 passes of 100000 iterations of
// sum = (sum * 3 + i - pass * 7) % 10001 (the dividend is negative at first),
// written into a list slot per pass.
import * from whiley.lang.*

public void ::main(System.Console sys):
	out = 0..10
	for pass in 0..10:
		sum = pass
		for i in 0..100000:
			sum = (sum * 3 + i - pass * 7) % 10001
		out[pass] = sum
	sys.out.println(out)
