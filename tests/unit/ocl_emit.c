/* ocl_emit.c -- unit tests of opencl_backend/ and of the offload code of
 * c_backend/: Whiley programs through the real pipeline (resolve, lower,
 * the pipeline's function passes up to classify, flt_split, the
 * planning passes, ocl_emit_planned, cgen_module), then
 *   - the OpenCL C builds on the device in all its variants (32- and
 *     64-bit ints; float or double reals), through clBuildProgram;
 *   - the offloading executable (WYC_DEVICE=cpu, WYC_OFFLOAD=mandatory
 *     unless the case expects a fallback) prints exactly what the CPU-only
 *     executable prints, exits the same way, and language errors found
 *     on the device are reported exactly by the CPU path.
 * Also: the generated host code frees every runtime block it owns (a
 * harness around the program's main checks wy_live_blocks), kernels of
 * 2 and 3 dimensions (flattened by hand), lists passed to called
 * functions (kernels by hand), and an internal error for an instruction
 * the filter should have refused.
 *
 * The cases run in child processes, JOBS at a time (each compilation in
 * a child of its own: the front end keeps global state); this process
 * touches OpenCL only after all forks.  Run from the repository root;
 * WYC_BUILD names the build directory (default "build"); WYC_KEEP=1
 * keeps /tmp/ocl_emit.PID.  Without an OpenCL CPU device (PoCL) only
 * the emission and the C compilation are checked (SKIP).
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../c_backend/cgen.h"
#include "../../checks/checks.h"
#include "../../compiler/compiler.h"
#include "../../filter/filter.h"
#include "../../opencl_backend/oclgen.h"

static int failures, checks;

/* The planning passes narrow, store32 and checks (checks/), then the
 * program of every kernel function of m (m NULL: the prelude alone),
 * as the driver's pipeline runs them. */
static char *
emit_program(const Module *m, const OclOptions *o)
{
  if (!m) return ocl_emit_planned(NULL, o);
  ChkPlan *pl = chk_plan_new(m, &ocl_target);
  chk_narrow(pl);
  chk_store32(pl);
  chk_checks(pl);
  return ocl_emit_planned(pl, o);
}
static char dir[256];
static const char *build_dir = "build";
static const char *san = "";  /* sanitizer flags (WYC_ASAN=1) */

#define CHECK(cond, ...) check((cond), #cond, __LINE__, __VA_ARGS__)

static void
check(bool ok, const char *code, int line, const char *fmt, ...)
{
  checks++;
  if (ok) return;
  va_list ap;
  va_start(ap, fmt);
  printf("FAIL line %d: %s: ", line, code);
  vprintf(fmt, ap);
  printf("\n");
  va_end(ap);
  failures++;
}

/* ---------------------------------------------------------------- */
/* Files and processes                                                */

static char *
read_file(const char *path)
{
  FILE *f = fopen(path, "rb");
  if (!f) return strdup("");
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)n + 1);
  size_t got = fread(s, 1, (size_t)n, f);
  s[got] = 0;
  fclose(f);
  return s;
}

static void
write_file(const char *path, const char *text)
{
  FILE *f = fopen(path, "w");
  if (!f) {
    perror(path);
    exit(2);
  }
  fputs(text, f);
  fclose(f);
}

static const char *
path_of(const char *name, const char *ext)
{
  return wyil_fmt("%s/%s%s", dir, name, ext);
}

/* Run a shell command; its exit status. */
static int
sh(const char *fmt, ...)
{
  char cmd[4096];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(cmd, sizeof cmd, fmt, ap);
  va_end(ap);
  int st = system(cmd);
  return st == -1 || !WIFEXITED(st) ? -1 : WEXITSTATUS(st);
}

/* ---------------------------------------------------------------- */
/* Compiling Whiley                                                   */

typedef struct Case {
  const char *name;
  const char *src;       /* the Whiley program */
  const char *src2;      /* ... continued (or NULL) */
  FltReal gpu_real;      /* --gpu-real */
  bool int64_only;       /* --gpu-int=64 */
  int kernels;           /* at least this many kernels */
  bool mandatory;        /* run with WYC_OFFLOAD=mandatory */
  bool fallback;         /* a device run may fall back to the CPU */
  bool asan;             /* also build and run it under the sanitizers
                            (the others are only compiled there: time) */
} Case;

/* The FORALL directly nested in the one at code[at] (the first one in
 * its body, when nothing but straight-line code precedes it), or -1. */
static int
inner_forall(Func *fn, int at)
{
  int end = wyil_loop_end(fn, at);
  for (int i = at + 1; i < end; i++) {
    Op op = fn->code[i]->op;
    if (op == OP_FORALL) return i;
    if (op == OP_LOOP || op == OP_LABEL || op == OP_GOTO || op == OP_IF)
      return -1;
  }
  return -1;
}

/* The type of operand a of in, as the filter reads it. */
static Type *
operand_type(Insn *in, int a)
{
  switch (in->op) {
  case OP_INDEXOF: case OP_LENGTHOF: return a == 0 ? in->type : ty_int;
  case OP_RANGE: return ty_int;
  case OP_INVOKE: return in->callee->type->elems[a];
  default: return in->type;
  }
}

/* A kernel made by hand for the FORALL at code[at] of fn, for shapes the
 * filter does not offload yet (lists passed to functions): every
 * register read in the body and not written there is an argument. */
