#!/usr/bin/env bash
# benchmarks/micro/run.sh OUT.csv DEVICES.tsv -- the micro-benchmarks,
# called by benchmarks/run.sh (see benchmarks/README.md):
#   roundtrip    raw clEnqueueNDRangeKernel + clFinish of an empty kernel
#                (roundtrip.c), median and mean us per call;
#   percall      wyc's offloaded call of a 32-item loop (percall.whiley):
#                the wall time of a run of 11 x calls calls minus that of
#                one of calls, over the 10 x calls between (start-up and
#                exit cancel), and that over roundtrip; a run with
#                WYC_PROFILE=1 first checks that every call ran on the
#                device;
#   marshal_int, marshal_real   one offloaded call over n elements
#                (marshal_*.whiley): marshal and unmarshal GB/s from
#                WYC_PROFILE's phases, against single-threaded memcpy of
#                the same number of host bytes (memcpy.c);
#   marshal_nested   the same over a [[real]] of sqrt(n) rows of sqrt(n)
#                and a [[[real]]] of cbrt(n)^3 (rounded down).
# Host bytes per element: 8 for [int] (int64 storage), MICRO_REAL_BYTES
# (default 8, the immediate word of the flat storage of small reals) for
# [real].
# DEVICES.tsv: P:D type name per OpenCL device.  One CSV row per device
# on OUT.csv; progress on stderr.  Exit status 1 when a run failed,
# printed a wrong result or fell back to the CPU.
# Environment: WYC, MICRO_N (elements, default 10^6), MICRO_CALLS
# (default 2000), MICRO_RUNS (runs of each, the median is kept; default
# 3), MICRO_OPT (default -O1), REFBIN (the C programs, built by
# benchmarks/reference/build.sh), BENCH_PREBUILT (its micro/ holds the
# .whiley programs built elsewhere), TIMEOUT (s per run, default 900).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
out=${1:?usage: run.sh OUT.csv DEVICES.tsv}
devs=${2:?usage: run.sh OUT.csv DEVICES.tsv}
WYC=${WYC:-bin/wyc}
n=${MICRO_N:-1000000}
calls=${MICRO_CALLS:-2000}
runs=${MICRO_RUNS:-3}
opt=${MICRO_OPT:--O1}
refbin=${REFBIN:-build/bench/ref}
realb=${MICRO_REAL_BYTES:-8}
limit=${TIMEOUT:-900}
items=32
bin=build/bench/micro
say() { printf '%s\n' "$*" >&2; }

mkdir -p "$bin"
for p in percall marshal_int marshal_real marshal_nested; do
  if [ -n "${BENCH_PREBUILT:-}" ]; then
    cp "$BENCH_PREBUILT/micro/$p" "$bin/" \
      || { say "bench: micro: $p: not prebuilt"; exit 1; }
    continue
  fi
  flags=()
  [ "$p" = marshal_real ] || [ "$p" = marshal_nested ] \
    && flags=(--gpu-real=float)
  "$WYC" "$opt" "${flags[@]+"${flags[@]}"}" --target=opencl \
    benchmarks/micro/$p.whiley -o "$bin/$p" \
    || { say "bench: micro: $p does not build"; exit 1; }
done

# median of the numbers on stdin ("" when none)
median() {
  sort -g | awk '{ a[++n] = $1 } END { if (n) print (n % 2) ? a[(n + 1) / 2] \
    : (a[n / 2] + a[n / 2 + 1]) / 2 }'
}
ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN { if (a != "" && b != "" && b > 0)
    printf "%.3f", a / b }'
}

