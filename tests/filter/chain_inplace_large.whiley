// A chained time loop updating two matrices of over 1 MiB in place: the
// matrices kernels built stay on the device, so the chain's copies of the
// loop's starting values are made there and the chain goes on (a list of
// host data this large would end it instead: ocl_chain.c).  The values
// triple each pass and pass 2^31 in the twentieth, so the flag read at
// the loop's exit makes it run again from the copies kept on the device,
// each call checked, that pass in 64 bits.  The sums are the exact ones
// on every target.
// oclgrind: skip the point is lists over 1 MiB, which the simulator takes over ten minutes to run 88 launches on
// explain: chain_inplace_large.whiley:27: for: chained: its 2 offloaded calls
// explain: chain_inplace_large.whiley:28: for i: GPU-implicit (kernel
import * from whiley.lang.*

public [[int]] grid(int n):
	rows = []
	for i in 0..n:
		row = []
		for j in 0..n:
			row = row + [(i + j) % 5]
		rows = rows + [row]
	return rows

public void ::main(System.Console sys):
	n = 600
	a = grid(n)
	b = grid(n)
	for t in 0..22:
		for i in 0..n:
			for j in 0..n:
				b[i][j] = a[i][j] * 3 + 1
		for i in 0..n:
			for j in 0..n:
				a[i][j] = b[i][n - 1 - j]
	s = 0
	for i in 0..n:
		for j in 0..n:
			s = s + a[i][j]
	sys.out.println(s)
	sys.out.println(a[599][598])
