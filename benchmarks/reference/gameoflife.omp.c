/* gameoflife.omp.c -- C + OpenMP reference for
 * benchmarks/programs/gameoflife.whiley: same arguments, same checksum.
 *   usage: gameoflife.omp [size [generations]]     (default 200 3)
 * The rows of each generation are shared among the threads.
 */
#include <stdio.h>

#include "life_board.h"
#include "ref_time.h"

static int imax(int a, int b) { return a > b ? a : b; }
static int imin(int a, int b) { return a < b ? a : b; }

static void
generation(const int *board, int *next, int size)
{
  #pragma omp parallel for schedule(static)
  for (int y = 0; y < size; y++)
    for (int x = 0; x < size; x++) {
      int alive = 0, me = board[(size_t)y * size + x];
      for (int ny = imax(y - 1, 0); ny <= imin(y + 1, size - 1); ny++)
        for (int nx = imax(x - 1, 0); nx <= imin(x + 1, size - 1); nx++)
          alive += board[(size_t)ny * size + nx];
      alive -= me;
      next[(size_t)y * size + x] = alive == 3 || (me == 1 && alive == 2);
    }
}

int
main(int argc, char **argv)
{
  const char *usage = "gameoflife [size [generations]]";
  int size = (int)ref_arg(argc, argv, 1, 200, usage);
  long gens = ref_arg(argc, argv, 2, 3, usage);
  size_t cells = (size_t)size * (size_t)size;
  int *board = ref_alloc(cells, sizeof *board);
  int *next = ref_alloc(cells, sizeof *next);
  double t0, t1;

  life_first_board(board, size);
  t0 = ref_now();
  for (long g = 0; g < gens; g++) {
    int *t = board;
    generation(board, next, size);
    board = next;
    next = t;
  }
  t1 = ref_now();
  printf("%lld\n", life_checksum(board, size));
  ref_print_region(t1 - t0);
  free(board);
  free(next);
  return 0;
}
