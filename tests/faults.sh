# tests/faults.sh -- fault-injection tests, sourced by tests/run.sh (the
# `fault` category).  Each fault_NAME function runs in its own scratch
# directory $1 with $WYC the compiler, prints nothing on success and a
# few lines saying what went wrong on failure (non-zero status).
#
# What they inject: a file name that a shell would interpret, an
# unwritable -o, a full disk (/dev/full) under wyc and under a compiled
# program, no OpenCL platform, an ICD naming a library that is no driver,
# WYC_DEVICE=none (no OpenCL may be loaded at all), an unusable cache
# directory (and PoCL's), corrupt cache entries, concurrent runs sharing
# a fresh cache, symbolic links planted in the cache, a cache directory
# of another user's or writable by others, a key file others can read,
# an entry spliced from another program's, memory limits (ulimit -v)
# from far too small to enough, a program of 60,000 functions
# (resolution must be linear in them), CPU time and memory per function
# and per term of long sums that stay flat as the program doubles, deep
# programs built into executables (40 nested loops, a 999-arm if/else
# if chain: flow typing and the C compiler's work must stay small),
# device memory too small for the lists a program keeps there,
# transfers split into chunks, a file that a program cannot open
# (whiley.io.File), the GPU's shape of a kernel run on PoCL, a
# benchmark region opened after kernels ran on a queue that does not
# profile, bad run-time variables, and every option --help-all shows.
#
# The offloading program: one kernel; its expected output is below.

FAULT_TESTS="shell_injection output_unwritable output_is_dir wyil_dev_full
  explain_dev_full program_dev_full no_platform broken_icd device_none
  unusable_cache corrupt_cache concurrent_cache cache_symlinks
  cache_foreign_dir cache_key cache_substitute memory_limit many_functions
  resident_eviction chunked_transfers deep_programs file_roundtrip one_build
  overflow_retry clone_rows small_calls early_calls gpu_shaped_copies
  profiled_region config_values help_options pass_table recur_cpu_path
  region_many_calls"

# The fallback notes these tests look for come from calls that reach the
# device layer: no cost rule keeps a call on the CPU (runtime/ocl_cost.c;
# small_calls and early_calls turn the rules back on for themselves).
export WYC_DEV=${WYC_DEV:+$WYC_DEV,}small_calls=device

# mandatory_run DIR NAME [PROFILE]: build DIR/NAME.whiley to DIR/NAME,
# run it with WYC_PROFILE=PROFILE (default 1) and WYC_OFFLOAD=mandatory
# (stdout DIR/out, stderr DIR/err); says what went wrong and fails when
# either step does.
mandatory_run() {
  "$WYC" "$1/$2.whiley" -o "$1/$2" 2> "$1/build.err" || {
    echo "    could not build $2.whiley"; head -3 "$1/build.err"; return 1; }
  XDG_CACHE_HOME=$1/cache WYC_PROFILE=${3-1} WYC_OFFLOAD=mandatory "$1/$2" \
    > "$1/out" 2> "$1/err" < /dev/null || {
    echo "    exit status $?"; head -3 "$1/err"; return 1; }
}

# same_out DIR WANT [WHAT]: DIR/out holds exactly WANT, or say so (WHAT
# names the run) and fail.
same_out() {
  [ "$(cat "$1/out")" = "$2" ] && return 0
  echo "    ${3:+$3: }wrong output:"; head -3 "$1/out"; return 1
}

# run_like DIR EXE WANT LABEL [VAR=VALUE ...]: run EXE with the variables
# and WYC_OFFLOAD=mandatory (stdout DIR/out, stderr DIR/err); it must
# exit 0 and print the file WANT.
run_like() {
  local dir=$1 exe=$2 want=$3 label=$4; shift 4
  env "$@" WYC_OFFLOAD=mandatory "$exe" > "$dir/out" 2> "$dir/err" \
    < /dev/null || {
    echo "    $label: exit status $?"; head -3 "$dir/err"; return 1; }
  if ! diff -q "$dir/out" "$want" > /dev/null; then
    echo "    $label: the output differs from $want"
    diff "$want" "$dir/out" | head -5; return 1
  fi
}

# True when the programs are built with AddressSanitizer (make asan).
sanitized() {
  case ${WYC_CFLAGS:-} in *sanitize=address*) true ;; *) false ;; esac
}

# Under ASan, the driver's compiler (PoCL's LLVM) leaks at exit: not
# ours, and the unit tests count libwyrt's own blocks.
if sanitized; then
  export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
fi

fault_program() {   # DIR: writes DIR/off.whiley
  cat > "$1/off.whiley" <<'EOF'
import * from whiley.lang.*

void ::main(System.Console sys):
	sys.out.println("before the loop")
	xs = [0, 1, 2, 3, 4, 5, 6, 7]
	for i in 0..8:
		xs[i] = xs[i] * 3
	sys.out.println(xs)
EOF
}
FAULT_EXPECT='before the loop
[0, 3, 6, 9, 12, 15, 18, 21]'

# fault_build DIR: compile DIR/off.whiley to DIR/off (offloading)
fault_build() {
  fault_program "$1"
  "$WYC" "$1/off.whiley" -o "$1/off" 2> "$1/build.err" || {
    echo "    could not build the test program:"; head -3 "$1/build.err"
    return 1; }
}

