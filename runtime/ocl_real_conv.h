/* ocl_real_conv.h -- the runtime's exact reals in the device's real
 * type (ocl_real_conv.c); after ocl.h and wyrt_impl.h. */
#ifndef WY_OCL_REAL_CONV_H
#define WY_OCL_REAL_CONV_H

/* A real in the device's type at dst (a cl_double when dbl, else a
 * cl_float), correctly rounded; false when out of its range.  quick:
 * without GMP or MPFR, so on any thread; WY_OCL_Q_EXACT when it needs
 * them.  put_reals_quick: n immediates (LS_REAL storage) on several
 * threads when n >= min, in slices of at least grain; false when
 * n < min or some element needs put_q (dst then partly written). */
enum { WY_OCL_Q_DONE, WY_OCL_Q_RANGE, WY_OCL_Q_EXACT };
bool wy_ocl_put_real(mpq_srcptr q, bool dbl, void *dst);
bool wy_ocl_put_q(WyQ q, bool dbl, void *dst);
int wy_ocl_put_q_quick(WyQ q, bool dbl, void *dst);
/* An immediate real word (LS_REAL storage, either real mode) at dst;
 * and the word of a device value d (false: it has none). */
int wy_ocl_put_word_quick(wyv w, bool dbl, void *dst);
/* An IEEE mode's number d in the device's type (WY_OCL_Q_RANGE: beyond
 * a float's range). */
int wy_ocl_put_double(double d, bool dbl, void *dst);
bool wy_ocl_put_word(wyv w, bool dbl, void *dst);
bool wy_ocl_word_of(double d, wyv *w);
bool wy_ocl_put_reals_quick(const wyv *ws, size_t n, bool dbl, char *dst,
                            size_t min, size_t grain);

/* LS_F64 and LS_F32 storage (an IEEE mode's [real], list.c): is s the
 * device's real type (then the layouts are the same)?  Element i as a
 * double, and the device value d stored there (rounded to float for
 * LS_F32).  put_nums: n elements from src at dst in the device's type,
 * copied where the types are the same (on several threads when n >=
 * min, in slices of at least grain), else converted; false when one is
 * beyond a float's range.  No GMP: on any thread. */
static inline bool
wy_ocl_nums_same(WyListStore s, bool dbl)
{
  return dbl ? s == WY_LS_F64 : s == WY_LS_F32;
}
static inline bool
wy_ocl_is_nums(WyListStore s)
{
  return s == WY_LS_F64 || s == WY_LS_F32;
}
static inline double
wy_ocl_num_at(const void *data, WyListStore s, size_t i)
{
  return s == WY_LS_F64 ? ((const double *)data)[i]
                        : ((const float *)data)[i];
}
static inline void
wy_ocl_num_set(void *data, WyListStore s, size_t i, double d)
{
  if (s == WY_LS_F64) ((double *)data)[i] = d;
  else ((float *)data)[i] = (float)d;
}
bool wy_ocl_put_nums(const void *src, WyListStore s, size_t n, bool dbl,
                     char *dst, size_t min, size_t grain);

#endif
