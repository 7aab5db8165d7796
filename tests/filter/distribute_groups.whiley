// Loop distribution by independent groups (filter/distribute_groups.c):
// statements of a nest, also inside its inner loop, that share no list
// or value one of them changes become separate nests, the parallel one
// a kernel, the rest interchanged where that makes it parallel.
// explain: distribute_groups.whiley:22: for i: GPU-implicit (kernel 1, 1-D, 2 lists in, 1 out (1 at its own index), 1 scalar; not flattened further: code around its inner loop branches); the first part of the loop, distributed (run on the device only: else the loop as written runs)
// explain: distribute_groups.whiley:23: for j: GPU-implicit (kernel 2, 1-D, 2 lists in, 1 out (1 at its own index), 1 scalar; not flattened further: code around its inner loop branches); the outer loop of its nest, interchanged (run on the device only: else the nest as written runs)
// explain: distribute_groups.whiley:39: for i: GPU-implicit (kernel 6, 1-D, 1 list in, 1 out (1 at its own index), 1 scalar; not flattened further: code around its inner loop branches); the first part of the loop, distributed (run on the device only: else the loop as written runs)
// explain: distribute_groups.whiley:40: for j: GPU-implicit (kernel 7, 1-D, 1 list in, 1 out (1 at its own index), 1 scalar; not flattened further: code around its inner loop branches); the outer loop of its nest, interchanged (run on the device only: else the nest as written runs)
// explain: distribute_groups.whiley:50: for i: GPU-implicit (kernel 10, 2-D (i, j), 1 list in, 1 out (1 write-only), 1 scalar); the first part of the loop, distributed (run on the device only: else the loop as written runs)
// explain: distribute_groups.whiley:51: for j: GPU-implicit (kernel 11, 1-D, 1 list in, 1 out (1 at its own index), 1 scalar; not flattened further: code around its inner loop branches); the outer loop of its nest, interchanged (run on the device only: else the nest as written runs)
// explain: distribute_groups.whiley:62: for i: CPU — writes 's' at an index that does not follow the loop variable: s[j] written at line 64 in every iteration, distance 1 at loop i (the index does not use i)
// explain-absent: distribute_groups.whiley:62: for i: GPU
// explain-absent: distribute_groups.whiley:62: for i: CPU — writes 's' at an index that does not follow the loop variable: s[j] written at line 64 in every iteration, distance 1 at loop i (the index does not use i); the
import * from whiley.lang.*

// both products of one matrix in one sweep: s = A^T r (carried over i,
// interchanged) beside q = A p (a row's own sum)
public [int] products([[int]] a, [int] r, [int] p):
	n = |a|
	s = zeros(n)
	q = zeros(n)
	for i in 0..n:
		for j in 0..n:
			s[j] = s[j] + r[i] * a[i][j]
			q[i] = q[i] + a[i][j] * p[j]
	return s + q

public [int] zeros(int n):
	z = []
	for i in 0..n:
		z = z + [0]
	return z

// the row sums and the column sums of a matrix in one nest
public [int] sums([[int]] a):
	n = |a|
	rs = zeros(n)
	cs = zeros(n)
	for i in 0..n:
		for j in 0..n:
			rs[i] = rs[i] + a[i][j]
			cs[j] = cs[j] + a[i][j]
	return rs + cs

// an element-wise map of a matrix beside a reduction of its columns
public [int] mapped([[int]] a):
	n = |a|
	b = a
	c = zeros(n)
	for i in 0..n:
		for j in 0..n:
			b[i][j] = a[i][j] * 3 + 1
			c[j] = c[j] + a[i][j] % 7
	return b[n - 1] + c

// not distributable: the second statement reads what the first writes
// (s[j]), so both are one group and the nest stays on the CPU
public [int] chained([[int]] a):
	n = |a|
	s = zeros(n)
	t = zeros(n)
	for i in 0..n:
		for j in 0..n:
			s[j] = s[j] + a[i][j]
			t[i] = t[i] + s[j]
	return s + t

// the last two statements write no list (a value and its check): they
// join the group before them, and the nest is one group (this once made
// the grouping loop forever)
public [int] checked([[int]] a):
	n = |a|
	s = zeros(n)
	for i in 0..n:
		for j in 0..n:
			s[j] = s[j] + a[i][j]
			x = a[i][j] * 2
			assert x < 10000
	return s

public [[int]] matrix(int n):
	m = []
	for i in 0..n:
		row = []
		for j in 0..n:
			row = row + [(i * 37 + j * 11) % 19 - 9]
		m = m + [row]
	return m

public [int] vector(int n, int k):
	v = []
	for i in 0..n:
		v = v + [(i * k) % 13 - 6]
	return v

public void ::main(System.Console sys):
	for n in [1, 5, 40]:
		a = matrix(n)
		sys.out.println(products(a, vector(n, 3), vector(n, 5)))
		sys.out.println(sums(a))
		sys.out.println(mapped(a))
		sys.out.println(chained(a))
		sys.out.println(checked(a))

