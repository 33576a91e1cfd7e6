#!/bin/sh
# Writes the dvonn(1) man page from the program's own help texts, so the page
# never disagrees with `dvonn help` and `dvonn COMMAND --help`.
#
#   packaging/manpage.sh DVONN_BINARY OUTPUT
set -eu
[ $# -eq 2 ] || { echo "usage: $0 DVONN_BINARY OUTPUT" >&2; exit 2; }
bin_dir=$(cd "$(dirname "$1")" && pwd)
out=$2
# Run as plain `dvonn`, so the usage lines name the program, not the build folder.
dvonn() { PATH="$bin_dir:$PATH" command dvonn "$@"; }
version=$(dvonn --version)
# Help text as roff: backslashes and dashes escaped, no line read as a request.
roff() { sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e 's/^[.'\'']/\\\&&/'; }
# printf, not echo: sh's echo would read \f and \c in the roff text.
w() { printf '%s\n' "$*"; }
commands=$(dvonn help | sed -n '/^Subcommands:/,$p' | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p' | grep -vx help)
[ -n "$commands" ] || { echo "$0: no subcommands in 'dvonn help'" >&2; exit 1; }

{
  w ".TH DVONN 1 \"\" \"$version\" \"User Commands\""
  w '.SH NAME'
  w 'dvonn \- play, study and compute the board game DVONN'
  w '.SH SYNOPSIS'
  w '.B dvonn'
  w '.I COMMAND'
  w '[\fIOPTIONS\fR]'
  w '.br'
  w '.B dvonn help'
  w '.br'
  w '.B dvonn \-\-version'
  w '.SH DESCRIPTION'
  w "DVONN is the stacking game of Kris Burm's GIPF project."
  w '.B dvonn'
  w 'holds its rules, an engine, the CodeCup player and match referee, and a web game server with a browser UI.'
  w 'Each command below prints its options with'
  w '.BR "dvonn COMMAND \-\-help" .'
  w '.PP'
  w 'Commands that take a position accept one of'
  w '.B \-\-moves'
  w '(the game so far),'
  w '.B \-\-position'
  w '(a position string),'
  w '.B \-\-record'
  w '(a game record file, \- for standard input) or'
  w '.B \-\-random\-setup'
  w '(a seeded random setup).'
  w '.SH OVERVIEW'
  w '.nf'
  dvonn help | roff
  w '.fi'
  w '.SH COMMANDS'
  for c in $commands; do
    w ".SS $c"
    w '.nf'
    dvonn "$c" --help | roff
    w '.fi'
  done
  w '.SH EXIT STATUS'
  w '0 on success, 1 for an input that cannot be used (an illegal move, a malformed record or position),'
  w '2 for a malformed command line.'
  w '.SH FILES'
  w '.TP'
  w '.I /var/lib/dvonn/dvonn.db'
  w 'the games of the packaged service, dvonn.service, which runs'
  w '.B dvonn serve'
  w 'as the dvonn user.'
  w '.SH SEE ALSO'
  w 'The documentation in'
  w '.IR /usr/share/doc/dvonn/ ,'
  w 'among it the rules (docs/rules.md) and how to run the service (docs/deploy.md).'
} >"$out"
