/* config.c -- the run-time configuration: one table of every variable
 * the runtime reads, read and validated once.
 *
 * Input: the environment.  Output: each variable's value, through the
 * accessors of wyrt.h ("Run-time configuration"), and the variables'
 * help for `wyc --help` / `--help-all` (wyrt_config_help).
 *
 * Two classes.  User variables are environment variables of their own
 * (WYC_DEVICE, WYC_QUIET, ...).  Developer settings -- test, Oclgrind,
 * benchmark and tuning switches -- share one variable, a comma-separated
 * list of NAME=VALUE items:
 *
 *   WYC_DEV=chain=always,prestart=0,cl_options=-cl-opt-disable
 *
 * (empty items are skipped; a later item of a name wins, so a script
 * may append to what it was given).  A developer setting's value cannot
 * hold a comma.
 *
 * Kinds of value: a word of a fixed list (0|1 for a switch), a whole
 * number in a range, a byte count with an optional K, M or G suffix
 * (powers of 1024), a device selector (gpu, cpu, none or P:D), free
 * text.  An empty or unset variable takes its default.
 *
 * The table is read on the first access (pthread_once: the device's
 * start-up thread may be the first), which wy_init makes before the
 * program does any work.  A bad value, an unknown developer name, or a
 * variable that an earlier version read and this one does not (WYC_CHAIN
 * and the other settings now inside WYC_DEV) is an error naming the
 * variable and what it accepts, one line each, then exit status 2: a
 * run whose settings were not the ones asked for measures or tests
 * nothing.  Tests that change the environment between cases call
 * wyrt_config_reload.
 *
 * Read elsewhere, where the library that uses them reads them too:
 * XDG_CACHE_HOME and HOME (the binary cache's directory, ocl_program.c),
 * POCL_CACHE_DIR and OCL_ICD_VENDORS (the notes that explain a missing
 * device, ocl_guard.c).  docs/runtime-variables.md lists all of them.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wyrt_impl.h"

#define DEV_VAR "WYC_DEV"
#define BYTES_MAX ((uint64_t)1 << 62)

/* The table; ORDER WyrtCfg (designated, so that an entry cannot move). */
static const WyrtCfgInfo table[WYRT_CFG_COUNT] = {
  [WYRT_CFG_DEVICE] = {
    "WYC_DEVICE", WYRT_CFG_USER, WYRT_CFG_K_SELECTOR, "gpu|cpu|none|P:D",
    0, 0, "", NULL,
    "the device (default: a GPU, else a CPU one)"},
  [WYRT_CFG_QUIET] = {
    "WYC_QUIET", WYRT_CFG_USER, WYRT_CFG_K_WORD, "0|1", 0, 0, "0", NULL,
    "1: no note when a loop falls back to the CPU"},
  [WYRT_CFG_PROFILE] = {
    "WYC_PROFILE", WYRT_CFG_USER, WYRT_CFG_K_WORD, "0|1", 0, 0, "0", NULL,
    "1: each kernel's phase times on stderr at exit"},
  [WYRT_CFG_OFFLOAD] = {
    "WYC_OFFLOAD", WYRT_CFG_USER, WYRT_CFG_K_WORD, "auto|mandatory", 0, 0,
    "auto", NULL,
    "mandatory: a fallback to the CPU is an error"},
  [WYRT_CFG_DEVICE_MEMORY] = {
    "WYC_DEVICE_MEMORY", WYRT_CFG_USER, WYRT_CFG_K_BYTES, "BYTES", 1,
    BYTES_MAX, "", NULL,
    "device memory for kept lists (default: 3/4)"},
  [WYRT_CFG_THREADS] = {
    "WYC_THREADS", WYRT_CFG_USER, WYRT_CFG_K_COUNT, "N", 1, 1024, "", NULL,
    "host threads converting lists (default: CPUs)"},
  [WYRT_CFG_PRESTART] = {
    "prestart", WYRT_CFG_DEV, WYRT_CFG_K_WORD, "0|1", 0, 0, "1",
    "WYC_PRESTART",
    "0: no start-up thread (Oclgrind)"},
  [WYRT_CFG_PARTIAL_UPLOAD] = {
    "partial_upload", WYRT_CFG_DEV, WYRT_CFG_K_WORD, "0|1", 0, 0, "1",
    "WYC_PARTIAL_UPLOAD",
    "0: changed kept lists go up whole"},
  [WYRT_CFG_BINARY_CACHE] = {
    "binary_cache", WYRT_CFG_DEV, WYRT_CFG_K_WORD, "0|1", 0, 0, "1",
    "WYC_BINARY_CACHE",
    "0: no disk cache of built programs"},
  [WYRT_CFG_BUILD_LOG] = {
    "build_log", WYRT_CFG_DEV, WYRT_CFG_K_WORD, "0|1", 0, 0, "0",
    "WYC_BUILD_LOG",
    "1: a failed build's log on stderr"},
  [WYRT_CFG_CL_OPTIONS] = {
    "cl_options", WYRT_CFG_DEV, WYRT_CFG_K_TEXT, "TEXT", 0, 0, "",
    "WYC_CL_OPTIONS",
    "more OpenCL C compiler options (no comma)"},
  [WYRT_CFG_TUNE] = {
    "tune", WYRT_CFG_DEV, WYRT_CFG_K_WORD, "0|gpu|always", 0, 0, "gpu",
    "WYC_TUNE",
    "measure work-group shapes where"},
  [WYRT_CFG_CHAIN] = {
    "chain", WYRT_CFG_DEV, WYRT_CFG_K_WORD, "0|gpu|always", 0, 0, "gpu",
    "WYC_CHAIN",
    "launches run unchecked where"},
  [WYRT_CFG_CHUNK_BYTES] = {
    "chunk_bytes", WYRT_CFG_DEV, WYRT_CFG_K_BYTES, "BYTES", 1, BYTES_MAX,
    "16M", "WYC_CHUNK_BYTES",
    "transfers go in chunks this large"},
  [WYRT_CFG_SMALL_CALLS] = {
    "small_calls", WYRT_CFG_DEV, WYRT_CFG_K_WORD, "auto|device", 0, 0,
    "auto", "WYC_SMALL_CALLS",
    "device: no cost rule keeps a call on the CPU"},
  [WYRT_CFG_EARLY_CALLS] = {
    "early_calls", WYRT_CFG_DEV, WYRT_CFG_K_WORD, "auto|device", 0, 0,
    "auto", "WYC_EARLY_CALLS",
    "device: the early rule alone off"},
  [WYRT_CFG_MEMORY_GUARD] = {
    "memory_guard", WYRT_CFG_DEV, WYRT_CFG_K_WORD, "0|1", 0, 0, "1",
    "WYC_NO_MEMORY_GUARD",
    "0: no check of ulimit -v and -d"},
  [WYRT_CFG_FP64] = {
    "fp64", WYRT_CFG_DEV, WYRT_CFG_K_WORD, "0|1", 0, 0, "1", NULL,
    "0: take the device to have no double precision"},
};

