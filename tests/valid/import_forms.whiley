// Imports: a single name from a module, then print from System; library
// modules are always visible by module name (Math.max without an import).
import println from whiley.lang.System
import print from whiley.lang.System

void ::main(System.Console sys):
    sys.out.print("max=")
    sys.out.println(Math.max(3, 7))
    sys.out.print(12)
    sys.out.print(" ")
    sys.out.println(Math.min(-4, 2))
    sys.out.println(Any.toString([1, 2]))
