// error: 5:8: 'main' must be declared void ::main(System.Console sys) not void ::main(int)
// The runtime calls main with the console: any other parameter is an error.
import * from whiley.lang.*

void ::main(int n):
	debug "never"
