// Intersection types: a value of T & U is a value of both, so it has
// what either member promises: |l| on [int] & [real] (only the empty
// list), the field data of UnitList & List.  The 2013 compiler does not
// implement them ("intersection types not supported yet"); the output
// follows from the values alone.
import println from whiley.lang.System

define List as null | {int data, List next}
define UnitList as {int data, null next}
define Unit as UnitList & List
define Empty as [int] & [real]

int size(Empty l):
    return |l|

int first(Unit u):
    return u.data + 1

bool isUnit(List x):
    return x is Unit

void ::main(System.Console sys):
    sys.out.println(size([]))
    sys.out.println(first({data: 41, next: null}))
    two = {data: 2, next: {data: 3, next: null}}
    for x in [null, {data: 1, next: null}, two]:
        sys.out.println(isUnit(x))
