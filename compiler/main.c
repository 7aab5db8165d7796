/* main.c -- the wyc driver: command line, locating the standard library
 * and runtime relative to the wyc binary (build tree or installed
 * layout), the front end (parse, resolve, lower, verify), the pass
 * table's run (pipeline.c), and the targets: print WYIL, or write C
 * and build a native executable with the system C compiler. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compiler.h"
#include "../c_backend/cgen.h"
#include "../filter/filter.h"
#include "../opencl_backend/oclgen.h"
#include "../runtime/ocl.h"

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
  bool explain_checks;   /* --explain=checks: and each kernel's checks */
  int opt_level;         /* -O0, -O1, -O2 (default) */
  FltReal gpu_real;      /* --gpu-real=auto (default)|float|double|exact */
  bool gpu_real_given;   /* --gpu-real was on the command line */
  int real_mode;         /* --real=exact (default)|double|float: WYIL_REAL_ */
  bool gpu_int64;        /* --gpu-int=64 */
  const char *emit_cl;   /* --emit-cl FILE */
  int jam;               /* --jam=N (0: the back end's default) */
  OclTile tile;          /* --tile= */
  OclFma fma;            /* --fma= */
  int unroll;            /* --unroll=N (0: the back end's default) */
  const char *dump_after;/* --dump-after=PASS (compiler/pipeline.c) */
} Options;

/* The options, as --help (user) and --help-all (dev too) print them:
 * one place, kept beside parse_options, which accepts each form and
 * each word after `=` or between `|` (tests/faults.sh fault_help_options
 * runs every one). */
typedef struct OptionHelp {
  bool dev;               /* --help-all only */
  const char *form;       /* as typed; a|b|c: one of the words */
  const char *help;       /* wrapped to the terminal's 80 columns */
} OptionHelp;

static const OptionHelp option_help[] = {
  {false, "--target=opencl", "offload parallel loops to OpenCL (the "
   "default)"},
  {false, "--target=c", "build a sequential executable (exact "
   "semantics)"},
  {false, "--target=wyil", "print the program's WYIL and stop"},
  {false, "-O0|-O1|-O2", "offload nothing / offload loops / also flatten "
   "nests (the default: -O2)"},
  {false, "-o FILE", "name of the executable (default: FILE's stem)"},
  {false, "--explain", "print each loop's class (GPU or CPU, and why)"},
  {false, "--explain=checks", "--explain, and per kernel what became of "
   "its checks (tested, proved, moved before or after its loop)"},
  {false, "--emit-cl FILE", "write the generated OpenCL C to FILE"},
  {false, "--real=exact|double|float", "what `real` is: exact (the "
   "default) keeps reals exact rationals on the CPU and rounds them only "
   "in device loops (--gpu-real); double or float make every real an IEEE "
   "number, in host code, fallbacks and kernels alike, printed as the "
   "shortest decimal that reads back to it (docs/reals.md)"},
  {false, "--gpu-real=auto|float|double|exact", "reals in device loops "
   "under --real=exact: "
   "auto (the default) is double where the device has it, else float; "
   "float or double force one; exact keeps loops with reals on the CPU, "
   "exact.  Device reals differ from exact ones by rounding only; ints, "
   "bools and lists stay exact (a failed check reruns the loop on the "
   "CPU)"},
  {false, "--gpu-int=32|64", "ints on the device: 32-bit, and 64-bit "
   "after an overflow (the default), or 64-bit from the start"},
  {false, "--keep-c", "keep the generated C as OUTPUT.c"},
  {false, "-v", "print the C compiler command"},
  {false, "--list-devices", "list the OpenCL devices (* marks the "
   "default)"},
  {false, "--version", "print the version"},
  {false, "--help", "print this help (also -h)"},
  {false, "--help-all", "this help, the tuning options and the developer "
   "settings"},
  {true, "--jam=1|2|4|8", "register blocking (-O2): a work item runs up "
   "to N iterations of each dimension of a kernel whose inner loop reads "
   "elements they share (1: none).  By default 8, for 2-D kernels only; "
   "given, 1-D kernels too"},
  {true, "--tile=gpu|all|off", "tiles in local memory (-O2): a "
   "register-blocked kernel's work group reads the rows and columns its "
   "items share once per chunk of their inner loop: gpu (the default: on "
   "a GPU device), all (every device but PoCL's, which runs them wrong), "
   "off"},
  {true, "--fma=gpu|all|off", "compute a real product and the sum that "
   "reads it as one fma, rounded once: gpu (the default: on a GPU "
   "device), all (every device), off"},
  {true, "--unroll=1|2|4|8|16", "a device loop whose steps only compute "
   "and test runs N steps between its exit tests and redoes them one by "
   "one when one says leave (-O2; 1: none).  By default 16, on a GPU "
   "only; given, on every device"},
  {true, "--dump-ast", "print the syntax tree and stop"},
  {true, "--print-passes", "list the compiler's passes, in order, and "
   "stop"},
  {true, "--dump-after=PASS", "print the WYIL after that pass and stop "
   "(--print-passes names them)"},
};

