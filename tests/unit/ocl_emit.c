/* ocl_emit.c -- unit tests of opencl_backend/ and of the offload code of
 * c_backend/: Whiley programs through the real pipeline (resolve, lower,
 * flt_run, ocl_emit_program, cgen_module), then
 *   - the OpenCL C builds on the device in all its variants (32- and
 *     64-bit ints; float or double reals), through clBuildProgram;
 *   - the offloading executable (WYC_DEVICE=cpu, WYC_OFFLOAD=mandatory
 *     unless the case expects a fallback) prints exactly what the CPU-only
 *     executable prints, exits the same way, and language errors found
 *     on the device are reported exactly by the CPU path.
 * Each compilation runs in a child process (the front end keeps global
 * state).  Run from the repository root; WYC_BUILD names the build
 * directory (default "build"); WYC_KEEP=1 keeps /tmp/ocl_emit.PID.
 * Prints SKIP for the device checks when there is no OpenCL device.
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
#include "../../compiler/compiler.h"
#include "../../filter/filter.h"
#include "../../opencl_backend/oclgen.h"

static int failures, checks;
static char dir[256];
static const char *build_dir = "build";

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

static char *
path_of(const char *name, const char *ext)
{
  char *p = malloc(strlen(dir) + strlen(name) + strlen(ext) + 2);
  sprintf(p, "%s/%s%s", dir, name, ext);
  return p;
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
  bool gpu_real;         /* --gpu-real */
  bool real_double;      /* ... =double */
  bool int64_only;       /* --gpu-int=64 */
  int kernels;           /* at least this many kernels */
  bool mandatory;        /* run with WYC_OFFLOAD=mandatory */
  bool fallback;         /* a device run may fall back to the CPU */
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
 * NAME.cl, NAME_cpu.c, NAME_ocl.c and exits with the kernel count. */
static void
compile_child(const Case *c)
{
  char *src = path_of(c->name, ".whiley");
  Program *prog = resolve_program(src, "stdlib");
  lower_program(prog);
  wyil_verify(prog->m);
  FilterOptions fo = {1, c->gpu_real};
  FilterResult *r = flt_run(prog->m, &fo);
  flatten(r);
  OclOptions o = {c->real_double, c->int64_only};
  char *cl = ocl_emit_program(prog->m, r, &o);
  write_file(path_of(c->name, ".cl"), cl);
  FILE *f = fopen(path_of(c->name, "_cpu.c"), "w");
  cgen_module(f, prog->m, NULL, NULL, NULL);
  fclose(f);
  f = fopen(path_of(c->name, "_ocl.c"), "w");
  cgen_module(f, prog->m, r, cl, &o);
  fclose(f);
  free(cl);
  fflush(stdout);
  _exit(r->kernels.n > 200 ? 200 : r->kernels.n);
}

/* The number of kernels, or -1 when the compilation failed. */
static int
compile(const Case *c)
{
  write_file(path_of(c->name, ".whiley"), c->src);
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) compile_child(c);
  int st;
  waitpid(pid, &st, 0);
  if (!WIFEXITED(st) || WEXITSTATUS(st) > 200) return -1;
  return WEXITSTATUS(st);
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
  const char *def = ocl ? "-DWYC_OCL" : "";
  return sh("cc -std=c11 -O1 -w -Iruntime %s -Dmain=wyc_program_main -c "
            "-o %s/%s_%s.o %s/%s_%s.c", def, dir, c->name, variant, dir,
            c->name, variant) == 0
         && sh("cc -std=c11 -Iruntime %s -o %s/%s_%s %s/%s_%s.o "
               "%s/harness.c %s/libwyrt_ocl.a %s/libwyrt.a %s -lmpfr -lgmp "
               "-lm", def, dir, c->name, variant, dir, c->name, variant, dir,
               build_dir, build_dir, ocl ? "-lOpenCL" : "") == 0;
}

/* Run NAME_variant; its status, stdout and stderr. */
static int
run(const Case *c, const char *variant, bool mandatory, char **out,
    char **err)
{
  int st = sh("cd %s && WYC_DEVICE=cpu %s XDG_CACHE_HOME=%s/cache "
              "timeout 120 ./%s_%s >%s_%s.out 2>%s_%s.err </dev/null", dir,
              mandatory ? "WYC_OFFLOAD=mandatory" : "", dir, c->name, variant,
              c->name, variant, c->name, variant);
  char *o = path_of(c->name, wyil_fmt("_%s.out", variant));
  char *e = path_of(c->name, wyil_fmt("_%s.err", variant));
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
  if (nk < 0) return;
  char *cl = read_file(path_of(c->name, ".cl"));
  if (device) {
    CHECK(cl_builds(c->name, cl, ""), "%s: 32-bit variant", c->name);
    CHECK(cl_builds(c->name, cl, "-DWYC_INT64=1"), "%s: 64-bit variant",
          c->name);
  }
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

/* Ints past 64 bits: the CPU path's exact arithmetic. */
static const char bigint_src[] =
  "import * from whiley.lang.*\n"
  "\n"
  "[int] sq([int] xs):\n"
  "    for i in 0..|xs|:\n"
  "        xs[i] = xs[i] * xs[i]\n"
  "    return xs\n"
  "\n"
  "void ::main(System.Console sys):\n"
  "    sys.out.println(sq([3, 4000000000, 5000000000000]))\n";

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
  "void ::main(System.Console sys):\n"
  "    sys.out.println(scale([1.0, 2.5, -3.0], 2.0))\n"
  "    sys.out.println(halves([1, 2, 3, 4]))\n";

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

static const Case cases[] = {
  /* name, program, gpu_real, real_double, int64_only, kernels,
   * mandatory, fallback */
  {"ints", ints_src, false, false, false, 9, true, false},
  {"ints64", ints_src, false, false, true, 9, true, false},
  {"bigint", bigint_src, false, false, false, 1, false, true},
  {"reals_float", reals_src, true, false, false, 2, true, false},
  {"reals_double", reals_src, true, true, false, 2, true, false},
  {"bounds", bounds_src, false, false, false, 1, true, true},
  {"divzero", divzero_src, false, false, false, 1, true, true},
  {"precond", precond_src, false, false, false, 1, true, true},
  {"flat", flat_src, false, false, false, 2, true, true},
};

int
main(void)
{
  const char *b = getenv("WYC_BUILD");
  if (b && *b) build_dir = b;
  snprintf(dir, sizeof dir, "/tmp/ocl_emit.%d", (int)getpid());
  sh("mkdir -p %s/cache", dir);
  write_file(path_of("harness", ".c"), harness);
  bool device = cl_setup();
  if (!device) printf("SKIP: no OpenCL CPU device; emission only\n");
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const Case *c = &cases[i];
    if (c->real_double && device && !have_fp64) continue;
    run_case(c, device);
  }
  const char *keep = getenv("WYC_KEEP");
  if (!keep || !*keep) sh("rm -rf %s", dir);
  else printf("kept %s\n", dir);
  printf("%d checks, %d failed\n", checks, failures);
  if (failures) return 1;
  printf("OK ocl_emit\n");
  return 0;
}
