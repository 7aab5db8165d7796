// Named constants (define NAME as expr), constants built from constants, a
// constant list, recursion and mutual recursion.
import * from whiley.lang.*

define SIZE as 8
define DOUBLE_SIZE as SIZE * 2
define PRIMES as [2, 3, 5, 7]
define HALF as 0.5

public int gcd(int a, int b):
	if b == 0:
		return a
	return gcd(b, a % b)

public bool isEven(int n):
	if n == 0:
		return true
	return isOdd(n - 1)

public bool isOdd(int n):
	if n == 0:
		return false
	return isEven(n - 1)

public int ackermann(int m, int n):
	if m == 0:
		return n + 1
	else if n == 0:
		return ackermann(m - 1, 1)
	return ackermann(m - 1, ackermann(m, n - 1))

public void ::main(System.Console sys):
	sys.out.println(SIZE)
	sys.out.println(DOUBLE_SIZE)
	sys.out.println(PRIMES)
	sys.out.println(PRIMES[3] * HALF)
	sys.out.println(gcd(1071, 462))
	sys.out.println(isEven(10))
	sys.out.println(isOdd(7))
	sys.out.println(ackermann(2, 3))
	xs = PRIMES
	xs[0] = 1
	sys.out.println(xs)
	sys.out.println(PRIMES)
