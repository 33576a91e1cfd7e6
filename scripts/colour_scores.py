#!/usr/bin/env python3
"""A program's score by colour, and by where the Dvonn pieces stood, in match records.

    scripts/colour_scores.py NAME FOLDER [FOLDER ...]

For the games NAME played in the folders' `game-*.dvonn` records (dvonn
match --out), prints its score with White and with Black, then for each
colour the score by third of the Dvonn pieces' remoteness (the sum over
the 49 spaces of the squared distance to the nearest Dvonn piece, as
`dvonn_remoteness` in src/engine/evaluation.cpp counts it: low when they
are spread over the board, high when close together) and by how many of
them stand on the edge. The Dvonn pieces are read from the start position
(`Position` tag) or else from the first three placements. Unfinished
games are skipped.
"""
import glob
import os
import re
import sys

DIRECTIONS = [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)]


def on_board(x, y):
    if y < 0 or y > 4:
        return False
    return (y - 2 if y > 2 else 0) <= x <= min(8 + y, 10)


SPACES = [(x, y) for y in range(5) for x in range(11) if on_board(x, y)]


def hex_distance(a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    return (abs(dx) + abs(dy) + abs(dx - dy)) // 2


def remoteness(dvonns):
    return sum(min(hex_distance(s, d) for d in dvonns) ** 2 for s in SPACES)


def on_edge(s):
    return any(not on_board(s[0] + dx, s[1] + dy) for dx, dy in DIRECTIONS)


def dvonns_in_position(text):
    """The Dvonn pieces of a position string (docs/position-string.md)."""
    rows = text.split()[0].split("/")
    if len(rows) != 5:
        raise ValueError(f"not a position string: {text!r}")
    found = []
    for y, row in enumerate(rows):
        x = y - 2 if y > 2 else 0
        for token in re.findall(r"\d+|\([a-z]+\)|[wbd]", row):
            if token.isdigit():
                x += int(token)
                continue
            if token == "d":  # a lone Dvonn piece; a stack holding one is not a start
                found.append((x, y))
            x += 1
    return found


def read_game(path, name):
    text = open(path, encoding="utf-8").read()
    tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', text))
    result = tags.get("Result")
    colour = "white" if tags.get("White") == name else "black" if tags.get("Black") == name else None
    if colour is None or tags.get("White") == tags.get("Black") or result not in ("1-0", "0-1", "1/2-1/2"):
        return None
    score = 0.5 if result == "1/2-1/2" else 1.0 if (result == "1-0") == (colour == "white") else 0.0
    dvonns = dvonns_in_position(tags["Position"]) if "Position" in tags else []
    if len(dvonns) < 3:
        body = text.split("]\n\n", 1)[-1]
        placements = [t for t in re.sub(r"\d+\.(\.\.)?", " ", body).split() if re.fullmatch(r"[A-K][1-5]", t)]
        dvonns += [(ord(t[0]) - ord("A"), int(t[1]) - 1) for t in placements[: 3 - len(dvonns)]]
    if len(dvonns) != 3:
        raise ValueError(f"{path}: cannot tell where the three Dvonn pieces stood")
    return colour, score, remoteness(dvonns), sum(on_edge(d) for d in dvonns)


def percent(games):
    return f"{100 * sum(g[1] for g in games) / len(games):.1f}% of {len(games)}"


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    name, folders = argv[1], argv[2:]
    games = []
    for folder in folders:
        files = sorted(glob.glob(os.path.join(folder, "game-*.dvonn")))
        if not files:
            print(f"colour_scores: no game-*.dvonn records in {folder}", file=sys.stderr)
            return 2
        for f in files:
            try:
                g = read_game(f, name)
            except (ValueError, KeyError) as e:
                print(f"colour_scores: {e}", file=sys.stderr)
                return 2
            if g:
                games.append(g)
    if not games:
        print(f"colour_scores: {name} played no finished game in these records", file=sys.stderr)
        return 2
    print(f"{name}: {percent(games)} games")
    for colour in ("white", "black"):
        mine = sorted((g for g in games if g[0] == colour), key=lambda g: g[2])
        if not mine:
            continue
        print(f"as {colour}: {percent(mine)}")
        third = max(1, len(mine) // 3)
        for part in (mine[:third], mine[third:len(mine) - third], mine[len(mine) - third:]):
            if part:
                print(f"  remoteness {part[0][2]}-{part[-1][2]}: {percent(part)}")
        for edge in range(4):
            part = [g for g in mine if g[3] == edge]
            if part:
                print(f"  {edge} Dvonn pieces on the edge: {percent(part)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
