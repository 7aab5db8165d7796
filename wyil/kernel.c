/* kernel.c -- questions about a Kernel's shape that the planning passes
 * (checks/) and the OpenCL printer both ask: which FORALL of a kernel
 * function is an NDRange dimension, and which are the copies of one
 * that register blocking made (filter/jam.c, Kernel.jam_copy).  They
 * read the Kernel and change nothing.
 */
#include "wyil.h"

bool
wyil_jam_copy(const Kernel *k, const Insn *in, int *dim, int *copy)
{
  for (int d = 0; k && d < k->ndims; d++)
    for (int c = 1; c < k->jam[d] && c < WYIL_JAM_MAX; c++)
      if (k->jam_copy[d][c] == in) {
        *dim = d;
        *copy = c;
        return true;
      }
  return false;
}

int
wyil_jam_var_dim(const Kernel *k, int r)
{
  for (int d = 0; k && r >= 0 && d < k->ndims; d++)
    for (int c = 1; c < k->jam[d] && c < WYIL_JAM_MAX; c++)
      if (k->jam_copy[d][c] && k->jam_copy[d][c]->dst == r) return d;
  return -1;
}

int
wyil_kernel_dim(const Kernel *k, const Insn *in)
{
  int d, c;
  for (d = 0; k && d < k->ndims; d++)
    if (k->loops[d] == in) return d;
  return wyil_jam_copy(k, in, &d, &c) ? d : -1;
}
