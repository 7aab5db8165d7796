// Found by the differential tester (seed 300393): a [real] list that a
// kernel wrote keeps its device copy; the next kernel that writes it
// uploads nothing, and its write-back (reals come back at once, checked
// for infinities and NaNs) must compare with the host values converted
// again, not with an uploaded image that does not exist.  The runtime
// dereferenced the missing image.  The values are exact in binary, so
// every target prints the same.
import * from whiley.lang.*

void ::main(System.Console sys):
    xs = [0.5, 1.5, 2.5, -3.25]
    for i in 0..4:
        xs[i] = xs[i] * 2.0
    for i in 0..4:
        xs[i] = xs[i] + 0.25
    sys.out.println(xs)
    // a host write between: its row goes up, the others stay
    xs[1] = 10.0
    for i in 0..4:
        xs[i] = xs[i] - 1.0
    sys.out.println(xs)
    m = [[0.5, 1.0], [1.5, 2.0]]
    for i in 0..2:
        for j in 0..2:
            m[i][j] = m[i][j] * 4.0
    for i in 0..2:
        for j in 0..2:
            m[i][j] = m[i][j] + 1.0
    sys.out.println(m)
