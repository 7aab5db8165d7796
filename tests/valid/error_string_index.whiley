// Runtime error: indexing a string past its end.
import * from whiley.lang.*

public void ::main(System.Console sys):
	s = "abc"
	sys.out.println(s[2])
	sys.out.println(s[3])
