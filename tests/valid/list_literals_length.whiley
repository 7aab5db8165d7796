// List literals: [], [x], nested, mixed kinds; |xs| on lists, strings,
// nested lists; |xs|-1 parses as (|xs|) - 1.
import * from whiley.lang.*

public void ::main(System.Console sys):
	e = []
	sys.out.println(e)
	sys.out.println(|e|)
	one = [0]
	sys.out.println(one)
	xs = [3, 1, 4, 1, 5, 9, 2, 6]
	sys.out.println(|xs|)
	sys.out.println(|xs|-1)
	sys.out.println(xs[|xs| - 1])
	grid = [[1, 2, 3], [4, 5], []]
	sys.out.println(|grid|)
	sys.out.println(|grid[1]|)
	sys.out.println(|grid[2]|)
	sys.out.println(|"hello"|)
	sys.out.println(|""|)
	mixed = [1, 2.5, 'c', "s", true, null]
	sys.out.println(mixed)
	sys.out.println([[]])
	sys.out.println([[[]], [[1]]])
	sys.out.println(|{1, 2, 2, 3}|)
