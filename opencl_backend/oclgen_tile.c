/* oclgen_tile.c -- the code of a kernel whose jammed loop reads
 * through tiles in local memory (filter/tile.c planned them:
 * Kernel.tiles).
 *
 * After register blocking (filter/jam.c) each work item of a dot-product
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
 * c-th index is lo + min(g F + c, n - 1) (filter/jam.c), so position t
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
 * Part of emit-opencl: reads Kernel.tiles, tile_local and jam, changes
 * nothing of the kernel.
 */
#include "../wyil/wyil.h"
#include "oclgen_internal.h"

static int
local_of(const Kernel *k, int d)
{
  return k->tile_local[d];
}

/* Positions of a tile along dimension d (filter/tile.c): the group's
 * indices, and with padding. */
static int
width(const Kernel *k, int d)
{
  return k->tiles->width[d];
}

static int
padded_width(const Kernel *k, int d)
{
  return k->tiles->padded[d];
}

void
ocl_tile_attribute(const Kernel *k, StrBuf *sb)
{
  if (k->ntiles)
    sb_printf(sb, "\n#ifdef WYC_TILE\n"
              "__attribute__((reqd_work_group_size(%d, %d, %d)))\n#endif\n",
              k->tile_local[0], k->tile_local[1], k->tile_local[2]);
}

void
ocl_tile_defines(StrBuf *sb, bool all)
{
  /* WYC_NO_TILE: the runtime's build for a device with less local
   * memory than a tiled kernel asks (runtime/ocl_program.c) */
  sb_puts(sb, "/* tiles in local memory (Kernel.tiles): on a GPU");
  if (all) sb_puts(sb, ", and here on every device but PoCL's (--tile=all),"
                   " unless the runtime says no */\n#if (defined(WYC_GPU) "
                   "|| !defined(WYC_POCL)) && !defined(WYC_NO_TILE)\n");
  else sb_puts(sb, ", unless the runtime says no */\n"
               "#if defined(WYC_GPU) && !defined(WYC_NO_TILE)\n");
  sb_puts(sb, "#define WYC_TILE 1\n#endif\n\n");
}

/* Without WYC_TILE (a CPU: its OpenCL compiler keeps a work item's
 * values live across a barrier in memory, and the copies' many sums made
 * PoCL's build take minutes) the kernel runs the loop as it is, items
 * past the end returning at once; wyc_agree then only leads to
 * wyc_fail. */
void
ocl_tile_prologue(OclGen *g)
{
  const Kernel *k = g->k;
  sb_printf(&g->decls, "  int wyc_on = 1, wyc_lid = 0, wyc_f = 0, "
            "wyc_kk = 0, wyc_tt = 0;\n  wy_int wyc_x = 0;\n  long wyc_kx = 0;\n"
            "#ifdef WYC_TILE\n  __local int wyc_any;\n#endif\n");
  for (int d = 0; d < k->ndims; d++)
    ocl_line(g, "wy_int gid%d = get_global_id(%d);", d, d);
  ocl_line(g, "#ifdef WYC_TILE");
  for (int d = 0; d < k->ndims; d++) {
    int F = k->jam[d];
    const char *last = F > 1 ? wyil_fmt("(n%d - 1) / %d", d, F)
                             : wyil_fmt("n%d - 1", d);
    /* past the end: the last item's indices, no stores */
    ocl_line(g, "if (gid%d > %s) { wyc_on = 0; gid%d = %s; }", d, last, d,
             last);
    sb_printf(&g->decls, "  int wyc_q%d = 0;\n  long wyc_gb%d = 0;\n", d, d);
    ocl_line(g, "wyc_q%d = (gid%d - (int)get_group_id(%d) * %d) * %d;", d, d,
             d, local_of(k, d), F);
    if (F > 1) ocl_line(g, "wyc_q%d += wyc_q%d / %d;", d, d, F);
    ocl_line(g, "wyc_gb%d = (long)get_group_id(%d) * %d;", d, d, width(k, d));
  }
  ocl_line(g, "wyc_lid = (int)get_local_id(0) + (int)get_local_id(1) * %d;",
           local_of(k, 0));
  ocl_line(g, "#else");
  for (int d = 0; d < k->ndims; d++) ocl_past_end_return(g, d);
  ocl_line(g, "#endif");
  sb_puts(&g->decls, "#ifdef WYC_TILE\n");
  for (int j = 0; j < k->ntiles; j++) {
    const KTile *t = &k->tiles->t[j];
    View *v = g->views[t->list];
    if (!v || v->depth != 2)
      internal_error("oclgen: kernel %s: tiled list %%%d has no view",
                     k->name, t->list);
    sb_printf(&g->decls, "  __local %s wyc_tile%d[%d];\n",
              ocl_tag_ctype(v->elem), j,
              k->tiles->steps * padded_width(k, t->dim));
  }
  sb_puts(&g->decls, "#endif\n");
  g->fail_to = "wyc_agree";
  g->failed = true;
}

