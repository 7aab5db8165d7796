// error: 9:14: a switch cannot mix type and value cases
// A switch tests either values (case 1:) or types (case int:), not both.
import * from whiley.lang.*

string f(any x):
    switch x:
        case int:
            return "int"
        case "one":
            return "one"
    return "other"

void ::main(System.Console sys):
    sys.out.println(f(1))
