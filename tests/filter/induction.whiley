// Induction variables (filter/induction.c): `k = k + step` once in every
// iteration of a nest of range loops, with step and the bounds unchanged
// in the nest, makes k a function of the loop indices; every other shape
// keeps k carried and the loop on the CPU.
// explain: induction.whiley:19: for i: GPU-implicit (kernel 1, 1-D, 0 lists in, 1 out (1 write-only), 3 scalars); 'k' is an induction variable (computed from the loop indices)
// explain: induction.whiley:26: for i: GPU-implicit (kernel 2, 2-D (i, j), 0 lists in, 1 out (1 write-only), 4 scalars); 'k' is an induction variable (computed from the loop indices)
// explain: induction.whiley:27: for j: GPU-implicit-inner (flattened into kernel 2)
// explain: induction.whiley:35: for i: CPU — may write 'k' (in some iterations
// explain: induction.whiley:44: for i: CPU — writes 'k' in every iteration (loop-carried)
// explain: induction.whiley:53: for i: CPU — writes 'k' in every iteration (loop-carried)
// explain: induction.whiley:62: for i: CPU — leaves the loop early (break)
// explain: induction.whiley:73: for i: CPU — writes 'k' in every iteration (loop-carried)
// explain: induction.whiley:74: for j: GPU-implicit (kernel 3, 1-D, 0 lists in, 1 out, 3 scalars); 'k' is an induction variable (computed from the loop indices)
import * from whiley.lang.*

// rewritten: 1-D, and a 2-D nest flattened into one NDRange
public [int] oneD([int] xs, int step):
	k = 0
	for i in 0..|xs|:
		xs[i] = k
		k = k + step
	return xs

public [[int]] twoD([[int]] g, int n, int m):
	k = 7
	for i in 0..n:
		for j in 0..m:
			g[i][j] = k
			k = k + 2
	return g

// not: the update is conditional
public [int] conditional([int] xs):
	k = 0
	for i in 0..|xs|:
		if xs[i] > 0:
			k = k + 1
		xs[i] = k
	return xs

// not: the step changes with the index
public [int] varying([int] xs):
	k = 0
	for i in 0..|xs|:
		k = k + i
		xs[i] = k
	return xs

// not: the step is written in the loop
public [int] stepWritten([int] xs):
	k = 0
	s = 1
	for i in 0..|xs|:
		xs[i] = k
		k = k + s
		s = 2
	return xs

// not: a break ends the loop early
public [int] early([int] xs):
	k = 0
	for i in 0..|xs|:
		if xs[i] < 0:
			break
		xs[i] = k
		k = k + 1
	return xs

// inner bounds depend on the outer index: only the inner loop's k is
// rewritten, the outer loop still carries it
public [[int]] triangle([[int]] g, int n):
	k = 0
	for i in 0..n:
		for j in 0..i:
			g[i][j] = k
			k = k + 1
	return g

public void ::main(System.Console sys):
	sys.out.println(oneD([0, 0, 0, 0], 3))
	sys.out.println(twoD([[0, 0, 0], [0, 0, 0]], 2, 3))
	sys.out.println(conditional([1, -1, 2, 0, 5]))
	sys.out.println(varying([0, 0, 0, 0]))
	sys.out.println(stepWritten([0, 0, 0, 0]))
	sys.out.println(early([1, 1, -1, 1]))
	sys.out.println(triangle([[0, 0, 0], [0, 0, 0], [0, 0, 0]], 3))
