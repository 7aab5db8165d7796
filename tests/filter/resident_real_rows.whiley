// [[real]] results stay on the device too (issue 15): a 2-D build, a
// kernel over the matrix, a row taken and printed on the host, a host
// write and a kernel that reads the matrix, a reduction over the rows;
// then a window written without reading in a matrix the device holds:
// its elements come back as the device's doubles, the others (in the
// window's rows, and in the other rows) keep their exact values.
// explain: resident_real_rows.whiley:18: for i: GPU-implicit (kernel 1, build of 'm', 2-D (i, j)
// explain: resident_real_rows.whiley:23: for i: GPU-implicit (kernel 2, 2-D (i, j)
// explain: resident_real_rows.whiley:31: for i: GPU-implicit (kernel 3, 2-D (i, j)
// explain: resident_real_rows.whiley:36: for row: GPU-implicit (kernel 4, reduce 's' with +, 1-D
// explain: resident_real_rows.whiley:43: for i: GPU-implicit (kernel 5, 2-D (i, j)
// explain: resident_real_rows.whiley:46: for i: GPU-implicit (kernel 6, 2-D (i, j)
import * from whiley.lang.*

void ::main(System.Console sys):
    n = 4
    m = []
    for i in 0..n:
        row = []
        for j in 0..n:
            row = row + [(real)(i * n + j) / 8.0]
        m = m + [row]
    for i in 0..n:
        for j in 0..n:
            m[i][j] = m[i][j] * 2.0 + 1.0
    r = m[2]
    sys.out.println(r)
    sys.out.println(m[1][3])
    m[0][1] = 0.75
    p = m
    for i in 0..n:
        for j in 0..n:
            p[i][j] = m[i][j] - m[j][i]
    sys.out.println(p)
    s = 0.0
    for row in m:
        for v in row:
            s = s + v
    sys.out.println(s)
    t = [0.1, 0.2, 0.3, 0.4]
    g = [t, t, t, t]
    h = [t, t, t, t]
    for i in 0..n:
        for j in 0..n:
            h[i][j] = g[i][j] + 1.0
    for i in 1..3:
        for j in 1..3:
            g[i][j] = t[j] * 3.0
    sys.out.println(g)
    sys.out.println(h[3])
    sys.out.println(t)
