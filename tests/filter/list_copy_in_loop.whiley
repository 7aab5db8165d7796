// `row = a; row[0] = i` inside the loop needs a private copy of the list
// in every iteration; value semantics leave `a` unchanged.
// explain: list_copy_in_loop.whiley:9: for i: CPU — copies list 'a' inside the loop
import * from whiley.lang.*

public void ::main(System.Console sys):
	a = [7, 8, 9]
	out = [0, 0, 0]
	for i in 0..3:
		row = a
		row[0] = i
		out[i] = row[0] + row[1]
	sys.out.println(a)
	sys.out.println(out)
