// Assigning m[k] = v where k's type is not the map's key type: an int
// key of a {real=>...} map is converted to a real, any other key widens
// the map's key type (an empty map {=>} grows with each assignment), and
// a map with int and real keys coerces to a {real=>...} parameter or
// result by converting its keys.  Output checked against the 2013
// compiler.
import println from whiley.lang.System

define Ints as {int=>int}
define Reals as {real=>int}

{real=>int} scale({real=>int} m):
    m[2] = 20
    return m

Reals widen(Ints m):
    m[0.5] = 5
    return m

{int=>int} sum({int=>int} m, int k):
    m[k] = k * 2
    return m

void ::main(System.Console sys):
    r = scale({0.5=>1})
    sys.out.println(r)
    sys.out.println(r[2.0])
    sys.out.println(widen({1=>2, 3=>4}))
    x = {=>}
    x[1] = 'a'
    x['c'] = 2
    x[1.5] = 3
    sys.out.println(x)
    sys.out.println(|x|)
    m = {=>}
    for i in 0..4:
        m = sum(m, i)
    sys.out.println(m)
