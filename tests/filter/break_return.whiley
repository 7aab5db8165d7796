// Leaving a loop early makes later iterations depend on earlier ones.
// explain: break_return.whiley:8: for i: CPU — leaves the loop early (break)
// explain: break_return.whiley:16: for i: CPU — returns from inside the loop
import * from whiley.lang.*

public [int] firstNegativeZeroed([int] xs):
	out = xs
	for i in 0..|xs|:
		if xs[i] < 0:
			break
		out[i] = 0
	return out

public int indexOf([int] xs, int v):
	r = xs
	for i in 0..|xs|:
		if xs[i] == v:
			return i
		r[i] = xs[i] + 1
	return -1

public void ::main(System.Console sys):
	sys.out.println(firstNegativeZeroed([4, 5, -1, 7]))
	sys.out.println(indexOf([4, 5, -1, 7], -1))
