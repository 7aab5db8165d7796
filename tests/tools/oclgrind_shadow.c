/* oclgrind_shadow.c -- shows two false reports of Oclgrind 21.10's
 * uninitialised-value checker that wyc's runtime works around there.
 *
 *   cc -O1 tests/tools/oclgrind_shadow.c -o /tmp/hs -lOpenCL
 *   for m in 0 1 2 3 4; do oclgrind --uninitialized /tmp/hs $m; done
 *
 * A kernel writes all 16 ints of a buffer x; then, by MODE,
 *   0  nothing more,
 *   1  x is copied whole into y (one clEnqueueCopyBuffer at offset 0),
 *   2  x is copied into y in two halves, the second at offset 32,
 *   3  y is written from the host in two halves (clEnqueueWriteBuffer),
 *   4  before all that, a 4-byte buffer is written by the kernel and
 *      released, and x released and made again (so that the simulator
 *      gives it the index of one of them) and written by the kernel,
 * and a second kernel reads the buffer (x, or y) and branches on each
 * value.  Every mode prints the same values, and modes 0 and 1 get no
 * report; modes 2, 3 and 4 get "control flow depends on an
 * uninitialised value" (and "uninitialised value written").  The
 * checker (src/plugins/Uninitialized.cpp) keeps one record (shadow) per
 * buffer index of which bytes were written: a host store
 * (hostMemoryStore) replaces it with one of the store's size, so a
 * store at an offset above 0, or one smaller than the buffer, leaves
 * written bytes reading as never written; and a released buffer's
 * record stays, so a larger buffer made at its index reads as never
 * written past the old size.  The runtime therefore uploads a changed
 * list whole under Oclgrind (tests/oclgrind.sh sets
 * WYC_DEV=partial_upload=0) and releases no buffer there before
 * shutdown (runtime/ocl_bufs.c, wy_ocl_mem_release). */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

static const char *src =
  "__kernel void fill(__global int *x)\n"
  "{ size_t i = get_global_id(0); x[i] = (int)i * 3 + 1; }\n"
  "__kernel void use(__global int *z, __global const int *y)\n"
  "{ size_t i = get_global_id(0); int v = y[i];\n"
  "  if (v > 5) z[i] = v; else z[i] = -v; }\n";

int
main(int argc, char **argv)
{
  int mode = argc > 1 ? atoi(argv[1]) : 0, h[16], out[16];
  size_t n = 16, bytes = sizeof h;
  cl_platform_id p;
  cl_device_id d;
  cl_int e;
  if (clGetPlatformIDs(1, &p, NULL) != CL_SUCCESS
      || clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL) != CL_SUCCESS) {
    fprintf(stderr, "no OpenCL device\n");
    return 2;
  }
  cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, &e);
  cl_command_queue q = clCreateCommandQueue(c, d, 0, &e);
  cl_program pr = clCreateProgramWithSource(c, 1, &src, NULL, &e);
  if (clBuildProgram(pr, 1, &d, "", NULL, NULL) != CL_SUCCESS) return 2;
  cl_kernel kf = clCreateKernel(pr, "fill", &e);
  cl_kernel ku = clCreateKernel(pr, "use", &e);
  cl_mem x = clCreateBuffer(c, CL_MEM_READ_WRITE, bytes, NULL, &e);
  cl_mem y = clCreateBuffer(c, CL_MEM_READ_WRITE, bytes, NULL, &e);
  cl_mem z = clCreateBuffer(c, CL_MEM_READ_WRITE, bytes, NULL, &e);
  cl_mem in = mode == 0 || mode == 4 ? x : y;
  if (mode == 4) {
    size_t one = 1;
    cl_mem small = clCreateBuffer(c, CL_MEM_READ_WRITE, 4, NULL, &e);
    clSetKernelArg(kf, 0, sizeof small, &small);
    clEnqueueNDRangeKernel(q, kf, 1, NULL, &one, NULL, 0, NULL, NULL);
    clFinish(q);
    clReleaseMemObject(small);
    clReleaseMemObject(x);
    in = x = clCreateBuffer(c, CL_MEM_READ_WRITE, bytes, NULL, &e);
  }
  clSetKernelArg(kf, 0, sizeof x, &x);
  clEnqueueNDRangeKernel(q, kf, 1, NULL, &n, NULL, 0, NULL, NULL);
  for (size_t i = 0; i < n; i++) h[i] = (int)i * 3 + 1;
  if (mode == 1)
    clEnqueueCopyBuffer(q, x, y, 0, 0, bytes, 0, NULL, NULL);
  if (mode == 2) {
    clEnqueueCopyBuffer(q, x, y, 0, 0, bytes / 2, 0, NULL, NULL);
    clEnqueueCopyBuffer(q, x, y, bytes / 2, bytes / 2, bytes / 2, 0, NULL,
                        NULL);
  }
  if (mode == 3) {
    clEnqueueWriteBuffer(q, y, CL_TRUE, 0, bytes / 2, h, 0, NULL, NULL);
    clEnqueueWriteBuffer(q, y, CL_TRUE, bytes / 2, bytes / 2, h + n / 2, 0,
                         NULL, NULL);
  }
  clSetKernelArg(ku, 0, sizeof z, &z);
  clSetKernelArg(ku, 1, sizeof in, &in);
  clEnqueueNDRangeKernel(q, ku, 1, NULL, &n, NULL, 0, NULL, NULL);
  clEnqueueReadBuffer(q, z, CL_TRUE, 0, bytes, out, 0, NULL, NULL);
  printf("mode %d: %d %d %d\n", mode, out[0], out[1], out[15]);
  return 0;
}