static Kernel *
hand_kernel(Func *fn, int at, int id)
{
  Insn *loop = fn->code[at];
  int end = wyil_loop_end(fn, at);
  Kernel *k = wyil_alloc(sizeof(Kernel));
  k->id = id;
  k->name = wyil_fmt("wyk_%d", id);
  k->fn = fn;
  k->loop = k->loops[0] = loop;
  k->ndims = 1;
  k->loopvar[0] = loop->dst;
  for (int i = 0; i < at; i++)
    if (fn->code[i]->op == OP_RANGE && fn->code[i]->dst == loop->args[0]) {
      k->lo[0] = fn->code[i]->args[0];
      k->hi[0] = fn->code[i]->args[1];
    }
  bool *defd = wyil_alloc((size_t)fn->nregs + 1);
  bool *seen = wyil_alloc((size_t)fn->nregs + 1);
  defd[loop->dst] = true;
  for (int i = at + 1; i < end; i++) {
    Insn *in = fn->code[i];
    if (in->dst >= 0 && in->op != OP_UPDATE) defd[in->dst] = true;
  }
  k->args = wyil_alloc(sizeof(KernelArg) * (size_t)(fn->nregs + 1));
  for (int i = at + 1; i < end; i++) {
    Insn *in = fn->code[i];
    for (int a = -1; a < in->nargs; a++) {
      int r = a < 0 ? (in->op == OP_UPDATE ? in->dst : -1) : in->args[a];
      if (r < 0 || defd[r] || seen[r]) continue;
      seen[r] = true;
      KernelArg *ka = &k->args[k->nargs++];
      ka->reg = r;
      ka->type = a < 0 ? in->type : operand_type(in, a);
      Type *t = ty_expand(ka->type);
      while (t->kind == TY_LIST) {
        ka->depth++;
        t = ty_expand(t->elems[0]);
      }
      ka->elem = t;
      ka->kind = ka->depth == 0 ? KA_SCALAR : KA_LIST_IN;
    }
  }
  for (int i = at + 1; i < end; i++)
    for (int a = 0; a < k->nargs; a++)
      if (fn->code[i]->op == OP_UPDATE && fn->code[i]->dst == k->args[a].reg)
        k->args[a].kind = KA_LIST_INOUT;
  return k;
}

/* Kernels by hand for the first loop of functions named hand*. */
static void
add_hand_kernels(Module *m, FilterResult *r)
{
  for (int i = 0; i < m->funcs.n; i++) {
    Func *fn = m->funcs.v[i];
    if (strncmp(fn->name, "hand", 4)) continue;
    for (int j = 0; j < fn->ncode; j++)
      if (fn->code[j]->op == OP_FORALL) {
        vec_push(&r->kernels, hand_kernel(fn, j, r->kernels.n + 1));
        break;
      }
  }
}

/* What the filter will do at -O2, by hand: the kernels of functions
 * named flat* become 2-D or 3-D over their directly nested loops, every
 * dimension with the outer loop's bounds (right for square inputs; the
 * kernel itself reports other shapes, and the CPU runs those). */
static void
flatten(FilterResult *r)
{
  for (int i = 0; i < r->kernels.n; i++) {
    Kernel *k = r->kernels.v[i];
    Func *fn = k->fn;
    if (strncmp(fn->name, "flat", 4)) continue;
    int at = 0;
    while (fn->code[at] != k->loop) at++;
    int loops[3] = {at}, n = 1;
    while (n < 3 && (loops[n] = inner_forall(fn, loops[n - 1])) >= 0) n++;
    k->ndims = n;
    for (int d = 0; d < n; d++) {
      Insn *lp = fn->code[loops[n - 1 - d]];
      k->loops[d] = lp;
      k->loopvar[d] = lp->dst;
      k->lo[d] = k->lo[0];
      k->hi[d] = k->hi[0];
    }
  }
}

/* In a child: the front end, the filter and both back ends; writes
 * NAME.cl, NAME_cpu.c, NAME_ocl.c and exits with 100 + the kernel
 * count (anything else is a crash or a sanitizer's report). */
static void
compile_child(const Case *c)
{
  const char *src = path_of(c->name, ".whiley");
  Program *prog = resolve_program(src, "stdlib");
  lower_program(prog);
  wyil_verify(prog->m);
  Pipeline p = {.m = prog->m, .fopt = {1, c->gpu_real, NULL, NULL, NULL},
                .stop_after = "classify"};
  pipeline_run(&p);   /* the table's function passes (-O1) */
  FilterResult *r = p.fr;
  flatten(r);
  add_hand_kernels(prog->m, r);
  flt_split(prog->m, r);
  wyil_verify(prog->m);
  OclOptions o = {.real = c->gpu_real, .int64_only = c->int64_only,
                  .tile = OCL_TILE_GPU};
  for (int i = 0; i < prog->m->funcs.n; i++) {  /* the driver's jam, tile */
    Kernel *k = ((Func *)prog->m->funcs.v[i])->kernel;
    if (!k) continue;
    flt_jam(k, OCL_JAM_DEFAULT, false);
    flt_tile(k, o.real);
  }
  char *cl = emit_program(prog->m, &o);
  write_file(path_of(c->name, ".cl"), cl);
  FILE *f = fopen(path_of(c->name, "_cpu.c"), "w");
  cgen_module(f, prog->m, NULL);
  fclose(f);
  f = fopen(path_of(c->name, "_ocl.c"), "w");
  CgenOffload off = {cl, o.real, o.int64_only};
  cgen_module(f, prog->m, &off);
  fclose(f);
  free(cl);
  fflush(stdout);
  _exit(100 + (r->kernels.n > 99 ? 99 : r->kernels.n));
}

