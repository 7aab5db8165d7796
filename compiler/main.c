/* main.c -- the wyc driver: command line, locating the standard library
 * and runtime relative to the wyc binary (build tree or installed
 * layout), the pipeline (parse, resolve, lower, verify), and the
 * targets: print WYIL, or write C and build a native executable with
 * the system C compiler. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "compiler.h"
#include "../c_backend/cgen.h"
#include "../filter/filter.h"
#include "../opencl_backend/oclgen.h"
#include "../runtime/ocl.h"

#define WYC_VERSION "0.1.0"
#ifndef WYC_BUILD_DIR
#define WYC_BUILD_DIR "build"   /* set by the Makefile: build, build-asan */
#endif
#ifndef WYC_ROOT_REL
#define WYC_ROOT_REL ".."       /* the source tree, from the binary's dir */
#endif

typedef enum Target { TARGET_C, TARGET_OPENCL, TARGET_WYIL } Target;

typedef struct Options {
  Target target;
  const char *input;     /* the .whiley file */
  const char *output;    /* -o, default: the input's stem */
  bool verbose;          /* -v: print the C compiler command */
  bool keep_c;           /* --keep-c: keep OUTPUT.c */
  bool dump_ast;         /* --dump-ast */
  bool explain;          /* --explain: print each loop's class */
  int opt_level;         /* -O0, -O1, -O2 (default) */
  const char *gpu_real;  /* --gpu-real=float|double, NULL: exact on CPU */
  bool gpu_int64;        /* --gpu-int=64 */
  const char *emit_cl;   /* --emit-cl FILE */
} Options;

static void
usage(FILE *out)
{
  fprintf(out,
    "usage: wyc [options] FILE.whiley\n"
    "Compile a Whiley program to a native executable.\n\n"
    "  --target=opencl   offload parallel loops to OpenCL (the default)\n"
    "  --target=c        build a sequential executable (exact semantics)\n"
    "  --target=wyil     print the program's WYIL and stop\n"

    "  -o FILE           name of the executable (default: FILE's stem)\n"
    "  --keep-c          keep the generated C as OUTPUT.c\n"
    "  -v                print the C compiler command\n"
    "  --dump-ast        print the syntax tree and stop\n"
    "  --explain         print each loop's class (GPU or CPU, and why)\n"
    "  --list-devices    list the OpenCL devices (* marks the default)\n"
    "  -O0, -O1, -O2     offload nothing / offload loops / also flatten\n"
    "  --gpu-real=float|double  compute reals on the device in that\n"
    "                    precision (default: reals stay exact on the CPU)\n"
    "  --gpu-int=64      use 64-bit ints on the device from the start\n"
    "  --emit-cl FILE    write the generated OpenCL C to FILE\n"
    "  --version         print the version\n"
    "  --help            print this help\n\n"
    "Environment: CC (C compiler, default cc), WYC_CFLAGS (extra flags).\n");
}

static _Noreturn void
die(const char *fmt, const char *arg)
{
  fprintf(stderr, "wyc: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n");
  exit(1);
}

