// Scalars defined by a list element or a length get the same private /
// carried / escaping analysis as any other scalar (issue 10, item 1).
// explain: scalar_from_element.whiley:14: for i: CPU — may write 'u' (in some iterations
// explain: scalar_from_element.whiley:22: for i: CPU — writes 'last', which is read after the loop
// explain: scalar_from_element.whiley:29: for i: CPU — writes 'k', which is read after the loop
// explain: scalar_from_element.whiley:36: for i: CPU — may write 'u' (in some iterations
// explain: scalar_from_element.whiley:37: for j: CPU — may write 'u' (in some iterations
// explain: scalar_from_element.whiley:45: for i: GPU-implicit (kernel 1, 1-D, 1 list in, 1 out; not flattened further
// explain: scalar_from_element.whiley:54: for i: GPU-implicit (kernel 2, 1-D
import * from whiley.lang.*

public [int] carried([int] a, [int] b):
	u = 0
	for i in 0..|a|:
		if a[i] > 3:
			u = a[i]
		b[i] = u
	return b

public int escaping([int] a, [int] b):
	last = 0
	for i in 0..|a|:
		last = a[i]
		b[i] = last * 2
	return last + b[0]

public int lengths([[int]] m, [int] b):
	k = 0
	for i in 0..|m|:
		k = |m[i]|
		b[i] = k
	return k * 10 + b[0]

public [[int]] nested([[int]] m, [int] a):
	u = 0
	for i in 0..|m|:
		for j in 0..|a|:
			if a[j] > 3:
				u = a[j]
			m[i][j] = u + i
	return m

// the same shapes, private to the iteration: offloaded
public [[int]] privateNest([[int]] m, [int] a):
	for i in 0..|m|:
		for j in 0..|a|:
			u = 0
			if a[j] > 3:
				u = a[j]
			m[i][j] = u + i
	return m

public [int] privateLength([[int]] m, [int] b):
	for i in 0..|m|:
		k = |m[i]|
		b[i] = k + m[i][0]
	return b

public void ::main(System.Console sys):
	sys.out.println(carried([5, 1, 7, 2, 0], [0, 0, 0, 0, 0]))
	sys.out.println(escaping([5, 1, 7, 2], [0, 0, 0, 0]))
	sys.out.println(lengths([[1, 2], [3, 4]], [0, 0]))
	sys.out.println(nested([[0, 0, 0], [0, 0, 0]], [5, 1, 2]))
	sys.out.println(privateNest([[0, 0, 0], [0, 0, 0]], [5, 1, 2]))
	sys.out.println(privateLength([[1, 2], [3, 4], [5, 6]], [0, 0, 0]))
