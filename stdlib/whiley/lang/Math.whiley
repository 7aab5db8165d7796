// whiley.lang.Math (spec §7.3).  Natives are in libwyrt (lib_math.c);
// transcendental functions round through IEEE doubles with MPFR and
// return the exact value of the double, as the 2013 runtime did.
package whiley.lang

public define PI as 3.14159265358979323846
public define E as 2.718281828459045
public define ERROR as 0.00000000000000000001

public native int abs(int x):
public native real abs(real x):
public native int max(int a, int b):
public native real max(real a, real b):
public native int min(int a, int b):
public native real min(real a, real b):
public native int pow(int base, int exponent) requires exponent > 0:
public native int floor(real x):
public native int ceil(real x):
public native int round(real x):
public native int isqrt(int x) requires x >= 0:
public native real sqrt(int x, real err) requires x >= 0:
public native real sqrt(real x, real err) requires x >= 0.0:
public native real exp(real x):
public native real exp10(real x):
public native real log(real x) requires x > 0.0:
public native real log10(real x) requires x > 0.0:
public native real sin(real x):
public native real cos(real x):
public native real tan(real x):
public native real asin(real x) requires x >= -1.0 && x <= 1.0:
public native real acos(real x) requires x >= -1.0 && x <= 1.0:
public native real atan(real x):
public native real ::random():
