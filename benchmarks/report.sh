#!/usr/bin/env bash
# benchmarks/report.sh -- per-run timings -> results CSV, JSON, Markdown
# and PNG plots; checks the checksums.  Called by benchmarks/run.sh; can be
# run again on a saved HOST-DATE.runs.tsv (the skips and devices files are
# then optional):
#   bash benchmarks/report.sh OUTDIR NAME RUNS.tsv [SKIPS.tsv DEVICES.tsv
#                             PROGRAMS.tsv [MICRO.csv]]
# Exit status 1 when a checksum disagreed with its case's reference, or
# when an offloaded call fell back to the CPU in a device run (unless
# ALLOW_FALLBACK=1).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
H=benchmarks/harness
out=$1 name=$2 raw=$3
skips=${4:-} devs=${5:-} progs=${6:-} micro=${7:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -n "$skips" ] || { skips=$work/skips; : > "$skips"; }
# the micro-benchmarks' CSV (benchmarks/micro/run.sh), or an empty file
[ -n "$micro" ] && [ -f "$micro" ] || { micro=$work/micro; : > "$micro"; }
if [ -z "$devs" ]; then
  devs=$work/devices
  bin/wyc --list-devices 2>/dev/null | sed -n \
    's/^[* ] \([0-9]*:[0-9]*\)  *\([a-z]*\)  *\(.*\)$/\1\t\2\t\3/p' > "$devs"
fi
if [ -z "$progs" ]; then
  progs=$work/programs
  awk '$1 == "prog" { printf "%s\t%s\t%s\n", $2, $3, $4 }' \
    benchmarks/suite.txt > "$progs"
