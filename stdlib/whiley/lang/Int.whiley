// whiley.lang.Int (spec §7.5)
package whiley.lang

define i8 as int where $ >= -128 && $ <= 127
define i16 as int where $ >= -32768 && $ <= 32768
define i32 as int where $ >= -2147483648 && $ <= 2147483647
define i64 as int where $ >= -9223372036854775808 && $ <= 9223372036854775807
define u8 as int where $ >= 0 && $ <= 255
define u16 as int where $ >= 0 && $ <= 65535
define u32 as int where $ >= 0 && $ <= 4294967295
define u64 as int where $ >= 0 && $ <= 18446744073709551615
define nat as int where $ >= 0

public string toString(int item):
	return Any.toString(item)

public native string toHexString(int item):
public native byte toUnsignedByte(int v) requires v >= 0 && v <= 255:
public native [byte] toUnsignedBytes(int v) requires v >= 0:
public native byte toSignedByte(int v) requires v >= -128 && v <= 127:
public native int parse(string input) throws Errors.SyntaxError:
