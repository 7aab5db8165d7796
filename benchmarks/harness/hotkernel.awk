# hotkernel.awk -- one run's stderr -> the execute phase, in ms, of the
# offloaded calls made inside the benchmark region (the "call" rows of
# WYC_PROFILE=1, which printOutGPUBenchmarkResults prints for the
# region's calls only), summed; empty when there are none (the
# hand-written references: all their kernels are the hot loop's).  The
# kernel column counts every offloaded call, also those that build the
# inputs on the device, which the references build on the host.
BEGIN { FS = "," }
/^kind,region,kernel,call,/ {
  for (i = 1; i <= NF; i++) col[$i] = i
  next
}
/^call,/ && ("execute_ms" in col) { hot += $(col["execute_ms"]); n++ }
END { if (n) printf "%.3f", hot }
