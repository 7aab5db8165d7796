#!/usr/bin/env bash
# Compile time and peak memory of wyc against the size and the shape of
# the program.  Three tables (benchmarks/README.md shows them):
#   functions  files of N one-line-bodied functions (N = 1,000 to
#              256,000; the largest is about 10 MB), compiled to WYIL
#              (the front end and resolution) and to C (CC=true: wyc's
#              own work, not the C compiler's); time per function stays
#              flat when resolution is linear.
#   nesting    D nested loops (D = 14 to 300): `for` over ranges, `while`
#              with counters, and `for` loops each retyping a variable of
#              their own (int, then int|null: two rounds of flow typing
#              per loop); to WYIL, and the `for` nest to an executable
#              through the C compiler (the C compiler's time included;
#              up to D = 120).  Flow typing was exponential in D (20
#              nested loops ran out of memory).
#   chains     the long inputs of issue 17, each just under the nesting
#              limit (compiles) and at the fuzz size (the error "nested
#              too deeply"): a + b + ..., a[0][0]..., r.x.x..., an if/else
#              if chain, chains of type and of constant definitions; and
#              the if/else if chain through the C compiler.
# Each row: the CPU seconds (user + system) and the peak MiB of one run.
#   benchmarks/compile/run.sh [functions|nesting|chains] [N...]
#   (from the repository root; no table named: all three; numbers alone:
#   the functions table at those sizes)
set -eu
WYC=${WYC:-bin/wyc}
table=all
case "${1:-}" in
  functions|nesting|chains) table=$1; shift;;
esac
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# CPU seconds and peak MiB of a command that must succeed
measure() {
  /usr/bin/time -f '%U %S %M' -o "$out/t" "$@" > /dev/null 2> "$out/err" ||
    { echo "failed: $*"; cat "$out/err"; exit 1; }
  awk '{ printf "%8.2f %8.0f", $1 + $2, $3 / 1024 }' "$out/t"
}

# the same for a command that may fail: "ok" or the error's words
measure_any() {
  local rc=0
  /usr/bin/time -f '%U %S %M' -o "$out/t" "$@" > /dev/null 2> "$out/err" ||
    rc=$?
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ]; then
    echo "crashed ($rc): $*"; head -c 300 "$out/err"; exit 1
  fi
  local what=ok
  [ "$rc" -eq 1 ] && what=$(grep -m1 -o 'error: .*' "$out/err" |
                            sed 's/error: //; s/ (limit.*//')
  awk -v w="$what" '/^[0-9]/ { printf "%8.2f %8.0f  %s", $1 + $2,
                                $3 / 1024, w }' "$out/t"
}

functions() {
  local sizes=${*:-1000 4000 16000 64000 256000}
  printf '%8s %8s %8s %8s %10s %8s %8s\n' functions MB wyil_s wyil_MiB \
    us_per_fn c_s c_MiB
  for n in $sizes; do
    local f=$out/p$n.whiley
    awk -v n="$n" 'BEGIN { print "import * from whiley.lang.*\n";
      for (i = 0; i < n; i++)
        printf "int f%d(int x):\n\treturn x + %d\n\n", i, i;
      print "void ::main(System.Console sys):";
      printf "\tsys.out.println(f%d(1))\n", n - 1 }' > "$f"
    local mb w c per
    mb=$(awk -v b="$(stat -c %s "$f")" 'BEGIN { printf "%.2f", b / 1e6 }')
    w=$(measure "$WYC" --target=wyil "$f")
    c=$(CC=true measure "$WYC" --target=c "$f" -o "$out/x")
    per=$(echo "$w" | awk -v n="$n" '{ printf "%.1f", $1 * 1e6 / n }')
    printf '%8s %8s %s %10s %s\n' "$n" "$mb" "$w" "$per" "$c"
    rm -f "$f"
  done
}

# D nested loops of KIND (for, while, retype) in main
gen_nest() {   # KIND D FILE
  awk -v kind="$1" -v n="$2" 'BEGIN {
    print "import * from whiley.lang.*\n";
    print "void ::main(System.Console sys):\n    s = 0";
    if (kind == "retype") for (i = 0; i < n; i++) printf "    v%d = 0\n", i;
    ind = "    ";
    for (i = 0; i < n; i++) {
      if (kind == "while")
        printf "%si%d = 0\n%swhile i%d < 2:\n%s    i%d = i%d + 1\n",
               ind, i, ind, i, ind, i, i;
      else printf "%sfor i%d in 0..2:\n", ind, i;
      ind = ind "    ";
      if (kind == "retype")
        printf "%sif v%d is int:\n%s    v%d = null\n%selse:\n%s    v%d = 1\n",
               ind, i, ind, i, ind, ind, i;
    }
    printf "%ss = s + 1\n    sys.out.println(s)\n", ind }' > "$3"
}

