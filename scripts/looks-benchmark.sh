#!/usr/bin/env bash
# The frame with everything that makes the terrain look real switched on
# (materials, sun shadows, water, draped imagery, detail below the data),
# against a build from before those existed, in one run.
#
#   scripts/looks-benchmark.sh OLD_VIEWER [NEW_VIEWER] [ROUNDS] [MSAA]
#
# OLD_VIEWER is a cbt-terrain built from an older commit (it is run without
# the newer flags); NEW_VIEWER defaults to build/src/app/cbt-terrain, ROUNDS
# to 5 and MSAA (the new viewer's --msaa) to 1. Both viewers render the same
# synthetic scene in alternation: a 1024 x 1024 DEM in UTM 33N (20 km square,
# sea in the west, hills rising to 3 km in the east) with a 1024 x 1024 RGB
# image in WGS 84 draped over it, seen from the south at 640 x 360 for 100
# frames (the tree converges in the first 40). Each line gives a run's
# median frame and median terrain draw (ms); the last line the ratio of the
# medians over the rounds.
set -euo pipefail

if [[ $# -lt 1 ]]; then
    echo "usage: $0 OLD_VIEWER [NEW_VIEWER] [ROUNDS] [MSAA]" >&2
    exit 2
fi
old_viewer=$1
new_viewer=${2:-build/src/app/cbt-terrain}
rounds=${3:-5}
msaa=${4:-1}
for viewer in "$old_viewer" "$new_viewer"; do
    if [[ ! -x $viewer ]]; then
        echo "$0: $viewer is not an executable viewer" >&2
        exit 2
    fi
done

scene=$(mktemp -d)
trap 'rm -rf "$scene"' EXIT

# The DEM: an ESRI ASCII grid with its CRS beside it.
LC_ALL=C awk -v n=1024 'BEGIN {
    cell = 20000.0 / n
    printf "ncols %d\nnrows %d\nxllcorner 490000\nyllcorner 4990000\ncellsize %.10f\n", n, n, cell
    for (r = 0; r < n; ++r) {
        v = r / (n - 1)
        line = ""
        for (c = 0; c < n; ++c) {
            u = c / (n - 1)
            hills = 600 * sin(9 * u + 3 * sin(7 * v)) * cos(6 * v) + 250 * sin(23 * u + 11 * v)
            ramp = 2 * u < 1 ? 2 * u : 1
            line = line sprintf("%.1f ", -300 + 2800 * u + hills * ramp)
        }
        print line
    }
}' >"$scene/coast.asc"
echo 'PROJCS["WGS_1984_UTM_Zone_33N",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",15.0],PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]' \
    >"$scene/coast.prj"

# The imagery: an 8-bit, band-interleaved-by-line raw file (GDAL's EHdr)
# over 14.8..15.2 E, 44.9..45.3 N: a checkerboard under smooth colour waves.
size=1024
step=$(awk -v n=$size 'BEGIN { printf "%.12f", 0.4 / n }')
cat >"$scene/photo.hdr" <<EOF
BYTEORDER I
LAYOUT BIL
NROWS $size
NCOLS $size
NBANDS 3
NBITS 8
ULXMAP $(awk -v s="$step" 'BEGIN { printf "%.12f", 14.8 + s / 2 }')
ULYMAP $(awk -v s="$step" 'BEGIN { printf "%.12f", 45.3 - s / 2 }')
XDIM $step
YDIM $step
EOF
echo 'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]' \
    >"$scene/photo.prj"
LC_ALL=C awk -v n=$size 'BEGIN {
    for (r = 0; r < n; ++r) {
        for (band = 0; band < 3; ++band) {
            for (c = 0; c < n; ++c) {
                checker = (int(r / 32) + int(c / 32)) % 2
                t = (sin(c * 0.1) * sin(r * 0.074) + 1) * 0.5
                if (band == 0) value = 60 + 100 * t + 60 * checker
                else if (band == 1) value = 90 + 80 * t
                else value = 50 + 60 * (1 - t) + 40 * checker
                printf "%c", int(value)
            }
        }
    }
}' >"$scene/photo.bil"

common=("$scene/coast.asc" --headless --size 640x360 --frames 100 --camera 0,4000,13000,0,-20)
median_of() { # the "median" of the object named $2 in the stats file $1
    grep -o "\"$2\": *{\"median\": *[0-9.]*" "$1" | head -1 | sed 's/.*: *//'
}
old_frames=()
new_frames=()
for ((round = 1; round <= rounds; ++round)); do
    "$old_viewer" "${common[@]}" --stats "$scene/old.json" >/dev/null
    "$new_viewer" "${common[@]}" --msaa "$msaa" --shadows on --imagery "$scene/photo.bil" \
        --stats "$scene/new.json" >/dev/null
    old_frames+=("$(median_of "$scene/old.json" frameTimeMs)")
    new_frames+=("$(median_of "$scene/new.json" frameTimeMs)")
    printf 'round %d: old frame %.1f draw %.1f   new frame %.1f draw %.1f\n' "$round" \
        "${old_frames[-1]}" "$(median_of "$scene/old.json" draw)" \
        "${new_frames[-1]}" "$(median_of "$scene/new.json" draw)"
done
middle() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
old_median=$(middle "${old_frames[@]}")
new_median=$(middle "${new_frames[@]}")
awk -v o="$old_median" -v n="$new_median" \
    'BEGIN { printf "median frame: old %.1f ms, new %.1f ms, new / old %.2f\n", o, n, n / o }'
