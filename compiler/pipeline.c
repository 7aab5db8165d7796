/* pipeline.c -- the driver's pass table: the middle end (filter/) and
 * the planning passes (checks/), in order, from lowered WYIL to the
 * printers.
 *
 * Input: a lowered, verified module and the options of the command
 * line.  Output: the module with its kernel functions and `offload`
 * instructions (filter/split.c), and the OpenCL C program printed from
 * it (Pipeline.cl_source); the C back end prints the host functions
 * afterwards (main.c, build_c).
 *
 * The table is here, not in filter/, because it holds the planning
 * passes of checks/ (narrow, store32, checks: decided on the ints'
 * device widths, which the driver passes in, the OpenCL back end's
 * ocl_target) and the one loop that asks a back end: classify ->
 * outline -> jam -> tile -> veto runs again, after flt_veto, while the
 * back end refuses a kernel (a loop inside a vetoed one may be a kernel
 * itself).  The back end judges the kernel functions as planned, the
 * very ones split adds to the module: the program it judged is the one
 * it prints (veto runs the planning passes on each kernel function
 * alone, chk_plan_trial, and hands the back end that plan).  The
 * rewrites before classify run once.  Everything either back end reads
 * is decided before emit-opencl; the printers decide nothing the other
 * reads and change nothing.  WYC_VERIFY_PASSES=1 in wyc's environment
 * runs wyil/verify.c after every pass (tests/run.sh sets it); the
 * module is verified before narrow in every case, and nothing after
 * chain rewrites WYIL.
 *
 * A pass is one line of `passes`: its name (`wyc --print-passes`,
 * `--dump-after=NAME`), the entry point (a function pass of filter.h,
 * `void f(Func *, FilterOptions *)`, or a module step), the lowest -O
 * level it runs at, what it is for, and its contract.  The function
 * passes, consts .. classify, run one function at a time, in module
 * order: all of them on a function, then all on the next (so that a
 * loop calling a function later in the module sees it as written, as
 * the filter always did); --dump-after prints each of the program's
 * functions as that pass left it.  The table is the one place that
 * orders passes: a caller that wants only the middle end (the unit
 * tests) runs pipeline_run with stop_after "classify".
 *
 * The control flow tables (wyil/cfg.c) are released after each
 * function's passes and after each module step: no pass keeps one.
 */
#include <stdlib.h>
#include <string.h>

#include "compiler.h"
#include "../checks/checks.h"
#include "../filter/filter.h"
#include "../opencl_backend/oclgen.h"

typedef struct Pass {
  const char *name;
  void (*flt)(Func *fn, FilterOptions *opt);   /* a function pass, or NULL */
  void (*step)(Pipeline *p);                   /* a module step, or NULL */
  int min_opt;              /* runs at this -O level and above */
  const char *purpose;      /* one line, for --print-passes */
  const char *requires;     /* its contract: what must hold before, */
  const char *provides;     /* ... what it computes, */
  const char *invalidates;  /* ... what it leaves stale */
} Pass;

static void step_outline(Pipeline *p);
static void step_jam(Pipeline *p);
static void step_tile(Pipeline *p);
static void step_veto(Pipeline *p);
static void step_split(Pipeline *p);
static void step_recur_paths(Pipeline *p);
static void step_chain(Pipeline *p);
static void step_narrow(Pipeline *p);
static void step_store32(Pipeline *p);
static void step_checks(Pipeline *p);
static void step_emit_ocl(Pipeline *p);

/* ORDER of the pipeline.  A step with neither entry runs inside another
 * (classify, the function passes' last; emit-c, the driver's build). */
