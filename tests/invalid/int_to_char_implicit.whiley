// error: 6: char int
// 'a' + 1 is an int; int -> char needs an explicit cast.
import * from whiley.lang.*

char next(char c):
    return c + 1

void ::main(System.Console sys):
    sys.out.println(next('a'))
