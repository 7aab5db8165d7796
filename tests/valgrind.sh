#!/usr/bin/env bash
# tests/valgrind.sh -- `make valgrind`: compiled programs under valgrind's
# memcheck.  Every tests/valid program built with --target=c, and the
# programs of VALGRIND_OCL (default: one offloading program) built with
# --target=opencl and run on the CPU OpenCL device (PoCL; slow under
# valgrind: about a minute and a half each).  A program passes when
# valgrind reports no error (--error-exitcode), its stdout equals its
# .sysout and its exit status is the expected one (1 with a .stderr).
# Errors inside the OpenCL driver and the dynamic loader are suppressed
# (tests/valgrind.supp); errors in libwyrt or generated code are not.
#   WYC (default bin/wyc), WYC_JOBS (default 2)
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
export WYC=${WYC:-bin/wyc}
command -v valgrind > /dev/null || { echo "valgrind: not installed"; exit 2; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/wyc-valgrind.XXXXXX") || exit 2
trap 'rm -rf "$WORK"' EXIT
export WORK
VALGRIND_OCL=${VALGRIND_OCL-tests/filter/list_loops.whiley}

# one program: TARGET FILE; prints PASS or FAIL lines
one() {
  local target=$1 file=$2 name; name=$(basename "$file" .whiley)
  local exe=$WORK/$name.$target want=0
  [ -f "${file%.whiley}.stderr" ] && want=1
  if ! "$WYC" --target="$target" "$file" -o "$exe" 2> "$exe.cerr"; then
    echo "FAIL $name [$target]: does not compile"; return
  fi
  WYC_DEVICE=cpu WYC_QUIET=1 timeout 600 valgrind -q --error-exitcode=99 \
    --suppressions=tests/valgrind.supp --num-callers=30 \
    "$exe" > "$exe.out" 2> "$exe.err" < /dev/null
  local st=$?
  if [ "$st" -eq 99 ] || grep -q '^==[0-9]*== ' "$exe.err"; then
    echo "FAIL $name [$target]: valgrind reports errors"
    grep '^==[0-9]*== ' "$exe.err" | head -n 20 | sed 's/^/    /'
  elif [ "$st" -ne "$want" ]; then
    echo "FAIL $name [$target]: exit status $st, expected $want"
    head -n 3 "$exe.err" | sed 's/^/    /'
  elif ! diff -q <(sed 's/[[:space:]]*$//' "${file%.whiley}.sysout") \
                 <(sed 's/[[:space:]]*$//' "$exe.out") > /dev/null; then
    echo "FAIL $name [$target]: stdout differs from $name.sysout"
  else
    echo "PASS $name [$target]"
  fi
}
export -f one

{ for f in tests/valid/*.whiley; do echo "c $f"; done
  for f in $VALGRIND_OCL; do echo "opencl $f"; done; } |
  xargs -P "${WYC_JOBS:-2}" -L 1 bash -c 'one "$0" "$1"' > "$WORK/results"
grep '^FAIL\|^    ' "$WORK/results"
passed=$(grep -c '^PASS' "$WORK/results") failed=$(grep -c '^FAIL' "$WORK/results")
echo "valgrind: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
