// Sums that a kernel's inner loop over a range carries in 64 bits,
// unchecked, with one test after the loop that the sum fits the
// kernel's 32-bit ints (opencl_backend/oclgen_hoist.c, CHK_WIDE): a
// partial sum may leave 32 bits and come back (the total is still
// exact), and a total that stays outside fails the test after the loop,
// so the kernel reruns with 64-bit ints and prints the exact total.
// Where the loop reads the sum elsewhere or adds to it twice in an
// iteration, every add keeps its own test.  Where it lies inside another
// loop, the 64-bit sum is a GPU's only (PoCL tests every add, as the
// test after the loop would run about as often as the adds): the test
// after each run of the inner loop keeps the 64-bit sum from
// overflowing, and gives the register its value for a read between the
// inner loops (rowRead).  Oclgrind, a GPU, runs that code in CI.
// explain: wide_sums.whiley:31: kernel wyk_2: checks: 1 tested, 2 tested once before their loop, 3 proved, 0 joined to another, 0 tested once before their loop through the bounds of a call, 1 summed in 64 bits and tested once after their loop; 0 ranges taken as ascending on a GPU (a descending one reruns the loop on the CPU)
// explain: wide_sums.whiley:41: kernel wyk_3: checks: 3 tested, 4 tested once before their loop, 6 proved, 0 joined to another, 0 tested once before their loop through the bounds of a call, 2 summed in 64 bits and tested once after their loop; 0 ranges taken as ascending on a GPU (a descending one reruns the loop on the CPU)
// explain: wide_sums.whiley:55: kernel wyk_4: checks: 1 tested, 2 tested once before their loop, 3 proved, 0 joined to another, 0 tested once before their loop through the bounds of a call, 1 summed in 64 bits and tested once after their loop; 0 ranges taken as ascending on a GPU (a descending one reruns the loop on the CPU)
// explain: wide_sums.whiley:68: kernel wyk_5: checks: 0 tested, 3 tested once before their loop, 3 proved, 0 joined to another, 0 tested once before their loop through the bounds of a call, 1 summed in 64 bits and tested once after their loop; 0 ranges taken as ascending on a GPU (a descending one reruns the loop on the CPU)
// explain: wide_sums.whiley:80: kernel wyk_6: checks: 0 tested, 3 tested once before their loop, 3 proved, 0 joined to another, 0 tested once before their loop through the bounds of a call, 2 summed in 64 bits and tested once after their loop; 0 ranges taken as ascending on a GPU (a descending one reruns the loop on the CPU)
// explain: wide_sums.whiley:93: kernel wyk_7: checks: 5 tested, 4 tested once before their loop, 6 proved, 0 joined to another, 0 tested once before their loop through the bounds of a call, 0 summed in 64 bits and tested once after their loop; 0 ranges taken as ascending on a GPU (a descending one reruns the loop on the CPU)
import * from whiley.lang.*

public [int] zeros(int n):
	out = []
	for i in 0..n:
		out = out + [0]
	return out

// s = s + t
public [int] rowSums([[int]] xs):
	out = zeros(|xs|)
	for i in 0..|xs|:
		s = 0
		for j in 0..|xs[i]|:
			s = s + xs[i][j]
		out[i] = s
	return out

// s = s - t, and t + s
public [int] rowMixes([[int]] xs):
	out = zeros(|xs|)
	for i in 0..|xs|:
		d = 5
		for j in 0..|xs[i]|:
			d = d - xs[i][j]
		e = 0
		for j in 0..|xs[i]|:
			e = xs[i][j] + e
		out[i] = d - e
	return out

// in the inner one of two loops: 64 bits on a GPU, tested after each
// run of the k loop (a pair of h leaves 32 bits there)
public [int] rowNested([[int]] xs):
	out = zeros(|xs|)
	for i in 0..|xs|:
		s = 0
		for j in 0..|xs[i]|:
			for k in 0..2:
				s = s + xs[i][j]
		out[i] = s
	return out

// each row summed twice, by a j loop inside the r loop: a row of h, h,
// -h, -h leaves 32 bits and comes back inside the j loop (exact on the
// 32-bit run), h, h, h does not (the 64-bit run prints it)
public [int] rowTwice([[int]] xs):
	out = zeros(|xs|)
	for i in 0..|xs|:
		s = 0
		for r in 0..2:
			for j in 0..|xs[i]|:
				s = s + xs[i][j]
		out[i] = s
	return out

// the sum read in the r loop after each j loop: carried in 64 bits
// over one j loop at a time
public [int] rowRead([[int]] xs):
	out = zeros(|xs|)
	for i in 0..|xs|:
		s = 0
		t = 0
		for r in 0..2:
			for j in 0..|xs[i]|:
				s = s + xs[i][j]
			t = t + s
		out[i] = t
	return out

// the sum read in its loop, and added to twice an iteration: tested
public [int] rowOthers([[int]] xs):
	out = zeros(|xs|)
	for i in 0..|xs|:
		s = 0
		t = 0
		for j in 0..|xs[i]|:
			s = s + xs[i][j]
			if s > 1000:
				s = s - 1000
			t = t + xs[i][j]
			t = t + 1
		out[i] = s + t
	return out

public void ::main(System.Console sys):
	h = 1073741824
	// first, on lists of their own: a list a 64-bit run left on the
	// device in 64 bits makes the next kernels that read it 64-bit too
	sys.out.println(rowTwice([[h, h, -h, -h, 0, 0, 0], [-h, -h, -h, 1, h, h, h]]))
	sys.out.println(rowTwice([[1, 2, 3], [h, h, h]]))
	xs = [[h, h, -h, -h], [1, 2, 3, 0], [h, h, h, 0], [0, 0, 0, 0], [-h, -h, -h, 5]]
	sys.out.println(rowSums(xs))
	sys.out.println(rowMixes(xs))
	sys.out.println(rowNested(xs))
	sys.out.println(rowTwice(xs))
	sys.out.println(rowOthers([[1, 2, 3], [999, 999, 999]]))
	sys.out.println(rowRead([[1, 2, 3], [5, 0, -7]]))
	sys.out.println(rowOthers([[h, h]]))

