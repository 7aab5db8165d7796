// EXPECTED OUTPUT DELIBERATELY DIFFERS FROM THE JAVA ORACLE: the 2013 Java
// runtime iterates sets in hash order (it prints 20, 10, 30 and
// [0, -2, 5, 9] here); spec 3.4, 6.3 and 12.2 fix set and map iteration to
// ascending value order, which is what the .sysout holds.
import * from whiley.lang.*

public void ::main(System.Console sys):
	for v in {30, 10, 20}:
		sys.out.println(v)
	for k, v in {3=>"c", 1=>"a", 2=>"b"}:
		sys.out.println(k)
	order = []
	for x in {5, -2, 9, 0}:
		order = order + [x]
	sys.out.println(order)
