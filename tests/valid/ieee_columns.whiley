// flags: --gpu-real=exact
// fallback: the ragged matrix has no device copy (jagged rows)
// Loops down the columns of a matrix of reals under --real=double: the
// row changes with the loop's variable, so its length is tested in each
// iteration, not once where the loop starts (c_backend/cgen_bounds.c);
// a square root of a double register between the loops (a call).  A
// ragged matrix whose middle row is short fails at that row.
import * from whiley.lang.*

public [real] colstats([[real]] data, int m):
	out = []
	for j in 0..m:
		s = 0.0
		for i in 0..|data|:
			s = s + data[i][j]
		mean = s / |data|
		v = 0.0
		for i in 0..|data|:
			d = data[i][j] - mean
			v = v + d * d
		out = out + [mean, Math.sqrt(v / |data|, Math.ERROR)]
	return out

public void ::main(System.Console sys):
	sys.out.println(colstats([[1.0, 2.0], [3.0, 4.0], [5.0, 12.0]], 2))
	sys.out.println(colstats([[1.0, 2.0, 3.0], [1.0], [1.0, 2.0, 3.0]], 1))
	sys.out.println(colstats([[2.0, 2.0, 3.0], [1.0, 6.0], [1.0, 2.0, 3.0]], 3))
