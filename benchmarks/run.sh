#!/usr/bin/env bash
# benchmarks/run.sh -- the device benchmark comparison (make bench).
#
# Builds the programs of benchmarks/suite.txt with --target=opencl at each
# optimisation level (and --target=c for the small sizes), runs each on
# every OpenCL device that bin/wyc --list-devices shows and on the exact
# sequential path (WYC_DEVICE=none), runs the hand-written references of
# benchmarks/reference/ beside them (the OpenCL one on every device, the
# C+OpenMP one once per case), checks that they all print the same
# checksum (within the program's tolerance) and that the device runs ran
# their kernels on the device, runs the micro-benchmarks of
# benchmarks/micro/ and the PolyBench-ACC kernels of
# benchmarks/polybench/ (its own table, BENCH_NAME-polybench.md), and
# writes
# benchmarks/results/HOST-DATE.{csv,json,md,runs.tsv} and PNG plots
# (benchmarks/report.sh).  Progress goes to stderr.  Exit status 1 when a
# run failed, a checksum disagreed or a kernel fell back to the CPU.
#
# Settings (environment; `make bench VAR=value` passes them too):
#   QUICK=1        the CI check: SIZES=small,default, RUNS=1, OPTS=-O1,
#                  CPU devices and none only, slow sequential runs skipped
#   SIZES          comma list of small, default, large, sweep, or all
#                  (default small,default,sweep)
#   RUNS           measured runs per device (default 5; QUICK 1)
#   WARMUP         unmeasured runs first, per device (default 1): they
#                  fill the kernel cache
#   OPTS           optimisation levels (default "-O1 -O2"; QUICK -O1)
#   DEVICES        comma list of P:D and none, instead of every device
#   PROGRAMS       comma list of programs (default: all of suite.txt)
#   TIMEOUT        seconds a device run may take (default 900)
#   SEQ_TIMEOUT    seconds a sequential run may take before the
#                  sequential path of that case is skipped (default 600;
#                  QUICK 60)
#   ALLOW_FALLBACK 1: a device run whose offloaded calls fell back to the
#                  CPU is reported, not an error
#   REFS           which hand-written references run: 1 both (default),
#                  ocl or omp only, 0 none
#   MICRO          0: without the micro-benchmarks (default 1)
#   POLYBENCH      0: without the PolyBench-ACC kernels of
#                  benchmarks/polybench/ (default 1; not with
#                  BENCH_PREBUILT)
#   SUITE          the suite file (default benchmarks/suite.txt)
#   BENCH_OUT      results directory (default benchmarks/results)
#   BENCH_NAME     file name stem (default HOST-DATE, -quick for QUICK)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

WYC=${WYC:-bin/wyc}
HERE=benchmarks
QUICK=${QUICK:-}
[ "$QUICK" = 0 ] && QUICK=
if [ -n "$QUICK" ]; then
  SIZES=${SIZES:-small,default}
  RUNS=${RUNS:-1}
  OPTS=${OPTS:--O1}
  SEQ_TIMEOUT=${SEQ_TIMEOUT:-60}
else
  SIZES=${SIZES:-small,default,sweep}
  RUNS=${RUNS:-5}
  OPTS=${OPTS:--O1 -O2}
  SEQ_TIMEOUT=${SEQ_TIMEOUT:-600}
fi
WARMUP=${WARMUP:-1}
REFS=${REFS:-1}
case "$REFS" in
  0|1|ocl|omp) ;;
  *) echo "bench: REFS=$REFS: not 0, 1, ocl or omp" >&2; exit 1 ;;
esac
MICRO=${MICRO:-1}
TIMEOUT=${TIMEOUT:-900}
BENCH_OUT=${BENCH_OUT:-$HERE/results}
host=$(hostname -s 2>/dev/null || hostname)
stamp=$(date +%Y-%m-%d-%H%M)
export BENCH_HOST=$host BENCH_DATE=$stamp
BENCH_NAME=${BENCH_NAME:-$host-$stamp${QUICK:+-quick}}
SIZES=$(echo "$SIZES" | tr 'A-Z' 'a-z')
[ "$SIZES" = all ] && SIZES=small,default,large,sweep
read -r -a opts <<< "$OPTS"

say() { printf '%s\n' "$*" >&2; }
die() { say "bench: $*"; exit 1; }

now_ms() {
  local t=${EPOCHREALTIME:-}
  [ -n "$t" ] || t=$(date +%s.%N)
  echo "${t/,/.}"
}

