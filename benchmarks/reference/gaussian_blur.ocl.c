/* gaussian_blur.ocl.c -- hand-written OpenCL reference for
 * benchmarks/programs/gaussian_blur.whiley: same arguments, checksum
 * (within suite.txt's tolerance: floats, as wyc's --gpu-real=float).
 *   usage: gaussian_blur.ocl [size [sigma]]        (default 200 16)
 * One work-item per output pixel, reading image and mask from global
 * memory (no local-memory tiles).  Built with correctly rounded
 * division, as wyc builds its float kernels.
 */
#include <stdio.h>

#include "blur_input.h"
#include "ref_cl.h"

static const char *source =
  "#pragma OPENCL FP_CONTRACT OFF\n"
  "__kernel void blur(__global const float *image,\n"
  "                   __global const float *mask, __global float *out,\n"
  "                   int size, int radius, float norm)\n"
  "{\n"
  "  int x = get_global_id(0), y = get_global_id(1);\n"
  "  int w = 2 * radius + 1, last = size - 1;\n"
  "  float acc = 0.0f;\n"
  "  for (int b = 0; b < w; b++) {\n"
  "    int sy = clamp(y + b - radius, 0, last);\n"
  "    for (int a = 0; a < w; a++) {\n"
  "      int sx = clamp(x + a - radius, 0, last);\n"
  "      acc += mask[b * w + a] * image[sy * size + sx];\n"
  "    }\n"
  "  }\n"
  "  out[y * size + x] = acc / norm;\n"
  "}\n";

int
main(int argc, char **argv)
{
  const char *usage = "gaussian_blur [size [sigma]]";
  int size = (int)ref_arg(argc, argv, 1, 200, usage);
  int sigma = (int)ref_arg(argc, argv, 2, 16, usage);
  int radius = 3 * sigma, w = 2 * radius + 1;
  size_t cells = (size_t)size * (size_t)size, global[2] = {size, size};
  size_t mcells = (size_t)w * (size_t)w;
  float *image = ref_alloc(cells, sizeof *image);
  float *out = ref_alloc(cells, sizeof *out);
  float *mask = ref_alloc(mcells, sizeof *mask);
  float norm = blur_mask(mask, radius, sigma);
  double phase[REF_NPHASES], t0, t1;
  cl_mem bimage, bmask, bout;
  RefCl cl;
  cl_kernel k;

  blur_picture(image, size);
  ref_cl_init(&cl, source, "-cl-fp32-correctly-rounded-divide-sqrt");
  k = ref_cl_kernel(&cl, "blur");
  t0 = ref_now();
  bimage = ref_cl_buffer(&cl, cells * sizeof *image);
  bmask = ref_cl_buffer(&cl, mcells * sizeof *mask);
  bout = ref_cl_buffer(&cl, cells * sizeof *out);
  ref_cl_write(&cl, bimage, cells * sizeof *image, image);
  ref_cl_write(&cl, bmask, mcells * sizeof *mask, mask);
  ref_cl_arg(k, 0, sizeof bimage, &bimage);
  ref_cl_arg(k, 1, sizeof bmask, &bmask);
  ref_cl_arg(k, 2, sizeof bout, &bout);
  ref_cl_arg(k, 3, sizeof size, &size);
  ref_cl_arg(k, 4, sizeof radius, &radius);
  ref_cl_arg(k, 5, sizeof norm, &norm);
  ref_cl_run(&cl, k, 2, global, NULL);
  ref_cl_read(&cl, bout, 0, cells * sizeof *out, out);
  t1 = ref_now();
  ref_cl_finish(&cl, phase);
  printf("%lld\n", blur_checksum(out, cells));
  ref_print_region(t1 - t0);
  ref_print_profile("blur", cl.launches, phase);
  clReleaseMemObject(bimage);
  clReleaseMemObject(bmask);
  clReleaseMemObject(bout);
  clReleaseKernel(k);
  ref_cl_release(&cl);
  free(image);
  free(out);
  free(mask);
  return 0;
}
