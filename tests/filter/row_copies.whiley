// Rows keep value semantics inside a kernel (issue 10, item 2):
// `row = m[i]` is a copy, taken before later writes to m[i][...], and
// `for x in m[i]` iterates over the row as it was when the loop began.
// A device reads rows as views of one buffer, so where m is written
// between taking a row and reading it the loop stays on the CPU; a
// write into the copy itself too (a sum into m[i][0]: scalarize.c).
// explain: row_copies.whiley:18: for i: CPU — takes a row of 'm' and may write 'm' before reading the row
// explain: row_copies.whiley:25: for i: GPU-implicit (kernel 1, 1-D, 0 lists in, 2 out
// explain: row_copies.whiley:34: for i: CPU — writes into 'row', a copy of a row
// explain: row_copies.whiley:42: for i: CPU — takes a row of 'm' and may write 'm' before reading the row
// explain: row_copies.whiley:44: for j: GPU-implicit (kernel 2, 1-D, 1 list in, 1 out, 1 scalar)
// explain: row_copies.whiley:50: for i: GPU-implicit (kernel 3, 1-D, 1 list in, 1 out
// explain: row_copies.whiley:57: for i: GPU-implicit (kernel 4, 1-D, 0 lists in, 1 out
import * from whiley.lang.*

// the old first element moves to the second place
public [[int]] taken([[int]] m):
	for i in 0..|m|:
		row = m[i]
		m[i][0] = 100
		m[i][1] = row[0]
	return m

public ([[int]], [int]) iterated([[int]] m, [int] out):
	for i in 0..|m|:
		s = 0
		for x in m[i]:
			m[i][0] = m[i][0] + 1
			s = s + x
		out[i] = s
	return (m, out)

public [int] written([[int]] m, [int] out):
	for i in 0..|m|:
		row = m[i]
		row[0] = 7
		out[i] = row[0] + row[1] + m[i][0]
	return out

// reverses every row in place, reading the copy
public [[int]] reversed([[int]] m):
	for i in 0..|m|:
		row = m[i]
		for j in 0..|row|:
			m[i][j] = row[|row| - 1 - j]
	return m

// rows of a list the loop does not write: views are fine
public [int] rowSums([[int]] m, [int] out):
	for i in 0..|m|:
		row = m[i]
		out[i] = row[0] + row[1]
	return out

// the row is read before the write in the same iteration: fine
public [[int]] readFirst([[int]] m):
	for i in 0..|m|:
		row = m[i]
		t = row[0] + row[1]
		m[i][0] = t
	return m

public void ::main(System.Console sys):
	sys.out.println(taken([[1, 2], [3, 4]]))
	m, o = iterated([[1, 2], [3, 4]], [0, 0])
	sys.out.println(m)
	sys.out.println(o)
	sys.out.println(written([[1, 2], [3, 4]], [0, 0]))
	sys.out.println(reversed([[1, 2, 3], [4, 5, 6]]))
	sys.out.println(rowSums([[1, 2], [3, 4]], [0, 0]))
	sys.out.println(readFirst([[1, 2], [3, 4]]))
