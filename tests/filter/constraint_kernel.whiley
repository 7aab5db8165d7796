// Loops calling functions whose parameters have constrained types: the
// call site checks the constraint, so the kernel does.  A constraint the
// device can evaluate (nat) leaves the loop offloaded; one that needs a
// set keeps it on the CPU, and --explain names the constraint.
// explain: constraint_kernel.whiley:20: for i: GPU-implicit (kernel 1, 1-D
// explain: constraint_kernel.whiley:25: for i: CPU — checks the constraint of type 'digit', which allocates a set
import * from whiley.lang.*

define nat as int where $ >= 0
define even as nat where $ % 2 == 0
define digit as int where $ in {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}

int half(even x):
	return x / 2

int next(digit d):
	return (d + 1) % 10

[int] halves([int] xs, [int] out):
	for i in 0..|xs|:
		out[i] = half(2 * xs[i])
	return out

[int] nexts([int] xs, [int] out):
	for i in 0..|xs|:
		out[i] = next(xs[i])
	return out

public void ::main(System.Console sys):
	sys.out.println(halves([1, 2, 3], [0, 0, 0]))
	sys.out.println(nexts([7, 8, 9], [0, 0, 0]))
