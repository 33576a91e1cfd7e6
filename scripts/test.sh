#!/usr/bin/env bash
# Sets everything up and runs every test: the check that the checkout needs
# nothing beside it, the checks that the C++ files are clang-format clean
# and the JavaScript prettier clean, the check that every #include keeps to
# the layer table (src/layers.txt), the optimised build's unit and
# integration tests (among them the Debian package's and, under Node, the
# browser's rules), the server tests again on PostgreSQL, the browser
# end-to-end tests, the same unit and integration
# tests built with AddressSanitizer and UndefinedBehaviorSanitizer, and a
# short libFuzzer run on the parsers. Both builds treat warnings as errors.
# Set DVONN_SKIP_SANITIZERS=1 to run only the optimised build.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
jobs=$(nproc)

echo "== Nothing outside the checkout"
scripts/check-self-contained.sh
echo "== C++ formatting (clang-format --dry-run -Werror)"
scripts/check-format.sh
echo "== JavaScript formatting (prettier --check)"
scripts/check-js-format.sh
echo "== Layers: every #include allowed by src/layers.txt"
scripts/check-layers.sh

# The optimised build and its tests run in a copy of the checkout's tracked
# files standing alone in an empty folder, the way a user's fresh clone
# stands: whatever a build step, test or script reads from beside the
# checkout is missing there, so the step fails instead of passing here.
# This replaces the in-place Release build rather than adding one: the
# copy's folder is fixed per checkout and kept between runs, and the copy
# keeps the files' times, so after the first run its build is incremental.
# (Tracked files only, as in a clone: a file the build needs but git does
# not know makes this fail, as it would for a user.) The browser, sanitizer
# and fuzz steps below run in place; check-self-contained.sh covers the
# paths in their scripts.
alone="${TMPDIR:-/tmp}/dvonn-alone-$(printf %s "$root" | md5sum | cut -c1-12)"
copy="$alone/dvonn"
echo "== Release build and tests, in a copy of the checkout alone in $alone"
mkdir -p "$copy"
find "$alone" -mindepth 1 -maxdepth 1 ! -name dvonn -exec rm -rf {} +
find "$copy" -mindepth 1 -maxdepth 1 ! -name build -exec rm -rf {} +
git ls-files -z | tar --null --ignore-failed-read -T - -cf - | tar -xf - -C "$copy"
commit="$(git rev-parse --short=7 HEAD)"
[ -z "$(git status --porcelain --untracked-files=no)" ] || commit="$commit-dirty"
# Every option set, whatever an earlier configure left in the cache.
"$copy/scripts/setup.sh" build -DDVONN_TESTS=ON -DDVONN_BENCH=ON -DDVONN_SANITIZE=OFF -DDVONN_WERROR=ON -DDVONN_GIT_COMMIT="$commit"
# --no-tests=error: a build without its tests must fail, not pass.
ctest --test-dir "$copy/build" --no-tests=error --output-on-failure -j"$jobs"
# The same server tests once more, every in-process server on a fresh
# database of a throwaway PostgreSQL cluster (tests/server/postgres_cluster:
# initdb in a temporary folder, a Unix socket, no network); where PostgreSQL
# cannot start, this fails.
echo "== Server tests on PostgreSQL (DVONN_TEST_DB=postgres)"
DVONN_TEST_DB=postgres "$copy/build/tests/server_tests"

echo "== End-to-end tests in a real browser (Chromium + playwright-core)"
E2E_EMBEDDED=1 scripts/e2e.sh "$copy/build"

if [ "${DVONN_SKIP_SANITIZERS:-0}" != 1 ]; then
  echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests"
  # -O1 with line tables only (-g1): what the sanitizers' own docs suggest,
  # still file:line in every report, and half the compile time of -O2 -g
  # (a server test file: 21 s against 46 s), which was most of CI's time.
  scripts/setup.sh build-sanitize -DDVONN_TESTS=ON -DDVONN_BENCH=OFF -DDVONN_SANITIZE=ON -DDVONN_WERROR=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG"
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build-sanitize --no-tests=error --output-on-failure -j"$jobs"
fi
echo "== libFuzzer on the rules core's parsers (${DVONN_FUZZ_SECONDS:-20} s)"
scripts/fuzz.sh "${DVONN_FUZZ_SECONDS:-20}"

echo "== all tests passed"