fi
csv=$out/$name.csv
version="$(bin/wyc --version 2>/dev/null || echo wyc), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
[ -z "$(git status --porcelain 2>/dev/null | head -1)" ] || version="$version (modified)"
settings=${BENCH_SETTINGS:-}
host=${BENCH_HOST:-${name%%-[0-9][0-9][0-9][0-9]-*}}
date=${BENCH_DATE:-${name#"$host"-}}

status=0
awk -v allow_fallback="${ALLOW_FALLBACK:-}" -f $H/summary.awk "$progs" \
  "$devs" "$skips" "$raw" > "$csv" || status=1
awk -v host="$host" -v date="$date" -v version="$version" \
  -v settings="$settings" -v devices="$devs" -v programs="$progs" \
  -v micro="$micro" -f $H/json.awk "$raw" "$csv" > "$out/$name.json"

# ---------------------------------------------------------------- plots
plots=$work/plots
: > "$plots"
# wyc's levels and devices (not the sequential paths, not the references)
opts=$(awk -F, 'NR > 1 && $6 != "none" && $6 != "c" && $5 !~ /^ref-/ \
       && !s[$5]++ { print $5 }' "$csv")
first_opt=$(echo "$opts" | head -n 1)
last_opt=$(echo "$opts" | tail -n 1)
sets=$(awk -F, 'NR > 1 && !s[$2]++ { print $2 }' "$csv")
plot_sets=$(echo "$sets" | grep -E '^(default|large)$' || true)
[ -n "$plot_sets" ] || plot_sets=$(echo "$sets" | { grep -v sweep || true; } | head -n 1)
ndev=$(awk -F, 'NR > 1 && $6 != "none" && $6 != "c" && $5 !~ /^ref-/ \
       && !s[$6]++' "$csv" | wc -l)

# term_for WIDTH: the PNG terminal line
term_for() {
  if gnuplot -e "set terminal pngcairo" -e "exit" >/dev/null 2>&1; then
    echo "set terminal pngcairo size $1,540 font 'sans,10' noenhanced"
  else
    echo "set terminal png size $1,540 noenhanced"
  fi
}
term=$(term_for 900)
common="$term
set datafile missing '?'
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set grid ytics
set key outside right top vertical
set xtics rotate by -30 nomirror
"

# bars FILE PNG TITLE YLABEL LOG: a clustered histogram of every column
bars() {
  local data=$1 png=$2 title=$3 ylabel=$4 log=$5 ncol
  ncol=$(head -n 1 "$data" | awk -F'"' '{ print (NF - 1) / 2 }')
  [ "$ncol" -gt 0 ] && [ "$(wc -l < "$data")" -gt 1 ] || return 1
  gnuplot 2>> "$work/gnuplot.log" <<EOF || return 1
$common
set output '$png'
set title "$title"
set ylabel "$ylabel"
$( [ "$log" = log ] && printf 'set logscale y\nset yrange [*:*]\n' \
   || echo "set yrange [0:*]")
plot for [i=2:$((ncol + 1))] '$data' using i:xtic(1) title columnheader(i), \
     1 with lines lc rgb 'black' dt 2 notitle
EOF
}

if ! command -v gnuplot >/dev/null; then
  printf 'No plots: gnuplot is not installed (Debian: gnuplot-nox)\t\n' \
    >> "$plots"
  plot_sets= sweep_progs=
else
  sweep_progs=$(awk -F, 'NR > 1 && $2 == "sweep" && !s[$1]++ { print $1 }' \
                "$csv")
fi
for set in $plot_sets; do
  [ "$ndev" -gt 0 ] || break
  d=$work/speedup-$set
  awk -v mode=speedup -v set="$set" -v opt="$last_opt" -f $H/plotdata.awk \
    "$csv" > "$d"
  png=$name-speedup-$set.png
  if bars "$d" "$out/$png" \
      "Speedup over the exact sequential path, $set sizes, $last_opt (no bar: sequential path skipped)" \
      "speedup (x, log scale)" log; then
    printf 'Speedup over the sequential path (%s sizes; total = wall time, kernel = hot loop of the sequential path over the execute phase)\t%s\n' \
      "$set" "$png" >> "$plots"
  fi
  d=$work/pocl-$set
  awk -v mode=pocl -v set="$set" -v opt="$last_opt" -f $H/plotdata.awk \
    "$csv" > "$d"
  png=$name-vs-pocl-$set.png
  if bars "$d" "$out/$png" "Speedup over PoCL (the CPU OpenCL device), $set sizes, $last_opt" \
      "speedup (x, log scale)" log; then
    printf 'Speedup over PoCL (%s sizes)\t%s\n' "$set" "$png" >> "$plots"
  else
    printf 'No speedup over PoCL plot for the %s sizes: no OpenCL device besides PoCL (or no PoCL)\t\n' \
      "$set" >> "$plots"
  fi
  d=$work/refs-$set
  awk -v mode=refs -v set="$set" -v opt="$last_opt" -f $H/plotdata.awk \
    "$csv" > "$d"
  png=$name-refs-$set.png
  if [ "$(awk 'NR > 1 { for (i = 2; i <= NF; i++) if ($i != "?") n++ }
              END { print n + 0 }' "$d")" -gt 0 ] \
     && bars "$d" "$out/$png" \
      "wyc / the hand-written references, $set sizes, $last_opt (above 1: wyc is slower)" \
      "ratio (log scale)" log; then
    printf 'wyc against the hand-written references (%s sizes; wall and kernel time over the OpenCL reference on the same device, wall time over the OpenMP reference)\t%s\n' \
      "$set" "$png" >> "$plots"
  fi
  d=$work/phases-$set
  awk -v mode=phases -v set="$set" -v opt="$last_opt" -f $H/plotdata.awk \
    "$csv" > "$d"
  png=$name-phases-$set.png
  nbars=$(($(wc -l < "$d") - 1))
  if [ "$nbars" -gt 0 ]; then
    width=$((260 + 48 * nbars))
    [ "$width" -ge 900 ] || width=900
    if gnuplot 2>> "$work/gnuplot.log" <<EOF; then
$common
$(term_for "$width")
set xtics rotate by -45
set style histogram rowstacked
set boxwidth 0.7
set output '$out/$png'
set title "Where the time goes: phases of the offloaded calls, $set sizes, $last_opt"
set ylabel "% of the wall time"
set yrange [0:100]
plot for [i=2:9] '$d' using i:xtic(1) title columnheader(i)
EOF
      printf 'Phases as a share of the wall time (%s sizes)\t%s\n' "$set" \
        "$png" >> "$plots"
    fi
  fi
  if [ "$first_opt" != "$last_opt" ]; then
    d=$work/opt-$set
    awk -v mode=opt -v set="$set" -v opt="$first_opt" -v opt2="$last_opt" \
      -f $H/plotdata.awk "$csv" > "$d"
    png=$name-opt-$set.png
    if bars "$d" "$out/$png" \
        "$last_opt against $first_opt, $set sizes: time at $first_opt / time at $last_opt (above 1: $last_opt is faster)" \
        "ratio" lin; then
      printf '%s against %s (%s sizes)\t%s\n' "$last_opt" "$first_opt" \
        "$set" "$png" >> "$plots"
    fi
  fi
done

for prog in $sweep_progs; do
  d=$work/size-$prog
  awk -v mode=size -v program="$prog" -v opt="$last_opt" -f $H/plotdata.awk \
    "$csv" > "$d"
  nser=$(head -n 1 "$d" | awk -F'"' '{ print (NF - 1) / 4 }')
  [ "$(wc -l < "$d")" -gt 2 ] && [ "$nser" -gt 0 ] || continue
  png=$name-size-$prog.png
  gnuplot 2>> "$work/gnuplot.log" <<EOF || continue
$term
set datafile missing '?'
set output '$out/$png'
set title "$prog: time against problem size, ${last_opt:-}\nsolid: wall time; dashed: kernel (sequential path: its hot loop)"
set xlabel "size (the first argument: points or pixels per side)"
set ylabel "ms (log scale)"
set logscale xy
set xrange [$(awk 'NR > 1 { if (!lo || $1 < lo) lo = $1; if ($1 > hi) hi = $1 }
  END { printf "%g:%g", lo / 1.2, hi * 1.2 }' "$d")]
set grid
set key outside right top vertical
set xtics ($(awk 'NR > 1 { printf "%s%s", s, $1; s = ", " }' "$d"))
plot for [i=1:$nser] '$d' using 1:(column(2*i)) with linespoints lw 2 pt 7 \
       lc i title columnheader(2*i), \
     for [i=1:$nser] '$d' using 1:(column(2*i+1)) with linespoints lw 1 \
       dt 2 pt 6 lc i title columnheader(2*i+1)
EOF
  printf '%s: time against problem size\t%s\n' "$prog" "$png" >> "$plots"
done

awk -v title="$host, $date" -v settings="$settings" -v version="$version" \
  -v devices="$devs" -v plots="$plots" -v micro="$micro" \
  -f $H/markdown.awk "$csv" \
  > "$out/$name.md"
exit $status
