#!/usr/bin/env bash
# Fails on an #include that goes against the layer table (src/layers.txt):
# every "folder/file.hpp" a file under src/ includes must be in the file's
# own layer or in a layer the table lets it use. Files outside every layer's
# folder fail too, so a new folder is added to the table before it is used.
#
#   scripts/check-layers.sh [SRC_DIR]   (default: the checkout's src/)
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - "${1:-src}" <<'PY'
import os
import re
import sys

src = sys.argv[1]
allowed = {}  # folder -> folders it may include (itself first)
for line in open(os.path.join(src, "layers.txt")):
    fields = line.split()
    if not fields or fields[0].startswith("#"):
        continue
    folder, uses = fields[1], fields[2:]
    unknown = [u for u in uses if u not in allowed]
    if unknown:
        sys.exit(f"check-layers: layers.txt: {folder} uses {', '.join(unknown)}, not listed before it")
    allowed[folder] = [folder] + uses

def layer_of(path):
    """The longest layer folder holding path (relative to src), or None."""
    best = None
    for folder in allowed:
        if path == folder or path.startswith(folder + "/"):
            if best is None or len(folder) > len(best):
                best = folder
    return best

include = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
errors = []
files = 0
for root, _, names in os.walk(src):
    for name in sorted(names):
        if not name.endswith((".cpp", ".hpp", ".h")):
            continue
        path = os.path.relpath(os.path.join(root, name), src)
        files += 1
        own = layer_of(path)
        if own is None:
            errors.append(f"src/{path}: in no layer of src/layers.txt")
            continue
        for number, text in enumerate(open(os.path.join(root, name), encoding="utf-8"), 1):
            m = include.match(text)
            if not m:
                continue
            target = m.group(1)
            used = layer_of(target)
            if used is None:
                if "/" in target:
                    errors.append(f"src/{path}:{number}: includes \"{target}\", in no layer")
                continue  # a header beside the file, e.g. "connectivity.hpp"
            if used not in allowed[own]:
                errors.append(f"src/{path}:{number}: {own} may not include \"{target}\" ({used}); "
                              f"it may use {' '.join(allowed[own][1:]) or 'no other layer'}")
for e in errors:
    print(e, file=sys.stderr)
if errors:
    sys.exit(f"check-layers: {len(errors)} include(s) against src/layers.txt")
print(f"check-layers: ok ({files} files in {len(allowed)} layers)")
PY
