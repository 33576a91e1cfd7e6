#!/usr/bin/env python3
"""Where a run's games were won and lost: the engine's score along the way.

For each finished game record of `dvonn match --out` folders, `dvonn
analyze` scores the position at the start of the movement phase and after
some of its plies (--plies), from the side of the player named NAME. The
table groups the games by their result: for each ply, the mean score and
how many games NAME was ahead in (a score of at least --margin pieces),
about even, or behind, and how many were already over. The ply where the
lost games' scores fall is where they were lost.

  scripts/phase_scores.py --dvonn build/dvonn --plies 0,10,20,26 NAME FOLDER [FOLDER ...]
"""
import argparse
import statistics
import sys
from concurrent.futures import ThreadPoolExecutor

import match_record


def game_scores(dvonn, record, name, plies, seconds):
    """NAME's points and {ply: NAME's score, or None once the game is over}."""
    side = record.side_of(name)
    placements = record.placements()
    moving = record.moves[len(placements):]
    scores = {}
    for ply in plies:
        if ply >= len(moving):
            scores[ply] = None
            continue
        # White moves first; a pass is a ply too, so the sides alternate.
        to_move = "w" if ply % 2 == 0 else "b"
        s = record.analysis_score(dvonn, placements + moving[:ply], seconds)
        scores[ply] = s if to_move == side else -s
    return record.points(name), scores


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dvonn", default="build/dvonn", help="the dvonn binary that scores (default build/dvonn)")
    ap.add_argument("--time", type=float, default=0.5, help="seconds of analysis a position (default 0.5)")
    ap.add_argument("--plies", default="0,10,20,26", help="movement plies to score at (default 0,10,20,26)")
    ap.add_argument("--margin", type=float, default=1.5, help="pieces that count as ahead or behind (default 1.5)")
    ap.add_argument("--jobs", type=int, default=2, help="analyses at once (default 2)")
    ap.add_argument("name")
    ap.add_argument("folders", nargs="+")
    a = ap.parse_args()
    try:
        plies = sorted({int(p) for p in a.plies.split(",")})
    except ValueError:
        ap.error(f"--plies: expected plies separated by commas (0,10,20), got {a.plies!r}")
    if not plies or plies[0] < 0 or a.jobs < 1 or a.margin <= 0 or a.time <= 0:
        ap.error("--plies must be 0 or more, --jobs at least 1, --margin and --time above 0")
    records = []
    for folder in a.folders:
        found = match_record.finished_games(folder, a.name)
        if not found:
            sys.exit(f"{folder}: no finished game records with a player named {a.name}")
        records += found
    with ThreadPoolExecutor(a.jobs) as pool:
        games = list(pool.map(lambda r: game_scores(a.dvonn, r, a.name, plies, a.time), records))
    print(f"{a.name} in {' '.join(a.folders)}: {len(games)} games, the score at each movement ply "
          f"(ahead / even / behind by {a.margin} pieces, over)")
    for points, label in ((1.0, "won"), (0.5, "drawn"), (0.0, "lost")):
        group = [s for p, s in games if p == points]
        if not group:
            continue
        cells = []
        for ply in plies:
            known = [s[ply] for s in group if s[ply] is not None]
            ahead = sum(1 for x in known if x >= a.margin)
            behind = sum(1 for x in known if x <= -a.margin)
            mean = f"{statistics.mean(known):+.2f}" if known else "-"
            cells.append(f"ply {ply}: {mean} ({ahead} / {len(known) - ahead - behind} / {behind}, "
                         f"{len(group) - len(known)})")
        print(f"{label} {len(group)}: " + "; ".join(cells))


if __name__ == "__main__":
    main()
