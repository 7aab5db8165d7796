// while loops: counting, a condition with && and a call, break out of a
// nested loop (only the inner one), and do-while.
import * from whiley.lang.*

public int collatzSteps(int n):
	steps = 0
	while n != 1:
		if n % 2 == 0:
			n = n / 2
		else:
			n = 3 * n + 1
		steps = steps + 1
	return steps

public void ::main(System.Console sys):
	sys.out.println(collatzSteps(27))
	i = 0
	while i < 10 && collatzSteps(i + 1) < 8:
		i = i + 1
	sys.out.println(i)
	found = []
	for a in 1..6:
		b = 0
		while true:
			if a * b > 10:
				break
			b = b + 1
		found = found + [b]
	sys.out.println(found)
	k = 100
	do:
		k = k + 1
	while k < 5
	sys.out.println(k)
	total = 0
	j = 0
	while j < 1000:
		total = total + j
		j = j + 1
	sys.out.println(total)
