/* cgen_chain.c -- chained loops (filter/chain.c chose them; the runtime
 * side is runtime/ocl_chain.c): a host loop whose offloaded calls do
 * not wait for their error flags, run again from its start when one was
 * set.
 *
 * For the chained LOOP or FORALL at code[h], with W the registers
 * written in it (its offloads may write their operands):
 *
 *   wyc_chH = wy_ocl_chain_begin(wyc_kH, |W|);
 *   if (wyc_chH) { wyc_kH[j] = wyc_own(rR); ... }    for R, the j-th of W
 *   wyc_rpH:;
 *   ... the loop; in its own code (not its offloads' CPU paths):
 *       a call returning WY_OCL_E_CHAIN:   goto wyc_rbH;
 *       before an offload's CPU path:  if (wyc_chH && wy_ocl_chain_pause())
 *                                        goto wyc_rbH;
 *       after it (the offload's label): if (wyc_chH) wy_ocl_chain_resume();
 *       a failed check: if (wyc_chH && wy_ocl_chain_check()) goto wyc_rbH;
 *                       then wy_fail as always
 *       the back edge:  if (wyc_chH && wy_ocl_chain_poll()) goto wyc_rbH;
 *   at its exit (the label its jumps leave to, else after its END):
 *   if (wyc_chH) {
 *     if (wy_ocl_chain_end()) {
 *     wyc_rbH:
 *       wy_ocl_chain_abort();
 *       rR = wyc_kH[j] (owned), wyc_kH[j] = WY_UNDEF;  for R in W
 *       wyc_chH = 0;
 *       goto wyc_rpH;                 the loop again, unchained
 *     }
 *     wy_decref(wyc_kH[j]), wyc_kH[j] = WY_UNDEF;     for R in W
 *     wyc_chH = 0;
 *   }
 *
 * The kept values are references: a list a call or the loop writes is
 * copied first (copy-on-write), so they are the loop's start; a call
 * that would copy a large one ends the chain instead (the runtime then
 * drops them: ocl.h).  A CPU
 * path runs paused (the flag read first): it may call functions, which
 * may throw out of the loop, and no launch of it goes unchecked then.
 */

#include "../wyil/wyil.h"
#include "cgen_internal.h"

void
cgen_chain_scan(Gen *g)
{
  Func *fn = g->fn;
  Flow *fl = g->fl;
  g->chain_of = wyil_alloc(sizeof(int) * (size_t)(fn->ncode + 1));
  g->chain_exit_of = wyil_alloc(sizeof(int) * (size_t)(fn->nlabels + 1));
  g->chain_written = wyil_alloc(sizeof(bool *) * (size_t)(fn->ncode + 1));
  for (int i = 0; i < fn->ncode; i++) g->chain_of[i] = -1;
  for (int l = 0; l < fn->nlabels; l++) g->chain_exit_of[l] = -1;
  g->any_chain = false;
  if (!g->off) return;
  for (int h = 0; h < fn->ncode; h++) {
    Insn *in = fn->code[h];
    if ((in->op != OP_LOOP && in->op != OP_FORALL) || !in->chained) continue;
    int e = fl->match[h];
    bool *w = wyil_alloc(sizeof(bool) * (size_t)(fn->nregs + 1));
    for (int i = h; i <= e; i++) {
      Insn *c = fn->code[i];
      int d = wyil_def_reg(c);
      if (d >= 0) w[d] = true;
      if (c->op == OP_OFFLOAD)
        for (int a = 0; a < c->nargs; a++) w[c->args[a]] = true;
    }
    g->chain_written[h] = w;
    g->any_chain = true;
    if (in->chain_exit >= 0 && in->chain_exit < fn->nlabels)
      g->chain_exit_of[in->chain_exit] = h;
    /* the loop's own code: its offloads' CPU paths skipped */
    for (int i = h + 1; i < e; i++) {
      Insn *c = fn->code[i];
      g->chain_of[i] = h;
      if (c->op == OP_OFFLOAD && c->label >= 0 && c->label < fn->nlabels
          && fl->label_at[c->label] > i)
        i = fl->label_at[c->label];   /* its label: the loop's again */
      if (i < e) g->chain_of[i] = h;
    }
    g->chain_of[e] = h;
  }
}

/* The registers the chained loop code[h] writes, in order: wyc_kH[j]
 * keeps the j-th. */
static int
kept_regs(Gen *g, int h, int *regs)
{
  int n = 0;
  for (int r = 0; r < g->fn->nregs; r++)
    if (g->chain_written[h][r]) regs[n++] = r;
  return n;
}

void
cgen_chain_decls(Gen *g, const char *vol)
{
  Func *fn = g->fn;
  int *regs = wyil_alloc(sizeof(int) * (size_t)(fn->nregs + 1));
  for (int h = 0; g->any_chain && h < fn->ncode; h++) {
    if (!g->chain_written[h]) continue;
    int n = kept_regs(g, h, regs);
    cgen_emit(g, "%sint wyc_ch%d = 0;", vol, h);
    /* not volatile: a chained loop is in no try region, and its values
     * are dropped when it ends */
    cgen_emit(g, "wyv wyc_k%d[%d];", h, n ? n : 1);
    cgen_emit(g, "for (int j = 0; j < %d; j++) wyc_k%d[j] = WY_UNDEF;",
              n ? n : 1, h);
  }
}

