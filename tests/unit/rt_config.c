/* rt_config.c -- unit tests of runtime/config.c, the run-time
 * variables' table: good values of every kind read as they should be
 * (byte suffixes, word indices, device selectors, WYC_DEV's items, a
 * later item winning, defaults); each kind of bad value, an unknown
 * developer name, a developer item without a value and a retired
 * variable are an error naming the variable and what it accepts (exit
 * status 2); `wyc --help` lists every user variable of the table and no
 * developer setting, `--help-all` every one, both as the table prints
 * them; docs/runtime-variables.md names every variable.
 * Run from the repository root ($WYC: the compiler, default bin/wyc).
 */
#include <spawn.h>

#include "test.h"

extern char **environ;

static void
clear_all(void)
{
  for (int id = 0; id < WYRT_CFG_COUNT; id++) {
    const WyrtCfgInfo *e = wyrt_config_info(id);
    if (e->class == WYRT_CFG_USER) unsetenv(e->name);
    if (e->old) unsetenv(e->old);
  }
  unsetenv("WYC_DEV");
}

static void
test_defaults(void)
{
  clear_all();
  wyrt_config_reload();
  CHECK(WYRT_DEVICE_DEFAULT, wyrt_config_device().kind);
  CHECK(0, wyrt_config_on(WYRT_CFG_QUIET));
  CHECK(0, wyrt_config_on(WYRT_CFG_PROFILE));
  CHECK(WYRT_OFFLOAD_AUTO, wyrt_config_word(WYRT_CFG_OFFLOAD));
  CHECK(0, wyrt_config_set(WYRT_CFG_DEVICE_MEMORY));
  CHECK(0, wyrt_config_num(WYRT_CFG_DEVICE_MEMORY));
  CHECK(0, wyrt_config_set(WYRT_CFG_THREADS));
  CHECK(1, wyrt_config_on(WYRT_CFG_PRESTART));
  CHECK(1, wyrt_config_on(WYRT_CFG_PARTIAL_UPLOAD));
  CHECK(1, wyrt_config_on(WYRT_CFG_BINARY_CACHE));
  CHECK(0, wyrt_config_on(WYRT_CFG_BUILD_LOG));
  CHECK(1, wyrt_config_on(WYRT_CFG_MEMORY_GUARD));
  CHECK(WYRT_WHERE_GPU, wyrt_config_word(WYRT_CFG_TUNE));
  CHECK(WYRT_WHERE_GPU, wyrt_config_word(WYRT_CFG_CHAIN));
  CHECK((uint64_t)16 << 20, wyrt_config_num(WYRT_CFG_CHUNK_BYTES));
  CHECK(WYRT_CALLS_AUTO, wyrt_config_word(WYRT_CFG_SMALL_CALLS));
  CHECK(WYRT_CALLS_AUTO, wyrt_config_word(WYRT_CFG_EARLY_CALLS));
  CHECK(0, strcmp(wyrt_config_text(WYRT_CFG_CL_OPTIONS), ""));
  /* empty is unset */
  test_env("WYC_THREADS", "");
  test_env("WYC_OFFLOAD", "");
  CHECK(0, wyrt_config_set(WYRT_CFG_THREADS));
  CHECK(WYRT_OFFLOAD_AUTO, wyrt_config_word(WYRT_CFG_OFFLOAD));
}

static uint64_t
bytes_of(const char *text)
{
  test_env("WYC_DEVICE_MEMORY", text);
  return wyrt_config_num(WYRT_CFG_DEVICE_MEMORY);
}

