#!/usr/bin/env bash
# Run a bundle made by tests/device/pack.sh on this machine's devices.
#   bash BUNDLE/run.sh [DEVICE...]      (default: gpu cpu)
# For each device: every program test, at -O2, -O1 and -O0, must print
# its expected output (and, for runtime-error tests, exit 1 with the
# message), with WYC_OFFLOAD=mandatory unless NAME.fallback exists; the extra
# programs are compared with their .sysout where there is one.  Prints
# one line per failure, the fallback notes seen, and "N passed, N
# failed" per device.  PROFILE="NAME ..." also runs those extra
# programs with WYC_PROFILE=1 and prints their per-phase times.  COLD=1
# runs each extra program once, with empty kernel caches (wyc's and the
# driver's), as a user's first run: timing guards must pass even then.
# SETS="extra" runs only the extra programs (default "progs extra").
set -u
here=$(cd "$(dirname "$0")" && pwd)
devices=${*:-gpu cpu}
"$here/wyc" --list-devices
norm() { tr -d '\r' < "$1" | sed -e 's/[[:space:]]*$//' -e '$a\' | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'; }
total_fail=0
for dev in $devices; do
  pass=0 fail=0 notes=0
  for exe in $(for set in ${SETS:-progs extra}; do echo "$here/$set"/*; done); do
    case $exe in *.sysout|*.stderr|*.fallback|*.ieee) continue;; esac
    [ -x "$exe" ] || continue
    name=$(basename "$exe"); base=${exe%.float}; base=${base%.O[01]}
    exp=$base.sysout
    # device reals: -O2 and -O1 print NAME.device.sysout where it exists
    case $exe in *.float) ;; *.O0)
      [ -f "$base.ieee" ] && [ -f "$base.device.sysout" ] &&
        exp=$base.device.sysout;; *)
      [ -f "$base.device.sysout" ] && exp=$base.device.sysout;; esac
    # program tests: every kernel on the device, no cost rule keeping a
    # call on the CPU (runtime/ocl_cost.c); extra programs: as a user runs
    offload=mandatory small=device
    case $exe in "$here"/extra/*) offload= small=;; esac
    [ -f "$base.fallback" ] && offload=""
    # extra programs may carry timing guards: warm the kernel cache first
    # (COLD=1: start from empty caches instead)
    case $exe in "$here"/extra/*)
      if [ -n "${COLD:-}" ]; then
        cold=$(mktemp -d); export XDG_CACHE_HOME=$cold CUDA_CACHE_PATH=$cold/nv
      else
        WYC_DEVICE=$dev WYC_QUIET=1 timeout ${STEP_TIMEOUT:-30} "$exe" > /dev/null 2>&1 < /dev/null
      fi;;
    esac
    WYC_OFFLOAD=$offload WYC_DEV=${small:+small_calls=$small,}${WYC_DEV:-} WYC_DEVICE=$dev timeout ${STEP_TIMEOUT:-30} "$exe" > /tmp/dev.out 2> /tmp/dev.err < /dev/null
    st=$?
    grep -q 'runs on the CPU' /tmp/dev.err && { notes=$((notes + 1));
      echo "  note [$dev] $name: $(grep -m1 'runs on the CPU' /tmp/dev.err)"; }
    [ -f "$exp" ] || { echo "  ran  [$dev] $name (rc=$st): $(head -c 120 /tmp/dev.out | tr '\n' ' ')"; continue; }
    case $name in *.float) echo "  float [$dev] $name: $(head -c 160 /tmp/dev.out | tr '\n' ' ')"; continue;; esac
    if [ -f "$base.stderr" ]; then want=1; else want=0; fi
    if cmp -s <(norm "$exp") <(norm /tmp/dev.out) && [ "$st" = "$want" ]; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1))
      echo "FAIL [$dev] $name (rc=$st): $(diff <(norm "$exp") <(norm /tmp/dev.out) | head -3 | tr '\n' ' ' | cut -c1-200)"
    fi
  done
  for p in ${PROFILE:-}; do
    echo "[$dev] phase profile of $p:"
    WYC_DEVICE=$dev WYC_PROFILE=1 timeout ${STEP_TIMEOUT:-30} "$here/extra/$p" > /dev/null 2> /tmp/dev.err < /dev/null
    grep -A20 'wyc profile' /tmp/dev.err | sed 's/^/    /'
  done
  echo "[$dev] fallback notes: $notes"
  echo "[$dev] $pass passed, $fail failed"
  total_fail=$((total_fail + fail))
done
[ "$total_fail" -eq 0 ]
