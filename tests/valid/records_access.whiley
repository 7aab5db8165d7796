// Records: literals, field access, nested records, records in lists, a
// record type with a union field, field access through a union of records.
import * from whiley.lang.*

define Circle as {int r, string kind}
define Square as {int side, string kind}
define Shape as Circle | Square
define Person as {string name, int age, {int day, int month} birthday}

public int area(Shape s):
	if s is Circle:
		return 3 * s.r * s.r
	else:
		return s.side * s.side

public string kindOf(Shape s):
	return s.kind

public void ::main(System.Console sys):
	p = {name: "ann", age: 30, birthday: {day: 4, month: 7}}
	sys.out.println(p.name)
	sys.out.println(p.birthday.month)
	sys.out.println(p)
	shapes = [{r: 2, kind: "circle"}, {side: 3, kind: "square"}]
	total = 0
	for s in shapes:
		total = total + area(s)
		sys.out.println(kindOf(s))
	sys.out.println(total)
	q = p
	q.age = q.age + 1
	sys.out.println((p.age, q.age))
	sys.out.println({x: 1, y: {z: [1, 2]}})
