#!/usr/bin/env bash
# Sets everything up and runs every test: the optimised build's unit and
# integration tests, the browser end-to-end tests, the same unit and
# integration tests built with AddressSanitizer and UndefinedBehaviorSanitizer,
# and a short libFuzzer run on the parsers.
# Set DVONN_SKIP_SANITIZERS=1 to run only the optimised build.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

echo "== Release build and tests"
scripts/setup.sh build
ctest --test-dir build --output-on-failure -j"$jobs"

echo "== End-to-end tests in a real browser (Chromium + playwright-core)"
E2E_EMBEDDED=1 scripts/e2e.sh build

if [ "${DVONN_SKIP_SANITIZERS:-0}" != 1 ]; then
  echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests"
  scripts/setup.sh build-sanitize -DDVONN_SANITIZE=ON -DDVONN_BENCH=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build-sanitize --output-on-failure -j"$jobs"
fi
echo "== libFuzzer on the rules core's parsers (${DVONN_FUZZ_SECONDS:-20} s)"
scripts/fuzz.sh "${DVONN_FUZZ_SECONDS:-20}"

echo "== all tests passed"
