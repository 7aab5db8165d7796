/* mandelbrot_real.ocl.c -- hand-written OpenCL reference for
 * benchmarks/programs/mandelbrot_real.whiley: same arguments, checksum
 * (within suite.txt's tolerance: floats, as wyc's --gpu-real=float).
 *   usage: mandelbrot_real.ocl [size [maxIter]]    (default 1000 1024)
 * One work-item per point.  Built with correctly rounded division, as
 * wyc builds its float kernels, and without contracting a * b + c into
 * fused multiply-adds (wyc's kernels compute each operation apart).
 */
#include <stdio.h>

#include "ref_cl.h"

static const char *source =
  "#pragma OPENCL FP_CONTRACT OFF\n"
  "__kernel void mandel(__global int *steps, int size, int max_iter)\n"
  "{\n"
  "  int x = get_global_id(0), y = get_global_id(1), n = 0;\n"
  "  float cr = (3.0f * x) / size - 2.0f;\n"
  "  float ci = (3.0f * y) / size - 1.5f;\n"
  "  float zr = 0.0f, zi = 0.0f;\n"
  "  while (n < max_iter && zr * zr + zi * zi <= 4.0f) {\n"
  "    float t = zr * zr - zi * zi + cr;\n"
  "    zi = 2.0f * zr * zi + ci;\n"
  "    zr = t;\n"
  "    n++;\n"
  "  }\n"
  "  steps[y * size + x] = n;\n"
  "}\n";

int
main(int argc, char **argv)
{
  const char *usage = "mandelbrot_real [size [maxIter]]";
  int size = (int)ref_arg(argc, argv, 1, 1000, usage);
  int max_iter = (int)ref_arg(argc, argv, 2, 1024, usage);
  size_t cells = (size_t)size * (size_t)size, global[2] = {size, size};
  int *steps = ref_alloc(cells, sizeof *steps);
  double phase[REF_NPHASES], t0, t1;
  long long total = 0;
  cl_mem buf;
  RefCl cl;
  cl_kernel k;

  ref_cl_init(&cl, source, "-cl-fp32-correctly-rounded-divide-sqrt");
  k = ref_cl_kernel(&cl, "mandel");
  t0 = ref_now();
  buf = ref_cl_buffer(&cl, cells * sizeof *steps);
  ref_cl_arg(k, 0, sizeof buf, &buf);
  ref_cl_arg(k, 1, sizeof size, &size);
  ref_cl_arg(k, 2, sizeof max_iter, &max_iter);
  ref_cl_run(&cl, k, 2, global, NULL);
  ref_cl_read(&cl, buf, 0, cells * sizeof *steps, steps);
  t1 = ref_now();
  ref_cl_finish(&cl, phase);
  for (size_t i = 0; i < cells; i++) total += steps[i];
  printf("%lld\n", total);
  ref_print_region(t1 - t0);
  ref_print_profile("mandel", cl.launches, phase);
  clReleaseMemObject(buf);
  clReleaseKernel(k);
  ref_cl_release(&cl);
  free(steps);
  return 0;
}