# expect_run DIR LABEL NOTE-WORDS... : run DIR/off (env set by the
# caller), stdout must be FAULT_EXPECT, status 0, and stderr must hold a
# fallback note at the loop containing every one of the words (none
# given: no note).
expect_run() {
  local dir=$1 label=$2; shift 2
  "$dir/off" > "$dir/run.out" 2> "$dir/run.err" < /dev/null
  local st=$?
  if [ "$st" -ne 0 ] || [ "$(cat "$dir/run.out")" != "$FAULT_EXPECT" ]; then
    echo "    $label: exit status $st, output:"
    head -3 "$dir/run.out" "$dir/run.err" | sed 's/^/      /'
    return 1
  fi
  if [ $# -eq 0 ]; then
    if [ -s "$dir/run.err" ]; then
      echo "    $label: unexpected stderr:"; head -3 "$dir/run.err"; return 1
    fi
    return 0
  fi
  local w
  # the note names the loop's position (off.whiley's line 6) and kernel
  for w in "$@" "(kernel wyk_1)"; do
    if ! grep -qF "off.whiley:6:2: the loop runs on the CPU: " "$dir/run.err" \
       || ! grep -q "runs on the CPU:.*$w" "$dir/run.err"; then
      echo "    $label: no fallback note at the loop naming '$w'; stderr:"
      head -3 "$dir/run.err" | sed 's/^/      /'; return 1
    fi
  done
}

fault_shell_injection() {   # the output name goes to cc as one argument
  local d=$1 name="x';touch INJECTED;'\"\$(touch INJECTED2)\""
  fault_program "$d"
  ( cd "$d" && "$WYC" --target=c off.whiley -o "$name" ) 2> "$d/err" || {
    echo "    wyc failed:"; head -3 "$d/err"; return 1; }
  if [ -e "$d/INJECTED" ] || [ -e "$d/INJECTED2" ] || [ -e INJECTED ]; then
    echo "    the output name was run by a shell"; return 1
  fi
  [ -x "$d/$name" ] || { echo "    no executable of that exact name"; return 1; }
}

# wyc must say in its own words that it cannot write the output
expect_cannot_write() {   # DIR OUTPUT
  local d=$1
  fault_program "$d"
  "$WYC" --target=c "$d/off.whiley" -o "$2" 2> "$d/err"
  local st=$?
  if [ "$st" -ne 1 ] || ! grep -q "^wyc: cannot write '$2'" "$d/err" ||
     grep -qiE "internal error|ld returned|collect2" "$d/err"; then
    echo "    -o $2: exit status $st, stderr:"; head -4 "$d/err"; return 1
  fi
}
fault_output_unwritable() { expect_cannot_write "$1" "$1/no/such/dir/x"; }
fault_output_is_dir() { mkdir "$1/sub"; expect_cannot_write "$1" "$1/sub"; }

expect_dev_full() {   # DIR LABEL CMD...: status 1 and a message
  local d=$1 label=$2; shift 2
  "$@" > /dev/full 2> "$d/err" < /dev/null
  local st=$?
  if [ "$st" -ne 1 ] || ! grep -q "cannot write the standard output" \
                                 "$d/err"; then
    echo "    $label > /dev/full: exit status $st, stderr:"; head -3 "$d/err"
    return 1
  fi
}
fault_wyil_dev_full() {
  fault_program "$1"
  expect_dev_full "$1" "wyc --target=wyil" "$WYC" --target=wyil "$1/off.whiley"
}
fault_explain_dev_full() {
  fault_program "$1"
  expect_dev_full "$1" "wyc --explain" "$WYC" --explain "$1/off.whiley"
}
fault_program_dev_full() {
  fault_program "$1"
  "$WYC" --target=c "$1/off.whiley" -o "$1/seq" || return 1
  expect_dev_full "$1" "a compiled program" "$1/seq"
}

fault_no_platform() {
  fault_build "$1" || return 1
  mkdir "$1/vendors"
  OCL_ICD_VENDORS=$1/vendors WYC_DEVICE= expect_run "$1" "no ICD" \
    "no ICD installed"
}

# A shared library whose constructor leaves a mark: an ICD that is no
# driver, and a witness that the OpenCL loader ran.
make_marker_icd() {   # DIR
  mkdir -p "$1/vendors"
  cat > "$1/mark.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
__attribute__((constructor)) static void
mark(void)
{
  const char *p = getenv("WYC_TEST_MARK");
  FILE *f = p ? fopen(p, "w") : NULL;
  if (f) fclose(f);
}
EOF
  ${CC:-cc} -shared -fPIC -o "$1/libmark.so" "$1/mark.c" || return 1
  echo "$1/libmark.so" > "$1/vendors/mark.icd"
}

fault_broken_icd() {
  fault_build "$1" && make_marker_icd "$1" || return 1
  WYC_TEST_MARK=$1/mark OCL_ICD_VENDORS=$1/vendors WYC_DEVICE= \
    expect_run "$1" "an ICD that is no driver" "ICD file" "no driver" ||
    return 1
  [ -e "$1/mark" ] || { echo "    the broken ICD was not even loaded"; return 1; }
}

fault_device_none() {   # WYC_DEVICE=none loads no OpenCL at all
  fault_build "$1" && make_marker_icd "$1" || return 1
  WYC_TEST_MARK=$1/mark OCL_ICD_VENDORS=$1/vendors WYC_DEVICE=none \
    expect_run "$1" "WYC_DEVICE=none" || return 1
  if [ -e "$1/mark" ]; then
    echo "    WYC_DEVICE=none still loaded the OpenCL ICD"; return 1
  fi
}

# note_run DIR LABEL WORDS... : run DIR/off (env set by the caller) with
# WYC_OFFLOAD=mandatory: stdout FAULT_EXPECT and status 0 (it offloaded),
# and one "wyc: " line of stderr holding every one of the words.
note_run() {
  local dir=$1 label=$2 lines w; shift 2
  WYC_OFFLOAD=mandatory "$dir/off" > "$dir/run.out" 2> "$dir/run.err" \
    < /dev/null
  local st=$?
  if [ "$st" -ne 0 ] || [ "$(cat "$dir/run.out")" != "$FAULT_EXPECT" ]; then
    echo "    $label: exit status $st, output:"
    head -3 "$dir/run.out" "$dir/run.err" | sed 's/^/      /'
    return 1
  fi
  lines=$(grep '^wyc: ' "$dir/run.err")
  for w in "$@"; do lines=$(printf '%s\n' "$lines" | grep -F -- "$w"); done
  [ -n "$lines" ] && return 0
  echo "    $label: no note naming $*; stderr:"
  head -3 "$dir/run.err" | sed 's/^/      /'; return 1
}

# A cache directory that is a file, under a HOME PoCL cannot use either:
# PoCL gets a private POCL_CACHE_DIR for the run (removed at exit), the
# program offloads without wyc's cache, and the notes say so.  (Before,
# PoCL offered no device: "no OpenCL GPU or CPU device".)
fault_unusable_cache() {
  local priv
  fault_build "$1" || return 1
  touch "$1/file"
  ( unset POCL_CACHE_DIR
    export XDG_CACHE_HOME=$1/file HOME=$1/file
    note_run "$1" "a cache directory that is a file" "cache directory" \
      "$1/file/wyc" "not a directory" || exit 1
    note_run "$1" "PoCL's cache directory in a file" "$1/file/pocl" \
      "POCL_CACHE_DIR=" || exit 1
    XDG_CACHE_HOME=/dev/null note_run "$1" "XDG_CACHE_HOME=/dev/null" \
      "cache directory /dev/null/wyc" "not a directory" || exit 1
    if grep -q "no OpenCL" "$1/run.err"; then
      echo "    XDG_CACHE_HOME=/dev/null: $(head -1 "$1/run.err")"; exit 1
    fi
    unset XDG_CACHE_HOME
    HOME=/proc/none WYC_DEV="${WYC_DEV:-},binary_cache=0" note_run "$1" "HOME=/proc/none" \
      "/proc/none/.cache/pocl" "POCL_CACHE_DIR=" || exit 1
    priv=$(sed -n 's/.*POCL_CACHE_DIR=\([^ ]*\) for this run.*/\1/p' \
      "$1/run.err")
    if [ -z "$priv" ] || [ -e "$priv" ]; then
      echo "    HOME=/proc/none: POCL_CACHE_DIR '$priv' left behind"; exit 1
    fi ) || return 1
  POCL_CACHE_DIR=/proc/none expect_run "$1" "a cache directory under /proc" \
    "cache directory" "/proc/none" || return 1
  POCL_CACHE_DIR= expect_run "$1" "an empty POCL_CACHE_DIR" \
    "cache directory" "POCL_CACHE_DIR"
}

# Corrupt entries: a changed byte at two places in the binary, a file cut
# in half, a file of random bytes.
# Each run must print the right output with no note (a rebuild).
fault_corrupt_cache() {
  local d=$1 f size i
  fault_build "$d" || return 1
  export XDG_CACHE_HOME=$d/cache WYC_OFFLOAD=mandatory
  expect_run "$d" "the first run" || return 1
  for i in 1 2 5 6; do
    f=$(ls "$d"/cache/wyc/*.bin 2>/dev/null | head -1)
    [ -n "$f" ] || { echo "    no cache file after run $i"; return 1; }
    size=$(stat -c %s "$f")
    case $i in
      5) truncate -s $((size / 2)) "$f" ;;
      6) head -c "$size" /dev/urandom > "$f" ;;
      *) printf '\x5a' | dd of="$f" bs=1 seek=$((size - size * i / 6)) \
           conv=notrunc status=none ;;
    esac
    expect_run "$d" "corruption $i" || return 1
  done
}

# Four runs at once on a fresh cache, twice: every run right.
fault_concurrent_cache() {
  local d=$1 i bad=0
  fault_build "$d" || return 1
  for round in 1 2; do
    for i in 1 2 3 4; do
      XDG_CACHE_HOME=$d/cache WYC_OFFLOAD=mandatory "$d/off" \
        > "$d/out.$i" 2> "$d/err.$i" < /dev/null &
    done
    wait
    for i in 1 2 3 4; do
      if [ "$(cat "$d/out.$i")" != "$FAULT_EXPECT" ] || [ -s "$d/err.$i" ]
      then
        echo "    round $round, run $i:"; head -3 "$d/out.$i" "$d/err.$i"
        bad=1
      fi
    done
  done
  ls "$d"/cache/wyc/*.tmp > /dev/null 2>&1 &&
    { echo "    temporary files left in the cache"; bad=1; }
  return $bad
}

# The entry of the offloading program in the cache DIR/cache/wyc, after
# a first run: its path on stdout.
cache_entry() {
  XDG_CACHE_HOME=$1/cache expect_run "$1" "the first run" || return 1
  local f; f=$(ls "$1"/cache/wyc/*.bin 2>/dev/null | head -1)
  [ -n "$f" ] || { echo "    no cache entry after the first run"; return 1; }
  echo "$f"
}

# programs_line DIR: the "# programs:" line of DIR/err (WYC_PROFILE=1).
programs_line() {
  grep '^# programs:' "$1/err"
}

# Symbolic links planted at an entry's name (to a valid entry kept
# elsewhere) and at its lock's name (to a file that does not exist): the
# run must follow neither (it builds from source, creates nothing at
# the lock's target, leaves the entry elsewhere as it was) and leave a
# regular file at the entry's name.
fault_cache_symlinks() {
  local d=$1 f
  fault_build "$d" || return 1
  export XDG_DATA_HOME=$d/data
  f=$(cache_entry "$d") || { echo "$f"; return 1; }
  cp "$f" "$d/elsewhere.bin" && cp "$f" "$d/elsewhere.copy" || return 1
  rm -f "$f" "$f.lock"
  ln -s "$d/elsewhere.bin" "$f" && ln -s "$d/created" "$f.lock" || return 1
  XDG_CACHE_HOME=$d/cache WYC_PROFILE=1 WYC_OFFLOAD=mandatory "$d/off" \
    > "$d/out" 2> "$d/err" < /dev/null ||
    { echo "    exit status $?"; head -3 "$d/err"; return 1; }
  same_out "$d" "$FAULT_EXPECT" || return 1
  case $(programs_line "$d") in
    "# programs: 1 built from source, 0 loaded"*) ;;
    *) echo "    the entry's symbolic link was followed: $(programs_line "$d")"
       return 1 ;;
  esac
  [ -e "$d/created" ] &&
    { echo "    the lock's symbolic link was followed"; return 1; }
  cmp -s "$d/elsewhere.bin" "$d/elsewhere.copy" ||
    { echo "    the entry's link target changed"; return 1; }
  [ -f "$f" ] && [ ! -L "$f" ] ||
    { echo "    no regular entry at $f after the run"; return 1; }
}

# A cache directory of another user's (root only: chown), one writable
# by others or by its group, a symbolic link to a directory, a file: no
# cache (nothing is written there), a note naming it and why, and the
# program still offloads.
fault_cache_foreign_dir() {
  local d=$1 c=$1/cache/wyc
  fault_build "$d" || return 1
  export XDG_CACHE_HOME=$d/cache XDG_DATA_HOME=$d/data
  mkdir -p "$c" && chmod 0700 "$c" || return 1
  if [ "$(id -u)" -eq 0 ]; then
    chown nobody "$c" || return 1
    note_run "$d" "a cache directory owned by nobody" "$c" \
      "owned by uid $(id -u nobody)" || return 1
    chown 0 "$c" || return 1
  else
    echo "    (not root: the foreign-owned cache directory is not tested)"
  fi
  chmod 0777 "$c" || return 1
  note_run "$d" "a cache directory of mode 0777" "$c" \
    "writable by others (mode 0777)" || return 1
  chmod 0770 "$c" || return 1
  note_run "$d" "a cache directory of mode 0770" "$c" \
    "writable by its group" || return 1
  [ -z "$(ls -A "$c")" ] ||
    { echo "    files written to a refused cache: $(ls "$c")"; return 1; }
  mv "$c" "$d/cache/real" && chmod 0700 "$d/cache/real" &&
    ln -s real "$c" || return 1
  note_run "$d" "a symbolic link to a cache directory" "$c" \
    "symbolic link" || return 1
  [ -z "$(ls -A "$d/cache/real")" ] ||
    { echo "    files written through a symbolic link"; return 1; }
  rm "$c" && touch "$c" || return 1
  note_run "$d" "a file as the cache directory" "$c" "not a directory"
}

# The key: made on first use (32 bytes, mode 0600); with mode 0644, of
# another user's (root only), or in a directory writable by others it
# is refused with a note, and the program still offloads.
fault_cache_key() {
  local d=$1 k=$1/data/wyc/cache.key
  fault_build "$d" || return 1
  export XDG_CACHE_HOME=$d/cache XDG_DATA_HOME=$d/data
  expect_run "$d" "the first run" || return 1
  [ -f "$k" ] && [ "$(stat -c '%a %s' "$k")" = "600 32" ] ||
    { echo "    no key file of mode 0600 and 32 bytes: $(ls -l "$k")"
      return 1; }
  chmod 0644 "$k" || return 1
  note_run "$d" "a key file of mode 0644" "$k" "mode 0644" || return 1
  chmod 0600 "$k" || return 1
  if [ "$(id -u)" -eq 0 ]; then
    chown nobody "$k" || return 1
    note_run "$d" "a key file owned by nobody" "$k" \
      "owned by uid $(id -u nobody)" || return 1
    chown 0 "$k" || return 1
  fi
  chmod 0777 "$d/data/wyc" || return 1
  note_run "$d" "a key directory of mode 0777" "$d/data/wyc" \
    "writable by others" || return 1
  chmod 0700 "$d/data/wyc" || return 1
  expect_run "$d" "the key made usable again"
}

# le64 N: N as 8 little-endian bytes.
le64() {
  local i out=
  for i in 0 1 2 3 4 5 6 7; do
    out+=$(printf '\\x%02x' $(( ($1 >> (8 * i)) & 255 )))
  done
  printf "$out"
}

# sha256_bin: the SHA-256 of stdin, as 32 bytes.
sha256_bin() {
  printf "$(sha256sum | cut -c1-64 | sed 's/../\\x&/g')"
}

# forge_entry A B OUT: A's entry with B's binary, and whatever checksum
# one without the user's key can compute: for the old layout (WYCBIN2:
# magic, key length, key, binary length, SHA-256, binary) the binary's
# SHA-256; for the new one (WYCBIN3: ..., binary length, binary, MAC)
# the SHA-256 of what the MAC covers.
forge_entry() {
  local a=$1 b=$2 out=$3 magic ka kb size bl
  magic=$(head -c 7 "$a")
  ka=$(od -An -t u8 -j 8 -N 8 "$a" | tr -d ' ')
  kb=$(od -An -t u8 -j 8 -N 8 "$b" | tr -d ' ')
  bl=$(od -An -t u8 -j $((16 + kb)) -N 8 "$b" | tr -d ' ')
  head -c $((16 + ka)) "$a" > "$out"
  le64 "$bl" >> "$out"
  case $magic in
    WYCBIN2)
      tail -c "$bl" "$b" | sha256_bin >> "$out"
      tail -c "$bl" "$b" >> "$out" ;;
    *)
      size=$(stat -c %s "$b")
      head -c $((size - 32)) "$b" | tail -c "$bl" >> "$out"
      sha256_bin < "$out" >> "$out" ;;
  esac
}

# A substituted entry: program A's entry with the binary of program B
# (the same kernel, another constant in it) and a checksum recomputed.
# A must print its own answer (WYC_OFFLOAD=mandatory), and its entry be
# rebuilt (a later run loads it).
fault_cache_substitute() {
  local d=$1 fa fb p
  export XDG_DATA_HOME=$d/data
  for p in a:0 b:1000; do
    cat > "$d/${p%%:*}.whiley" <<EOF2
import * from whiley.lang.*

void ::main(System.Console sys):
	xs = [1, 2, 3, 4]
	for i in 0..4:
		xs[i] = xs[i] * 3 + ${p#*:}
	sys.out.println(xs)
EOF2
  done
  mandatory_run "$d" a && mv "$d/cache" "$d/cache.a" || return 1
  mandatory_run "$d" b && mv "$d/cache" "$d/cache.b" || return 1
  same_out "$d" "[1003, 1006, 1009, 1012]" "b" || return 1
  fa=$(ls "$d"/cache.a/wyc/*.bin | head -1)
  fb=$(ls "$d"/cache.b/wyc/*.bin | head -1)
  [ -n "$fa" ] && [ -n "$fb" ] || { echo "    no cache entries"; return 1; }
  forge_entry "$fa" "$fb" "$d/forged" && cp "$d/forged" "$fa" &&
    mv "$d/cache.a" "$d/cache" || return 1
  fa=$d/cache/wyc/${fa##*/}
  mandatory_run "$d" a || return 1
  same_out "$d" "[3, 6, 9, 12]" "a with b's binary" || return 1
  cmp -s "$d/forged" "$fa" &&
    { echo "    the substituted entry was not rebuilt"; return 1; }
  mandatory_run "$d" a || return 1
  case $(programs_line "$d") in
    "# programs: 0 built from source, 1 loaded"*) ;;
    *) echo "    the rebuilt entry is not loaded: $(programs_line "$d")"
       return 1 ;;
  esac
}

