// Transfers: a list a kernel writes at every element of the box its
// loops span, and never reads, is not uploaded (write-only); every other
// written list is uploaded, so elements the kernel leaves alone keep
// their values.  Dimension 0 goes to the loop indexing the last level.
// explain: transfers.whiley:16: for i: GPU-implicit (kernel 1, 1-D, 0 lists in, 1 out (1 write-only)
// explain: transfers.whiley:21: for i: GPU-implicit (kernel 2, 1-D, 0 lists in, 1 out (1 at its own index))
// explain: transfers.whiley:27: for i: GPU-implicit (kernel 3, 1-D, 0 lists in, 1 out (1 write-only)
// explain: transfers.whiley:35: for i: GPU-implicit (kernel 4, 1-D, 0 lists in, 1 out (1 at its own index);
// explain: transfers.whiley:41: for i: GPU-implicit (kernel 5, 1-D, 0 lists in, 1 out, 1 scalar; not flattened further: its inner loop writes 'm' at an index that does not follow
// explain: transfers.whiley:53: for i: GPU-implicit (kernel 7, 1-D, 0 lists in, 1 out (1 write-only))
// explain: transfers.whiley:64: for i: GPU-implicit (kernel 8, 1-D, 0 lists in, 1 out (1 at its own index))
// explain: transfers.whiley:47: for x: GPU-implicit (kernel 6, 2-D (x, y), 1 list in, 1 out (1 write-only), 1 scalar; dimension 0 is x, which indexes the last level of its lists)
import * from whiley.lang.*

public [int] window([int] a, int lo, int hi):
	for i in lo..hi:
		a[i] = i * 10
	return a

public [int] someOnly([int] a, int n):
	for i in 0..n:
		if i % 2 == 0:
			a[i] = i
	return a

public [int] bothBranches([int] a, int n):
	for i in 0..n:
		if i % 3 == 0:
			a[i] = -i
		else:
			a[i] = i
	return a

public [int] inSequentialLoop([int] a, int n):
	for i in 0..n:
		for k in 0..(i % 3):
			a[i] = k
	return a

public [[int]] diagonal([[int]] m, int n):
	for i in 0..n:
		for j in 0..n:
			m[i][i] = i + j - j
	return m

public [[int]] scaled([[int]] src, [[int]] dst, int n):
	for x in 0..n:
		for y in 0..n:
			dst[y][x] = src[y][x] * 10 + x
	return dst

public [int] allCases([int] a, int n):
	for i in 0..n:
		switch i % 3:
			case 0:
				a[i] = 10
			case 1:
				a[i] = 11
			default:
				a[i] = 12
	return a

public [int] someCases([int] a, int n):
	for i in 0..n:
		switch i % 3:
			case 0:
				a[i] = 10
			case 1:
				a[i] = 11
	return a

public void ::main(System.Console sys):
	sevens = [7, 7, 7, 7, 7, 7, 7, 7]
	sys.out.println(window(sevens, 2, 5))
	sys.out.println(window(sevens, 5, 2))
	sys.out.println(window(sevens, 3, 3))
	sys.out.println(someOnly(sevens, 8))
	sys.out.println(bothBranches(sevens, 8))
	sys.out.println(inSequentialLoop(sevens, 8))
	m = [[7, 7, 7], [7, 7, 7], [7, 7, 7]]
	sys.out.println(diagonal(m, 3))
	sys.out.println(scaled([[1, 2, 3], [4, 5, 6], [7, 8, 9]], m, 3))
	sys.out.println(allCases(sevens, 8))
	sys.out.println(someCases(sevens, 8))
