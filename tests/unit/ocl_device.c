/* ocl_device.c -- unit tests of runtime/ocl_device.c: WYC_DEVICE, listing,
 * statuses, fallback notes and WYC_OFFLOAD=mandatory.
 * Prints SKIP and succeeds when there is no OpenCL device at all.
 */
#include <stdio.h>

#include "ocl.h"
#include "test.h"

static const char src[] =
  "__kernel void nop(__global int *e, int lo0, int n0) { }\n";
static const WyOclKernel nop = {src, NULL, "nop", 1, false, false, 0, NULL,
                                false, NULL, 0, {1, 1, 1}, NULL};
/* the same kernel under another name, with its loop's position */
static const WyPos nop_pos = {"prog.whiley", 31, 5};
static const WyOclKernel nop_at = {src, NULL, "nop_at", 1, false, false, 0,
                                   NULL, false, NULL, 0, {1, 1, 1},
                                   &nop_pos};
static const int64_t lo[3] = {0, 0, 0}, hi[3] = {4, 1, 1};

/* wy_ocl_init with WYC_DEVICE=value (NULL: unset), from a fresh start. */
static int
init_with(const char *value)
{
  wy_ocl_shutdown();
  if (value) setenv("WYC_DEVICE", value, 1);
  else unsetenv("WYC_DEVICE");
  wyrt_config_reload();
  return wy_ocl_init();
}

static bool
reason_has(const char *text)
{
  return strstr(wy_ocl_last_reason(), text) != NULL;
}

static void
test_selection(void)
{
  CHECK(WY_OCL_OK, init_with(NULL));
  CHECK(1, wy_ocl_device_name() != NULL);
  CHECK(WY_OCL_OK, init_with(""));
  CHECK(WY_OCL_OK, init_with("0:0"));
  CHECK(WY_OCL_E_DISABLED, init_with("none"));
  CHECK(1, wy_ocl_device_name() == NULL);
  CHECK(WY_OCL_E_NO_DEVICE, init_with("99:0"));
  CHECK(1, reason_has("WYC_DEVICE=99:0: there are"));
  CHECK(WY_OCL_E_NO_DEVICE, init_with("0:99"));
  CHECK(1, reason_has("WYC_DEVICE=0:99: platform 0 has"));
  /* (a WYC_DEVICE that is not gpu, cpu, none or P:D ends the program at
   * start-up: rt_config.c) */
  /* a failed init is kept until shutdown, reason included */
  CHECK(WY_OCL_E_NO_DEVICE, init_with("99:0"));
  setenv("WYC_DEVICE", "cpu", 1);
  wyrt_config_reload();
  CHECK(WY_OCL_E_NO_DEVICE, wy_ocl_init());
  CHECK(1, reason_has("WYC_DEVICE=99:0"));
  /* this machine may or may not have one of each kind */
  {
    int st = init_with("gpu");
    CHECK(1, st == WY_OCL_OK || st == WY_OCL_E_NO_DEVICE);
    if (st) CHECK(1, reason_has("WYC_DEVICE=gpu: no OpenCL GPU device"));
    st = init_with("cpu");
    CHECK(1, st == WY_OCL_OK || st == WY_OCL_E_NO_DEVICE);
  }
}

static void
test_listing(void)
{
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  unsetenv("WYC_DEVICE");
  wyrt_config_reload();
  CHECK(1, wy_ocl_list_devices(f) >= 1);
  fclose(f);
  CHECK(0, strncmp(text, "* 0:0  ", 7) != 0 && strstr(text, "\n* ") == NULL);
  CHECK(1, strstr(text, "driver") != NULL);
  free(text);
  /* a bad WYC_DEVICE: no mark, and why */
  f = open_memstream(&text, &len);
  setenv("WYC_DEVICE", "7:7", 1);
  wyrt_config_reload();
  CHECK(1, wy_ocl_list_devices(f) >= 1);
  fclose(f);
  CHECK(1, strstr(text, "* ") == NULL);
  CHECK(1, strstr(text, "\nno device selected: WYC_DEVICE=7:7: there are")
           != NULL);
  free(text);
}