/* The number of kernels, or -1 when the compilation failed. */
static int
compile(const Case *c)
{
  write_file(path_of(c->name, ".whiley"),
             wyil_fmt("%s%s", c->src, c->src2 ? c->src2 : ""));
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) compile_child(c);
  int st;
  waitpid(pid, &st, 0);
  if (!WIFEXITED(st) || WEXITSTATUS(st) < 100) return -1;
  return WEXITSTATUS(st) - 100;
}

/* ---------------------------------------------------------------- */
/* OpenCL                                                             */

static cl_context ctx;
static cl_device_id dev;
static bool have_fp64;

static bool
cl_setup(void)
{
  cl_platform_id plats[8];
  cl_uint np = 0;
  if (clGetPlatformIDs(8, plats, &np) != CL_SUCCESS || np == 0) return false;
  for (cl_uint p = 0; p < np; p++) {
    cl_uint nd = 0;
    if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_CPU, 1, &dev, &nd)
        == CL_SUCCESS && nd > 0) {
      cl_int err;
      ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
      if (err != CL_SUCCESS) return false;
      char ext[4096] = "";
      clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, sizeof ext, ext, NULL);
      have_fp64 = strstr(ext, "cl_khr_fp64") != NULL;
      return true;
    }
  }
  return false;
}

/* Does src build with these options?  Prints the log when not. */
static bool
cl_builds(const char *name, const char *src, const char *options)
{
  cl_int err;
  cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
  if (err != CL_SUCCESS) return false;
  err = clBuildProgram(prog, 1, &dev, options, NULL, NULL);
  char log[16384] = "";
  clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log,
                        NULL);
  if (err != CL_SUCCESS)
    printf("%s: build with '%s' failed:\n%s\n", name, options, log);
  else if (strstr(log, "warning"))
    printf("%s: build with '%s' warns:\n%s\n", name, options, log);
  clReleaseProgram(prog);
  return err == CL_SUCCESS;
}

/* ---------------------------------------------------------------- */
/* One case                                                           */

/* Wraps the program's main: after it returns, every runtime block must
 * have been freed (the offload path owns nothing of its own). */
static const char harness[] =
  "#include <stdio.h>\n"
  "#include \"wyrt.h\"\n"
  "#include \"ocl.h\"\n"
  "int wyc_program_main(int argc, char **argv);\n"
  "int\nmain(int argc, char **argv)\n{\n"
  "  int rc = wyc_program_main(argc, argv);\n"
  "#ifdef WYC_OCL\n"
  "  wy_ocl_shutdown();\n"
  "#endif\n"
  "  if (wy_live_blocks() != 0) {\n"
  "    fprintf(stderr, \"LEAK: %zu blocks\\n\", wy_live_blocks());\n"
  "    return 3;\n"
  "  }\n"
  "  return rc;\n}\n";

/* Compile NAME_variant.c (its main renamed) with the harness. */
static bool
cc(const Case *c, const char *variant, bool ocl)
{
  return sh("cc -std=c11 -O0 -w %s -Iruntime -Dmain=wyc_program_main -c "
            "-o %s/%s_%s.o %s/%s_%s.c", san, dir, c->name, variant, dir,
            c->name, variant) == 0
         && sh("cc %s -o %s/%s_%s %s/%s_%s.o %s/harness%s.o "
               "%s/libwyrt_ocl.a %s/libwyrt.a %s -lmpfr -lgmp -lm", san, dir,
               c->name, variant, dir, c->name, variant, dir,
               ocl ? "_ocl" : "", build_dir, build_dir,
               ocl ? "-lOpenCL -Wl,-Bstatic -lsodium -Wl,-Bdynamic" : "")
                == 0;
}

/* Run NAME_variant; its status, stdout and stderr. */
static int
run(const Case *c, const char *variant, bool mandatory, char **out,
    char **err)
{
  int st = sh("cd %s && ASAN_OPTIONS=detect_leaks=0:use_sigaltstack=0 "
              "WYC_DEVICE=cpu %s "
              "XDG_CACHE_HOME=%s/cache "
              "timeout 120 ./%s_%s >%s_%s.out 2>%s_%s.err </dev/null", dir,
              mandatory ? "WYC_OFFLOAD=mandatory" : "", dir, c->name, variant,
              c->name, variant, c->name, variant);
  const char *o = path_of(c->name, wyil_fmt("_%s.out", variant));
  const char *e = path_of(c->name, wyil_fmt("_%s.err", variant));
  *out = read_file(o);
  *err = read_file(e);
  return st;
}

static void
run_case(const Case *c, bool device)
{
  int nk = compile(c);
  CHECK(nk >= c->kernels, "%s: %d kernels, expected at least %d", c->name,
        nk, c->kernels);
  if (nk < 0 || (*san && !c->asan)) return;
  bool ok_cpu = cc(c, "cpu", false), ok_ocl = cc(c, "ocl", true);
  CHECK(ok_cpu, "%s: the CPU-only C compiles", c->name);
  CHECK(ok_ocl, "%s: the offloading C compiles", c->name);
  if (!ok_cpu || !ok_ocl || !device) return;
  char *out1, *err1, *out2, *err2;
  int st1 = run(c, "cpu", false, &out1, &err1);
  int st2 = run(c, "ocl", c->mandatory, &out2, &err2);
  CHECK(st1 == st2, "%s: exit status %d on the CPU, %d offloaded (%s)",
        c->name, st1, st2, err2);
  CHECK(!strcmp(out1, out2), "%s: stdout differs:\n--- CPU\n%s--- offloaded\n"
        "%s", c->name, out1, out2);
  CHECK(strstr(err2, err1) != NULL, "%s: stderr: CPU [%s], offloaded [%s]",
        c->name, err1, err2);
  CHECK(!strstr(err1, "LEAK") && !strstr(err2, "LEAK"), "%s: leaks: %s%s",
        c->name, err1, err2);
  if (!c->fallback)
    CHECK(!strstr(err2, "runs on the CPU"), "%s: fell back: %s", c->name,
          err2);
  printf("  %s: %d kernel%s, %s\n", c->name, nk, nk == 1 ? "" : "s",
         st1 ? "same error" : "same output");
  free(out1);
  free(err1);
  free(out2);
  free(err2);
}

