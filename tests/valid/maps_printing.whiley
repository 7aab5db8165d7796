// Maps: literals, lookup, insert and replace m[k] = v, |m|, printing with
// keys sorted (ints before reals), list-to-map coercion, for over a map.
// Map values here are ints, reals and lists only (a map value that is a
// string prints unquoted in the Java runtime, see spec 6.2).
import * from whiley.lang.*

public {int=>real} fromList([real] xs):
	return xs

public void ::main(System.Console sys):
	m = {3=>30, 1=>10, 2=>20}
	sys.out.println(m)
	sys.out.println(m[2])
	m[4] = 40
	m[1] = -1
	sys.out.println(m)
	sys.out.println(|m|)
	sys.out.println({=>})
	sys.out.println(fromList([1.2, 2.5]))
	mixed = {2.0=>2, 1=>1, 0.5=>5}
	sys.out.println(mixed)
	names = {"b"=>[2], "a"=>[1, 1]}
	sys.out.println(names["a"])
	sum = 0
	for k, v in m:
		sum = sum + k * v
	sys.out.println(sum)
	count = {'x'=>0}
	count['y'] = 2
	count['x'] = count['x'] + 1
	sys.out.println(count)
