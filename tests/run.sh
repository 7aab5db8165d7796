#!/usr/bin/env bash
# tests/run.sh -- the wyc test runner (run from anywhere; it cds to the
# repository root).  `make test` runs it after the build.
#
# Environment:
#   WYC          compiler to test              (default bin/wyc)
#   WYC_BUILD    build directory (unit tests)  (default build)
#   WYC_TARGETS  targets for program tests     (default "c opencl opencl-O1
#                c-double"; `all`: also opencl-O0 opencl-exact
#                opencl-double, as `make test-all` runs): -O2, the
#                default, flattens nests; -O1 does not; -O0 offloads
#                nothing; opencl-exact is -O2 with --gpu-real=exact, and
#                runs only programs that mention `real`; the -double
#                targets build with --real=double (a --gpu-real flag of
#                the file left out) and run programs that mention `real`
#                or a real literal)
#   WYC_DEVICE   device for --target=opencl    (default cpu)
#   WYC_JOBS     parallel jobs                 (default 2)
#   WYC_DEV      developer settings, after the runner's own: chain=always
#                (chained loops unchecked on PoCL too, where a program's
#                default leaves them checked) and, for program tests,
#                small_calls=device; a later item wins (docs/runtime-
#                variables.md)
#   WYC_ONLY     an extended regular expression: only the jobs whose
#                category and argument line match it run (for example
#                'unit/ocl_|filter .*chain_|fault cache'); unset: all
#
# Categories, each step under a 60 s timeout (a fuzz program: 400 s):
#   unit     every executable $WYC_BUILD/unit/*: passes when it exits 0.
#   valid    tests/valid/NAME.whiley, per target T: `$WYC --target=T FILE -o
#            TMP/NAME.T`, then run it with stdin from /dev/null.  stdout must
#            equal NAME.sysout (trailing whitespace on each line and trailing
#            empty lines ignored).  With NAME.stderr the exit status must be 1
#            and stderr must contain each line of NAME.stderr; without it the
#            exit status must be 0.  --target=opencl programs run with
#            WYC_OFFLOAD=mandatory (a kernel that falls back to the CPU is
#            an error) unless the file has a `// fallback: WHY` line; a
#            `// flags: FLAGS` line adds FLAGS to --target=opencl builds
#            and to --explain.
#            Reals: on the device they are floats or doubles (--gpu-real=
#            auto, the default: double on a device that has it, as PoCL
#            does).  A program whose real results are exact in binary
#            prints the same on every target and has one NAME.sysout (the
#            exact output, checked against the 2013 compiler).  A program
#            whose device reals round differently also has
#            NAME.device.sysout, what opencl and opencl-O1 must print (a
#            device with double, or the precision its `// flags:` force);
#            c, opencl-O0 and opencl-exact compare with NAME.sysout
#            (opencl-O0 with NAME.device.sysout when the flags make every
#            real IEEE: `--real=float` or `--real=double`).  The -double
#            targets compare with NAME.double.sysout where a program has
#            one (IEEE doubles print otherwise;
#            tests/tools/check_ieee_outputs.py checks such a file against
#            NAME.sysout with Python floats), and
#            opencl-double with NAME.double.device.sysout first (a
#            device's fma or reduction order); NAME.double.stderr
#            replaces NAME.stderr there.
#   wyil     `$WYC --target=wyil FILE` on every valid program: exit 0 and
#            non-empty stdout.
#   invalid  tests/invalid/NAME.whiley, first line `// error: LINE[:COL]: words`.
#            `$WYC --target=c FILE -o TMP/x` must exit with status 1; one stderr
#            line must contain `NAME.whiley:LINE:` (`NAME.whiley:LINE:COL:` when
#            COL is given) and, on that same line, every one of the words
#            (case-insensitive; the same line so that the echoed source text
#            cannot supply them); stderr must not contain "internal error".
#   filter   tests/filter/NAME.whiley: `$WYC --explain FILE` must exit 0 and
#            every `// explain: TEXT` line of the file must occur as a
#            substring of some line of its output (stdout and stderr), no
#            `// explain-absent: TEXT` line's TEXT anywhere in it.  A file
#            that expects a kernel's checks line (`// explain: ...: checks:
#            ...`, or one naming a narrow variant, `(the variant for ...`)
#            runs `--explain=checks` instead, which prints them.
#            Likewise every `// wyil: TEXT` line in the output of
#            `$WYC --target=wyil FILE` (the IR after the filter).
#   fault    the fault-injection tests of tests/faults.sh (a shell-like
#            output name, unwritable output, /dev/full, no or broken
#            OpenCL, unusable or corrupt caches, memory limits, a very
#            large program): fault_NAME must succeed in a scratch
#            directory, within three times the step timeout.
#   fuzz     the differential tester's fixed-seed sample: for SEED in
#            1..$WYC_FUZZ_N (default 4; 0 skips), `python3
#            tests/fuzz/diff.py -n 1 --seed SEED`: the random program of
#            that seed built with --target=c and --target=opencl at -O0,
#            -O1, -O2 (and -O2 --gpu-real=double) must print the same
#            stdout, exit status and runtime error line on every target
#            (tests/fuzz/diff.py says how).  Needs python3.
#
# Output: one line per failed test naming the test and the stage that failed,
# followed by a few indented lines of detail (a short diff); one summary line
# per category; and last, exactly `N passed, N failed`.  Exit status 0 iff
# nothing failed.
set -uo pipefail

