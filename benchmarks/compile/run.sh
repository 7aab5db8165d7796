#!/usr/bin/env bash
# Compile time against program size: files of N one-line-bodied
# functions (N = 1,000 to 256,000; the largest is about 10 MB), each
# compiled to WYIL (the front end and resolution) and to C (CC=true:
# wyc's own work, not the C compiler's).  Prints N, the file's size,
# the CPU seconds (user + system) and the peak memory of each; time
# per function stays flat when resolution is linear.
#   benchmarks/compile/run.sh [N...]     (from the repository root)
set -eu
WYC=${WYC:-bin/wyc}
sizes=${*:-1000 4000 16000 64000 256000}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
gen() {   # N FILE
  awk -v n="$1" 'BEGIN { print "import * from whiley.lang.*\n";
    for (i = 0; i < n; i++)
      printf "int f%d(int x):\n\treturn x + %d\n\n", i, i;
    print "void ::main(System.Console sys):";
    printf "\tsys.out.println(f%d(1))\n", n - 1 }' > "$2"
}
# CPU seconds and peak KB of a command, from GNU time's format
measure() {
  /usr/bin/time -f '%U %S %M' -o "$out/t" "$@" > /dev/null 2> "$out/err" ||
    { echo "failed: $*"; cat "$out/err"; exit 1; }
  awk '{ printf "%8.2f %8.0f", $1 + $2, $3 / 1024 }' "$out/t"
}
printf '%8s %8s %8s %8s %10s %8s %8s\n' functions MB wyil_s wyil_MiB \
  us_per_fn c_s c_MiB
for n in $sizes; do
  f=$out/p$n.whiley
  gen "$n" "$f"
  mb=$(awk -v b="$(stat -c %s "$f")" 'BEGIN { printf "%.2f", b / 1e6 }')
  w=$(measure "$WYC" --target=wyil "$f")
  c=$(CC=true measure "$WYC" --target=c "$f" -o "$out/x")
  per=$(echo "$w" | awk -v n="$n" '{ printf "%.1f", $1 * 1e6 / n }')
  printf '%8s %8s %s %10s %s\n' "$n" "$mb" "$w" "$per" "$c"
  rm -f "$f"
done