static const Pass passes[] = {
  {"consts", flt_pass_consts, NULL, 1,
   "fold negated int literals; scalar constants to the function's entry",
   "lowered WYIL", "constants readable before every loop", "CFG"},
  {"counted", flt_pass_counted, NULL, 1,
   "while loops counting an int or a list's length by 1: range loops",
   "consts", "FORALL loops, FltIv records", "CFG"},
  {"licm", flt_pass_licm, NULL, 1,
   "arithmetic of inner range ends, invariant in the loop around: before it",
   "counted", "inner bounds defined outside the nest (guarded divisions)",
   "CFG, liveness"},
  {"range-ends", flt_pass_range_ends, NULL, 1,
   "inner ranges' ends computed in a row-building loop: before it",
   "counted", "loop-invariant inner bounds", "CFG"},
  {"recur", flt_pass_recur, NULL, 1,
   "nests updating an affine recurrence modulo m: a jump-ahead version",
   "counted", "versioned nests, FltIv records", "CFG"},
  {"induction", flt_pass_induction, NULL, 1,
   "induction variables computed from the loop indices",
   "counted, recur", "FltIv records", "CFG"},
  {"scalarize", flt_pass_scalarize, NULL, 1,
   "a sum into one element in an inner loop: a private scalar, stored after",
   "induction", "accumulations reduce.c sees as scalar sums", "CFG"},
  {"distribute", flt_pass_distribute, NULL, 1,
   "a loop's body as loops: a parallel first part and the rest, "
   "independent groups, or writes beside a nest",
   "scalarize", "distributed loops (the loop as written kept), FltIv "
   "records", "CFG, liveness"},
  {"interchange", flt_pass_interchange, NULL, 1,
   "a nest whose outer loop carries a sum and inner one does not: swapped",
   "distribute", "interchanged nests (the nest as written kept), FltIv "
   "records", "CFG, liveness"},
  {"inject", flt_pass_inject, NULL, 1,
   "writes at computed indices: a one-to-one test before their nest",
   "induction", "guard registers (Kernel.guarded later)", "CFG"},
  {"classify", NULL, NULL, 0,
   "dependences: each loop's class, a Kernel per GPU-implicit loop",
   "the rewrites; the vetoes so far", "FilterResult (loops, kernels)",
   "nothing (WYIL unchanged)"},
  {"outline", NULL, step_outline, 0,
   "each kernel's nest copied into a kernel function; small calls inlined",
   "classify", "kernel functions (Func.kernel), not yet in the module",
   "the previous round's kernel functions"},
  {"jam", NULL, step_jam, 0,
   "register blocking: a work item runs several iterations of a dimension",
   "outline", "Kernel.jam, jam copies in the kernel function", "CFG"},
  {"tile", NULL, step_tile, 0,
   "tiles in local memory for a register-blocked kernel's shared loads",
   "jam", "Kernel.ntiles, tiles (KTiles), tile_local", "nothing"},
  {"veto", NULL, step_veto, 0,
   "the OpenCL back end judges each kernel; refused: classify again",
   "tile", "vetoes (FilterOptions.vetoes)", "a refused round's kernels"},
  {"split", NULL, step_split, 0,
   "kernel functions into the module, an `offload` before each loop",
   "veto settled", "offload instructions; the loop kept as the CPU path",
   "host functions' CFG"},
  {"recur-paths", NULL, step_recur_paths, 1,
   "the CPU path of a jump-ahead, distributed or interchanged nest: as "
   "written",
   "split", "a goto to the sequential version", "host functions' CFG"},
  {"chain", NULL, step_chain, 0,
   "host loops whose offloads may read their error flags at the loop's end",
   "split", "Insn.chained, FltChain records", "nothing"},
  {"narrow", NULL, step_narrow, 0,
   "narrow variants: kernels for ints that fit fewer bits",
   "chain, a verified module", "the plan (ChkPlan); Kernel.narrow_name, "
   "narrow_dims, KernelArg.narrow/index_dim", "nothing (WYIL unchanged)"},
  {"store32", NULL, step_store32, 0,
   "bounds of stored values, 32-bit output buffers",
   "narrow", "KernelArg.out_bits/out_arg/store32",
   "nothing (WYIL unchanged)"},
  {"checks", NULL, step_checks, 0,
   "range analysis: each device function's checks tested, hoisted or proved",
   "store32", "the check plans (ChkFunc) per function and variant",
   "nothing (WYIL unchanged)"},
  {"emit-opencl", NULL, step_emit_ocl, 0,
   "the OpenCL back end prints the kernel functions as OpenCL C",
   "checks", "Pipeline.cl_source", "nothing"},
  {"emit-c", NULL, NULL, 0,
   "the C back end prints the host functions as C (the driver's build)",
   "emit-opencl", "the C file handed to cc", "nothing"},
};

