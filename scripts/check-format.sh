#!/usr/bin/env bash
# Fails when a tracked C++ file is not formatted the way .clang-format says
# (clang-format --dry-run -Werror names each file and line that would move).
#
#   scripts/check-format.sh
#
# Installs clang-format when it is missing. To fix a file it names:
# clang-format -i FILE.
set -euo pipefail
cd "$(dirname "$0")/.."
# Debian's clang-format (14 on Debian 12), installed only when missing.
if ! command -v clang-format >/dev/null 2>&1; then
  echo "check-format: installing clang-format"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq clang-format >/dev/null
fi
mapfile -d '' files < <(git ls-files -z -- '*.cpp' '*.hpp' '*.h' '*.cc')
if ! clang-format --dry-run -Werror "${files[@]}"; then
  echo "check-format: the files above are not clang-format clean: run clang-format -i on them" >&2
  exit 1
fi
echo "check-format: ok (${#files[@]} C++ files)"