# From far too little memory to enough: always the right output, exit 0.
# (Not under ASan, whose shadow memory needs terabytes of address space.)
fault_memory_limit() {
  local d=$1 kb
  sanitized && return 0
  fault_build "$d" || return 1
  for kb in 150000 250000 400000 600000 800000; do
    ( ulimit -v $kb
      XDG_CACHE_HOME=$d/cache expect_run "$d" "ulimit -v $kb" "memory" ) ||
      return 1
  done
}

# 60,000 functions in one file: resolution used to compare every name
# with every function (about half a minute of CPU here); linear, it is
# about 2 s.  The CPU limit is 10 times that (3 times more under ASan).
fault_many_functions() {
  local d=$1 cpu=20
  sanitized && cpu=60
  awk 'BEGIN { print "import * from whiley.lang.*\n";
               for (i = 0; i < 60000; i++)
                 printf "int f%d(int x):\n\treturn x + %d\n\n", i, i;
               print "void ::main(System.Console sys):";
               print "\tsys.out.println(f59999(1))" }' > "$d/many.whiley"
  ( ulimit -t $cpu; "$WYC" --target=wyil "$d/many.whiley" > "$d/out" 2> "$d/err" )
  local st=$?
  if [ "$st" -ne 0 ] || ! grep -q "f59999" "$d/out"; then
    echo "    wyc --target=wyil on 60,000 functions: exit status $st"
    head -3 "$d/err"; return 1
  fi
}

# Residency under a device memory budget (WYC_DEVICE_MEMORY bytes): with
# room for about one list the runtime must evict (fetch, release) the
# others and still print the same; with room enough it keeps lists on
# the device, so there are fewer uploads than kernel calls.  The counts
# come from WYC_PROFILE's "# lists:" line.
fault_resident_eviction() {
  local src=tests/valid/resident_lists
  "$WYC" "$src.whiley" -o "$1/res" 2> "$1/build.err" || {
    echo "    could not build $src.whiley"; head -3 "$1/build.err"; return 1; }
  local mem line calls
  for mem in 1000 1000000; do
    run_like "$1" "$1/res" "$src.sysout" "WYC_DEVICE_MEMORY=$mem" \
      WYC_DEVICE_MEMORY=$mem WYC_PROFILE=1 || return 1
    line=$(grep '^# lists:' "$1/err")
    calls=$(awk -F, '/^wyk_/ { n += $2 } END { print n + 0 }' "$1/err")
    case $mem:$line in
      1000:*" 0 eviction(s)"*)
        echo "    WYC_DEVICE_MEMORY=1000 evicted nothing: $line"; return 1 ;;
      1000000:*" 0 eviction(s)"*) ;;
      1000000:*)
        echo "    WYC_DEVICE_MEMORY=1000000 evicted: $line"; return 1 ;;
    esac
    if [ "$mem" = 1000000 ]; then
      local ups=${line#*lists: }; ups=${ups%% upload*}
      if [ $((2 * ups)) -ge "$calls" ]; then
        echo "    $ups uploads for $calls kernel calls: nothing stayed on" \
          "the device ($line)"; return 1
      fi
    fi
  done
}

# A program whose kernels compute with ints and with reals is one OpenCL
# program: every kernel's descriptor carries the program's real type, so
# one build serves them all (they used to be built once per type).  The
# count comes from WYC_PROFILE's "# programs:" line.
fault_one_build() {
  cat > "$1/mixed.whiley" <<'EOF2'
import * from whiley.lang.*

void ::main(System.Console sys):
	xs = [1, 2, 3, 4]
	rs = [0.5, 1.5, 2.5, 3.5]
	for i in 0..4:
		xs[i] = xs[i] * 3
	for i in 0..4:
		rs[i] = rs[i] * 2.0
	sys.out.println(xs)
	sys.out.println(rs)
EOF2
  mandatory_run "$1" mixed || return 1
  same_out "$1" "$(printf '[3, 6, 9, 12]\n[1.0, 3.0, 5.0, 7.0]')" || return 1
  if ! grep -q '^# programs: 1 built from source, 0 loaded' "$1/err"; then
    echo "    not one build: $(grep '^# programs' "$1/err")"; return 1
  fi
}

# A kernel whose 32-bit variant overflows runs again in 64 bits: that is
# no fallback, and WYC_PROFILE must not count it as one (the benchmark
# harness flags every counted fallback).
fault_overflow_retry() {
  cat > "$1/wide.whiley" <<'EOF2'
import * from whiley.lang.*

void ::main(System.Console sys):
	xs = [1, 2, 3, 4]
	for i in 0..4:
		xs[i] = xs[i] * 3000000000
	sys.out.println(xs)
EOF2
  mandatory_run "$1" wide || return 1
  same_out "$1" "[3000000000, 6000000000, 9000000000, 12000000000]" ||
    return 1
  if ! grep -q '^wyk_1,1,0,' "$1/err"; then
    echo "    not 1 call and 0 fallbacks: $(grep '^wyk_1' "$1/err")"; return 1
  fi
}

