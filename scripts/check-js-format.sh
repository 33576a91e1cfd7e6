#!/usr/bin/env bash
# Fails when a tracked JavaScript file of the web UI or its tests is not
# formatted the way .prettierrc.json says (prettier --check names each file
# that would change): the JavaScript's clang-format check.
#
#   scripts/check-js-format.sh
#
# Uses the prettier pinned in tests/e2e/package.json, installing the test
# dependencies (npm ci) when it is missing, and Debian's node and npm when
# they are. To fix the files it names: scripts/check-js-format.sh --write.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
if ((${#missing[@]})); then
  echo "check-js-format: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
prettier=tests/e2e/node_modules/.bin/prettier
# The pinned version, not whichever an earlier install left.
want=$(node -p 'require("./tests/e2e/package.json").devDependencies.prettier')
if [ ! -x "$prettier" ] || [ "$("$prettier" --version)" != "$want" ]; then
  (cd tests/e2e && npm ci --no-audit --no-fund --loglevel=error)
fi
# (A git pathspec's * crosses folders: every .js under web/, every .mjs
# under tests/.)
mapfile -d '' files < <(git ls-files -z -- 'web/*.js' 'tests/*.mjs')
mode=--check
[ "${1:-}" = --write ] && mode=--write
if ! "$prettier" "$mode" --log-level warn "${files[@]}"; then
  echo "check-js-format: the files above are not prettier clean: run scripts/check-js-format.sh --write" >&2
  exit 1
fi
echo "check-js-format: ok (${#files[@]} JavaScript files, prettier $want)"
