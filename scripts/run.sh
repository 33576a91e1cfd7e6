#!/usr/bin/env bash
# Sets everything up, builds, and starts the main job: the web game server.
# Then open the address it prints. Extra arguments go to `dvonn serve`
# (e.g. --port 9000 --db games.db).
set -euo pipefail
cd "$(dirname "$0")/.."
# Every option set, whatever an earlier configure (scripts/test.sh) left in
# the CMake cache.
scripts/setup.sh build -DDVONN_TESTS=OFF -DDVONN_BENCH=OFF -DDVONN_SANITIZE=OFF -DDVONN_WERROR=OFF
exec build/dvonn serve "$@"
