// sys.out.print (no newline) of ints, strings and "\t", then println("")
// ends the line; debug writes a string raw.
import * from whiley.lang.*

public void ::main(System.Console sys):
	for y in 0..3:
		for x in 0..4:
			sys.out.print(x * y)
			sys.out.print("\t")
		sys.out.println("")
	sys.out.print([1, 2])
	sys.out.print(" ")
	sys.out.print(2.5)
	sys.out.println("")
	debug "debug text\n"
	sys.out.print("no final newline")
