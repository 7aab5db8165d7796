# profile.awk -- one run's stderr -> its timings, tab-separated:
#   region calls fallbacks init marshal upload execute download unmarshal
#   other offload
# region: the wall time of the hot loop in ms (the "region" rows that
# whiley.gpgpu.Util's printOutGPUBenchmarkResults prints, summed);
# calls, fallbacks: offloaded calls that ran on the device / fell back;
# the phases: ms summed over the kernels, from the WYC_PROFILE=1 table
# (average per call times calls); offload: their total.
BEGIN {
  FS = ","
  nph = split("init marshal upload execute download unmarshal other total",
              ph, " ")
  region = ""
}
/^region,/ { region += $NF; next }
/^kernel,calls,fallbacks/ {
  inprof = 1
  for (i = 1; i <= NF; i++) col[$i] = i
  next
}
inprof && $2 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/ {
  calls += $2
  falls += $3
  for (p = 1; p <= nph; p++)
    if ((ph[p] "_ms") in col) t[p] += $2 * $(col[ph[p] "_ms"])
  next
}
{ inprof = 0 }
END {
  printf "%s\t%d\t%d", (region == "" ? "" : sprintf("%.3f", region)),
         calls, falls
  for (p = 1; p <= nph; p++) printf "\t%.3f", t[p]
}
