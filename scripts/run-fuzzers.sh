#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with clang (AddressSanitizer +
# UndefinedBehaviorSanitizer, coverage-instrumented loaders) into build-fuzz
# and runs each one for a bounded time, as many at once as there are cores,
# starting from its seed corpus in
# tests/fuzz/corpus (copied to a scratch folder: new inputs stay out of the
# tree). Crashing inputs and logs are kept in build-fuzz/fuzz-findings.
#
#   scripts/run-fuzzers.sh [SECONDS_PER_TARGET]    (default 45)
#
# Environment: CBT_FUZZ_BUILD_DIR (default build-fuzz); CBT_FUZZ_SEED (a
# libFuzzer -seed: the README's test command sets it so that a CI run
# replays the same mutation sequence; unset, libFuzzer picks one).
# Exit status: 0 when no target found anything, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-45}"
build="${CBT_FUZZ_BUILD_DIR:-build-fuzz}"
targets=(heightmap_png_fuzzer:png dem_file_fuzzer:dem camera_path_fuzzer:camera-path)

cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DCBT_FUZZ=ON >/dev/null
cmake --build "$build" --parallel "$(nproc)" --target "${targets[@]%%:*}"

# The loaders read files: keep the per-input files in memory when possible.
if [ -d /dev/shm ] && [ -w /dev/shm ]; then export TMPDIR=/dev/shm; fi
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
findings="$build/fuzz-findings"
mkdir -p "$findings"
# allocator_may_return_null: an absurd allocation inside a library is an
# error it must handle, not an abort of the run.
export ASAN_OPTIONS="${ASAN_OPTIONS:-allocator_may_return_null=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"

seed_flag=()
if [ -n "${CBT_FUZZ_SEED:-}" ]; then seed_flag=(-seed="$CBT_FUZZ_SEED"); fi

# One target a core at once: each is one process on one core, so the same
# seconds give each the same work as one after the other would.
parallel="$(nproc)"
run_target() {
  local target="$1" corpus="$2"
  mkdir -p "$scratch/$corpus"
  cp tests/fuzz/corpus/"$corpus"/* "$scratch/$corpus/"
  if "$build/tests/fuzz/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix="$findings/$target-" -print_final_stats=1 "${seed_flag[@]}" "$scratch/$corpus" \
      >"$findings/$target.log" 2>&1; then
    echo 0 >"$scratch/$target.status"
  else
    echo 1 >"$scratch/$target.status"
  fi
}
running=0
for entry in "${targets[@]}"; do
  target="${entry%%:*}"
  echo "run-fuzzers.sh: $target for ${seconds} s (log: $findings/$target.log)"
  run_target "$target" "${entry#*:}" &
  running=$((running + 1))
  if [ "$running" -ge "$parallel" ]; then
    wait -n
    running=$((running - 1))
  fi
done
wait

status=0
for entry in "${targets[@]}"; do
  target="${entry%%:*}"
  log="$findings/$target.log"
  if [ "$(cat "$scratch/$target.status")" = 0 ]; then
    echo "run-fuzzers.sh: $target:"
    grep -E '^stat::number_of_executed_units' "$log" | sed "s/^/  /" || true
  else
    echo "run-fuzzers.sh: $target FOUND A PROBLEM; the input is in $findings/$target-*" >&2
    tail -n 40 "$log" >&2
    status=1
  fi
done
exit "$status"
