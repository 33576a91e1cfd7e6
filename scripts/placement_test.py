#!/usr/bin/env python3
"""Measures the placement phase apart from the movement phase.

    scripts/placement_test.py openings --dvonn BIN --player NAME RECORDS_DIR OUT
    dvonn match --openings OUT --engine REF --engine REF --games 2N --out FINISHED ...
    scripts/placement_test.py score OUT FINISHED

The first step takes the games in RECORDS_DIR (records of `dvonn match
--out`) and writes, for each, the position after the 49 placements to OUT
(an openings file for `dvonn match --openings`) and the colour NAME had in
that game to OUT.sides. A fixed reference program then plays the movement
phase of every such position from both sides (the match swaps colours in
pairs). `score` reads the finished games and reports how NAME's side of the
placements fared: its score and its mean final piece difference. With the
same program on both sides, 50% means NAME's placements were as good as the
opponent's.
"""
import argparse
import re
import subprocess
import sys

import match_record


def openings(args):
    lines, sides = [], []
    for record in match_record.folder(args.records):
        if record.tag("Setup") not in ("", "standard") or record.tag("Position"):
            sys.exit(f"{record.path}: not a game from the empty board")
        moves = record.moves
        if len(moves) < 49:
            continue  # ended (forfeit) during placement
        side = record.side_of(args.player)
        if not side:
            sys.exit(f"{record.path}: {args.player} played neither side")
        out = subprocess.run([args.dvonn, "show", "--moves", " ".join(moves[:49]), "--position-string"],
                             capture_output=True, text=True, check=True).stdout
        position = [l for l in out.splitlines() if l.startswith("position: ")][0][len("position: "):]
        lines.append(position)
        sides.append(side)
    with open(args.out, "w") as f:
        f.write(f"# positions after the placements of the games in {args.records}\n")
        f.write("\n".join(lines) + "\n")
    with open(args.out + ".sides", "w") as f:
        f.write("\n".join(sides) + "\n")
    print(f"{len(lines)} positions written to {args.out}; play them with --games {2 * len(lines)}")


def score(args):
    sides = open(args.openings + ".sides").read().split()
    points, diffs, games = 0.0, 0, 0
    for record in match_record.folder(args.finished, "game-*.dvonn"):
        index = int(re.search(r"game-(\d+)", record.name).group(1)) - 1
        side = sides[(index // 2) % len(sides)]
        white, black = record.final_score()
        diff = white - black if side == "w" else black - white
        result = record.tag("Result")
        if result == "1/2-1/2":
            points += 0.5
        elif (result == "1-0") == (side == "w"):
            points += 1
        diffs += diff
        games += 1
    if not games:
        sys.exit("no finished games")
    print(f"placements of the player: {points:g}/{games} = {100 * points / games:.1f}%, "
          f"mean final piece difference {diffs / games:+.2f}")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="verb", required=True)
    o = sub.add_parser("openings")
    o.add_argument("--dvonn", default="build/dvonn")
    o.add_argument("--player", required=True, help="the name (White/Black tag) whose placements are measured")
    o.add_argument("records")
    o.add_argument("out")
    s = sub.add_parser("score")
    s.add_argument("openings")
    s.add_argument("finished")
    args = p.parse_args()
    openings(args) if args.verb == "openings" else score(args)


if __name__ == "__main__":
    main()
