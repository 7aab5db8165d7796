// fallback: rows that start past their end (c = 4 below) run downwards, which the rectangle's kernel refuses (the CPU runs them)
// Triangular nests flattened over a rectangle (filter/filter.c
// row_start): an inner range that starts at the outer loop's variable,
// or at it plus an invariant, gives a 2-D kernel over the outer range's
// start .. the inner end, each row's items before its start doing
// nothing; the kernel checks that each row ascends and lies inside.
// explain: triangle_rows.whiley:17: for j1: GPU-implicit (kernel 1, 2-D (j1, j2), 1 list in, 1 out, 1 scalar; j2 runs over a triangle (each row from where the outer loop's variable is; the items before a row's start do nothing); not flattened further: it writes g outside its inner loop)
// explain: triangle_rows.whiley:29: for i: GPU-implicit (kernel 2, 2-D (i, j), 1 list in, 1 out, 1 scalar; j runs over a triangle (each row from where the outer loop's variable is; the items before a row's start do nothing))
// explain: triangle_rows.whiley:39: for i: GPU-implicit (kernel 3, 2-D (i, j), 1 list in, 1 out, 2 scalars; j runs over a triangle (each row from where the outer loop's variable is; the items before a row's start do nothing))
// explain: triangle_rows.whiley:40: for j: GPU-implicit-inner (flattened into kernel 3)
import * from whiley.lang.*

// the upper triangle of a symmetric product, mirrored
public [[int]] gram([[int]] a):
	n = |a|
	g = zeros(n, n)
	for j1 in 0..n:
		for j2 in j1..n:
			g[j1][j2] = 0
			for i in 0..n:
				g[j1][j2] = g[j1][j2] + a[i][j1] * a[i][j2]
			g[j2][j1] = g[j1][j2]
	return g

// the part right of the diagonal scaled, the rest left as it was
public [[int]] right([[int]] a):
	n = |a|
	b = a
	for i in 0..n:
		for j in (i + 1)..n:
			b[i][j] = a[i][j] * 3 - i
	return b

// rows that start c past the diagonal, in a matrix c + 1 columns wider:
// when c > 1 the last rows start past their end and run downwards
public [[int]] shifted([[int]] a, int c):
	n = |a|
	w = zeros(n, n + c + 1)
	for i in 0..n:
		for j in (i + c)..n:
			w[i][j] = a[i][i] + j * 2
	return w

public [[int]] zeros(int n, int m):
	z = []
	for i in 0..n:
		row = []
		for j in 0..m:
			row = row + [0]
		z = z + [row]
	return z

public [[int]] matrix(int n):
	m = []
	for i in 0..n:
		row = []
		for j in 0..n:
			row = row + [(i * 7 + j * 5) % 11 - 5]
		m = m + [row]
	return m

public int total([[int]] m):
	t = 0
	for row in m:
		for x in row:
			t = t * 3 % 1000003 + x
	return t

public void ::main(System.Console sys):
	for n in [1, 6, 33]:
		a = matrix(n)
		sys.out.println(total(gram(a)))
		sys.out.println(total(right(a)))
		sys.out.println(total(shifted(a, 0)))
		sys.out.println(total(shifted(a, 1)))
		sys.out.println(total(shifted(a, 4)))
	sys.out.println(right(matrix(4)))
