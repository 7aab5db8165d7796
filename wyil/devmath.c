/* devmath.c -- the natives of whiley.lang.Math that device code computes
 * itself: the filter lets kernels (and the functions they call) call
 * them, and the OpenCL back end emits the device's builtin.  Each must
 * give the exact result of an int function, or the CPU's real result up
 * to the device's rounding (reals on a device differ from exact ones by
 * rounding only); a device result that is not finite, or an int that
 * does not fit, sets the kernel's flag and the CPU reruns the loop.
 * sqrt's error bound is ignored, as on the CPU; its precondition, as
 * those of pow and isqrt, is the caller's check before the call. */
#include <string.h>

#include "wyil.h"

/* real -> real: the CPU's double of f(double x) (runtime/lib_math.c),
 * OpenCL's builtin of the same name on the device's real. */
static const char *const real_fns[] = {
  "exp", "exp10", "log", "log10", "sin", "cos", "tan", "asin", "acos",
  "atan",
};

static bool
is_kind(Type *t, TypeKind kind)
{
  return t && ty_expand(t)->kind == kind;
}

static bool
is_num(Type *t)
{
  return is_kind(t, TY_INT) || is_kind(t, TY_REAL);
}

bool
wyil_is_math(const Func *fn, const char *name)
{
  return fn && fn->is_native && fn->module
         && !strcmp(fn->module, "whiley/lang/Math")
         && (!name || !strcmp(fn->name, name));
}

WyilDevMath
wyil_device_math(const Func *fn)
{
  if (!wyil_is_math(fn, NULL) || !fn->type) return WYIL_DM_NONE;
  const char *n = fn->name;
  Type *t = fn->type;
  bool one_real = t->n == 1 && ty_expand(t->elems[0])->kind == TY_REAL;
  for (size_t i = 0; i < sizeof real_fns / sizeof real_fns[0]; i++)
    if (!strcmp(n, real_fns[i]))
      return one_real && ty_expand(t->ret)->kind == TY_REAL ? WYIL_DM_REAL
                                                            : WYIL_DM_NONE;
  if (!strcmp(n, "floor") || !strcmp(n, "ceil") || !strcmp(n, "round"))
    return one_real && ty_expand(t->ret)->kind == TY_INT ? WYIL_DM_TO_INT
                                                         : WYIL_DM_NONE;
  if (!strcmp(n, "sqrt"))
    return t->n == 2 && is_num(t->elems[0]) && is_kind(t->elems[1], TY_REAL)
           && is_kind(t->ret, TY_REAL) ? WYIL_DM_SQRT : WYIL_DM_NONE;
  if (!strcmp(n, "pow"))
    return t->n == 2 && is_kind(t->elems[0], TY_INT)
           && is_kind(t->elems[1], TY_INT) && is_kind(t->ret, TY_INT)
           ? WYIL_DM_POW : WYIL_DM_NONE;
  if (!strcmp(n, "isqrt"))
    return t->n == 1 && is_kind(t->elems[0], TY_INT)
           && is_kind(t->ret, TY_INT) ? WYIL_DM_ISQRT : WYIL_DM_NONE;
  if (!strcmp(n, "abs") && t->n == 1) return WYIL_DM_ABS;
  if ((!strcmp(n, "min") || !strcmp(n, "max")) && t->n == 2)
    return WYIL_DM_MINMAX;
  return WYIL_DM_NONE;
}