failed=0
status= note=
# wyc_run DEV PROFILE EXPECT EXE ARGS...: one run, with WYC_PROFILE=1
# when PROFILE is 1; its micro.awk line in $line (or its wall time in
# microseconds without WYC_PROFILE, whose events and timestamps would
# cost more than percall's calls), or status and note set on failure.
wyc_run() {
  local dev=$1 prof=$2 want=$3 exe got rc f t0 t1
  exe=$(basename "$4")
  shift 3
  set +e
  # small_calls=device: these measure the device's calls; the early
  # rule would run percall's first calls (all, when they are quick) on
  # the CPU while the device starts (runtime/ocl_cost.c)
  t0=$(date +%s%N)
  got=$(WYC_DEVICE=$dev WYC_DEV=small_calls=device${WYC_DEV:+,$WYC_DEV} \
        WYC_PROFILE=$prof \
        WYC_QUIET=1 timeout "$limit" "$@" \
        2> "$bin/err.txt" < /dev/null)
  rc=$?
  t1=$(date +%s%N)
  set -e
  line=
  if [ "$rc" -ne 0 ]; then
    status=failed note="$exe: exit status $rc"
    tail -n 5 "$bin/err.txt" >&2
  elif [ "$got" != "$want" ]; then
    status=wrong-result note="$exe printed $got, not $want"
  else
    line=$(awk -f benchmarks/harness/micro.awk "$bin/err.txt")
    read -r -a f <<< "$line"
    if [ "$prof" = 1 ] && { [ "${f[3]}" -gt 0 ] || [ "${f[2]}" -eq 0 ]; }
    then
      status=fallback note="$exe: ${f[3]} calls fell back"
      line=
    elif [ "$prof" != 1 ]; then
      line=$(( (t1 - t0) / 1000 ))
    fi
  fi
  [ -z "$line" ] && say "bench: micro: $dev: $status: $note"
  return 0
}

mem=
if [ -x "$refbin/micro-memcpy" ]; then
  mem=$("$refbin/micro-memcpy" $((n * 8)) 5 | awk '{ print $3 }')
  say "bench: micro: memcpy of $((n * 8)) bytes: $mem GB/s"
fi
printf '%s\n' "device,device_type,device_name,status,note,calls,\
roundtrip_us_median,roundtrip_us_mean,wyc_call_us,wyc_call_vs_roundtrip,\
elements,host_bytes_int,host_bytes_real,memcpy_gb_s,int_marshal_gb_s,\
int_unmarshal_gb_s,real_marshal_gb_s,real_unmarshal_gb_s,\
int_marshal_vs_memcpy,int_unmarshal_vs_memcpy,real_marshal_vs_memcpy,\
real_unmarshal_vs_memcpy,real2_marshal_gb_s,real2_unmarshal_gb_s,\
real3_marshal_gb_s,real3_unmarshal_gb_s,real2_marshal_vs_memcpy,\
real2_unmarshal_vs_memcpy,real3_marshal_vs_memcpy,\
real3_unmarshal_vs_memcpy" > "$out"
# the nested lists' sides: the largest whose square (cube) is at most n
side2=$(awk -v n="$n" 'BEGIN { s = int(sqrt(n)); while ((s + 1) ^ 2 <= n) s++;
  while (s > 1 && s ^ 2 > n) s--; print s }')
side3=$(awk -v n="$n" 'BEGIN { s = int(n ^ (1 / 3)); while ((s + 1) ^ 3 <= n) s++;
  while (s > 1 && s ^ 3 > n) s--; print s }')
