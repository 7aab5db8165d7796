// error: 6: char int
// 'a' + 1 is an int; int -> char needs an explicit cast.
import * from whiley.lang.*

char next(char c):
    return c + 1

void ::main(System.Console sys):
    sys.out.println(next('a'))

// The 2013 compiler reports: 6: expected type char, found int
