#!/usr/bin/env bash
# The load figures of docs/server.md "Several nodes": bench/load_test against
#   1. one node on SQLite,
#   2. one node on PostgreSQL,
#   3. two nodes on one PostgreSQL database behind nginx (round robin),
# each a separate `dvonn serve` process (the clients in load_test's own
# process), on a throwaway PostgreSQL cluster (with fsync: durable commits)
# in a temporary folder. Prints load_test's figures and the CPU time the
# servers (and PostgreSQL, and nginx) took per move.
#
#   bench/load_nodes.sh [BUILD_DIR] [GAMES] [SECONDS] [THINK_MS]
#   (defaults: build-bench 1000 20 200; BUILD_DIR needs -DDVONN_BENCH=ON)
#
# Run by hand on a quiet machine: the figures are the machine's.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-build-bench}"
case "$build" in /*) ;; *) build="$root/$build" ;; esac
games="${2:-1000}"
seconds="${3:-20}"
think="${4:-200}"
bin="$build/dvonn"
load="$build/bench/load_test"
for f in "$bin" "$load"; do [ -x "$f" ] || { echo "load_nodes: $f not found (build with -DDVONN_BENCH=ON)" >&2; exit 2; }; done
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
[ -x "$nginx_bin" ] || { echo "load_nodes: nginx is not installed (scripts/setup.sh)" >&2; exit 2; }

work="$(mktemp -d /tmp/dvonn-load-XXXXXX)"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  "$root/scripts/pg_throwaway.sh" stop "$work"
}
trap cleanup EXIT
"$root/scripts/pg_throwaway.sh" start "$work" 200 >/dev/null
db_one="$("$root/scripts/pg_throwaway.sh" createdb "$work" one)"
db_two="$("$root/scripts/pg_throwaway.sh" createdb "$work" two)"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }
up() { for _ in $(seq 1 200); do curl -sf "http://127.0.0.1:$1/" >/dev/null && return 0; sleep 0.1; done; echo "load_nodes: nothing on port $1" >&2; exit 1; }

# serve PORT DB [options...]: a node in the background; its pid in $node_pid.
serve() {
  local port="$1" db="$2"
  shift 2
  "$bin" serve --host 127.0.0.1 --port "$port" --db "$db" --http-rate 0 --max-connections-per-address 0 \
    --no-daily-tournament --no-puzzle-mining "$@" >>"$work/serve.log" 2>&1 &
  node_pid=$!
  pids+=("$node_pid")
  up "$port"
}

# CPU time (ms) of processes and their children's threads, from /proc.
tick="$(getconf CLK_TCK)"
cpu_ms() {
  local total=0 p
  for p in "$@"; do
    [ -r "/proc/$p/stat" ] || continue
    total=$((total + $(awk '{print $14 + $15}' "/proc/$p/stat")))
  done
  echo $((total * 1000 / tick))
}
postgres_pids() {
  local master
  master="$(head -1 "$work/data/postmaster.pid")"
  echo "$master $(pgrep -d ' ' -P "$master" || true)"
}

# measure LABEL PORT PID...: load_test against PORT; CPU per move of PIDs.
measure() {
  local label="$1" port="$2"
  shift 2
  local servers=("$@")
  echo "== $label: $games games, $seconds s, think $think ms"
  local pg_before=0 pg_after=0 before after out moves
  # PostgreSQL's backends come and go with connections: counted at the end.
  before="$(cpu_ms "${servers[@]}")"
  # load_test exits 1 when p99 is over its 50 ms target: the figures still count.
  out="$("$load" --games "$games" --seconds "$seconds" --think-ms "$think" --port "$port" || true)"
  echo "$out"
  after="$(cpu_ms "${servers[@]}")"
  moves="$(sed -n 's/^moves \([0-9]*\).*/\1/p' <<<"$out")"
  pg_after="$(cpu_ms $(postgres_pids))"
  echo "server CPU: $((after - before)) ms for $moves moves; PostgreSQL processes so far: ${pg_after} ms"
  [ -n "$moves" ] && [ "$moves" -gt 0 ] && awk -v c="$((after - before))" -v m="$moves" \
    'BEGIN { printf "server CPU per move: %.3f ms\n", c / m }'
}

p1="$(free_port)"
serve "$p1" "$work/one.db"
measure "one node, SQLite" "$p1" "$node_pid"
kill "$node_pid"

p2="$(free_port)"
pg_before="$(cpu_ms $(postgres_pids))"
serve "$p2" "$db_one"
measure "one node, PostgreSQL" "$p2" "$node_pid"
echo "PostgreSQL CPU during it (approx.): $(( $(cpu_ms $(postgres_pids)) - pg_before )) ms"
kill "$node_pid"

pa="$(free_port)"
pb="$(free_port)"
serve "$pa" "$db_two" --behind-proxy
a_pid="$node_pid"
serve "$pb" "$db_two" --behind-proxy
b_pid="$node_pid"
pn="$(free_port)"
cat >"$work/nginx.conf" <<CONF
$([ "$(id -u)" = 0 ] && echo "user root;")
worker_processes 1;
pid $work/nginx.pid;
error_log $work/nginx-error.log warn;
events { worker_connections 8192; }
worker_rlimit_nofile 20000;
http {
  access_log off;
  client_body_temp_path $work/nb; proxy_temp_path $work/np; fastcgi_temp_path $work/nf;
  uwsgi_temp_path $work/nu; scgi_temp_path $work/ns;
  map \$http_upgrade \$connection_upgrade { default upgrade; '' close; }
  upstream dvonn { server 127.0.0.1:$pa; server 127.0.0.1:$pb; keepalive 32; }
  server {
    listen 127.0.0.1:$pn;
    location / {
      proxy_pass http://dvonn;
      proxy_http_version 1.1;
      proxy_set_header Upgrade \$http_upgrade;
      proxy_set_header Connection \$connection_upgrade;
      proxy_set_header Host \$host;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_read_timeout 1h;
    }
  }
}
CONF
"$nginx_bin" -p "$work" -c "$work/nginx.conf"
up "$pn"
nginx_pids() { pgrep -d ' ' -f "nginx: .*$work/nginx.conf|nginx: worker" || true; }
pg_before="$(cpu_ms $(postgres_pids))"
measure "two nodes, PostgreSQL, behind nginx" "$pn" "$a_pid" "$b_pid" $(nginx_pids)
echo "PostgreSQL CPU during it (approx.): $(( $(cpu_ms $(postgres_pids)) - pg_before )) ms"
kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
