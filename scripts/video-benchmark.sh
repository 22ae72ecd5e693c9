#!/usr/bin/env bash
# The cost of encoding a video against rendering alone, in one run:
#
#   scripts/video-benchmark.sh [VIEWER] [SIZE] [FRAMES] [ROUNDS]
#
# VIEWER defaults to build/src/app/cbt-terrain, SIZE to 1920x1080, FRAMES to
# 60 (the first frames of assets/camera-paths/orbit.txt at 30 a second),
# ROUNDS to 3. Each round renders the frames headless twice, alternating:
# alone, then with --video into an MP4 (H.264 through ffmpeg, quality 20).
# Each line gives a run's wall time; the last the median of each and their
# ratio (video over alone).
set -euo pipefail

# shellcheck source=scripts/benchmark-arguments.sh
source "$(dirname "$0")/benchmark-arguments.sh"
if ! command -v ffmpeg >/dev/null; then
    echo "$0: ffmpeg is missing (Debian package ffmpeg, scripts/setup-debian.sh)" >&2
    exit 2
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
path=$(dirname "$0")/../assets/camera-paths/orbit.txt

run() {
    local start end
    start=$(date +%s.%N)
    "$viewer" --headless --size "$size" --msaa 1 --camera-path "$path" --fps 30 --frames "$frames" "$@" \
        >"$scratch/out.txt"
    end=$(date +%s.%N)
    awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", e - s }'
}

alone=()
video=()
for ((round = 1; round <= rounds; ++round)); do
    alone+=("$(run)")
    video+=("$(run --video "$scratch/video.mp4")")
    echo "round $round: alone ${alone[-1]} s, with the video ${video[-1]} s"
done
a=$(median "${alone[@]}")
v=$(median "${video[@]}")
awk -v a="$a" -v v="$v" -v f="$frames" -v s="$size" \
    'BEGIN { printf "%s frames of %s: alone %.2f s, with the video %.2f s: %.3fx\n", f, s, a, v, v / a }'
