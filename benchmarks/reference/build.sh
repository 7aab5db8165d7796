#!/usr/bin/env bash
# benchmarks/reference/build.sh OUTDIR -- builds the hand-written
# references and the C micro-benchmarks into OUTDIR:
#   OUTDIR/NAME-ref-ocl   from NAME.ocl.c + ref_cl.c   (-lOpenCL)
#   OUTDIR/NAME-ref-omp   from NAME.omp.c              (-fopenmp)
#   OUTDIR/micro-roundtrip, OUTDIR/micro-memcpy   (benchmarks/micro/)
# CC (default cc) and REF_CFLAGS (default -O2) are read from the
# environment.  libgomp is linked statically where the compiler has it,
# so that the executables run on a machine without the compiler's
# libraries (a GPU machine with prebuilt executables, BENCH_PREBUILT).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=${1:?usage: build.sh OUTDIR}
cc=${CC:-cc}
flags=(${REF_CFLAGS:--O2} -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra)
mkdir -p "$out"
omp=(-fopenmp)
gomp=$("$cc" -print-file-name=libgomp.a 2>/dev/null || true)
if [ -n "$gomp" ] && [ -f "$gomp" ]; then
  omp=(-fopenmp -Wl,-Bstatic -lgomp -Wl,-Bdynamic -lpthread)
fi
for src in "$here"/*.ocl.c; do
  name=$(basename "$src" .ocl.c)
  "$cc" "${flags[@]}" -I"$here" -o "$out/$name-ref-ocl" "$src" \
    "$here/ref_cl.c" -lOpenCL -lm
  "$cc" "${flags[@]}" -I"$here" -o "$out/$name-ref-omp" \
    "$here/$name.omp.c" "${omp[@]}" -lm
done
micro=$here/../micro
if [ -d "$micro" ]; then
  for src in "$micro"/*.c; do
    name=$(basename "$src" .c)
    "$cc" "${flags[@]}" -I"$here" -o "$out/micro-$name" "$src" \
      "$here/ref_cl.c" -lOpenCL -lm
  done
fi
