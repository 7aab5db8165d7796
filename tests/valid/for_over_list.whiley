// for over a list, a string, a set (order-insensitive here), a list of records, and a snapshot:
// assigning the source variable inside the body does not change the loop.
import * from whiley.lang.*

public void ::main(System.Console sys):
	total = 0
	for x in [3, 1, 4, 1, 5]:
		total = total + x
	sys.out.println(total)
	for c in "abc":
		sys.out.println(c)
	setSum = 0
	for v in {30, 10, 20, 10}:
		setSum = setSum + v
	sys.out.println(setSum)
	people = [{name: "bo", age: 3}, {name: "al", age: 40}]
	ages = 0
	for p in people:
		ages = ages + p.age
	sys.out.println(ages)
	z = [1, 2, 3]
	for x in z:
		z = z + [x * 10]
	sys.out.println(z)
	xs = [5, 6]
	for x in xs:
		xs[0] = 99
		sys.out.println(x)
	for w in 3..3:
		sys.out.println("never")
	for r in [[1, 2], [3]]:
		sys.out.println(|r|)
