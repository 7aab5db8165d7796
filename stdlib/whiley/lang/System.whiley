// whiley.lang.System: the console (spec §7.1).  print and println are
// natives that the C back end emits as raw (string) or Any.toString
// (anything else) printing; the overload is chosen by static type.
package whiley.lang

define SystemOutWriter as ref any
define Console as {SystemOutWriter out, [string] args}

public native void ::print(SystemOutWriter out, string s):
public native void ::println(SystemOutWriter out, string s):
public native void ::print(SystemOutWriter out, any s):
public native void ::println(SystemOutWriter out, any s):
