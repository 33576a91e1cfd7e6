#!/usr/bin/env python3
"""The engine's score at the start of the movement phase of recorded games.

A measure of placement: for each game record of a `dvonn match --out`
folder, `dvonn analyze` scores the position after the last placement, from
the side of the player named NAME. Game results are noisy (a pair of games
decides little); this score is not, so two runs of the same openings (the
same --seed), one per engine version, compare their placements game by game.

  scripts/movement_start_score.py --dvonn build/dvonn RUN_A NAME_A [RUN_B NAME_B]
"""
import argparse
import statistics
import sys

import match_record


def scores(dvonn, folder, name, seconds):
    """{record file name: (score for NAME, final piece difference for NAME)}"""
    out = {}
    for record in match_record.folder(folder):
        side, final = record.side_of(name), record.final_score()
        if not side or not final:
            continue
        sign = 1 if side == "w" else -1
        # The movement phase starts with White to move: the score is White's.
        score = sign * record.analysis_score(dvonn, record.placements(), seconds)
        out[record.name] = (score, sign * (final[0] - final[1]))
    if not out:
        sys.exit(f"{folder}: no finished game records with a player named {name}")
    return out


def summary(label, rows):
    won = sum(1 for s, d in rows.values() if d > 0)
    lost = sum(1 for s, d in rows.values() if d < 0)
    mean = statistics.mean(s for s, _ in rows.values())
    print(f"{label}: {len(rows)} games, mean score at the movement start {mean:+.2f} pieces, won {won}, lost {lost}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dvonn", default="build/dvonn", help="the dvonn binary that scores (default build/dvonn)")
    ap.add_argument("--time", type=float, default=0.3, help="seconds of analysis a position (default 0.3)")
    ap.add_argument("runs", nargs="+", help="FOLDER NAME [FOLDER NAME]")
    a = ap.parse_args()
    if len(a.runs) not in (2, 4):
        ap.error("give one or two pairs of FOLDER NAME")
    first = scores(a.dvonn, a.runs[0], a.runs[1], a.time)
    summary(a.runs[1], first)
    if len(a.runs) == 2:
        return
    second = scores(a.dvonn, a.runs[2], a.runs[3], a.time)
    summary(a.runs[3], second)
    common = sorted(set(first) & set(second))
    if len(common) < 2:
        sys.exit("the two runs share fewer than two game records")
    diff = [first[k][0] - second[k][0] for k in common]
    se = statistics.stdev(diff) / len(diff) ** 0.5
    better = sum(1 for d in diff if d > 0.01)
    worse = sum(1 for d in diff if d < -0.01)
    print(f"{a.runs[1]} - {a.runs[3]}, game by game over {len(common)} games: "
          f"{statistics.mean(diff):+.2f} pieces (standard error {se:.2f}), higher in {better}, lower in {worse}")


if __name__ == "__main__":
    main()
