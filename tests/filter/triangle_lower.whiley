// fallback: rows 1..i with i = 0 run downwards (1..0 is [1]), which the rectangle's kernel refuses (the CPU runs them)
// Triangular nests whose rows end at the outer loop's variable
// (filter/filter.c row_end): an inner range lo..v gives a 2-D kernel
// over lo .. the outer range's end, each row's items from its end on
// doing nothing; the kernel checks that each row starts at lo and
// ascends.
// explain: triangle_lower.whiley:17: for i: GPU-implicit (kernel 3, 2-D (i, j), 1 list in, 1 out; j runs over a triangle (each row up to where the outer loop's variable is; the items from a row's end on do nothing))
// explain: triangle_lower.whiley:18: for j: GPU-implicit-inner (flattened into kernel 3)
// explain: triangle_lower.whiley:26: for i: GPU-implicit (kernel 4, 2-D (i, j), 1 list in, 1 out; j runs over a triangle
// explain: triangle_lower.whiley:36: for i: GPU-implicit (kernel 5, 2-D (i, j), 1 list in, 1 out; j runs over a triangle
import * from whiley.lang.*

// the strictly lower triangle scaled, the rest left as it was
public [[int]] lower([[int]] a):
	n = |a|
	b = a
	for i in 0..n:
		for j in 0..i:
			b[i][j] = a[i][j] * 2 + j
	return b

// the squared distances of the pairs j < i, into a zero matrix
public [[int]] pairs([int] xs):
	n = |xs|
	d = zeros(n, n)
	for i in 0..n:
		for j in 0..i:
			d[i][j] = (xs[i] - xs[j]) * (xs[i] - xs[j])
	return d

// rows 1..i: the first row (i = 0) is 1..0, which runs downwards and
// writes w[0][1]
public [[int]] from_one([[int]] a):
	n = |a|
	w = zeros(n, n + 1)
	for i in 0..n:
		for j in 1..i:
			w[i][j] = a[i][j - 1] + i * 10
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

public [int] vector(int n):
	v = []
	for i in 0..n:
		v = v + [(i * 13) % 7 - 3]
	return v

public void ::main(System.Console sys):
	for n in [0, 1, 2, 5, 40]:
		a = matrix(n)
		b = lower(a)
		d = pairs(vector(n))
		w = from_one(a)
		s = 0
		t = 0
		u = 0
		for i in 0..n:
			for j in 0..n:
				s = s + b[i][j] * (i + 2 * j + 1)
				t = t + d[i][j] * (3 * i + j + 1)
		for i in 0..n:
			for j in 0..(n + 1):
				u = u + w[i][j] * (i + j + 1)
		sys.out.println([n, s, t, u])
		if n == 5:
			sys.out.println(b)
			sys.out.println(w)