enum { NPASSES = sizeof passes / sizeof passes[0] };

static int
pass_index(const char *name)
{
  for (int i = 0; name && i < NPASSES; i++)
    if (!strcmp(passes[i].name, name)) return i;
  return -1;
}

/* Has the pass an entry point of its own (else it runs inside another)? */
static bool
has_entry(const Pass *ps)
{
  return ps->flt || ps->step || !strcmp(ps->name, "classify");
}

bool
pipeline_has_pass(const char *name)
{
  int i = pass_index(name);
  return i >= 0 && has_entry(&passes[i]);
}

const char *
pipeline_pass_names(void)
{
  StrBuf sb = {0};
  for (int i = 0; i < NPASSES; i++)
    if (has_entry(&passes[i]))
      sb_printf(&sb, "%s%s", sb.len ? ", " : "", passes[i].name);
  const char *s = wyil_strdup(sb.s);
  sb_free(&sb);
  return s;
}

void
pipeline_print_passes(FILE *out)
{
  for (int i = 0; i < NPASSES; i++)
    fprintf(out, "%-12s %s\n", passes[i].name, passes[i].purpose);
}

/* ---- the steps ------------------------------------------------------ */

static void
step_outline(Pipeline *p)
{
  p->kfns = (PtrVec){0};
  for (int i = 0; i < p->fr->kernels.n; i++)
    vec_push(&p->kfns, flt_outline(p->fr->kernels.v[i]));
}

static void
step_jam(Pipeline *p)
{
  const OclOptions *o = &p->oo;
  for (int i = 0; i < p->kfns.n; i++)
    flt_jam(((Func *)p->kfns.v[i])->kernel,
            o->jam ? o->jam : OCL_JAM_DEFAULT, o->jam > 1);
}

static void
step_tile(Pipeline *p)
{
  if (p->oo.tile == OCL_TILE_OFF) return;
  for (int i = 0; i < p->kfns.n; i++)
    flt_tile(((Func *)p->kfns.v[i])->kernel, p->oo.real);
}

static void
step_veto(Pipeline *p)
{
  p->again = false;
  for (int i = 0; i < p->fr->kernels.n; i++) {
    Kernel *k = p->fr->kernels.v[i];
    /* the planning passes on it alone, then the back end's trial */
    ChkPlan *pl = chk_plan_trial(p->m, p->kfns.v[i], &ocl_target);
    const char *why = ocl_check_kernel(pl, &p->oo);
    if (!why) continue;
    flt_veto(&p->fopt, k->loop, wyil_fmt("the OpenCL back end cannot "
                                         "compile it: %s", why));
    p->again = true;
  }
}

static void
step_split(Pipeline *p)
{
  flt_place_offloads(p->m, p->fr, (Func **)p->kfns.v);
  p->kfns = (PtrVec){0};   /* in the module now */
}

static void
step_recur_paths(Pipeline *p)
{
  flt_recur_cpu_paths(p->fr);
}

static void
step_chain(Pipeline *p)
{
  flt_chain(p->m, p->fr);
}

/* The range analysis's runs in the planning passes (-v). */
static void
count_runs(Pipeline *p, void (*pass)(Pipeline *))
{
  int narrow0, narrow1, before = chk_runs(&narrow0);
  pass(p);
  p->range_runs += chk_runs(&narrow1) - before;
  p->range_narrow += narrow1 - narrow0;
}

/* The device is the OpenCL back end's: its ints' widths (ocl_target). */
static void
plan_narrow(Pipeline *p)
{
  p->chk_plan = chk_plan_new(p->m, &ocl_target);
  chk_narrow(p->chk_plan);
}

static void
step_narrow(Pipeline *p)
{
  count_runs(p, plan_narrow);
}

static void
plan_store32(Pipeline *p)
{
  chk_store32(p->chk_plan);
}

static void
step_store32(Pipeline *p)
{
  count_runs(p, plan_store32);
}

static void
plan_checks(Pipeline *p)
{
  chk_checks(p->chk_plan);
}

static void
step_checks(Pipeline *p)
{
  count_runs(p, plan_checks);
}

