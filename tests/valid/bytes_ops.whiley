// Bytes: literals, & | ^ ~, logical shifts truncated to 8 bits, printing,
// string + byte, Byte/Int conversions.
import * from whiley.lang.*

public void ::main(System.Console sys):
	a = 00001111b
	b = 01010101b
	sys.out.println(a)
	sys.out.println(a & b)
	sys.out.println(a | b)
	sys.out.println(a ^ b)
	sys.out.println(~a)
	sys.out.println(b << 1)
	sys.out.println(10000000b << 1)
	sys.out.println(b >> 2)
	sys.out.println(1b)
	sys.out.println("byte " + a)
	sys.out.println([a, b])
	sys.out.println(Byte.toUnsignedInt(11111111b))
	sys.out.println(Byte.toInt(11111111b))
	sys.out.println(Int.toUnsignedByte(200))
	sys.out.println((a == 1111b))
