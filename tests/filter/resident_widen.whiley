// A kernel's int results left on the device may not fit the host's
// flat int storage (values of 2^62 and beyond, from the 64-bit variant):
// the fetch widens the list.  A sublist taken right after the kernel
// must see the widened storage, not read it as flat ints; so must an
// index read (it printed a pointer as an int).
import * from whiley.lang.*

void ::main(System.Console sys):
    xs = [1, 2, 3, 1]
    for i in 0..4:
        xs[i] = xs[i] * 2305843009213693952
    ys = xs[1..3]
    sys.out.println(ys)
    zs = [2, 3]
    for i in 0..2:
        zs[i] = zs[i] * 2305843009213693952
    sys.out.println(|zs|)
    sys.out.println((zs == [4611686018427387904, 6917529027641081856]))
    // an index read right after the kernel (the generated fast path for
    // [int] must fetch before it reads the flat storage)
    ws = [1, 2]
    for i in 0..2:
        ws[i] = ws[i] * 2305843009213693952
    sys.out.println(ws[1])
    sys.out.println(ws[0] + 1)
