#!/usr/bin/env python3
"""Compares two engines game by game on the same openings.

Each engine played its own `dvonn match --out` run against the same opponent
with the same seed and `--random-openings`, so game N of one run and game N
of the other start from the same position with the same colours. Counting
the games where A scored more than B ("better") and less ("worse") removes
the openings' share of the variance, which a plain score comparison keeps.

    scripts/paired_compare.py --a cand --b base r_cand_2070 r_base_2070 [r_cand_2071 r_base_2071 ...]

prints each pair of folders and the total: the games paired, each side's
score, better / worse, z = (better - worse) / sqrt(better + worse) and a
two-sided sign-test p. Records that cannot be paired (a different start,
A on another colour than B) are refused, not skipped.
"""
import argparse
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import match_record  # noqa: E402


class PairingError(Exception):
    pass


def games_of(folder, name):
    """{record file name: record} of the finished games NAME played."""
    records = {r.name: r for r in match_record.finished_games(folder, name)}
    if not records:
        raise PairingError(f"{folder}: no finished game records with a player named {name}")
    return records


def pair(folder_a, name_a, folder_b, name_b):
    """(A's points, B's points) per game both runs finished."""
    a, b = games_of(folder_a, name_a), games_of(folder_b, name_b)
    pairs = []
    for game in sorted(set(a) & set(b)):
        ra, rb = a[game], b[game]
        if ra.tag("Position") != rb.tag("Position"):
            raise PairingError(f"{game}: the two runs start from different positions (not the same seed?)")
        if ra.side_of(name_a) != rb.side_of(name_b):
            raise PairingError(f"{game}: {name_a} and {name_b} played different colours")
        pairs.append((ra.points(name_a), rb.points(name_b)))
    if not pairs:
        raise PairingError(f"{folder_a} and {folder_b}: no game finished in both")
    return pairs


def sign_test_p(better, worse):
    """Two-sided exact binomial p of a split at least this uneven."""
    n = better + worse
    if n == 0:
        return 1.0
    k = min(better, worse)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def summary(label, pairs):
    n = len(pairs)
    sa = sum(p[0] for p in pairs)
    sb = sum(p[1] for p in pairs)
    better = sum(1 for p in pairs if p[0] > p[1])
    worse = sum(1 for p in pairs if p[0] < p[1])
    z = (better - worse) / math.sqrt(better + worse) if better + worse else 0.0
    return (
        f"{label}: {n} paired games, A {sa:g}/{n} = {100 * sa / n:.1f}%, B {sb:g}/{n} = {100 * sb / n:.1f}%, "
        f"better {better}, worse {worse}, z = {z:+.2f}, sign test p = {sign_test_p(better, worse):.3f}"
    )


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--a", required=True, help="A's player name in its records")
    ap.add_argument("--b", required=True, help="B's player name in its records")
    ap.add_argument("folders", nargs="+", help="record folders in pairs: A's run, then B's run on the same seed")
    args = ap.parse_args()
    if len(args.folders) % 2:
        ap.error("the folders come in pairs (A's run, then B's run); got an odd number")
    try:
        total = []
        for i in range(0, len(args.folders), 2):
            fa, fb = args.folders[i], args.folders[i + 1]
            pairs = pair(fa, args.a, fb, args.b)
            print(summary(f"{fa} against {fb}", pairs))
            total += pairs
        if len(args.folders) > 2:
            print(summary("total", total))
    except (PairingError, OSError) as e:
        print(f"paired_compare: {e}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
