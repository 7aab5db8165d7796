/* tile.c -- tiles in local memory for a register-blocked kernel's
 * jammed loop: which loads a work group shares, planned into
 * Kernel.tiles; opencl_backend/oclgen_tile.c prints the tiled code.
 *
 * After register blocking (jam.c) each work item of a dot-product
 * nest's kernel (c[i][j] = sum of a[i][k] * b[k][j]) reads, per step of its
 * loop over k, a[i + r][k] for its 8 rows and b[k][j + c] for its 8 columns;
 * the 16 items of a work group with the same rows read the same a elements,
 * those with the same columns the same b elements.  Here the group reads
 * them once: per chunk of 16 steps it copies the a rows and b columns the
 * whole group needs into local memory, every item taking a share, waits at a
 * barrier, and its items read the chunk's elements from there.
 *
 * A load is served from a tile when, inside the jammed loop over k, it
 * reads list[x][k] or list[k][x] of a list the kernel only reads, x
 * being a dimension's index (or a jam copy's).  The tile holds the
 * elements for every index of that dimension the group covers: item g's
 * c-th index is lo + min(g F + c, n - 1) (jam.c), so position t
 * of the group's tile is lo + min(base + t, n - 1), base = group * L *
 * F.  Positions are padded (one unused slot per F) so that the items of
 * a warp, F positions apart, read different banks.  An element outside
 * its list, or a step past the loop's end, is filled with 0 and never
 * read: every check the item makes before a load stays where it was.
 *
 * Barriers need every item of the group, so the kernel changes shape:
 *  - an item past the range's end does not return: it takes the last
 *    item's indices (the same reads and checks) and returns only after
 *    the loop, before its stores (wyc_on);
 *  - a check failing before the loop jumps to wyc_agree, where the group
 *    agrees whether any item failed (a local flag between two barriers)
 *    and then leaves together: the loop's range, the same for all items
 *    (filter/jam.c asks that), is then known to every item that stays;
 *  - a check failing inside the loop ends the item's work (a break out
 *    of the chunk's steps; the item writes the kernel's flag at once,
 *    see ocl_fail_stmt) but not its part in the fills and barriers;
 *    after the loop it leaves through wyc_fail.
 * The tiled code is compiled where WYC_TILE is defined: on a GPU, or
 * with --tile=all on every device but PoCL's (ocl_tile_defines; PoCL
 * 3.1 ran such kernels wrong where Oclgrind ran them right: a failure
 * lost after a barrier, a store past the end not caught).  The tiled
 * code carries reqd_work_group_size (Kernel.tile_local), which the
 * runtime reads back from the built kernel and launches
 * (CL_KERNEL_COMPILE_WORK_GROUP_SIZE, runtime/ocl_run.c); a device that
 * cannot hold the tiles gets the program built with WYC_NO_TILE, the
 * plain loop (runtime/ocl_program.c).  A failed launch changes nothing:
 * the CPU reruns the loop and reports the failure.
 *
 * Contract (compiler/pipeline.c's table): Pass tile (flt_tile, from the
 * driver's step_tile unless --tile=off). Requires: jam. Provides:
 * Kernel.ntiles, tiles (KTiles: the tiles, their widths, the loads they
 * serve), tile_local, tile_what. Invalidates: nothing (the WYIL is
 * unchanged). Runs once per kernel function, before veto judges it.
 */
#include "filter_internal.h"

/* The work-group shape; the most tiles; the local memory they may take
 * (the least a full-profile device has); steps per chunk, the greater
 * when the tiles fit (on an H200 a dot-product nest at 4096^2 ran 8.3 ms
 * a call with 16, 8.5 with 8; 10.2 without tiles). */
enum {
  TILE_L0 = 16, TILE_L1 = 16, TILE_BYTES = 32768, TILE_K_MOST = 16,
  TILE_K_LEAST = 8
};

/* Is r dimension d's index or its c-th jam copy's? */
static bool
dim_var(Kernel *k, int r, int *d, int *c)
{
  for (*d = 0; *d < k->ndims; (*d)++) {
    if (k->loopvar[*d] == r) {
      *c = 0;
      return true;
    }
    for (*c = 1; *c < k->jam[*d] && *c < WYIL_JAM_MAX; (*c)++)
      if (k->jam_copy[*d][*c] && k->jam_copy[*d][*c]->dst == r) return true;
  }
  return false;
}

/* The bytes of an element of the list of lists the kernel only reads
 * in register r, in the kernel's widest variant (64-bit ints; reals as
 * doubles unless --gpu-real=float); 0 for any other register. */
static int
read_only_rows(Kernel *k, int r, FltReal real)
{
  for (int a = 0; a < k->nargs; a++) {
    KernelArg *ka = &k->args[a];
    if (ka->reg != r) continue;
    Type *elem = NULL;
    int depth = flt_list_depth(ka->type, &elem);
    if (ka->elem) elem = ka->elem;
    if (ka->depth) depth = ka->depth;
    int kind = elem ? ty_expand(elem)->kind : TY_ANY;
    if (elem && flt_num_union(elem)) kind = TY_REAL;
    if (ka->kind != KA_LIST_IN || depth != 2
        || (kind != TY_INT && kind != TY_REAL && kind != TY_BOOL))
      return 0;
    if (kind == TY_BOOL) return 1;
    return kind == TY_REAL && real == FLT_REAL_FLOAT ? 4 : 8;
  }
  return 0;
}

