#!/usr/bin/env bash
# benchmarks/prebuild.sh DIR -- builds here what benchmarks/run.sh needs
# on a machine without a C toolchain (BENCH_PREBUILT=DIR there):
#   DIR/NAME-O1, DIR/NAME-O2 ...  the suite's programs at each level of
#                                 OPTS (default "-O1 -O2"), and NAME-c
#   DIR/ref/                      the hand-written references and the C
#                                 micro-benchmarks (reference/build.sh)
#   DIR/micro/                    the .whiley micro-benchmarks, at the
#                                 first level of OPTS
# Run from anywhere after `make`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=${1:?usage: benchmarks/prebuild.sh DIR}
WYC=${WYC:-bin/wyc}
read -r -a opts <<< "${OPTS:--O1 -O2}"
mkdir -p "$out/ref" "$out/micro"
while read -r kind name real _; do
  [ "$kind" = prog ] || continue
  flags=()
  [ "$real" = real ] && flags=(--gpu-real=float)
  for o in "${opts[@]}"; do
    "$WYC" "$o" "${flags[@]+"${flags[@]}"}" --target=opencl \
      "benchmarks/programs/$name.whiley" -o "$out/$name$o"
  done
  "$WYC" --target=c "benchmarks/programs/$name.whiley" -o "$out/$name-c"
done < benchmarks/suite.txt
bash benchmarks/reference/build.sh "$out/ref"
for p in percall marshal_int marshal_real marshal_nested; do
  flags=()
  [ "$p" = marshal_real ] || [ "$p" = marshal_nested ] \
    && flags=(--gpu-real=float)
  "$WYC" "${opts[0]}" "${flags[@]+"${flags[@]}"}" --target=opencl \
    "benchmarks/micro/$p.whiley" -o "$out/micro/$p"
done
