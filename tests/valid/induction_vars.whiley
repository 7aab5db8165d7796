// Induction variables: a scalar changed by a loop-invariant step once in
// every iteration of a nest of range loops is computed from the loop
// indices (filter/induction.c), so the nest runs on the device; its value
// after the nest is the sequential one.  Ascending, descending and empty
// ranges; a step beyond the device's ints.
// fallback: a step beyond the device's ints overflows there, and the exact CPU path reruns the loop
import * from whiley.lang.*

// k walks 1-D; read before and after its update
public ([int], int) ramp(int n, int start, int step):
	xs = []
	for i in 0..n:
		xs = xs + [0]
	k = start
	for i in 0..n:
		xs[i] = k * 3 + i
		k = k + step
		xs[i] = xs[i] + k
	return (xs, k)

// k walks a 2-D nest row after row (rows lo..hi, descending when hi < lo)
public ([[int]], int) grid([[int]] g, int lo, int hi, int cols, int start, int step):
	k = start
	for i in lo..hi:
		for j in 0..cols:
			g[i][j] = k
			k = k - step
	return (g, k)

// the outer body reads k around the inner loop
public ([int], [int], int) around(int n, int m, int step):
	firsts = []
	lasts = []
	for i in 0..n:
		firsts = firsts + [0]
		lasts = lasts + [0]
	k = 100
	for i in 0..n:
		firsts[i] = k
		for j in 0..m:
			k = step + k
		lasts[i] = k
	return (firsts, lasts, k)

public [[int]] board(int n, int m):
	row = []
	for j in 0..m:
		row = row + [0]
	rows = []
	for i in 0..n:
		rows = rows + [row]
	return rows

public void ::main(System.Console sys):
	sys.out.println(ramp(6, 5, 2))
	sys.out.println(ramp(0, 5, 2))
	sys.out.println(ramp(4, -7, 0))
	sys.out.println(ramp(3, 1, 4611686018427387904))
	sys.out.println(grid(board(3, 4), 0, 3, 4, 10, 3))
	sys.out.println(grid(board(3, 4), 2, 0, 4, 10, 3))
	sys.out.println(grid(board(3, 0), 0, 3, 0, 10, 3))
	sys.out.println(grid(board(2, 3), 1, 1, 3, 10, 3))
	sys.out.println(around(4, 3, 5))
	sys.out.println(around(3, 0, 5))
	sys.out.println(around(0, 3, 5))
