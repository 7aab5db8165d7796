// An n-body simulation in integer arithmetic: n bodies in a 1024^3 box
// that wraps around at its faces, each pulled towards every other body
// by a force that falls with the square of their distance.  After each
// step the velocities are kept within -16..16, so that every value fits
// the device's 32-bit ints for n up to 65536.
//   usage: nbody [n [steps]]                   (default 300 30)
// Prints the checksum: a weighted sum of the final positions and
// velocities.
import * from whiley.lang.*
import * from whiley.gpgpu.*

define BOX as 1024

public int limit(int v):
	if v > 16:
		return 16
	if v < -16:
		return -16
	return v

// n values from a linear congruential sequence, each taken modulo m.
public [int] randoms(int n, int seed, int m):
	out = []
	s = seed
	while |out| < n:
		s = (s * 1103515245 + 12345) % 2147483648
		out = out + [(s / 65536) % m]
	return out

// d * 4096 / (|d|^2 + 16), the pull along one axis, bounded by 512.
public int pull(int d, int d2):
	return (d * 4096) / (d2 + 16)

public void ::main(System.Console sys):
	n = 300
	steps = 30
	try:
		if |sys.args| > 0:
			n = Int.parse(sys.args[0])
		if |sys.args| > 1:
			steps = Int.parse(sys.args[1])
	catch(Errors.SyntaxError e):
		sys.out.println("usage: nbody [n [steps]]")
		return
	x = randoms(n, 1, BOX)
	y = randoms(n, 2, BOX)
	z = randoms(n, 3, BOX)
	vx = randoms(n, 4, 9)
	vy = randoms(n, 5, 9)
	vz = randoms(n, 6, 9)
	nx = x
	ny = y
	nz = z
	nvx = vx
	nvy = vy
	nvz = vz
	beginGPUBenchmarking()
	step = 0
	while step < steps:
		// the kernel: one work-item per body
		for i in 0..n:
			xi = x[i]
			yi = y[i]
			zi = z[i]
			fx = 0
			fy = 0
			fz = 0
			for j in 0..n:
				dx = x[j] - xi
				dy = y[j] - yi
				dz = z[j] - zi
				d2 = dx * dx + dy * dy + dz * dz
				fx = fx + pull(dx, d2)
				fy = fy + pull(dy, d2)
				fz = fz + pull(dz, d2)
			ux = limit(vx[i] + fx / (8 * n))
			uy = limit(vy[i] + fy / (8 * n))
			uz = limit(vz[i] + fz / (8 * n))
			nvx[i] = ux
			nvy[i] = uy
			nvz[i] = uz
			nx[i] = (xi + ux + BOX) % BOX
			ny[i] = (yi + uy + BOX) % BOX
			nz[i] = (zi + uz + BOX) % BOX
		x, nx = (nx, x)
		y, ny = (ny, y)
		z, nz = (nz, z)
		vx, nvx = (nvx, vx)
		vy, nvy = (nvy, vy)
		vz, nvz = (nvz, vz)
		step = step + 1
	endGPUBenchmarking()
	total = 0
	for i in 0..n:
		p = x[i] + 3 * y[i] + 5 * z[i] + 7 * vx[i] + 11 * vy[i] + 13 * vz[i]
		total = total + (i % 1000 + 1) * p
	sys.out.println(total)
	printOutGPUBenchmarkResults()