/* One variable's value. */
typedef struct Value {
  bool set;               /* given (not empty) */
  int word;               /* WORD: the index of the word */
  uint64_t num;           /* COUNT, BYTES: the number (0: no default) */
  const char *text;       /* the text as given, or the default's */
  WyrtDevice device;      /* SELECTOR */
} Value;

static Value values[WYRT_CFG_COUNT];
static char *dev_copy;    /* WYC_DEV, split in place into its items */
static int errors;        /* bad values found by this reading */
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* ---------------------------------------------------------------- */
/* Parsing one value                                                  */

/* The index of word w (n bytes) in "a|b|c", or -1. */
static int
word_index(const char *words, const char *w, size_t n)
{
  int i = 0;
  for (const char *p = words;; i++) {
    const char *bar = strchr(p, '|');
    size_t len = bar ? (size_t)(bar - p) : strlen(p);
    if (len == n && memcmp(p, w, n) == 0) return i;
    if (!bar) return -1;
    p = bar + 1;
  }
}

/* s, all decimal digits, as a number no larger than max; false if it
 * is not, or is larger. */
static bool
parse_whole(const char *s, size_t n, uint64_t max, uint64_t *out)
{
  uint64_t v = 0;
  if (n == 0) return false;
  for (size_t i = 0; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return false;
    if (v > (max - (uint64_t)(s[i] - '0')) / 10) return false;
    v = v * 10 + (uint64_t)(s[i] - '0');
  }
  *out = v;
  return true;
}

static bool
parse_bytes(const char *s, uint64_t max, uint64_t *out)
{
  size_t n = strlen(s);
  unsigned shift = 0;
  uint64_t v;
  if (n > 0) {
    const char *suffix = strchr("KkMmGg", s[n - 1]);
    if (s[n - 1] && suffix) {
      shift = 10 * (unsigned)(1 + (suffix - "KkMmGg") / 2);
      n--;
    }
  }
  if (!parse_whole(s, n, max, &v) || v > max >> shift) return false;
  *out = v << shift;
  return true;
}

