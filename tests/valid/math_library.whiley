// Math.pow / ceil / floor / round (half away from zero) / exp / min / max /
// abs, including the int and real overloads of min, max and abs.
import * from whiley.lang.*

public void ::main(System.Console sys):
	sys.out.println(Math.pow(2, 19))
	sys.out.println(Math.pow(-3, 3))
	sys.out.println(Math.pow(10, 25))
	sys.out.println(Math.ceil(2.1))
	sys.out.println(Math.ceil(-0.5))
	sys.out.println(Math.ceil(12.0))
	sys.out.println(Math.floor(2.9))
	sys.out.println(Math.floor(-0.5))
	sys.out.println(Math.floor(-3.0))
	for v in [2.5, -2.5, 0.49, 0.5, -0.5, 1.5, -1.49, 7.0]:
		sys.out.println(Math.round(v))
	x = 3
	sys.out.println(Math.round(x))
	sys.out.println(Math.exp(0.0))
	sys.out.println(Math.exp(1.0))
	sys.out.println(Math.round(Math.exp(2.0) * 1000))
	sys.out.println(Math.min(3, 7))
	sys.out.println(Math.max(3, 7))
	sys.out.println(Math.min(3.5, 7))
	sys.out.println(Math.max(-1.5, -2.5))
	sys.out.println(Math.abs(-12))
	sys.out.println(Math.abs(-1.25))
	sys.out.println(Math.abs(0))
