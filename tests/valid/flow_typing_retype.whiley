// Flow typing: a variable changes type on assignment (int -> real -> string
// -> list -> record), a parameter is retyped, and after a join the type is
// the union of both branches.
import * from whiley.lang.*

public real retypeParam(int x):
	x = x / 2
	x = x + 0.25
	return x

public void ::main(System.Console sys):
	v = 7
	sys.out.println(v)
	v = v * 1.5
	sys.out.println(v)
	v = "seven"
	sys.out.println(v)
	v = [v, v]
	sys.out.println(v)
	v = {name: "x", size: |v|}
	sys.out.println(v)
	sys.out.println(retypeParam(9))
	for i in 0..2:
		if i == 0:
			w = 1
		else:
			w = 2.5
		sys.out.println(w)
	i = 0
	acc = 0
	while i < 3:
		acc = acc + 0.5
		i = i + 1
	sys.out.println(acc)
