// whiley.lang.Any (spec §7.2)
package whiley.lang

public native string toString(any item):
