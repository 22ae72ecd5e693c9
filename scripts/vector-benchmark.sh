#!/usr/bin/env bash
# The cost of a large vector layer against the frame without it, in one run:
#
#   scripts/vector-benchmark.sh [VIEWER] [SIZE] [FRAMES] [ROUNDS]
#
# VIEWER defaults to build/src/app/cbt-terrain, SIZE to 1920x1080, FRAMES to
# 60, ROUNDS to 3. The layer, written by the script, is what a national
# road network or a week of GPS logs holds: 100 lines of 1,000 vertices
# each (random walks over the western Alps) and 1,000 named points. Each
# round renders the globe from 20 km over the Alps twice, alternating:
# without the layer, then with it (--vector). Each line gives a run's median
# frame and the vector pass's median GPU time (--stats); the last the
# medians over the rounds and the ratio of the frames (with over without).
set -euo pipefail

# shellcheck source=scripts/benchmark-arguments.sh
source "$(dirname "$0")/benchmark-arguments.sh"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

layer=$scratch/layer.geojson
awk 'BEGIN {
    srand(7);
    printf "{\"type\": \"FeatureCollection\", \"features\": [";
    for (l = 0; l < 100; ++l) {
        x = 6.0 + 4.0 * rand(); y = 45.5 + 1.5 * rand(); a = 6.283 * rand();
        printf "%s{\"type\": \"Feature\", \"properties\": {\"name\": \"road %d\"}, ", (l ? ", " : ""), l;
        printf "\"geometry\": {\"type\": \"LineString\", \"coordinates\": [";
        for (i = 0; i < 1000; ++i) {
            a += 0.6 * (rand() - 0.5); x += 0.002 * cos(a); y += 0.0014 * sin(a);
            printf "%s[%.6f, %.6f]", (i ? ", " : ""), x, y;
        }
        printf "]}}";
    }
    for (p = 0; p < 1000; ++p) {
        printf ", {\"type\": \"Feature\", \"properties\": {\"name\": \"Place %d\"}, ", p;
        printf "\"geometry\": {\"type\": \"Point\", \"coordinates\": [%.6f, %.6f]}}", 6.0 + 4.0 * rand(), 45.5 + 1.5 * rand();
    }
    printf "]}\n";
}' >"$layer"

# Prints "FRAME_MS VECTORS_MS" of one run.
run() {
    "$viewer" --planet --headless --size "$size" --msaa 1 --frames "$frames" \
        --camera-geo 45.6,7.2,20000,45,-25 --stats "$scratch/stats.json" "$@" >"$scratch/out.txt"
    local frame vectors
    frame=$(sed -n 's/.*median frame \([0-9.]*\) ms.*/\1/p' "$scratch/out.txt")
    vectors=$(sed -n 's/.*"vectors": {"median": \([0-9.e+-]*\).*/\1/p' "$scratch/stats.json")
    echo "$frame ${vectors:-0}"
}

without=()
with=()
passes=()
for ((round = 1; round <= rounds; ++round)); do
    read -r frame _ < <(run)
    without+=("$frame")
    read -r frame vectors < <(run --vector "$layer")
    with+=("$frame")
    passes+=("$vectors")
    echo "round $round: without the layer ${without[-1]} ms, with it ${with[-1]} ms (vector pass ${passes[-1]} ms)"
done
a=$(median "${without[@]}")
b=$(median "${with[@]}")
v=$(median "${passes[@]}")
awk -v a="$a" -v b="$b" -v v="$v" -v s="$size" \
    'BEGIN { printf "%s: without the layer %.2f ms, with it %.2f ms: %.3fx; the vector pass %.3f ms (%.1f %% of the frame)\n", s, a, b, b / a, v, 100 * v / b }'
