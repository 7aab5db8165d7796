#!/usr/bin/env bash
# benchmarks/micro/realloop.sh -- loops over reals that stay on the CPU:
# realloop.whiley built with wyc --real=double --target=c (and
# --real=float) against the same loops in C (realloop.c, gcc -O2 over
# double or float arrays).  For each shape (dot, lu, colstats) it
# prints the median over RUNS runs of the region's time, the C time and
# their ratio; both programs must print the same checksums (float mode
# against the C float version).  `make bench` runs it after the list
# benchmarks.  Usage (from anywhere):  benchmarks/micro/realloop.sh
# Environment: WYC (default bin/wyc), CC (default cc), REAL_MODES
# (default "double float"), REAL_N, REAL_REPS (the programs' arguments,
# default 400 5; QUICK=1: 200 3), RUNS (default 5; QUICK=1: 1).
# Exit status 1 when a build or a run fails or the checksums differ.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
WYC=${WYC:-bin/wyc}
CC=${CC:-cc}
QUICK=${QUICK:-}
[ "$QUICK" = 0 ] && QUICK=
n=${REAL_N:-$([ -n "$QUICK" ] && echo 200 || echo 400)}
reps=${REAL_REPS:-$([ -n "$QUICK" ] && echo 3 || echo 5)}
runs=${RUNS:-$([ -n "$QUICK" ] && echo 1 || echo 5)}
modes=${REAL_MODES:-double float}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
say() { printf '%s\n' "$*" >&2; }

# region_ms FILE K: region K's time (ms) in a run's stderr CSV
region_ms() { awk -F, -v k="$2" '$1 == "region" && $2 == k { print $3 }' "$1"; }
median() {
  sort -g | awk '{ a[++n] = $1 } END { if (n) print (n % 2) ? a[(n + 1) / 2] \
    : (a[n / 2] + a[n / 2 + 1]) / 2 }'
}

status=0
printf '%-7s %-9s %10s %10s %7s\n' mode shape wyc_ms c_ms ratio
for mode in $modes; do
  real=double
  [ "$mode" = float ] && real=float
  "$WYC" --real="$mode" --target=c benchmarks/micro/realloop.whiley \
    -o "$out/w_$mode" || { say "realloop: wyc --real=$mode failed"; exit 1; }
  "$CC" -O2 -std=c11 -DREAL="$real" benchmarks/micro/realloop.c \
    -o "$out/c_$mode" -lm || { say "realloop: cc failed"; exit 1; }
  for prog in w c; do
    for r in $(seq "$runs"); do
      "$out/${prog}_$mode" "$n" "$reps" > "$out/$prog.$r.out" \
        2> "$out/$prog.$r.csv" || { say "realloop: ${prog}_$mode failed"; exit 1; }
    done
  done
  if ! cmp -s "$out/w.1.out" "$out/c.1.out"; then
    say "realloop: --real=$mode: the checksums differ:"
    paste "$out/w.1.out" "$out/c.1.out" >&2
    status=1
  fi
  k=0
  for shape in dot lu colstats; do
    k=$((k + 1))
    w=$(for r in $(seq "$runs"); do region_ms "$out/w.$r.csv" $k; done | median)
    c=$(for r in $(seq "$runs"); do region_ms "$out/c.$r.csv" $k; done | median)
    awk -v m="$mode" -v s="$shape" -v w="$w" -v c="$c" 'BEGIN {
      printf "%-7s %-9s %10.2f %10.2f %7.2f\n", m, s, w, c, (c > 0 ? w / c : 0) }'
  done
done
exit $status
