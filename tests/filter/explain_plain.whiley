// Plain --explain prints each loop's class, not the counts of its
// kernel's checks: those need --explain=checks (compiler/main.c).
// explain: explain_plain.whiley:11: for i: GPU-implicit (kernel 1, 1-D
// explain-absent: : checks:
import * from whiley.lang.*

void ::main(System.Console sys):
	xs = [0, 1, 2, 3, 4, 5, 6, 7]
	ys = [0, 0, 0, 0, 0, 0, 0, 0]
	k = 3
	for i in 0..8:
		ys[i] = xs[i] * k + xs[(i + 1) % 8]
	sys.out.println(ys)
