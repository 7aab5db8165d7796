// && and || share one precedence level and associate to the right:
// a && b || c means a && (b || c). ! binds to the next term; bools compare
// with == (a < b) == (c < d).
import * from whiley.lang.*

public void ::main(System.Console sys):
	sys.out.println((false && true || true))
	sys.out.println(((false && true) || true))
	sys.out.println((true || false && false))
	sys.out.println((!true == false))
	sys.out.println(!(1 > 2))
	a = 1
	b = 2
	c = 3
	d = 4
	sys.out.println(((a < b) == (c < d)))
	sys.out.println(((a < b) == (d < c)))
	sys.out.println(((a < b) != (d < c)))
	x = a < b && c < d
	sys.out.println(x)
	y = !x || a == 1
	sys.out.println(y)
	count = 0
	for i in 0..10:
		if i > 2 && i < 8 && !(i == 5):
			count = count + 1
	sys.out.println(count)
	xs = [1, 2, 3]
	i = 5
	if i < |xs| && xs[i] == 2:
		sys.out.println("short-circuit failed")
	else:
		sys.out.println("short-circuit ok")
	if i >= |xs| || xs[i] == 2:
		sys.out.println("or short-circuit ok")
