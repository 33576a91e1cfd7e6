#!/usr/bin/env bash
# The Debian package and `cmake --install`, checked as an administrator meets
# them: cpack builds the .deb from BUILD_DIR, dpkg-deb unpacks it into an
# empty root, and the files, the control data, the maintainer scripts, the
# man page and the unpacked program itself are checked; then cmake --install
# into an empty prefix.
#
#   tests/package/package_test.sh BUILD_DIR VERSION
set -euo pipefail
build=$1
version=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}
expect_file() { [ -f "$1" ] || fail "missing $1"; }
expect_grep() { grep -qE -- "$2" "$1" || fail "$1 has no line matching '$2'"; }

# --- the .deb
if ! cpack --config "$build/CPackConfig.cmake" -G DEB -B "$work/out" >"$work/cpack.log" 2>&1; then
  cat "$work/cpack.log" >&2
  fail "cpack failed"
  exit 1
fi
deb=$(find "$work/out" -maxdepth 1 -name 'dvonn_*.deb')
[ -n "$deb" ] && [ "$(echo "$deb" | wc -l)" -eq 1 ] || { fail "expected one dvonn_*.deb in $work/out"; exit 1; }
echo "package: $(basename "$deb")"

[ "$(dpkg-deb -f "$deb" Package)" = dvonn ] || fail "Package is not dvonn"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "Version is not $version: $(dpkg-deb -f "$deb" Version)"
depends=$(dpkg-deb -f "$deb" Depends)
for d in adduser libc6 libsqlite3-0 libsodium23 libpq5; do
  [[ ", $depends," == *", $d"[\ ,]* ]] || fail "Depends lacks $d: $depends"
done

root="$work/root"
dpkg-deb -x "$deb" "$root"
expect_file "$root/usr/bin/dvonn"
[ -x "$root/usr/bin/dvonn" ] || fail "/usr/bin/dvonn is not executable"
expect_file "$root/usr/share/man/man1/dvonn.1.gz"
expect_file "$root/usr/share/doc/dvonn/README.md"
expect_file "$root/usr/share/doc/dvonn/changelog.gz"
expect_file "$root/usr/share/doc/dvonn/docs/rules.md"
expect_file "$root/usr/share/doc/dvonn/docs/deploy.md"
unit="$root/usr/lib/systemd/system/dvonn.service"
expect_file "$unit"
# Nothing else: no stray files from the build tree.
unexpected=$(cd "$root" && find . -type f | grep -vE '^\./usr/(bin/dvonn|share/man/man1/dvonn\.1\.gz|share/doc/dvonn/.*|lib/systemd/system/dvonn\.service)$' || true)
[ -z "$unexpected" ] || fail "unexpected files in the package: $unexpected"

