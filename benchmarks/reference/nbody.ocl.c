/* nbody.ocl.c -- hand-written OpenCL reference for
 * benchmarks/programs/nbody.whiley: same arguments, same checksum.
 *   usage: nbody.ocl [n [steps]]                   (default 300 30)
 * One work-item per body; positions and velocities (x y z vx vy vz, two
 * sets of six buffers, swapped after each step) stay on the device for
 * all the steps.
 */
#include <stdio.h>

#include "nbody_input.h"
#include "ref_cl.h"

static const char *source =
  "#define BOX 1024\n"
  "__kernel void nbody_step(__global const int *x, __global const int *y,\n"
  "                   __global const int *z, __global const int *vx,\n"
  "                   __global const int *vy, __global const int *vz,\n"
  "                   __global int *nx, __global int *ny,\n"
  "                   __global int *nz, __global int *nvx,\n"
  "                   __global int *nvy, __global int *nvz, int n)\n"
  "{\n"
  "  int i = get_global_id(0);\n"
  "  int xi = x[i], yi = y[i], zi = z[i], fx = 0, fy = 0, fz = 0;\n"
  "  for (int j = 0; j < n; j++) {\n"
  "    int dx = x[j] - xi, dy = y[j] - yi, dz = z[j] - zi;\n"
  "    int d2 = dx * dx + dy * dy + dz * dz + 16;\n"
  "    fx += dx * 4096 / d2;\n"
  "    fy += dy * 4096 / d2;\n"
  "    fz += dz * 4096 / d2;\n"
  "  }\n"
  "  int ux = clamp(vx[i] + fx / (8 * n), -16, 16);\n"
  "  int uy = clamp(vy[i] + fy / (8 * n), -16, 16);\n"
  "  int uz = clamp(vz[i] + fz / (8 * n), -16, 16);\n"
  "  nvx[i] = ux;\n"
  "  nvy[i] = uy;\n"
  "  nvz[i] = uz;\n"
  "  nx[i] = (xi + ux + BOX) % BOX;\n"
  "  ny[i] = (yi + uy + BOX) % BOX;\n"
  "  nz[i] = (zi + uz + BOX) % BOX;\n"
  "}\n";

int
main(int argc, char **argv)
{
  const char *usage = "nbody [n [steps]]";
  int n = (int)ref_arg(argc, argv, 1, 300, usage);
  long steps = ref_arg(argc, argv, 2, 30, usage);
  size_t global[1] = {n}, bytes = (size_t)n * sizeof(int);
  static const int seeds[6] = {1, 2, 3, 4, 5, 6};
  static const int mods[6] = {BOX, BOX, BOX, 9, 9, 9};
  int *v[6];
  cl_mem cur[6], next[6];
  double phase[REF_NPHASES], t0, t1;
  RefCl cl;
  cl_kernel k;

  for (int a = 0; a < 6; a++) {
    v[a] = ref_alloc((size_t)n, sizeof(int));
    nbody_randoms(v[a], n, seeds[a], mods[a]);
  }
  ref_cl_init(&cl, source, "");
  k = ref_cl_kernel(&cl, "nbody_step");
  t0 = ref_now();
  for (int a = 0; a < 6; a++) {
    cur[a] = ref_cl_buffer(&cl, bytes);
    next[a] = ref_cl_buffer(&cl, bytes);
    ref_cl_write(&cl, cur[a], bytes, v[a]);
  }
  ref_cl_arg(k, 12, sizeof n, &n);
  for (long s = 0; s < steps; s++) {
    for (int a = 0; a < 6; a++) {
      cl_mem t = cur[a];
      ref_cl_arg(k, (cl_uint)a, sizeof cur[a], &cur[a]);
      ref_cl_arg(k, (cl_uint)a + 6, sizeof next[a], &next[a]);
      cur[a] = next[a];
      next[a] = t;
    }
    ref_cl_run(&cl, k, 1, global, NULL);
  }
  for (int a = 0; a < 6; a++) ref_cl_read(&cl, cur[a], 0, bytes, v[a]);
  t1 = ref_now();
  ref_cl_finish(&cl, phase);
  printf("%lld\n", nbody_checksum(v, n));
  ref_print_region(t1 - t0);
  ref_print_profile("nbody_step", cl.launches, phase);
  for (int a = 0; a < 6; a++) {
    clReleaseMemObject(cur[a]);
    clReleaseMemObject(next[a]);
    free(v[a]);
  }
  clReleaseKernel(k);
  ref_cl_release(&cl);
  return 0;
}
