#!/usr/bin/env bash
# A soak run of the viewer: a headless --camera-path flight that flies low
# over the terrain, climbs high above it, turns fast and changes the render
# size (the path's WIDTHxHEIGHT column), under the Vulkan validation layer
# (synchronization validation on). It passes when
#   - the run exits with 0: no validation message, including the leak
#     reports of vkDestroyDevice (the viewer counts messages after the
#     device is gone), and stderr holds no "[vulkan]" line;
#   - every frame has leaves, no more than 2^D, and the largest leaf count of
#     each repeat of the flight stays within 10 % (+64) of the second's;
#   - the resident memory is flat after warm-up: no later repeat of the
#     flight ends more than max(2 %, 8 MiB) above the end of the first (the
#     warm-up: shader compilation, first allocations, every render size);
#   - the last frame is rendered at the size the path asked for last.
#
#   scripts/soak.sh [--frames N] [--period N] [--binary PATH] [--depth D]
#                   [--out DIR] [--remote [--server PATH] [--drop-one-in N]]
#                   [-- extra cbt-terrain flags]
#
# Defaults: 10000 frames, a flight of 2000 frames repeated, the binary in
# build/, the map's own depth, the default terrain (20 km wide, 3 km high),
# a new folder under $TMPDIR for the path, the stats and the log (kept).
#
# --remote streams the default terrain from a local HTTP server that drops
# one request in fifty (--drop-one-in): the map is georeferenced to the same 20 km (a VRT
# over the PNG), made a Cloud-Optimized GeoTIFF by `cbt-terrain prepare`,
# served by the tests' range-http-server (--server; by default the one in
# build/tests/dem) and read through /vsicurl/ with --stream on, under
# budgets small enough (--cpu-budget 1, --gpu-budget 1, GDAL's download
# cache 2 MiB) that the flight reads its tiles again and again. The same
# checks hold, and the server must have dropped requests: a dropped request
# costs a warning and the coarser level there, never the run or memory.
# The render `soak` test of tests/app runs a short version of this script.
set -euo pipefail

frames=10000
period=2000
binary="$(cd "$(dirname "$0")/.." && pwd)/build/src/app/cbt-terrain"
depth=""
out=""
remote=0
drop_one_in=50
server="$(cd "$(dirname "$0")/.." && pwd)/build/tests/dem/range-http-server"
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --frames) frames="$2"; shift 2 ;;
    --period) period="$2"; shift 2 ;;
    --binary) binary="$2"; shift 2 ;;
    --depth) depth="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --remote) remote=1; shift ;;
    --server) server="$2"; shift 2 ;;
    --drop-one-in) drop_one_in="$2"; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    *) echo "soak.sh: unknown argument '$1' (see the comment at the top of $0)" >&2; exit 2 ;;
  esac
done
if ! [[ "$frames" =~ ^[0-9]+$ && "$period" =~ ^[0-9]+$ ]] || [ "$period" -lt 40 ] || [ "$frames" -lt $((3 * period)) ]; then
  echo "soak.sh: need --period >= 40 and --frames >= 3 periods (got $frames frames, period $period)" >&2
  exit 2
fi
if [ ! -x "$binary" ]; then
  echo "soak.sh: no viewer binary at $binary (build it, or pass --binary)" >&2
  exit 2
fi
if [ "$remote" -eq 1 ] && [ ! -x "$server" ]; then
  echo "soak.sh: no range-http-server at $server (build the tests, or pass --server)" >&2
  exit 2
fi
if [ -z "$out" ]; then out="$(mktemp -d "${TMPDIR:-/tmp}/cbt-soak.XXXXXX")"; fi
mkdir -p "$out"

source_arguments=()
if [ "$remote" -eq 1 ]; then
  # The default map georeferenced to 20 km a side (UTM 32N) and 3 km of
  # height range (its 16-bit samples scaled), as the viewer shows the PNG.
  map="$(cd "$(dirname "$0")/.." && pwd)/assets/terrain-4096.png"
  mkdir -p "$out/served"
  cat > "$out/terrain.vrt" <<VRT
