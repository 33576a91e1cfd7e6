#!/usr/bin/env python3
"""Level 8 against PrimaDvonna as the clocks change: a table and an SVG.

    scripts/time_curve.py docs/time-curve.txt docs/time-curve.svg

Each line of the data file is one match, from level 8's side:

    OURS_SECONDS PRIMA_SECONDS WINS DRAWS LOSSES SEED  # comment

(a game's clock for each program; '#' starts a comment). The picture puts
the clock ratio (level 8's over PrimaDvonna's, logarithmic) across and
level 8's Elo against PrimaDvonna up, with 95% intervals: the matches that
vary level 8's clock against PrimaDvonna at 5 s in one colour, those that
vary PrimaDvonna's against level 8 at 5 s in another. If both programs
gained the same from time, the two would lie on one curve. The dashed line
is 75% (+191 Elo), the issue's target.
"""
import math
import sys

WIDTH, HEIGHT = 720, 440
LEFT, RIGHT, TOP, BOTTOM = 70, 20, 40, 60
ELO_MIN, ELO_MAX = -600, 600


def elo(score):
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / score - 1)


def summary(w, d, l):
    """Score, Elo and its 95% interval (normal approximation of the score)."""
    n = w + d + l
    s = (w + 0.5 * d) / n
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s**2) / n
    se = math.sqrt(var / n)
    lo, hi = s - 1.96 * se, s + 1.96 * se
    return s, elo(s), elo(lo) if lo > 0 else -math.inf, elo(hi) if hi < 1 else math.inf


def read(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            text = line.split("#", 1)[0].split()
            if not text:
                continue
            if len(text) != 6:
                sys.exit(f"{path}:{number}: expected OURS PRIMA WINS DRAWS LOSSES SEED")
            try:
                ours, prima = float(text[0]), float(text[1])
                w, d, l = (int(x) for x in text[2:5])
            except ValueError:
                sys.exit(f"{path}:{number}: not numbers: {line.strip()}")
            if ours <= 0 or prima <= 0 or min(w, d, l) < 0 or w + d + l == 0:
                sys.exit(f"{path}:{number}: clocks must be positive and the games at least one")
            rows.append((ours, prima, w, d, l, text[5]))
    return rows


def x_of(ratio, lo, hi):
    return LEFT + (math.log2(ratio) - lo) / (hi - lo) * (WIDTH - LEFT - RIGHT)


def y_of(e):
    e = min(max(e, ELO_MIN), ELO_MAX)  # an open interval ends at the frame
    return TOP + (ELO_MAX - e) / (ELO_MAX - ELO_MIN) * (HEIGHT - TOP - BOTTOM)


def svg(rows):
    lo, hi = -4, 3  # ratios 1/16 .. 8
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{WIDTH / 2}" y="20" text-anchor="middle" font-size="14">'
        "Level 8 against PrimaDvonna as the clocks change</text>",
    ]
    for e in range(ELO_MIN, ELO_MAX + 1, 200):
        y = y_of(e)
        out.append(f'<line x1="{LEFT}" y1="{y}" x2="{WIDTH - RIGHT}" y2="{y}" stroke="#ddd"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y + 4}" text-anchor="end">{e:+d}</text>')
    for k in range(lo, hi + 1):
        x = x_of(2.0**k, lo, hi)
        label = f"{2**k:g}" if k >= 0 else f"1/{2**-k}"
        out.append(f'<line x1="{x}" y1="{TOP}" x2="{x}" y2="{HEIGHT - BOTTOM}" stroke="#eee"/>')
        out.append(f'<text x="{x}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle">{label}</text>')
    out.append(
        f'<text x="{(LEFT + WIDTH - RIGHT) / 2}" y="{HEIGHT - 20}" text-anchor="middle">'
        "level 8's clock / PrimaDvonna's clock (a game each)</text>"
    )
    out.append(
        f'<text x="16" y="{(TOP + HEIGHT - BOTTOM) / 2}" text-anchor="middle" '
        f'transform="rotate(-90 16 {(TOP + HEIGHT - BOTTOM) / 2})">Elo of level 8</text>'
    )
    y75 = y_of(elo(0.75))
    out.append(
        f'<line x1="{LEFT}" y1="{y75}" x2="{WIDTH - RIGHT}" y2="{y75}" stroke="#999" stroke-dasharray="6 4"/>'
    )
    out.append(f'<text x="{WIDTH - RIGHT - 4}" y="{y75 - 5}" text-anchor="end" fill="#666">75%</text>')
    series = {
        "ours": ("#1f6fb4", "level 8's clock varies, PrimaDvonna 5 s"),
        "prima": ("#c0392b", "PrimaDvonna's clock varies, level 8 5 s"),
    }
    points = {"ours": [], "prima": []}
    for ours, prima, w, d, l, _ in rows:
        key = "prima" if ours == 5 and prima != 5 else "ours"
        _, e, e_lo, e_hi = summary(w, d, l)
        x = x_of(ours / prima, lo, hi)
        colour = series[key][0]
        out.append(f'<line x1="{x}" y1="{y_of(e_lo)}" x2="{x}" y2="{y_of(e_hi)}" stroke="{colour}"/>')
        out.append(f'<circle cx="{x}" cy="{y_of(e)}" r="4" fill="{colour}"/>')
        points[key].append((x, y_of(e)))
    for key, pts in points.items():
        if len(pts) > 1:
            path = " ".join(f"{x},{y}" for x, y in sorted(pts))
            out.append(f'<polyline points="{path}" fill="none" stroke="{series[key][0]}" stroke-width="1.5"/>')
    for i, (key, (colour, text)) in enumerate(series.items()):
        y = TOP + 14 + 16 * i
        out.append(f'<circle cx="{LEFT + 12}" cy="{y - 4}" r="4" fill="{colour}"/>')
        out.append(f'<text x="{LEFT + 22}" y="{y}">{text}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip())
    rows = read(sys.argv[1])
    if not rows:
        sys.exit(f"{sys.argv[1]}: no matches")
    print("| Level 8 | PrimaDvonna | Games | Level 8's score (+win =draw -loss) | Elo (95% interval) | Seed |")
    print("|---|---|---|---|---|---|")
    for ours, prima, w, d, l, seed in rows:
        s, e, e_lo, e_hi = summary(w, d, l)
        print(
            f"| {ours:g} s | {prima:g} s | {w + d + l} | {100 * s:.1f}% (+{w} ={d} -{l}) "
            f"| {e:+.0f} ({e_lo:+.0f} .. {e_hi:+.0f}) | {seed} |"
        )
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        f.write(svg(rows))


if __name__ == "__main__":
    main()
