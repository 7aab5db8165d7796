// Sets: printed sorted, ints before all reals, duplicates removed, union,
// intersection, difference, membership, subset, list-to-set coercion, sets
// of lists (shorter first), chars, and the empty set.
import * from whiley.lang.*

public {int} evens([int] xs):
	return {x * 2 | x in xs}

public void ::main(System.Console sys):
	sys.out.println({3, 1, 2, 3, 1})
	sys.out.println({-4, 10, -1, 0})
	sys.out.println({2.5, 1, 0.5, 2})
	sys.out.println({1, 2, 1.0})
	sys.out.println({})
	sys.out.println({'c', 'a', 'b'})
	sys.out.println({[1, 2], [2], [1]})
	sys.out.println({true, false})
	a = {1, 2, 3, 4}
	b = {3, 4, 5}
	sys.out.println(a + b)
	sys.out.println(a ∪ b)
	sys.out.println(a & b)
	sys.out.println(a ∩ b)
	sys.out.println(a - b)
	sys.out.println((3 in a))
	sys.out.println((5 ∈ a))
	sys.out.println(({3, 4} ⊆ a))
	sys.out.println((a ⊂ a))
	sys.out.println(|(a + b)|)
	sys.out.println(evens([3, 1, 2, 1]))
	sys.out.println({5} + [1, 2])
	s = {(2, 1), (1, 2), (1, 1)}
	sys.out.println(s)