<VRTDataset rasterXSize="4096" rasterYSize="4096">
  <SRS>EPSG:32632</SRS>
  <GeoTransform>400000, 4.8828125, 0, 5020000, 0, -4.8828125</GeoTransform>
  <VRTRasterBand dataType="UInt16" band="1">
    <Scale>$(awk 'BEGIN { printf "%.12f", 3000 / 65535 }')</Scale>
    <SimpleSource>
      <SourceFilename relativeToVRT="0">$map</SourceFilename>
      <SourceBand>1</SourceBand>
    </SimpleSource>
  </VRTRasterBand>
</VRTDataset>
VRT
  "$binary" prepare "$out/terrain.vrt" "$out/served/terrain.tif" >"$out/prepare.log" 2>&1 ||
    { echo "soak.sh: prepare failed (see $out/prepare.log)" >&2; exit 1; }
  "$server" "$out/served" --drop-one-in "$drop_one_in" >"$out/server.port" 2>"$out/server.log" &
  server_pid=$!
  trap 'kill "$server_pid" 2>/dev/null || true' EXIT
  for _ in $(seq 100); do [ -s "$out/server.port" ] && break; sleep 0.1; done
  port="$(head -n 1 "$out/server.port")"
  if ! [[ "$port" =~ ^[0-9]+$ ]]; then echo "soak.sh: the server did not start (see $out/server.log)" >&2; exit 1; fi
  # Small caches (GDAL's download cache, the tiles' budgets), so that the
  # flight reads its tiles again and again, and meets the dropped requests.
  export NO_PROXY=127.0.0.1 no_proxy=127.0.0.1 GDAL_DISABLE_READDIR_ON_OPEN=EMPTY_DIR
  export CPL_VSIL_CURL_CACHE_SIZE=$((2 * 1024 * 1024))
  unset GDAL_HTTP_PROXY
  source_arguments=("/vsicurl/http://127.0.0.1:$port/terrain.tif" --stream on --cpu-budget 1 --gpu-budget 1)
fi

# The flight, one line per frame over one period (the viewer loops it):
# a low circle just above the highest peaks, a climb to 25x the terrain's
# height looking down, a fast spin (37 degrees a frame) high up, a dive back
# down; the render size changes every period/16 frames.
awk -v period="$period" -v extent=20000 -v height=3000 'BEGIN {
  pi = 3.14159265358979;
  split("192x108 256x144 128x128 320x96 96x160 224x126 160x90 288x162", sizes, " ");
  for (i = 0; i < period; ++i) {
    phase = i / period;
    angle = 2 * pi * i / (period / 2);
    radius = 0.35 * extent;
    if (phase < 0.3) { altitude = 1.05 * height; pitch = -8; }
    else if (phase < 0.5) { s = (phase - 0.3) / 0.2; altitude = height * (1.05 + 24 * s * s); pitch = -8 - 62 * s; }
    else if (phase < 0.7) { altitude = 25 * height; pitch = -70; }
    else { s = (phase - 0.7) / 0.3; altitude = height * (25 - 23.95 * s); pitch = -70 + 62 * s; }
    yaw = angle * 180 / pi + 180;
    if (phase >= 0.5 && phase < 0.7) yaw += 37 * (i - 0.5 * period);
    yaw = yaw - 360 * int(yaw / 360);
    size = "";
    if (i % int(period / 16) == 0) size = " " sizes[(int(i / int(period / 16)) % 8) + 1];
    printf "%.1f %.1f %.1f %.2f %.2f%s\n", radius * cos(angle), altitude, radius * sin(angle), yaw, pitch, size;
  }
}' > "$out/flight.path"
# The size in effect at the last frame: the last one set on the path up to
# its line (line 1 always sets one).
last_size="$(awk -v last="$(( (frames - 1) % period + 1 ))" 'NR <= last && NF == 6 { s = $6 } END { print s }' "$out/flight.path")"

arguments=("$binary" "${source_arguments[@]}" --headless --validate --camera-path "$out/flight.path"
           --frames "$frames" --stats "$out/stats.json" --screenshot "$out/last.png")
if [ -n "$depth" ]; then arguments+=(--depth "$depth"); fi
arguments+=("${extra[@]}")
echo "soak.sh: ${arguments[*]}"
echo "soak.sh: output in $out"
start=$(date +%s)
set +e
"${arguments[@]}" >"$out/stdout.log" 2>"$out/stderr.log"
status=$?
set -e
echo "soak.sh: the run took $(( $(date +%s) - start )) s and exited with $status"
cat "$out/stdout.log"