# The small-call rule (runtime/ocl_cost.c): a loop of 3 work items that
# writes two cells of a 1024 x 1024 board the host built (its rows one
# shared row) would move 8 MiB: it runs on the CPU, prints the same,
# notes no fallback, and WYC_PROFILE says so; WYC_DEV=small_calls=device and
# WYC_OFFLOAD=mandatory send it to the device.
fault_small_calls() {
  cat > "$1/small.whiley" <<'EOF2'
import * from whiley.lang.*

[[int]] board(int n):
	row = []
	for i in 0..n:
		row = row + [0]
	// not the lone append that filter/rows.c copies: the host shares row
	rows = []
	cells = 0
	for i in 0..n:
		rows = rows + [row]
		cells = cells + |row|
	return rows

void ::main(System.Console sys):
	b = board(1024)
	for r in 0..3:
		if r != 1:
			b[r + 5][r] = r + 1
	total = 0
	for y in 0..1024:
		for x in 0..1024:
			total = total + b[y][x] * (y + x)
	sys.out.println(total)
EOF2
  "$WYC" "$1/small.whiley" -o "$1/small" 2> "$1/build.err" || {
    echo "    could not build small.whiley"; head -3 "$1/build.err"; return 1; }
  local env rule calls
  for env in WYC_OFFLOAD=auto WYC_DEV=$WYC_DEV,small_calls=device \
    WYC_OFFLOAD=mandatory; do
    env WYC_DEV="$WYC_DEV,small_calls=auto" "$env" \
      XDG_CACHE_HOME=$1/cache WYC_PROFILE=1 \
      "$1/small" \
      > "$1/out" 2> "$1/err" < /dev/null || {
      echo "    $env: exit status $?"; head -3 "$1/err"; return 1; }
    same_out "$1" 32 "$env" || return 1
    rule=$(grep -c '^# wyk_1: 1 call(s) on the CPU by the small-call rule' \
           "$1/err")
    calls=$(grep '^wyk_1,' "$1/err" | cut -d, -f2,3)
    case $env:$rule:$calls in
      WYC_OFFLOAD=auto:1:0,0|*=device:0:1,0|*=mandatory:0:1,0) ;;
      *) echo "    $env: rule $rule, wyk_1 calls,fallbacks $calls"
         grep '^wyk_1\|^# wyk\|^wyc:' "$1/err"; return 1 ;;
    esac
    if grep -q 'runs on the CPU: ' "$1/err"; then
      echo "    $env: a fallback note:"; grep 'runs on the CPU: ' "$1/err"
      return 1
    fi
  done
}

# Large lists go up and come back in chunks through two staging blocks
# (runtime/ocl_stage.c); WYC_DEV's chunk_bytes makes the chunks small
# enough that the residency test's lists of every depth are split, at
# chunk sizes that divide their rows and that do not.
fault_chunked_transfers() {
  local src=tests/valid/resident_lists ch
  "$WYC" "$src.whiley" -o "$1/res" 2> "$1/build.err" || {
    echo "    could not build $src.whiley"; head -3 "$1/build.err"; return 1; }
  for ch in 4 12 40 1000; do
    run_like "$1" "$1/res" "$src.sysout" "chunk_bytes=$ch" \
      WYC_DEV="$WYC_DEV,chunk_bytes=$ch" || return 1
  done
}

# Deep programs, built into executables and run, each under a CPU limit
# far above what it needs (about 0.2 s and 1.3 s here) and 1 GB of
# memory: 40 nested loops, each retyping a variable of its own (flow
# typing was exponential in the nesting: 20 loops ran out of memory),
# and an if/else if chain of 999 arms (gcc took 3 minutes and 1.4 GB
# over it while every temporary was released at the function's exit).
fault_deep_programs() {
  local d=$1 cpu=20 p st
  # not under ASan: gcc takes minutes to instrument functions of a
  # thousand address-taken registers (fe_deep covers the front end)
  sanitized && return 0
  awk 'BEGIN { n = 40; print "import * from whiley.lang.*\n";
    print "void ::main(System.Console sys):\n\ts = 0";
    for (i = 0; i < n; i++) printf "\tv%d = 0\n", i;
    ind = "\t";
    for (i = 0; i < n; i++) {
      printf "%sfor i%d in 0..%d:\n", ind, i, i % 3 == 0 ? 2 : 1;
      ind = ind "\t";
      printf "%sif v%d is int:\n%s\tv%d = null\n%selse:\n%s\tv%d = %d\n",
             ind, i, ind, i, ind, ind, i, i;
    }
    printf "%ss = s + 1\n", ind;
    print "\tsys.out.println(s)\n\tsys.out.println(v0)\n\tsys.out.println(v39)"
  }' > "$d/nest.whiley"
  # 2^14 iterations of the innermost body: v0 flips 2 times, v39 2^14
  printf '16384\n0\n39\n' > "$d/nest.want"
  awk 'BEGIN { n = 999; print "import * from whiley.lang.*\n";
    print "int f(int x):\n\tif x == 0:\n\t\treturn 0";
    for (i = 1; i < n; i++)
      printf "\telse if x == %d:\n\t\treturn %d\n", i, 2 * i;
    print "\treturn -1\n\nvoid ::main(System.Console sys):";
    print "\tsys.out.println(f(998))\n\tsys.out.println(f(999))" }' \
    > "$d/elif.whiley"
  printf '1996\n-1\n' > "$d/elif.want"
  for p in nest elif; do
    ( ulimit -t $cpu -v 1000000
      "$WYC" --target=c "$d/$p.whiley" -o "$d/$p" ) > "$d/err" 2>&1
    st=$?
    if [ "$st" -ne 0 ]; then
      echo "    wyc --target=c $p.whiley: exit status $st"
      head -3 "$d/err"; return 1
    fi
    "$d/$p" > "$d/$p.out" 2>&1
    if ! cmp -s "$d/$p.out" "$d/$p.want"; then
      echo "    $p: wrong output"; head -3 "$d/$p.out"; return 1
    fi
  done
}

# whiley.io.File: a Writer creates a file in the working directory, a
# Reader reads it back; a file that cannot be opened is a runtime error
# naming it (exit status 1), not a crash.
fault_file_roundtrip() {
  local d=$1
  cat > "$d/io.whiley" <<'EOF2'
import * from whiley.lang.*
import * from whiley.io.File

void ::main(System.Console sys):
	w = Writer("data.bin")
	w.write([01101000b, 01101001b, 00001010b])
	w.write(String.toUTF8("more"))
	w.close()
	r = Reader("data.bin")
	sys.out.print(String.fromASCII(r.read()))
	r.close()
	sys.out.println("")
	r = Reader("no/such/file")
	sys.out.println("not reached")
EOF2
  "$WYC" --target=c "$d/io.whiley" -o "$d/io" 2> "$d/err" || {
    echo "    could not build:"; head -3 "$d/err"; return 1; }
  ( cd "$d" && ./io > out 2> run.err < /dev/null )
  local st=$?
  if [ "$st" -ne 1 ] || [ "$(cat "$d/out")" != "$(printf 'hi\nmore')" ] ||
     ! grep -q "cannot open file no/such/file" "$d/run.err" ||
     [ "$(cat "$d/data.bin")" != "$(printf 'hi\nmore')" ]; then
    echo "    exit status $st, stdout:"; head -3 "$d/out"
    echo "    stderr:"; head -3 "$d/run.err"; return 1
  fi
}

# A list of rows that a kernel left on the device and that two variables
# share is copied on the device when a kernel writes one of them
# (copy-on-write, runtime/ocl_resident.c wy_ocl_res_clone): nothing goes
# up, and the other variable keeps its values.
fault_clone_rows() {
  cat > "$1/clone.whiley" <<'EOF2'
import * from whiley.lang.*

void ::main(System.Console sys):
	g = []
	for y in 0..3:
		row = []
		for x in 0..4:
			row = row + [y * 10 + x]
		g = g + [row]
	h = g
	for y in 0..3:
		for x in 0..4:
			h[y][x] = h[y][x] * 2 + 1
	sys.out.println(g)
	sys.out.println(h)
EOF2
  mandatory_run "$1" clone || return 1
  local want='[[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23]]
[[1, 3, 5, 7], [21, 23, 25, 27], [41, 43, 45, 47]]'
  same_out "$1" "$want" || return 1
  if ! grep -q '^# lists: 0 upload(s)' "$1/err"; then
    echo "    the copy went through the host: $(grep '^# lists' "$1/err")"
    return 1
  fi
}

# The GPU's shape of a build of copies (opencl_backend/oclgen_build.c:
# a work group copies its rows together, each item striding through a
# row; WYC_GPU is defined for GPU devices only) run on PoCL through
# WYC_DEV's cl_options: the same output as --target=c, for grids of one work
# group and of several with a partial last one (256 items a group),
# rows longer than a group.
fault_gpu_shaped_copies() {
  local t
  cat > "$1/rows.whiley" <<'EOF2'
import * from whiley.lang.*

public [[int]] grid(int h, int w):
	row = []
	for x in 0..w:
		row = row + [x * 3 - 1]
	rows = []
	for y in 0..h:
		rows = rows + [row]
	return rows

void ::main(System.Console sys):
	for h in [0, 3, 256, 601]:
		g = grid(h, 300)
		if h > 0:
			g[h - 1][299] = h
		total = 0
		for y in 0..h:
			for x in 0..300:
				total = total + g[y][x] * (y + x + 1)
		sys.out.println(total)
	sys.out.println(grid(2, 3))
EOF2
  "$WYC" --target=c "$1/rows.whiley" -o "$1/rows-c" 2> "$1/build.err" &&
    "$WYC" "$1/rows.whiley" -o "$1/rows" 2>> "$1/build.err" || {
    echo "    could not build rows.whiley"; head -3 "$1/build.err"; return 1; }
  "$1/rows-c" > "$1/want" < /dev/null || {
    echo "    --target=c: exit status $?"; return 1; }
  for t in "" -DWYC_GPU=1; do
    run_like "$1" "$1/rows" "$1/want" "cl_options=$t" \
      XDG_CACHE_HOME="$1/cache" WYC_DEV="$WYC_DEV,cl_options=$t" || return 1
  done
}

