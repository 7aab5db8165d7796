/* ocl_start.c -- device start-up on a background thread.
 *
 * A program with kernels calls wy_ocl_prestart with all its kernel
 * descriptors first thing in main.  A thread then finds the device,
 * makes the context and queue and builds (or loads from the binary
 * cache) every kernel's program, while the program computes its inputs;
 * NVIDIA's OpenCL alone needs about a quarter of a second for that.
 * The first call into the device layer waits for what is left
 * (wy_ocl_wait_start), and so does any way out of the program, so the
 * driver is never torn down under the thread.  Until then the thread
 * alone touches the layer's state (WyOclState), so nothing else needs
 * a lock.  WYC_DEVICE=none and WYC_DEV=prestart=0 start nothing.
 */
#define WY_OCL_IMPL
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "ocl.h"
#include "wyrt_impl.h"

static pthread_t starter;
static _Thread_local bool on_starter;   /* this is the start-up thread */
static bool running;            /* starter is to be joined */
static atomic_bool done;        /* ... and has finished its work */
static const WyOclKernel *const *pre_kernels;
static int pre_count;

static void *
start_device(void *arg)
{
  (void)arg;
  on_starter = true;
  if (wy_ocl_init() == WY_OCL_OK)
    for (int i = 0; i < pre_count; i++) {
      WyOclKern *kn;
      wy_ocl_get_kernel(pre_kernels[i], pre_kernels[i]->int64_only, &kn);
    }
  atomic_store(&done, true);
  return NULL;
}

bool
wy_ocl_starting(void)
{
  return running && !atomic_load(&done);
}

/* The program prints with unlocked stdio (runtime/print.c): only its
 * own thread may touch stdout.  The start-up thread leaves it alone; a
 * driver that aborts there loses what the program has not flushed. */
void
wy_ocl_flush_stdout(void)
{
  if (!on_starter) fflush(stdout);
}

void
wy_ocl_wait_start(void)
{
  if (!running) return;
  running = false;
  pthread_join(starter, NULL);
}

void
wy_ocl_prestart(const WyOclKernel *const *kernels, int n)
{
  /* prestart=0: every OpenCL call on the program's thread, for tools
   * that need that (Oclgrind's uninitialised-value checker keeps its
   * state per thread) */
  if (running || wy_ocl_g.tried
      || wyrt_config_device().kind == WYRT_DEVICE_NONE
      || !wyrt_config_on(WYRT_CFG_PRESTART))
    return;
  /* before the thread: it may setenv (only this thread may) */
  wy_ocl_pocl_cache();
  pre_kernels = kernels;
  pre_count = n;
  wyrt_quiesce = wy_ocl_wait_start;
  /* without a thread, the first offloaded call starts the device */
  running = pthread_create(&starter, NULL, start_device, NULL) == 0;
}
