// import * from whiley.lang.* brings every module of the package and all of
// its names, so println, print, Math.*, Char.* and Int.* all resolve.
import * from whiley.lang.*

public void ::main(System.Console sys):
	sys.out.println("hello, world")
	sys.out.print("a")
	sys.out.print("b")
	sys.out.println("")
	sys.out.println(Math.abs(-17))
	sys.out.println(Char.isDigit('7'))
	sys.out.println(Int.toHexString(255))
