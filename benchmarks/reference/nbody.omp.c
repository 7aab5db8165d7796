/* nbody.omp.c -- C + OpenMP reference for benchmarks/programs/nbody.whiley:
 * same arguments, same checksum.
 *   usage: nbody.omp [n [steps]]                   (default 300 30)
 * The bodies of each step are shared among the threads; the new state
 * goes to a second set of arrays, swapped after the step.
 */
#include <stdio.h>

#include "nbody_input.h"
#include "ref_time.h"

static int
limit(int v)
{
  return v > 16 ? 16 : v < -16 ? -16 : v;
}

static void
step(int *const *v, int *const *nv, int n)
{
  const int *x = v[0], *y = v[1], *z = v[2];
  #pragma omp parallel for schedule(static)
  for (int i = 0; i < n; i++) {
    int xi = x[i], yi = y[i], zi = z[i], fx = 0, fy = 0, fz = 0;
    for (int j = 0; j < n; j++) {
      int dx = x[j] - xi, dy = y[j] - yi, dz = z[j] - zi;
      int d2 = dx * dx + dy * dy + dz * dz + 16;
      fx += dx * 4096 / d2;
      fy += dy * 4096 / d2;
      fz += dz * 4096 / d2;
    }
    int ux = limit(v[3][i] + fx / (8 * n));
    int uy = limit(v[4][i] + fy / (8 * n));
    int uz = limit(v[5][i] + fz / (8 * n));
    nv[3][i] = ux;
    nv[4][i] = uy;
    nv[5][i] = uz;
    nv[0][i] = (xi + ux + BOX) % BOX;
    nv[1][i] = (yi + uy + BOX) % BOX;
    nv[2][i] = (zi + uz + BOX) % BOX;
  }
}

int
main(int argc, char **argv)
{
  const char *usage = "nbody [n [steps]]";
  int n = (int)ref_arg(argc, argv, 1, 300, usage);
  long steps = ref_arg(argc, argv, 2, 30, usage);
  static const int seeds[6] = {1, 2, 3, 4, 5, 6};
  static const int mods[6] = {BOX, BOX, BOX, 9, 9, 9};
  int *v[6], *nv[6];
  double t0, t1;

  for (int a = 0; a < 6; a++) {
    v[a] = ref_alloc((size_t)n, sizeof(int));
    nv[a] = ref_alloc((size_t)n, sizeof(int));
    nbody_randoms(v[a], n, seeds[a], mods[a]);
  }
  t0 = ref_now();
  for (long s = 0; s < steps; s++) {
    step(v, nv, n);
    for (int a = 0; a < 6; a++) {
      int *t = v[a];
      v[a] = nv[a];
      nv[a] = t;
    }
  }
  t1 = ref_now();
  printf("%lld\n", nbody_checksum(v, n));
  ref_print_region(t1 - t0);
  for (int a = 0; a < 6; a++) {
    free(v[a]);
    free(nv[a]);
  }
  return 0;
}