void
cgen_chain_release(Gen *g)
{
  Func *fn = g->fn;
  int *regs = wyil_alloc(sizeof(int) * (size_t)(fn->nregs + 1));
  for (int h = 0; g->any_chain && h < fn->ncode; h++)
    if (g->chain_written[h])
      cgen_emit(g, "for (int j = 0; j < %d; j++) wy_decref(wyc_k%d[j]);",
                kept_regs(g, h, regs), h);
}

void
cgen_chain_begin(Gen *g, int h)
{
  if (!g->chain_written[h]) return;
  int *regs = wyil_alloc(sizeof(int) * (size_t)(g->fn->nregs + 1));
  int n = kept_regs(g, h, regs);
  cgen_emit(g, "/* a chained loop: its launches do not wait for their "
            "error flags */");
  cgen_emit(g, "wyc_ch%d = wy_ocl_chain_begin(wyc_k%d, %d);", h, h, n);
  cgen_emit(g, "if (wyc_ch%d) {", h);
  for (int j = 0; j < n; j++)
    cgen_emit(g, "  wyc_k%d[%d] = wyc_own(r%d);", h, j, regs[j]);
  cgen_emit(g, "}");
  g->indent--;
  cgen_emit(g, "wyc_rp%d:;", h);
  g->indent++;
}

/* The chained loop whose own code holds code[i], or -1. */
static int
chain_at(Gen *g, int i)
{
  return g->chain_of && i >= 0 && i < g->fn->ncode ? g->chain_of[i] : -1;
}

void
cgen_chain_status(Gen *g, int i)
{
  int h = chain_at(g, i);
  if (h >= 0)
    cgen_emit(g, "if (wyc_st == WY_OCL_E_CHAIN) goto wyc_rb%d;", h);
}

void
cgen_chain_pause(Gen *g, int i)
{
  int h = chain_at(g, i);
  if (h >= 0)
    cgen_emit(g, "if (wyc_ch%d && wy_ocl_chain_pause()) goto wyc_rb%d;", h,
              h);
}

void
cgen_chain_resume(Gen *g, int i)
{
  int h = chain_at(g, i);
  if (h >= 0) cgen_emit(g, "if (wyc_ch%d) wy_ocl_chain_resume();", h);
}

bool
cgen_chain_check(Gen *g, int i)
{
  int h = chain_at(g, i);
  if (h < 0) return false;
  cgen_emit(g, "if (wyc_ch%d && wy_ocl_chain_check()) goto wyc_rb%d;", h, h);
  return true;
}

void
cgen_chain_back_edge(Gen *g, int e)
{
  int h = g->fl->match[e];
  if (h >= 0 && g->chain_written[h])
    cgen_emit(g, "if (wyc_ch%d && wy_ocl_chain_poll()) goto wyc_rb%d;", h,
              h);
}

static void
emit_exit(Gen *g, int h)
{
  int *regs = wyil_alloc(sizeof(int) * (size_t)(g->fn->nregs + 1));
  int n = kept_regs(g, h, regs);
  cgen_emit(g, "if (wyc_ch%d) {", h);
  cgen_emit(g, "  if (wy_ocl_chain_end()) {");
  cgen_emit(g, "  wyc_rb%d:", h);
  cgen_emit(g, "    wy_ocl_chain_abort();   /* the loop again, unchained */");
  for (int j = 0; j < n; j++) {
    cgen_emit(g, "    %s(&r%d, wyc_k%d[%d]);", g->set, regs[j], h, j);
    cgen_emit(g, "    wyc_k%d[%d] = WY_UNDEF;", h, j);
  }
  cgen_emit(g, "    wyc_ch%d = 0;", h);
  cgen_emit(g, "    goto wyc_rp%d;", h);
  cgen_emit(g, "  }");
  /* (a chain a large write ended has dropped them already) */
  cgen_emit(g, "  for (int j = 0; j < %d; j++) {", n);
  cgen_emit(g, "    wy_decref(wyc_k%d[j]);", h);
  cgen_emit(g, "    wyc_k%d[j] = WY_UNDEF;", h);
  cgen_emit(g, "  }");
  cgen_emit(g, "  wyc_ch%d = 0;", h);
  cgen_emit(g, "}");
}

void
cgen_chain_exit_label(Gen *g, int label)
{
  if (g->chain_exit_of && label >= 0 && label < g->fn->nlabels
      && g->chain_exit_of[label] >= 0)
    emit_exit(g, g->chain_exit_of[label]);
}

void
cgen_chain_after_end(Gen *g, int e)
{
  int h = g->fl->match[e];
  if (h >= 0 && g->chain_written[h] && g->fn->code[h]->chain_exit < 0)
    emit_exit(g, h);
}