# A call of few work items that comes while the device is still starting
# (here: PoCL building the program, from an empty cache) runs its loop on
# the CPU instead of waiting (runtime/ocl_cost.c, the early rule), so a
# program that times its first loop does not pay the start-up; the same
# output either way, and WYC_DEV=small_calls=device or WYC_OFFLOAD=mandatory
# send the call to the device.
fault_early_calls() {
  cat > "$1/early.whiley" <<'EOF2'
import * from whiley.lang.*

void ::main(System.Console sys):
	xs = 0..10
	for i in 0..10:
		t = 0
		for j in 0..20000:
			t = (t + i * j) % 10007
		xs[i] = t
	sys.out.println(xs)
EOF2
  "$WYC" "$1/early.whiley" -o "$1/early" 2> "$1/build.err" || {
    echo "    could not build early.whiley"; head -3 "$1/build.err"; return 1; }
  local want env n line
  want='[0, 105, 210, 315, 420, 525, 630, 735, 840, 945]'
  for env in WYC_QUIET=1 WYC_DEV=$WYC_DEV,small_calls=device \
    WYC_OFFLOAD=mandatory; do
    rm -rf "$1/cache"
    env WYC_DEV="$WYC_DEV,small_calls=auto" "$env" \
      XDG_CACHE_HOME=$1/cache WYC_PROFILE=1 \
      "$1/early" \
      > "$1/out" 2> "$1/err" < /dev/null || {
      echo "    $env: exit status $?"; head -3 "$1/err"; return 1; }
    same_out "$1" "$want" "$env" || return 1
    line=$(grep -c '^# wyk_1: 1 call(s) on the CPU while the device started (10 work items)' "$1/err")
    n=$(grep '^wyk_1,' "$1/err" | cut -d, -f2)
    case $env:$line:$n in
      WYC_QUIET=1:1:0|*=device:0:1|*=mandatory:0:1) ;;
      *) echo "    $env: early line $line, device calls $n"
         grep '^wyk_1\|^# wyk\|^wyc:' "$1/err"; return 1 ;;
    esac
  done
}

# The command queue profiles only once something times the calls
# (runtime/ocl_device.c, wy_ocl_profile_queue): without WYC_PROFILE,
# kernels before a benchmark region run on a plain queue and the
# region's on one that profiles, made after the plain one drained.  The
# region's calls must have kernel times (0 without the switch), and the
# list the first kernel left on the device must read right.
fault_profiled_region() {
  cat > "$1/region.whiley" <<'EOF2'
import * from whiley.lang.*
import * from whiley.gpgpu.*

void ::main(System.Console sys):
	xs = 0..4096
	for i in 0..|xs|:
		xs[i] = xs[i] * 3
	beginGPUBenchmarking()
	k = 0
	while k < 3:
		for i in 0..|xs|:
			xs[i] = xs[i] + 1
		k = k + 1
	endGPUBenchmarking()
	sys.out.println(xs[0])
	sys.out.println(xs[4095])
	printOutGPUBenchmarkResults()
EOF2
  mandatory_run "$1" region 0 || return 1
  [ "$(head -2 "$1/out" | tr '\n' ' ')" = "3 12288 " ] || {
    echo "    wrong values:"; head -2 "$1/out"; return 1; }
  local timed
  timed=$(awk -F, '$1 == "call" && $5 == "ok" && $9 + 0 > 0 { n++ }
                   END { print n + 0 }' "$1/err")
  [ "$timed" = 3 ] || {
    echo "    $timed of the region's 3 calls have a kernel time:"
    grep '^call,' "$1/err" | head -4; return 1; }
}

# printOutGPUBenchmarkResults formats its rows into memory and writes
# them in blocks of 1 MiB (runtime/ocl_bench.c): a region of 15,000
# calls (about 1.3 MB of CSV) prints every call once, numbered 1 to
# 15,000 in order, then the average over all of them and the region.
fault_region_many_calls() {
  cat > "$1/many.whiley" <<'EOF2'
import * from whiley.lang.*
import * from whiley.gpgpu.*

void ::main(System.Console sys):
	xs = 0..16
	beginGPUBenchmarking()
	k = 0
	while k < 15000:
		for i in 0..|xs|:
			xs[i] = xs[i] + 1
		k = k + 1
	endGPUBenchmarking()
	sys.out.println(xs[15])
	printOutGPUBenchmarkResults()
EOF2
  mandatory_run "$1" many 0 || return 1
  same_out "$1" 15015 || return 1
  awk -F, 'NR == 1 { if ($1 != "kind") bad = "no header first" }
           $1 == "call" { if ($4 != ++n) bad = "call " n " numbered " $4 }
           $1 == "average" { avg = $4 }
           { last = $1 }
           END { if (!bad && n != 15000) bad = n " call rows"
                 if (!bad && avg != 15000) bad = "average over " avg
                 if (!bad && last != "region") bad = "last row " last
                 if (bad) { print "    " bad; exit 1 } }' "$1/err"
}

# Run-time variables (runtime/config.c): a bad value, an unknown WYC_DEV
# name or a variable no longer read stops a program at start-up, before
# it prints or loads OpenCL, with exit status 2 and the variable named,
# on both targets; good values of each kind run as usual.
fault_config_values() {
  fault_build "$1" && make_marker_icd "$1" || return 1
  "$WYC" --target=c "$1/off.whiley" -o "$1/seq" 2> "$1/build.err" || {
    echo "    could not build off.whiley for --target=c"; return 1; }
  local exe case var want st
  for exe in off seq; do
    for case in "WYC_THREADS=x|expected a whole number from 1 to 1024" \
        "WYC_DEVICE_MEMORY=1e99|expected a whole number of bytes" \
        "WYC_DEVICE=gpu0|expected gpu, cpu, none or P:D" \
        "WYC_OFFLOAD=always|expected auto or mandatory" \
        "WYC_DEV=tune=bogus|WYC_DEV: tune=bogus: expected 0, gpu or always" \
        "WYC_DEV=chian=0|WYC_DEV: unknown name 'chian' (known: prestart," \
        "WYC_SMALL_CALLS=device|WYC_SMALL_CALLS is no longer read"; do
      var=${case%%|*} want=${case#*|}
      rm -f "$1/mark"
      env "$var" WYC_TEST_MARK="$1/mark" OCL_ICD_VENDORS="$1/vendors" \
        "$1/$exe" > "$1/out" 2> "$1/err" < /dev/null
      st=$?
      if [ "$st" -ne 2 ] || [ -s "$1/out" ] || [ -e "$1/mark" ] ||
         [ "$(wc -l < "$1/err")" -ne 1 ] ||
         ! grep -qF "wyc: ${var%%=*}" "$1/err" ||
         ! grep -qF -- "$want" "$1/err"; then
        echo "    $exe $var: exit status $st, stdout $(wc -c < "$1/out")" \
             "bytes, OpenCL loaded: $([ -e "$1/mark" ] && echo yes || echo no)"
        head -3 "$1/err"; return 1
      fi
    done
  done
  # good values: the program's output, every kernel on the device
  for var in WYC_THREADS=1 WYC_DEVICE_MEMORY=64M WYC_DEVICE=cpu \
      WYC_QUIET=0 WYC_PROFILE=0 WYC_DEV=$WYC_DEV,chain=0,tune=0,prestart=0 \
      WYC_DEV=$WYC_DEV,chunk_bytes=1k,partial_upload=0,memory_guard=0; do
    env "$var" WYC_OFFLOAD=mandatory XDG_CACHE_HOME="$1/cache" "$1/off" \
      > "$1/out" 2> "$1/err" < /dev/null || {
      echo "    $var: exit status $?"; head -3 "$1/err"; return 1; }
    same_out "$1" "$FAULT_EXPECT" "$var" || return 1
  done
}

# Every option form `wyc --help-all` shows, with each of its words
# (a|b|c, or after `=`), is accepted: the help cannot name an option
# the parser does not take.
fault_help_options() {
  printf 'import * from whiley.lang.*\n\nvoid ::main(System.Console sys):\n\tsys.out.println(1)\n' > "$1/p.whiley"
  "$WYC" --help-all > "$1/help" || { echo "    --help-all failed"; return 1; }
  local form arg head alts alt n=0 st
  while read -r form arg _; do
    case $form in -*) ;; *) continue ;; esac
    case $arg in [A-Z]*) arg=$1/$arg ;; *) arg= ;; esac
    case $form in
      *=*) head=${form%%=*}= alts=${form#*=} ;;
      *) head= alts=$form ;;
    esac
    for alt in ${alts//|/ }; do
      n=$((n + 1))
      # a placeholder after `=` (PASS) takes a value the compiler lists
      [ "$head$alt" = --dump-after=PASS ] &&
        alt=$("$WYC" --print-passes | awk 'NR == 1 { print $1 }')
      "$WYC" --target=wyil "$head$alt" ${arg:+"$arg"} "$1/p.whiley" \
        -o "$1/x" > "$1/out" 2> "$1/err" < /dev/null
      st=$?
      [ "$head$alt" = --list-devices ] && [ "$st" -eq 1 ] && st=0
      if [ "$st" -ne 0 ] || grep -q 'unknown option\| takes ' "$1/err"; then
        echo "    $head$alt${arg:+ $arg}: exit status $st"; head -3 "$1/err"
        return 1
      fi
    done
  done < <(grep '^  -' "$1/help")
  [ "$n" -ge 25 ] || { echo "    only $n option forms in --help-all"; return 1; }
}

# The middle end's pass table (compiler/pipeline.c): --print-passes lists
# it in order, --dump-after prints the WYIL after a pass (a counted while
# loop is a forall after `counted`, not after `consts`; the offload is
# there after `split`, not after `veto`; at -O0 the loop stays), a bad
# name is refused with the names that are valid, and -v counts the range
# analysis's runs.
fault_pass_table() {
  "$WYC" --print-passes > "$1/passes" || {
    echo "    --print-passes failed"; return 1; }
  local order
  order=$(awk '{ print $1 }' "$1/passes" | tr '\n' ' ')
  case "$order" in
    "consts counted "*" classify outline "*" veto split "*" chain narrow store32 checks emit-opencl emit-c ") ;;
    *) echo "    pass order: $order"; return 1 ;;
  esac
  cat > "$1/count.whiley" <<'EOF2'
import * from whiley.lang.*

[int] counted([int] xs, int n):
	i = 0
	while i < n:
		xs[i] = i
		i = i + 1
	return xs

void ::main(System.Console sys):
	sys.out.println(counted([1, 2, 3], 3))
