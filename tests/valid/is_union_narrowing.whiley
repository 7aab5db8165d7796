// Union types and `is`: runtime tests on int|real|string|null|lists|records,
// narrowing in the true branch, in else branches, through && and ||, and in
// while conditions; `1 is real` is false.
import * from whiley.lang.*

define Num as int | real
define Item as int | string | [int] | null
define Leaf as {int value}
define Pair as {int left, int right}
define Node as Leaf | Pair

public string describe(Item x):
	if x is int:
		return "int " + (x + 1)
	else if x is string:
		return "string of length " + |x|
	else if x is [int]:
		return "list of " + |x|
	else:
		return "null"

public int weight(Node n):
	if n is Leaf:
		return n.value
	return n.left + n.right

public real half(Num n):
	if n is int:
		return n / 2
	return n / 2

public any identity(any v):
	return v

public string kind(any v):
	if v is int:
		return "int"
	else if v is real:
		return "real"
	else if v is [int]:
		return "[int]"
	else if v is [real]:
		return "[real]"
	else if v is Node:
		return "Node"
	else if v is (int, int):
		return "pair"
	else:
		return "other"

public bool positiveInt(any v):
	return v is int && v > 0

public void ::main(System.Console sys):
	sys.out.println(describe(41))
	sys.out.println(describe("abc"))
	sys.out.println(describe([1, 2, 3]))
	sys.out.println(describe(null))
	sys.out.println(weight({value: 5}))
	sys.out.println(weight({left: 2, right: 3}))
	sys.out.println(half(7))
	sys.out.println(half(7.0))
	sys.out.println(positiveInt(3))
	sys.out.println(positiveInt(-3))
	sys.out.println(positiveInt("3"))
	for w in [identity(1), identity(1.0), identity([1, 2]), identity([]), identity([1.5]), identity({value: 1}), identity({value: 1, extra: 2}), identity('c'), identity((1, 2))]:
		sys.out.println(kind(w))
	x = 0
	if x == 0:
		y = 3
	else:
		y = "three"
	if y is string:
		sys.out.println(y + "!")
	else:
		sys.out.println(y * 2)