/* The group's chunk of tile j, steps wyc_t0 .. wyc_tn - 1 of the loop. */
static void
fill(OclGen *g, int j)
{
  const Kernel *k = g->k;
  const KTile *t = &k->tiles->t[j];
  View *v = g->views[t->list];
  int d = t->dim, F = k->jam[d], W = width(k, d);
  int K = k->tiles->steps;
  ocl_line(g, "for (wyc_f = wyc_lid; wyc_f < %d; wyc_f += %d) {", K * W,
           local_of(k, 0) * local_of(k, 1));
  g->indent++;
  /* consecutive items read consecutive elements of the list */
  if (t->k_inner) {
    ocl_line(g, "wyc_kk = wyc_f %% %d;", K);
    ocl_line(g, "wyc_tt = wyc_f / %d;", K);
  } else {
    ocl_line(g, "wyc_kk = wyc_f / %d;", W);
    ocl_line(g, "wyc_tt = wyc_f %% %d;", W);
  }
  ocl_line(g, "wyc_x = lo%d + (wy_int)min(wyc_gb%d + wyc_tt, (long)n%d - 1);",
           d, d, d);
  ocl_line(g, "wyc_kx = (long)wyc_t0 + wyc_kk;");
  const char *row = t->k_inner ? "(long)wyc_x" : "wyc_kx";
  const char *col = t->k_inner ? "wyc_kx" : "(long)wyc_x";
  const char *pos = F > 1 ? wyil_fmt("wyc_tt + wyc_tt / %d", F) : "wyc_tt";
  ocl_line(g, "wyc_tile%d[wyc_kk * %d + %s] =", j, padded_width(k, d), pos);
  ocl_line(g, "  wyc_kx < wyc_tn && %s >= 0 && %s < %s && %s >= 0 && %s < %s",
           row, row, v->lens[0], col, col, v->lens[1]);
  ocl_line(g, "  ? %s[(wy_off)%s * (wy_off)%s + (wy_off)%s] : 0;", v->base, row,
           v->lens[1], col);
  g->indent--;
  ocl_line(g, "}");
}

/* Does the tiled loop at i test anything per step: an assert tested
 * there, int arithmetic not proved safe (a wide sum's test is after the
 * loop, but its 64-bit add and its 32-bit path differ), a call? */
static bool
tests_per_step(OclGen *g, int i)
{
  for (int p = i + 1; p < g->match[i]; p++) {
    Insn *in = g->fn->code[p];
    const ChkAt *at = chk_at(g->cf, p);
    ChkKind c = at->kind;
    if (in->op == OP_INVOKE) return true;
    if (in->op == OP_ASSERT && c != CHK_PROVED && c != CHK_HOISTED
        && c != CHK_BOUNDED && at->move_to < 0)
      return true;
    bool arith = in->op == OP_ADD || in->op == OP_SUB || in->op == OP_MUL
                 || in->op == OP_DIV || in->op == OP_REM || in->op == OP_NEG;
    if (arith && ocl_tag_of(in->type) == TAG_INT && !at->no_overflow
        && c != CHK_HOISTED)
      return true;
  }
  return false;
}

