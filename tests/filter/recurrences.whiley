// Affine recurrences modulo m (filter/recur.c): `s = (s * a + c) % m`
// once per iteration makes every iteration depend on the one before;
// for s, a, c >= 0 and m > 0 each iteration computes its s from the
// loop indices by jump-ahead instead, and the loop runs in parallel.
// Every result below is checked against a reference that runs the
// recurrence step by step (truncated `%`): seeds past the modulus,
// negative seeds, multipliers and moduli (the sequential version runs),
// a two-level nest whose count is y * w + x, s read after the loop (its
// value after the nest comes from the same jump-ahead), a multiplier
// with no addend, and products past 64 bits (the CPU reruns).  Near
// misses stay sequential: an update behind a test, a modulus the loop
// changes, s read in the outer loop of a nest.
// fallback: the products past 64 bits rerun on the CPU
// explain: recurrences.whiley:30: while: GPU-implicit (kernel 1, build of 'out'
// explain: it appends one element to 'out' per iteration until its length reaches a bound it does not change: a range loop; 's', a recurrence s = (s * a + c) % m, is computed from the loop indices by jump-ahead
// explain: recurrences.whiley:30: while: CPU — writes 's' in every iteration (loop-carried); not a reduction: the body reads it outside its update (s = s ⊕ e); the sequential version of the loop
// explain: recurrences.whiley:31: jump-ahead loop: GPU-explicit (sequential in kernel 1); the jump-ahead of 's'
// explain: recurrences.whiley:39: for y: GPU-implicit (kernel 2, build of 'rows', 2-D (y, x)
// explain: recurrences.whiley:51: for i: GPU-implicit (kernel 3, reduce 'total' with +
// explain: recurrences.whiley:53: jump-ahead loop: CPU; the jump-ahead of 's'
// explain: recurrences.whiley:61: for i: GPU-implicit (kernel 4, build of 'out'
// explain: recurrences.whiley:70: for i: CPU — may write 's' (in some iterations: loop-carried)
// explain: recurrences.whiley:81: for i: CPU — writes 's' in every iteration
// explain: recurrences.whiley:91: for y: CPU — writes 's' in every iteration
import * from whiley.lang.*

public [int] lcg(int n, int seed, int a, int c, int m):
	out = []
	s = seed
	while |out| < n:
		s = (s * a + c) % m
		out = out + [s]
	return out

// a noise image: the count at (y, x) is y * w + x
public [[int]] noise(int h, int w, int seed):
	rows = []
	s = seed
	for y in 0..h:
		row = []
		for x in 0..w:
			s = (s * 1103515245 + 12345) % 2147483648
			row = row + [(s / 65536) % 10]
		rows = rows + [row]
	return rows

// s used before and after its update, and after the loop
public (int, int) sums(int n, int seed, int a, int c, int m):
	total = 0
	s = seed
	for i in 0..n:
		t = s
		s = (c + a * s) % m
		total = total + t + s * 2
	return (total, s)

// no addend: s = (a * s) % m
public [int] lehmer(int n, int seed):
	out = []
	s = seed
	for i in 0..n:
		s = (16807 * s) % 2147483647
		out = out + [s % 1000]
	return out

// near miss: the update behind a test
public [int] sometimes(int n, int seed):
	out = []
	s = seed
	for i in 0..n:
		if i % 3 == 0:
			s = (s * 5 + 1) % 64
		out = out + [s]
	return out

// near miss: the modulus changes in the loop
public [int] moving(int n, int seed):
	out = []
	s = seed
	m = 7
	for i in 0..n:
		s = (s * 5 + 1) % m
		m = m + 1
		out = out + [s]
	return out

// near miss: s read in the outer loop of the nest
public [int] outer(int h, int w, int seed):
	out = []
	s = seed
	for y in 0..h:
		out = out + [s]
		for x in 0..w:
			s = (s * 3 + 2) % 101
	return out

public void ::main(System.Console sys):
	sys.out.println(Any.toString(lcg(10, 1, 1103515245, 12345, 2147483648)))
	sys.out.println(Any.toString(lcg(8, 1000000007, 48271, 11, 1000)))
	sys.out.println(Any.toString(lcg(8, -17, 5, 3, 7)))
	sys.out.println(Any.toString(lcg(8, 4, -5, 3, 7)))
	sys.out.println(Any.toString(lcg(8, 4, 5, -3, 7)))
	sys.out.println(Any.toString(lcg(8, 4, 5, 3, -7)))
	sys.out.println(Any.toString(lcg(0, 4, 5, 3, 7)))
	sys.out.println(Any.toString(lcg(6, 123456789, 6364136223846793005, 1442695040888963407, 18446744073709551616)))
	xs = lcg(5000, 42, 1103515245, 12345, 2147483648)
	sys.out.println(Any.toString(xs[4999]))
	sys.out.println(Any.toString(sums(1000, 3, 1103515245, 12345, 2147483648)))
	sys.out.println(Any.toString(sums(7, -3, 1103515245, 12345, 2147483648)))
	sys.out.println(Any.toString(sums(0, 9, 5, 1, 16)))
	sys.out.println(Any.toString(sums(5, 5000000000, 1103515245, 12345, 2147483648)))
	sys.out.println(Any.toString(lehmer(12, 1)))
	sys.out.println(Any.toString(noise(3, 7, 99)))
	img = noise(40, 50, 7)
	sys.out.println(Any.toString(img[39]))
	sys.out.println(Any.toString(sometimes(10, 2)))
	sys.out.println(Any.toString(moving(10, 2)))
	sys.out.println(Any.toString(outer(4, 3, 5)))
