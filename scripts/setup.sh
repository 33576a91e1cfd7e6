#!/usr/bin/env bash
# Installs what building and testing dvonn needs on Debian 12, then builds.
# Usage: scripts/setup.sh [BUILD_DIR] [extra cmake options...]
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake ninja-build g++ pkg-config libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev
  nlohmann-json3-dev libboost1.81-dev libsqlite3-dev libsodium-dev libpq-dev postgresql dpkg-dev file
  nginx openssl systemd)
# nginx, openssl and systemd: the test of deploy/ runs `nginx -t` on the
# site (with a self-signed certificate) and `systemd-analyze verify` on the
# unit. Debian's nginx package starts nginx on port 80 when it installs it;
# the tests need only the program.
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node runs the test of the browser's rules (tests/web/): any node on the
# PATH will do, Debian's when there is none.
command -v node >/dev/null 2>&1 || missing+=(nodejs)
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

build_dir=${1:-build}
shift || true
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build "$build_dir" -j"$(nproc)"
