/* rt_natives.c -- runtime/natives.def against the runtime: every
 * WY_NATIVE(Module, f) it lists, which the compiler lets programs call,
 * must be a function wy_lib_Module_f of libwyrt (this file does not link
 * otherwise), and the list must name each Module.f once.
 */
#include "test.h"

typedef void (*Fn)(void);

static const struct {
  const char *module, *name;
  Fn fn;
} natives[] = {
#define WY_NATIVE(m, f) {#m, #f, (Fn)wy_lib_##m##_##f},
#define WY_NATIVE_EMITTED(m, f) {#m, #f, NULL},
#include "../../runtime/natives.def"
#undef WY_NATIVE
#undef WY_NATIVE_EMITTED
};

int
main(void)
{
  size_t n = sizeof natives / sizeof natives[0];
  CHECK(1, n > 40);
  for (size_t i = 0; i < n; i++) {
    for (size_t k = 0; k < i; k++)
      CHECK(0, !strcmp(natives[i].module, natives[k].module)
               && !strcmp(natives[i].name, natives[k].name));
    if (natives[i].fn) CHECK(1, natives[i].fn != NULL);
  }
  printf("%d checks here, 0 failed\nOK rt_natives\n", test_checks);
  return 0;
}
