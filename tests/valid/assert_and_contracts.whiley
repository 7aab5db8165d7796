// assert statements that hold, functions with requires/ensures that hold,
// a constrained type (nat) passed valid values.
import * from whiley.lang.*

define nat as int where $ >= 0

public int safeDiv(int a, int b) requires b != 0, ensures $ * b <= a:
	return a / b

public nat countDown(nat n):
	total = 0
	while n > 0:
		total = total + n
		n = n - 1
	return total

public void ::main(System.Console sys):
	x = 10
	assert x == 10
	assert x > 5 && x < 20
	assert [1, 2] + [3] == [1, 2, 3]
	sys.out.println(safeDiv(17, 5))
	sys.out.println(countDown(4))
	sys.out.println(Math.isqrt(50))
	sys.out.println("all assertions held")
