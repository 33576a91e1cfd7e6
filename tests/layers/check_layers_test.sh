#!/usr/bin/env bash
# scripts/check-layers.sh on small trees of its own: it passes the layers'
# allowed includes and fails, naming file and line, on an include against
# the table, an include of no layer, a file outside every layer and a table
# that names a layer before listing it.
#
#   tests/layers/check_layers_test.sh SOURCE_DIR
set -euo pipefail
source_dir="$1"
check="$source_dir/scripts/check-layers.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0

# A tree: layers.txt and files given as "path:include" pairs.
make_tree() {
  local tree="$work/$1"
  shift
  rm -rf "$tree"
  mkdir -p "$tree"
  printf '%s\n' "# target folder uses" "t_low low" "t_mid mid low" "t_top top/part mid low" > "$tree/layers.txt"
  for pair in "$@"; do
    local file="${pair%%:*}" include="${pair#*:}"
    mkdir -p "$tree/$(dirname "$file")"
    printf '#include "%s"\n' "$include" >> "$tree/$file"
  done
  echo "$tree"
}

expect() {  # expect pass|fail NAME TREE [TEXT]: TEXT must be in the output
  local want="$1" name="$2" tree="$3" text="${4:-}" out rc=0
  out="$("$check" "$tree" 2>&1)" || rc=$?
  if [ "$want" = pass ] && [ "$rc" -ne 0 ]; then
    echo "FAIL $name: expected a pass, got $rc: $out"; failures=$((failures + 1)); return
  fi
  if [ "$want" = fail ] && [ "$rc" -eq 0 ]; then
    echo "FAIL $name: expected a failure: $out"; failures=$((failures + 1)); return
  fi
  if [ -n "$text" ] && [[ "$out" != *"$text"* ]]; then
    echo "FAIL $name: output lacks \"$text\": $out"; failures=$((failures + 1)); return
  fi
  echo "ok $name"
}

expect pass allowed "$(make_tree a low/a.hpp:vector low/a.cpp:low/a.hpp mid/b.cpp:low/a.hpp top/part/c.cpp:mid/b.hpp \
  top/part/d.cpp:beside.hpp)"
expect fail upward "$(make_tree b low/a.hpp:vector mid/b.hpp:low/a.hpp low/a.cpp:mid/b.hpp)" \
  'low/a.cpp:1: low may not include "mid/b.hpp" (mid)'
expect fail skipped-layer "$(make_tree c top/part/c.cpp:low/a.hpp mid/m.cpp:top/part/c.hpp)" 'mid may not include'
expect fail unknown-folder "$(make_tree d low/a.cpp:other/x.hpp)" 'includes "other/x.hpp", in no layer'
expect fail outside "$(make_tree e stray/s.cpp:vector)" 'src/stray/s.cpp: in no layer'
tree="$(make_tree f low/a.cpp:vector)"
printf '%s\n' "t_mid mid low" "t_low low" > "$tree/layers.txt"
expect fail order "$tree" 'mid uses low, not listed before it'
# The project's own tree passes.
expect pass project "$source_dir/src"

[ "$failures" -eq 0 ] || { echo "$failures check(s) failed"; exit 1; }
echo "all checks passed"
