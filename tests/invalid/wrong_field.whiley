// error: 7: field
import * from whiley.lang.*

define Point as {int x, int y}

int getZ(Point p):
    return p.z

void ::main(System.Console sys):
    sys.out.println(getZ({x: 1, y: 2}))

// The 2013 compiler reports: 7: record has no field named z
