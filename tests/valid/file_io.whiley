// whiley.io.File: a Reader over this very file (tests run from the
// repository root), read whole and in chunks of at most N bytes (the
// 2013 library fails reading at the end of a file: this test stops
// before), and a
// Writer (to /dev/null: a test that writes a file and reads it back is
// tests/faults.sh's file_roundtrip).  Output checked against the 2013
// compiler.
import println from whiley.lang.System
import * from whiley.io.File

define PATH as "tests/valid/file_io.whiley"

int countLines([byte] data):
    n = 0
    for b in data:
        if b == 00001010b:
            n = n + 1
    return n

void ::main(System.Console sys):
    r = Reader(PATH)
    data = r.read()
    r.close()
    sys.out.println(countLines(data))
    first = String.fromASCII(data[0..35])
    sys.out.println(first)
    r = File.Reader(PATH)
    head = r.read(100)
    next = r.read(20)
    rest = r.read()
    r.close()
    sys.out.println([|head|, |next|, |head| + |next| + |rest| - |data|])
    same = head + next + rest == data
    sys.out.println(same)
    w = Writer("/dev/null")
    w.write(data[0..10])
    w.close()
    sys.out.println("done")
