// Found by the differential tester (seeds 300251, 300257 and others on
// the 16-core device machine): the device starts on a thread at program
// start, and that thread flushed stdout, which the program writes with
// unlocked stdio: lines printed meanwhile were lost.  This program
// prints while the device starts (a little work between the lines, so
// that the printing spans the start), then offloads.
import * from whiley.lang.*

int work(int n):
    s = 0
    k = 0
    while k < n:
        s = (s + k) % 7
        k = k + 1
    return s

void ::main(System.Console sys):
    i = 0
    while i < 2000:
        sys.out.println(work(2000) + i)
        i = i + 1
    xs = [1, 2, 3, 4]
    for j in 0..4:
        xs[j] = xs[j] * 3
    sys.out.println(xs)
