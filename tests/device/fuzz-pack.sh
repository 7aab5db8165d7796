#!/usr/bin/env bash
# Here, before tests/device/fuzz-machine.sh runs there: the OpenCL C
# headers the generated programs include, and libsodium's static library
# they link (the cache's MAC) -- the device machine has neither.
set -eu
mkdir -p .carry/include
cp -r /usr/include/CL .carry/include/
mkdir -p .carry/lib
cp /usr/lib/x86_64-linux-gnu/libsodium.a .carry/lib/
echo "headers in .carry/include, libsodium.a in .carry/lib"