static int
find_tile(KTiles *ts, int *n, KTile t)
{
  for (int j = 0; j < *n; j++)
    if (ts->t[j].list == t.list && ts->t[j].dim == t.dim
        && ts->t[j].k_inner == t.k_inner)
      return j;
  if (*n == WYIL_TILE_MAX) return -1;
  ts->t[*n] = t;
  return (*n)++;
}

static const char *
name_of(Func *fn, int r)
{
  const char *v = r >= 0 && r < fn->nregs && fn->regnames ? fn->regnames[r]
                                                          : NULL;
  return v ? v : "?";
}

static const char *
explain(Kernel *k, const KTiles *ts)
{
  Func *fn = k->fn;
  const char *kv = name_of(fn, k->jam_seq->dst);
  StrBuf sb = {0};
  for (int j = 0; j < k->ntiles; j++) {
    const KTile *t = &ts->t[j];
    const char *x = name_of(fn, k->loopvar[t->dim]);
    sb_printf(&sb, "%s%s[%s][%s]", j ? (j + 1 == k->ntiles ? " and " : ", ")
                                     : "",
              name_of(fn, t->list), t->k_inner ? x : kv, t->k_inner ? kv : x);
  }
  const char *what = wyil_fmt("its loop over %s reads %s through tiles in "
                              "local memory, %d steps at a time, shared by "
                              "work groups of %d x %d items", kv, sb.s,
                              ts->steps, TILE_L0, TILE_L1);
  sb_free(&sb);
  return what;
}

/* The local memory tiles[0 .. n) take at `steps` steps a chunk. */
static int
tile_bytes(const KTiles *ts, int n, int steps)
{
  int b = 0;
  for (int j = 0; j < n; j++)
    b += steps * ts->padded[ts->t[j].dim] * ts->t[j].bytes;
  return b;
}

void
flt_tile(Kernel *k, FltReal real)
{
  k->ntiles = 0;
  if (k->ndims != 2 || !k->jam_seq
      || (k->jam[0] < 2 && k->jam[1] < 2))
    return;
  Func *fn = k->fn;
  int s = wyil_insn_index(fn, k->jam_seq), e = wyil_loop_end(fn, s);
  int kv = k->jam_seq->dst;
  Insn *range = wyil_only_def(fn, k->jam_seq->args[0]);
  if (kv < 0 || !range || range->op != OP_RANGE) return;
  KTiles *ts = wyil_alloc(sizeof *ts);
  ts->loads = wyil_alloc((size_t)(e - s) * sizeof *ts->loads);
  int n = 0;
  for (int p = s + 1; p < e; p++) {
    Insn *in = fn->code[p];
    if (in->op != OP_INDEXOF || in->dst < 0 || in->nargs < 2) continue;
    Insn *row = wyil_only_def(fn, in->args[0]);
    int bytes = row && row->op == OP_INDEXOF && row->nargs >= 2
                    ? read_only_rows(k, row->args[0], real) : 0;
    if (!bytes) continue;
    KTile t = {row->args[0], bytes, -1, in->args[1] == kv};
    int x = t.k_inner ? row->args[1] : in->args[1], d, c;
    if ((t.k_inner ? in->args[1] : row->args[1]) != kv
        || !dim_var(k, x, &d, &c))
      continue;
    t.dim = d;
    int j = find_tile(ts, &n, t);
    if (j >= 0) ts->loads[ts->nloads++] = (KTileLoad){in, j, c};
  }
  /* the jam factors are set: the widths are known */
  k->tile_local[0] = TILE_L0;
  k->tile_local[1] = TILE_L1;
  for (int d = 0; d < 2; d++) {
    int local = k->tile_local[d], F = k->jam[d];
    ts->width[d] = local * F;   /* a tile's positions: the group's indices */
    /* ... with one slot of padding per jam factor (F > 1) */
    ts->padded[d] = F > 1 ? local * (F + 1) : local;
  }
  ts->steps = TILE_K_MOST;
  if (tile_bytes(ts, n, ts->steps) > TILE_BYTES) ts->steps = TILE_K_LEAST;
  while (n > 0 && tile_bytes(ts, n, ts->steps) > TILE_BYTES) n--;
  /* the loads of tiles dropped stay loads */
  int kept = 0;
  for (int l = 0; l < ts->nloads; l++)
    if (ts->loads[l].tile < n) ts->loads[kept++] = ts->loads[l];
  ts->nloads = kept;
  if (n == 0) {
    k->tile_local[0] = k->tile_local[1] = 0;
    return;
  }
  k->ntiles = n;
  k->tiles = ts;
  k->tile_local[2] = 1;
  k->tile_what = explain(k, ts);
}