TIMEOUT=60

# ---------------------------------------------------------------------------
# Helpers shared by the driver and the workers.

# normalise FILE: strip trailing whitespace (and CR) on every line, drop
# trailing empty lines, and end with a newline.
normalise() {
  awk '{ sub(/[ \t\r]+$/, ""); line[NR] = $0 }
       END { n = NR; while (n > 0 && line[n] == "") n--;
             for (i = 1; i <= n; i++) print line[i] }' "$1"
}

# file_flags FILE: the compiler flags of its `// flags: ...` line (for
# --target=opencl and --explain), e.g. --gpu-real=float.
file_flags() {
  sed -n 's|^// flags: ||p' "$1" | head -1
}

# run_step OUT ERR CMD... : run CMD under the timeout with stdin from
# /dev/null and output files capped at 64 MiB; prints nothing, returns the
# exit status.
run_step() {
  local out=$1 err=$2; shift 2
  ( ulimit -f 65536 2>/dev/null
    exec timeout --kill-after=5 "$TIMEOUT" "$@" ) >"$out" 2>"$err" </dev/null
}

# describe_status STATUS: a short phrase for an exit status.
describe_status() {
  case $1 in
    124) echo "timed out after ${TIMEOUT}s" ;;
    126|127) echo "could not be executed (status $1)" ;;
    137) echo "killed (status 137)" ;;
    *) if [ "$1" -gt 128 ]; then echo "killed by signal $(($1 - 128))"
       else echo "exit status $1"; fi ;;
  esac
}

# indent the first N lines of a file (default 12) by 4 spaces.
excerpt() {
  local n=${2:-12}
  [ -s "$1" ] || return 0
  head -n "$n" "$1" | cut -c1-200 | sed 's/^/    /'
  local total; total=$(wc -l < "$1")
  [ "$total" -le "$n" ] || echo "    ... ($((total - n)) more lines)"
}

# ---------------------------------------------------------------------------
# Workers.  Each job writes RESULT_DIR/SEQ.res: a first line
# "PASS|FAIL <category> <test name> [stage]" then detail lines.

job_unit() {   # bin
  local bin=$1 name; name="unit/$(basename "$1")"
  local w=$WORK/u.$SEQ
  # a unit test program runs many cases (ocl_emit compiles dozens of
  # programs): five step timeouts
  TIMEOUT=$((TIMEOUT * 5)) run_step "$w.out" "$w.err" "$bin"; local st=$?
  if [ "$st" -eq 0 ]; then echo "PASS unit $name"; return; fi
  echo "FAIL unit $name run: $(describe_status "$st")"
  cat "$w.out" "$w.err" > "$w.all"
  tail -n 8 "$w.all" | cut -c1-200 | sed 's/^/    /'
}

