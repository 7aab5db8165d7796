// Running sums in kernels (opencl_backend/oclgen_ival_sum.c): a sum's
// bound is its start plus its increments' bound times the iterations of
// the range loops around it, counted from their ends, relationally where
// intervals cannot (the neighbourhood larger(y - 1, 0) ..
// smaller(y + 1, last) + 1 has at most 3 rows, whatever y and last are).
// Each case below sits next to such a proof: its values or its trip
// counts make some work item's 32-bit sum overflow, which the device
// must detect (the 64-bit kernel, or past 64 bits the CPU, then runs),
// and every result must be the exact one.  A range of unknown direction
// around a sum is taken as ascending on every device: with last = 2 the
// lower rows' neighbourhoods run downwards (4..3), and the CPU reruns
// the loop.  Part 2: running_sums_wide (one program each: short builds).
// fallback: the descending neighbourhoods and the sums past 64 bits run on the CPU
// explain: running_sums.whiley:56: kernel wyk_2: checks: 2 tested, 4 tested once before their loop, 4 proved, 0 joined to another, 0 tested once before their loop through the bounds of a call, 1 summed in 64 bits
// explain: running_sums.whiley:56: kernel wyk_2_n (the variant for b, last within +-2^24; its indices within the lists they index): checks: 0 tested, 4 tested once before their loop, 7 proved, 0 joined to another, 0 tested once before their loop through the bounds of a call, 0 summed in 64 bits and tested once after their loop; 2 ranges taken as ascending on a GPU (2 of them on every device: a running sum's bound counts their iterations; a descending one reruns the loop on the CPU)
// explain: (2 of them on every device: a running sum's bound counts their iterations
// explain: kernel wyk_5_n (the variant for xs within +-2^20;
// explain: kernel wyk_6_n (the variant for xs within +-2^16;
// explain: running_sums.whiley:78: for i: GPU-implicit (kernel 3, 1-D,
import * from whiley.lang.*

public int larger(int a, int b):
	if a > b:
		return a
	return b

public int smaller(int a, int b):
	if a < b:
		return a
	return b

public [int] zeros(int n):
	out = []
	for i in 0..n:
		out = out + [0]
	return out

// size x size cells, cell (r, c) holding ((r * 7 + c * 3) % 5) * scale
// (while loops: built on the CPU)
public [[int]] board(int size, int scale):
	rows = []
	r = 0
	while r < size:
		row = []
		c = 0
		while c < size:
			row = row + [((r * 7 + c * 3) % 5) * scale]
			c = c + 1
		rows = rows + [row]
		r = r + 1
	return rows

// the sum of each cell's neighbourhood, itself included
public [[int]] counts([[int]] b, int last):
	out = b
	for x in 0..|b|:
		for y in 0..|b|:
			c = 0
			for ny in larger(y - 1, 0)..(smaller(y + 1, last) + 1):
				for nx in larger(x - 1, 0)..(smaller(x + 1, last) + 1):
					c = c + b[ny][nx]
			out[y][x] = c
	return out

// n values (i % 7 + 1) * scale * sign, built on the CPU (i carried from
// each iteration to the next), which then knows their bound
public [int] values(int n, int scale, int sign):
	xs = []
	i = 0
	while |xs| < n:
		xs = xs + [(i + 1) * scale * sign]
		i = (i + 1) % 7
	return xs

// sums of a window of 3 (i .. i + 3), subtracted, commuted
public [int] windows([int] xs):
	out = zeros(|xs| - 3)
	for i in 0..(|xs| - 3):
		s = 0
		for j in i..(i + 3):
			s = s - xs[j]
		t = 0
		for j in i..(i + 3):
			t = xs[j] + t
		out[i] = s * 3 + t
	return out

// a prefix's sum (the trip count grows with i), reset by even values
public [int] prefixes([int] xs):
	out = zeros(|xs|)
	for i in 0..|xs|:
		s = 0
		for j in 0..(i + 1):
			if xs[j] % 2 == 0 && j % 4 == 0:
				s = 1
			else:
				s = s + xs[j]
		out[i] = s
	return out

// 256 values per item in two nested loops of 16: a bound for the
// values that proves the sum must allow for all 256 (the 16 of the inner
// loop alone would allow values 16 times larger)
public [int] blocks([int] xs):
	out = zeros(|xs|)
	for i in 0..|xs|:
		s = 0
		for a in 0..16:
			for b in 0..16:
				s = s + xs[(i + a * 16 + b) % |xs|]
		out[i] = s
	return out

// 64 x 64 values per item, each range 64 long relative to the other's
// variable (j .. j + 64)
public [int] squares([int] xs):
	out = zeros(|xs|)
	for i in 0..|xs|:
		s = 0
		for j in i..(i + 64):
			for k in j..(j + 64):
				s = s + xs[k % |xs|]
		out[i] = s
	return out

public void ::main(System.Console sys):
	sys.out.println(counts(board(6, 1), 5))
	sys.out.println(counts(board(6, 268435456), 5))
	sys.out.println(counts(board(5, 1152921504606846976), 4))
	sys.out.println(counts(board(6, 1), 2))
	sys.out.println(windows(values(12, 1, 1)))
	sys.out.println(windows(values(12, 536870912, -1)))
	sys.out.println(prefixes(values(12, 3, 1)))
	sys.out.println(prefixes(values(20, 268435455, 1)))
	sys.out.println(blocks(values(5, 1, 1)))
	sys.out.println(blocks(values(7, 2396745, 1)))
	sys.out.println(squares(values(4, 1, -1)))
	sys.out.println(squares(values(7, 2396745, 1)))
	sys.out.println(squares(values(7, 2396745, -1)))
