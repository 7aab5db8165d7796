// The shapes of the thesis benchmarks: a 2-D stencil over [[int]] (the
// outer loop and the row loop flattened into one 2-D kernel at -O2, the
// neighbour loop sequential in each work item), and a block reduction
// (1-D: its inner loop carries a sum).
// explain: thesis_shapes.whiley:13: for x: GPU-implicit (kernel 1, 2-D (x, y), 1 list in, 1 out
// explain: thesis_shapes.whiley:14: for y: GPU-implicit-inner (flattened into kernel 1)
// explain: thesis_shapes.whiley:16: for dx: GPU-explicit (sequential in kernel 1)
// explain: thesis_shapes.whiley:24: for k: GPU-implicit (kernel 2, 1-D, 1 list in, 1 out
// explain: thesis_shapes.whiley:26: for i: GPU-explicit (sequential in kernel 2)
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
