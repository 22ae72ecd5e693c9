#!/usr/bin/env bash
# The flat terrain's frame on one device: the recorded flight over the
# default map, both backends on both raster paths (the draw through the
# graphics pipeline, and the visibility pass and shading in compute) pose by
# pose in one process (cbt-bench flyover), with 1 and then 4 samples.
#
#   scripts/flat-benchmark.sh [--size WxH] [--frames N] [--out DIR] [--map FILE] CBT_BENCH [CBT_HEIGHTGEN]
#
# CBT_BENCH is a cbt-bench (build/src/bench/cbt-bench, or an installed
# one). --map defaults to assets/terrain-4096.png; when that file is
# missing (a GPU machine's checkout travels without it), CBT_HEIGHTGEN makes
# it again from its recorded command (assets/README.md) and its SHA-256 is
# checked. --size defaults to 1920x1080, --frames to the whole flight,
# --out to a new temporary folder, where each run's report (text and JSON)
# stays. On a GPU machine with the archive of scripts/device-bundle.sh
# (packed with --programs "cbt-terrain cbt-bench cbt-heightgen"):
#
#   /tmp/b/run.sh scripts/flat-benchmark.sh --out $OUT/flat /tmp/b/new/bin/cbt-bench /tmp/b/new/bin/cbt-heightgen
set -euo pipefail

size=1920x1080
frames=()
out=
root=$(cd "$(dirname "$0")/.." && pwd)
map=$root/assets/terrain-4096.png
while [[ $# -gt 0 ]]; do
    case $1 in
        --size) size=$2; shift 2 ;;
        --frames) frames=(--frames "$2"); shift 2 ;;
        --out) out=$2; shift 2 ;;
        --map) map=$2; shift 2 ;;
        -*) echo "$0: unknown option $1" >&2; exit 2 ;;
        *) break ;;
    esac
done
if [[ $# -lt 1 || $# -gt 2 ]]; then
    echo "usage: $0 [--size WxH] [--frames N] [--out DIR] [--map FILE] CBT_BENCH [CBT_HEIGHTGEN]" >&2
    exit 2
fi
bench=$1
heightgen=${2:-}
if [[ ! -x $bench ]]; then
    echo "$0: $bench is not an executable cbt-bench" >&2
    exit 2
fi
out=${out:-$(mktemp -d)}
mkdir -p "$out"

if [[ ! -f $map ]]; then
    if [[ -z $heightgen || ! -x $heightgen ]]; then
        echo "$0: $map is missing and no executable cbt-heightgen was given to make it" >&2
        exit 2
    fi
    echo "making $map with $heightgen (about a minute on 16 cores)" >&2
    mkdir -p "$(dirname "$map")"
    "$heightgen" --size 4096 --seed 4 --out "$map" >&2
    expected=21fcd61ef7471de0ea69eb3e79852819af391f7fb3b65138cb66334d7c36943c
    actual=$(sha256sum "$map" | cut -d' ' -f1)
    if [[ $actual != "$expected" ]]; then
        echo "$0: $map was made with SHA-256 $actual, not the default map's $expected" >&2
        exit 1
    fi
fi

for samples in 1 4; do
    report=$out/flyover-${size}-msaa${samples}
    "$bench" flyover "$map" --camera-path "$root/assets/camera-paths/flyover.txt" --size "$size" \
        --msaa "$samples" "${frames[@]}" --json "$report.json" >"$report.txt"
    echo "== $size, $samples sample(s): $report.txt"
    grep -E "frame \(median\)|compute / graphics|device  " "$report.txt" || true
done
