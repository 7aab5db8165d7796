// A division by zero in a loop whose reals are machine doubles under
// --real=double: the language's error at the division, in either mode;
// the loop's earlier results are printed first.
import * from whiley.lang.*

public real ratios([real] a, [real] b):
	s = 0.0
	for i in 0..|a|:
		s = s + a[i] / b[i]
		if i < 2:
			sys_note(s)
	return s

public real sys_note(real s):
	return s

public void ::main(System.Console sys):
	sys.out.println(ratios([1.0, 2.0], [4.0, 8.0]))
	sys.out.println(ratios([1.0, 2.0, 3.0], [4.0, 8.0, 0.0]))