# The installed program runs, says the same version as the build's, and works.
installed_version=$("$root/usr/bin/dvonn" --version) || fail "installed dvonn --version exits non-zero"
[ "$installed_version" = "$("$build/dvonn" --version)" ] || fail "installed dvonn --version says '$installed_version'"
[[ "$installed_version" =~ ^dvonn\ ${version//./\\.}\ \(commit\ (unknown|[0-9a-f]{7}(-dirty)?)\)$ ]] ||
  fail "installed dvonn --version: '$installed_version'"
"$root/usr/bin/dvonn" perft 2 --json | grep -q '"nodes":2352' || fail "installed dvonn perft 2 is not 2352"

# The service: dvonn serve as the dvonn user, its database in /var/lib/dvonn.
expect_grep "$unit" '^ExecStart=/usr/bin/dvonn serve .*--db /var/lib/dvonn/dvonn\.db'
expect_grep "$unit" '^User=dvonn$'
expect_grep "$unit" '^StateDirectory=dvonn$'
expect_grep "$unit" '^WantedBy=multi-user\.target$'
if command -v systemd-analyze >/dev/null; then
  # verify wants the program at the unit's path: check a copy that points
  # into the unpacked root.
  sed "s|/usr/bin/dvonn|$root/usr/bin/dvonn|" "$unit" >"$work/dvonn.service"
  # (It only warns about unknown keys: any output is a failure.)
  if ! systemd-analyze verify --man=no "$work/dvonn.service" >"$work/verify.log" 2>&1 || [ -s "$work/verify.log" ]; then
    fail "systemd-analyze verify: $(cat "$work/verify.log")"
  fi
fi

# The maintainer scripts: valid shell; postinst makes the user and its folder.
dpkg-deb -e "$deb" "$work/control"
for s in postinst prerm postrm; do
  [ -x "$work/control/$s" ] || fail "no executable $s"
  sh -n "$work/control/$s" || fail "$s is not valid shell"
done
# postinst run against stand-ins for the commands it calls (PATH holds only
# them), which log their arguments: what it would do to a real system.
stubs="$work/stubs"
mkdir -p "$stubs"
for c in getent adduser mkdir chown chmod deb-systemd-helper deb-systemd-invoke systemctl; do
  printf '#!/bin/sh\necho "%s $*" >>"$STUB_LOG"\n' "$c" >"$stubs/$c"
  # getent: the dvonn user exists only when STUB_USER_EXISTS=1.
  [ "$c" = getent ] && echo '[ "$STUB_USER_EXISTS" = 1 ]' >>"$stubs/$c"
  chmod +x "$stubs/$c"
done
run_postinst() { env -i PATH="$stubs" STUB_LOG="$work/postinst.log" STUB_USER_EXISTS="$1" /bin/sh "$work/control/postinst" "${@:2}"; }
: >"$work/postinst.log"
run_postinst 0 configure || fail "postinst configure exits non-zero"
log="$work/postinst.log"
expect_grep "$log" '^adduser --quiet --system --group --home /var/lib/dvonn --no-create-home --gecos DVONN game server dvonn$'
expect_grep "$log" '^mkdir -p /var/lib/dvonn$'
expect_grep "$log" '^chown dvonn:dvonn /var/lib/dvonn$'
expect_grep "$log" '^deb-systemd-helper enable dvonn.service$'
# An upgrade, the user already there: no second adduser.
: >"$log"
run_postinst 1 configure 0.0.9 || fail "postinst configure (upgrade) exits non-zero"
! grep -q '^adduser' "$log" || fail "postinst adds the dvonn user again on an upgrade"
expect_grep "$log" '^chown dvonn:dvonn /var/lib/dvonn$'

# The man page: every subcommand of `dvonn help` has its section, and groff
# reads it without a warning.
man="$work/dvonn.1"
gzip -dc "$root/usr/share/man/man1/dvonn.1.gz" >"$man"
expect_grep "$man" '^\.TH DVONN 1 '
for c in $("$build/dvonn" help | sed -n '/^Subcommands:/,$p' | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p' | grep -vx help); do
  expect_grep "$man" "^\.SS $c\$"
done
expect_grep "$man" '^\.SS serve$'
if command -v groff >/dev/null; then
  warnings=$(groff -man -Tutf8 -ww -z "$man" 2>&1)
  [ -z "$warnings" ] || fail "groff warns about the man page: $warnings"
fi
grep -q "$build" "$man" && fail "the man page names the build folder $build"

# --- cmake --install into an empty prefix
prefix="$work/prefix"
cmake --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1 || { cat "$work/install.log" >&2; fail "cmake --install failed"; }
[ -x "$prefix/bin/dvonn" ] || fail "cmake --install put no dvonn in $prefix/bin"
expect_file "$prefix/share/man/man1/dvonn.1.gz"
expect_grep "$prefix/lib/systemd/system/dvonn.service" "^ExecStart=$prefix/bin/dvonn serve "
[ "$("$prefix/bin/dvonn" --version)" = "$installed_version" ] || fail "cmake --install's dvonn --version differs"

if ((failures)); then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "package: all checks passed"
