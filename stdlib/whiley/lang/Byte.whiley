// whiley.lang.Byte (spec §7.9)
package whiley.lang

public native string toString(byte b):
public native int toUnsignedInt(byte b):
public native int toUnsignedInt([byte] bytes):
public native int toInt(byte b):
public native int toInt([byte] bytes):
public native char toChar(byte b):
