#!/usr/bin/env python3
"""Fixed ratings of the engine levels from every match of the ladder at once.

Each line of the input names two players, the games they played and the
first player's points, separated by commas ("level 8, prima, 910, 592.5";
# starts a comment).
The ratings are the maximum-likelihood logistic (Elo) ratings of all the
matches together, with ANCHOR fixed at RATING: the neighbour matches and
PrimaDvonna's matches against every level pull on the same scale, so a
sweep (39 of 40) or a step measured in few games does not stretch it the
way a chain of neighbour results does.

  scripts/ladder_ratings.py docs/ladder-matches.txt [--anchor "level 1"] [--rating 1000]
"""
import argparse
import math
import sys


def read_matches(path):
    matches = []
    try:
        f = open(path, encoding="utf-8")
    except OSError as e:
        sys.exit(f"{path}: cannot read it: {e.strerror}")
    with f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = [x.strip() for x in line.split(",")]
            try:
                if len(fields) != 4:
                    raise ValueError
                a, b, games, points = fields[0], fields[1], int(fields[2]), float(fields[3])
            except ValueError:
                sys.exit(f"{path}:{number}: expected 'A, B, GAMES, POINTS_OF_A', got {line!r}")
            if games <= 0 or not 0 <= points <= games or a == b:
                sys.exit(f"{path}:{number}: {points} points in {games} games between {a!r} and {b!r} is impossible")
            matches.append((a, b, games, points))
    if not matches:
        sys.exit(f"{path}: no matches")
    return matches


def fit(matches, anchor, rating, rounds=5000):
    """Newton steps on each rating in turn (the log-likelihood is concave)."""
    names = sorted({m[0] for m in matches} | {m[1] for m in matches})
    if anchor not in names:
        sys.exit(f"the anchor {anchor!r} played no match")
    c = math.log(10) / 400
    r = {n: 0.0 for n in names}
    for _ in range(rounds):
        grad = {n: 0.0 for n in names}
        curv = {n: 1e-9 for n in names}
        for a, b, games, points in matches:
            expected = 1 / (1 + 10 ** ((r[b] - r[a]) / 400))
            g = c * (points - games * expected)
            w = c * c * games * expected * (1 - expected)
            grad[a] += g
            grad[b] -= g
            curv[a] += w
            curv[b] += w
        for n in names:
            r[n] += 0.5 * grad[n] / curv[n]
        shift = rating - r[anchor]
        for n in names:
            r[n] += shift
    return r


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("matches")
    parser.add_argument("--anchor", default="level 1")
    parser.add_argument("--rating", type=float, default=1000)
    args = parser.parse_args()
    ratings = fit(read_matches(args.matches), args.anchor, args.rating)
    for name, value in sorted(ratings.items(), key=lambda kv: kv[1]):
        print(f"{name:12s} {value:7.0f}")


if __name__ == "__main__":
    main()