static Options
parse_options(int argc, char **argv)
{
  Options o = {TARGET_OPENCL, NULL, NULL, false, false, false, false, 2, NULL,
               false, NULL};
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      exit(0);
    } else if (!strcmp(a, "--version")) {
      printf("wyc %s\n", WYC_VERSION);
      exit(0);
    } else if (!strncmp(a, "--target=", 9)) {
      const char *t = a + 9;
      if (!strcmp(t, "c")) o.target = TARGET_C;
      else if (!strcmp(t, "wyil")) o.target = TARGET_WYIL;
      else if (!strcmp(t, "opencl")) o.target = TARGET_OPENCL;
      else die("unknown target '%s' (c, opencl or wyil)", t);
    } else if (!strcmp(a, "-o")) {
      if (++i == argc) die("%s needs a file name", "-o");
      o.output = argv[i];
    } else if (!strcmp(a, "-v")) {
      o.verbose = true;
    } else if (!strcmp(a, "--keep-c")) {
      o.keep_c = true;
    } else if (!strcmp(a, "--dump-ast")) {
      o.dump_ast = true;
    } else if (!strcmp(a, "--list-devices")) {
      /* the devices a compiled program would see (WYC_DEVICE) */
      int n = wy_ocl_list_devices(stdout);
      exit(n > 0 ? 0 : 1);
    } else if (!strcmp(a, "--explain")) {
      o.explain = true;
    } else if (!strcmp(a, "-O0") || !strcmp(a, "-O1") || !strcmp(a, "-O2")) {
      o.opt_level = a[2] - '0';
    } else if (!strncmp(a, "--gpu-real=", 11)) {
      o.gpu_real = a + 11;
      if (strcmp(o.gpu_real, "float") && strcmp(o.gpu_real, "double")
          && strcmp(o.gpu_real, "exact"))
        die("--gpu-real takes float, double or exact, not '%s'", o.gpu_real);
      if (!strcmp(o.gpu_real, "exact")) o.gpu_real = NULL;
    } else if (!strcmp(a, "--gpu-int=64") || !strcmp(a, "--gpu-int=32")) {
      o.gpu_int64 = a[10] == '6';
    } else if (!strcmp(a, "--emit-cl")) {
      if (++i == argc) die("%s needs a file name", "--emit-cl");
      o.emit_cl = argv[i];
    } else if (a[0] == '-') {
      die("unknown option '%s' (see wyc --help)", a);
    } else {
      if (o.input) die("more than one input file ('%s')", a);
      o.input = a;
    }
  }
  if (!o.input) {
    usage(stderr);
    exit(1);
  }
  return o;
}

/* ---- locating the installation ----------------------------------- */

static char *
self_dir(void)
{
  char buf[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) die("%s", "cannot find the wyc binary's directory");
  buf[n] = 0;
  char *slash = strrchr(buf, '/');
  if (slash) *slash = 0;
  return wyil_strdup(buf);
}

static bool
exists(const char *path)
{
  struct stat st;
  return stat(path, &st) == 0;
}

typedef struct Layout {
  const char *stdlib;    /* holds whiley/lang/NAME.whiley */
  const char *include;   /* holds wyrt.h and ocl.h */
  const char *lib;       /* libwyrt.a */
  const char *ocl_lib;   /* libwyrt_ocl.a */
} Layout;

static Layout
find_layout(void)
{
  const char *bin = self_dir();
  /* build tree: bin/wyc, stdlib/, runtime/wyrt.h, build/libwyrt.a */
  const char *root = wyil_fmt("%s/" WYC_ROOT_REL, bin);
  Layout tree = {wyil_fmt("%s/stdlib", root), wyil_fmt("%s/runtime", root),
                 wyil_fmt("%s/%s/libwyrt.a", root, WYC_BUILD_DIR),
                 wyil_fmt("%s/%s/libwyrt_ocl.a", root, WYC_BUILD_DIR)};
  if (exists(tree.stdlib) && exists(tree.lib)) return tree;
  /* installed: PREFIX/bin/wyc, PREFIX/share/wyc/stdlib, ... */
  Layout inst = {wyil_fmt("%s/../share/wyc/stdlib", bin),
                 wyil_fmt("%s/../include/wyc", bin),
                 wyil_fmt("%s/../lib/wyc/libwyrt.a", bin),
                 wyil_fmt("%s/../lib/wyc/libwyrt_ocl.a", bin)};
  if (exists(inst.stdlib) && exists(inst.lib)) return inst;
  if (exists(tree.stdlib)) return tree; /* enough for --target=wyil */
  die("cannot find the standard library next to %s", bin);
}

/* ---- building ---------------------------------------------------- */

static int
run_cc(const Options *o, const Layout *lay, const char *cfile)
{
  const char *cc = getenv("CC");
  const char *extra = getenv("WYC_CFLAGS");
  bool ocl = o->target == TARGET_OPENCL;
  char *cmd = wyil_fmt("%s -std=c11 -O2 -w %s -I'%s' -o '%s' '%s' %s%s%s "
                       "'%s' %s-lmpfr -lgmp -lm",
                       cc && *cc ? cc : "cc", extra ? extra : "",
                       lay->include, o->output, cfile, ocl ? "'" : "",
                       ocl ? lay->ocl_lib : "", ocl ? "'" : "", lay->lib,
                       ocl ? "-lOpenCL " : "");
  if (o->verbose) fprintf(stderr, "%s\n", cmd);
  int st = system(cmd);
  if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
    fprintf(stderr, "wyc: the C compiler failed on the generated code "
            "(internal error; rerun with --keep-c -v)\n");
    return 1;
  }
  return 0;
}

