#!/usr/bin/env bash
# Builds the libFuzzer target with clang (ASan + UBSan) and fuzzes the rules
# core's parsers for SECONDS (default 60), starting from fuzz/corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
command -v clang++ >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clang libclang-rt-dev >/dev/null; }
mkdir -p build-fuzz
clang++ -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -Isrc \
  fuzz/fuzz_parsers.cpp src/core/*.cpp src/community/time_control.cpp \
  src/server/accounts/account_rules.cpp src/server/accounts/session_cookie.cpp src/server/http/url.cpp \
  src/server/base/page_cursor.cpp -o build-fuzz/fuzz_parsers
work=$(mktemp -d)
cp fuzz/corpus/* "$work"/
build-fuzz/fuzz_parsers -max_total_time="$seconds" -max_len=4096 -timeout=5 "$work" 2>&1 | tail -n 5
rm -rf "$work"
