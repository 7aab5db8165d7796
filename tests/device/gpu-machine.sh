#!/usr/bin/env bash
# Runs on a GPU machine without a C toolchain, from the repository root,
# with .carry/ holding what was built on the development machine:
#   tests/device/pack.sh .carry/bundle [PROGRAM.whiley ...]   (here)
#   bin/wyc -O2 [--gpu-real=float] --target=opencl \
#     benchmarks/programs/P.whiley -o .carry/benchbin/P-O2      (here)
#   (or OPTS=-O2 bash benchmarks/prebuild.sh .carry/benchbin, which also
#   builds the hand-written references and the micro-benchmarks)
# then, there (the `device` tool carries .carry and bin):
#   OUT=DIR [TESTS=1] [BENCH_SIZES=default] bash tests/device/gpu-machine.sh
# Makes NVIDIA's OpenCL and PoCL both visible, lists devices, runs the
# test bundle on the GPU and on PoCL, then the benchmark suite from the
# prebuilt executables.
set -u
ls /etc/OpenCL/vendors 2>/dev/null; cat /etc/OpenCL/vendors/*.icd 2>/dev/null
nv=$(ls /usr/lib/libnvidia-opencl.so.1 /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1 2>/dev/null | head -1)
pocl=$(ls /usr/lib/x86_64-linux-gnu/libpocl.so.2* /usr/lib/x86_64-linux-gnu/libpocl.so* 2>/dev/null | head -1)
export OCL_ICD_FILENAMES="$nv:$pocl"
echo "OCL_ICD_FILENAMES=$OCL_ICD_FILENAMES"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export XDG_CACHE_HOME=/tmp/wyc-cache
if [ -n "${TESTS:-}" ]; then
  bash .carry/bundle/run.sh gpu cpu > "$OUT/tests.log" 2>&1
  grep -v '^  ran\|^  float' "$OUT/tests.log" | tail -40
  grep '^  float' "$OUT/tests.log" | head -8
fi
if [ -n "${BENCH_SIZES:-}" ]; then
  BENCH_PREBUILT=.carry/benchbin SIZES=$BENCH_SIZES OPTS=${OPTS:--O2} \
    RUNS=${RUNS:-3} WARMUP=1 BENCH_OUT=$OUT BENCH_NAME=${BENCH_NAME:-h100} \
    SEQ_TIMEOUT=${SEQ_TIMEOUT:-60} TIMEOUT=${TIMEOUT:-120} \
    bash benchmarks/run.sh > "$OUT/bench.log" 2>&1
  echo "bench exit: $?"
  grep -v '^    \(warmup\|run\) ' "$OUT/bench.log" | tail -40
fi