void
ocl_tile_loop(OclGen *g, int i, Insn *in)
{
  int r = in->args[0];
  int range = chk_range_at(g->cf, r);
  if (range < 0 || range > i)
    internal_error("oclgen: kernel %s: its tiled loop has no range",
                   g->k->name);
  sb_printf(&g->decls, "  wy_int wyc_i%d = 0, wyc_n%d = 0, wyc_t0 = 0, "
            "wyc_tn = 0;\n  int wyc_u = 0;\n", i, i);
  ocl_line(g, "wyc_i%d = r%d_lo;", i, r);
  ocl_line(g, "wyc_n%d = r%d_hi;", i, r);
  int dir = chk_at(g->cf, i)->dir;
  if (dir < 0)        /* the CPU runs a descending loop */
    ocl_line(g, "%s", ocl_fail_stmt(g, OCL_FLAG_DESCENDING));
  else if (dir == 0)
    ocl_line(g, "if (wyc_i%d > wyc_n%d) %s", i, i,
             ocl_fail_stmt(g, OCL_FLAG_DESCENDING));
  ocl_emit_hoisted(g, i);
  /* every item here: leave together if any failed */
  g->indent--;
  ocl_line(g, "wyc_agree:");
  g->indent++;
  ocl_line(g, "#ifdef WYC_TILE");
  ocl_line(g, "if (wyc_lid == 0) wyc_any = 0;");
  ocl_line(g, "barrier(CLK_LOCAL_MEM_FENCE);");
  ocl_line(g, "if (wyc_e) atomic_or(&wyc_any, 1);");
  ocl_line(g, "barrier(CLK_LOCAL_MEM_FENCE);");
  ocl_line(g, "if (wyc_any) goto wyc_fail;");
  ocl_line(g, "#else");
  ocl_line(g, "if (wyc_e) goto wyc_fail;");
  ocl_line(g, "wyc_tn = wyc_n%d;", i);
  ocl_line(g, "#endif");
  ocl_line(g, "wyc_t0 = wyc_i%d;", i);
  ocl_line(g, "for (;;) {");
  g->indent++;
  ocl_line(g, "#ifdef WYC_TILE");
  ocl_line(g, "wyc_tn = (long)wyc_n%d - wyc_t0 > %d ? wyc_t0 + %d : wyc_n%d;",
           i, g->k->tiles->steps, g->k->tiles->steps, i);
  for (int j = 0; j < g->k->ntiles; j++) fill(g, j);
  ocl_line(g, "barrier(CLK_LOCAL_MEM_FENCE);");
  ocl_line(g, "#endif");
  ocl_line(g, "if (!wyc_e) {");
  g->indent++;
  /* a chunk's steps in a loop of constant trip count, which a GPU's
   * compiler unrolls when the steps test nothing: the tiles' offsets
   * become constants (a dot-product nest 4096^2 on an H200: 8.2 ms a call,
   * 9.1 not unrolled).  Not steps with tests: NVIDIA's build of
   * jam_blocks' 8 x 8 products of checked ints then took over 30 s. */
  ocl_line(g, "#ifdef WYC_TILE");
  if (!tests_per_step(g, i)) {
    ocl_line(g, "#ifdef WYC_GPU");
    ocl_line(g, "#pragma unroll");
    ocl_line(g, "#endif");
  }
  ocl_line(g, "for (wyc_u = 0; wyc_u < %d; wyc_u++) {", g->k->tiles->steps);
  ocl_line(g, "  wyc_i%d = wyc_t0 + wyc_u;", i);
  ocl_line(g, "  if (wyc_i%d >= wyc_tn) break;", i);
  ocl_line(g, "#else");
  ocl_line(g, "for (wyc_i%d = wyc_t0; wyc_i%d < wyc_tn; wyc_i%d++) {", i, i, i);
  ocl_line(g, "#endif");
  g->indent++;
  ocl_line(g, "%s = wyc_i%d;", ocl_var(g, in->dst, TAG_INT), i);
  /* the body is straight code: a failure leaves the loop by break (a
   * goto out of it, to before the barrier, gave wrong results on PoCL
   * 3.1, where Oclgrind found nothing wrong) */
  g->fail_to = NULL;
}

void
ocl_tile_loop_end(OclGen *g, int h)
{
  g->indent--;
  ocl_line(g, "}");
  g->indent--;
  ocl_line(g, "}");
  ocl_line(g, "#ifdef WYC_TILE");
  ocl_line(g, "barrier(CLK_LOCAL_MEM_FENCE);");
  ocl_line(g, "if (wyc_tn >= wyc_n%d) break;", h);
  ocl_line(g, "wyc_t0 = wyc_tn;");
  ocl_line(g, "#else");
  ocl_line(g, "break;");
  ocl_line(g, "#endif");
  g->indent--;
  ocl_line(g, "}");
  g->fail_to = "wyc_fail";
  ocl_line(g, "if (wyc_e) goto wyc_fail;");
  ocl_line(g, "if (!wyc_on) return;");
  ocl_emit_wide_exit(g, h);
}

bool
ocl_tile_load(OclGen *g, Insn *in)
{
  const Kernel *k = g->k;
  if (!k || !k->ntiles) return false;
  const KTiles *ts = k->tiles;
  for (int l = 0; l < ts->nloads; l++) {
    if (ts->loads[l].in != in) continue;
    const KTile *t = &ts->t[ts->loads[l].tile];
    View *v = g->views[t->list];
    ocl_line(g, "#ifdef WYC_TILE");
    ocl_line(g, "%s = wyc_tile%d[wyc_u * %d + wyc_q%d + %d];",
             ocl_var(g, in->dst, v->elem), ts->loads[l].tile,
             padded_width(k, t->dim), t->dim, ts->loads[l].copy);
    ocl_line(g, "#else");
    return true;
  }
  return false;
}

bool
ocl_tile_seq(OclGen *g, Insn *in)
{
  return g->k && g->k->ntiles && in == g->k->jam_seq;
}