/* The program of c builds on the device, without warnings, in both int
 * variants. */
static void
build_case(const Case *c)
{
  char *cl = read_file(path_of(c->name, ".cl"));
  if (!*cl) return;  /* not compiled: reported already */
  CHECK(cl_builds(c->name, cl, "-Werror"), "%s: 32-bit variant", c->name);
  CHECK(cl_builds(c->name, cl, "-Werror -DWYC_INT64=1"), "%s: 64-bit variant",
        c->name);
  if (have_fp64 && c->gpu_real != FLT_REAL_EXACT)
    CHECK(cl_builds(c->name, cl, "-Werror -DWYC_REAL_DOUBLE=1"),
          "%s: double variant", c->name);
  /* float reals, their reductions' accumulators double (without it:
   * compensated floats, the first build) */
  if (have_fp64 && c->gpu_real == FLT_REAL_FLOAT)
    CHECK(cl_builds(c->name, cl, "-Werror -DWYC_FP64=1"),
          "%s: double accumulators", c->name);
  free(cl);
}

/* ---------------------------------------------------------------- */
/* The programs                                                       */

/* Ints: maps, lists of lists, nested loops of every kind, calls,
 * branches, switch, division and remainder of negative numbers,
 * overflow into the 64-bit variant. */
static const char ints_src[] =
  "import * from whiley.lang.*\n"
  "\n"
  "int clamp(int x, int lo, int hi):\n"
  "    if x < lo:\n"
  "        return lo\n"
  "    else if x > hi:\n"
  "        return hi\n"
  "    return x\n"
  "\n"
  "int twice(int x):\n"
  "    return clamp(x, -1000, 1000) * 2\n"
  "\n"
  "[int] dbl([int] xs):\n"
  "    ys = xs\n"
  "    for i in 0..|xs|:\n"
  "        ys[i] = xs[i] * 2\n"
  "    return ys\n"
  "\n"
  "[int] divs([int] xs, int k):\n"
  "    for i in 0..|xs|:\n"
  "        xs[i] = xs[i] / k + xs[i] % k * 100 - (-xs[i])\n"
  "    return xs\n"
  "\n"
  "[[int]] mat([[int]] a, int k):\n"
  "    r = a\n"
  "    for i in 0..|a|:\n"
  "        for j in 0..|a[i]|:\n"
  "            r[i][j] = a[i][j] / k + twice(i)\n"
  "    return r\n"
  "\n"
  "[int] rowsums([[int]] m):\n"
  "    out = 0..|m|\n"
  "    for i in 0..|m|:\n"
  "        s = 0\n"
  "        for v in m[i]:\n"
  "            s = s + v\n"
  "        out[i] = s\n"
  "    return out\n"
  "\n"
  "[int] misc([int] xs, bool flag):\n"
  "    ys = xs\n"
  "    for i in 0..|xs|:\n"
  "        k = 0\n"
  "        j = 5\n"
  "        while j > 0:\n"
  "            k = k + j\n"
  "            j = j - 1\n"
  "        for q in 5..0:\n"
  "            k = k - q\n"
  "        switch xs[i]:\n"
  "            case 1:\n"
  "                k = k + 100\n"
  "            case 2:\n"
  "                k = k + 200\n"
  "            default:\n"
  "                k = k + 1\n"
  "        b = xs[i] > 3\n"
  "        if b && flag:\n"
  "            ys[i] = k + twice(xs[i])\n"
  "        else:\n"
  "            ys[i] = -k % 7\n"
  "    return ys\n"
  "\n"
  "[int] big([int] xs):\n"
  "    for i in 0..|xs|:\n"
  "        xs[i] = xs[i] * 100000 + 5000000000\n"
  "    return xs\n"
  "\n"
  "[int] down([int] xs):\n"
  "    ys = xs\n"
  "    for i in |xs|..0:\n"
  "        ys[i - 1] = xs[i - 1] + i\n"
  "    return ys\n"
  "\n"
  "[[[int]]] cube([[[int]]] c):\n"
  "    for i in 0..|c|:\n"
  "        for j in 0..|c[i]|:\n"
  "            for k in 0..|c[i][j]|:\n"
  "                c[i][j][k] = c[i][j][k] + 100 * i + 10 * j + k\n"
  "    return c\n"
  "\n"
  "[bool] flip([bool] bs, [int] xs):\n"
  "    for i in 0..|bs|:\n"
  "        if bs[i] == true:\n"
  "            bs[i] = xs[i] > 2\n"
  "        else:\n"
  "            bs[i] = true\n"
  "    return bs\n"
  "\n"
  "define nat as int where $ >= 0\n"
  "\n"
  "nat tri(nat n):\n"
  "    s = 0\n"
  "    k = n\n"
  "    while k > 0:\n"
  "        s = s + k\n"
  "        k = k - 1\n"
  "    return s\n"
  "\n"
  "[int] brk([int] xs):\n"
  "    ys = xs\n"
  "    for i in 0..|xs|:\n"
  "        m = 0\n"
  "        for j in 0..10:\n"
  "            if j * j > xs[i]:\n"
  "                break\n"
  "            m = j\n"
  "        ys[i] = tri(m)\n"
  "    return ys\n"
  "\n"
  "void ::main(System.Console sys):\n"
  "    xs = [1, 2, 3, 4, 5, -7, 100000]\n"
  "    sys.out.println(brk([0, 1, 4, 10, 50, 99]))\n"
  "    sys.out.println(dbl(xs))\n"
  "    sys.out.println(divs([7, -7, 9, -9, 0, 3], 2))\n"
  "    sys.out.println(divs([7, -7, 9, -9, 0, 3], -4))\n"
  "    sys.out.println(mat([[1, 2, 3], [4, 5, 6]], 2))\n"
  "    sys.out.println(rowsums([[1, 2, 3], [4, 5, 6], [7, 8, 9]]))\n"
  "    sys.out.println(misc(xs, true))\n"
  "    sys.out.println(misc(xs, false))\n"
  "    sys.out.println(big([1, 2, 300000]))\n"
  "    sys.out.println(down([10, 20, 30]))\n"
  "    sys.out.println(cube([[[1, 2], [3, 4]], [[5, 6], [7, 8]]]))\n"
  "    sys.out.println(flip([true, false, true, true], [1, 2, 3, 4]))\n"
  "    sys.out.println(dbl([]))\n";

