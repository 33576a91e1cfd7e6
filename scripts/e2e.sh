#!/usr/bin/env bash
# Real-browser end-to-end tests of the web UI.
#
#   scripts/e2e.sh [BUILD_DIR]        (default: build)
#
# Installs Debian's chromium if missing, the test dependencies (npm), starts
# BUILD_DIR/dvonn serve on a free port with a temporary database, runs
# tests/e2e/*.test.mjs with Node's test runner, and stops the server.
# The server runs under a loop that starts it again on the same port and
# database when it dies (the restart test kills it). Screenshots of the
# main screens go to tests/e2e/screenshots/.
#
# E2E_EMBEDDED=1 tests the web files compiled into the binary instead of
# serving web/ from the checkout (--web-root).
# E2E_TESTS="community online" runs only those tests/e2e/NAME.test.mjs.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-build}"
case "$build" in /*) ;; *) build="$root/$build" ;; esac
bin="$build/dvonn"
if [ ! -x "$bin" ]; then
  echo "e2e: $bin not found: build it first (cmake --build $build --target dvonn)" >&2
  exit 2
fi

# Chromium and Node from Debian, installed only when missing.
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
# The several-nodes test (nodes.test.mjs) runs its own PostgreSQL and nginx.
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "e2e: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi

cd "$root/tests/e2e"
if [ -f package-lock.json ]; then npm ci --no-audit --no-fund --loglevel=error; else npm install --no-audit --no-fund --loglevel=error; fi
rm -rf screenshots && mkdir -p screenshots

port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
work="$(mktemp -d)"
db="$work/e2e.db"
pidfile="$work/server.pid"
stopfile="$work/stop"
log="$work/server.log"
web_args=(--web-root "$root/web")
[ "${E2E_EMBEDDED:-0}" = 1 ] && web_args=()

# The server, started again whenever it exits, until $stopfile exists.
(
  while [ ! -e "$stopfile" ]; do
    # Every test browser comes from 127.0.0.1: the per-address limits on
    # sign-ups and guests would stop the suite half-way (their own tests are
    # in tests/server/auth_abuse_test.cpp). Game reviews get a small budget
    # per position, so a whole game reviews in a few seconds.
    "$bin" serve --host 127.0.0.1 --port "$port" --db "$db" --signups-per-hour 0 --guests-per-hour 0 --review-depth 3 --review-nodes 20000 \
      --analysis-seconds 10 --analysis-depth 16 --analyses-per-address 16 \
      --no-daily-tournament "${web_args[@]}" >>"$log" 2>&1 &
    echo $! >"$pidfile"
    wait $! || true
    [ -e "$stopfile" ] || sleep 0.3
  done
) &
loop=$!

cleanup() {
  touch "$stopfile"
  [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
  wait "$loop" 2>/dev/null || true
  if [ "${status:-1}" -ne 0 ]; then echo "--- server log ---" >&2; tail -n 40 "$log" >&2 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

url="http://127.0.0.1:$port"
for _ in $(seq 1 100); do
  if node -e "fetch('$url/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"; then break; fi
  sleep 0.1
done
node -e "fetch('$url/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))" || { echo "e2e: the server did not start" >&2; status=1; exit 1; }
echo "e2e: server on $url (db $db)"

status=0
tests=(./*.test.mjs)
if [ -n "${E2E_TESTS:-}" ]; then tests=(); for t in $E2E_TESTS; do tests+=("./$t.test.mjs"); done; fi
DVONN_URL="$url" DVONN_PIDFILE="$pidfile" DVONN_BIN="$bin" DVONN_WEB_ROOT="$root/web" node --test --test-concurrency=1 --test-timeout=180000 "${tests[@]}" || status=$?
echo "e2e: screenshots in tests/e2e/screenshots/"
exit "$status"
