// An inner loop over lo..hi runs downwards when hi < lo (j = lo, lo - 1,
// ..., hi + 1).  Where the range analysis cannot tell the direction, a
// kernel on a GPU takes the range as ascending, tests lo <= hi where the
// loop starts, and reports a descending one (OCL_FLAG_DESCENDING): the
// CPU reruns the whole loop, so the order-sensitive sums below are those
// of the language (a CPU device runs the loop either way; Oclgrind is a
// GPU).  Without the test, 4..1 ran as an empty loop.
// fallback: rows 1 and 3 run downwards (4..1, 0..-3), which a GPU's kernel reports
import * from whiley.lang.*

public [int] zeros(int n):
	out = []
	for i in 0..n:
		out = out + [0]
	return out

// s = 3s + j over lo[i]..hi[i], in the order the range runs
public [int] spans([int] lo, [int] hi):
	out = zeros(|lo|)
	for i in 0..|lo|:
		s = 0
		for j in lo[i]..hi[i]:
			s = s * 3 + j
		out[i] = s
	return out

// the same inside another loop, whose every iteration runs it over the
// same range: the test runs once, before the outer loop
public [int] spansTwice([int] lo, [int] hi):
	out = zeros(|lo|)
	for i in 0..|lo|:
		s = 0
		a = lo[i]
		b = hi[i]
		for r in 0..2:
			for j in a..b:
				s = s * 3 + j
		out[i] = s
	return out

public void ::main(System.Console sys):
	sys.out.println(spans([0, 1, 2, 5], [3, 3, 2, 9]))
	sys.out.println(spans([0, 4, 2, 0], [3, 1, 2, -3]))
	sys.out.println(spansTwice([0, 1, 2, 5], [3, 3, 2, 9]))
	sys.out.println(spansTwice([0, 4, 2, 0], [3, 1, 2, -3]))
