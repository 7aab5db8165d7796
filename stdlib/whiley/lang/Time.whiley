// whiley.lang.Time (spec §7.4): wall-clock seconds as an exact rational
package whiley.lang

public native real ::current():
