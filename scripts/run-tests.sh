#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine, builds cbt-terrain, runs the CPU
# libraries' unit tests under ASan + UBSan, then every test with ctest.
# Extra arguments go to ctest, e.g. `scripts/run-tests.sh -L unit`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-debian.sh
bash scripts/build.sh
bash scripts/run-sanitizers.sh
cd build
ctest --output-on-failure --timeout 1500 "$@"