EOF2
  local p
  for p in consts counted veto split narrow store32; do
    "$WYC" --dump-after=$p "$1/count.whiley" > "$1/$p.wyil" || {
      echo "    --dump-after=$p failed"; return 1; }
  done
  grep -q '^ *loop' "$1/consts.wyil" && ! grep -q '^ *forall' "$1/consts.wyil" \
    && grep -q '^ *forall' "$1/counted.wyil" || {
    echo "    the while loop after consts / counted:"
    grep -h '^ *\(loop\|forall\)' "$1/consts.wyil" "$1/counted.wyil"; return 1; }
  grep -q '^kernel wyk_1' "$1/veto.wyil" && ! grep -q 'offload' "$1/veto.wyil" \
    && grep -q '^ *offload wyk_1' "$1/split.wyil" || {
    echo "    no kernel function after veto, or no offload after split"
    return 1; }
  # at -O0 counted does not run: the dump shows the loop as it was
  "$WYC" -O0 --dump-after=counted "$1/count.whiley" | grep -q '^ *loop' || {
    echo "    -O0 --dump-after=counted shows no while loop"; return 1; }
  if "$WYC" --dump-after=nosuch "$1/count.whiley" > /dev/null 2> "$1/err"; then
    echo "    --dump-after=nosuch accepted"; return 1
  fi
  grep -q "no pass 'nosuch'.*consts, counted" "$1/err" || {
    echo "    --dump-after=nosuch:"; head -2 "$1/err"; return 1; }
  "$WYC" -v "$1/count.whiley" -o "$1/count" 2> "$1/v.err" || {
    echo "    could not build count.whiley"; return 1; }
  grep -q '^range analysis: [0-9]* runs for 1 kernel functions (' "$1/v.err" || {
    echo "    -v gave no range analysis count:"; head -3 "$1/v.err"; return 1; }
}

# The CPU path of a nest that filter/recur.c computes by jump-ahead is the
# nest as written (issue 42, item 7): the nest's offload is followed by a
# goto to the sequential version's label, which opens a copy of the nest,
# and with no device the program prints what the language says.
fault_recur_cpu_path() {
  cat > "$1/lcg.whiley" <<'EOF2'
import * from whiley.lang.*

[int] gen(int n, int seed):
	out = []
	s = seed
	while |out| < n:
		s = (s * 1103515245 + 12345) % 2147483648
		out = out + [s]
	return out

void ::main(System.Console sys):
	xs = gen(1000, 42)
	hist = [0, 0, 0, 0]
	for x in xs:
		hist[x % 4] = hist[x % 4] + 1
	sys.out.println(hist)
EOF2
  "$WYC" --explain "$1/lcg.whiley" | grep -q 'by jump-ahead' || {
    echo "    the generator's loop is not computed by jump-ahead"; return 1; }
  "$WYC" --target=wyil "$1/lcg.whiley" > "$1/wyil" || {
    echo "    --target=wyil failed"; return 1; }
  local label
  label=$(awk 'after { print $1 == "goto" ? $2 : "none"; exit }
               /^ *offload wyk_/ { after = 1 }' "$1/wyil")
  case "$label" in
    blklab*) ;;
    *) echo "    the offload is followed by '$label', not a goto"
       grep -A1 'offload wyk_' "$1/wyil" | head -2; return 1 ;;
  esac
  awk -v l=".$label" 'found && /forall/ { ok = 1; exit }
                      found && ++n > 2 { exit }
                      $1 == l { found = 1 } END { exit !ok }' "$1/wyil" || {
    echo "    $label opens no copy of the nest"; return 1; }
  "$WYC" "$1/lcg.whiley" -o "$1/lcg" 2> "$1/build.err" || {
    echo "    could not build lcg.whiley"; head -3 "$1/build.err"; return 1; }
  WYC_DEVICE=none "$1/lcg" > "$1/out" 2> "$1/err" < /dev/null || {
    echo "    exit status $?"; head -3 "$1/err"; return 1; }
  same_out "$1" "[250, 250, 250, 250]" "WYC_DEVICE=none"
}

# ---- the driver's own words (issue 42, items 5, 6, 11) ---------------
FAULT_TESTS+=" cc_failures cc_words dash_names input_errors emit_cl_full"

# expect_wyc DIR LABEL TEXT CMD...: CMD exits 1, one stderr line holds
# TEXT (a fixed string), and none says "internal error".
expect_wyc() {
  local d=$1 label=$2 text=$3; shift 3
  "$@" > "$d/out" 2> "$d/err" < /dev/null
  local st=$?
  if [ "$st" -ne 1 ] || ! grep -qF -- "$text" "$d/err" ||
     grep -qi "internal error" "$d/err"; then
    echo "    $label: exit status $st, stderr:"; head -4 "$d/err"
    return 1
  fi
}

# The C compiler's failures: a full disk as ld reports it, cc killed by a
# signal, and a plain error, whose first lines are shown.  The failing
# compilers are scripts that behave as cc does in those cases.
fault_cc_failures() {
  local d=$1
  fault_program "$d"
  printf '#!/bin/sh\necho "/usr/bin/ld: final link failed: %s" >&2\n%s\n' \
    "No space left on device" "exit 1" > "$d/fullcc"
  printf '#!/bin/sh\nkill -SEGV $$\n' > "$d/segvcc"
  printf '#!/bin/sh\necho "cc1: out of memory allocating 4072 bytes" >&2\n%s\n' \
    "exit 4" > "$d/oomcc"
  chmod +x "$d/fullcc" "$d/segvcc" "$d/oomcc"
  CC=$d/fullcc expect_wyc "$d" "a full disk" \
    "wyc: cannot write the executable '$d/x': No space left on device" \
    "$WYC" --target=c "$d/off.whiley" -o "$d/x" || return 1
  CC=$d/segvcc expect_wyc "$d" "cc killed" \
    "wyc: the C compiler '$d/segvcc' was killed by signal 11 (" \
    "$WYC" --target=c "$d/off.whiley" -o "$d/x" || return 1
  CC=$d/oomcc expect_wyc "$d" "cc out of memory" \
    "wyc: the C compiler '$d/oomcc' failed (exit status 4):" \
    "$WYC" --target=c "$d/off.whiley" -o "$d/x" || return 1
  grep -q "^  cc1: out of memory allocating" "$d/err" || {
    echo "    cc's own message is not shown:"; head -3 "$d/err"; return 1; }
}

# CC and WYC_CFLAGS are split as a shell splits them: CC of two words,
# a flag whose value holds a blank in quotes; a quote left open is an
# error that names the variable.
fault_cc_words() {
  local d=$1
  cat > "$d/q.whiley" <<'EOF2'
import * from whiley.lang.*

void ::main(System.Console sys):
	sys.out.println("ok")
EOF2
  printf '#!/bin/sh\nfor a; do echo "[$a]"; done > "%s/args"\nexec cc "$@"\n' \
    "$d" > "$d/argcc"
  chmod +x "$d/argcc"
  # the caller's flags (make asan's sanitizers) stay, the test's follow
  CC="env $d/argcc" \
  WYC_CFLAGS="${WYC_CFLAGS:-} -DX=\"a b\" -DY='c  d' -DZ=e\\ f" \
    "$WYC" --target=c "$d/q.whiley" -o "$d/q" 2> "$d/err" || {
    echo "    wyc failed:"; head -3 "$d/err"; return 1; }
  local w
  for w in "[-DX=a b]" "[-DY=c  d]" "[-DZ=e f]"; do
    grep -qxF -- "$w" "$d/args" || {
      echo "    cc was not given the one argument $w:"; head -12 "$d/args"
      return 1; }
  done
  [ "$("$d/q")" = ok ] || { echo "    the program does not run"; return 1; }
  WYC_CFLAGS="-DX='a b" expect_wyc "$d" "an open quote" \
    "wyc: WYC_CFLAGS: a single quote (') is not closed" \
    "$WYC" --target=c "$d/q.whiley" -o "$d/q"
}

# `--` ends the options (a file named -v.whiley); an output name that
# begins with '-' is a file name for cc, not an option (./-lfoo).
fault_dash_names() {
  local d=$1
  fault_program "$d"
  cp "$d/off.whiley" "$d/-v.whiley"
  ( cd "$d" && "$WYC" --target=c -- -v.whiley ) 2> "$d/err" || {
    echo "    wyc --target=c -- -v.whiley failed:"; head -3 "$d/err"
    return 1; }
  [ -x "$d/-v" ] || { echo "    no executable -v"; return 1; }
  ( cd "$d" && "$WYC" --target=c --keep-c off.whiley -o -lfoo ) \
    2> "$d/err" || {
    echo "    wyc -o -lfoo failed:"; head -3 "$d/err"; return 1; }
  [ -x "$d/-lfoo" ] && [ -f "$d/-lfoo.c" ] || {
    echo "    no executable named -lfoo (or no -lfoo.c):"; ls "$d"; return 1; }
  [ "$("$d/-lfoo" | head -1)" = "before the loop" ] || {
    echo "    -lfoo does not run"; return 1; }
}

# An input that cannot be read says why.
fault_input_errors() {
  local d=$1
  expect_wyc "$d" "no such file" \
    "wyc: cannot open '$d/none.whiley': No such file or directory" \
    "$WYC" "$d/none.whiley" || return 1
  expect_wyc "$d" "a directory" "wyc: cannot open '$d': it is a directory" \
    "$WYC" "$d"
}

# --emit-cl to a full device, or past the file size limit, says why and
# leaves no partial file.
fault_emit_cl_full() {
  local d=$1
  fault_program "$d"
  expect_wyc "$d" "--emit-cl /dev/full" \
    "wyc: cannot write '/dev/full': No space left on device" \
    "$WYC" --target=wyil --emit-cl /dev/full "$d/off.whiley" || return 1
  # stderr through a pipe: the limit would stop a write to a file too
  local st
  st=$( { ( trap '' XFSZ; ulimit -f 0
            exec "$WYC" --target=wyil --emit-cl "$d/k.cl" "$d/off.whiley" \
              > /dev/null ) 2>&1; echo "status $?" >&2; } 2>&1 |
        cat > "$d/err"; tail -1 "$d/err")
  if [ "$st" != "status 1" ] ||
     ! grep -qF "wyc: cannot write '$d/k.cl': File too large" "$d/err"; then
    echo "    --emit-cl under ulimit -f 0:"; head -3 "$d/err"; return 1
  fi
  [ ! -e "$d/k.cl" ] || { echo "    a partial $d/k.cl is left"; return 1; }
}

# ---- the runtime's limits (issue 42, items 3 and 4) -------------------
FAULT_TESTS+=" stack_overflow"

