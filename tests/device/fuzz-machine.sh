#!/usr/bin/env bash
# Runs the differential tester (tests/fuzz/diff.py) on the device machine,
# whose 16 cores and PoCL make a long campaign affordable.  That machine
# has a C compiler and the GMP, MPFR and OpenCL shared libraries, but no
# headers or link-time names: tests/device/fuzz-pack.sh (here) puts
# the OpenCL headers in .carry/include; this script makes the link names
# in a scratch directory.  The `device` tool carries bin, build/libwyrt.a,
# build/libwyrt_ocl.a and .carry.
#   OUT=DIR N=programs SEED=first [JOBS=16] [DEVICE=cpu|gpu]
#     [DEADLINE=seconds after which no program starts]
#     [REAL=exact|double|float: every build's --real, diff.py --real]
#     [VARIANTS=c,O0,O1,O2,...: the builds compared, diff.py --variants]
#     bash tests/device/fuzz-machine.sh
set -u
lib=/tmp/wyc-link
mkdir -p "$lib"
for n in OpenCL gmp mpfr; do
  so=$(ls /usr/lib/x86_64-linux-gnu/lib$n.so.* /usr/lib/lib$n.so.* \
       2>/dev/null | head -1)
  [ -n "$so" ] && ln -sf "$so" "$lib/lib$n.so"
done
nv=$(ls /usr/lib/libnvidia-opencl.so.1 \
     /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1 2>/dev/null | head -1)
pocl=$(ls /usr/lib/x86_64-linux-gnu/libpocl.so.2* 2>/dev/null | head -1)
export OCL_ICD_FILENAMES="$nv:$pocl"
export WYC_CFLAGS="-O0 -I$PWD/.carry/include -L$lib -L$PWD/.carry/lib"
export FUZZ_DEVICE=${DEVICE:-cpu}
cc --version | head -1
nproc
python3 tests/fuzz/diff.py -n "${N:-100}" --seed "${SEED:-1}" \
  -j "${JOBS:-16}" --real "${REAL:-exact}" \
  --variants "${VARIANTS:-c,O0,O1,O2,O2u}" --deadline "${DEADLINE:-0}" --out "$OUT/fails" 2>&1 | tee "$OUT/fuzz.log" | tail -25
