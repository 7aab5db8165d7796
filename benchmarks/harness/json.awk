# json.awk -- the results CSV (and the per-run lines) -> JSON on stdout.
# Files: runs.tsv (see summary.awk), then the CSV.  Variables: host, date,
# version, settings, devices (file), programs (file), micro (file: the
# micro-benchmarks' CSV, possibly empty).
function q(s) {
  gsub(/\\/, "\\\\", s)
  gsub(/"/, "\\\"", s)
  gsub(/\t/, " ", s)
  return "\"" s "\""
}
function val(s) {
  if (s == "") return "null"
  if (s ~ /^-?[0-9]+(\.[0-9]+)?$/ && s !~ /^-?0[0-9]/) return s
  return q(s)
}
BEGIN { FS = "\t" }
FILENAME == ARGV[1] {
  if ($7 != "run" || $22 != 0) next
  k = $2 SUBSEP $3 SUBSEP $4 SUBSEP $5 SUBSEP $6
  sep = nrun[k]++ ? ", " : ""
  wall[k] = wall[k] sep $9
  kern[k] = kern[k] sep $16
  next
}
FNR == 1 { FS = ","; $0 = $0; for (i = 1; i <= NF; i++) name[i] = $i; nf = NF
           next }
{
  k = $1 SUBSEP $2 SUBSEP $3 SUBSEP $5 SUBSEP $6
  row = "    {"
  for (i = 1; i <= nf; i++) {
    if (name[i] == "device_name") continue   # in "devices"
    v = $i
    # keep checksums and args as text: they are compared as text
    if (name[i] ~ /checksum$|^args$|^note$|^tolerance$/) v = q(v)
    else v = val(v)
    row = row (row ~ /{$/ ? "" : ", ") q(name[i]) ": " v
  }
  row = row ", \"wall_ms_runs\": [" (k in wall ? wall[k] : "") "]"
  row = row ", \"execute_ms_runs\": [" (k in kern ? kern[k] : "") "]}"
  rows[++n] = row
}
END {
  print "{"
  print "  \"host\": " q(host) ","
  print "  \"date\": " q(date) ","
  print "  \"wyc\": " q(version) ","
  print "  \"settings\": " q(settings) ","
  printf "  \"devices\": ["
  sep = ""
  FS = "\t"
  while ((getline line < devices) > 0) {
    split(line, d, "\t")
    printf "%s\n    {\"id\": %s, \"type\": %s, \"name\": %s}", sep, q(d[1]),
           q(d[2]), q(d[3])
    sep = ","
  }
  print "\n  ],"
  printf "  \"programs\": ["
  sep = ""
  while ((getline line < programs) > 0) {
    split(line, d, "\t")
    printf "%s\n    {\"name\": %s, \"reals\": %s, \"tolerance\": %s}", sep,
           q(d[1]), (d[2] == "real" ? "true" : "false"), q(d[3])
    sep = ","
  }
  print "\n  ],"
  print "  \"results\": ["
  for (i = 1; i <= n; i++) print rows[i] (i < n ? "," : "")
  print "  ],"
  printf "  \"micro\": ["
  sep = ""
  nm = 0
  while ((getline line < micro) > 0) {
    nf = split(line, cell, ",")
    if (++nm == 1) { for (i = 1; i <= nf; i++) mname[i] = cell[i]; continue }
    row = ""
    for (i = 1; i <= nf; i++) {
      v = (mname[i] ~ /^(device|device_type|device_name|status|note)$/) ? \
          q(cell[i]) : val(cell[i])
      row = row (i > 1 ? ", " : "") q(mname[i]) ": " v
    }
    printf "%s\n    {%s}", sep, row
    sep = ","
  }
  print "\n  ]"
  print "}"
}
