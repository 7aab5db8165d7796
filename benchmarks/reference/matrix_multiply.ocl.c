/* matrix_multiply.ocl.c -- hand-written OpenCL reference for
 * benchmarks/programs/matrix_multiply.whiley: same argument, checksum
 * (floats, as wyc's --gpu-real=float; exact for these matrices).
 *   usage: matrix_multiply.ocl [n]                 (default 300)
 * One work-item per entry of C, in 16 x 16 work-groups that stage
 * 16 x 16 tiles of A and B in local memory (the one local-memory kernel
 * of the references: the textbook tiled product).
 */
#include <stdio.h>

#include "matrix_input.h"
#include "ref_cl.h"

#define TILE 16

static const char *source =
  "#define T 16\n"
  "__kernel void matmul(__global const float *a,\n"
  "                     __global const float *b, __global float *c, int n)\n"
  "{\n"
  "  int j = get_global_id(0), i = get_global_id(1);\n"
  "  int lj = get_local_id(0), li = get_local_id(1);\n"
  "  __local float ta[T][T], tb[T][T];\n"
  "  float s = 0.0f;\n"
  "  for (int k0 = 0; k0 < n; k0 += T) {\n"
  "    ta[li][lj] = i < n && k0 + lj < n ? a[i * n + k0 + lj] : 0.0f;\n"
  "    tb[li][lj] = k0 + li < n && j < n ? b[(k0 + li) * n + j] : 0.0f;\n"
  "    barrier(CLK_LOCAL_MEM_FENCE);\n"
  "    for (int k = 0; k < T; k++) s += ta[li][k] * tb[k][lj];\n"
  "    barrier(CLK_LOCAL_MEM_FENCE);\n"
  "  }\n"
  "  if (i < n && j < n) c[i * n + j] = s;\n"
  "}\n";

int
main(int argc, char **argv)
{
  int n = (int)ref_arg(argc, argv, 1, 300, "matrix_multiply [n]");
  size_t cells = (size_t)n * (size_t)n;
  size_t up = ((size_t)n + TILE - 1) / TILE * TILE;
  size_t global[2] = {up, up}, local[2] = {TILE, TILE};
  float *a = ref_alloc(cells, sizeof *a), *b = ref_alloc(cells, sizeof *b);
  float *c = ref_alloc(cells, sizeof *c);
  double phase[REF_NPHASES], t0, t1;
  cl_mem ba, bb, bc;
  RefCl cl;
  cl_kernel k;

  matrix_fill(a, n, 0, 1);
  matrix_fill(b, n, 5, 3);
  ref_cl_init(&cl, source, "");
  k = ref_cl_kernel(&cl, "matmul");
  t0 = ref_now();
  ba = ref_cl_buffer(&cl, cells * sizeof *a);
  bb = ref_cl_buffer(&cl, cells * sizeof *b);
  bc = ref_cl_buffer(&cl, cells * sizeof *c);
  ref_cl_write(&cl, ba, cells * sizeof *a, a);
  ref_cl_write(&cl, bb, cells * sizeof *b, b);
  ref_cl_arg(k, 0, sizeof ba, &ba);
  ref_cl_arg(k, 1, sizeof bb, &bb);
  ref_cl_arg(k, 2, sizeof bc, &bc);
  ref_cl_arg(k, 3, sizeof n, &n);
  ref_cl_run(&cl, k, 2, global, local);
  ref_cl_read(&cl, bc, 0, cells * sizeof *c, c);
  t1 = ref_now();
  ref_cl_finish(&cl, phase);
  matrix_print_checksum(c, n);
  ref_print_region(t1 - t0);
  ref_print_profile("matmul", cl.launches, phase);
  clReleaseMemObject(ba);
  clReleaseMemObject(bb);
  clReleaseMemObject(bc);
  clReleaseKernel(k);
  ref_cl_release(&cl);
  free(a);
  free(b);
  free(c);
  return 0;
}
