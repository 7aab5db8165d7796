// --explain reasons that once misled (issue 42 item 10): an append in
// each branch of an if/else is not two appends in one iteration; a
// write under a test is not a write in every iteration; a row with no
// name is "the row"; the jump-ahead loop the compiler makes for a
// recurrence is no `while` of the source.
// explain: explain_reasons.whiley:18: for i: CPU — appends to 'ys' in two branches (one append per iteration
// explain: explain_reasons.whiley:24: for i: CPU — may write 'ok' (in some iterations
// explain: explain_reasons.whiley:28: for i: CPU — appends rows to 'rs', but the row is not made by `row = []`
// explain: explain_reasons.whiley:34: for i: GPU-implicit (kernel 1, build of 'out'
// explain: explain_reasons.whiley:35: jump-ahead loop: GPU-explicit (sequential in kernel 1); the jump-ahead of 's'
import * from whiley.lang.*

public void ::main(System.Console sys):
	xs = [3, -1, 4, 1, -5]
	ys = []
	ok = true
	rs = []
	for i in 0..|xs|:
		if xs[i] > 0:
			ys = ys + [xs[i]]
		else:
			ys = ys + [0]
	sys.out.println(ys)
	for i in 0..|xs|:
		if xs[i] < 0:
			ok = false
	sys.out.println(ok)
	for i in 0..3:
		r = [i]
		rs = rs + [r + [i * 2]]
	sys.out.println(rs)
	s = 7
	out = []
	for i in 0..6:
		s = (s * 5 + 1) % 64
		out = out + [s]
	sys.out.println(out)
