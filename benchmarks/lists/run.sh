#!/usr/bin/env bash
# Times the list-building benchmarks of the --target=c path: builds each
# program once, runs it RUNS times (default 5), prints the median wall
# time.  Usage: benchmarks/lists/run.sh   (from the repository root)
set -eu
WYC=${WYC:-bin/wyc}
RUNS=${RUNS:-5}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf '%-14s %10s %s\n' program median_s output
for p in append_list append_grid; do
  "$WYC" --target=c "benchmarks/lists/$p.whiley" -o "$out/$p"
  times=()
  for _ in $(seq "$RUNS"); do
    t0=$(date +%s.%N)
    res=$("$out/$p" | tr '\n' ' ')
    t1=$(date +%s.%N)
    times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }')")
  done
  med=$(printf '%s\n' "${times[@]}" | sort -g | sed -n "$(( (RUNS + 1) / 2 ))p")
  printf '%-14s %10.3f %s\n' "$p" "$med" "$res"
done
