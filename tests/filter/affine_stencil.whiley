// A stencil that updates its grid in place reads what the iteration
// before wrote: distance 1 at the loop of rows (G[i - 1][j]) and at the
// loop of columns (G[i][j - 1]); both stay on the CPU, the dependence
// named.  The same stencil into another grid is parallel.
// explain: affine_stencil.whiley:14: for i: CPU — reads 'G' at another index than it writes: G[i][j] written at line 16, G[i - 1][j] read at line 16, distance 1 at loop i
// explain: affine_stencil.whiley:15: for j: CPU — reads 'G' at another index than it writes: G[i][j] written at line 16, G[i][j - 1] read at line 16, distance 1 at loop j
// explain: affine_stencil.whiley:18: for i: GPU-implicit (kernel 1,
import * from whiley.lang.*

public void ::main(System.Console sys):
	n = 6
	G = [[1, 2, 3, 4, 5, 6], [7, 8, 9, 1, 2, 3], [4, 5, 6, 7, 8, 9], [9, 8, 7, 6, 5, 4], [3, 2, 1, 9, 8, 7], [6, 5, 4, 3, 2, 1]]
	H = G
	for i in 1..(n - 1):
		for j in 1..(n - 1):
			G[i][j] = (G[i - 1][j] + G[i][j - 1] + G[i][j] + G[i][j + 1] + G[i + 1][j]) % 1000
	sys.out.println(G)
	for i in 1..(n - 1):
		for j in 1..(n - 1):
			H[i][j] = (G[i - 1][j] + G[i][j - 1] + G[i][j] + G[i][j + 1] + G[i + 1][j]) % 1000
	sys.out.println(H)