job_valid() {  # target file
  local target=$1 file=$2 name; name=$(basename "$file" .whiley)
  local dir; dir=$(dirname "$file")
  local label="$name [$target]" exe=$WORK/$name.$target w=$WORK/v.$SEQ
  if [ ! -f "$dir/$name.sysout" ]; then
    echo "FAIL valid $label setup: no $name.sysout"; return
  fi
  # a target may carry an optimisation level (opencl-O1 = --target=opencl
  # -O1) or exact reals (opencl-exact = --target=opencl --gpu-real=exact)
  local base=${target%%-*} expect=$dir/$name.sysout
  local tflags=(--target="$base")
  [ "$base" = opencl ] && tflags+=($(file_flags "$file"))
  local expect_err=$dir/$name.stderr
  case ${target#"$base"} in
    -O?) tflags+=("${target#"$base"}") ;;
    -exact) tflags+=(--gpu-real=exact) ;;
    -double)
      # IEEE doubles everywhere: --real=double fixes the device's reals
      local keep=() fl
      for fl in "${tflags[@]}"; do
        [[ $fl == --gpu-real=* ]] || keep+=("$fl")
      done
      tflags=("${keep[@]}" --real=double)
      [ -f "$dir/$name.double.sysout" ] && expect=$dir/$name.double.sysout
      [ -f "$dir/$name.double.stderr" ] && expect_err=$dir/$name.double.stderr
      ;;
  esac
  # device reals: NAME.device.sysout where the program has one
  case $target in
    opencl|opencl-O1|opencl-O2)
      [ -f "$dir/$name.device.sysout" ] && expect=$dir/$name.device.sysout ;;
    opencl-O0)   # flags that make every real IEEE hold at -O0 too
      case " $(file_flags "$file") " in
        *" --real=float "*|*" --real=double "*)
          [ -f "$dir/$name.device.sysout" ] &&
            expect=$dir/$name.device.sysout ;;
      esac ;;
    opencl-double)
      [ -f "$dir/$name.double.device.sysout" ] &&
        expect=$dir/$name.double.device.sysout ;;
  esac
  run_step "$w.cout" "$w.cerr" "$WYC" "${tflags[@]}" "$file" -o "$exe"
  local st=$?
  if [ "$st" -ne 0 ] || [ ! -x "$exe" ]; then
    if [ "$st" -eq 0 ]; then
      echo "FAIL valid $label compile: no executable produced"
    else
      echo "FAIL valid $label compile: $(describe_status "$st")"
    fi
    cat "$w.cout" "$w.cerr" > "$w.call"; excerpt "$w.call" 8
    return
  fi
  if [ "$base" = opencl ]; then
    # every kernel must run on the device (a fallback is an error), but
    # for programs that say why they fall back in a `// fallback:` line
    # (the cost rules of runtime/ocl_cost.c off: they would keep the
    # small calls of a fallback program on the CPU, untested there)
    local offload=mandatory
    grep -q '^// fallback: ' "$file" && offload=
    WYC_OFFLOAD=${WYC_OFFLOAD-$offload} WYC_DEVICE=${WYC_DEVICE:-cpu} \
      WYC_DEV=small_calls=device,$WYC_DEV \
      run_step "$w.out" "$w.err" "$exe"
  else
    run_step "$w.out" "$w.err" "$exe"
  fi
  st=$?
  if [ "$st" -eq 124 ] || [ "$st" -eq 137 ]; then
    echo "FAIL valid $label run: $(describe_status "$st")"; return
  fi
  normalise "$expect" > "$w.exp" 2>/dev/null
  normalise "$w.out" > "$w.got"
  if ! cmp -s "$w.exp" "$w.got"; then
    echo "FAIL valid $label output: stdout differs from ${expect##*/}" \
         "($(describe_status "$st"))"
    diff -u --label expected --label actual "$w.exp" "$w.got" > "$w.diff"
    tail -n +3 "$w.diff" | head -n 14 | cut -c1-200 | sed 's/^/    /'
    [ -s "$w.err" ] && { echo "    stderr:"; excerpt "$w.err" 3; }
    return
  fi
  if [ -f "$expect_err" ]; then
    if [ "$st" -ne 1 ]; then
      echo "FAIL valid $label exit status: expected 1 (a runtime error)," \
           "got $(describe_status "$st")"
      excerpt "$w.err" 4; return
    fi
    local line missing=0
    while IFS= read -r line || [ -n "$line" ]; do
      line=${line%$'\r'}
      [ -n "$line" ] || continue
      if ! grep -qF -- "$line" "$w.err"; then
        [ "$missing" -eq 0 ] &&
          echo "FAIL valid $label stderr: missing \"$line\""
        missing=1
      fi
    done < "$expect_err"
    if [ "$missing" -ne 0 ]; then echo "    stderr was:"; excerpt "$w.err" 4; return; fi
  elif [ "$st" -ne 0 ]; then
    echo "FAIL valid $label exit status: expected 0, got $(describe_status "$st")"
    excerpt "$w.err" 4; return
  fi
  echo "PASS valid $label"
}

