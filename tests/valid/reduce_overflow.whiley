// fallback: these reductions overflow the device's 64-bit partials (or
// start beyond the device's extreme int), so the exact CPU loop runs
// Reductions whose int results need more than 64 bits: the kernel's
// overflow flag (or the runtime's check of its partials) sends each loop
// to the exact CPU path, which prints the exact value.
import * from whiley.lang.*

public void ::main(System.Console sys):
	b = 1
	k = 0
	while k < 62:
		b = b * 2
		k = k + 1
	ys = [b, b - 1, b, b + 1]
	s = 0
	for v in ys:
		s = s + v
	sys.out.println(s)
	neg = 0
	for i in 0..|ys|:
		neg = neg + (0 - ys[i])
	sys.out.println(neg)
	p = 1
	for i in 1..30:
		p = p * i
	sys.out.println(p)
	low = 0 - b * b
	for v in ys:
		if v < 0:
			low = Math.max(low, v)
	sys.out.println(low)
	high = b * b
	for v in ys:
		if v < 0:
			high = Math.min(high, v)
	sys.out.println(high)
	low2 = 0 - b * b
	for v in ys:
		low2 = Math.max(low2, v)
	sys.out.println(low2)
	bigm = b * 4
	for v in ys:
		if v > bigm:
			bigm = v
	sys.out.println(bigm)
