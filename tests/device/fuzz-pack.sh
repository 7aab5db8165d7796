#!/usr/bin/env bash
# Here, before tests/device/fuzz-machine.sh runs there: the OpenCL C
# headers the generated programs include (the device machine has none).
set -eu
mkdir -p .carry/include
cp -r /usr/include/CL .carry/include/
echo "headers in .carry/include"
