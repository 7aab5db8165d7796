// error: 7:5: expected type char, found real
// A string holds chars: s[i] = v needs a char.
import * from whiley.lang.*

void ::main(System.Console sys):
    s = "abc"
    s[1] = 0.5
    sys.out.println(s)
