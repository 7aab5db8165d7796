// The print overload follows the static type: a string prints raw, but a
// string reaching println through an `any` or a union type prints quoted;
// Any.toString gives the quoted text, printed raw.
import * from whiley.lang.*

public void ::show(System.Console sys, any v):
	sys.out.println(v)

public void ::showMaybe(System.Console sys, string | int v):
	sys.out.println(v)

public any identity(any v):
	return v

public void ::main(System.Console sys):
	s = "cruel"
	sys.out.println(s)
	show(sys, s)
	showMaybe(sys, s)
	showMaybe(sys, 5)
	sys.out.println(identity(s))
	sys.out.println(Any.toString(s))
	sys.out.println(Any.toString(3))
	sys.out.println([s])
	sys.out.println((s, 1))
	t = Any.toString([s, "x"])
	sys.out.println(t)
	sys.out.println(|t|)
	show(sys, 'c')
	sys.out.println('c')
