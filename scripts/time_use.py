#!/usr/bin/env python3
"""Where `dvonn engine --log-times` spent its clock, by phase of the game.

    dvonn match --engine "dvonn engine --log-times ..." ... --stderr ERR
    scripts/time_use.py ERR [ERR ...]

Reads the `dvonn-time place|move PLACED|STACKS SECONDS LEFT` lines the
engine writes (other programs' lines are ignored) and prints the mean
seconds a game spent in each phase: the placements, then the movement
phase by live stacks (the phase where the games are decided is about 36 to
26 stacks), and what was left unused at the game's last move. A game
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
    """Lists of (kind, count, seconds, left), one list per game."""
    games, current = [], []
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                parts = line.split()
                if len(parts) != 5 or parts[0] != "dvonn-time" or parts[1] not in ("place", "move"):
                    continue
                try:
                    entry = (parts[1], int(parts[2]), float(parts[3]), float(parts[4]))
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
    print(f"{'phase':32} {'s a game':>9} {'moves':>7} {'s a move':>9}")
    total = 0.0
    for name, pick in BANDS:
        seconds = sum(e[2] for g in games for e in g if pick(e[0], e[1]))
        moves = sum(1 for g in games for e in g if pick(e[0], e[1]))
        total += seconds
        per_move = seconds / moves if moves else 0.0
        print(f"{name:32} {seconds / n:9.3f} {moves / n:7.1f} {per_move:9.4f}")
    unused = sum(g[-1][3] - g[-1][2] for g in games)
    print(f"{'used in all':32} {total / n:9.3f}")
    print(f"{'left at the last move':32} {unused / n:9.3f}")


if __name__ == "__main__":
    main()
