// Real results stay on the device (issue 15): the kernel checks each
// real it stores (an infinity or a NaN would set its flag), so the host
// fetches a [real] or [[real]] only when it reads it.  Every read path
// must see the kernel's values converted exactly: printing, indexing,
// equality, a call, a reduction and a later kernel on the device, a
// host write and then a kernel.  The fetch keeps a host value the
// kernel did not change (compared in device bits, where the kernel read
// the list) and takes the device's value where the kernel wrote without
// reading (compared in language values, as the eager write-back did):
// a copied 0.1 comes back as its double, an untouched 0.1 stays exact.
// explain: resident_reals.whiley:30: for x: GPU-implicit (kernel 12, reduce 's' with +, 1-D
// explain: resident_reals.whiley:37: for i: GPU-implicit (kernel 1, build of 'xs', 1-D
// explain: resident_reals.whiley:40: for i: GPU-implicit (kernel 2, build of 'ys', 1-D
// explain: resident_reals.whiley:50: for i: GPU-implicit (kernel 3, 1-D
// explain: resident_reals.whiley:56: for i: GPU-implicit (kernel 4, 1-D
// explain: resident_reals.whiley:62: for i: GPU-implicit (kernel 5, 1-D
// explain: resident_reals.whiley:67: for i: GPU-implicit (kernel 6, 1-D
// explain: resident_reals.whiley:75: for i: GPU-implicit (kernel 7, 1-D
// explain: resident_reals.whiley:77: for i: GPU-implicit (kernel 8, 1-D
// explain: resident_reals.whiley:84: for i: GPU-implicit (kernel 9, 1-D
// explain: resident_reals.whiley:86: for i: GPU-implicit (kernel 10, 1-D
// explain: resident_reals.whiley:88: for i: GPU-implicit (kernel 11, 1-D
import * from whiley.lang.*

real at([real] xs, int i):
    return xs[i]

real total([real] xs):
    s = 0.0
    for x in xs:
        s = s + x
    return s

void ::main(System.Console sys):
    n = 6
    xs = []
    for i in 0..n:
        xs = xs + [(real)i / 4.0]
    ys = []
    for i in 0..n:
        ys = ys + [xs[i] * 3.0 + 0.5]
    sys.out.println(ys[2])
    sys.out.println(ys)
    sys.out.println((ys == [0.5, 1.25, 2.0, 2.75, 3.5, 4.25]))
    sys.out.println(at(ys, 5))
    sys.out.println(total(ys))
    // a host write, then a kernel that reads the list
    ys[1] = 100.0
    zs = xs
    for i in 0..n:
        zs[i] = ys[i] - xs[i]
    sys.out.println(zs)
    sys.out.println(ys)
    // thirds: the device's doubles, not the exact values
    ts = xs
    for i in 0..n:
        ts[i] = xs[i] / 3.0
    sys.out.println(ts)
    // a copy of tenths: each element the double of a tenth
    us = [0.1, 0.2, 0.3, 0.4]
    vs = [0.1, 0.2, 0.3, 0.4]
    for i in 0..4:
        vs[i] = us[i]
    sys.out.println(vs)
    // a kernel that reads the list: what it does not change stays exact
    ws = [0.1, 0.2, 0.3, 0.4]
    for i in 0..4:
        if i % 2 == 0:
            ws[i] = ws[i] * 2.0
    sys.out.println(ws)
    // a window written without reading, in a list the device already
    // holds: only the window comes back as doubles
    ps = [0.1, 0.2, 0.3, 0.4]
    bs = [0.0, 0.0, 0.0, 0.0]
    for i in 0..4:
        bs[i] = ps[i] + 1.0
    for i in 1..3:
        ps[i] = us[i]
    sys.out.println(ps)
    // two windows one after the other in a list the device holds,
    // neither inside the other (the first is fetched before the second)
    cs = [0.1, 0.2, 0.3, 0.4]
    ds = [0.0, 0.0, 0.0, 0.0]
    for i in 0..4:
        ds[i] = cs[i] * 2.0
    for i in 0..2:
        cs[i] = us[i]
    for i in 2..4:
        cs[i] = us[i]
    sys.out.println(cs)
    sys.out.println(bs)
    sys.out.println(ds)
