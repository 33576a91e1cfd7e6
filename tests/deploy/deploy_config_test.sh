#!/usr/bin/env bash
# deploy/: the nginx site in front of several nodes and the systemd template
# unit of one node, checked by the programs that will read them: `nginx -t`
# on the site (included in a throwaway main configuration, with a
# self-signed certificate and log paths in a temporary folder) and
# `systemd-analyze verify` on an instance of the unit (ExecStart pointing at
# this build's dvonn). Any warning counts as a failure. Then what the files
# must say: every WebSocket path the server serves is proxied with the
# upgrade, retries never include non_idempotent, the nodes' headers.
#
#   tests/deploy/deploy_config_test.sh SOURCE_DIR DVONN_BINARY
set -uo pipefail
src=${1:?source folder}
dvonn=${2:?dvonn binary}
site="$src/deploy/nginx/dvonn.conf"
unit="$src/deploy/systemd/dvonn@.service"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# --- nginx
nginx=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$nginx" ] || { echo "FAIL: no nginx (scripts/setup.sh installs it)" >&2; exit 1; }
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=dvonn.example \
  -keyout "$work/privkey.pem" -out "$work/fullchain.pem" >/dev/null 2>&1 || { echo "FAIL: openssl" >&2; exit 1; }
mkdir -p "$work/logs" "$work/temp"
# nginx_check SITE_FILE: nginx -t on a main configuration including it;
# prints what nginx said, fails on an error or a warning.
nginx_check() {
  sed -e "s|/etc/letsencrypt/live/dvonn.example/|$work/|" -e "s|/var/log/nginx/|$work/logs/|" "$1" >"$work/site.conf"
  cat >"$work/nginx.conf" <<CONF
pid $work/nginx.pid;
error_log $work/logs/error.log;
events {}
http {
    access_log $work/logs/access.log;
    client_body_temp_path $work/temp/body;
    proxy_temp_path $work/temp/proxy;
    fastcgi_temp_path $work/temp/fastcgi;
    uwsgi_temp_path $work/temp/uwsgi;
    scgi_temp_path $work/temp/scgi;
    include $work/site.conf;
}
CONF
  local out
  out=$("$nginx" -t -q -p "$work/" -c "$work/nginx.conf" 2>&1)
  local rc=$?
  printf '%s' "$out"
  [ $rc -eq 0 ] && ! grep -q '\[warn\]\|\[emerg\]' <<<"$out"
}
out=$(nginx_check "$site") || fail "nginx -t refuses deploy/nginx/dvonn.conf: $out"
# The check itself catches a broken site: a missing brace, an unknown
# directive.
sed '0,/^}/s/^}//' "$site" >"$work/broken-brace.conf"
nginx_check "$work/broken-brace.conf" >/dev/null && fail "nginx -t accepted a site with a missing brace"
sed 's/proxy_next_upstream error timeout http_503;/proxy_next_upstream error timeout bogus;/' "$site" >"$work/broken-value.conf"
nginx_check "$work/broken-value.conf" >/dev/null && fail "nginx -t accepted a bad proxy_next_upstream"

# What the site must say.
code=$(grep -v '^ *#' "$site")
grep -q 'proxy_next_upstream error timeout http_503;' <<<"$code" || fail "no 'proxy_next_upstream error timeout http_503'"
grep -q 'non_idempotent' <<<"$code" && fail "the site retries non-idempotent requests"
grep -Eq '^ *(ip_hash|hash|sticky)' <<<"$code" && fail "the site pins clients to nodes"
for header in 'X-Forwarded-For *\$proxy_add_x_forwarded_for' 'X-Forwarded-Proto *\$scheme' 'X-Forwarded-Host' \
  'Upgrade *\$http_upgrade' 'Connection *\$dvonn_connection'; do
  grep -Eq "proxy_set_header $header" <<<"$code" || fail "no proxy_set_header $header"
