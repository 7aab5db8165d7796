/* nbody_input.h -- nbody.whiley's bodies and checksum. */
#ifndef NBODY_INPUT_H
#define NBODY_INPUT_H

#define BOX 1024

/* n values of the linear congruential sequence from seed, each modulo m */
static inline void
nbody_randoms(int *out, long n, long long seed, int m)
{
  long long s = seed;
  for (long i = 0; i < n; i++) {
    s = (s * 1103515245 + 12345) % 2147483648LL;
    out[i] = (int)((s / 65536) % m);
  }
}

/* sum over i of (i % 1000 + 1) (x + 3y + 5z + 7vx + 11vy + 13vz) */
static inline long long
nbody_checksum(int *const *v, long n)
{
  long long total = 0;
  for (long i = 0; i < n; i++) {
    long long p = v[0][i] + 3LL * v[1][i] + 5LL * v[2][i] + 7LL * v[3][i]
                  + 11LL * v[4][i] + 13LL * v[5][i];
    total += (i % 1000 + 1) * p;
  }
  return total;
}

#endif
