// A constant of a sequential loop inside a kernel (`u - 3`) is computed
// before that loop (oclgen_hoist.c, ocl_plan_moves); the code before the
// loop read a moved instruction's operands, which a constant has none of,
// and wyc crashed at -O1 (found by the random-program tester, seed 750007).
import * from whiley.lang.*

public [[int]] f([[int]] m):
	i = 0
	while i < |m|:
		for j in 0..1:
			u = 10
			for k in 0..i:
				u = u - 3
			m[i][j] = u
		i = i + 1
	return m

public void ::main(System.Console sys):
	sys.out.println(f([[0, 0], [0, 0], [0, 0]]))
