// Shapes that are no reductions stay on the CPU, and --explain says why:
// the scalar read elsewhere in the body, a non-commutative update, two
// updates, the scalar as an index, the idiom assigning another value,
// b = c || (b && e), where the path that skips the read of b sets it;
// beside them a map with a reduction, a reduce kernel writing ys.
// explain: reduce_not.whiley:23: for i: CPU — writes 's' in every iteration (loop-carried); not a reduction: the body reads it outside its update (s = s ⊕ e)
// explain: reduce_not.whiley:27: for i: CPU — writes 'd' in every iteration (loop-carried); not a reduction: the body updates it with '-', which is no reduction operator
// explain: reduce_not.whiley:29: for i: CPU — writes 'd2' in every iteration (loop-carried); not a reduction: the body updates it with '-', which is no reduction operator
// explain: reduce_not.whiley:31: for i: CPU — writes 't' in every iteration (loop-carried); not a reduction: the body updates it in more than one place
// explain: reduce_not.whiley:35: for i: CPU — writes 'k' in every iteration (loop-carried); not a reduction: the body reads it outside its update
// explain: reduce_not.whiley:38: for v: CPU — may write 'm' (in some iterations: loop-carried); not a reduction: the body reads it outside its update
// explain: reduce_not.whiley:42: for i: GPU-implicit (kernel 1, reduce 'q' with +, 1-D, 1 list in, 1 out (1 write-only))
// explain: reduce_not.whiley:49: for v: CPU — writes 'b' in every iteration (loop-carried); not a reduction: the body reads it outside its update
// explain: reduce_not.whiley:46: for i: CPU — writes 'h' in every iteration (loop-carried); not a reduction: the body reads it outside its update
import * from whiley.lang.*

public void ::main(System.Console sys):
	xs = [3, 1, 4, 1, 5]
	ys = [0, 0, 0, 0, 0]
	s = 0
	d = 0
	d2 = 0
	for i in 0..|xs|:
		s = s + xs[i]
		ys[i] = s
	t = 0
	for i in 0..|xs|:
		d = xs[i] - d
	for i in 0..|xs|:
		d2 = d2 - xs[i]
	for i in 0..|xs|:
		t = t + xs[i]
		t = t + 1
	k = 0
	for i in 0..|xs|:
		k = k + xs[k % 5]
	m = 0
	for v in xs:
		if v > m:
			m = v + 1
	q = 0
	for i in 0..|xs|:
		q = q + xs[i]
		ys[i] = xs[i] * 2
	h = 0
	for i in 0..|xs|:
		h = (h + xs[i]) * 2
	b = false
	for v in xs:
		b = v > 4 || (b && v > 0)
	sys.out.println([s, d, d2, t, k, m, q, h])
	sys.out.println(b)
	sys.out.println(ys)