static void
test_statuses(void)
{
  for (int i = 0; i < WY_OCL_NSTATUS; i++) {
    CHECK(1, strcmp(wy_ocl_status_text(i), "unknown status") != 0);
    for (int j = 0; j < i; j++)
      CHECK(1, strcmp(wy_ocl_status_text(i), wy_ocl_status_text(j)) != 0);
  }
  CHECK_TEXT("unknown status", wy_str_lit(wy_ocl_status_text(-1)));
  CHECK_TEXT("a list of lists is jagged",
             wy_str_lit(wy_ocl_status_text(WY_OCL_E_JAGGED)));
  CHECK(1, wy_ocl_language_error(WY_OCL_FLAG_DIVZERO));
  CHECK(1, wy_ocl_language_error(WY_OCL_FLAG_CHECK));
  CHECK(0, wy_ocl_language_error(WY_OCL_FLAG_OVERFLOW));
  CHECK(0, wy_ocl_language_error(WY_OCL_E_BUILD));
}

/* In a child: offloading with no device, then with a WYC_DEVICE that
 * names no device. */
static void
offload_notes(void)
{
  test_env("WYC_QUIET", NULL);
  init_with("none");
  wy_ocl_offload(&nop, NULL, 0, lo, hi);      /* chosen: no note */
  init_with("99:0");
  wy_ocl_offload(&nop, NULL, 0, lo, hi);
  wy_ocl_offload(&nop, NULL, 0, lo, hi);      /* once per kernel */
  wy_ocl_offload(&nop_at, NULL, 0, lo, hi);   /* the note names the loop */
  wy_ocl_fallback_note("other", NULL, "a reason");
  test_env("WYC_QUIET", "1");
  wy_ocl_fallback_note("quiet", NULL, "not shown");
}

static void
test_fallback(void)
{
  char out[256], err[1024];
  const char *nop_note = "wyc: kernel nop runs on the CPU: WYC_DEVICE=99:0: "
                         "there are ";
  const char *at_note = "prog.whiley:31:5: the loop runs on the CPU: "
                        "WYC_DEVICE=99:0: there are ";
  const char *other = "wyc: kernel other runs on the CPU: a reason\n";
  const char *line2, *line3;
  CHECK(0, run_child(offload_notes, out, sizeof out, err, sizeof err));
  CHECK(0, strncmp(err, nop_note, strlen(nop_note)));
  line2 = strchr(err, '\n');
  CHECK(1, line2 && !strncmp(line2 + 1, at_note, strlen(at_note)));
  line3 = line2 ? strchr(line2 + 1, '\n') : NULL;
  CHECK(1, line3 && line3 - 16 > line2
           && !strncmp(line3 - 16, " (kernel nop_at)", 16));
  CHECK(1, line3 && !strcmp(line3 + 1, other));
  /* the device itself works */
  CHECK(WY_OCL_OK, init_with(NULL));
  CHECK(WY_OCL_OK, wy_ocl_offload(&nop, NULL, 0, lo, hi));
  /* WYC_OFFLOAD=mandatory */
  unsetenv("WYC_OFFLOAD");
  wyrt_config_reload();
  CHECK(0, wy_ocl_mandatory());
  setenv("WYC_OFFLOAD", "mandatory", 1);
  wyrt_config_reload();
  CHECK(1, wy_ocl_mandatory());
  CHECK(WY_OCL_E_DISABLED, init_with("none"));
  CHECK(WY_OCL_E_DISABLED, wy_ocl_offload(&nop, NULL, 0, lo, hi));
  CHECK_TEXT("kernel nop cannot run on the device (WYC_OFFLOAD=mandatory): "
             "WYC_DEVICE=none", wy_str_lit(wy_ocl_mandatory_message()));
  unsetenv("WYC_OFFLOAD");
  wyrt_config_reload();
}

int
main(int argc, char **argv)
{
  FILE *null = fopen("/dev/null", "w");
  wy_decref(wy_init(argc, argv));
  if (wy_ocl_list_devices(null) == 0) {
    printf("SKIP ocl_device (no OpenCL device)\n");
    return 0;
  }
  fclose(null);
  test_selection();
  test_listing();
  test_statuses();
  test_fallback();
  wy_ocl_shutdown();
  test_done("ocl_device");
  return 0;
}
