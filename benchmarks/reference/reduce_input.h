/* reduce_input.h -- reduce_sum.whiley's list: (i*i/5 + i) % 16. */
#ifndef REDUCE_INPUT_H
#define REDUCE_INPUT_H

static inline void
reduce_pattern(int *xs, long n)
{
  for (long long i = 0; i < n; i++) xs[i] = (int)((i * i / 5 + i) % 16);
}

#endif