/* Each checked operation at the edges of 32 and 64 bits: results that
 * just fit, and results that overflow 32 bits (the 64-bit variant runs)
 * or 64 bits (the CPU path runs, exactly). */
static const char edges_fns[] =
  "import * from whiley.lang.*\n"
  "\n"
  "[int] addk([int] xs, [int] ys):\n"
  "    for i in 0..|xs|:\n"
  "        xs[i] = xs[i] + ys[i]\n"
  "    return xs\n"
  "\n"
  "[int] subk([int] xs, [int] ys):\n"
  "    for i in 0..|xs|:\n"
  "        xs[i] = xs[i] - ys[i]\n"
  "    return xs\n"
  "\n"
  "[int] mulk([int] xs, [int] ys):\n"
  "    for i in 0..|xs|:\n"
  "        xs[i] = xs[i] * ys[i]\n"
  "    return xs\n"
  "\n"
  "[int] divk([int] xs, [int] ys):\n"
  "    for i in 0..|xs|:\n"
  "        xs[i] = xs[i] / ys[i] + xs[i] % ys[i]\n"
  "    return xs\n"
  "\n"
  "[int] negk([int] xs):\n"
  "    for i in 0..|xs|:\n"
  "        xs[i] = -xs[i]\n"
  "    return xs\n"
  "\n"
  "void ::main(System.Console sys):\n";

static const char edges32_src[] =
  "    m = -2147483648\n"
  "    sys.out.println(addk([2147483646, m, 2147483647], [1, 1, 1]))\n"
  "    sys.out.println(subk([m + 1, 2147483647, m], [1, -1, 1]))\n"
  "    sys.out.println(mulk([-65536, 65536, 46341, -46341, 3], [32768, 32768,"
  " 46341, 46341, 5]))\n"
  "    sys.out.println(mulk([46340, -1, m], [46340, m, -1]))\n"
  "    sys.out.println(divk([m, m, 7, -7], [-1, 1, -2, 2]))\n"
  "    sys.out.println(negk([2147483647, m, 0]))\n";

static const char edges64_src[] =
  "    m = -9223372036854775808\n"
  "    x = 9223372036854775807\n"
  "    sys.out.println(addk([x - 1, m, x], [1, -1, 1]))\n"
  "    sys.out.println(subk([m + 1, m], [1, 1]))\n"
  "    sys.out.println(mulk([3037000499, 4294967296, -1], [3037000499, "
  "2147483648, m]))\n"
  "    sys.out.println(divk([m, m], [1, -1]))\n"
  "    sys.out.println(negk([x, m]))\n";

/* Reals, float or double on the device: values chosen so that both
 * print the same as the exact CPU. */
static const char reals_src[] =
  "import * from whiley.lang.*\n"
  "\n"
  "[real] scale([real] xs, real f):\n"
  "    ys = xs\n"
  "    for i in 0..|xs|:\n"
  "        ys[i] = xs[i] * f + (real) i - 0.25\n"
  "    return ys\n"
  "\n"
  "[real] halves([int] xs):\n"
  "    out = [0.0, 0.0, 0.0, 0.0]\n"
  "    for i in 0..|xs|:\n"
  "        x = xs[i]\n"
  "        if x > 2:\n"
  "            out[i] = -(x / 2.0)\n"
  "        else:\n"
  "            out[i] = x / 4.0\n"
  "    return out\n"
  "\n"
  "real dot([real] xs, [real] ys):\n"
  "    s = 0.0\n"
  "    for i in 0..|xs|:\n"
  "        s = s + xs[i] * ys[i] + 0.5\n"
  "    return s\n"
  "\n"
  "void ::main(System.Console sys):\n"
  "    sys.out.println(scale([1.0, 2.5, -3.0], 2.0))\n"
  "    sys.out.println(halves([1, 2, 3, 4]))\n"
  "    sys.out.println(dot([1.0, 2.5, -3.0], [0.5, 4.0, 0.25]))\n";

