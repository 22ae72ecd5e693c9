#!/usr/bin/env bash
# The CPU libraries under AddressSanitizer (with LeakSanitizer) and
# UndefinedBehaviorSanitizer: configures build-sanitize with -DCBT_SANITIZE=ON,
# builds the unit tests of src/cbt, src/leb, the PNG heightmap loader, the
# terrain generator and the DEM loader, and runs them. Any sanitizer report fails the run.
#
#   scripts/run-sanitizers.sh [extra gtest arguments]
#
# Environment: CBT_SANITIZE_BUILD_DIR (default build-sanitize).
set -euo pipefail
cd "$(dirname "$0")/.."
build="${CBT_SANITIZE_BUILD_DIR:-build-sanitize}"
programs=(tests/cbt/cbt_tests tests/leb/leb_tests tests/heightmap/heightmap_tests tests/heightgen/heightgen_tests tests/dem/dem_tests)

# -O1 (what the sanitizers' documentation advises) and -g1 (line tables for
# the reports' stacks): about half the compile time of -O2 -g.
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DCBT_SANITIZE=ON >/dev/null
targets=()
for program in "${programs[@]}"; do targets+=("$(basename "$program")"); done
cmake --build "$build" --parallel "$(nproc)" --target "${targets[@]}"

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1:strict_init_order=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
status=0
for program in "${programs[@]}"; do
  echo "run-sanitizers.sh: $program"
  if ! "$build/$program" --gtest_brief=1 "$@"; then
    echo "run-sanitizers.sh: $program FAILED under ASan + UBSan" >&2
    status=1
  fi
done
exit "$status"
