# plotdata.awk -- the results CSV -> a data table for one gnuplot plot.
# Variables: mode (speedup, pocl, phases, size, opt), set, opt, opt2,
# program.  The first line holds quoted column titles; "?" = no value.
#   speedup  rows: programs of the set; per device: total and kernel
#            speedup over the sequential path
#   pocl     the same over the PoCL (first CPU) device, per other device
#   phases   rows: program x device; percentages of the wall time
#   size     rows: sizes of the sweep set for one program; per device
#            (and the sequential path): wall and kernel ms
#   opt      rows: programs; per device: time at opt / time at opt2
#   refs     rows: programs of the set; per device at opt: wyc's wall and
#            kernel over the hand-written OpenCL's, and its wall over
#            the OpenMP reference's
BEGIN { FS = "," }
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
{
  r = ++n
  for (i = 1; i <= NF; i++) cell[r, i] = $i
}
function f(r, name) { return cell[r, col[name]] }
function seq(d) { return d == "none" || d == "c" }
function label(d) { return d == "none" ? "sequential" : dtype[d] " " d }
function v(x) { return x == "" ? "?" : x }
function ratio(a, b) { return (a == "" || b == "" || b + 0 <= 0) ? "?" : \
                       sprintf("%.4f", a / b) }
function add(list, cnt, x) {   # ordered set: list[1..cnt[0]]
  if ((SUBSEP x) in list) return
  list[SUBSEP x] = 1
  list[++cnt[0]] = x
}
END {
  for (r = 1; r <= n; r++) {
    d = f(r, "device")
    dtype[d] = f(r, "device_type")
    if (!seq(d) && f(r, "device_type") == "cpu" && pocl == "") pocl = d
    if (mode == "size") {
      if (f(r, "program") != program || f(r, "set") != "sweep") continue
      if (!seq(d) && f(r, "opt") != opt) continue
      if (d == "c" || f(r, "wall_ms_median") == "") continue
      add(rows, nrows, f(r, "size") + 0)
      add(devs, ndevs, d)
      w[f(r, "size") + 0, d] = f(r, "wall_ms_median")
      k[f(r, "size") + 0, d] = seq(d) ? f(r, "region_ms_median") : \
                                        f(r, "execute_ms_median")
      continue
    }
    if (f(r, "set") != set || seq(d) || f(r, "opt") ~ /^ref-/) continue
    p = f(r, "program")
    if (mode == "opt") {
      if (f(r, "opt") == opt) { w[p, d, 1] = f(r, "wall_ms_median")
                                k[p, d, 1] = f(r, "execute_ms_median") }
      if (f(r, "opt") == opt2) { w[p, d, 2] = f(r, "wall_ms_median")
                                 k[p, d, 2] = f(r, "execute_ms_median") }
      add(rows, nrows, p)
      add(devs, ndevs, d)
      continue
    }
    if (f(r, "opt") != opt) continue
    add(rows, nrows, p)
    if (mode == "phases") {
      add(pairs, npairs, p SUBSEP d)
      wall = f(r, "wall_ms_median")
      split("init marshal upload execute download unmarshal other", ph, " ")
      tot = 0
      for (i = 1; i <= 7; i++) {
        pc[p, d, i] = (wall > 0) ? 100 * f(r, ph[i] "_ms_median") / wall : 0
        tot += pc[p, d, i]
      }
      pc[p, d, 8] = tot < 100 ? 100 - tot : 0
      add(devs, ndevs, d)
      continue
    }
    add(devs, ndevs, d)
    if (mode == "refs") {
      a[p, d] = f(r, "wall_vs_ref_ocl")
      b[p, d] = f(r, "kernel_vs_ref_ocl")
      c[p, d] = f(r, "wall_vs_ref_omp")
      continue
    }
    a[p, d] = (mode == "speedup") ? f(r, "speedup_total_vs_seq") : \
              f(r, "speedup_total_vs_pocl")
    b[p, d] = (mode == "speedup") ? f(r, "speedup_kernel_vs_seq") : \
              f(r, "speedup_kernel_vs_pocl")
  }
  if (mode == "size") {
    # ascending sizes
    for (i = 2; i <= nrows[0]; i++) {
      x = rows[i]
      for (j = i - 1; j >= 1 && rows[j] + 0 > x + 0; j--) rows[j + 1] = rows[j]
      rows[j + 1] = x
    }
    printf "size"
    for (j = 1; j <= ndevs[0]; j++)
      printf " \"%s wall\" \"%s %s\"", label(devs[j]), label(devs[j]),
             seq(devs[j]) ? "hot loop" : "kernel"
    printf "\n"
    for (i = 1; i <= nrows[0]; i++) {
      printf "%s", rows[i]
      for (j = 1; j <= ndevs[0]; j++)
        printf " %s %s", v(w[rows[i], devs[j]]), v(k[rows[i], devs[j]])
      printf "\n"
    }
    exit
  }
  if (mode == "phases") {
    multi = ndevs[0] > 1
    print "bar init marshal upload execute download unmarshal other " \
          "\"rest of the program\""
    for (i = 1; i <= npairs[0]; i++) {
      split(pairs[i], pd, SUBSEP)
      printf "\"%s%s\"", pd[1], multi ? ", " label(pd[2]) : ""
      for (j = 1; j <= 8; j++) printf " %.3f", pc[pd[1], pd[2], j]
      printf "\n"
    }
    exit
  }
  printf "program"
  for (j = 1; j <= ndevs[0]; j++) {
    d = devs[j]
    if (mode == "pocl" && d == pocl) continue
    if (mode == "refs")
      printf " \"%s: wall / ref OpenCL\" \"%s: kernel / ref OpenCL\"" \
             " \"%s: wall / ref OpenMP\"", label(d), label(d), label(d)
    else printf " \"%s: total\" \"%s: kernel\"", label(d), label(d)
    used++
  }
  printf "\n"
  for (i = 1; i <= nrows[0]; i++) {
    p = rows[i]
    printf "%s", p
    for (j = 1; j <= ndevs[0]; j++) {
      d = devs[j]
      if (mode == "pocl" && d == pocl) continue
      if (mode == "opt")
        printf " %s %s", ratio(w[p, d, 1], w[p, d, 2]),
               ratio(k[p, d, 1], k[p, d, 2])
      else if (mode == "refs")
        printf " %s %s %s", v(a[p, d]), v(b[p, d]), v(c[p, d])
      else printf " %s %s", v(a[p, d]), v(b[p, d])
    }
    printf "\n"
  }
}
