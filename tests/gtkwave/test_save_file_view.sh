#!/usr/bin/env bash
# The GTKWave save file a run writes, opened by GTKWave itself under Xvfb:
# the whole run shows in the window (nothing cut off at the right, nor lost
# in a pane zoomed far out), the round boundaries carry named markers, and
# no group is empty (--cores keeps only AIV cores, so no AIC group). A
# screenshot is left in OUT for a person to look at. Skipped (77) where
# Xvfb or GTKWave is not installed (scripts/setup.sh installs both).
# Usage: test_save_file_view.sh OUT   (SYNCSIM: the binary)
set -euo pipefail
out=${1:?usage: test_save_file_view.sh OUT}
here=$(cd "$(dirname "$0")/../.." && pwd)
for tool in xvfb-run gtkwave xauth; do
    command -v "$tool" >/dev/null || { echo "skipped: $tool is not installed"; exit 77; }
done
rm -rf "$out" && mkdir -p "$out" && cd "$out"
fail() {
    echo "FAIL: $*"
    cat probe.txt gtkwave.txt 2>/dev/null || true
    exit 1
}
"$SYNCSIM" run "$here/configs/a2/hard_mix_1_2.yaml" --cores aiv0-3 --vcd run.vcd >run.txt

shot=""
command -v xwd >/dev/null && shot="exec xwd -root -silent -out screenshot.xwd"
cat >probe.tcl <<TCL
puts "window [gtkwave::getWindowStartTime] [gtkwave::getWindowEndTime]"
puts "trace [gtkwave::getMinTime] [gtkwave::getMaxTime]"
puts "marker A [gtkwave::getNamedMarker A]"
set n [gtkwave::getTotalNumTraces]
for {set i 0} {\$i < \$n} {incr i} {
    puts "row [gtkwave::getTraceFlagsFromIndex \$i] [gtkwave::getTraceNameFromIndex \$i]"
}
$shot
gtkwave::/File/Quit
TCL
# GTKWave 3.3 prints its banner on stdout too; the probe's lines are kept.
status=0
timeout 120 xvfb-run -a -s "-screen 0 1920x1080x24" gtkwave -S probe.tcl run.gtkw \
    >gtkwave.txt 2>&1 || status=$?
[ "$status" -eq 0 ] || fail "gtkwave under xvfb-run exited $status"
grep -E '^(window|trace|marker|row) ' gtkwave.txt >probe.txt || fail "the probe printed nothing"
read -r _ w_start w_end < <(grep '^window ' probe.txt) || fail "no window line"
read -r _ t_start t_end < <(grep '^trace ' probe.txt) || fail "no trace line"
[ "$w_start" -le "$t_start" ] || fail "the window starts at $w_start, after the trace ($t_start)"
[ "$w_end" -ge "$t_end" ] || fail "the trace is cut off: the window ends at $w_end, the trace at $t_end"
span=$((t_end - t_start)) shown=$((w_end - w_start))
[ "$shown" -le $((2 * span)) ] || fail "zoomed out too far: $shown ps shown for a $span ps trace"
marker=$(awk '/^marker A /{print $3}' probe.txt)
[ -n "$marker" ] || fail "no marker line"
[ "$marker" -gt 0 ] || fail "no named marker at the first round boundary"
# Group flags: 8389120 (0x800200) opens, 16777728 (0x1000200) closes.
awk '$1 == "row" { if (open && $2 == 16777728) { print "empty group " $3; bad = 1 }
                   open = ($2 == 8389120) } END { exit bad }' probe.txt ||
    fail "an empty group"
! grep -q '^row 8389120 AIC' probe.txt || fail "an AIC group with --cores aiv0-3"
grep -q '_ffts_flag[0-9]*_set$' probe.txt || fail "no flag pulse rows"
[ -z "$shot" ] || [ -s screenshot.xwd ] || fail "no screenshot"
echo "ok: window $w_start..$w_end ps shows the trace $t_start..$t_end ps, marker A at $marker ps"
