/* ocl_build.c -- the host side of build kernels (filter/build.c): the
 * list that a kernel of kind `build` fills.
 *
 * The list is made here with its final length and storage, its
 * elements zero; the kernel's call treats it as a write-only argument
 * written whole (WY_OCL_WIN_WHOLE), so nothing goes up, and the buffer
 * the kernel filled becomes the list's device copy (ocl_run.c,
 * settle_lists): the host data stays stale until the host reads it.
 * (The zeros are never read as results: every element is written by
 * the kernel, or the list is dropped when the call fails; they keep the
 * storage's invariants meanwhile.)
 */
#define WY_OCL_IMPL
#include "ocl.h"
#include "wyrt_impl.h"

static wyv
flat_list(int elem, int64_t n)
{
  WyListStore s = elem == WY_OCL_T_REAL ? WY_LS_REAL
                  : elem == WY_OCL_T_BOOL ? WY_LS_BOOL : WY_LS_INT;
  size_t len = n > 0 ? (size_t)n : 0;
  WyList *l;
  if (s == WY_LS_REAL) {
    /* LS_REAL holds immediate reals (wyrt.h): 0.0 is one */
    WyQ zq = {0, 1};
    wyv zero = wyrt_real_of_q(zq);
    l = wyrt_new_list(s, len);
    for (size_t i = 0; i < len; i++) ((wyv *)l->data)[i] = zero;
  } else {
    /* zero pages: untouched until the host reads the kernel's values */
    l = wyrt_new_list_zero(s, len);
  }
  l->len = len;
  return (wyv)(uintptr_t)l;
}

wyv
wy_ocl_build_list(int elem, int depth, const int64_t *n)
{
  size_t rows = n[0] > 0 ? (size_t)n[0] : 0;
  WyList *l;
  if (depth < 2) return flat_list(elem, n[0]);
  l = wyrt_new_list(WY_LS_ANY, rows);
  for (size_t r = 0; r < rows; r++) ((wyv *)l->data)[r] = flat_list(elem, n[1]);
  l->len = rows;
  return (wyv)(uintptr_t)l;
}
