#!/usr/bin/env bash
# Measures how long `specgen lint` (parse, load, validate) takes on synthetic specs, in a release build.
# Usage: Benchmarks/spec-load.sh [N ...]   (default: 100 500 2000)
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("${@:-100 500 2000}")
swift build -c release --product specgen >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%-10s %-12s %-12s %-14s\n' endpoints "spec lines" "wall (ms)" "peak RSS (MiB)"
for n in ${sizes[@]}; do
    spec="$work/Synthetic$n.yaml"
    python3 Benchmarks/synthesize_spec.py "$n" > "$spec"
    .build/release/specgen lint "$spec"  # warm the file cache; fails the script on any diagnostic error
    best=""
    rss=""
    for _ in 1 2 3 4 5; do
        out=$( { /usr/bin/time -f '%e %M' .build/release/specgen lint "$spec" >/dev/null; } 2>&1 | tail -1)
        secs=${out% *}; kib=${out#* }
        ms=$(python3 -c "print(round($secs*1000))")
        if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; rss=$kib; fi
    done
    printf '%-10s %-12s %-12s %-14s\n' "$n" "$(wc -l < "$spec")" "$best" "$(python3 -c "print(round($rss/1024, 1))")"
done