static const char bounds_src[] =
  "import * from whiley.lang.*\n"
  "\n"
  "[int] shift([int] xs, int d):\n"
  "    ys = xs\n"
  "    for i in 0..|xs|:\n"
  "        ys[i] = xs[i + d] + 1\n"
  "    return ys\n"
  "\n"
  "void ::main(System.Console sys):\n"
  "    sys.out.println(shift([1, 2, 3], 0))\n"
  "    sys.out.println(shift([1, 2, 3], 1))\n";

static const char divzero_src[] =
  "import * from whiley.lang.*\n"
  "\n"
  "[int] inv([int] xs, int k):\n"
  "    for i in 0..|xs|:\n"
  "        xs[i] = k / xs[i]\n"
  "    return xs\n"
  "\n"
  "void ::main(System.Console sys):\n"
  "    sys.out.println(inv([1, 2, 3], 12))\n"
  "    sys.out.println(inv([1, 0, 3], 12))\n";

static const char precond_src[] =
  "import * from whiley.lang.*\n"
  "\n"
  "int half(int x) requires x >= 0:\n"
  "    return x / 2\n"
  "\n"
  "[int] halves([int] xs):\n"
  "    for i in 0..|xs|:\n"
  "        xs[i] = half(xs[i])\n"
  "    return xs\n"
  "\n"
  "void ::main(System.Console sys):\n"
  "    sys.out.println(halves([4, 6, 8]))\n"
  "    sys.out.println(halves([4, -6, 8]))\n";

/* Flattened by hand (flatten above): square inputs run as 2-D and 3-D
 * NDRanges, others are reported by the kernel and run on the CPU. */
static const char flat_src[] =
  "import * from whiley.lang.*\n"
  "\n"
  "[[int]] flat2([[int]] a, int k):\n"
  "    r = a\n"
  "    for i in 0..|a|:\n"
  "        for j in 0..|a[i]|:\n"
  "            r[i][j] = a[i][j] * k + 10 * i + j\n"
  "    return r\n"
  "\n"
  "[[[int]]] flat3([[[int]]] c):\n"
  "    for i in 0..|c|:\n"
  "        for j in 0..|c[i]|:\n"
  "            for k in 0..|c[i][j]|:\n"
  "                c[i][j][k] = c[i][j][k] + 100 * i + 10 * j + k\n"
  "    return c\n"
  "\n"
  "void ::main(System.Console sys):\n"
  "    sys.out.println(flat2([[1, 2, 3], [4, 5, 6], [7, 8, 9]], 2))\n"
  "    sys.out.println(flat3([[[1, 2], [3, 4]], [[5, 6], [7, 8]]]))\n"
  "    sys.out.println(flat2([[1, 2], [4, 5], [7, 8]], 3))\n";

/* Lists passed to called functions (kernels by hand: hand_kernel);
 * ranges and lists iterated inside called functions. */
static const char lists_src[] =
  "import * from whiley.lang.*\n"
  "\n"
  "int sum([int] row, int from):\n"
  "    s = 0\n"
  "    for v in row:\n"
  "        s = s + v\n"
  "    for k in 1..(from + 1):\n"
  "        s = s + k * |row| + row[k - 1]\n"
  "    return s\n"
  "\n"
  "int total([[int]] m):\n"
  "    t = 0\n"
  "    for i in 0..|m|:\n"
  "        t = t + sum(m[i], 1)\n"
  "    return t\n"
  "\n"
  "[int] hand1([[int]] m, [int] ws):\n"
  "    out = ws\n"
  "    for i in 0..|m|:\n"
  "        out[i] = sum(m[i], 2) * ws[i] + total(m)\n"
  "    return out\n"
  "\n"
  "void ::main(System.Console sys):\n"
  "    sys.out.println(hand1([[1, 2, 3], [4, 5, 6]], [10, 100]))\n"
  "    sys.out.println(hand1([[1], [4]], [10, 100]))\n";

static const Case cases[] = {
  /* name, program (two parts), gpu_real, int64_only,
   * kernels, mandatory, fallback, asan */
  {"ints", ints_src, NULL, FLT_REAL_EXACT, false, 9, true, false, true},
  {"ints64", ints_src, NULL, FLT_REAL_EXACT, true, 9, true, false, false},
  {"edges32", edges_fns, edges32_src, FLT_REAL_EXACT, false, 5, true, false,
   false},
  {"edges64", edges_fns, edges64_src, FLT_REAL_EXACT, false, 5, false, true,
   true},
  {"reals_float", reals_src, NULL, FLT_REAL_FLOAT, false, 3, true, false,
   false},
  {"reals_double", reals_src, NULL, FLT_REAL_DOUBLE, false, 3, true, false,
   false},
  {"bounds", bounds_src, NULL, FLT_REAL_EXACT, false, 1, true, true, true},
  {"divzero", divzero_src, NULL, FLT_REAL_EXACT, false, 1, true, true,
   false},
  {"precond", precond_src, NULL, FLT_REAL_EXACT, false, 1, true, true,
   false},
  /* the non-square call falls back by design (WY_OCL_E_SHAPE) */
  {"flat", flat_src, NULL, FLT_REAL_EXACT, false, 2, false, true, false},
  {"lists", lists_src, NULL, FLT_REAL_EXACT, false, 1, true, true, true},
};

/* A loop the filter would refuse, made a kernel by hand: checked with
 * ocl_check_kernel, the back end says why it cannot compile it (the
 * driver then keeps the loop on the CPU); emitted anyway, it stops with
 * an internal error naming the instruction, never emits something
 * quietly wrong. */
static const char refused_src[] =
  "import * from whiley.lang.*\n"
  "\n"
  "[[int]] grow([int] xs):\n"
  "    out = [[0]]\n"
  "    for i in 0..|xs|:\n"
  "        out = out + [[i]]\n"
  "    return out\n"
  "\n"
  "void ::main(System.Console sys):\n"
  "    sys.out.println(grow([1, 2]))\n";

