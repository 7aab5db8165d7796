# micro.awk -- one micro-benchmark run's stderr -> its timings, on one
# line separated by spaces:
#   region_ms region_calls calls fallbacks marshal_ms unmarshal_ms
# region_ms: the benchmarking region (whiley.gpgpu.Util's "region" rows,
# summed); region_calls: the offloaded calls recorded inside it (its
# "average" rows' call counts); from the WYC_PROFILE=1 table, summed over
# the kernels: calls on the device, fallbacks, and the marshal and
# unmarshal phases in ms (average per call times calls).
BEGIN { FS = "," }
/^region,/ { region += $NF; next }
/^average,/ { rcalls += $4; next }
/^kernel,calls,fallbacks/ {
  inprof = 1
  for (i = 1; i <= NF; i++) col[$i] = i
  next
}
inprof && $2 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/ {
  calls += $2
  falls += $3
  m += $2 * $(col["marshal_ms"])
  u += $2 * $(col["unmarshal_ms"])
  next
}
{ inprof = 0 }
END {
  printf "%.4f %d %d %d %.4f %.4f\n", region, rcalls, calls, falls, m, u
}