# Deep recursion is the language error "stack overflow", exit 1, at the
# recursive function's position, on both targets and whatever the stack
# limit; recursion that fits the stack still runs.
fault_stack_overflow() {
  local d=$1 t kb
  cat > "$d/deep.whiley" <<'EOF2'
import * from whiley.lang.*

int depth(int n):
	if n == 0:
		return 0
	return 1 + depth(n - 1)

public void ::main(System.Console sys):
	sys.out.println(depth(1000))
	sys.out.println(depth(|sys.args| * 5000000))
	sys.out.println("not reached")
EOF2
  for t in c opencl; do
    "$WYC" --target=$t "$d/deep.whiley" -o "$d/deep" 2> "$d/err" || {
      echo "    could not build ($t):"; head -3 "$d/err"; return 1; }
    for kb in 1024 8192; do
      ( ulimit -s $kb; exec "$d/deep" x ) > "$d/out" 2> "$d/err" < /dev/null
      local st=$?
      if [ "$st" -ne 1 ] || [ "$(cat "$d/out")" != 1000 ] ||
         ! grep -q "deep.whiley:3:5: stack overflow (recursion deeper than [0-9]*)$" \
           "$d/err"; then
        echo "    $t, ulimit -s $kb: exit status $st, output:"
        head -3 "$d/out" "$d/err" | sed 's/^/      /'; return 1
      fi
    done
  done
}

FAULT_TESTS+=" list_out_of_memory"

# A list larger than the machine can give is the error "out of memory
# (N bytes for a list of M elements)" at the instruction that builds it,
# exit 1, at once (no attempt to allocate it): 2^40 elements on both
# targets, and a list that outgrows ulimit -v by appends.
fault_list_out_of_memory() {
  local d=$1 t st
  cat > "$d/big.whiley" <<'EOF2'
import * from whiley.lang.*

public void ::main(System.Console sys):
	n = 1099511627776 / (|sys.args| + 1)
	sys.out.println("start")
	xs = 0..n
	sys.out.println(|xs|)
EOF2
  cat > "$d/grow.whiley" <<'EOF2'
import * from whiley.lang.*

public void ::main(System.Console sys):
	ys = []
	for i in 0..100000000:
		ys = ys + [i]
	sys.out.println(|ys|)
EOF2
  for t in c opencl; do
    "$WYC" --target=$t "$d/big.whiley" -o "$d/big" 2> "$d/err" || {
      echo "    could not build ($t):"; head -3 "$d/err"; return 1; }
    ( ulimit -t 10; exec "$d/big" ) > "$d/out" 2> "$d/err" < /dev/null
    st=$?
    if [ "$st" -ne 1 ] || [ "$(cat "$d/out")" != start ] ||
       ! grep -q "^$d/big.whiley:6:7: out of memory (8796093022208 bytes for a list of 1099511627776 elements)$" "$d/err"; then
      echo "    2^40 elements ($t): exit status $st, output:"
      head -3 "$d/out" "$d/err" | sed 's/^/      /'; return 1
    fi
  done
  sanitized && return 0   # ASan's shadow memory does not fit ulimit -v
  "$WYC" --target=c "$d/grow.whiley" -o "$d/grow" 2> "$d/err" || {
    echo "    could not build grow.whiley:"; head -3 "$d/err"; return 1; }
  ( ulimit -v 300000 -t 20; exec "$d/grow" ) > "$d/out" 2> "$d/err" \
    < /dev/null
  st=$?
  if [ "$st" -ne 1 ] ||
     ! grep -q "^$d/grow.whiley:6:8: out of memory ([0-9]* bytes for a list of [0-9]* elements)$" "$d/err"; then
    echo "    appends under ulimit -v 300000: exit status $st, output:"
    head -3 "$d/out" "$d/err" | sed 's/^/      /'; return 1
  fi
}

FAULT_TESTS+=" linear_scale"

# cost_of FILE [ARGS...]: run `wyc ARGS FILE` (ARGS: --target=wyil by
# default; output to FILE.out) three times and print its exit status, the least CPU seconds (user + system)
# and the least maximum resident set (KB) of the three, from wait4 of
# each child, not wall time: the best of three keeps a busy machine's
# stalls (another job's page faults, a descheduled core) out.  Through
# GNU time where there is one: a child forked from python starts with
# python's resident set (about 13 MB), which a small run's maximum
# would report instead of its own.  The maximum is that of wyc and of the
# C compiler it runs (wait4 reports the largest of a process and the
# children it waited for).
cost_of() {
  python3 -c '
import os, subprocess, sys
gnu_time = "/usr/bin/time"
best_t = best_m = None
for _ in range(3):
    cmd = [sys.argv[1]] + (sys.argv[3:] or ["--target=wyil"]) + [sys.argv[2]]
    rfile = sys.argv[2] + ".rusage"
    if os.access(gnu_time, os.X_OK):
        cmd = [gnu_time, "-f", "%U %S %M", "-o", rfile] + cmd
    with open(sys.argv[2] + ".out", "w") as out:
        p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL)
        _, status, r = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        print(p.returncode, 0, 0); sys.exit()
    t, m = r.ru_utime + r.ru_stime, r.ru_maxrss
    if os.access(gnu_time, os.X_OK):
        u, s, m = open(rfile).read().split()[-3:]
        t, m = float(u) + float(s), int(m)
    best_t = t if best_t is None else min(best_t, t)
    best_m = m if best_m is None else min(best_m, m)
print(0, best_t, best_m)' "$WYC" "$@"
}

# grows_linearly WHAT SMALL-FILE N1 LARGE-FILE N2 BASE-FILE [BYTES]: the
# CPU time and the memory per unit (function, term) of the large file may
# be at most 1.6 times those of the small one (a ratio: robust to a busy
# machine), both less those of BASE-FILE, a program of nothing (what
# every run costs); a small floor keeps timer noise out.  With BYTES, the
# large file's memory per unit may be at most BYTES (not under the
# sanitizers, whose shadow memory and redzones it would count).
grows_linearly() {
  local a b z ceiling=${7:-0}
  sanitized && ceiling=0
  a=$(cost_of "$2") && b=$(cost_of "$4") && z=$(cost_of "$6") || return 1
  set -- "$1" "$3" "$5" $a $b $z
  if [ "$4" -ne 0 ] || [ "$7" -ne 0 ] || [ "${10}" -ne 0 ]; then
    echo "    $1: wyc --target=wyil failed (exit status $4, $7, ${10})"
    return 1
  fi
  awk -v what="$1" -v n1="$2" -v n2="$3" -v t1="$5" -v m1="$6" \
      -v t2="$8" -v m2="$9" -v t0="${11}" -v m0="${12}" \
      -v ceiling="$ceiling" 'BEGIN {
    t1 -= t0; t2 -= t0; m1 -= m0; m2 -= m0
    if (ceiling > 0 && m2 * 1024 / n2 > ceiling) {
      printf "    %s: %d bytes of memory per unit at %d (at most %d)\n",
             what, m2 * 1024 / n2, n2, ceiling
      exit 1 }
    if (t1 < 0.05) t1 = 0.05
    if (m1 < 1000) m1 = 1000
    rt = (t2 / n2) / (t1 / n1); rm = (m2 / n2) / (m1 / n1)
    if (rt > 1.6 || rm > 1.6) {
      printf "    %s: per unit, %d -> %d: CPU x%.2f (%.2fs -> %.2fs), " \
             "memory x%.2f (%d KB -> %d KB)\n", what, n1, n2, rt, t1, t2,
             rm, m1, m2
      exit 1 } }'
}

# Compile time and memory linear in the program: 20,000 and 40,000
# one-line functions (name tables searched linearly, per-function copies
# of module-wide data grow with the square), and 20,000 and 40,000 terms
# `x + x + ...` in one function, 1,000 to a statement (per-instruction
# work over all registers, such as liveness as bit sets of every
# register at every instruction, grows with the square of the body).
# The functions also have a ceiling, 1,789 bytes each: 2 GiB for 1.2
# million of them (issue 42; about 1,500 measured; 9,300 when tokens,
# trees and control flow tables all lived to the end of the run), and so
# has the full build of the 40,000, the C compiler's memory included
# (9 KB a function when every function went to the C file: gcc parses
# them all before it drops those main does not reach).
fault_linear_scale() {
  local d=$1 n
  for n in 20000 40000; do
    awk -v n=$n 'BEGIN { print "import * from whiley.lang.*\n";
      for (i = 0; i < n; i++)
        printf "int f%d(int x):\n\treturn x + %d\n\n", i, i;
      print "void ::main(System.Console sys):";
      printf "\tsys.out.println(f%d(1))\n", n - 1 }' > "$d/f$n.whiley"
  done
  for n in 20000 40000; do
    awk -v n=$n 'BEGIN { print "import * from whiley.lang.*\n";
      print "void ::main(System.Console sys):";
      print "\tx = |sys.args|\n\ty = 0";
      for (i = 0; i < n; i++)
        printf (i % 1000 ? " + x" : i ? "\n\ty = y + x" : "\ty = y + x");
      print "\n\tsys.out.println(y)" }' > "$d/c$n.whiley"
  done
  printf '%s\n' 'import * from whiley.lang.*' '' \
    'void ::main(System.Console sys):' '	sys.out.println(1)' > "$d/base.whiley"
  grows_linearly "one-line functions" "$d/f20000.whiley" 20000 \
    "$d/f40000.whiley" 40000 "$d/base.whiley" 1789 || return 1
  grep -q "f39999" "$d/f40000.whiley.out" || {
    echo "    40,000 functions: f39999 missing from the WYIL"; return 1; }
  if ! sanitized; then   # (the whole maximum: the C compiler's is not
    local full          # added to wyc's, so no base is taken off)
    full=$(cost_of "$d/f40000.whiley" --target=c -o "$d/f40000") || return 1
    set -- $full
    if [ "$1" -ne 0 ]; then
      echo "    --target=c of 40,000 functions: exit status $1"; return 1
    fi
    if [ $(($3 * 1024 / 40000)) -gt 1789 ]; then
      echo "    --target=c of 40,000 functions: $(($3 * 1024 / 40000))" \
        "bytes of memory per function (at most 1789)"; return 1
    fi
    "$d/f40000" > "$d/out" < /dev/null && [ "$(cat "$d/out")" = 40000 ] ||
      { echo "    f40000 printed $(head -c 80 "$d/out")"; return 1; }
  fi
  grows_linearly "sums of x + x + ..." "$d/c20000.whiley" 20000 \
    "$d/c40000.whiley" 40000 "$d/base.whiley"
}