nesting() {
  local depths=${*:-14 18 20 30 60 120 300}
  printf '%6s %8s %8s %8s %8s %8s %8s %8s %8s\n' depth for_s for_MiB \
    while_s while_MiB retype_s rtype_MiB for_cc_s for_cc_MiB
  for d in $depths; do
    local row=""
    for kind in for while retype; do
      gen_nest "$kind" "$d" "$out/n.whiley"
      row="$row $(measure "$WYC" --target=wyil "$out/n.whiley")"
    done
    # gcc's own time grows faster than linearly with the nesting (about
    # a minute at 300): the executable only up to 120
    gen_nest for "$d" "$out/n.whiley"
    if [ "$d" -le 120 ]; then
      row="$row $(measure "$WYC" --target=c "$out/n.whiley" -o "$out/x")"
    else
      row="$row $(printf '%8s %8s' - -)"
    fi
    printf '%6s%s\n' "$d" "$row"
  done
}

# the long inputs: KIND N FILE (a function f and a main)
gen_chain() {
  awk -v kind="$1" -v n="$2" 'BEGIN {
    print "import * from whiley.lang.*\n";
    if (kind == "sum") {
      printf "int f(int a, int b):\n    return a";
      for (i = 1; i < n; i++) printf " + b";
      print "";
    } else if (kind == "index" || kind == "field") {
      if (kind == "index") print "define T as [T]\n\nT f(T a):";
      else print "define T as {T x}\n\nT f(T a):";
      printf "    return a";
      for (i = 0; i < n; i++) printf (kind == "index" ? "[0]" : ".x");
      print "";
    } else if (kind == "elif") {
      print "int f(int x):\n    if x == 0:\n        return 0";
      for (i = 1; i < n; i++)
        printf "    else if x == %d:\n        return %d\n", i, 2 * i;
      print "    return -1";
    } else if (kind == "typedefs") {
      print "define T0 as int";
      for (i = 1; i < n; i++) printf "define T%d as T%d\n", i, i - 1;
      printf "\nT%d f(T%d x):\n    return x\n", n - 1, n - 1;
    } else if (kind == "constdefs") {
      print "define c0 as 1";
      for (i = 1; i < n; i++) printf "define c%d as c%d + 1\n", i, i - 1;
      printf "\nint f():\n    return c%d\n", n - 1;
    }
    # main calls f: else the C compiler drops it unseen ({T x} has no
    # finite value: that f is only lowered)
    call = "1";
    if (kind == "sum") call = "f(1, 2)";
    else if (kind == "index") call = "f([])";
    else if (kind == "elif") call = "f(" (n - 1) ")";
    else if (kind == "typedefs") call = "f(1)";
    else if (kind == "constdefs") call = "f()";
    print "\nvoid ::main(System.Console sys):";
    print "    sys.out.println(" call ")" }' > "$3"
}

chains() {
  printf '%-10s %8s %8s %8s  %s\n' input size wyil_s wyil_MiB result
  local kind n
  for kind in sum index field elif typedefs constdefs; do
    case $kind in
      sum) sizes="999 60000";;
      elif) sizes="999 20000";;
      *) sizes="999 100000";;
    esac
    for n in $sizes; do
      gen_chain "$kind" "$n" "$out/c.whiley"
      printf '%-10s %8s %s\n' "$kind" "$n" \
        "$(measure_any "$WYC" --target=wyil "$out/c.whiley")"
    done
  done
  for n in 300 999; do
    gen_chain elif "$n" "$out/c.whiley"
    printf '%-10s %8s %s\n' "elif->cc" "$n" \
      "$(measure_any "$WYC" --target=c "$out/c.whiley" -o "$out/x")"
  done
}

case $table in
  functions) functions "$@";;
  nesting) nesting "$@";;
  chains) chains;;
  all)
    if [ $# -gt 0 ]; then functions "$@"; exit; fi
    functions; echo; nesting; echo; chains;;
esac
