# summary.awk -- per-run lines -> one CSV row per (case, opt, device), and
# the checksum check.
#
# Input files, in this order (all tab-separated):
#   programs.tsv  name real tolerance
#   devices.tsv   P:D type description
#   skips.tsv     case name set args opt device status note
#   runs.tsv      case name set args opt device kind i wall region calls
#                 fallbacks init marshal upload execute download unmarshal
#                 other offload checksum rc hot    (all times in ms; hot:
#                 the execute phase of the region's calls, hotkernel.awk)
# Output: the results CSV on stdout; checksum disagreements, and device
# runs whose offloaded calls fell back to the CPU (status "fallback"), on
# stderr; exit status 1 when there was one (a fallback only when the
# variable allow_fallback is empty).
#
# The reference checksum of a case is the --target=c run's, else the
# sequential path's (WYC_DEVICE=none), else the first run's.  A checksum
# agrees with it when it is the same text (tolerance 0) or when
# |x - ref| <= tolerance * max(|ref|, 1).  Speedups: total = ratio of the
# median wall times; kernel = the sequential path's hot-loop time (or
# PoCL's execute phase) over the device's execute phase.
#
# The hand-written references are groups whose opt is "ref-ocl" (device
# P:D) or "ref-omp" (device "omp"; its kernel time is its hot loop).
# Each wyc device row also gets the references' median times and
# wyc / reference ratios (above 1: wyc is slower): wall / ref-ocl wall
# and execute / ref-ocl execute on the same device, wall / ref-omp wall;
# and hot / ref-ocl execute: the kernels of the hot loop alone, without
# those that build inputs on the device (a reference builds them on the
# host and uploads them).
BEGIN {
  FS = "\t"
  OFS = ","
  nm = split("wall region init marshal upload execute download unmarshal " \
             "other offload hot", metric, " ")
}
FILENAME == ARGV[1] { tol[$1] = $3; isreal[$1] = $2; next }
FILENAME == ARGV[2] {
  dtype[$1] = $2
  desc = $3
  gsub(/,/, ";", desc)
  dname[$1] = desc
  devrank[$1] = ++ndev
  if (pocl == "" && $2 == "cpu" && $3 ~ /Portable Computing Language/)
    pocl = $1
  if (firstcpu == "" && $2 == "cpu") firstcpu = $1
  next
}
FILENAME == ARGV[3] {
  addcase($1, $2, $3, $4)
  k = $1 SUBSEP $5 SUBSEP $6
  gstatus[k] = $7
  gsub(/,/, ";", $8)
  gnote[k] = $8
  addgroup(k, $1, $5, $6)
  next
}
{
  id = $1
  addcase(id, $2, $3, $4)
  k = id SUBSEP $5 SUBSEP $6
  addgroup(k, id, $5, $6)
  if ($22 != 0) next
  # every successful run, warm-ups included, takes part in the check
  nr++
  rk[nr] = k; rcase[nr] = id; rsum[nr] = $21; rdev[nr] = $6; ropt[nr] = $5
  if ($6 == "c" && !(id in refc)) refc[id] = $21
  if ($6 == "none" && !(id in refn)) { refn[id] = $21; refnopt[id] = $5 }
  if (!(id in ref1)) { ref1[id] = $21; ref1who[id] = $5 " on " $6 }
  if ($7 != "run") next
  n = ++nruns[k]
  lastsum[k] = $21
  calls[k] = $11; falls[k] = $12
  v[k, 1, n] = $9
  v[k, 2, n] = $10
  for (m = 3; m < nm; m++) v[k, m, n] = $(m + 10)
  v[k, nm, n] = $23
}
function addcase(id, name, set, args) {
  if (id in seen) return
  seen[id] = 1
  if (id + 0 > ncase) ncase = id + 0
  cname[id] = name; cset[id] = set; cargs[id] = args
}
function addgroup(k, id, o, d) {
  if (k in ingroup) return
  ingroup[k] = 1
  ng[id]++
  gkey[id, ng[id]] = k
  gopt[k] = o
  gdev[k] = d
}
# the groups of a case: devices in their order, then none, then c
function grank(k, d) {
  d = gdev[k]
  return sprintf("%04d%s", d == "omp" ? 9997 : d == "none" ? 9998 : \
                 d == "c" ? 9999 : devrank[d], gopt[k])
}
function sortgroups(id,    i, j, x) {
  for (i = 2; i <= ng[id]; i++) {
    x = gkey[id, i]
    for (j = i - 1; j >= 1 && grank(gkey[id, j]) > grank(x); j--)
      gkey[id, j + 1] = gkey[id, j]
    gkey[id, j + 1] = x
  }
}
function num(s, a) {
  if (s ~ /^\(/) {
    gsub(/[()]/, "", s)
    split(s, a, "/")
    return a[1] / a[2]
  }
  return s + 0
}
function abs(x) { return x < 0 ? -x : x }
function isref(o) { return o ~ /^ref-/ }
# devices whose kernel time is their hot loop
function hostonly(d) { return d == "none" || d == "c" || d == "omp" }
function agrees(s, r, t) {
  if (t + 0 == 0) return s == r
  return abs(num(s) - num(r)) <= t * (abs(num(r)) > 1 ? abs(num(r)) : 1)
}
function stat(k, m, which,    n, i, j, x, a) {
  n = nruns[k]
  if (n == 0) return ""
  for (i = 1; i <= n; i++) a[i] = v[k, m, i]
  for (i = 2; i <= n; i++) {
    x = a[i]
    for (j = i - 1; j >= 1 && a[j] + 0 > x + 0; j--) a[j + 1] = a[j]
    a[j + 1] = x
  }
  if (which == "min") return a[1]
  if (which == "max") return a[n]
  if (a[1] == "") return ""
  if (n % 2) return a[(n + 1) / 2]
  return sprintf("%.3f", (a[n / 2] + a[n / 2 + 1]) / 2)
}
function ratio(a, b) {
  if (a == "" || b == "" || b + 0 <= 0 || a + 0 <= 0) return ""
  return sprintf("%.3f", a / b)
}
END {
  bad = 0
  for (i = 1; i <= nr; i++) {
    id = rcase[i]
    if (id in refc) { r = refc[id]; who = "--target=c" }
    else if (id in refn) { r = refn[id]; who = "the sequential path" }
    else { r = ref1[id]; who = ref1who[id] }
    ref[id] = r
    t = tol[cname[id]]
    if (!agrees(rsum[i], r, t)) {
      wrong[rk[i]] = 1
      if (!(rk[i] in told)) {
        told[rk[i]] = 1
        bad = 1
        printf "bench: CHECKSUM MISMATCH: %s %s: %s on %s printed %s, " \
               "%s printed %s (tolerance %s)\n", cname[id], cargs[id],
               ropt[i], rdev[i], rsum[i], who, r,
               (t + 0 == 0 ? "none: must be identical" : "relative " t) \
               > "/dev/stderr"
      }
    }
  }
  ref_pocl = (pocl != "" ? pocl : firstcpu)
  printf "program,set,args,size,opt,device,device_type,device_name,status,"
  printf "note,runs,checksum,reference_checksum,checksum_ok,tolerance,"
  printf "calls,fallbacks"
  for (m = 1; m <= nm; m++)
    printf ",%s_ms_median,%s_ms_min,%s_ms_max", metric[m], metric[m],
           metric[m]
  printf ",speedup_total_vs_seq,speedup_kernel_vs_seq"
  printf ",speedup_total_vs_pocl,speedup_kernel_vs_pocl"
  printf ",ref_ocl_wall_ms,ref_ocl_kernel_ms,ref_omp_wall_ms"
  printf ",wall_vs_ref_ocl,kernel_vs_ref_ocl,wall_vs_ref_omp"
  printf ",hot_kernel_vs_ref_ocl\n"
  for (id = 1; id <= ncase; id++) {
    if (!(id in seen)) continue
    sortgroups(id)
    # the sequential and PoCL groups of this case, for the speedups
    seqk = ""
    for (g = 1; g <= ng[id]; g++) {
      k = gkey[id, g]
      if (gdev[k] == "none" && nruns[k] > 0) seqk = k
    }
    for (g = 1; g <= ng[id]; g++) {
      k = gkey[id, g]
      d = gdev[k]
      o = gopt[k]
      pk = id SUBSEP o SUBSEP ref_pocl
      st = (k in gstatus) ? gstatus[k] : (nruns[k] > 0 ? "ok" : "failed")
      if (st == "ok" && (k in wrong)) st = "wrong-checksum"
      if (st == "ok" && d != "none" && d != "c" && !isref(o) &&
          (falls[k] + 0 > 0 || calls[k] + 0 == 0)) {
        printf "bench: FALLBACK: %s %s: %s on %s: %d calls ran on the " \
               "device, %d fell back to the CPU\n", cname[id], cargs[id],
               o, d, calls[k], falls[k] > "/dev/stderr"
        st = "fallback"
        if (!allow_fallback) bad = 1
      }
      split(cargs[id], av, " ")
      type = (d == "none" ? "sequential" : d == "c" ? "exact-c" : \
              d == "omp" ? "openmp" : dtype[d])
      nmn = (d == "none" ? "exact sequential path (WYC_DEVICE=none)" : \
             d == "c" ? "exact sequential executable (--target=c)" : \
             d == "omp" ? "hand-written C + OpenMP" : \
             (o == "ref-ocl" ? "hand-written OpenCL on " : "") dname[d])
      printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%d,%s,%s,%s,%s,%s,%s",
             cname[id], cset[id], cargs[id], av[1], o, d, type, nmn, st,
             gnote[k], nruns[k], lastsum[k], ref[id],
             (nruns[k] ? ((k in wrong) ? "no" : "yes") : ""),
             tol[cname[id]], calls[k], falls[k]
      for (m = 1; m <= nm; m++)
        printf ",%s,%s,%s", stat(k, m, "median"), stat(k, m, "min"),
               stat(k, m, "max")
      seqkern = (seqk != "" ? stat(seqk, 2, "median") : "")
      kern = stat(k, 6, "median")
      if (hostonly(d)) kern = stat(k, 2, "median")
      printf ",%s,%s", (seqk != "" ? ratio(stat(seqk, 1, "median"),
                                          stat(k, 1, "median")) : ""),
             ratio(seqkern, kern)
      if (hostonly(d) || nruns[pk] == 0) printf ",,"
      else
        printf ",%s,%s", ratio(stat(pk, 1, "median"), stat(k, 1, "median")),
               ratio(stat(pk, 6, "median"), kern)
      # the references beside a wyc device row
      rok = id SUBSEP "ref-ocl" SUBSEP d
      rmk = id SUBSEP "ref-omp" SUBSEP "omp"
      if (hostonly(d) || isref(o)) { printf ",,,,,,,\n"; continue }
      # (not from references that printed a wrong checksum)
      rw = rx = mw = ""
      if (!(rok in wrong)) {
        rw = stat(rok, 1, "median")
        rx = stat(rok, 6, "median")
      }
      if (!(rmk in wrong)) mw = stat(rmk, 1, "median")
      printf ",%s,%s,%s,%s,%s,%s,%s\n", rw, rx, mw,
             ratio(stat(k, 1, "median"), rw), ratio(kern, rx),
             ratio(stat(k, 1, "median"), mw),
             ratio(stat(k, nm, "median"), rx)
    }
  }
  exit bad
}
