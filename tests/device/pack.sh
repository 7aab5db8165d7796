#!/usr/bin/env bash
# Build a bundle of offloading executables here, to run on a machine with
# a GPU that has the OpenCL, GMP and MPFR shared libraries but no
# compiler or headers (the `device` machine).  Run from the repository
# root after `make`:
#   tests/device/pack.sh OUT [PROGRAM.whiley ...]
# OUT/progs holds every program test (tests/valid, tests/filter) built
# with --target=opencl and its `// flags:` at -O2 (NAME), -O1 (NAME.O1)
# and -O0 (NAME.O0), with its expected output (NAME.device.sysout too
# where there is one: tests/run.sh says when it applies), and
# NAME.fallback for programs whose `// fallback:` line says a kernel may
# run on the CPU, NAME.ieee for those whose flags make every real an
# IEEE number (their -O0 build then prints NAME.device.sysout too); the
# extra programs go to OUT/extra (with NAME.sysout when one sits beside
# the source, and built once more with --gpu-real=float as NAME.float).
# OUT/wyc is the compiler itself (for --list-devices) and OUT/run.sh the
# runner.
# ONLY=REGEX packs only the program tests whose names match (grep -E).
set -eu
out=${1:?usage: pack.sh OUT [PROGRAM.whiley ...]}; shift
WYC=${WYC:-bin/wyc}
rm -rf "$out"; mkdir -p "$out/progs" "$out/extra"
n=0
for f in tests/valid/*.whiley tests/filter/*.whiley; do
  b=${f%.whiley}; name=$(basename "$b")
  [ -f "$b.sysout" ] || continue
  [ -z "${ONLY:-}" ] || printf '%s\n' "$name" | grep -Eq "$ONLY" || continue
  flags=$(sed -n 's|^// flags: ||p' "$f" | head -1)
  "$WYC" --target=opencl $flags "$f" -o "$out/progs/$name" 2>/dev/null ||
    continue
  for o in O1 O0; do
    "$WYC" --target=opencl $flags -$o "$f" -o "$out/progs/$name.$o" || exit 1
  done
  cp "$b.sysout" "$out/progs/$name.sysout"
  [ -f "$b.device.sysout" ] &&
    cp "$b.device.sysout" "$out/progs/$name.device.sysout"
  [ -f "$b.stderr" ] && cp "$b.stderr" "$out/progs/$name.stderr"
  grep -q '^// fallback: ' "$f" && : > "$out/progs/$name.fallback"
  # every real an IEEE number, at -O0 too: NAME.O0 prints the device's
  case " $flags " in *" --real=float "*|*" --real=double "*)
    : > "$out/progs/$name.ieee";; esac
  n=$((n + 1))
done
for f in "$@"; do
  b=${f%.whiley}; name=$(basename "$b")
  "$WYC" --target=opencl "$f" -o "$out/extra/$name"
  "$WYC" --target=opencl --gpu-real=float "$f" -o "$out/extra/$name.float"
  [ -f "$b.sysout" ] && cp "$b.sysout" "$out/extra/$name.sysout"
done
strip "$out"/progs/* "$out"/extra/* 2>/dev/null || true
cp "$WYC" "$out/wyc"; strip "$out/wyc" 2>/dev/null || true
cp tests/device/run.sh "$out/run.sh"
echo "packed $n program tests and $# extra programs into $out"