job_wyil() {   # file
  local file=$1 name; name=$(basename "$1" .whiley)
  local w=$WORK/y.$SEQ
  run_step "$w.out" "$w.err" "$WYC" --target=wyil "$file"; local st=$?
  if [ "$st" -ne 0 ]; then
    echo "FAIL wyil $name wyil: $(describe_status "$st")"; excerpt "$w.err" 6
  elif [ ! -s "$w.out" ]; then
    echo "FAIL wyil $name wyil: empty output"
  else
    echo "PASS wyil $name"
  fi
}

job_invalid() {  # file
  local file=$1 name; name=$(basename "$1" .whiley)
  local w=$WORK/i.$SEQ header
  header=$(head -n 1 "$file"); header=${header%$'\r'}
  local re='^//[[:space:]]*error:[[:space:]]*([0-9]+)(:([0-9]+))?:[[:space:]]*(.*)$'
  if ! [[ $header =~ $re ]]; then
    echo "FAIL invalid $name header: first line is not '// error: LINE[:COL]: words'"
    return
  fi
  local line=${BASH_REMATCH[1]} col=${BASH_REMATCH[3]} words=${BASH_REMATCH[4]}
  local pos="$name.whiley:$line:"
  [ -n "$col" ] && pos="$name.whiley:$line:$col:"
  run_step "$w.out" "$w.err" "$WYC" --target=c "$file" -o "$WORK/$name.x"
  local st=$?
  if [ "$st" -ne 1 ]; then
    if [ "$st" -eq 0 ]; then
      echo "FAIL invalid $name exit status: compiled, expected an error at $pos"
    else
      echo "FAIL invalid $name exit status: expected 1, got $(describe_status "$st")"
    fi
    excerpt "$w.err" 6; return
  fi
  if grep -qi 'internal error' "$w.err"; then
    echo "FAIL invalid $name message: internal error"; excerpt "$w.err" 6; return
  fi
  grep -F -- "$pos" "$w.err" > "$w.pos"
  if [ ! -s "$w.pos" ]; then
    echo "FAIL invalid $name position: no '$pos' in stderr"; excerpt "$w.err" 6
    return
  fi
  local word list
  read -r -a list <<< "$words"
  for word in "${list[@]}"; do
    if ! grep -qiF -- "$word" "$w.pos"; then
      echo "FAIL invalid $name message: '$word' not in the message at $pos" \
           "(expected words: $words)"
      excerpt "$w.pos" 4; return
    fi
  done
  echo "PASS invalid $name"
}