static void
refused_child(void)
{
  const char *src = path_of("refused", ".whiley");
  if (!freopen(path_of("refused", ".err"), "w", stderr)) _exit(2);
  setvbuf(stderr, NULL, _IONBF, 0);
  Program *prog = resolve_program(src, "stdlib");
  lower_program(prog);
  FilterResult r = {.gpu_real = FLT_REAL_EXACT};
  for (int i = 0; i < prog->m->funcs.n; i++) {
    Func *fn = prog->m->funcs.v[i];
    for (int j = 0; strcmp(fn->name, "grow") == 0 && j < fn->ncode; j++) {
      if (fn->code[j]->op != OP_FORALL) continue;
      Kernel *k = wyil_alloc(sizeof(Kernel));
      k->id = 1;
      k->name = "wyk_1";
      k->fn = fn;
      k->loop = k->loops[0] = fn->code[j];
      k->ndims = 1;
      k->loopvar[0] = fn->code[j]->dst;
      vec_push(&r.kernels, k);
      break;
    }
  }
  if (r.kernels.n != 1) _exit(2);
  ChkPlan *pl = chk_plan_trial(prog->m, flt_outline(r.kernels.v[0]),
                               &ocl_target);
  const char *why = ocl_check_kernel(pl, NULL);
  fprintf(stderr, "check: %s\n", why ? why : "(none)");
  flt_split(prog->m, &r);
  emit_program(prog->m, NULL);
  _exit(0);
}

static void
check_refused(void)
{
  write_file(path_of("refused", ".whiley"), refused_src);
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) refused_child();
  int st;
  waitpid(pid, &st, 0);
  char *err = read_file(path_of("refused", ".err"));
  CHECK(strstr(err, "check: ") && !strstr(err, "check: (none)")
        && strstr(err, "refused.whiley:6"), "refused: no reason: %s", err);
  CHECK(WIFSIGNALED(st) && strstr(err, "internal error")
        && strstr(err, "the filter let it through"),
        "refused: status %d: %s", st, err);
  printf("  refused: %s", err);
  free(err);
}

/* The prelude's checked arithmetic against the compiler's builtins, for
 * every pair of edge values, in both int variants. */
static const char arith_kernel[] =
  "__kernel void t(__global const wy_int *a, __global const wy_int *b,\n"
  "    __global wy_int *r, __global int *f) {\n"
  "  size_t i = get_global_id(0);\n"
  "  wy_int x = 0;\n"
  "  f[3 * i] = wyc_add(a[i], b[i], &x); r[3 * i] = x;\n"
  "  f[3 * i + 1] = wyc_sub(a[i], b[i], &x); r[3 * i + 1] = x;\n"
  "  f[3 * i + 2] = wyc_mul(a[i], b[i], &x); r[3 * i + 2] = x;\n"
  "}\n";

static bool
expect_op(int op, int64_t a, int64_t b, bool is64, int64_t *res)
{
  if (is64) {
    int64_t r = 0;
    bool o = op == 0 ? __builtin_add_overflow(a, b, &r)
             : op == 1 ? __builtin_sub_overflow(a, b, &r)
             : __builtin_mul_overflow(a, b, &r);
    *res = r;
    return o;
  }
  int32_t r = 0;
  bool o = op == 0 ? __builtin_add_overflow((int32_t)a, (int32_t)b, &r)
           : op == 1 ? __builtin_sub_overflow((int32_t)a, (int32_t)b, &r)
           : __builtin_mul_overflow((int32_t)a, (int32_t)b, &r);
  *res = r;
  return o;
}

