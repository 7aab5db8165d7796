// Writes at an index computed from the loop variables (filter/inject.c):
// `xs[a + b * w]`, `ys[n - 1 - i]`, `zs[c * i + d]`.  The iterations may
// run in parallel only when the index differs in every iteration, which
// depends on values the loop starts with; a test before the nest
// decides, and where it fails the CPU runs the loop as written (later
// iterations overwrite earlier ones, as here with a width smaller than
// the inner range, or a stride of 0).  Reads of the list at the same
// index are allowed, and so is a read at another index that no write
// reaches (xs[2 * i + 1] beside xs[2 * i]: filter/deptest.c's GCD test);
// a product of two loop variables and an index through a list stay on
// the CPU.  A nest with a reduction beside the write (the shape of a
// blur's mask).
// explain: computed_writes.whiley:24: for a: GPU-implicit (kernel 1, 2-D (a, b), 0 lists in, 1 out, 3 scalars; dimension 0 is a, which indexes the last level of its lists; writes 'xs' at an index computed from the loop variables, run here when a test before the loop shows that index different in every iteration (else on the CPU))
// explain: computed_writes.whiley:32: for i: GPU-implicit (kernel 2, 1-D, 1 list in, 1 out, 1 scalar; writes 'ys' at an index computed
// explain: computed_writes.whiley:37: for i: GPU-implicit (kernel 3, 1-D, 0 lists in, 1 out, 2 scalars; writes 'zs' at an index computed
// explain: computed_writes.whiley:43: for i: GPU-implicit (kernel 4, 1-D, 0 lists in, 1 out)
// explain: computed_writes.whiley:48: for i: CPU — writes 'xs' at an index that does not follow the loop variable
// explain: computed_writes.whiley:58: for a: GPU-implicit (kernel 6, reduce 'total' with +, 1-D
// explain: computed_writes.whiley:59: for b: GPU-implicit-inner (in kernel 6)
// explain: computed_writes.whiley:69: for i: GPU-implicit (kernel 8, 3-D (i, j, k)
import * from whiley.lang.*

public [int] grid([int] xs, int w, int aw, int h, int v):
	for a in 0..aw:
		for b in 0..h:
			xs[a + b * w] = xs[a + b * w] + v * a - b
	return xs

// at most n elements: ys holds at least that many
public [int] reversed([int] xs, [int] ys):
	n = |xs|
	for i in 0..n:
		ys[n - 1 - i] = xs[i] * 10
	return ys

public [int] strided([int] zs, int c, int d, int n):
	for i in 0..n:
		zs[c * i + d] = i + 1
	return zs

// another index read: xs[2 * i + 1] is odd, no iteration writes it
public [int] shifted([int] xs, int n):
	for i in 0..n:
		xs[2 * i] = xs[2 * i + 1] + 1
	return xs

public [int] squares([int] xs, int n):
	for i in 0..n:
		xs[i * i] = i
	return xs

public ([int], int) mask(int m):
	w = 2 * m + 1
	xs = []
	for i in 0..(w * w):
		xs = xs + [0]
	total = 0
	for a in -m..m:
		for b in -m..m:
			t = 100 - a * a - b * b
			total = total + t
			xs[a + m + (b + m) * (m * 2 + 1)] = t
	return (xs, total)

public [int] cube(int n, int m, int l):
	xs = []
	for i in 0..(n * m * l):
		xs = xs + [-1]
	for i in 0..n:
		for j in 0..m:
			for k in 0..l:
				xs[i + j * n + k * n * m] = i * 100 + j * 10 + k
	return xs

public [int] zeros(int n):
	xs = []
	for i in 0..n:
		xs = xs + [0]
	return xs

public void ::main(System.Console sys):
	sys.out.println(grid(zeros(12), 4, 4, 3, 5))
	// w = 3 but a runs to 4: a + b * 3 repeats, later writes win
	sys.out.println(grid(zeros(12), 3, 4, 3, 5))
	sys.out.println(grid(zeros(20), 4, 3, 3, 5))
	sys.out.println(reversed([1, 2, 3, 4, 5], zeros(6)))
	sys.out.println(reversed([], zeros(2)))
	sys.out.println(strided(zeros(10), 2, 1, 4))
	sys.out.println(strided(zeros(10), -3, 9, 4))
	// a stride of 0: every iteration writes zs[2]; the last one stays
	sys.out.println(strided(zeros(10), 0, 2, 4))
	sys.out.println(strided(zeros(10), 0, 2, 1))
	sys.out.println(shifted([1, 2, 3, 4, 5, 6, 7], 3))
	sys.out.println(squares(zeros(10), 4))
	xs, t = mask(2)
	sys.out.println(xs)
	sys.out.println(t)
	xs, t = mask(0)
	sys.out.println(xs)
	sys.out.println(t)
	sys.out.println(cube(2, 3, 2))
	sys.out.println(cube(3, 1, 2))
