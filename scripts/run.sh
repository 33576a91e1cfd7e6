#!/usr/bin/env bash
# Sets everything up, builds, and starts the main job: a game at the terminal.
# Extra arguments go to `dvonn play` (e.g. --random-setup 42).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build -DDVONN_TESTS=OFF -DDVONN_BENCH=OFF
exec build/dvonn play "$@"