FAULT_TESTS+=" reach_scale"

# reach_program N FILE [TERMS]: N functions, a binary tree all reachable
# from main (f_i calls f_2i+1 and f_2i+2), each node adding 1 + 2 + ...
# + TERMS (0: none) to its children's values and each leaf returning
# x + 1; main prints f0(0), which is written to FILE.want.
reach_program() {
  awk -v n=$1 -v terms=${3:-0} -v want="$2.want" 'BEGIN {
    print "import * from whiley.lang.*\n"
    for (i = n - 1; i >= 0; i--) {
      a = 2 * i + 1; b = a + 1; extra = ""
      for (k = 1; k <= terms; k++) extra = extra " + " k
      if (a >= n) { v[i] = 1; body = "x + 1" }
      else if (b >= n) { v[i] = v[a] + terms * (terms + 1) / 2
                         body = "f" a "(x)" extra }
      else { v[i] = v[a] + v[b] + terms * (terms + 1) / 2
             body = "f" a "(x) + f" b "(x)" extra }
      text[i] = "int f" i "(int x):\n\treturn " body "\n"
    }
    for (i = 0; i < n; i++) print text[i]
    print "void ::main(System.Console sys):"
    print "\tsys.out.println(f0(|sys.args|))"
    print v[0] > want }' > "$2"
}

# All functions reachable (issue 42, item 2): the C back end emits what
# main reaches, so here it emits every function.  --target=wyil of
# 20,000 and 40,000 of them grows linearly, with the ceiling of
# fault_linear_scale (1,789 bytes a function: 2 GiB for 1.2 million; a
# search of the callee of every call among all functions made the time
# grow with the square), and so does wyc writing their C (CC=true: no C
# compiler runs, the units are kept): the C of a large program goes to
# several units as it is made, never all in memory.  Then a program of
# 1,000 functions (500 of 44 instructions), past the size that is one
# unit, is built and run: the units call each other's functions.
fault_reach_scale() {
  local d=$1 st
  reach_program 20000 "$d/r20000.whiley"
  reach_program 40000 "$d/r40000.whiley"
  printf '%s\n' 'import * from whiley.lang.*' '' \
    'void ::main(System.Console sys):' '	sys.out.println(1)' > "$d/base.whiley"
  grows_linearly "all-reachable functions" "$d/r20000.whiley" 20000 \
    "$d/r40000.whiley" 40000 "$d/base.whiley" 1789 || return 1
  grep -q "^int f39999(int)" "$d/r40000.whiley.out" || {
    echo "    40,000 functions: f39999 missing from the WYIL"; return 1; }
  if ! sanitized; then
    st=$(CC=true cost_of "$d/r40000.whiley" --target=c --keep-c \
         -o "$d/r40000") || return 1
    set -- $st
    if [ "$1" -ne 0 ]; then
      echo "    C of 40,000 reachable functions: exit status $1"; return 1
    fi
    if [ $(($3 * 1024 / 40000)) -gt 1789 ]; then
      echo "    C of 40,000 reachable functions: $(($3 * 1024 / 40000))" \
        "bytes of memory per function (at most 1789)"; return 1
    fi
    ls "$d"/r40000-*.c > /dev/null 2>&1 && [ -f "$d/r40000.h" ] || {
      echo "    C of 40,000 reachable functions: no units kept"; return 1; }
    rm -f "$d"/r40000*.c "$d/r40000.h"
  fi
  reach_program 1000 "$d/units.whiley" 20
  "$WYC" --target=c --keep-c "$d/units.whiley" -o "$d/units" \
    2> "$d/err" || {
    echo "    1,000 functions: could not build"
    head -3 "$d/err"; return 1; }
  [ -f "$d/units-2.c" ] || {
    echo "    1,000 functions: fewer than 2 units"
    return 1; }
  "$d/units" > "$d/out" < /dev/null && cmp -s "$d/out" "$d/units.whiley.want" ||
    { echo "    units printed $(head -c 80 "$d/out"), not" \
        "$(cat "$d/units.whiley.want")"; return 1; }
}

# ---- ranges a dependence test took as ascending (issue 39) ------------
FAULT_TESTS+=" ascend_assumed"

# tests/filter/affine_ascend.whiley's triangle copy runs its inner range
# (j1 + 1)..p downwards in its last call: the kernel, compiled to take
# that range as ascending (its dependence test needs it), must refuse on
# every device, PoCL's included (where a range of unknown direction
# otherwise runs either way), and the CPU's rerun print the right rows.
fault_ascend_assumed() {
  local prog=tests/filter/affine_ascend
  "$WYC" "$prog.whiley" -o "$1/asc" 2> "$1/build.err" || {
    echo "    could not build $prog.whiley"; head -3 "$1/build.err"; return 1; }
  WYC_OFFLOAD=mandatory "$1/asc" > "$1/out" 2> "$1/err" < /dev/null && {
    echo "    the descending inner range ran on the device"; return 1; }
  grep -q "affine_ascend.whiley:23:2: kernel wyk_3 cannot run on the device.*compiled to take as ascending runs downwards" "$1/err" || {
    echo "    no note of the descending range:"; head -3 "$1/err"; return 1; }
  "$1/asc" > "$1/out" 2> "$1/err" < /dev/null || {
    echo "    exit status $? without WYC_OFFLOAD"; head -3 "$1/err"; return 1; }
  diff -q "$1/out" "$prog.sysout" > /dev/null || {
    echo "    the output differs from $prog.sysout"
    diff "$prog.sysout" "$1/out" | head -5; return 1; }
}

# ---- reductions of reals on a device without double (issue 40) -------
FAULT_TESTS+=" float_only_sums"

# WYC_DEV=fp64=0 takes the device to have no double precision: a program
# that forces --gpu-real=double falls back (mandatory: an error naming
# it), and the float sums of tests/valid/real_sums_float*.whiley, which
# then accumulate compensated float pairs, print their exact sums: one
# element per work item (-O2), a row per work item and a chain with a
# product (-O1).
fault_float_only_sums() {
  local src=tests/valid/real_sums_float case prog opt
  for case in real_sums_float:-O2 real_sums_float_nest:-O1; do
    prog=tests/valid/${case%%:*} opt=${case#*:}
    "$WYC" --gpu-real=float "$opt" "$prog.whiley" -o "$1/sums" \
      2> "$1/build.err" || {
      echo "    could not build $prog.whiley"; head -3 "$1/build.err"
      return 1; }
    run_like "$1" "$1/sums" "$prog.sysout" "$prog $opt, fp64=0" \
      XDG_CACHE_HOME="$1/cache" WYC_DEV="$WYC_DEV,fp64=0" || return 1
  done
  "$WYC" --gpu-real=double "$src.whiley" -o "$1/dbl" 2> "$1/build.err" || {
    echo "    could not build $src.whiley"; head -3 "$1/build.err"; return 1; }
  WYC_DEV="$WYC_DEV,fp64=0" WYC_OFFLOAD=mandatory XDG_CACHE_HOME="$1/cache" \
    "$1/dbl" > "$1/out" 2> "$1/err" < /dev/null && {
    echo "    --gpu-real=double, fp64=0: ran on the device"; return 1; }
  grep -q "no double precision" "$1/err" || {
    echo "    --gpu-real=double, fp64=0: no note of the missing double"
    head -3 "$1/err"; return 1; }
}

# ---- real lists kept on the device across time steps (issue 40) ------
FAULT_TESTS+=" real_steps_resident"

# In --real=double a time loop over a 2-D heat equation ([[real]], `b =
# a` copied on the device each step) and a 1-D relaxation ([real], `out
# = a`) move each list up at most once and down at most once, whatever
# the number of steps: the lists are built on the device and stay there
# between the steps; the host's reads at the end fetch them.  The
# expected values are Python's floats over the same operations in the
# same order (a CPU device fuses no products).
fault_real_steps_resident() {
  cat > "$1/steps.whiley" <<'EOF2'
import * from whiley.lang.*

void ::main(System.Console sys):
	n = 40
	a = []
	for i in 0..n:
		row = []
		for j in 0..n:
			row = row + [((real)((i * 7 + j * 3) % 11)) / 10.0]
		a = a + [row]
	for t in 0..30:
		b = a
		for i in 1..(n - 1):
			for j in 1..(n - 1):
				b[i][j] = a[i][j] + 0.1 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1] - 4.0 * a[i][j])
		a = b
	sys.out.println(a[20][19])
	sys.out.println(a[1][38])
	v = []
	for i in 0..1000:
		v = v + [((real)(i % 13)) * 0.25]
	for t in 0..30:
		out = v
		for i in 1..999:
			out[i] = (v[i - 1] + v[i] + v[i + 1]) / 3.0
		v = out
	sys.out.println(v[500])
	sys.out.println(v[1])
EOF2
  printf '%s\n' 0.5007998333005071 0.433488758432331 1.5 \
    0.23825696113715197 > "$1/want"
  "$WYC" --real=double "$1/steps.whiley" -o "$1/steps" 2> "$1/build.err" || {
    echo "    could not build steps.whiley"; head -3 "$1/build.err"; return 1; }
  run_like "$1" "$1/steps" "$1/want" "--real=double" \
    XDG_CACHE_HOME="$1/cache" WYC_PROFILE=1 || return 1
  local lists up down
  lists=$(grep '^# lists:' "$1/err")
  up=$(echo "$lists" | sed -n 's/^# lists: \([0-9]*\) upload.*/\1/p')
  down=$(echo "$lists" | sed -n 's/.*bytes, \([0-9]*\) download.*/\1/p')
  # both lists are built on the device (0 uploads; 1 allowed), each
  # fetched once by the host's reads at the end
  if [ -z "$up" ] || [ -z "$down" ] || [ "$up" -gt 1 ] || [ "$down" -gt 2 ]; then
    echo "    lists moved each step: $lists"; return 1
  fi
}