/* text from column `col` on, wrapped at spaces within 79 columns */
static void
print_wrapped(FILE *out, const char *text, int col)
{
  int at = col;
  while (*text) {
    const char *sp = strchr(text, ' ');
    int n = sp ? (int)(sp - text) : (int)strlen(text);
    if (at > col && at + 1 + n > 79) {
      fprintf(out, "\n%*s", col, "");
      at = col;
    } else if (at > col) {
      fputc(' ', out);
      at++;
    }
    fprintf(out, "%.*s", n, text);
    at += n;
    text += n;
    while (*text == ' ') text++;
  }
  fputc('\n', out);
}

static void
usage(FILE *out, bool all)
{
  fprintf(out, "usage: wyc [options] FILE.whiley\n"
          "Compile a Whiley program to a native executable.\n\n");
  for (size_t i = 0; i < sizeof option_help / sizeof *option_help; i++) {
    const OptionHelp *h = &option_help[i];
    if (h->dev && !all) continue;
    if (strlen(h->form) > 17) fprintf(out, "  %s\n%-20s", h->form, "");
    else fprintf(out, "  %-18s", h->form);
    print_wrapped(out, h->help, 20);
  }
  fprintf(out, "\nEnvironment of wyc: CC (the C compiler, default cc), "
          "WYC_CFLAGS (more flags\nfor it).\n");
  wyrt_config_help(out, all);
}

static _Noreturn void
die(const char *fmt, const char *arg)
{
  fprintf(stderr, "wyc: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n");
  exit(1);
}

static _Noreturn void
die2(const char *fmt, const char *a, const char *b)
{
  fprintf(stderr, "wyc: ");
  fprintf(stderr, fmt, a, b);
  fprintf(stderr, "\n");
  exit(1);
}

/* The index of arg among words[0 .. n); else exit 1 with the message
 * fmt (its %s: arg). */
static int
word_option(const char *arg, const char *const *words, int n,
            const char *fmt)
{
  for (int i = 0; i < n; i++)
    if (!strcmp(arg, words[i])) return i;
  die(fmt, arg);
}

/* --gpu-real=HOW; ORDER FltReal */
static FltReal
real_option(const char *how)
{
  static const char *const names[] = {"exact", "auto", "float", "double"};
  return (FltReal)word_option(how, names, 4, "--gpu-real takes auto, float, "
                              "double or exact, not '%s'");
}

/* --real=MODE; ORDER WYIL_REAL_* */
static int
real_mode_option(const char *mode)
{
  static const char *const names[] = {"exact", "double", "float"};
  return word_option(mode, names, 3, "--real takes exact, double or "
                     "float, not '%s'");
}

/* --jam=N */
static int
jam_option(const char *n)
{
  static const char *const ns[] = {"1", "2", "4", "8"};
  return atoi(ns[word_option(n, ns, 4, "--jam takes 1, 2, 4 or 8, not "
                             "'%s'")]);
}

/* --unroll=N */
static int
unroll_option(const char *n)
{
  static const char *const ns[] = {"1", "2", "4", "8", "16"};
  return atoi(ns[word_option(n, ns, 5, "--unroll takes 1, 2, 4, 8 or 16, "
                             "not '%s'")]);
}

/* --fma=WHERE and --tile=WHERE; ORDER OclFma, OclTile */
static const char *const where_names[] = {"gpu", "off", "all"};