/* gpu, cpu, none or P:D (decimal, each at most 1000). */
static bool
parse_selector(const char *s, WyrtDevice *d)
{
  const char *colon = strchr(s, ':');
  uint64_t p, n;
  *d = (WyrtDevice){WYRT_DEVICE_DEFAULT, 0, 0};
  if (!strcmp(s, "gpu")) d->kind = WYRT_DEVICE_GPU;
  else if (!strcmp(s, "cpu")) d->kind = WYRT_DEVICE_CPU;
  else if (!strcmp(s, "none")) d->kind = WYRT_DEVICE_NONE;
  else if (colon && parse_whole(s, (size_t)(colon - s), 1000, &p)
           && parse_whole(colon + 1, strlen(colon + 1), 1000, &n))
    *d = (WyrtDevice){WYRT_DEVICE_NUMBERED, (unsigned)p, (unsigned)n};
  else
    return false;
  return true;
}

/* What an entry accepts, for its error message. */
static void
print_accepts(const WyrtCfgInfo *e)
{
  switch (e->kind) {
  case WYRT_CFG_K_WORD: {
    const char *p = e->accepts, *bar;
    fprintf(stderr, "expected ");
    while ((bar = strchr(p, '|'))) {
      fprintf(stderr, "%.*s%s", (int)(bar - p), p,
              strchr(bar + 1, '|') ? ", " : " or ");
      p = bar + 1;
    }
    fprintf(stderr, "%s", p);
    break;
  }
  case WYRT_CFG_K_COUNT:
    fprintf(stderr, "expected a whole number from %llu to %llu",
            (unsigned long long)e->lo, (unsigned long long)e->hi);
    break;
  case WYRT_CFG_K_BYTES:
    fprintf(stderr, "expected a whole number of bytes from %llu to 2^62 - 1,"
            " with an optional suffix K, M or G (KiB, MiB, GiB)",
            (unsigned long long)e->lo);
    break;
  case WYRT_CFG_K_SELECTOR:
    fprintf(stderr, "expected gpu, cpu, none or P:D (platform and device "
            "numbers: see wyc --list-devices)");
    break;
  case WYRT_CFG_K_TEXT:
    break;
  }
}

/* Set v from text s (not empty); false when s is not a value of e. */
static bool
parse_value(const WyrtCfgInfo *e, const char *s, Value *v)
{
  v->text = s;
  switch (e->kind) {
  case WYRT_CFG_K_WORD:
    v->word = word_index(e->accepts, s, strlen(s));
    return v->word >= 0;
  case WYRT_CFG_K_COUNT:
    return parse_whole(s, strlen(s), e->hi, &v->num) && v->num >= e->lo;
  case WYRT_CFG_K_BYTES:
    return parse_bytes(s, e->hi - 1, &v->num) && v->num >= e->lo;
  case WYRT_CFG_K_SELECTOR:
    return parse_selector(s, &v->device);
  case WYRT_CFG_K_TEXT:
    return true;
  }
  return false;
}

/* ---------------------------------------------------------------- */
/* Reading the environment                                            */

static void
bad(void)
{
  if (errors++ == 0) fflush(stdout);
  fprintf(stderr, "wyc: ");
}

/* Entry id takes s; in_dev: an item of WYC_DEV. */
static void
take(int id, const char *s, bool in_dev)
{
  const WyrtCfgInfo *e = &table[id];
  Value v = values[id];
  if (parse_value(e, s, &v)) {
    v.set = true;
    values[id] = v;
    return;
  }
  bad();
  if (in_dev) fprintf(stderr, DEV_VAR ": %s=%s: ", e->name, s);
  else fprintf(stderr, "%s=%s: ", e->name, s);
  print_accepts(e);
  fprintf(stderr, "\n");
}

static int
dev_entry(const char *name, size_t n)
{
  for (int id = 0; id < WYRT_CFG_COUNT; id++)
    if (table[id].class == WYRT_CFG_DEV && strlen(table[id].name) == n
        && memcmp(table[id].name, name, n) == 0)
      return id;
  return -1;
}

static void
print_dev_names(FILE *out)
{
  const char *sep = "";
  for (int id = 0; id < WYRT_CFG_COUNT; id++)
    if (table[id].class == WYRT_CFG_DEV) {
      fprintf(out, "%s%s", sep, table[id].name);
      sep = ", ";
    }
}

