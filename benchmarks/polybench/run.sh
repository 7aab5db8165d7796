#!/usr/bin/env bash
# benchmarks/polybench/run.sh -- the PolyBench-ACC kernels written in
# Whiley (benchmarks/polybench/NAME.whiley) against the C version of the
# same program (NAME.c), built sequential and with -fopenmp (C+OpenMP).
#
# For each program of suite.txt: builds it with `bin/wyc --gpu-real=float`
# (--target=opencl), the C versions with cc -O2 (and -fopenmp), runs all
# three RUNS times, checks that their checksums (the one line each
# prints) agree within the program's tolerance, and records which loops
# of the timed region (between beginGPUBenchmarking and
# endGPUBenchmarking) `wyc --explain` keeps on the CPU, with its reason
# (not the loops as written that a distributed or interchanged version
# keeps as its CPU path).
# Writes BENCH_OUT/BENCH_NAME.md (the results table, then those loops);
# progress on stderr.  Exit status 1 when a build or a run failed or a
# checksum disagreed.  benchmarks/run.sh calls it (POLYBENCH=0 there
# leaves it out); it also runs alone.
#
# Settings (environment):
#   QUICK=1      SIZES=small, RUNS=1 (CI's `make bench QUICK=1`)
#   SIZES        small (default) or large (PolyBench's LARGE, for a GPU)
#   RUNS         measured runs of each (default 3; QUICK 1); the median
#                is reported
#   PROGRAMS     comma list of programs (default: all of suite.txt)
#   WYC_DEVICE   the device of the wyc runs (default: the runtime's
#                choice, a GPU when there is one)
#   TIMEOUT      seconds a run may take (default 900)
#   BENCH_OUT    results directory (default benchmarks/results)
#   BENCH_NAME   file name stem (default HOST-DATE-polybench)
#   WYC, CC      the compilers (default bin/wyc, cc)
#   WYC_FLAGS    wyc's flags (default --gpu-real=float: exact reals on
#                the CPU; --real=float makes every real a float)
#   SEQ=0        leaves out the sequential C runs (its column reads -):
#                at LARGE sizes they take minutes each
#   BENCH_PREBUILT  a directory of executables built elsewhere with the
#                same WYC_FLAGS (NAME, NAME-c, NAME-omp: what this script
#                leaves in build/bench/polybench), for a machine without
#                the headers to build them; --explain still runs WYC
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

WYC=${WYC:-bin/wyc}
read -r -a wyc_flags <<< "${WYC_FLAGS:---gpu-real=float}"
SEQ=${SEQ:-1}
CC=${CC:-cc}
HERE=benchmarks/polybench
QUICK=${QUICK:-}
[ "$QUICK" = 0 ] && QUICK=
SIZES=${SIZES:-small}
[ -n "$QUICK" ] && SIZES=small
RUNS=${RUNS:-3}
[ -n "$QUICK" ] && RUNS=1
TIMEOUT=${TIMEOUT:-900}
BENCH_OUT=${BENCH_OUT:-benchmarks/results}
host=$(hostname -s 2>/dev/null || hostname)
BENCH_NAME=${BENCH_NAME:-$host-$(date +%Y-%m-%d-%H%M)-polybench}
bin=build/bench/polybench
mkdir -p "$bin" "$BENCH_OUT"
md=$BENCH_OUT/$BENCH_NAME.md
cpu=$bin/cpu-loops.md
out=$bin/out.txt
err=$bin/err.txt

say() { printf '%s\n' "$*" >&2; }
die() { say "polybench: $*"; exit 1; }
case "$SIZES" in small|large) ;; *) die "SIZES=$SIZES: small or large";;
esac
[ -x "$WYC" ] || die "$WYC not found: run make first"

# The checksum line as a number: a decimal, an exponent form, or the
# exact rational "(a/b)" that Whiley prints (scaled so that numerators
# and denominators of hundreds of digits still convert).
to_number() {
  awk -v s="$1" 'function big(d,   l) { l = length(d); e = l > 18 ? l - 18 : 0
      v = substr(d, 1, l - e) + 0; return v }
    BEGIN {
      if (s ~ /^\(-?[0-9]+\/[0-9]+\)$/) {
        gsub(/[()]/, "", s); split(s, p, "/"); neg = p[1] ~ /^-/
        sub(/^-/, "", p[1]); a = big(p[1]); ea = e; b = big(p[2]); eb = e
        v = a / b * 10 ^ (ea - eb); printf "%.12g\n", neg ? -v : v
      } else if (s ~ /^-?[0-9.]+([eE][-+]?[0-9]+)?$/) printf "%.12g\n", s + 0
      else print "nan"
    }'
}

# agree X Y TOL: |X - Y| <= TOL * max(|X|, |Y|, 1e-30)
agree() {
  awk -v x="$1" -v y="$2" -v t="$3" 'BEGIN { d = x - y; if (d < 0) d = -d
    m = x < 0 ? -x : x; n = y < 0 ? -y : y; if (n > m) m = n
    if (m < 1e-30) m = 1e-30; exit !(x == x && y == y && d <= t * m) }'
}

median() {
  sort -g | awk '{ a[++n] = $1 } END { if (n) printf "%.3f", (n % 2) ? \
    a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }'
}