# filter_step FILE NAME STAGE OPTION: run $WYC OPTION on FILE; every
# `// STAGE: TEXT` line of FILE must occur in the output.  Returns 1 (and
# says why) on a failure.
filter_step() {
  local file=$1 name=$2 stage=$3 opt=$4
  local w=$WORK/f.$SEQ.$stage
  run_step "$w.out" "$w.err" "$WYC" $(file_flags "$file") "$opt" "$file"
  local st=$?
  if [ "$st" -ne 0 ]; then
    echo "FAIL filter $name $stage: $(describe_status "$st")"; excerpt "$w.err" 6
    return 1
  fi
  cat "$w.out" "$w.err" > "$w.all"
  local exp missing=0
  while IFS= read -r exp; do
    exp=${exp%$'\r'}
    exp=${exp#// $stage: }
    if ! grep -qF -- "$exp" "$w.all"; then
      [ "$missing" -eq 0 ] && echo "FAIL filter $name $stage: output lacks lines"
      echo "    missing: $exp"; missing=1
    fi
  done < <(grep "^// $stage: " "$file")
  while IFS= read -r exp; do
    exp=${exp%$'\r'}
    exp=${exp#// $stage-absent: }
    if grep -qF -- "$exp" "$w.all"; then
      [ "$missing" -eq 0 ] && echo "FAIL filter $name $stage: output has lines it must not"
      echo "    present: $(grep -m1 -F -- "$exp" "$w.all")"; missing=1
    fi
  done < <(grep "^// $stage-absent: " "$file")
  if [ "$missing" -ne 0 ]; then echo "    output was:"; excerpt "$w.all" 8; return 1; fi
  return 0
}

job_filter() {  # file
  local file=$1 name; name=$(basename "$1" .whiley)
  local explain=--explain
  grep -q '^// explain: .*\(: checks: \|(the variant for \)' "$file" &&
    explain=--explain=checks
  filter_step "$file" "$name" explain "$explain" || return
  if grep -q '^// wyil: ' "$file"; then
    filter_step "$file" "$name" wyil --target=wyil || return
  fi
  echo "PASS filter $name"
}

job_fault() {  # name
  local name=$1 w=$WORK/fault.$1 wyc=$WYC
  [ "${wyc#/}" = "$wyc" ] && wyc=$ROOT/$wyc   # the tests change directory
  mkdir -p "$w"
  # several programs and kernel builds per test: three steps' time
  WYC=$wyc WYC_DEVICE=${WYC_DEVICE:-cpu} \
    timeout --kill-after=5 $((3 * TIMEOUT)) \
    bash -c 'source "$1"; "fault_$2" "$3"' fault "$ROOT/tests/faults.sh" \
    "$name" "$w" > "$w.log" 2>&1 < /dev/null
  local st=$?
  if [ "$st" -eq 0 ]; then echo "PASS fault $name"; return; fi
  echo "FAIL fault $name: $(describe_status "$st")"
  head -n 12 "$w.log" | cut -c1-200
}

job_fuzz() {  # seed
  local seed=$1 w=$WORK/z.$1 TIMEOUT=900
  mkdir -p "$w"
  run_step "$w.out" "$w.err" python3 tests/fuzz/diff.py -n 1 --seed "$seed" \
    -j 1 --quiet --out "$w"
  local st=$?
  if [ "$st" -eq 0 ]; then echo "PASS fuzz seed $seed"; return; fi
  echo "FAIL fuzz seed $seed diff: $(describe_status "$st")" \
       "(reproduce: python3 tests/fuzz/diff.py -n 1 --seed $seed --out DIR)"
  cat "$w.out" "$w.err" > "$w.all"
  [ -f "$w/seed-$seed/report.txt" ] && head -n 30 "$w/seed-$seed/report.txt" >> "$w.all"
  excerpt "$w.all" 30
}

# Worker entry: run.sh --job SEQ KIND ARG...
if [ "${1:-}" = --job ]; then
  SEQ=$2; kind=$3; shift 3
  out=$RESULT_DIR/$SEQ.res
  "job_$kind" "$@" > "$out.tmp" 2>&1
  mv "$out.tmp" "$out"
  exit 0
fi

# ---------------------------------------------------------------------------
# Driver.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 2
export WYC=${WYC:-bin/wyc}
WYC_BUILD=${WYC_BUILD:-build}
# the default set keeps `make test` (and CI) short; all: every target
WYC_TARGETS=${WYC_TARGETS:-c opencl opencl-O1 c-double}
[ "$WYC_TARGETS" = all ] &&
  WYC_TARGETS="c opencl opencl-O1 opencl-O0 opencl-exact c-double opencl-double"
JOBS=${WYC_JOBS:-2}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/wyc-tests.XXXXXX") || exit 2
trap 'rm -rf "$WORK"' EXIT
trap 'exit 130' INT TERM
export WORK RESULT_DIR=$WORK/results TIMEOUT ROOT
[ -n "${WYC_DEVICE:-}" ] && export WYC_DEVICE
# chained loops' launches go unchecked on PoCL too (by default a GPU's
# alone: runtime/ocl_chain.c), so that the tests take that path; the
# caller's WYC_DEV comes after, and its items win
export WYC_DEV=chain=always${WYC_DEV:+,$WYC_DEV}
# the compiler verifies its WYIL after every pass (compiler/pipeline.c)
export WYC_VERIFY_PASSES=${WYC_VERIFY_PASSES-1}
mkdir -p "$RESULT_DIR"

# Build the job list: SEQ KIND ARGS, NUL-separated fields, one job per line
# of $WORK/jobs (paths under tests/ never contain spaces or newlines).
seq=0
jobs_file=$WORK/jobs
: > "$jobs_file"
add_job() {
  if [ -n "${WYC_ONLY:-}" ] && ! [[ "$*" =~ $WYC_ONLY ]]; then return; fi
  seq=$((seq + 1)); printf '%05d %s\n' "$seq" "$*" >> "$jobs_file"
}

shopt -s nullglob
for bin in "$WYC_BUILD"/unit/*; do
  [ -f "$bin" ] && [ -x "$bin" ] && add_job unit "$bin"
done
valid=(tests/valid/*.whiley)
# filter tests double as program tests where they have an expected output
for f in tests/filter/*.whiley; do
  [ -f "${f%.whiley}.sysout" ] && valid+=("$f")
done
for f in "${valid[@]}"; do
  for t in $WYC_TARGETS; do
    # exact reals differ from the default only where there are reals
    [ "$t" = opencl-exact ] && ! grep -qw real "$f" && continue
    # so do IEEE reals (a real literal counts)
    [[ $t == *-double ]] && ! grep -qE '\breal\b|[0-9]\.[0-9]' "$f" &&
      continue
    add_job valid "$t" "$f"
  done
done
for f in "${valid[@]}"; do add_job wyil "$f"; done
for f in tests/invalid/*.whiley; do add_job invalid "$f"; done
for f in tests/filter/*.whiley; do add_job filter "$f"; done
shopt -u nullglob
# shellcheck source=tests/faults.sh
for t in $(source tests/faults.sh; echo $FAULT_TESTS); do add_job fault "$t"; done
# the differential tester's sample, first: each takes longest
fuzz_n=${WYC_FUZZ_N:-4}
if [ "$fuzz_n" -gt 0 ]; then
  fuzz_jobs=$WORK/jobs.fuzz
  : > "$fuzz_jobs"
  for s in $(seq 1 "$fuzz_n"); do
    if [ -n "${WYC_ONLY:-}" ] && ! [[ "fuzz $s" =~ $WYC_ONLY ]]; then continue; fi
    seq=$((seq + 1)); printf '%05d fuzz %s\n' "$seq" "$s" >> "$fuzz_jobs"
  done
  cat "$fuzz_jobs" "$jobs_file" > "$jobs_file.all"
  mv "$jobs_file.all" "$jobs_file"
fi

if [ "$seq" -gt 0 ]; then
  # each line: SEQ KIND ARG... -> bash run.sh --job SEQ KIND ARG...
  xargs -P "$JOBS" -L 1 bash "$ROOT/tests/run.sh" --job < "$jobs_file"
fi

# Collect results in job order.
passed=0 failed=0
declare -A cat_pass=() cat_fail=()
categories=(unit valid wyil invalid filter fault fuzz)
while read -r s kind rest; do
  res=$RESULT_DIR/$s.res
  if [ ! -f "$res" ]; then
    echo "FAIL $kind $rest: runner: the job left no result"
    failed=$((failed + 1)); cat_fail[$kind]=$(( ${cat_fail[$kind]:-0} + 1 ))
    continue
  fi
  read -r verdict category _ < "$res"
  if [ "$verdict" = PASS ]; then
    passed=$((passed + 1)); cat_pass[$category]=$(( ${cat_pass[$category]:-0} + 1 ))
  else
    cat "$res"
    failed=$((failed + 1)); cat_fail[$category]=$(( ${cat_fail[$category]:-0} + 1 ))
  fi
done < "$jobs_file"

for c in "${categories[@]}"; do
  p=${cat_pass[$c]:-0} f=${cat_fail[$c]:-0}
  [ $((p + f)) -gt 0 ] && echo "-- $c: $p passed, $f failed"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
