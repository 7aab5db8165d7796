// Lambdas inside nested loops whose flow typing takes more than one
// round (x is int, then int|null).  Typing a loop's body made a dead
// copy of the inner lambda's function per typing walk (five here: the
// program used $lambda5 and $lambda6); now it has exactly its two
// lambdas, numbered in order.
// wyil: lambda_in_loops:$lambda0 : int(int,int)
// wyil: lambda_in_loops:$lambda1 : int(int)
import * from whiley.lang.*

public void ::main(System.Console sys):
	s = 0
	x = 0
	for i in 0..3:
		if x is int:
			x = null
		else:
			x = 1
		for j in 0..2:
			f = &(int y -> y + i)
			s = s + f(j)
	g = &(int y -> 2 * y)
	sys.out.println(s)
	sys.out.println(g(s))
	sys.out.println(x)
