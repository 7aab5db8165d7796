/* init.c -- program start-up and shut-down.
 *
 * wy_init validates the run-time variables (config.c), routes GMP's
 * (and so MPFR's) allocations through the runtime allocator, gives
 * stdout a 1 MiB buffer (programs print tens of thousands of values one
 * at a time), and builds the System.Console
 * record {args: [string], out: ref} (§2.1, §7.1) from argv[1..].
 * wy_exit flushes stdout, checks that nothing printed was lost (a write
 * error is exit status 1, never a silent success) and frees the
 * runtime's global state.
 */
#include <errno.h>
#include <mpfr.h>
#include <string.h>

#include "wyrt_impl.h"

static char stdout_buffer[1 << 20];

static const char *const console_names[] = {"args", "out"};
static const WyShape console_shape = {2, console_names};

wyv
wy_init(int argc, char **argv)
{
  static bool started;
  wyv vals[2];
  if (!started) {
    started = true;
    wyrt_config_load();   /* a bad run-time variable ends it here */
    wyrt_stack_setup((char *)__builtin_frame_address(0));
    wyrt_install_gmp_allocator();
    setvbuf(stdout, stdout_buffer, _IOFBF, sizeof stdout_buffer);
    wyrt_mpfr_setup();
  }
  vals[0] = wy_list_new(WY_LS_ANY, argc > 1 ? (size_t)argc - 1 : 0);
  for (int i = 1; i < argc; i++) {
    wyv s = wy_str_lit(argv[i]);
    wy_list_push(&vals[0], s);
    wy_decref(s);
  }
  vals[1] = wy_ref_new(WY_NULL);
  return wyrt_record_take(&console_shape, vals);
}

int
wy_exit(void)
{
  int status = 0;
  if (wyrt_quiesce) wyrt_quiesce();
  errno = 0;
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "error: cannot write the standard output: %s\n",
            strerror(errno ? errno : EIO));
    status = 1;
  }
  wyrt_print_free();
  wyrt_bench_free();
  wyrt_free_state();
  wyrt_real_pool_free();
  mpfr_free_cache();
  return status;
}
