// Calls of functions from ints to an int, with arguments a kernel's loop
// does not change, run once before that loop (opencl_backend/
// oclgen_hoist.c, movable), inside its non-empty test, and only when
// every iteration makes them.  Each probe here would make a kernel fail,
// and so run on the CPU (a fallback, which this test does not allow), if
// a call ran where the loop does not: a division by zero in `per` ahead
// of an empty loop, and one behind a condition that no iteration meets.
import * from whiley.lang.*

// a share of a over b parts (fails when b is 0)
public int per(int a, int b):
	return a / b

// the larger of a and b
public int larger(int a, int b):
	if a > b:
		return a
	return b

// for each i: the sum over j < ms[i] of per(t, d) + j (ms[i] is 0 where
// d is 0: the loop is empty there)
public [int] shares([int] ms, int t, int d):
	out = []
	for i in 0..|ms|:
		out = out + [0]
	for i in 0..|ms|:
		s = 0
		for j in 0..ms[i]:
			s = s + per(t, d) + larger(j, i) + j
		out[i] = s
	return out

// per(t, d) behind a condition no iteration meets (m <= 10)
public [int] guarded([int] xs, int t, int d, int m):
	out = []
	for i in 0..|xs|:
		out = out + [0]
	for i in 0..|xs|:
		s = 0
		for j in 0..m:
			if j > 10:
				s = s + per(t, d)
			s = s + larger(xs[i], j)
		out[i] = s
	return out

public void ::main(System.Console sys):
	sys.out.println(shares([3, 1, 4], 100, 7))
	sys.out.println(shares([0, 0, 0], 100, 0))
	sys.out.println(guarded([5, -2, 9], 100, 0, 4))
	sys.out.println(guarded([5, -2, 9], 100, 3, 11))