/* One item of WYC_DEV: NAME=VALUE. */
static void
take_item(char *item)
{
  char *eq = strchr(item, '=');
  int id = dev_entry(item, eq ? (size_t)(eq - item) : strlen(item));
  if (id < 0) {
    bad();
    fprintf(stderr, DEV_VAR ": unknown name '%.*s' (known: ",
            (int)(eq ? eq - item : (int)strlen(item)), item);
    print_dev_names(stderr);
    fprintf(stderr, ")\n");
  } else if (!eq) {
    bad();
    fprintf(stderr, DEV_VAR ": %s needs a value (%s=%s)\n", item, item,
            table[id].accepts);
  } else if (eq[1]) {
    take(id, eq + 1, true);
  }
}

static void
read_dev(void)
{
  const char *env = getenv(DEV_VAR);
  char *item;
  free(dev_copy);
  dev_copy = env ? strdup(env) : NULL;
  if (env && !dev_copy) {
    bad();
    fprintf(stderr, DEV_VAR ": out of memory\n");
    return;
  }
  for (item = dev_copy; item && *item;) {
    char *comma = strchr(item, ',');
    if (comma) *comma = 0;
    if (*item) take_item(item);
    item = comma ? comma + 1 : NULL;
  }
}

static void
load(void)
{
  errors = 0;
  for (int id = 0; id < WYRT_CFG_COUNT; id++) {
    const WyrtCfgInfo *e = &table[id];
    Value v = {0};
    const char *env;
    if (e->dflt[0] && !parse_value(e, e->dflt, &v))
      wyrt_internal("config.c: a default the table does not accept");
    values[id] = v;
    if (e->old && getenv(e->old)) {
      bad();
      fprintf(stderr, "%s is no longer read: set " DEV_VAR "=%s=%s "
              "instead (wyc --help-all)\n", e->old, e->name,
              e->kind == WYRT_CFG_K_WORD && !strcmp(e->accepts, "0|1")
                ? (e->dflt[0] == '1' ? "0" : "1") : e->accepts);
    }
    if (e->class == WYRT_CFG_USER && (env = getenv(e->name)) && *env)
      take(id, env, false);
  }
  read_dev();
  if (errors) exit(2);
}

static void
ensure(void)
{
  pthread_once(&once, load);
}

void
wyrt_config_load(void)
{
  ensure();
}

void
wyrt_config_reload(void)
{
  ensure();
  load();
}

/* ---------------------------------------------------------------- */
/* Accessors                                                          */

const WyrtCfgInfo *
wyrt_config_info(WyrtCfg id)
{
  return &table[id];
}

bool
wyrt_config_set(WyrtCfg id)
{
  ensure();
  return values[id].set;
}

int
wyrt_config_word(WyrtCfg id)
{
  ensure();
  return values[id].word;
}

bool
wyrt_config_on(WyrtCfg id)
{
  return wyrt_config_word(id) != 0;
}

uint64_t
wyrt_config_num(WyrtCfg id)
{
  ensure();
  return values[id].num;
}

const char *
wyrt_config_text(WyrtCfg id)
{
  ensure();
  return values[id].text ? values[id].text : "";
}

WyrtDevice
wyrt_config_device(void)
{
  ensure();
  return values[WYRT_CFG_DEVICE].device;
}

/* ---------------------------------------------------------------- */
/* Help                                                               */

void
wyrt_config_help(FILE *out, bool all)
{
  char head[64];
  fprintf(out, "Run-time variables (read by the programs wyc builds):\n");
  for (int id = 0; id < WYRT_CFG_COUNT; id++) {
    const WyrtCfgInfo *e = &table[id];
    if (e->class != WYRT_CFG_USER) continue;
    snprintf(head, sizeof head, "%s=%s", e->name, e->accepts);
    fprintf(out, "  %-28s %s\n", head, e->help);
  }
  if (!all) return;
  fprintf(out, "  %-28s %s\n", DEV_VAR "=NAME=VALUE,...",
          "developer settings (tests, tools, tuning):");
  for (int id = 0; id < WYRT_CFG_COUNT; id++) {
    const WyrtCfgInfo *e = &table[id];
    if (e->class != WYRT_CFG_DEV) continue;
    snprintf(head, sizeof head, "%s=%s", e->name, e->accepts);
    fprintf(out, "    %-26s %s", head, e->help);
    if (e->dflt[0]) {   /* on the next line where it would pass column 79 */
      bool wraps = 31 + strlen(e->help) + 10 + strlen(e->dflt) > 79;
      fprintf(out, "%s%s", wraps ? "\n                               " : "",
              wraps ? "default " : "; default ");
      fprintf(out, "%s", e->dflt);
    }
    fprintf(out, "\n");
  }
}
