# markdown.awk -- the results CSV -> the Markdown report on stdout.
# Variables: title, settings, version, devices (file: P:D type name),
# plots (file: one "caption<TAB>png" per line), micro (file: the
# micro-benchmarks' CSV, possibly empty).
BEGIN { FS = "," }
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
{
  n++
  for (i = 1; i <= NF; i++) cell[n, i] = $i
  s = $col["set"]
  if (!(s in setseen)) { setseen[s] = 1; sets[++nsets] = s }
}
function f(r, name) { return cell[r, col[name]] }
# ms, with a precision that suits the value
function ms(x) {
  if (x == "") return "–"
  if (x + 0 >= 1000) return sprintf("%.0f", x)
  if (x + 0 >= 10) return sprintf("%.1f", x)
  return sprintf("%.2f", x)
}
function times(r, name) {
  if (f(r, name "_ms_median") == "") return "–"
  return ms(f(r, name "_ms_median")) " (" ms(f(r, name "_ms_min")) "–" \
         ms(f(r, name "_ms_max")) ")"
}
function x(v) { return v == "" ? "–" : sprintf("%.2f", v) }
function isref(r) { return f(r, "opt") ~ /^ref-/ }
# rows whose kernel time is their hot loop
function hostonly(r, d) {
  d = f(r, "device")
  return d == "none" || d == "c" || d == "omp"
}
function label(r, d) {
  d = f(r, "device")
  if (d == "none") return "seq (none)"
  if (d == "c") return "exact C"
  if (d == "omp") return "ref OpenMP"
  if (f(r, "opt") == "ref-ocl") return "ref OpenCL " f(r, "device_type") \
                                       " " d
  return f(r, "device_type") " " d
}
function optl(r) {
  return (hostonly(r) || isref(r)) ? "–" : f(r, "opt")
}
# wyc's device rows of set s against the hand-written references
function refs_table(s,    r, hdr) {
  for (r = 1; r <= n; r++) {
    if (f(r, "set") != s || hostonly(r) || isref(r)) continue
    if (f(r, "ref_ocl_wall_ms") == "" && f(r, "ref_omp_wall_ms") == "")
      continue
    if (!hdr) {
      hdr = 1
      print ""
      print "wyc against the hand-written references (medians, ms; ratios " \
            "= wyc / reference, above 1: wyc is slower; OpenCL on the " \
            "same device)."
      print ""
      print "*hot kernel*: wyc's kernels of the hot loop alone (the " \
            "region's calls), without those that build its inputs on " \
            "the device, which the references build on the host and " \
            "upload."
      print ""
      print "| program | args | device | opt | wyc wall | wyc kernel | " \
            "wyc hot kernel | ref OpenCL wall | ref OpenCL kernel | " \
            "ref OpenMP wall | wall / ref OpenCL | kernel / ref OpenCL | " \
            "hot kernel / ref OpenCL | wall / ref OpenMP |"
      print "|---|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
    }
    print "| " f(r, "program") " | " f(r, "args") " | " label(r) " | " \
          optl(r) " | " ms(f(r, "wall_ms_median")) " | " \
          ms(f(r, "execute_ms_median")) " | " \
          ms(f(r, "hot_ms_median")) " | " ms(f(r, "ref_ocl_wall_ms")) \
          " | " ms(f(r, "ref_ocl_kernel_ms")) " | " \
          ms(f(r, "ref_omp_wall_ms")) " | " x(f(r, "wall_vs_ref_ocl")) \
          " | " x(f(r, "kernel_vs_ref_ocl")) " | " \
          x(f(r, "hot_kernel_vs_ref_ocl")) " | " \
          x(f(r, "wall_vs_ref_omp")) " |"
  }
}
# the micro-benchmarks (benchmarks/micro/run.sh's CSV)
function micro_table(    line, nl, c, mc, i, nf, st) {
  while ((getline line < micro) > 0) {
    nf = split(line, c, ",")
    if (++nl == 1) {
      for (i = 1; i <= nf; i++) mc[c[i]] = i
      print ""
      print "## Micro-benchmarks"
      print ""
      print "Per call: an offloaded loop over 32 items (`percall.whiley`: " \
            "the wall time of a run of 11 x calls calls minus that of " \
            "a run of calls, over the 10 x calls between) against a raw " \
            "`clEnqueueNDRangeKernel` + `clFinish` of an empty kernel " \
            "(`roundtrip.c`, median). Marshalling: one offloaded " \
            "`a[i] = a[i] + 1` over n elements that a CPU loop built " \
            "(`marshal_*.whiley`), " \
            "host bytes over WYC_PROFILE's marshal and unmarshal phases, " \
            "against single-threaded memcpy of the `[int]` list's bytes " \
            "(`memcpy.c`). GB = 10^9 bytes."
      print ""
      print "| device | status | calls | round trip µs (median, mean) | " \
            "wyc call µs | × round trip | n | memcpy GB/s | " \
            "[int] marshal GB/s | [int] unmarshal GB/s | " \
            "[real] marshal GB/s | [real] unmarshal GB/s | " \
            "[[real]] marshal GB/s | [[real]] unmarshal GB/s | " \
            "[[[real]]] marshal GB/s | [[[real]]] unmarshal GB/s |"
      print "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
      continue
    }
    st = c[mc["status"]]
    if (st != "ok") st = "**" st "**: " c[mc["note"]]
    print "| " c[mc["device_type"]] " " c[mc["device"]] " | " st " | " \
          c[mc["calls"]] " | " ms(c[mc["roundtrip_us_median"]]) ", " \
          ms(c[mc["roundtrip_us_mean"]]) " | " ms(c[mc["wyc_call_us"]]) \
          " | " x(c[mc["wyc_call_vs_roundtrip"]]) " | " c[mc["elements"]] \
          " | " ms(c[mc["memcpy_gb_s"]]) " | " \
          gbs(c, mc, "int_marshal") " | " gbs(c, mc, "int_unmarshal") \
          " | " gbs(c, mc, "real_marshal") " | " \
          gbs(c, mc, "real_unmarshal") " | " gbs(c, mc, "real2_marshal") \
          " | " gbs(c, mc, "real2_unmarshal") " | " \
          gbs(c, mc, "real3_marshal") " | " gbs(c, mc, "real3_unmarshal") " |"
  }
  if (nl > 1)
    print "\nHost bytes per element: " c[mc["host_bytes_int"]] " for " \
          "`[int]`, " c[mc["host_bytes_real"]] " for `[real]` (the " \
          "immediate word of a small rational); the fraction is of " \
          "memcpy's rate."
}
# "GB/s (fraction of memcpy)"
function gbs(c, mc, what,    v, r) {
  v = c[mc[what "_gb_s"]]
  r = c[mc[what "_vs_memcpy"]]
  if (v == "") return "–"
  return ms(v) (r == "" ? "" : " (" sprintf("%.2f", r) ")")
}
END {
  print "# Device benchmarks: " title
  print ""
  print version ". Settings: `" (settings == "" ? "unknown (report " \
        "redrawn from the .runs.tsv file)" : settings) "`."
  print ""
  print "Devices:"
  print ""
  while ((getline line < devices) > 0) {
    split(line, d, "\t")
    print "- `" d[1] "` " d[2] ": " d[3]
  }
  print "- `none`: the exact sequential path of the same executables " \
        "(`WYC_DEVICE=none`)"
  print "- `exact C`: the `--target=c` executable (small sizes only)"
  print "- `ref OpenCL`: the hand-written OpenCL reference " \
        "(`benchmarks/reference/NAME.ocl.c`) on that device"
  print "- `ref OpenMP`: the hand-written C + OpenMP reference " \
        "(`NAME.omp.c`), on all the host's cores unless OMP_NUM_THREADS " \
        "says otherwise"
  print ""
  print "Times in ms: median (min–max) of the measured runs. *wall*: the " \
        "whole process; *hot loop*: the region between " \
        "`beginGPUBenchmarking()` and `endGPUBenchmarking()`; *kernel*: " \
        "the execute phase of the offloaded calls (for the sequential " \
        "path and OpenMP: the hot loop; for the OpenCL reference: its " \
        "kernels' profiling times). *× seq*: speedup over the sequential " \
        "path (wall / kernel)."
  bad = 0
  for (r = 1; r <= n; r++) if (f(r, "checksum_ok") == "no") bad++
  print ""
  for (r = 1; r <= n; r++) if (f(r, "status") == "fallback") fb++
  if (fb) print "**Fallbacks: in " fb " groups of device runs, offloaded " \
                "calls fell back to the CPU (status `fallback`).**\n"
  if (bad) print "**Checksums: " bad " groups disagree with the reference " \
                 "(status `wrong-checksum`).**"
  else print "Checksums: every run agrees with the reference (exact, or " \
             "within the program's tolerance)."
  for (s = 1; s <= nsets; s++) {
    print ""
    print "## " sets[s] " sizes"
    print ""
    print "| program | args | device | opt | runs | wall | hot loop | " \
          "kernel | × seq wall | × seq kernel | checksum |"
    print "|---|---|---|---|--:|--:|--:|--:|--:|--:|---|"
    for (r = 1; r <= n; r++) {
      if (f(r, "set") != sets[s]) continue
      st = f(r, "status")
      ks = hostonly(r) ? times(r, "region") : times(r, "execute")
      sum = f(r, "checksum")
      if (st == "wrong-checksum")
        sum = "**wrong-checksum**: " sum " (reference " \
              f(r, "reference_checksum") ")"
      else if (st == "fallback")
        sum = "**fallback**: " f(r, "fallbacks") " calls fell back, " \
              f(r, "calls") " ran on the device; " sum
      else if (st != "ok") sum = "**" st "**" (f(r, "note") != "" ? \
                                 ": " f(r, "note") : "")
      else if (f(r, "fallbacks") + 0 > 0 && !hostonly(r))
        sum = sum " (" f(r, "fallbacks") " fallbacks)"
      print "| " f(r, "program") " | " f(r, "args") " | " label(r) " | " \
            optl(r) " | " f(r, "runs") " | " times(r, "wall") " | " \
            times(r, "region") " | " ks " | " \
            x(f(r, "speedup_total_vs_seq")) " | " \
            x(f(r, "speedup_kernel_vs_seq")) " | " sum " |"
    }
    hdr = 0
    for (r = 1; r <= n; r++) {
      if (f(r, "set") != sets[s] || f(r, "runs") + 0 == 0) continue
      if (hostonly(r)) continue
      if (!hdr) {
        hdr = 1
        print ""
        print "Phases of the offloaded calls (medians, ms, summed over " \
              "kernels); *rest*: the wall time outside them."
        print ""
        print "| program | args | device | opt | calls | init | marshal | " \
              "upload | execute | download | unmarshal | other | rest |"
        print "|---|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
      }
      rest = f(r, "wall_ms_median") - f(r, "offload_ms_median")
      printf "| %s | %s | %s | %s | %s", f(r, "program"), f(r, "args"),
             label(r), optl(r), f(r, "calls")
      split("init marshal upload execute download unmarshal other", ph, " ")
      for (p = 1; p <= 7; p++) printf " | %s", ms(f(r, ph[p] "_ms_median"))
      printf " | %s |\n", ms(rest < 0 ? 0 : rest)
    }
    refs_table(sets[s])
  }
  micro_table()
  nplots = 0
  while ((getline line < plots) > 0) {
    if (!nplots++) { print ""; print "## Plots" }
    split(line, pl, "\t")
    print ""
    if (pl[2] == "") { print pl[1] "."; continue }
    print pl[1] ":"
    print ""
    print "![" pl[1] "](" pl[2] ")"
  }
}
