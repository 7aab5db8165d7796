// Printing lists with ", " and tuples with "," (no space), nested both ways.
import * from whiley.lang.*

public void ::main(System.Console sys):
	sys.out.println([1, 2, 3])
	sys.out.println([])
	sys.out.println([[1, 2], [3]])
	sys.out.println((1, 2))
	sys.out.println((1, [2, 3], (4, 5)))
	sys.out.println([(1, 2), (3, 4)])
	sys.out.println((1.5, -2, 'c', "s", null, false))
	t = ([1], [2.0], [3])
	sys.out.println(t)
	sys.out.println([[[1]], [[2, 3], []]])