static void
test_good_values(void)
{
  WyrtDevice d;
  clear_all();
  CHECK(1, bytes_of("1"));
  CHECK(1000, bytes_of("1000"));
  CHECK(1024, bytes_of("1K"));
  CHECK(3 << 20, bytes_of("3m"));
  CHECK((uint64_t)2 << 30, bytes_of("2G"));
  CHECK(((uint64_t)1 << 62) - 1, bytes_of("4611686018427387903"));
  CHECK(1, wyrt_config_set(WYRT_CFG_DEVICE_MEMORY));
  test_env("WYC_THREADS", "1");
  CHECK(1, wyrt_config_num(WYRT_CFG_THREADS));
  test_env("WYC_THREADS", "1024");
  CHECK(1024, wyrt_config_num(WYRT_CFG_THREADS));
  test_env("WYC_OFFLOAD", "mandatory");
  CHECK(WYRT_OFFLOAD_MANDATORY, wyrt_config_word(WYRT_CFG_OFFLOAD));
  test_env("WYC_QUIET", "1");
  CHECK(1, wyrt_config_on(WYRT_CFG_QUIET));
  test_env("WYC_DEVICE", "gpu");
  CHECK(WYRT_DEVICE_GPU, wyrt_config_device().kind);
  test_env("WYC_DEVICE", "none");
  CHECK(WYRT_DEVICE_NONE, wyrt_config_device().kind);
  test_env("WYC_DEVICE", "2:13");
  d = wyrt_config_device();
  CHECK(WYRT_DEVICE_NUMBERED, d.kind);
  CHECK(2, d.platform);
  CHECK(13, d.device);
  CHECK(0, strcmp(wyrt_config_text(WYRT_CFG_DEVICE), "2:13"));
  /* WYC_DEV: empty items skipped, '=' inside a value, a later item wins,
   * an empty value the default */
  test_env("WYC_DEV", ",chain=always,,tune=0,cl_options=-DX=1 -w,"
                      "chain=0,chunk_bytes=4K,chunk_bytes=,small_calls="
                      "device,memory_guard=0,prestart=0");
  CHECK(WYRT_WHERE_NEVER, wyrt_config_word(WYRT_CFG_CHAIN));
  CHECK(WYRT_WHERE_NEVER, wyrt_config_word(WYRT_CFG_TUNE));
  CHECK(0, strcmp(wyrt_config_text(WYRT_CFG_CL_OPTIONS), "-DX=1 -w"));
  CHECK(4096, wyrt_config_num(WYRT_CFG_CHUNK_BYTES));
  CHECK(WYRT_CALLS_DEVICE, wyrt_config_word(WYRT_CFG_SMALL_CALLS));
  CHECK(WYRT_CALLS_AUTO, wyrt_config_word(WYRT_CFG_EARLY_CALLS));
  CHECK(0, wyrt_config_on(WYRT_CFG_MEMORY_GUARD));
  CHECK(0, wyrt_config_on(WYRT_CFG_PRESTART));
  /* read again: what is no longer there is the default again */
  test_env("WYC_DEV", "tune=always");
  CHECK(WYRT_WHERE_ALWAYS, wyrt_config_word(WYRT_CFG_TUNE));
  CHECK(WYRT_WHERE_GPU, wyrt_config_word(WYRT_CFG_CHAIN));
  CHECK(0, strcmp(wyrt_config_text(WYRT_CFG_CL_OPTIONS), ""));
  clear_all();
  wyrt_config_reload();
}

/* In a child: the environment of bad_env, read (exit 2 expected). */
static const char *bad_env[4];

static void
read_bad(void)
{
  clear_all();
  for (int i = 0; i + 1 < 4 && bad_env[i]; i += 2)
    setenv(bad_env[i], bad_env[i + 1], 1);
  printf("before\n");   /* flushed before the message */
  wyrt_config_reload();
  printf("not reached\n");
}

static void
fails(const char *expected, const char *name, const char *value)
{
  char out[4096], err[4096];
  bad_env[0] = name;
  bad_env[1] = value;
  bad_env[2] = NULL;
  CHECK(2, run_child(read_bad, out, sizeof out, err, sizeof err));
  if (strcmp(err, expected)) {
    printf("%s=%s: stderr \"%s\", expected \"%s\"\n", name, value, err,
           expected);
    exit(1);
  }
  CHECK(0, strcmp(out, "before\n"));
}

#define BYTES "expected a whole number of bytes from 1 to 2^62 - 1, " \
  "with an optional suffix K, M or G (KiB, MiB, GiB)\n"
#define THREADS "expected a whole number from 1 to 1024\n"
#define DEVICE "expected gpu, cpu, none or P:D (platform and device " \
  "numbers: see wyc --list-devices)\n"