static OclFma
fma_option(const char *where)
{
  return (OclFma)word_option(where, where_names, 3,
                             "--fma takes gpu, all or off, not '%s'");
}

static OclTile
tile_option(const char *where)
{
  return (OclTile)word_option(where, where_names, 3,
                              "--tile takes gpu, all or off, not '%s'");
}

static Options
parse_options(int argc, char **argv)
{
  Options o = {.target = TARGET_OPENCL, .opt_level = 2,
               .gpu_real = FLT_REAL_AUTO, .real_mode = WYIL_REAL_EXACT,
               .tile = OCL_TILE_GPU, .fma = OCL_FMA_GPU};
  bool options = true;   /* false after `--`: every word is a file */
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (options && !strcmp(a, "--")) {
      options = false;
    } else if (!options || a[0] != '-' || !a[1]) {
      if (o.input) die("more than one input file ('%s')", a);
      o.input = a;
    } else if (!strcmp(a, "--help") || !strcmp(a, "-h")
               || !strcmp(a, "--help-all")) {
      usage(stdout, !strcmp(a, "--help-all"));
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
    } else if (!strcmp(a, "--explain=checks")) {
      o.explain = o.explain_checks = true;
    } else if (!strcmp(a, "-O0") || !strcmp(a, "-O1") || !strcmp(a, "-O2")) {
      o.opt_level = a[2] - '0';
    } else if (!strncmp(a, "--gpu-real=", 11)) {
      o.gpu_real = real_option(a + 11);
      o.gpu_real_given = true;
    } else if (!strncmp(a, "--real=", 7)) {
      o.real_mode = real_mode_option(a + 7);
    } else if (!strcmp(a, "--gpu-int=64") || !strcmp(a, "--gpu-int=32")) {
      o.gpu_int64 = a[10] == '6';
    } else if (!strncmp(a, "--jam=", 6)) {
      o.jam = jam_option(a + 6);
    } else if (!strncmp(a, "--tile=", 7)) {
      o.tile = tile_option(a + 7);
    } else if (!strncmp(a, "--fma=", 6)) {
      o.fma = fma_option(a + 6);
    } else if (!strncmp(a, "--unroll=", 9)) {
      o.unroll = unroll_option(a + 9);
    } else if (!strcmp(a, "--print-passes")) {
      pipeline_print_passes(stdout);
      exit(0);
    } else if (!strncmp(a, "--dump-after=", 13)) {
      o.dump_after = a + 13;
      if (!pipeline_has_pass(o.dump_after))
        die2("--dump-after: no pass '%s' (passes: %s)", o.dump_after,
             pipeline_pass_names());
    } else if (!strcmp(a, "--emit-cl")) {
      if (++i == argc) die("%s needs a file name", "--emit-cl");
      o.emit_cl = argv[i];
    } else {
      die("unknown option '%s' (see wyc --help)", a);
    }
  }
  if (!o.input) {
    usage(stderr, false);
    exit(1);
  }
  /* an IEEE real mode fixes the device's reals: the host's */
  if (o.real_mode != WYIL_REAL_EXACT) {
    FltReal want = o.real_mode == WYIL_REAL_DOUBLE ? FLT_REAL_DOUBLE
                                                   : FLT_REAL_FLOAT;
    if (o.gpu_real_given && o.gpu_real != want)
      die2("--real=%s computes device reals as the host does: leave out "
           "--gpu-real, or give --gpu-real=%s", o.real_mode ==
           WYIL_REAL_DOUBLE ? "double" : "float",
           o.real_mode == WYIL_REAL_DOUBLE ? "double" : "float");
    o.gpu_real = want;
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

/* The words of s (flags written here) appended to argv. */
static void
push_words(PtrVec *argv, const char *s)
{
  words_split(argv, s);
}

/* The words of the environment variable var, split as a shell would
 * (words.c: CC="ccache gcc", WYC_CFLAGS='-DX="a b"'); a quote left open
 * is an error. */
static void
push_env_words(PtrVec *argv, const char *var)
{
  const char *err = words_split(argv, getenv(var));
  if (err) die2("%s: %s", var, err);
}

/* A file name as an argument of cc: one that begins with '-' would be
 * read as an option (-o -lfoo), so it goes as ./-lfoo. */
static void *
file_arg(const char *path)
{
  return path[0] == '-' ? wyil_fmt("./%s", path) : (void *)path;
}

/* -v: the command, each argument quoted for a shell if need be. */
static void
print_command(FILE *out, char **argv)
{
  for (int i = 0; argv[i]; i++) {
    const char *a = argv[i];
    bool plain = *a != 0;
    for (const char *p = a; *p; p++)
      if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                  "0123456789-_=+./,:@%", *p))
        plain = false;
    fputs(i ? " " : "", out);
    if (plain) {
      fputs(a, out);
      continue;
    }
    fputc('\'', out);
    for (const char *p = a; *p; p++)
      fputs(*p == '\'' ? "'\\''" : (char[2]){*p, 0}, out);
    fputc('\'', out);
  }
  fputc('\n', out);
}