static void
check_arith_variant(bool is64)
{
  static const int64_t e32[] = {0, 1, -1, 2, -2, 3, 7, 46340, 46341, -46341,
    32768, -32768, 65536, -65536, 2147483647, -2147483647 - 1, 2147483646,
    -2147483647, 1073741824, -1073741824};
  static const int64_t e64[] = {0, 1, -1, 2, -2, 3037000499, -3037000500,
    4294967296, -4294967296, 2147483648, INT64_MAX, INT64_MIN, INT64_MAX - 1,
    INT64_MIN + 1, INT64_C(4611686018427387904), -INT64_C(4611686018427387904),
    2147483647, -2147483647 - 1};
  const int64_t *e = is64 ? e64 : e32;
  size_t ne = is64 ? sizeof e64 / sizeof e64[0] : sizeof e32 / sizeof e32[0];
  size_t n = ne * ne, es = is64 ? 8 : 4;
  char *a = malloc(n * es), *b = malloc(n * es), *r = malloc(3 * n * es);
  int *f = malloc(3 * n * sizeof(int));
  for (size_t i = 0; i < n; i++) {
    int64_t x = e[i / ne], y = e[i % ne];
    int32_t x4 = (int32_t)x, y4 = (int32_t)y;
    memcpy(a + i * es, is64 ? (void *)&x : (void *)&x4, es);
    memcpy(b + i * es, is64 ? (void *)&y : (void *)&y4, es);
  }
  OclOptions o = {.real = FLT_REAL_EXACT, .tile = OCL_TILE_GPU};
  char *pre = emit_program(NULL, &o);
  const char *src = wyil_fmt("%s%s", pre, arith_kernel);
  free(pre);
  cl_int err;
  cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
  err |= clBuildProgram(prog, 1, &dev, is64 ? "-DWYC_INT64=1" : "", NULL,
                        NULL);
  cl_kernel k = clCreateKernel(prog, "t", &err);
  cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
  cl_mem ma = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                             n * es, a, &err);
  cl_mem mb = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                             n * es, b, &err);
  cl_mem mr = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, 3 * n * es, NULL, &err);
  cl_mem mf = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, 3 * n * sizeof(int),
                             NULL, &err);
  clSetKernelArg(k, 0, sizeof ma, &ma);
  clSetKernelArg(k, 1, sizeof mb, &mb);
  clSetKernelArg(k, 2, sizeof mr, &mr);
  clSetKernelArg(k, 3, sizeof mf, &mf);
  err |= clEnqueueNDRangeKernel(q, k, 1, NULL, &n, NULL, 0, NULL, NULL);
  err |= clEnqueueReadBuffer(q, mr, CL_TRUE, 0, 3 * n * es, r, 0, NULL,
                             NULL);
  err |= clEnqueueReadBuffer(q, mf, CL_TRUE, 0, 3 * n * sizeof(int), f, 0,
                             NULL, NULL);
  CHECK(err == CL_SUCCESS, "checked arithmetic kernel (%s): OpenCL error",
        is64 ? "64" : "32");
  int bad = 0;
  for (size_t i = 0; err == CL_SUCCESS && i < 3 * n && bad < 5; i++) {
    int64_t x = e[i / 3 / ne], y = e[i / 3 % ne], want, got;
    bool ovf = expect_op((int)(i % 3), x, y, is64, &want);
    if (is64) {
      memcpy(&got, r + i * 8, 8);
    } else {
      int32_t g4;
      memcpy(&g4, r + i * 4, 4);
      got = g4;
    }
    bool ok = (f[i] != 0) == ovf && (ovf || got == want);
    CHECK(ok, "%s-bit %lld %s %lld: flag %d value %lld, expected %d %lld",
          is64 ? "64" : "32", (long long)x, i % 3 == 0 ? "+"
          : i % 3 == 1 ? "-" : "*", (long long)y, f[i], (long long)got, ovf,
          (long long)want);
    bad += !ok;
  }
  clReleaseMemObject(ma);
  clReleaseMemObject(mb);
  clReleaseMemObject(mr);
  clReleaseMemObject(mf);
  clReleaseKernel(k);
  clReleaseCommandQueue(q);
  clReleaseProgram(prog);
  free(a);
  free(b);
  free(r);
  free(f);
}

/* Is there an OpenCL CPU device (bit 0) with doubles (bit 1)?  Asked in
 * a child, so that this process forks before it touches OpenCL. */
static int
probe_device(void)
{
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) _exit(cl_setup() ? 1 | (have_fp64 ? 2 : 0) : 0);
  int st;
  waitpid(pid, &st, 0);
  return WIFEXITED(st) ? WEXITSTATUS(st) : 0;
}

#define NCASES (sizeof cases / sizeof cases[0])
#define JOBS 4

/* Every case in a child of its own, JOBS at a time, output in NAME.log;
 * the number of failed checks. */
static int
run_cases(bool device, bool fp64)
{
  size_t started = 0, running = 0;
  int failed = 0;
  while (started < NCASES || running > 0) {
    if (started < NCASES && running < JOBS) {
      const Case *c = &cases[started];
      fflush(stdout);
      if (fork() == 0) {
        if (!freopen(path_of(c->name, ".log"), "w", stdout)) _exit(99);
        if (c->gpu_real != FLT_REAL_DOUBLE || !device || fp64)
          run_case(c, device);
        fflush(stdout);
        _exit(failures > 99 ? 99 : failures);
      }
      started++;
      running++;
      continue;
    }
    int st;
    if (wait(&st) <= 0) break;
    running--;
    failed += WIFEXITED(st) ? WEXITSTATUS(st) : 1;
  }
  for (size_t i = 0; i < NCASES; i++) {
    char *log = read_file(path_of(cases[i].name, ".log"));
    fputs(log, stdout);
    free(log);
  }
  return failed;
}

int
main(void)
{
  char root[4096];
  if (!getcwd(root, sizeof root)) return 2;
  const char *b = getenv("WYC_BUILD");
  if (b && *b) build_dir = b;
  snprintf(dir, sizeof dir, "/tmp/ocl_emit.%d", (int)getpid());
  sh("mkdir -p %s/cache", dir);
  write_file(path_of("harness", ".c"), harness);
  if (getenv("WYC_ASAN") && *getenv("WYC_ASAN"))
    san = "-g -fsanitize=address,undefined";
  sh("cd %s && cc -std=c11 %s -I%s/runtime -c harness.c && cc -std=c11 %s "
     "-I%s/runtime -DWYC_OCL -c -o harness_ocl.o harness.c", dir, san, root,
     san, root);
  int dev = probe_device();
  bool device = dev & 1, fp64 = dev & 2;
  if (!device) printf("SKIP: no OpenCL CPU device; emission only\n");
  failures += run_cases(device, fp64);
  check_refused();
  if (device && cl_setup())
  {
    for (size_t i = 0; i < NCASES; i++)
      build_case(&cases[i]);
    check_arith_variant(false);
    check_arith_variant(true);
    printf("  checked arithmetic: %s\n", failures ? "wrong" : "exact");
  }
  const char *keep = getenv("WYC_KEEP");
  if (!keep || !*keep) sh("rm -rf %s", dir);
  else printf("kept %s\n", dir);
  printf("%d checks here, %d failed\n", checks, failures);
  if (failures) return 1;
  printf("OK ocl_emit\n");
  return 0;
}
