// A nest whose body updates a reduction around its inner loop is not
// flattened (that update would run once per work item of the 2-D range,
// not once per outer iteration); one that updates it only inside is.
// explain: reduce_nest.whiley:14: for y: GPU-implicit (kernel 1, reduce 's' with +, 't' with +, 1-D, 2 lists in, 0 out; not flattened further: it updates 's' outside its inner loop
// explain: reduce_nest.whiley:18: for y: GPU-implicit (kernel 2, reduce 'u' with +, 2-D (y, x), 2 lists in, 0 out)
import * from whiley.lang.*

public void ::main(System.Console sys):
	a = [1, 2, 3]
	m = [[1, 2], [3, 4], [5, 6]]
	s = 0
	t = 0
	u = 0
	for y in 0..3:
		s = s + a[y]
		for x in 0..2:
			t = t + m[y][x]
	for y in 0..3:
		for x in 0..2:
			u = u + m[y][x] * a[y]
	sys.out.println([s, t, u])
