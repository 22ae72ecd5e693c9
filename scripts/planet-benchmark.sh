#!/usr/bin/env bash
# Planet mode's frame on one device: six views from orbit to 100 m over the
# Alps and the recorded flight, with 1 and 4 samples, for one or more
# viewers (builds of different commits) in alternation, so that their
# figures come from the same machine in the same minutes.
#
#   scripts/planet-benchmark.sh [--size WxH] [--dem FILE] [--out DIR] [--rounds N] [--materials]
#                               [--views NAME,...] VIEWER [VIEWER...]
#
# VIEWER is a cbt-terrain (build/src/app/cbt-terrain, or an installed one);
# --size defaults to 1920x1080, --dem to the viewer's default (ETOPO5),
# --out to a new temporary folder, where each run's --stats JSON stays,
# --rounds to 1. --materials runs each view a second time with --imagery
# none (the materials instead of the Earth's maps), labelled so, for the
# imagery's cost; --views keeps the views named (home, ..., flight). A
# view runs 200 frames: the mesh converges from the roots
# within about 60 at 1080p, so the median frame is a converged one, while
# the update's figure is the median over the frames that ran it. One line
# per run: the medians (ms) of the pool's passes summed (update), the
# visibility pass (draw), the shading, the display pass, each frame's GPU
# total and its CPU wall time (frame, and cpu: the part not spent waiting
# for the GPU), then the live and drawn bisectors at the end.
set -euo pipefail

size=1920x1080
dem=()
out=
rounds=1
materials=0
only=
viewers=()
while [[ $# -gt 0 ]]; do
    case $1 in
        --size) size=$2; shift 2 ;;
        --dem) dem=("$2"); shift 2 ;;
        --out) out=$2; shift 2 ;;
        --rounds) rounds=$2; shift 2 ;;
        --materials) materials=1; shift ;;
        --views) only=,$2,; shift 2 ;;
        -*) echo "$0: unknown option $1" >&2; exit 2 ;;
        *) viewers+=("$1"); shift ;;
    esac
done
if [[ ${#viewers[@]} -eq 0 ]]; then
    echo "usage: $0 [--size WxH] [--dem FILE] [--out DIR] [--rounds N] [--materials] [--views NAME,...]" \
         "VIEWER [VIEWER...]" >&2
    exit 2
fi
for viewer in "${viewers[@]}"; do
    if [[ ! -x $viewer ]]; then
        echo "$0: $viewer is not an executable viewer" >&2
        exit 2
    fi
done
out=${out:-$(mktemp -d)}
mkdir -p "$out"
flight=$(dirname "$0")/../assets/camera-paths/planet-flight.txt
if [[ ! -f $flight ]]; then
    echo "$0: $flight: the recorded flight is missing" >&2
    exit 2
fi

# name and --camera-geo of each view
views=(
    "home 20,10,12000000,0,-90"
    "himalaya-400km 30,80,400000,0,-50"
    "valais-6000m 46.2,7.5,6000,80,-12"
    "alps-3300m 46.45,7.9,3300,30,-12"
    "everest-9000m 27.8,86.7,9000,0,-20"
    "alps-100m 46.55,7.98,2944.4,30,-15"
)

median_of() { # the median of the series named $2 in the stats file $1 (0 when absent)
    local value
    value=$(grep -o "\"$2\": *{\"median\": *[0-9.e+-]*" "$1" | head -1 | sed 's/.*: *//')
    echo "${value:-0}"
}
number_of() { # the number after the first "$2": in the stats file $1
    grep -o "\"$2\": *[0-9]*" "$1" | head -1 | sed 's/.*: *//'
}
report() { # $1 label, $2 stats file
    local update=0 pass
    for pass in classify split allocate bisect merge reduce index; do
        update=$(awk -v a="$update" -v b="$(median_of "$2" "$pass")" 'BEGIN { print a + b }')
    done
    local live drawn
    live=$(grep -o '"leafCount": *{"last": *[0-9]*' "$2" | sed 's/.*: *//')
    drawn=$(number_of "$2" visibleBisectors)
    awk -v label="$1" -v u="$update" -v d="$(median_of "$2" draw)" -v s="$(median_of "$2" shade)" \
        -v p="$(median_of "$2" display)" -v t="$(median_of "$2" total)" -v f="$(median_of "$2" frameTimeMs)" \
        -v c="$(median_of "$2" frameCpuMs)" -v l="$live" -v v="$drawn" \
        'BEGIN {
            printf "%-42s update %6.3f draw %6.3f shade %6.3f display %6.3f", label, u, d, s, p
            printf " total %6.3f frame %6.3f cpu %6.3f  %s / %s\n", t, f, c, l, v
        }'
}

echo "results in $out"
for ((round = 1; round <= rounds; ++round)); do
    for samples in 1 4; do
        for view in "${views[@]}" "flight -"; do
            name=${view%% *}
            pose=${view#* }
            if [[ -n $only && $only != *,$name,* ]]; then
                continue
            fi
            for look in earth materials; do
                if [[ $look == materials && $materials -eq 0 ]]; then
                    continue
                fi
                for index in "${!viewers[@]}"; do
                    run=$name-$look-msaa$samples-viewer$index-round$round
                    stats="$out/$run.json"
                    arguments=(--planet "${dem[@]}" --headless --size "$size" --msaa "$samples" --stats "$stats")
                    if [[ $look == materials ]]; then
                        arguments+=(--imagery none)
                    fi
                    if [[ $name == flight ]]; then
                        arguments+=(--camera-path "$flight")
                    else
                        arguments+=(--frames 200 --camera-geo "$pose")
                    fi
                    "${viewers[$index]}" "${arguments[@]}" >"$out/$run.log" 2>&1
                    report "viewer $index, $name, $look, $samples sample(s)" "$stats"
                done
            done
        done
    done
done
