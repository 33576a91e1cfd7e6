#!/usr/bin/env python3
"""Where `dvonn engine --log-times` spent its clock, by phase of the game.

    dvonn match --engine "dvonn engine --log-times ..." ... --stderr ERR
    scripts/time_use.py ERR [ERR ...]

Reads the `dvonn-time place|move PLACED|STACKS SECONDS LEFT [DEPTH NODES]`
lines the engine writes (other programs' lines are ignored) and prints the
mean seconds a game spent in each phase: the placements, then the movement
phase by live stacks (the phase where the games are decided is about 36 to
26 stacks), and what was left unused at the game's last move. Where the
lines say how deep each search went (engines since the 45th session), it
prints too the mean depth of the moves searched (a forced move, a solved
or random one has depth 0 and is left out) and their nodes a second. A game
starts where a line cannot follow the one before (fewer pieces placed,
more stacks, or a placement after a move); run the match with
--concurrency 1 so the lines of games do not mix.
"""
import sys

BANDS = [
    ("placement", lambda kind, n: kind == "place"),
    ("movement, 37+ stacks", lambda kind, n: kind == "move" and n >= 37),
    ("movement, 27-36 stacks", lambda kind, n: kind == "move" and 27 <= n <= 36),
    ("movement, 21-26 stacks", lambda kind, n: kind == "move" and 21 <= n <= 26),
    ("movement, 20 stacks or fewer", lambda kind, n: kind == "move" and n <= 20),
]


def starts_game(previous, entry):
    """Whether entry cannot follow previous in one game: pieces are only
    placed, stacks only merge, and placing comes before moving."""
    if previous[0] == "move" and entry[0] == "place":
        return True
    if previous[0] == entry[0] == "place":
        return entry[1] <= previous[1]
    if previous[0] == entry[0] == "move":
        return entry[1] > previous[1]
    return False


def read_games(paths):
    """Lists of (kind, count, seconds, left, depth, nodes), one list per
    game; depth and nodes are None on the older five-field lines."""
    games, current = [], []
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                parts = line.split()
                if len(parts) not in (5, 7) or parts[0] != "dvonn-time" or parts[1] not in ("place", "move"):
                    continue
                try:
                    depth, nodes = (int(parts[5]), int(parts[6])) if len(parts) == 7 else (None, None)
                    if depth is not None and (depth < 0 or nodes < 0):
                        raise ValueError
                    entry = (parts[1], int(parts[2]), float(parts[3]), float(parts[4]), depth, nodes)
                except ValueError:
                    sys.exit(f"{path}: not a time line: {line.strip()}")
                if current and starts_game(current[-1], entry):
                    games.append(current)
                    current = []
                current.append(entry)
    if current:
        games.append(current)
    return games


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__.strip())
    games = read_games(sys.argv[1:])
    if not games:
        sys.exit("no dvonn-time lines: run the engine with --log-times and the match with --stderr")
    n = len(games)
    print(f"{n} games")
    deep = any(e[4] is not None for g in games for e in g)
    header = f"{'phase':32} {'s a game':>9} {'moves':>7} {'s a move':>9}"
    print(header + (f" {'depth':>6} {'knodes/s':>9}" if deep else ""))
    total = 0.0
    for name, pick in BANDS:
        picked = [e for g in games for e in g if pick(e[0], e[1])]
        seconds = sum(e[2] for e in picked)
        total += seconds
        per_move = seconds / len(picked) if picked else 0.0
        row = f"{name:32} {seconds / n:9.3f} {len(picked) / n:7.1f} {per_move:9.4f}"
        if deep:
            searched = [e for e in picked if e[4]]
            depth = sum(e[4] for e in searched) / len(searched) if searched else 0.0
            spent = sum(e[2] for e in searched)
            rate = sum(e[5] for e in searched) / spent / 1000 if spent > 0 else 0.0
            row += f" {depth:6.2f} {rate:9.0f}"
        print(row)
    unused = sum(g[-1][3] - g[-1][2] for g in games)
    print(f"{'used in all':32} {total / n:9.3f}")
    print(f"{'left at the last move':32} {unused / n:9.3f}")


if __name__ == "__main__":
    main()