# gb BYTES MS: GB/s, "" without a time
gb() { awk -v ms="$2" -v b="$1" 'BEGIN { if (ms > 0) printf "%.3f", b / ms / 1e6 }'; }
while IFS=$'\t' read -r -u 3 dev type desc; do
  say "bench: micro: $dev: $calls calls, $n elements, $runs runs"
  status=ok note=
  rt_med= rt_mean= per=() im=() iu=() rm=() ru=() r2m=() r2u=() r3m=() r3u=()
  if [ -x "$refbin/micro-roundtrip" ]; then
    set -- $(WYC_DEVICE=$dev "$refbin/micro-roundtrip" "$calls" \
             < /dev/null)
    rt_med=$3 rt_mean=$4
  fi
  want_pc=$((items * (items - 1) / 2 + (calls + 1) * items * (items + 1) / 2))
  want_pc11=$((items * (items - 1) / 2 \
               + (11 * calls + 1) * items * (items + 1) / 2))
  # every call on the device: the first, the calls (and the sum's)
  wyc_run "$dev" 1 "$want_pc" "$bin/percall" "$calls" "$items"
  if [ -n "$line" ]; then
    read -r -a f <<< "$line"
    if [ "${f[2]}" -lt $((calls + 1)) ]; then
      status=fallback note="percall: ${f[2]} of $((calls + 1)) calls on the device"
    fi
  fi
  want_mi=$((1 + n / 2 + 1 + n))
  want_mr=$((1 + n / 2 % 4096 + 1 + (n - 1) % 4096 + 1)).0
  for ((r = 1; r <= runs; r++)); do
    if [ "$status" = ok ]; then
      wyc_run "$dev" 0 "$want_pc" "$bin/percall" "$calls" "$items"
      one=$line
      wyc_run "$dev" 0 "$want_pc11" "$bin/percall" $((11 * calls)) "$items"
      [ -n "$one" ] && [ -n "$line" ] && per+=("$(awk -v a="$one" \
        -v b="$line" -v c="$calls" 'BEGIN { printf "%.3f", (b - a) / (10 * c) }')")
    fi
    wyc_run "$dev" 1 "$want_mi" "$bin/marshal_int" "$n"
    if [ -n "$line" ]; then
      set -- $line
      im+=("$(gb $((n * 8)) "$5")") iu+=("$(gb $((n * 8)) "$6")")
    fi
    wyc_run "$dev" 1 "$want_mr" "$bin/marshal_real" "$n"
    if [ -n "$line" ]; then
      set -- $line
      rm+=("$(gb $((n * realb)) "$5")") ru+=("$(gb $((n * realb)) "$6")")
    fi
    for d in 2 3; do
      side=$side2; [ "$d" = 3 ] && side=$side3
      count=$((d == 2 ? side * side : side * side * side))
      wyc_run "$dev" 1 "$((1 + (count - 1) % 4096 + 1)).0" \
        "$bin/marshal_nested" "$d" "$side"
      [ -n "$line" ] || continue
      set -- $line
      if [ "$d" = 2 ]; then
        r2m+=("$(gb $((count * realb)) "$5")") r2u+=("$(gb $((count * realb)) "$6")")
      else
        r3m+=("$(gb $((count * realb)) "$5")") r3u+=("$(gb $((count * realb)) "$6")")
      fi
    done
  done
  [ "$status" = ok ] || failed=1
  pc=$(printf '%s\n' "${per[@]+"${per[@]}"}" | median)
  a=$(printf '%s\n' "${im[@]+"${im[@]}"}" | median)
  b=$(printf '%s\n' "${iu[@]+"${iu[@]}"}" | median)
  c=$(printf '%s\n' "${rm[@]+"${rm[@]}"}" | median)
  d=$(printf '%s\n' "${ru[@]+"${ru[@]}"}" | median)
  e2=$(printf '%s\n' "${r2m[@]+"${r2m[@]}"}" | median)
  f2=$(printf '%s\n' "${r2u[@]+"${r2u[@]}"}" | median)
  e3=$(printf '%s\n' "${r3m[@]+"${r3m[@]}"}" | median)
  f3=$(printf '%s\n' "${r3u[@]+"${r3u[@]}"}" | median)
  say "bench: micro: $dev: round trip ${rt_med:-?} us, wyc call ${pc:-?} us;" \
      "GB/s: int ${a:-?} / ${b:-?}, real ${c:-?} / ${d:-?}," \
      "[[real]] ${e2:-?} / ${f2:-?}, [[[real]]] ${e3:-?} / ${f3:-?}," \
      "memcpy ${mem:-?}"
  printf '%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n' \
    "$dev" "$type" "${desc//,/;}" "$status" "${note//,/;}" "$calls" \
    "$rt_med" "$rt_mean" "$pc" "$(ratio "$pc" "$rt_med")" "$n" 8 "$realb" \
    "$mem" "$a" "$b" "$c" "$d" "$(ratio "$a" "$mem")" "$(ratio "$b" "$mem")" \
    "$(ratio "$c" "$mem")" "$(ratio "$d" "$mem")" "$e2" "$f2" "$e3" "$f3" \
    "$(ratio "$e2" "$mem")" "$(ratio "$f2" "$mem")" "$(ratio "$e3" "$mem")" \
    "$(ratio "$f3" "$mem")" >> "$out"
done 3< "$devs"
rm -f "$bin/err.txt"
exit $failed