/* Run the C compiler on cfile (cc_spawn.c: an argument vector, never a
 * shell, so that no file name is ever interpreted). */
static int
run_cc(const Options *o, const Layout *lay, const char *cfile)
{
  bool ocl = o->target == TARGET_OPENCL;
  PtrVec argv = {0};
  push_env_words(&argv, "CC");
  if (argv.n == 0) vec_push(&argv, "cc");
  push_words(&argv, "-std=c11 -O2 -w");
  push_env_words(&argv, "WYC_CFLAGS");
  vec_push(&argv, wyil_fmt("-I%s", lay->include));
  vec_push(&argv, "-o");
  vec_push(&argv, file_arg(o->output));
  vec_push(&argv, file_arg(cfile));
  if (ocl) vec_push(&argv, (void *)lay->ocl_lib);
  vec_push(&argv, (void *)lay->lib);
  if (ocl) vec_push(&argv, "-lOpenCL");
  /* the binary cache's MAC (runtime/ocl_cachedir.c): libsodium linked
   * statically, so the program runs where it is not installed */
  if (ocl) push_words(&argv, "-Wl,-Bstatic -lsodium -Wl,-Bdynamic");
  if (ocl) vec_push(&argv, "-pthread");   /* ocl_start.c */
  push_words(&argv, "-lmpfr -lgmp -lm");
  vec_push(&argv, NULL);
  char **args = (char **)argv.v;
  if (o->verbose) print_command(stderr, args);
  return cc_spawn(args, o->output);
}

/* Can the executable be written at path?  The C compiler's own message
 * would be a linker error; say it in our words before compiling.  Tried
 * for real (open the file, or create a file beside it), since access()
 * answers yes to root on a read-only file system. */
static void
check_output(const char *path)
{
  struct stat st;
  if (stat(path, &st) == 0) {
    if (S_ISDIR(st.st_mode)) die("cannot write '%s': it is a directory", path);
    if (!S_ISREG(st.st_mode))
      die("cannot write '%s': not a regular file", path);
    int fd = open(path, O_WRONLY);
    if (fd >= 0) {
      close(fd);
      return;
    }
    /* a read-only file in a writable directory is replaced */
  }
  const char *slash = strrchr(path, '/');
  const char *dir = slash ? (slash == path ? "/"
                             : wyil_strndup(path, (size_t)(slash - path)))
                          : ".";
  char *probe = wyil_fmt("%s/.wyc-XXXXXX", dir);
  int fd = mkstemp(probe);
  if (fd < 0) die2("cannot write '%s': %s", path, strerror(errno));
  close(fd);
  unlink(probe);
}

/* A file wyc writes (the C file, --emit-cl's); exit 1 with the reason
 * if it cannot be opened. */
static FILE *
open_output(const char *path)
{
  FILE *f = fopen(path, "w");
  if (!f) die2("cannot write '%s': %s", path, strerror(errno));
  return f;
}

/* Close what open_output opened; if a write failed (a full disk), say
 * why and leave no partial file behind (a regular file only: never a
 * device such as /dev/full). */
static void
close_output(FILE *f, const char *path)
{
  struct stat st;
  bool regular = fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode);
  errno = 0;
  bool failed = ferror(f);
  int saved = errno;
  if (fclose(f) != 0 || failed) {
    if (errno) saved = errno;
    if (regular) unlink(path);
    die2("cannot write '%s': %s", path, strerror(saved ? saved : EIO));
  }
}

