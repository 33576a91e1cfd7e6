#!/usr/bin/env bash
# Sets everything up and runs every test: the optimised build, then the
# same tests built with AddressSanitizer and UndefinedBehaviorSanitizer.
# Set DVONN_SKIP_SANITIZERS=1 to run only the optimised build.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

echo "== Release build and tests"
scripts/setup.sh build
ctest --test-dir build --output-on-failure -j"$jobs"

if [ "${DVONN_SKIP_SANITIZERS:-0}" != 1 ]; then
  echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests"
  scripts/setup.sh build-sanitize -DDVONN_SANITIZE=ON -DDVONN_BENCH=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build-sanitize --output-on-failure -j"$jobs"
fi
echo "== libFuzzer on the rules core's parsers (${DVONN_FUZZ_SECONDS:-20} s)"
scripts/fuzz.sh "${DVONN_FUZZ_SECONDS:-20}"

echo "== all tests passed"
