// Layout: a tab counts 4 columns wherever it appears, so "<tab><tab>" and
// "<tab><4 spaces>" open the same block level; blank lines and comment lines
// at any column never close a block.
import * from whiley.lang.*

public int sumAndCount(int n):
	total = 0
	count = 0
	for i in 0..n:
		total = total + i

        // a comment at column 8, written with spaces
	    count = count + 1
  // a comment at column 2
		total = total + 0
	return total * 1000 + count

public int spacesThenTabs(int n):
    r = 0
	while r < n:
        r = r + 2
	    r = r + 1
    return r

public void ::main(System.Console sys):
	sys.out.println(sumAndCount(5))
	sys.out.println(sumAndCount(0))
	sys.out.println(spacesThenTabs(10))
	if sumAndCount(3) > 10:
	    sys.out.println("tab+spaces body")
	    if true:
		    sys.out.println("tab+4 spaces+tab")
	sys.out.println("done")
