/* ocl_build.c -- the host side of build kernels (filter/build.c): the
 * list that a kernel of kind `build` fills.
 *
 * The list is made here with its final length and shape; the kernel's
 * call treats it as a write-only argument written whole
 * (WY_OCL_WIN_WHOLE), so nothing goes up, and the buffer the kernel
 * filled becomes the list's device copy (ocl_run.c, settle_lists): the
 * host data stays stale until the host reads it, and has no storage
 * until then (wyrt_new_list_deferred: zeros, made by the download that
 * overwrites them, ocl_marshal.c).  Every element is written by the
 * kernel, or the list is dropped when the call fails.
 */
#define WY_OCL_IMPL
#include "ocl.h"
#include "wyrt_impl.h"

/* n elements whose storage is made when the kernel's values come to
 * the host (wyrt_new_list_deferred): a grid of small rows would come
 * from the heap, written at once, and reals are written even in one
 * flat list (zero bits are no real). */
static wyv
flat_list(int elem, int64_t n)
{
  WyListStore s = elem == WY_OCL_T_REAL ? WY_LS_REAL
                  : elem == WY_OCL_T_BOOL ? WY_LS_BOOL : WY_LS_INT;
  return (wyv)(uintptr_t)wyrt_new_list_deferred(s, n > 0 ? (size_t)n : 0);
}

wyv
wy_ocl_build_list(int elem, int depth, const int64_t *n)
{
  size_t rows = n[0] > 0 ? (size_t)n[0] : 0;
  WyList *l;
  if (depth < 2) return flat_list(elem, n[0]);
  l = wyrt_new_list(WY_LS_ANY, rows);
  for (size_t r = 0; r < rows; r++)
    ((wyv *)l->data)[r] = wy_ocl_build_list(elem, depth - 1, n + 1);
  l->len = rows;
  return (wyv)(uintptr_t)l;
}
