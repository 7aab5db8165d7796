// Kernels that read a range of 4096 elements or more that was never
// filled in (list.c): the runtime computes its values straight into the
// device's buffer (ocl_marshal.c, load_range).  Ascending and
// descending, a window that starts past the first element, and values
// past 32 bits (the 64-bit kernel), at both ends of the range.
import * from whiley.lang.*

void ::main(System.Console sys):
	n = 6000
	d = n..0
	out = 0..n
	for i in 0..n:
		out[i] = d[i] * 2
	sys.out.println(out[0])
	sys.out.println(out[5999])
	w = 0..n
	for i in 100..n:
		w[i] = w[i] + 7
	sys.out.println(w[99])
	sys.out.println(w[100])
	sys.out.println(w[5999])
	big = 3000000000..(3000000000 + n)
	for i in 0..n:
		big[i] = big[i] - 3000000000 + i
	sys.out.println(big[0])
	sys.out.println(big[5999])
	nb = -2147483000..(-2147483000 - n)
	for i in 0..n:
		nb[i] = nb[i] + 1
	sys.out.println(nb[0])
	sys.out.println(nb[5999])
