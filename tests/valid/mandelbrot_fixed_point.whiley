// Performance-shaped: a fixed-point integer Mandelbrot (scale 10000, so
// products must be divided back with truncating division, including negative
// values) over a 48x24 grid, up to 200 iterations, drawn as ASCII art.
import * from whiley.lang.*

public int fixed(int num, int den):
	return (10000 * num) / den

public int mul(int a, int b):
	return (a * b) / 10000

public int escape(int cx, int cy, int limit):
	x = 0
	y = 0
	i = 0
	while (mul(x, x) + mul(y, y) <= fixed(4, 1)) && (i < limit):
		xt = mul(x, x) - mul(y, y) + cx
		y = 2 * mul(x, y) + cy
		x = xt
		i = i + 1
	return i

public void ::main(System.Console sys):
	w = 48
	h = 24
	total = 0
	palette = " .:-=+*#%@"
	for row in 0..h:
		line = ""
		cy = fixed(-12, 10) + (row * fixed(24, 10)) / h
		for col in 0..w:
			cx = fixed(-21, 10) + (col * fixed(30, 10)) / w
			n = escape(cx, cy, 200)
			total = total + n
			if n == 200:
				line = line + '@'
			else:
				line = line + palette[(n % 9)]
		sys.out.println(line)
	sys.out.println(total)
