#!/usr/bin/env bash
# tests/fuzz/run.sh -- `make fuzz`: AFL++ over the front end and the C
# back end (fuzz_front.c), seeded with every program of tests/ and the
# dictionary whiley.dict.
#   FUZZ_BIN   the instrumented harness (made by `make fuzz`)
#   FUZZ_DIR   scratch: seeds, findings (default build-fuzz/fuzz)
#   FUZZ_TIME  seconds to fuzz (default 1800; CI runs 60)
# Prints executions, coverage (edges found, bitmap share) and the
# findings; exit status 1 when there is a crash or a hang.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 2
bin=${FUZZ_BIN:?FUZZ_BIN: the instrumented harness}
dir=${FUZZ_DIR:-build-fuzz/fuzz}
time=${FUZZ_TIME:-1800}
command -v afl-fuzz > /dev/null || {
  echo "fuzz: afl-fuzz not found (Debian: apt-get install afl++)"; exit 2; }
rm -rf "$dir/seeds" "$dir/out" "$dir/scratch"
mkdir -p "$dir/seeds" "$dir/scratch"
for f in tests/valid/*.whiley tests/invalid/*.whiley tests/filter/*.whiley; do
  cp "$f" "$dir/seeds/$(basename "$(dirname "$f")")_$(basename "$f")"
done
echo "fuzz: $(ls "$dir/seeds" | wc -l) seeds, $time s"
# no UI, no CPU binding (a shared machine), no core-pattern demands
AFL_NO_UI=1 AFL_NO_AFFINITY=1 AFL_SKIP_CPUFREQ=1 \
AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_SUPPRESS_UI=1 \
  afl-fuzz -V "$time" -t 1000+ -m none -i "$dir/seeds" -o "$dir/out" \
    -x tests/fuzz/whiley.dict -- "$bin" @@ stdlib "$dir/scratch" \
    > "$dir/afl.log" 2>&1 < /dev/null
st=$?
stats=$dir/out/default/fuzzer_stats
if [ ! -f "$stats" ]; then
  echo "fuzz: afl-fuzz failed (status $st):"; tail -n 15 "$dir/afl.log"
  exit 2
fi
get() { sed -n "s/^$1 *: *//p" "$stats"; }
echo "fuzz: $(get execs_done) executions in $(get run_time) s" \
     "($(get execs_per_sec)/s), $(get corpus_count) inputs in the corpus"
echo "fuzz: coverage: $(get edges_found) of $(get total_edges) edges" \
     "(bitmap $(get bitmap_cvg))"
crashes=$(get saved_crashes) hangs=$(get saved_hangs)
echo "fuzz: $crashes crashes, $hangs hangs"
if [ "${crashes:-0}" != 0 ] || [ "${hangs:-0}" != 0 ]; then
  ls "$dir/out/default/crashes" "$dir/out/default/hangs" 2>/dev/null |
    head -n 12 | sed 's/^/    /'
  echo "fuzz: reproduce with: $bin FILE stdlib /tmp"
  exit 1
fi
