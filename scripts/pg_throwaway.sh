#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests and benchmarks (the C++ server
# tests, tests/e2e/nodes.test.mjs, bench/load_nodes.sh): initdb in a
# folder, the server listening on a Unix socket in that folder only (no
# TCP), trust authentication, fsync on (commits are durable, as the tests
# of durability want). Debian's packages: the newest
# /usr/lib/postgresql/<version>/bin. PostgreSQL refuses to run as root, so
# as root it runs as the postgres user (the folder is given to it).
#
#   scripts/pg_throwaway.sh start DIR [MAX_CONNECTIONS]
#       DIR: a folder to create (or an empty one). Prints the libpq
#       keywords of the cluster's socket: "host=DIR user=postgres".
#   scripts/pg_throwaway.sh createdb DIR NAME
#       A new empty database; prints its keywords (what `dvonn serve --db`
#       takes): "host=DIR dbname=NAME user=postgres".
#   scripts/pg_throwaway.sh stop DIR
#       Stops the cluster (at once: it is thrown away) and removes DIR.
#
# When the cluster cannot start, exits 1 with initdb's or the server's
# output on stderr, so that what needs it fails (never skips).
set -euo pipefail

usage() {
  echo "usage: $0 start DIR [MAX_CONNECTIONS] | createdb DIR NAME | stop DIR" >&2
  exit 2
}
[ $# -ge 2 ] || usage
command="$1"
dir="$2"
case "$dir" in /*) ;; *) dir="$(pwd)/$dir" ;; esac

bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "pg_throwaway: PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): scripts/setup.sh installs it" >&2
  exit 1
fi
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "$command" in
  start)
    max_connections="${3:-400}"
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres: "$dir"
    if ! as_owner "$bin/initdb" -D "$dir/data" -A trust -U postgres --no-sync -E UTF8 --locale=C.UTF-8 \
      >"$dir/initdb.out" 2>&1; then
      echo "pg_throwaway: initdb failed:" >&2
      cat "$dir/initdb.out" >&2
      exit 1
    fi
    if ! as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 60 \
      -o "-c listen_addresses='' -k $dir -c max_connections=$max_connections" start >"$dir/pg_ctl.out" 2>&1; then
      echo "pg_throwaway: the server did not start:" >&2
      cat "$dir/pg_ctl.out" "$dir/log" >&2 2>/dev/null || true
      exit 1
    fi
    echo "host=$dir user=postgres"
    ;;
  createdb)
    [ $# -eq 3 ] || usage
    as_owner "$bin/createdb" -h "$dir" -U postgres "$3"
    echo "host=$dir dbname=$3 user=postgres"
    ;;
  stop)
    if [ -f "$dir/data/postmaster.pid" ]; then
      as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
  *) usage ;;
esac
