#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine, builds cbt-terrain (Release) and opens the
# viewer on the default heightmap. Extra arguments go to cbt-terrain, e.g.
# `scripts/run-viewer.sh my-heightmap.png --extent 20000`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-debian.sh
bash scripts/build.sh
exec build/src/app/cbt-terrain "$@"