done
grep -Eq 'limit_req_zone .*zone=dvonn_requests' <<<"$code" || fail "no shared request-rate zone"
# Every WebSocket path the server accepts (http_session.cpp) is under a
# location with a long read timeout: "= /ws" or the "/ws/" prefix.
paths=$(grep -o 'path == "/ws[a-z/]*"' "$src/src/server/http/http_session.cpp" | sed 's/.*"\(.*\)"/\1/' | sort -u)
[ -n "$paths" ] || fail "found no WebSocket paths in http_session.cpp"
for p in $paths; do
  if [ "$p" = /ws ]; then
    grep -q 'location = /ws {' <<<"$code" || fail "no location for $p"
  else
    [[ $p == /ws/* ]] && grep -q 'location /ws/ {' <<<"$code" || fail "no location for $p"
  fi
done
[ "$(grep -c 'proxy_read_timeout 3600s' <<<"$code")" -ge 2 ] || fail "WebSocket locations without a long read timeout"
# WebSockets go through their own upstream whose nodes are never counted
# down (a socket's request ends only when the socket does: sharing the HTTP
# upstream let a revived node stay counted down, and with another node dead
# every request got 502), on the same nodes as the HTTP upstream.
for loc in 'location = /ws {' 'location /ws/ {'; do
  grep -A3 -F "$loc" <<<"$code" | grep -q 'proxy_pass http://dvonn_sockets;' || fail "'$loc' is not proxied to dvonn_sockets"
done
upstream_block() { sed -n "/^upstream $1 {/,/^}/p" <<<"$code"; }
servers_of() { upstream_block "$1" | grep -o 'server [0-9.:]*' | sort; }
[ -n "$(servers_of dvonn_nodes)" ] || fail "no servers in upstream dvonn_nodes"
[ "$(servers_of dvonn_nodes)" = "$(servers_of dvonn_sockets)" ] || fail "dvonn_nodes and dvonn_sockets list different nodes"
sockets=$(upstream_block dvonn_sockets)
[ "$(grep -c 'server ' <<<"$sockets")" = "$(grep -c 'server .* max_fails=0;' <<<"$sockets")" ] ||
  fail "a node of dvonn_sockets can be counted down (max_fails=0 on each)"

# --- systemd
cp "$unit" "$work/dvonn@.service"
sed -i "s|^ExecStart=/usr/bin/dvonn |ExecStart=$dvonn |" "$work/dvonn@.service"
grep -q "^ExecStart=$dvonn serve " "$work/dvonn@.service" || fail "the unit's ExecStart is not /usr/bin/dvonn serve ..."
ln -s "dvonn@.service" "$work/dvonn@8081.service"
verify() {
  (cd "$work" && systemd-analyze verify --man=no "$work/dvonn@8081.service" 2>&1)
}
out=$(verify)
rc=$?
{ [ $rc -eq 0 ] && [ -z "$out" ]; } || fail "systemd-analyze verify dvonn@8081.service: $out"
# The check catches a broken unit.
sed -i 's/^ExecStart=/ExecStrat=/' "$work/dvonn@.service"
verify >/dev/null && fail "systemd-analyze accepted a unit without ExecStart"
# The template follows the packaged unit's hardening, line for line.
for line in $(sed -n '/^NoNewPrivileges=/,/^UMask=/p' "$src/packaging/dvonn.service.in" | tr ' ' '~'); do
  grep -qx -- "${line//\~/ }" "$unit" || fail "the unit lacks the packaged unit's '${line//\~/ }'"
done
grep -q '^EnvironmentFile=/etc/dvonn/node.env$' "$unit" || fail "the unit does not read /etc/dvonn/node.env"
grep -q -- '--port %i --db ${DVONN_DB} --behind-proxy' "$unit" || fail "the unit's node is not port %i on DVONN_DB behind the proxy"

if ((failures)); then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "deploy: all checks passed"
