#!/usr/bin/env bash
# Golden results: every shipped config's JSON result and summary, stored in
# tests/golden/ and compared byte for byte (the summary's wall line, the only
# host-dependent line, is left out; the exit code is kept).
#
#   scripts/golden.sh check CONFIG...   compare (a unified diff on a mismatch)
#   scripts/golden.sh bless [CONFIG...] rewrite the golden files (default: every config)
#   scripts/golden.sh list              the configs that have golden results
#   scripts/golden.sh check-commented   check one config per platform against a
#                                       copy of platforms/ with a comment line
#                                       before every key: results record where
#                                       a value was set by key path, not line
#
# After an intended change, bless and commit the new golden files in a commit
# of their own that says why the results moved.
set -euo pipefail
cd "$(dirname "$0")/.."
syncsim="${SYNCSIM:-build/syncsim}"
# Golden results never read a cached sensitivity ranking (driver/study/sensitivity/sensitivity_cache.hpp).
export SYNCSIM_CACHE_DIR=off

# Every runnable config: sweep files (a top-level `base:` key) are not runs.
list_configs() {
    find configs -name '*.yaml' | LC_ALL=C sort | while read -r f; do
        grep -q '^base:' "$f" || echo "$f"
    done
}

golden_of() { # configs/a2/x.yaml -> tests/golden/a2/x
    local rel="${1#configs/}"
    echo "tests/golden/${rel%.yaml}"
}

# Runs CONFIG, writing DIR/result.json and DIR/summary.txt.
run_one() {
    local config="$1" dir="$2" rc=0
    "$syncsim" run "$config" --json "$dir/result.json" >"$dir/stdout.txt" 2>"$dir/stderr.txt" || rc=$?
    if [ "$rc" -ge 2 ]; then
        echo "golden: $config: syncsim exited $rc" >&2
        cat "$dir/stderr.txt" >&2
        return 1
    fi
    { grep -v '^wall ' "$dir/stdout.txt"; echo "exit       $rc"; } >"$dir/summary.txt"
}

# The first config (in sorted order) of each platform a golden config names.
one_config_per_platform() {
    list_configs | while read -r f; do
        echo "$(awk '/^platform:/ {print $2; exit}' "$f") $f"
    done | sort -s -k1,1 | awk '!seen[$1]++ {print $2}'
}

cmd="${1:-}"
shift || true
case "$cmd" in
list) list_configs ;;
check-commented)
    commented="$(mktemp -d)"
    trap 'rm -rf "$commented"' EXIT
    mkdir "$commented/platforms"
    for f in platforms/*.yaml; do
        # A comment line before every key and list item (the files hold no
        # block scalars, where a '#' line would be text).
        if grep -qE ':\s*[|>][-+]?\s*$' "$f"; then
            echo "golden: $f has a block scalar; check-commented cannot edit it" >&2
            exit 1
        fi
        sed -E 's/^(\s*)([A-Za-z0-9_-]+:|- )/\1# an added comment\n\1\2/' "$f" >"$commented/platforms/$(basename "$f")"
    done
    SYNCSIM_PLATFORMS="$commented/platforms" bash scripts/golden.sh check $(one_config_per_platform)
    ;;
check | bless)
    [ "$cmd" = bless ] && [ $# -eq 0 ] && set -- $(list_configs)
    [ $# -gt 0 ] || { echo "usage: scripts/golden.sh check CONFIG..." >&2; exit 2; }
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    status=0
    for config in "$@"; do
        golden="$(golden_of "$config")"
        run_one "$config" "$tmp" || { status=1; continue; }
        if [ "$cmd" = bless ]; then
            mkdir -p "$(dirname "$golden")"
            cp "$tmp/result.json" "$golden.json"
            cp "$tmp/summary.txt" "$golden.txt"
            echo "blessed $golden.{json,txt}"
            continue
        fi
        for part in json txt; do
            src="$tmp/result.json"
            [ "$part" = txt ] && src="$tmp/summary.txt"
            if [ ! -f "$golden.$part" ]; then
                echo "golden: $config: no $golden.$part (scripts/golden.sh bless $config)" >&2
                status=1
            elif ! diff -u --label "$golden.$part (golden)" --label "$config (this build)" \
                "$golden.$part" "$src"; then
                echo "golden: $config: the result differs from $golden.$part; if the change" \
                    "is intended: scripts/golden.sh bless $config" >&2
                status=1
            fi
        done
    done
    exit "$status"
    ;;
*)
    echo "usage: scripts/golden.sh check CONFIG... | bless [CONFIG...] | list | check-commented" >&2
    exit 2
    ;;
esac
