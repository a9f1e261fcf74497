#!/usr/bin/env bash
# Every shipped run config's --timeline, checked by scripts/check_timeline.py:
# above all, no slice ends after its successor's start once a reader adds
# ts + dur in doubles, nor once it first takes the track's first time off
# every time and orders begins and ends as speedscope 1.25 does (it drew
# back-to-back slices as a staircase, and nested a track under a zero-length
# round mark on a slice boundary).
# A config that cannot be run with a timeline must say why: a sweep file,
# or a platform without one (vortex); any other refusal fails.
# Usage: test_every_config_timeline.sh OUT   (SYNCSIM: the binary)
set -euo pipefail
out=${1:?usage: test_every_config_timeline.sh OUT}
here=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$out" && mkdir -p "$out"
checked=0
failed=0
while IFS= read -r config; do
    name=$(echo "${config#"$here"/configs/}" | tr / _)
    status=0
    "$SYNCSIM" run "$config" --fix-budget 0 --timeline "$out/$name.json.gz" >"$out/$name.txt" 2>&1 ||
        status=$?
    if [ "$status" -eq 2 ]; then
        grep -qE "this is a sweep file|--timeline is not available on" "$out/$name.txt" && continue
        echo "FAIL: $config: refused (exit 2):"
        cat "$out/$name.txt"
        failed=$((failed + 1))
        continue
    fi
    if [ "$status" -gt 1 ] || ! python3 "$here/scripts/check_timeline.py" "$out/$name.json.gz" \
        >"$out/$name.check"; then
        echo "FAIL: $config (exit $status):"
        cat "$out/$name.check"
        failed=$((failed + 1))
    fi
    checked=$((checked + 1))
done < <(find "$here/configs" -name '*.yaml' | sort)
echo "$checked timelines checked, $failed failed"
[ "$checked" -ge 90 ] || { echo "FAIL: only $checked configs ran"; exit 1; }
[ "$failed" -eq 0 ]
