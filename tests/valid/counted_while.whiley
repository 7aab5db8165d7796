// While loops that count an int by 1 to a bound they do not change run
// as range loops (filter/counted.c), on the device where the body is
// parallel; the counter's value after the loop is the while loop's.
import * from whiley.lang.*

// i < n; reads of i before and after the step
public ([int], int) upTo([int] xs, int start, int n):
	i = start
	while i < n:
		xs[i] = i * 10
		i = i + 1
		xs[i - 1] = xs[i - 1] + i
	return (xs, i)

// i <= |xs| - 1, with the length of a list the loop writes into
public ([int], int) inclusive([int] xs):
	i = 1
	while i <= |xs| - 1:
		xs[i] = xs[i] * 2 + i
		i = 1 + i
	return (xs, i)

// a failing check in the body: the same error on every target
public [int] failing([int] xs, int n):
	i = 0
	while i < n:
		xs[i] = 100 / (3 - i)
		i = i + 1
	return xs

public void ::main(System.Console sys):
	sys.out.println(upTo([0, 0, 0, 0, 0], 0, 4))
	sys.out.println(upTo([0, 0, 0, 0, 0], 2, 4))
	// a start beyond the bound: no iteration (not a descending range)
	sys.out.println(upTo([0, 0, 0, 0, 0], 3, 1))
	sys.out.println(upTo([0, 0, 0], 2, 2))
	sys.out.println(inclusive([5, 6, 7, 8]))
	sys.out.println(inclusive([5]))
	sys.out.println(inclusive([]))
	sys.out.println(failing([0, 0, 0, 0, 0], 3))
	sys.out.println(failing([0, 0, 0, 0, 0], 5))
