#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine, builds cbt-terrain, runs the CPU
# libraries' unit tests under ASan + UBSan, each file loader's libFuzzer
# target for a bounded time (30 s each, fixed seed), then every test with
# ctest (last, so its summary closes the output), as many at once as the
# machine has cores: a test's process spends much of its time on one core
# (lavapipe compiling pipelines, GDAL, process start), so two tests on two
# cores take about 60 % of the time of one after the other.
# Extra arguments go to ctest, e.g. `scripts/run-tests.sh -L unit`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-debian.sh
bash scripts/build.sh
bash scripts/run-sanitizers.sh
CBT_FUZZ_SEED="${CBT_FUZZ_SEED:-20200}" bash scripts/run-fuzzers.sh 30
cd build
ctest --output-on-failure --timeout 1500 --parallel "$(nproc)" "$@"
