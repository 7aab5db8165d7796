// Runtime error: a constrained type defined from another one (pos from
// nat): 0 satisfies nat but not pos.
import * from whiley.lang.*

define nat as int where $ >= 0
define pos as nat where $ > 0
define poss as [pos]

int first(poss xs) requires |xs| > 0:
	return xs[0]

public void ::main(System.Console sys):
	sys.out.println(first([3, 1]))
	sys.out.println(first([1, 0]))
	sys.out.println("not reached")
