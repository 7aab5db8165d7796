// Ranges of unknown direction that a dependence test needs ascending
// (filter/deptest.c, Insn.ascends).  Row k scaled right of column k:
// j >= k + 1 never meets k while (k + 1)..n runs upwards, but where
// n < k it runs k + 1 down to n + 1 and meets k, so a descending call
// keeps the loop on the CPU (the host's test before the launch).  The
// copy over a triangle with its inner bound p a parameter: (j1 + 1)..p
// runs downwards for j1 >= p, and there the kernel fails and the CPU
// reruns the loop (a test in the kernel, on every device).
// explain: affine_ascend.whiley:17: for j: GPU-implicit (kernel 2, 1-D, 0 lists in, 1 out, 1 scalar; taken as ascending, as its dependence test needs (a descending run stays on the CPU): the range of j)
// explain: affine_ascend.whiley:23: for j1: GPU-implicit (kernel 3, 2-D (j1, j2), 0 lists in, 1 out, 1 scalar; j2 runs over a triangle (each row from where the outer loop's variable is; the items before a row's start do nothing); taken as ascending, as its dependence test needs (a descending run stays on the CPU): the ranges of j1, j2)
// explain: affine_ascend.whiley:24: for j2: GPU-implicit-inner (flattened into kernel 3)
// fallback: (j1 + 1)..p runs downwards in the last call of mirror, which the kernel was compiled to take as ascending
import * from whiley.lang.*

// the row's elements right of k, times a[k]
public [int] scaleRow([int] a, int k, int n):
	for j in (k + 1)..n:
		a[j] = a[j] * a[k] % 97
	return a

// S[j2][j1] = S[j1][j2] for j1 in 0..m and j2 in j1 + 1..p
public [[int]] mirror([[int]] S, int m, int p):
	for j1 in 0..m:
		for j2 in (j1 + 1)..p:
			S[j2][j1] = S[j1][j2]
	return S

public void ::main(System.Console sys):
	a = [2, 3, 4, 5, 6, 7, 8, 9]
	sys.out.println(scaleRow(a, 2, 8))
	// j = 6, 5, 4, 3, 2: a[5] squared at j = 5, then read by 4, 3, 2
	sys.out.println(scaleRow(a, 5, 1))
	S = []
	for i in 0..6:
		row = []
		for j in 0..6:
			row = row + [10 * i + j]
		S = S + [row]
	sys.out.println(mirror(S, 5, 6))
	sys.out.println(mirror(S, 5, 3))
