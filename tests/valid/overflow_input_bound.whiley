// Loops whose bound comes from the input: `k < limit` proves that k + 1
// fits the device's ints, but not k + step, which overflows 32 bits
// here (the kernel then runs with 64-bit ints); the results are exact.
import * from whiley.lang.*

public [int] climb(int start, int limit, int step, int n):
	out = []
	for i in 0..n:
		out = out + [0]
	for i in 0..n:
		k = start + i
		while k < limit:
			k = k + step
		out[i] = k
	return out

// k + 1 proved not to overflow (k < limit), up to limit itself
public [int] count(int start, int limit, int n):
	out = []
	for i in 0..n:
		out = out + [0]
	for i in 0..n:
		k = start + i
		while k < limit:
			k = k + 1
		out[i] = k
	return out

public void ::main(System.Console sys):
	// up to the largest 32-bit int
	sys.out.println(count(2147483600, 2147483647, 3))
	sys.out.println(climb(2147483600, 2147483647, 1, 3))
	sys.out.println(climb(2147483640, 2147483647, 3, 4))
	sys.out.println(climb(-5, 5, 4, 3))
