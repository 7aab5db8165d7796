// Marshalling bandwidth for nested real lists (built with
// --gpu-real=float): one offloaded call of `a[i][j] = a[i][j] + 1.0`
// over a [[real]] of rows x rows elements (depth 2), or of
// `a[i][j][k] = a[i][j][k] + 1.0` over a [[[real]]] of rows^3 (depth
// 3), each element a whole number below 4096 so that floats hold it
// exactly.  The harness reads the call's marshal and unmarshal phases
// from WYC_PROFILE=1, as for marshal_real.
//   usage: marshal_nested depth rows
// Prints the sum of the first and the last element afterwards: 1 +
// ((count - 1) % 4096 + 1), as a real (count: the number of elements).
import * from whiley.lang.*
import * from whiley.gpgpu.*

// built on the host: the counter v, reset every 4096 steps, keeps these
// loops on the CPU (built by kernels, the lists would be born on the
// device, with nothing to marshal)
public [real] row(int m, int start):
	r = []
	v = (real)(start % 4096)
	for k in 0..m:
		r = r + [v]
		v = v + 1.0
		if v == 4096.0:
			v = 0.0
	return r

public real ::matrix(int m):
	a = []
	for i in 0..m:
		a = a + [row(m, i * m)]
	beginGPUBenchmarking()
	for i in 0..m:
		for j in 0..m:
			a[i][j] = a[i][j] + 1.0
	endGPUBenchmarking()
	return a[0][0] + a[m - 1][m - 1]

public real ::cube(int m):
	a = []
	for i in 0..m:
		plane = []
		for j in 0..m:
			plane = plane + [row(m, (i * m + j) * m)]
		a = a + [plane]
	beginGPUBenchmarking()
	for i in 0..m:
		for j in 0..m:
			for k in 0..m:
				a[i][j][k] = a[i][j][k] + 1.0
	endGPUBenchmarking()
	return a[0][0][0] + a[m - 1][m - 1][m - 1]

public void ::main(System.Console sys):
	depth = 2
	m = 1000
	try:
		if |sys.args| > 0:
			depth = Int.parse(sys.args[0])
		if |sys.args| > 1:
			m = Int.parse(sys.args[1])
	catch(Errors.SyntaxError e):
		sys.out.println("usage: marshal_nested depth rows")
		return
	if depth == 3:
		sys.out.println(cube(m))
	else:
		sys.out.println(matrix(m))
	printOutGPUBenchmarkResults()
