/* gameoflife.ocl.c -- hand-written OpenCL reference for
 * benchmarks/programs/gameoflife.whiley: same arguments, same checksum.
 *   usage: gameoflife.ocl [size [generations]]     (default 200 3)
 * One work-item per cell; the two boards stay on the device for all the
 * generations (uploaded once, the last one downloaded once).  Cells are
 * ints, as wyc's kernel has them.
 */
#include <stdio.h>

#include "life_board.h"
#include "ref_cl.h"

static const char *source =
  "__kernel void life(__global const int *board, __global int *next,\n"
  "                   int size)\n"
  "{\n"
  "  int x = get_global_id(0), y = get_global_id(1), alive = 0;\n"
  "  for (int ny = max(y - 1, 0); ny <= min(y + 1, size - 1); ny++)\n"
  "    for (int nx = max(x - 1, 0); nx <= min(x + 1, size - 1); nx++)\n"
  "      alive += board[ny * size + nx];\n"
  "  int me = board[y * size + x];\n"
  "  alive -= me;\n"
  "  next[y * size + x] = alive == 3 || (me == 1 && alive == 2);\n"
  "}\n";

int
main(int argc, char **argv)
{
  const char *usage = "gameoflife [size [generations]]";
  int size = (int)ref_arg(argc, argv, 1, 200, usage);
  long gens = ref_arg(argc, argv, 2, 3, usage);
  size_t cells = (size_t)size * (size_t)size, global[2] = {size, size};
  int *board = ref_alloc(cells, sizeof *board);
  double phase[REF_NPHASES], t0, t1;
  cl_mem cur, next;
  RefCl cl;
  cl_kernel k;

  life_first_board(board, size);
  ref_cl_init(&cl, source, "");
  k = ref_cl_kernel(&cl, "life");
  t0 = ref_now();
  cur = ref_cl_buffer(&cl, cells * sizeof *board);
  next = ref_cl_buffer(&cl, cells * sizeof *board);
  ref_cl_write(&cl, cur, cells * sizeof *board, board);
  ref_cl_arg(k, 2, sizeof size, &size);
  for (long g = 0; g < gens; g++) {
    cl_mem t;
    ref_cl_arg(k, 0, sizeof cur, &cur);
    ref_cl_arg(k, 1, sizeof next, &next);
    ref_cl_run(&cl, k, 2, global, NULL);
    t = cur;
    cur = next;
    next = t;
  }
  ref_cl_read(&cl, cur, 0, cells * sizeof *board, board);
  t1 = ref_now();
  ref_cl_finish(&cl, phase);
  printf("%lld\n", life_checksum(board, size));
  ref_print_region(t1 - t0);
  ref_print_profile("life", cl.launches, phase);
  clReleaseMemObject(cur);
  clReleaseMemObject(next);
  clReleaseKernel(k);
  ref_cl_release(&cl);
  free(board);
  return 0;
}
