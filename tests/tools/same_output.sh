#!/usr/bin/env bash
# tests/tools/same_output.sh -- do two wyc binaries print the same
# programs?  For a refactoring that must change no output.
#
#   tests/tools/same_output.sh REF_WYC NEW_WYC [FILE.whiley ...]
#
# Per program and configuration (-O2 and -O1; the file's own `// flags:`
# line at -O2; PolyBench's also with --real=float), both binaries write
# the OpenCL C (--emit-cl), the host C (--keep-c, with CC=true: nothing
# is compiled; with -v's counts), --explain and --explain=checks, each
# with its exit status and standard error; every pair must be
# byte-identical.  Without files: every program of tests/valid,
# tests/filter and benchmarks (the programs and PolyBench).  Prints each
# difference and a count; exits 1 when there is one.  The binaries'
# directories are replaced by BIN in every output (the standard
# library's path).  JOBS (default 2) runs in parallel, under nice.
set -u
cd "$(dirname "$0")/../.."
ref=$(realpath "$1") new=$(realpath "$2")
shift 2
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  files=(tests/valid/*.whiley tests/filter/*.whiley
         benchmarks/programs/*.whiley benchmarks/polybench/*.whiley)
fi
tmp=$(mktemp -d /tmp/same_output.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

# One program, one configuration (its flags), into directory $3 by
# binary $4.
outputs() {
  local file=$1 flags=$2 dir=$3 wyc=$4
  mkdir -p "$dir"
  (cd "$dir" && CC=true "$wyc" -v --target=opencl $flags --emit-cl out.cl \
     --keep-c -o out "$file" >build.out 2>&1; echo "rc $?" >>build.out
   "$wyc" --explain $flags "$file" >explain 2>&1; echo "rc $?" >>explain
   "$wyc" --explain=checks $flags "$file" >checks 2>&1
   echo "rc $?" >>checks
   # the standard library's path names the binary's tree
   sed -i "s|$(dirname "$wyc")/|BIN/|g" ./*)
}

# Every configuration of one program: "same" or the differences.
compare() {
  local file=$1 n=0 own
  local -a configs=("-O2" "-O1")
  own=$(sed -n 's|^// flags: *||p' "$file" | head -1)
  [ -n "$own" ] && configs+=("-O2 $own")
  case $file in
    benchmarks/polybench/*) configs+=("-O2 --real=float" "-O1 --real=float");;
  esac
  local d="$tmp/$(echo "$file" | tr '/' '_')"
  for c in "${configs[@]}"; do
    n=$((n + 1))
    outputs "$PWD/$file" "$c" "$d/$n/ref" "$ref"
    outputs "$PWD/$file" "$c" "$d/$n/new" "$new"
    for f in out.cl out.c build.out explain checks; do
      [ -e "$d/$n/ref/$f" ] || [ -e "$d/$n/new/$f" ] || continue
      if ! cmp -s "$d/$n/ref/$f" "$d/$n/new/$f"; then
        echo "DIFF $file [$c] $f"
        diff "$d/$n/ref/$f" "$d/$n/new/$f" | head -10
      fi
    done
  done
  echo "CONFIGS $n"
  rm -rf "$d"
}
export -f outputs compare
export ref new tmp

printf '%s\n' "${files[@]}" \
  | nice xargs -P "${JOBS:-2}" -I{} bash -c 'compare "$1"' _ {} >"$tmp/log"
grep -v '^CONFIGS' "$tmp/log"
runs=$(awk '/^CONFIGS/ {s += $2} END {print s + 0}' "$tmp/log")
diffs=$(grep -c '^DIFF' "$tmp/log")
echo "same_output: ${#files[@]} programs, $runs configurations" \
     "(5 outputs each), $diffs differences"
[ "$diffs" -eq 0 ]