static void
test_bad_values(void)
{
  static const char *const bad_devices[] = {
    "bogus", "GPU", "1:", ":1", "1:2:3", "-1:0", "gpux", "0x1:0", "1001:0"};
  char want[512];
  fails("wyc: WYC_DEVICE_MEMORY=1e99: " BYTES, "WYC_DEVICE_MEMORY", "1e99");
  fails("wyc: WYC_DEVICE_MEMORY=0: " BYTES, "WYC_DEVICE_MEMORY", "0");
  fails("wyc: WYC_DEVICE_MEMORY=4G4: " BYTES, "WYC_DEVICE_MEMORY", "4G4");
  fails("wyc: WYC_DEVICE_MEMORY=4T: " BYTES, "WYC_DEVICE_MEMORY", "4T");
  fails("wyc: WYC_DEVICE_MEMORY=4294967296G: " BYTES, "WYC_DEVICE_MEMORY",
        "4294967296G");
  fails("wyc: WYC_DEVICE_MEMORY=99999999999999999999: " BYTES,
        "WYC_DEVICE_MEMORY", "99999999999999999999");
  fails("wyc: WYC_DEVICE_MEMORY= 1: " BYTES, "WYC_DEVICE_MEMORY", " 1");
  fails("wyc: WYC_THREADS=x: " THREADS, "WYC_THREADS", "x");
  fails("wyc: WYC_THREADS=0: " THREADS, "WYC_THREADS", "0");
  fails("wyc: WYC_THREADS=1025: " THREADS, "WYC_THREADS", "1025");
  fails("wyc: WYC_THREADS=-4: " THREADS, "WYC_THREADS", "-4");
  fails("wyc: WYC_THREADS=4x: " THREADS, "WYC_THREADS", "4x");
  fails("wyc: WYC_OFFLOAD=bogus: expected auto or mandatory\n",
        "WYC_OFFLOAD", "bogus");
  fails("wyc: WYC_OFFLOAD=none: expected auto or mandatory\n",
        "WYC_OFFLOAD", "none");
  fails("wyc: WYC_QUIET=yes: expected 0 or 1\n", "WYC_QUIET", "yes");
  fails("wyc: WYC_PROFILE=2: expected 0 or 1\n", "WYC_PROFILE", "2");
  for (size_t i = 0; i < sizeof bad_devices / sizeof *bad_devices; i++) {
    snprintf(want, sizeof want, "wyc: WYC_DEVICE=%s: " DEVICE,
             bad_devices[i]);
    fails(want, "WYC_DEVICE", bad_devices[i]);
  }
  /* WYC_DEV */
  fails("wyc: WYC_DEV: tune=bogus: expected 0, gpu or always\n", "WYC_DEV",
        "tune=bogus");
  fails("wyc: WYC_DEV: chunk_bytes=1e6: " BYTES, "WYC_DEV",
        "chain=0,chunk_bytes=1e6");
  fails("wyc: WYC_DEV: small_calls=cpu: expected auto or device\n",
        "WYC_DEV", "small_calls=cpu");
  fails("wyc: WYC_DEV: chain needs a value (chain=0|gpu|always)\n",
        "WYC_DEV", "chain");
  fails("wyc: WYC_DEV: unknown name 'chains' (known: prestart, "
        "partial_upload, binary_cache, build_log, cl_options, tune, chain, "
        "chunk_bytes, small_calls, early_calls, memory_guard, fp64)\n",
        "WYC_DEV", "chains=always");
  fails("wyc: WYC_DEV: unknown name 'WYC_CHAIN' (known: prestart, "
        "partial_upload, binary_cache, build_log, cl_options, tune, chain, "
        "chunk_bytes, small_calls, early_calls, memory_guard, fp64)\n",
        "WYC_DEV", "WYC_CHAIN=always");
  /* the variables an earlier version read */
  fails("wyc: WYC_CHAIN is no longer read: set WYC_DEV=chain=0|gpu|always "
        "instead (wyc --help-all)\n", "WYC_CHAIN", "always");
  fails("wyc: WYC_NO_MEMORY_GUARD is no longer read: set "
        "WYC_DEV=memory_guard=0 instead (wyc --help-all)\n",
        "WYC_NO_MEMORY_GUARD", "");
  fails("wyc: WYC_PRESTART is no longer read: set WYC_DEV=prestart=0 "
        "instead (wyc --help-all)\n", "WYC_PRESTART", "0");
  /* every problem, one line each */
  bad_env[0] = "WYC_THREADS";
  bad_env[1] = "x";
  bad_env[2] = "WYC_DEV";
  bad_env[3] = "tune=x";
  {
    char out[4096], err[4096];
    CHECK(2, run_child(read_bad, out, sizeof out, err, sizeof err));
    CHECK(0, strcmp(err, "wyc: WYC_THREADS=x: " THREADS
                         "wyc: WYC_DEV: tune=x: expected 0, gpu or always\n"));
  }
}