failures=0
fail() { echo "soak.sh: FAILED: $*" >&2; failures=$((failures + 1)); }
if [ "$status" -ne 0 ]; then fail "cbt-terrain exited with $status (stderr: $out/stderr.log)"; tail -n 20 "$out/stderr.log" >&2; fi
if grep -q '^\[vulkan\]' "$out/stderr.log"; then fail "validation messages in $out/stderr.log"; fi
if [ ! -s "$out/stats.json" ]; then fail "no stats written"; echo "soak.sh: $failures failure(s)" >&2; exit 1; fi

# One number per line from a JSON array of the stats.
series() { grep -o "\"$1\": \[[^]]*\]" "$out/stats.json" | sed 's/.*\[//; s/\]//' | tr ',' '\n' | sed 's/ //g' | grep -v '^$'; }
series leafCountHistory > "$out/leaves.txt"
series residentMemoryHistoryMiB > "$out/resident-mib.txt"
max_depth="$(grep -o '"maxDepth": [0-9]*' "$out/stats.json" | grep -o '[0-9]*$')"

awk -v frames="$frames" -v period="$period" -v depth="$max_depth" '
  { value[NR - 1] = $1 }
  END {
    if (NR != frames) { printf "leaf counts for %d frames, expected %d\n", NR, frames; exit 1 }
    bad = 0; limit = 2 ^ depth;
    for (i = 0; i < NR; ++i) if (value[i] < 1 || value[i] > limit) { printf "frame %d has %d leaves (D = %d)\n", i, value[i], depth; bad = 1; break }
    repeats = int(NR / period);
    for (r = 0; r < repeats; ++r) { m = 0; for (i = r * period; i < (r + 1) * period; ++i) if (value[i] > m) m = value[i]; most[r] = m }
    for (r = 2; r < repeats; ++r) if (most[r] > 1.1 * most[1] + 64) { printf "repeat %d peaks at %d leaves, repeat 1 at %d\n", r, most[r], most[1]; bad = 1 }
    printf "soak.sh: leaves per repeat of the flight (max):"; for (r = 0; r < repeats; ++r) printf " %d", most[r]; printf "\n";
    exit bad
  }' "$out/leaves.txt" || fail "leaf counts not bounded (see $out/leaves.txt)"

awk -v period="$period" '
  { value[NR - 1] = $1 }
  END {
    if (NR < 3 * period) { printf "%d memory samples, expected at least %d\n", NR, 3 * period; exit 1 }
    repeats = int(NR / period); bad = 0;
    reference = value[period - 1];
    printf "soak.sh: resident MiB at the end of each repeat:"; for (r = 0; r < repeats; ++r) printf " %.1f", value[(r + 1) * period - 1]; printf "\n";
    for (r = 1; r < repeats; ++r) {
      now = value[(r + 1) * period - 1]; allowed = reference * 0.02; if (allowed < 8) allowed = 8;
      if (now > reference + allowed) { printf "repeat %d ends at %.1f MiB, repeat 0 at %.1f MiB\n", r, now, reference; bad = 1 }
    }
    exit bad
  }' "$out/resident-mib.txt" || fail "resident memory grows after warm-up (see $out/resident-mib.txt)"

if [ -n "$last_size" ]; then
  width="$(grep -o '"width": [0-9]*' "$out/stats.json" | head -n 1 | grep -o '[0-9]*$')"
  height="$(grep -o '"height": [0-9]*' "$out/stats.json" | head -n 1 | grep -o '[0-9]*$')"
  if [ "${width}x${height}" != "$last_size" ]; then fail "the last frame is ${width}x${height}, the path asked for $last_size"; fi
fi

if [ "$remote" -eq 1 ]; then
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  cat "$out/server.log"
  if ! grep -q 'dropped [1-9]' "$out/server.log"; then fail "the server dropped no request (see $out/server.log)"; fi
fi

if [ "$failures" -gt 0 ]; then echo "soak.sh: $failures failure(s); files in $out" >&2; exit 1; fi
echo "soak.sh: passed ($frames frames)"