static void
step_emit_ocl(Pipeline *p)
{
  p->cl_source = ocl_emit_planned(p->chk_plan, &p->oo);
}

/* ---- running them ---------------------------------------------------- */

/* The module and the kernel functions not yet in it, as WYIL text. */
static char *
dump_text(Pipeline *p)
{
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f) internal_error("pipeline: out of memory");
  wyil_print_module(f, p->m);
  for (int i = 0; i < p->kfns.n; i++) wyil_print_func(f, p->kfns.v[i]);
  fclose(f);
  return text;
}

/* WYC_VERIFY_PASSES=1: the module and the pending kernel functions. */
static void
verify_after(Pipeline *p, const char *pass)
{
  wyil_verify_after(p->m, pass);
  if (!p->kfns.n) return;
  Module pending = *p->m;
  pending.funcs = p->kfns;
  wyil_verify_after(&pending, pass);
}

/* One function, verified (WYC_VERIFY_PASSES=1). */
static void
verify_func_after(Pipeline *p, Func *fn, const char *pass)
{
  Module one = *p->m;
  void *only[1] = {fn};   /* (no arena vector per function and pass) */
  one.funcs = (PtrVec){only, 1, 1};
  wyil_verify_after(&one, pass);
}

/* The function passes from..classify on each of the program's own
 * functions in turn (a later round: classify alone); the text of each
 * function after pass `dump` into *dumped. */
static void
run_function_passes(Pipeline *p, int from, int classify, int dump,
                    bool verify, StrBuf *dumped)
{
  p->fr = flt_new_result(&p->fopt);
  p->rounds++;
  for (int f = 0; f < p->m->funcs.n; f++) {
    Func *fn = p->m->funcs.v[f];
    if (!flt_own_func(p->m, fn)) continue;
    for (int i = from; i <= classify; i++) {
      const Pass *ps = &passes[i];
      bool runs = p->fopt.opt_level >= ps->min_opt;
      if (runs && i == classify) flt_classify(p->fr, fn, &p->fopt);
      else if (runs) ps->flt(fn, &p->fopt);
      if (runs && verify) verify_func_after(p, fn, ps->name);
      if (i != dump) continue;   /* (a pass the -O level skips: as before) */
      char *text = NULL;
      size_t len = 0;
      FILE *out = open_memstream(&text, &len);
      if (!out) internal_error("pipeline: out of memory");
      wyil_print_func(out, fn);
      fclose(out);
      sb_puts(dumped, text);
      free(text);
    }
    wyil_cfg_release();   /* its tables: dead once its passes are done */
  }
}

void
pipeline_run(Pipeline *p)
{
  const char *env = getenv("WYC_VERIFY_PASSES");
  bool verify = env && !strcmp(env, "1");
  int classify = pass_index("classify"), veto = pass_index("veto");
  int last = p->stop_after ? pass_index(p->stop_after) : NPASSES - 1;
  int dump = p->dump_after ? pass_index(p->dump_after) : -1;
  if (dump >= 0) last = dump < veto ? veto : dump;  /* the last round's */
  if (last < 0) internal_error("pipeline: no pass '%s'", p->stop_after);
  StrBuf dumped = {0};
  for (int i = 0; i <= last; i++) {
    const Pass *ps = &passes[i];
    if (i <= classify) {   /* the function passes, first round */
      run_function_passes(p, i, classify, dump, verify, &dumped);
      i = classify;
    } else if (ps->step) {
      bool runs = p->fopt.opt_level >= ps->min_opt;
      if (!strcmp(ps->name, "narrow")) wyil_verify_after(p->m, "chain");
      if (runs) ps->step(p);
      wyil_cfg_release();
      if (runs && verify) verify_after(p, ps->name);
      if (i == dump) {   /* (a step the -O level skips: as before it) */
        char *text = dump_text(p);
        sb_free(&dumped);   /* a round the veto undid */
        sb_puts(&dumped, text);
        free(text);
      }
    }
    if (i == veto && p->again) {   /* classify again, rewrites kept */
      if (dump == classify) sb_free(&dumped);
      run_function_passes(p, classify, classify, dump, verify, &dumped);
      i = classify;
    }
  }
  if (dumped.len) fputs(dumped.s, stdout);
  sb_free(&dumped);
}