# run_many EXE ARGS...: RUNS runs; the median wall (s) in $wall, the
# checksum of the last in $sum; status 1 on a failure
run_many() {
  local exe=$1 t0 t1 i times=()
  shift
  sum=
  for ((i = 1; i <= RUNS; i++)); do
    t0=$(date +%s%N)
    if ! WYC_QUIET=1 timeout "$TIMEOUT" "$exe" "$@" > "$out" 2> "$err"; then
      say "polybench: $exe $*: failed; stderr ends:"; tail -n 5 "$err" >&2
      return 1
    fi
    t1=$(date +%s%N)
    times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { print (b - a) / 1e9 }')")
    sum=$(head -n 1 "$out" | tr -d '\r\t ')
  done
  wall=$(printf '%s\n' "${times[@]}" | median)
}

# the loops of the timed region of FILE that --explain keeps on the CPU
cpu_loops() {
  local file=$1 lo hi
  lo=$(grep -n 'beginGPUBenchmarking()' "$file" | head -n 1 | cut -d: -f1)
  hi=$(grep -n 'endGPUBenchmarking()' "$file" | head -n 1 | cut -d: -f1)
  "$WYC" "${wyc_flags[@]}" --explain "$file" 2>&1 \
    | awk -F: -v lo="${lo:-0}" -v hi="${hi:-0}" \
        '$2 + 0 > lo && $2 + 0 < hi && / CPU / && !/ as written, kept for / {
           sub(/^[^:]*:/, ""); print }'
}

failed=0
rows=()
: > "$cpu"
while read -r name tol rest; do
  if [ -n "${PROGRAMS:-}" ] && [[ ",$PROGRAMS," != *",$name,"* ]]; then
    continue
  fi
  small=${rest%%|*}
  large=${rest#*|}
  args=$small
  [ "$SIZES" = large ] && args=$large
  read -r -a argv <<< "$args"
  src=$HERE/$name.whiley
  say "polybench: $name ${argv[*]}"
  if [ -n "${BENCH_PREBUILT:-}" ]; then
    for suffix in "" -c -omp; do
      cp "$BENCH_PREBUILT/$name$suffix" "$bin/" \
        || die "$name$suffix: not in $BENCH_PREBUILT"
    done
  elif ! "$WYC" "${wyc_flags[@]}" "$src" -o "$bin/$name" \
     || ! "$CC" -O2 -std=c11 -Wall -Wextra -Wno-unknown-pragmas \
          -o "$bin/$name-c" "$HERE/$name.c" -lm \
     || ! "$CC" -O2 -std=c11 -Wall -Wextra -fopenmp -o "$bin/$name-omp" \
          "$HERE/$name.c" -lm; then
    say "polybench: $name: build failed"
    failed=1
    rows+=("| $name | ${argv[*]} | build failed | | | | | | | |")
    continue
  fi
  sums=() walls=() ok=1
  for exe in "$bin/$name" "$bin/$name-c" "$bin/$name-omp"; do
    if [ "$SEQ" = 0 ] && [ "$exe" = "$bin/$name-c" ]; then
      sums+=("-")
      walls+=("-")
      continue
    fi
    if run_many "$exe" "${argv[@]}"; then
      sums+=("$sum")
      walls+=("$wall")
    else
      sums+=("failed")
      walls+=("-")
      ok=
    fi
  done
  verdict=yes
  if [ -z "$ok" ]; then
    verdict="run failed"
  else
    w=$(to_number "${sums[0]}")
    for s in "${sums[1]}" "${sums[2]}"; do
      [ "$s" = - ] && continue
      agree "$w" "$(to_number "$s")" "$tol" || verdict="NO (tolerance $tol)"
    done
  fi
  [ "$verdict" = yes ] || failed=1
  ratio=-
  if [ -n "$ok" ]; then
    ratio=$(awk -v a="${walls[0]}" -v b="${walls[2]}" \
      'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
  fi
  say "  wyc ${sums[0]} (${walls[0]} s), C ${sums[1]} (${walls[1]} s)," \
      "OpenMP ${sums[2]} (${walls[2]} s): $verdict"
  rows+=("| $name | ${argv[*]} | ${sums[0]} | ${sums[1]} | ${sums[2]} | $verdict | ${walls[0]} | ${walls[1]} | ${walls[2]} | $ratio |")
  loops=$(cpu_loops "$src")
  {
    printf '### %s\n\n' "$name"
    if [ -n "$loops" ]; then
      printf '%s\n' "$loops" | sed 's/^/- line /'
    else
      echo "- none: every loop of the timed region runs on the device"
    fi
    echo
  } >> "$cpu"
done < <(grep -v '^[[:space:]]*#' "$HERE/suite.txt" | grep -v '^[[:space:]]*$')

{
  echo "# PolyBench-ACC kernels in Whiley: $host, $(date -u +%Y-%m-%d)"
  echo
  echo "Sizes: $SIZES; $RUNS run(s) each, median wall seconds of the whole"
  echo "process; wyc built with ${wyc_flags[*]} (device:" \
       "${WYC_DEVICE:-the runtime default}); C and C+OpenMP:" \
       "${BENCH_PREBUILT:+built elsewhere (BENCH_PREBUILT), }$CC -O2," \
       "floats${OMP_NUM_THREADS:+, $OMP_NUM_THREADS threads}."
  echo "Checksums agree when within the program's relative tolerance" \
       "(benchmarks/polybench/suite.txt)."
  echo
  echo "| program | args | wyc checksum | C | C+OpenMP | agree | wyc s | C s | OpenMP s | wyc / OpenMP |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
  echo
  echo "## Loops of the timed regions that stay on the CPU (wyc --explain)"
  echo
  cat "$cpu"
} > "$md"
say "polybench: results in $md"
exit "$failed"