[ -x "$WYC" ] || die "$WYC not found: run make first"
command -v timeout >/dev/null || die "timeout (coreutils) not found"

# ---------------------------------------------------------------- suite
# prog lines: name -> real/int, tolerance; case lines in file order.
declare -A real tol
cases=()                       # "name|set|seq|args|note"
while read -r kind name rest; do
  case "$kind" in
    prog)
      read -r r t _ <<< "$rest"
      real[$name]=$r
      tol[$name]=$t ;;
    case)
      note=
      if [[ "$rest" == *"#"* ]]; then
        note=${rest#*#}
        note=$(echo "$note" | sed 's/^ *//; s/ *$//')
        rest=${rest%%#*}
      fi
      read -r set seq args <<< "$rest"
      args=$(echo "$args" | sed 's/ *$//')
      [[ ",$SIZES," == *",$set,"* ]] || continue
      if [ -n "${PROGRAMS:-}" ] && [[ ",$PROGRAMS," != *",$name,"* ]]; then
        continue
      fi
      cases+=("$name|$set|$seq|$args|$note") ;;
  esac
done < <(sed 's/\r$//' "${SUITE:-$HERE/suite.txt}" | grep -v '^[[:space:]]*#' \
         | grep -v '^[[:space:]]*$')
[ "${#cases[@]}" -gt 0 ] || die "no case selected (SIZES=$SIZES)"
for set in ${SIZES//,/ }; do
  case "$set" in small|default|large|sweep) ;;
    *) die "SIZES: unknown set '$set' (small, default, large, sweep, all)";;
  esac
done

# -------------------------------------------------------------- devices
# "P:D|type|name" for each OpenCL device; none is added at the end.
devices=()
while IFS= read -r line; do
  if [[ "$line" =~ ^[\*\ ]\ ([0-9]+:[0-9]+)\ +([a-z]+)\ +(.*)$ ]]; then
    devices+=("${BASH_REMATCH[1]}|${BASH_REMATCH[2]}|${BASH_REMATCH[3]}")
  fi
done < <("$WYC" --list-devices 2>/dev/null || true)
if [ -n "${DEVICES:-}" ]; then
  keep=()
  for want in ${DEVICES//,/ }; do
    [ "$want" = none ] && continue
    found=
    for d in "${devices[@]}"; do
      [ "${d%%|*}" = "$want" ] && keep+=("$d") && found=1
    done
    [ -n "$found" ] \
      || die "DEVICES: no OpenCL device $want (see $WYC --list-devices)"
  done
  devices=("${keep[@]+"${keep[@]}"}")
  use_seq=; [[ ",$DEVICES," == *",none,"* ]] && use_seq=1
else
  use_seq=1
  if [ -n "$QUICK" ]; then
    keep=()
    for d in "${devices[@]+"${devices[@]}"}"; do
      [[ "$d" == *"|cpu|"* ]] && keep+=("$d")
    done
    devices=("${keep[@]+"${keep[@]}"}")
  fi
fi
say "bench: devices:"
for d in "${devices[@]+"${devices[@]}"}"; do say "  ${d//|/  }"; done
[ -n "$use_seq" ] && say "  none  exact sequential path (WYC_DEVICE=none)"
[ "${#devices[@]}" -gt 0 ] \
  || say "bench: note: no OpenCL device: only the sequential path runs"

# ---------------------------------------------------------------- build
bin=build/bench
tmp=$BENCH_OUT/tmp
mkdir -p "$bin" "$tmp" "$BENCH_OUT"
declare -A built
need_c=
for c in "${cases[@]}"; do
  IFS='|' read -r name set _ <<< "$c"
  built[$name]=1
  [ "$set" = small ] && need_c=1
done
for name in "${!built[@]}"; do
  src=$HERE/programs/$name.whiley
  [ -f "$src" ] || die "$src: no such program"
  [ -n "${real[$name]:-}" ] || die "$name: no prog line in suite.txt"
  flags=()
  # floats, as the 2013 thesis measured (the default is double where
  # the device has it: benchmarks/README.md)
  [ "${real[$name]}" = real ] && flags=(--gpu-real=float)
  if [ -n "${BENCH_PREBUILT:-}" ]; then
    # executables built elsewhere (a GPU machine without a C toolchain):
    # BENCH_PREBUILT/NAME-O1 ... as this loop would have built them
    for o in "${opts[@]}"; do
      cp "$BENCH_PREBUILT/$name$o" "$bin/" || die "$name$o: not prebuilt"
    done
    [ -z "$need_c" ] || cp "$BENCH_PREBUILT/$name-c" "$bin/" \
      || die "$name-c: not prebuilt"
    continue
  fi
  for o in "${opts[@]}"; do
    say "bench: build $name $o ${flags[*]}"
    "$WYC" "$o" "${flags[@]+"${flags[@]}"}" --target=opencl "$src" \
      -o "$bin/$name$o" || die "$name: build failed ($o)"
    explain=$("$WYC" "$o" "${flags[@]+"${flags[@]}"}" --explain "$src")
    if [ "$o" != -O0 ] && ! grep -q 'GPU-implicit (kernel' <<< "$explain"; then
      say "$explain"
      die "$name: no loop is offloaded at $o (wyc --explain above)"
    fi
  done
  if [ -n "$need_c" ]; then
    "$WYC" --target=c "$src" -o "$bin/$name-c" \
      || die "$name: build failed (--target=c)"
  fi
done

# The hand-written references (and the micro-benchmarks' C programs):
# built with the C compiler, or copied from BENCH_PREBUILT/ref (built
# there by benchmarks/reference/build.sh); without either they are
# skipped with a note.
refbin=$bin/ref
use_refs=
if [ "$REFS" != 0 ] || [ "$MICRO" != 0 ]; then
  if [ -n "${BENCH_PREBUILT:-}" ] && [ -d "$BENCH_PREBUILT/ref" ]; then
    mkdir -p "$refbin"
    cp "$BENCH_PREBUILT/ref/"* "$refbin/" && use_refs=1
  elif command -v "${CC:-cc}" >/dev/null; then
    say "bench: build the hand-written references"
    bash "$HERE/reference/build.sh" "$refbin" \
      || die "the references do not build (benchmarks/reference/build.sh)"
    use_refs=1
  fi
  [ -n "$use_refs" ] || say "bench: note: hand-written references skipped:" \
    "no C compiler and no BENCH_PREBUILT/ref"
  [ "$REFS" != 0 ] || use_refs=
fi

# ------------------------------------------------------------------ runs
# One line per run in $raw (tab-separated, see report.sh); skipped or
# failed groups in $skips.
raw=$tmp/$BENCH_NAME.runs.tsv
skips=$tmp/$BENCH_NAME.skips.tsv
: > "$raw"
: > "$skips"
failed=0

# run_one CASE NAME SET ARGS OPT DEV KIND I EXE TLIMIT -> status in $rc
run_one() {
  local id=$1 name=$2 set=$3 args=$4 o=$5 dev=$6 kind=$7 i=$8 exe=$9
  local limit=${10} out=$tmp/out.txt err=$tmp/err.txt t0 t1 wall sum msg
  local -a argv
  read -r -a argv <<< "$args"
  t0=$(now_ms)
  set +e
  if [ "$dev" = c ] || [ "$dev" = omp ]; then
    timeout "$limit" "$exe" "${argv[@]}" > "$out" 2> "$err"
  else
    # early_calls=device: the suite measures the device; at the small
    # sizes the early rule (runtime/ocl_cost.c) would run whole programs
    # on the CPU while the device starts
    WYC_DEVICE=$dev WYC_PROFILE=1 WYC_QUIET=1 \
      WYC_DEV=early_calls=device${WYC_DEV:+,$WYC_DEV} \
      timeout "$limit" "$exe" "${argv[@]}" > "$out" 2> "$err"
  fi
  rc=$?
  set -e
  t1=$(now_ms)
  wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", (b - a) * 1000 }')
  sum=$(head -n 1 "$out" | tr -d '\r\t')
  if [ "$rc" -eq 0 ] && { [ "$(wc -l < "$out")" -ne 1 ] \
       || ! [[ "$sum" =~ ^(-?[0-9]+(\.[0-9]+)?|\(-?[0-9]+/[0-9]+\))$ ]]; }; then
    say "bench: $name $args $o $dev: expected one checksum line, got:"
    head -n 5 "$out" >&2
    rc=99
  fi
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 124 ]; then
    say "bench: $name $args $o $dev: exit status $rc; stderr ends:"
    tail -n 5 "$err" >&2
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$id" \
    "$name" "$set" "$args" "$o" "$dev" "$kind" "$i" "$wall" \
    "$(awk -f $HERE/harness/profile.awk "$err")" "$sum" "$rc" \
    "$(awk -f $HERE/harness/hotkernel.awk "$err")" >> "$raw"
  msg=$(awk -v w="$wall" 'BEGIN { printf "%.3f s", w / 1000 }')
  [ "$rc" -eq 0 ] || msg="$msg, exit status $rc"
  say "    $kind $i: $msg  checksum $sum"
}

# skip CASE NAME SET ARGS OPT DEV STATUS NOTE: a group with no timings
skip() {
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >> "$skips"
}

# run_group CASE NAME SET ARGS OPT DEV EXE NRUNS NWARM LIMIT
run_group() {
  local id=$1 name=$2 set=$3 args=$4 o=$5 dev=$6 exe=$7 n=$8 w=$9
  local limit=${10} i
  rc=0
  for ((i = 1; i <= w; i++)); do
    run_one "$id" "$name" "$set" "$args" "$o" "$dev" warmup "$i" "$exe" "$limit"
    [ "$rc" -eq 0 ] || break
  done
  if [ "$rc" -eq 0 ]; then
    for ((i = 1; i <= n; i++)); do
      run_one "$id" "$name" "$set" "$args" "$o" "$dev" run "$i" "$exe" "$limit"
      [ "$rc" -eq 0 ] || break
    done
  fi
  if [ "$rc" -eq 124 ] && { [ "$dev" = none ] || [ "$dev" = c ]; }; then
    skip "$id" "$name" "$set" "$args" "$o" "$dev" skipped \
      "over SEQ_TIMEOUT=$SEQ_TIMEOUT s"
  elif [ "$rc" -eq 124 ]; then
    skip "$id" "$name" "$set" "$args" "$o" "$dev" failed \
      "over TIMEOUT=$TIMEOUT s"
    failed=1
  elif [ "$rc" -eq 99 ]; then
    skip "$id" "$name" "$set" "$args" "$o" "$dev" failed \
      "did not print one checksum line"
    failed=1
  elif [ "$rc" -ne 0 ]; then
    skip "$id" "$name" "$set" "$args" "$o" "$dev" failed "exit status $rc"
    failed=1
  fi
}

# run_ref CASE NAME SET ARGS KIND DEV: a hand-written reference, KIND
# ref-ocl (on OpenCL device DEV) or ref-omp (DEV omp)
run_ref() {
  local exe=$refbin/$2-$5 warm=$WARMUP
  [ -n "$use_refs" ] || return 0
  [ "$REFS" = 1 ] || [ "$5" = "ref-$REFS" ] || return 0
  if [ ! -x "$exe" ]; then
    skip "$1" "$2" "$3" "$4" "$5" "$6" skipped "no hand-written reference"
    return 0
  fi
  if [ "$5" = ref-omp ]; then
    # no kernel cache to fill: no warm-up
    warm=0
    say "  hand-written C+OpenMP (${OMP_NUM_THREADS:-all} threads)"
  else
    say "  hand-written OpenCL on $6"
  fi
  run_group "$1" "$2" "$3" "$4" "$5" "$6" "$exe" "$RUNS" "$warm" \
    "$TIMEOUT"
}

ncase=${#cases[@]}
id=0
for c in "${cases[@]}"; do
  id=$((id + 1))
  IFS='|' read -r name set seq args note <<< "$c"
  say "bench: [$id/$ncase] $name ($set) $args"
  for d in "${devices[@]+"${devices[@]}"}"; do
    dev=${d%%|*}
    for o in "${opts[@]}"; do
      say "  $o on $dev"
      run_group "$id" "$name" "$set" "$args" "$o" "$dev" "$bin/$name$o" \
        "$RUNS" "$WARMUP" "$TIMEOUT"
    done
    run_ref "$id" "$name" "$set" "$args" ref-ocl "$dev"
  done
  run_ref "$id" "$name" "$set" "$args" ref-omp omp
  o=${opts[0]}
  if [ -z "$use_seq" ]; then
    :
  elif [ "$seq" = skip ]; then
    say "  sequential path skipped: ${note:-marked skip in suite.txt}"
    skip "$id" "$name" "$set" "$args" "$o" none skipped \
      "${note:-marked skip in suite.txt}"
  elif [ "$seq" = once ] && [ -n "$QUICK" ]; then
    say "  sequential path skipped in QUICK: ${note:-slow}"
    skip "$id" "$name" "$set" "$args" "$o" none skipped \
      "not in QUICK: ${note:-slow}"
  else
    n=$RUNS
    [ "$seq" = once ] && n=1
    say "  $o on none (exact sequential path)"
    run_group "$id" "$name" "$set" "$args" "$o" none "$bin/$name$o" \
      "$n" 0 "$SEQ_TIMEOUT"
  fi
  if [ "$set" = small ] && [ -n "$use_seq" ]; then
    say "  --target=c"
    run_group "$id" "$name" "$set" "$args" - c "$bin/$name-c" 1 0 \
      "$SEQ_TIMEOUT"
  fi
done

devlist=$tmp/$BENCH_NAME.devices.tsv
: > "$devlist"
for d in "${devices[@]+"${devices[@]}"}"; do
  IFS='|' read -r pd type desc <<< "$d"
  printf '%s\t%s\t%s\n' "$pd" "$type" "$desc" >> "$devlist"
done

# ---------------------------------------------------------- micro-benchmarks
# 10^8 elements and 10000 calls with the large sizes, else 10^6 and 2000
micro=$tmp/$BENCH_NAME.micro.csv
rm -f "$micro"
if [ "$MICRO" = 0 ] || [ "${#devices[@]}" -eq 0 ]; then
  :
elif [ -n "${BENCH_PREBUILT:-}" ] && [ ! -d "$BENCH_PREBUILT/micro" ]; then
  say "bench: note: micro-benchmarks skipped: no BENCH_PREBUILT/micro"
else
  mn=1000000 mc=2000
  [[ ",$SIZES," == *",large,"* ]] && mn=100000000 mc=10000
  mr=3
  [ -n "$QUICK" ] && mr=1
  say "bench: micro-benchmarks"
  WYC=$WYC MICRO_N=${MICRO_N:-$mn} MICRO_CALLS=${MICRO_CALLS:-$mc} \
    MICRO_RUNS=${MICRO_RUNS:-$mr} MICRO_OPT=${opts[0]} REFBIN=$refbin \
    TIMEOUT=$TIMEOUT bash "$HERE/micro/run.sh" "$micro" "$devlist" \
    || failed=1
fi

# ------------------------------------------------------------- polybench
# the PolyBench-ACC kernels (benchmarks/polybench/run.sh): small sizes,
# and PolyBench's LARGE ones with the large set
if [ "${POLYBENCH:-1}" != 0 ] && [ -z "${BENCH_PREBUILT:-}" ]; then
  pbsize=small
  [[ ",$SIZES," == *",large,"* ]] && pbsize=large
  QUICK=$QUICK SIZES=$pbsize RUNS=$RUNS BENCH_OUT=$BENCH_OUT \
    BENCH_NAME=$BENCH_NAME-polybench bash "$HERE/polybench/run.sh" \
    || failed=1
fi

# ---------------------------------------------------------------- report
progs=$tmp/$BENCH_NAME.programs.tsv
: > "$progs"
for name in "${!built[@]}"; do
  printf '%s\t%s\t%s\n' "$name" "${real[$name]}" "${tol[$name]}" >> "$progs"
done
BENCH_SETTINGS="QUICK=${QUICK:-0} SIZES=$SIZES RUNS=$RUNS WARMUP=$WARMUP"
BENCH_SETTINGS+=" OPTS=$OPTS TIMEOUT=$TIMEOUT SEQ_TIMEOUT=$SEQ_TIMEOUT"
export BENCH_SETTINGS
status=0
bash "$HERE/report.sh" "$BENCH_OUT" "$BENCH_NAME" "$raw" "$skips" \
  "$devlist" "$progs" "$micro" || status=1
cp "$raw" "$BENCH_OUT/$BENCH_NAME.runs.tsv"
# what report.sh needs to redo the reports elsewhere
cp "$skips" "$BENCH_OUT/$BENCH_NAME.skips.tsv"
cp "$devlist" "$BENCH_OUT/$BENCH_NAME.devices.tsv"
cp "$progs" "$BENCH_OUT/$BENCH_NAME.programs.tsv"
[ ! -f "$micro" ] || cp "$micro" "$BENCH_OUT/$BENCH_NAME.micro.csv"
rm -f "$tmp/out.txt" "$tmp/err.txt" "$raw" "$skips" "$devlist" "$progs" \
  "$micro"
rmdir "$tmp" 2>/dev/null || true
if [ "$failed" -ne 0 ]; then
  say "bench: FAILED: some runs failed (above, and in" \
      "$BENCH_OUT/$BENCH_NAME.md)"
  exit 1
fi
[ "$status" -eq 0 ] || exit 1
say "bench: ok: results in $BENCH_OUT/$BENCH_NAME.*"