/* ---- the help ------------------------------------------------------ */

static char *
help_of(bool all)
{
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  wyrt_config_help(f, all);
  fclose(f);
  return text;
}

/* What `wyc OPTION` prints on stdout, malloc'd. */
static char *
wyc_output(const char *option)
{
  const char *wyc = getenv("WYC") ? getenv("WYC") : "bin/wyc";
  char *argv[] = {(char *)wyc, (char *)option, NULL}, *buf;
  size_t len = 0, cap = 1 << 16;
  posix_spawn_file_actions_t fa;
  int pipefd[2], status;
  ssize_t k;
  pid_t pid;
  CHECK(0, pipe(pipefd));
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, pipefd[1], 1);
  posix_spawn_file_actions_addclose(&fa, pipefd[0]);
  CHECK(0, posix_spawn(&pid, wyc, &fa, NULL, argv, environ));
  posix_spawn_file_actions_destroy(&fa);
  close(pipefd[1]);
  buf = malloc(cap);
  while (len + 1 < cap && (k = read(pipefd[0], buf + len, cap - 1 - len)) > 0)
    len += (size_t)k;
  buf[len] = 0;
  close(pipefd[0]);
  waitpid(pid, &status, 0);
  CHECK(1, WIFEXITED(status) && WEXITSTATUS(status) == 0);
  return buf;
}

/* "\n  NAME=" (a user variable) or "\n    NAME=" (a developer setting)
 * is in text. */
static bool
lists(const char *text, const WyrtCfgInfo *e)
{
  char line[128];
  snprintf(line, sizeof line, "\n%s%s=",
           e->class == WYRT_CFG_USER ? "  " : "    ", e->name);
  return strstr(text, line) != NULL;
}

static void
test_help(void)
{
  char *user = help_of(false), *all = help_of(true);
  char *wyc_user = wyc_output("--help"), *wyc_all = wyc_output("--help-all");
  int nuser = 0, ndev = 0;
  for (int id = 0; id < WYRT_CFG_COUNT; id++) {
    const WyrtCfgInfo *e = wyrt_config_info(id);
    bool is_user = e->class == WYRT_CFG_USER;
    nuser += is_user;
    ndev += !is_user;
    CHECK(is_user, lists(user, e));
    CHECK(1, lists(all, e));
    CHECK(1, strlen(e->help) > 0);
    CHECK(1, e->old == NULL || !is_user);
  }
  CHECK(6, nuser);
  CHECK(12, ndev);
  /* wyc prints the table's own text, after its options */
  CHECK(1, strstr(wyc_user, user) != NULL);
  CHECK(1, strstr(wyc_all, all) != NULL);
  CHECK(1, strstr(wyc_user, "WYC_DEV=") == NULL);
  CHECK(1, strstr(wyc_user, "--jam") == NULL);
  CHECK(1, strstr(wyc_all, "--jam") != NULL);
  free(user);
  free(all);
  free(wyc_user);
  free(wyc_all);
}

/* docs/runtime-variables.md names every variable, `NAME` */
static void
test_docs(void)
{
  FILE *f = fopen("docs/runtime-variables.md", "r");
  static char text[1 << 16];
  size_t n;
  CHECK(1, f != NULL);
  n = fread(text, 1, sizeof text - 1, f);
  text[n] = 0;
  fclose(f);
  for (int id = 0; id < WYRT_CFG_COUNT; id++) {
    const WyrtCfgInfo *e = wyrt_config_info(id);
    char name[64];
    snprintf(name, sizeof name, "`%s", e->name);
    if (!strstr(text, name)) {
      printf("docs/runtime-variables.md does not name %s\n", e->name);
      exit(1);
    }
  }
}

int
main(int argc, char **argv)
{
  wy_decref(wy_init(argc, argv));
  test_defaults();
  test_good_values();
  test_bad_values();
  test_help();
  test_docs();
  test_done("rt_config");
  return 0;
}