/* The input must be a file wyc can read: else say why. */
static void
check_input(const char *path)
{
  struct stat st;
  if (stat(path, &st) != 0)
    die2("cannot open '%s': %s", path, strerror(errno));
  if (S_ISDIR(st.st_mode)) die("cannot open '%s': it is a directory", path);
  int fd = open(path, O_RDONLY);
  if (fd < 0) die2("cannot open '%s': %s", path, strerror(errno));
  close(fd);
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
  check_output(o->output);
  FILE *out = open_output(cfile);
  cgen_module(out, m, off);
  close_output(out, cfile);
  int rc = run_cc(o, lay, cfile);
  if (!o->keep_c) unlink(cfile);
  return rc;
}

/* At exit: output that could not be written (a full disk, a closed
 * pipe) is an error, not a silent success. */
static void
check_stdout(void)
{
  errno = 0;
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "wyc: cannot write the standard output: %s\n",
            strerror(errno ? errno : EIO));
    _exit(1);
  }
}

/* --explain's first line: what `real` is in this build. */
static void
explain_reals(const Options *o)
{
  static const char *const dev[] = {"kept on the CPU", "double where the "
    "device has it, else float", "float", "double"};
  if (o->real_mode == WYIL_REAL_EXACT)
    printf("reals: exact rationals (--real=exact); in device loops %s "
           "(--gpu-real)\n", dev[o->gpu_real]);
  else
    printf("reals: IEEE %s everywhere, host and device (--real=%s)\n",
           o->real_mode == WYIL_REAL_DOUBLE ? "double" : "float",
           o->real_mode == WYIL_REAL_DOUBLE ? "double" : "float");
}

static int
compile(int argc, char **argv)
{
  Options o = parse_options(argc, argv);
  check_input(o.input);
  if (!o.output) o.output = default_output(o.input);
  if (o.dump_ast) {
    ast_dump(stdout, parse_file(o.input));
    return 0;
  }
  Layout lay = find_layout();
  Program *prog = resolve_program(o.input, lay.stdlib);
  lower_program(prog);
  prog->m->real_mode = o.real_mode;
  wyil_verify(prog->m);
  Pipeline p = {prog->m, {o.opt_level, o.gpu_real, NULL, NULL, NULL},
                {o.gpu_real, o.gpu_int64, o.opt_level < 2 ? 1 : o.jam,
                 o.tile, o.fma, o.opt_level < 2 ? 1 : o.unroll},
                NULL, o.dump_after, NULL, {0}, false, 0, NULL, 0, 0, NULL};
  OclOptions oo = p.oo;
  if (o.dump_after) {
    pipeline_run(&p);
    free(p.cl_source);
    wyil_free_all();
    return 0;
  }
  if (o.explain) {
    p.stop_after = "checks";
    pipeline_run(&p);
    explain_reals(&o);
    flt_explain(stdout, p.fr);
    flt_explain_chains(stdout, p.fr);
    ocl_explain_checks(stdout, p.chk_plan, &p.oo, o.explain_checks);
    wyil_free_all();
    return 0;
  }
  int rc = 0;
  char *cl_source = NULL;
  if (o.target != TARGET_C || o.emit_cl) {
    pipeline_run(&p);   /* verified before the back end prints */
    cl_source = p.cl_source;
    if (o.verbose)
      fprintf(stderr, "range analysis: %d runs for %d kernel functions "
              "(%d of them hypotheses of the narrow choice)\n", p.range_runs,
              p.fr ? p.fr->kernels.n : 0, p.range_narrow);
    if (o.emit_cl) {
      FILE *f = open_output(o.emit_cl);
      fputs(cl_source, f);
      close_output(f, o.emit_cl);
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
    CgenOffload off = {cl_source, oo.real, oo.int64_only};
    rc = build_c(&o, &lay, prog->m, o.target == TARGET_OPENCL ? &off : NULL);
  }
  free(cl_source);
  wyil_free_all();
  return rc;
}

typedef struct Args {
  int argc;
  char **argv;
} Args;

static int
compile_args(void *p)
{
  Args *a = p;
  return compile(a->argc, a->argv);
}

/* The compiler runs on a big stack (big_stack.c: deep and long input). */
int
main(int argc, char **argv)
{
  atexit(check_stdout);
  Args a = {argc, argv};
  return drv_on_big_stack(compile_args, &a);
}
