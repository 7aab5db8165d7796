// Named types that refer to each other through a union with a primitive
// member (List = Leaf | Node, Node = {List next}): the union keeps each
// member while the definitions are being resolved (Node first, here,
// and Branch), so a chain of records ending in an int is a Node.
// Output checked against the 2013 compiler.
import println from whiley.lang.System

define Leaf as int
define Node as { List next, int tag }
define List as Leaf | Node

define Tree as null | Branch
define Branch as { Tree left, Tree right, real value }

int last(Node n):
    l = n.next
    if l is int:
        return l
    return last(l)

int depth(List l):
    if l is Leaf:
        return 0
    return 1 + depth(l.next)

real total(Branch|null t):
    if t is null:
        return 0.0
    return t.value + total(t.left) + total(t.right)

void ::main(System.Console sys):
    a = { next: 7, tag: 1 }
    b = { next: a, tag: 2 }
    sys.out.println(last(b))
    sys.out.println(depth(b))
    sys.out.println(depth(3))
    leaf = { left: null, right: null, value: 1.5 }
    t = { left: leaf, right: null, value: 2.0 }
    sys.out.println(total(t))
