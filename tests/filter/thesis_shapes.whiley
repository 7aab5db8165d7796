// The shapes of the thesis benchmarks: a 2-D stencil over [[int]] (outer
// loop a kernel, the row loop parallel inside it, the neighbour loops
// sequential), and a block reduction.
// explain: thesis_shapes.whiley:12: for x: GPU-implicit (kernel 1, 1-D, 1 list in, 1 out, 1 scalar)
// explain: thesis_shapes.whiley:13: for y: GPU-implicit-inner (in kernel 1)
// explain: thesis_shapes.whiley:15: for dx: GPU-explicit (sequential in kernel 1)
// explain: thesis_shapes.whiley:23: for k: GPU-implicit (kernel 2, 1-D, 1 list in, 1 out
// explain: thesis_shapes.whiley:25: for i: GPU-explicit (sequential in kernel 2)
import * from whiley.lang.*

public [[int]] blur([[int]] src, [[int]] dst, int size):
	for x in 1..(size - 1):
		for y in 0..size:
			s = 0
			for dx in -1..2:
				s = s + src[y][x + dx]
			dst[y][x] = s
	return dst

public [int] blockSums([int] xs, int block):
	n = |xs| / block
	out = 0..n
	for k in 0..n:
		t = 0
		for i in 0..block:
			t = t + xs[k * block + i]
		out[k] = t
	return out

public void ::main(System.Console sys):
	g = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]
	sys.out.println(blur(g, g, 4))
	sys.out.println(blockSums(0..16, 4))
