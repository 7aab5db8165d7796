// Loops that write a list at their own index and reduce a scalar in the
// same iteration (a map with a reduction, filter/depend.c reduce_kind):
// one reduce kernel writes the list and leaves the partials.  The two
// results are kept together or not at all: where the reduction
// overflows 64 bits the CPU reruns the loop from its start, and a list
// the loop reads and writes (`ys[i] = ys[i] + 1`) must then hold each
// element incremented once, not twice.  Every operator with a write
// (+ * && || min max and a count), an empty range, a list of reals.
// fallback: the product past 64 bits reruns on the CPU
// explain: map_reduce.whiley:21: for i: GPU-implicit (kernel 4, reduce 's' with +
// explain: map_reduce.whiley:31: for i: GPU-implicit (kernel 5, reduce 'p' with *
// explain: map_reduce.whiley:43: for i: GPU-implicit (kernel 6, reduce 'lo' with min, 'hi' with max, 'every' with &&, 'seven' with ||, 'evens' with +
// explain: map_reduce.whiley:60: for i: GPU-implicit (kernel 7, reduce 'total' with +
import * from whiley.lang.*

public ([int], int) squares(int n):
	xs = []
	for i in 0..n:
		xs = xs + [0]
	s = 0
	for i in 0..n:
		t = i * i - 3 * i
		s = s + t
		xs[i] = t
	return (xs, s)

// ys[i] read and written at i: a rerun after a failed call must start
// from the list as it was
public ([int], int) bumpAndMultiply([int] ys, int k):
	p = 1
	for i in 0..|ys|:
		ys[i] = ys[i] + 1
		p = p * (ys[i] + k)
	return (ys, p)

public void ::stats(System.Console sys, [int] vs):
	out = vs
	lo = 1000000
	hi = -1000000
	every = true
	seven = false
	evens = 0
	for i in 0..|vs|:
		v = vs[i]
		lo = Math.min(lo, v)
		if v > hi:
			hi = v
		every = every && v > -50
		seven = seven || v == 7
		if v % 2 == 0:
			evens = evens + 1
		out[i] = v * 2
	sys.out.println(out)
	sys.out.println([lo, hi, evens])
	sys.out.println(every)
	sys.out.println(seven)

public ([real], real) scaled([real] ws, real f):
	total = 0.0
	for i in 0..|ws|:
		w = ws[i] * f
		ws[i] = w
		total = total + w
	return (ws, total)

public void ::main(System.Console sys):
	xs, s = squares(10)
	sys.out.println(xs)
	sys.out.println(s)
	xs, s = squares(0)
	sys.out.println(xs)
	sys.out.println(s)
	ys, p = bumpAndMultiply([1, 2, 3, 4, 5], 0)
	sys.out.println(ys)
	sys.out.println(p)
	big = []
	for i in 0..40:
		big = big + [i * 1000 + 999]
	ys, p = bumpAndMultiply(big, 1)
	sys.out.println(ys[0..4])
	sys.out.println(ys[39])
	sys.out.println(p % 1000000007)
	// two factors of 2^40 far apart: each work group's product may fit
	// 64 bits and only the host's combination overflow
	wide = []
	for i in 0..2048:
		wide = wide + [0]
	wide[0] = 1099511627775
	wide[2047] = 1099511627775
	ys, p = bumpAndMultiply(wide, 0)
	sys.out.println([ys[0], ys[1], ys[1000], ys[2047]])
	sys.out.println(p)
	stats(sys, [3, -8, 7, 10, 0, -49, 22])
	stats(sys, [])
	ws, t = scaled([0.5, 1.25, 2.0, 4.75], 2.0)
	sys.out.println(ws)
	sys.out.println(t)
