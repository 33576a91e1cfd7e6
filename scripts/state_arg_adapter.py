#!/usr/bin/env python3
"""Lets a CodeCup program without the `Setup` extension start from a position.

    scripts/state_arg_adapter.py --prefix=--state= -- PROGRAM [ARGS...]

`dvonn match --openings` and `--random-openings` send `Setup <position
string>` before the game. This adapter reads that line, turns the position
string (docs/position-string.md) into a 50-digit base-62 state description
(the form PrimaDvonna's `--state=` option takes: digit 0 is 2 x phase + side
to move, then one digit per space in row order, 0 empty, 1 a lone Dvonn
piece, else 4 x height + 2 x holds-a-Dvonn + top colour - 2), starts the
program with PREFIX + STATE as its last argument, and relays every other
line unchanged. Without a Setup line the program starts as it is.
"""
import subprocess
import sys

DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
ROW_LENGTHS = [9, 10, 11, 10, 9]


def spaces_of_row(row):
    """The stacks of one row: None for an empty space, else the colours."""
    out, i = [], 0
    while i < len(row):
        c = row[i]
        if c.isdigit():
            j = i
            while j < len(row) and row[j].isdigit():
                j += 1
            out.extend([None] * int(row[i:j]))
            i = j
        elif c in "wbd":
            out.append(c)
            i += 1
        elif c == "(":
            j = row.index(")", i)
            out.append(row[i + 1:j])
            i = j + 1
        else:
            raise ValueError(f"unexpected character {c!r} in row {row!r}")
    return out


def state_of(position):
    parts = position.split()
    if len(parts) != 3 or parts[1] not in ("place", "move") or parts[2] not in ("w", "b"):
        raise ValueError(f"not a position string: {position!r}")
    rows = parts[0].split("/")
    if len(rows) != 5:
        raise ValueError("a position string has five rows")
    digits = [2 * (parts[1] == "move") + (parts[2] == "b")]
    for row, length in zip(rows, ROW_LENGTHS):
        stacks = spaces_of_row(row)
        if len(stacks) != length:
            raise ValueError(f"row {row!r} has {len(stacks)} spaces, not {length}")
        for stack in stacks:
            if stack is None:
                digits.append(0)
            elif stack == "d":
                digits.append(1)
            else:
                top = [c for c in stack if c != "d"][-1] if stack[-1] == "d" else stack[-1]
                n = 4 * len(stack) + 2 * ("d" in stack) + (top == "b") - 2
                if n >= len(DIGITS):
                    raise ValueError(f"a stack of {len(stack)} is too tall for the state description")
                digits.append(n)
    return "".join(DIGITS[d] for d in digits)


def main():
    args = sys.argv[1:]
    prefix = "--state="
    if args and args[0].startswith("--prefix="):
        prefix = args.pop(0)[len("--prefix="):]
    if args and args[0] == "--":
        args.pop(0)
    if not args:
        sys.exit(__doc__)
    first = sys.stdin.readline()
    command, pending = list(args), [first]
    if first.startswith("Setup "):
        try:
            command.append(prefix + state_of(first[len("Setup "):].strip()))
        except ValueError as e:
            sys.exit(f"state_arg_adapter: {e}")
        pending = []
    child = subprocess.Popen(command, stdin=subprocess.PIPE, text=True, bufsize=1)
    try:
        for line in pending + [None]:
            if line is None:
                break
            if line:
                child.stdin.write(line)
                child.stdin.flush()
        for line in sys.stdin:
            child.stdin.write(line)
            child.stdin.flush()
        child.stdin.close()
    except BrokenPipeError:
        pass
    sys.exit(child.wait())


if __name__ == "__main__":
    main()
