// Assigning through an index into a union of lists, strings and maps
// (t[i] = v, g[i][j] = v): the kind is chosen when it runs.  The 2013
// compiler fails on these (a cast error in its type checker), so the
// expected output follows from the language rules alone.
import println from whiley.lang.System

define Table as [int]|{int=>int}
define Grid as [[int]]|{int=>[int]}
define Text as [char]|string

Table put(Table t, int i):
    t[i] = i * 10
    return t

Grid put2(Grid g, int i, int j):
    g[i][j] = 7
    return g

Text set0(Text t, char c):
    t[0] = c
    return t

void ::main(System.Console sys):
    sys.out.println(put([1, 2, 3], 1))
    sys.out.println(put({5=>1}, 2))
    sys.out.println(put2([[1, 2], [3, 4]], 1, 0))
    sys.out.println(put2({3=>[0, 0]}, 3, 1))
    sys.out.println(set0("abc", 'x'))
    sys.out.println(set0(['a', 'b'], 'y'))
