// Counted while loops (filter/counted.c): a while loop whose test
// compares an int counter, stepped by 1 once in every iteration, with a
// bound the loop does not change becomes a range loop; every other
// while loop stays one.
// explain: counted.whiley:16: while: GPU-implicit (kernel 1, 1-D, 0 lists in, 1 out (1 write-only)); it counts 'i' by 1 to a bound it does not change: a range loop
// explain: counted.whiley:24: while: GPU-implicit (kernel 2, 1-D, 0 lists in, 1 out (1 at its own index)); it counts 'i' by 1 to a bound it does not change: a range loop
// explain: counted.whiley:32: while: CPU — a while loop that does not count an int by 1 to a bound it leaves unchanged (no break, no continue before the step): each iteration depends on the previous one's condition
// explain: counted.whiley:40: while: CPU — a while loop that does not count an int by 1 to a bound it leaves unchanged (no break, no continue before the step): each iteration depends on the previous one's condition
// explain: counted.whiley:50: while: CPU — a while loop that does not count an int by 1 to a bound it leaves unchanged (no break, no continue before the step): each iteration depends on the previous one's condition
// explain: counted.whiley:59: while: CPU — a while loop that does not count an int by 1 to a bound it leaves unchanged (no break, no continue before the step): each iteration depends on the previous one's condition
// explain: counted.whiley:70: while: CPU — a while loop that does not count an int by 1 to a bound it leaves unchanged (no break, no continue before the step): each iteration depends on the previous one's condition
import * from whiley.lang.*

public [int] counted([int] xs, int n):
	i = 0
	while i < n:
		xs[i] = i
		i = i + 1
	return xs

// the bound is a length the loop does not change (element writes only)
public [int] lengthBound([int] xs):
	i = 0
	while |xs| > i:
		xs[i] = xs[i] + 1
		i = i + 1
	return xs

// not: steps by 2
public [int] byTwo([int] xs):
	i = 0
	while i < |xs|:
		xs[i] = 1
		i = i + 2
	return xs

// not: a break
public [int] breaks([int] xs):
	i = 0
	while i < |xs|:
		if xs[i] < 0:
			break
		xs[i] = 1
		i = i + 1
	return xs

// not: the bound changes in the loop
public [int] movingBound([int] xs, int n):
	i = 0
	while i < n:
		xs[i] = 1
		n = n - 1
		i = i + 1
	return xs

// not: the step is conditional
public [int] conditional([int] xs):
	i = 0
	while i < |xs|:
		xs[i] = 1
		if xs[0] > 0:
			i = i + 1
		else:
			i = i + 1
	return xs

// not: the list grows, so its length is not a fixed bound
public [int] grows([int] xs):
	i = 0
	while i < |xs| && i < 5:
		xs = xs + [i]
		i = i + 1
	return xs

public void ::main(System.Console sys):
	sys.out.println(counted([0, 0, 0, 0], 3))
	sys.out.println(lengthBound([1, 2, 3]))
	sys.out.println(byTwo([0, 0, 0, 0, 0]))
	sys.out.println(breaks([0, 0, -1, 0]))
	sys.out.println(movingBound([0, 0, 0, 0, 0, 0], 6))
	sys.out.println(conditional([0, 0, 0]))
	sys.out.println(grows([7, 8]))
