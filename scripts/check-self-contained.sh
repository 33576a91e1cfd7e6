#!/usr/bin/env bash
# Fails when a tracked file points outside the checkout: a clone on its own
# (nothing beside it) must build, test and document itself.
#
#   scripts/check-self-contained.sh
#
# Checks every tracked text file for
#  * relative paths going up (../x) that, taken from the file's folder,
#    leave the checkout (e.g. ${PROJECT_SOURCE_DIR}/../shared);
#  * the outside folders this project once read (DVONN_SHARED_DIR, the
#    shared/ perft table and rules) and absolute paths into a user's or this
#    machine's folders (/home/, /root/, /work/);
#  * Markdown links to files that are not tracked.
# It is the cheap half of the check; the other half is scripts/test.sh
# building and testing a copy of the checkout alone in an empty folder,
# where anything read from beside the checkout is missing.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
self=scripts/check-self-contained.sh
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo "check-self-contained: $root is not a git checkout" >&2
  exit 2
fi

problems=0
report() {
  echo "check-self-contained: $1" >&2
  problems=$((problems + 1))
}

mapfile -d '' files < <(git ls-files -z)
texts=()
for f in "${files[@]}"; do
  [ "$f" = "$self" ] && continue
  [ -f "$f" ] && texts+=("$f")
done

# 1. Relative paths that climb out of the checkout.
while IFS= read -r hit; do
  file=${hit%%:*}
  rest=${hit#*:}
  line=${rest%%:*}
  path=${rest#*:}
  resolved=$(realpath -m "$root/$(dirname "$file")/$path")
  case "$resolved/" in
    "$root"/*) ;;
    *) report "$file:$line: '$path' leads outside the checkout ($resolved)" ;;
  esac
done < <(grep -HnoIE '(\.\./)+[^][ "'"'"')>;:,`]*|(\.\.)$' "${texts[@]}" || true)

# 2. Known places outside the checkout.
while IFS= read -r hit; do
  report "$hit: names a place outside the checkout"
done < <(grep -HnIE 'DVONN_SHARED_DIR|shared/(perft|rules)|(^|[^a-z])/(home|root|work)/' "${texts[@]}" || true)

# 3. Markdown links to files the checkout does not have.
for f in "${texts[@]}"; do
  case "$f" in *.md) ;; *) continue ;; esac
  while IFS= read -r target; do
    target=${target#](}
    target=${target%%#*}
    case "$target" in '' | http://* | https://* | mailto:*) continue ;; esac
    rel=$(realpath -m --relative-to="$root" "$root/$(dirname "$f")/$target")
    if [ -z "$(git ls-files -- "$rel")" ]; then report "$f: link to $target, which is not in the checkout"; fi
  done < <(grep -oE '\]\([^) ]+' "$f" || true)
done

if ((problems)); then
  echo "check-self-contained: $problems problem(s): keep everything the project needs inside the checkout" >&2
  exit 1
fi
echo "check-self-contained: ok (${#texts[@]} tracked files)"