static const char *
default_output(const char *input)
{
  const char *base = strrchr(input, '/');
  base = base ? base + 1 : input;
  const char *dot = strrchr(base, '.');
  return dot && dot != base ? wyil_strndup(base, (size_t)(dot - base))
                            : "a.out";
}

static int
build_c(const Options *o, const Layout *lay, Module *m, const CgenOffload *off)
{
  char *cfile;
  int fd = -1;
  if (o->keep_c) {
    cfile = wyil_fmt("%s.c", o->output);
  } else {
    cfile = wyil_strdup("/tmp/wyc-XXXXXX.c");
    fd = mkstemps(cfile, 2);
    if (fd < 0) die("cannot create a temporary file in %s", "/tmp");
    close(fd);
  }
  FILE *out = fopen(cfile, "w");
  if (!out) die("cannot write '%s'", cfile);
  cgen_module(out, m, off);
  if (fclose(out) != 0) die("cannot write '%s'", cfile);
  int rc = run_cc(o, lay, cfile);
  if (!o->keep_c) unlink(cfile);
  return rc;
}

/* The filter's kernels, each one the OpenCL back end can express: a
 * kernel it cannot is vetoed (its loop stays on the CPU, and --explain
 * gives the back end's reason) and the filter runs again, since the
 * loops inside a vetoed one may be kernels themselves. */
static FilterResult *
filter_for_device(Module *m, FilterOptions *fopt, const OclOptions *oo)
{
  for (;;) {
    FilterResult *fr = flt_run(m, fopt);
    bool again = false;
    for (int i = 0; i < fr->kernels.n; i++) {
      Kernel *k = fr->kernels.v[i];
      const char *why = ocl_check_kernel(m, flt_outline(k), oo);
      if (!why) continue;
      flt_veto(fopt, k->loop, wyil_fmt("the OpenCL back end cannot "
                                       "compile it: %s", why));
      again = true;
    }
    if (!again) return fr;
  }
}

int
main(int argc, char **argv)
{
  Options o = parse_options(argc, argv);
  if (!exists(o.input)) die("cannot open '%s'", o.input);
  if (!o.output) o.output = default_output(o.input);
  if (o.dump_ast) {
    ast_dump(stdout, parse_file(o.input));
    return 0;
  }
  Layout lay = find_layout();
  Program *prog = resolve_program(o.input, lay.stdlib);
  lower_program(prog);
  wyil_verify(prog->m);
  FilterOptions fopt = {o.opt_level, o.gpu_real != NULL, NULL};
  OclOptions oo = {o.gpu_real && !strcmp(o.gpu_real, "double"), o.gpu_int64};
  if (o.explain) {
    flt_explain(stdout, filter_for_device(prog->m, &fopt, &oo));
    wyil_free_all();
    return 0;
  }
  int rc = 0;
  char *cl_source = NULL;
  if (o.target != TARGET_C || o.emit_cl) {
    /* the filter's last pass outlines the kernels (verified again) */
    flt_split(prog->m, filter_for_device(prog->m, &fopt, &oo));
    wyil_verify(prog->m);
    cl_source = ocl_emit_program(prog->m, &oo);
    if (o.emit_cl) {
      FILE *f = fopen(o.emit_cl, "w");
      if (!f || fputs(cl_source, f) < 0 || fclose(f) != 0)
        die("cannot write '%s'", o.emit_cl);
    }
  }
  if (o.target == TARGET_WYIL) {
    wyil_print_module(stdout, prog->m);
  } else {
    if (!prog->m->main) {
      SrcPos pos = {o.input, 1, 1};
      error_at(pos, "no entry point: expected 'void ::main(System.Console "
               "sys)'");
    }
    CgenOffload off = {cl_source, oo.real_double, oo.int64_only};
    rc = build_c(&o, &lay, prog->m, o.target == TARGET_OPENCL ? &off : NULL);
  }
  free(cl_source);
  wyil_free_all();
  return rc;
}
