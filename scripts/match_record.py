"""Reads the game records `dvonn match --out` writes (one game a file, PGN-like).

Shared by the measuring scripts (placement_test.py, movement_start_score.py,
phase_scores.py) so that they agree on what a record holds.
"""
import glob
import json
import os
import re
import subprocess
import sys

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
POINTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}  # White's, per finished result


class Record:
    """One game record: its tags and its moves, in order."""

    def __init__(self, path, text):
        self.path = path
        self.name = os.path.basename(path)
        self.tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', text, re.M))
        body = "\n".join(line for line in text.splitlines() if not line.startswith("["))
        self.moves = []
        for token in body.split():
            token = re.sub(r"^\d+\.+", "", token)  # move numbers, "1." or "1..."
            if token and token not in RESULTS:
                self.moves.append(token)

    def tag(self, name):
        return self.tags.get(name, "")

    def analysis_score(self, dvonn, moves, seconds):
        """`dvonn analyze`'s score, for the side to move, of this game's start
        position after `moves` (exits, saying why, if the analysis fails)."""
        command = [dvonn, "analyze", "--moves", " ".join(moves), "--time", str(seconds), "--json"]
        if self.tag("Position"):
            command += ["--position", self.tag("Position")]
        run = subprocess.run(command, capture_output=True, text=True)
        lines = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
        if run.returncode != 0 or not lines or not lines[-1].get("lines"):
            sys.exit(f"{self.path}: dvonn analyze failed: {run.stderr.strip()}")
        return lines[-1]["lines"][0]["score"]

    def side_of(self, player):
        """"w" or "b" for the colour PLAYER had, None if neither."""
        if self.tag("White") == player:
            return "w"
        if self.tag("Black") == player:
            return "b"
        return None

    def points(self, player):
        """PLAYER's points (1, 0.5 or 0) in a finished game, else None."""
        side, result = self.side_of(player), self.tag("Result")
        if side is None or result not in POINTS:
            return None
        return POINTS[result] if side == "w" else 1.0 - POINTS[result]

    def final_score(self):
        """(White's pieces, Black's pieces) of a finished game, else None."""
        m = re.fullmatch(r"(\d+)-(\d+)", self.tag("Score"))
        return (int(m.group(1)), int(m.group(2))) if m else None

    def placements(self):
        """The moves before the first stack move (a placement is one space, A1)."""
        out = []
        for move in self.moves:
            if len(move) != 2:  # a stack move (A1B2) or PASS
                break
            out.append(move)
        return out


def read(path):
    with open(path, encoding="utf-8") as f:
        return Record(path, f.read())


def folder(path, pattern="*.dvonn"):
    """Every record in a folder, in file name order."""
    return [read(p) for p in sorted(glob.glob(os.path.join(path, pattern)))]


def finished_games(path, player):
    """The records in a folder of the finished games PLAYER played."""
    return [r for r in folder(path) if r.points(player) is not None]
