// Running sums in kernels, part 2 (part 1: running_sums, which says
// how a sum's bound is found): sums of values of one sign, a sum over a
// 2-D neighbourhood reduced over the rows, and a sum in a while loop (a
// trip count the analysis does not know).  Each case sits next to the
// bound's proof: its values make some work item's 32-bit sum overflow,
// which the device must detect (the 64-bit kernel then runs), and every
// result must be the exact one.
// explain: kernel wyk_4_n (the variant for b within +-2^16;
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

// n values (i % 7 + 1) * scale * sign, built on the CPU (i carried from
// each iteration to the next), which then knows their bound
public [int] values(int n, int scale, int sign):
	xs = []
	i = 0
	while |xs| < n:
		xs = xs + [(i + 1) * scale * sign]
		i = (i + 1) % 7
	return xs

// sums of the values >= 0 (<= 0) among 16 x 16: increments known to be
// >= 0 (<= 0) by the test before them, so that their count bounds the
// sum on one side only
public [int] positives([int] xs):
	out = zeros(|xs|)
	for i in 0..|xs|:
		s = 0
		for a in 0..16:
			for b in 0..16:
				v = xs[(i + a * 16 + b) % |xs|]
				if v >= 0:
					s = s + v
		out[i] = s
	return out

public [int] negatives([int] xs):
	out = zeros(|xs|)
	for i in 0..|xs|:
		s = 0
		for a in 0..16:
			for b in 0..16:
				v = xs[(i + a * 16 + b) % |xs|]
				if v <= 0:
					s = s + v
		out[i] = s
	return out

// a neighbourhood of radius 40 (81 x 81 cells at most; the whole of a
// 20 x 20 board, 400 values whose sum passes 32 bits at 2^23 each), its
// weighted sum
public int wide([[int]] b, int last):
	out = b
	for x in 0..|b|:
		for y in 0..|b|:
			c = 0
			for ny in larger(y - 40, 0)..(smaller(y + 40, last) + 1):
				for nx in larger(x - 40, 0)..(smaller(x + 40, last) + 1):
					c = c + b[ny][nx]
			out[y][x] = c
	total = 0
	for y in 0..|b|:
		for x in 0..|b|:
			total = total + out[y][x] * (x + 1)
	return total

// a sum in a while loop (its trip count unknown to the analysis)
public [int] repeated([int] xs, int times):
	out = zeros(|xs|)
	for i in 0..|xs|:
		s = 0
		k = 0
		while k < times:
			s = s + xs[i]
			k = k + 1
		out[i] = s
	return out

public void ::main(System.Console sys):
	sys.out.println(positives(values(7, 3, 1)))
	sys.out.println(positives(values(7, 2396745, 1)))
	sys.out.println(negatives(values(7, 2396745, -1)))
	sys.out.println(wide(board(20, 1), 19))
	sys.out.println(wide(board(20, 8388608), 19))
	sys.out.println(repeated(values(8, 1, -1), 5))
	sys.out.println(repeated(values(8, 715827882, 1), 3))
