#!/usr/bin/env python3
"""Two builds' results on the same openings, game for game, from recorded Magnetic Cave matches.

    python3 paired-results.py BASE_PREFIX EXPERIMENT_PREFIX [--list]

Each prefix names record folders `PREFIX-SEED` (`tablero tournament --game magnetic-cave --a
engine --games N --seed SEED --records PREFIX-SEED`). For every seed both have, the games of
the same number (the same opening, the engine in the same seat) are paired; a match still
running contributes the games it has finished. Prints both builds' W/D/L and score, the mean
difference in points a game with its standard error, how many results are better and worse,
and the score by the engine's colour; `--list` also lists every game whose result differs.
"""

import glob
import math
import os
import sys

from cave_records import recorded

POINTS = (1.0, 0.5, 0.0)
COLOURS = ("black", "white")


def games_by_number(folder):
    """The engine's colour and points in each game of `folder`, by game number."""
    return {
        label.rsplit("/", 1)[1]: (engine, points)
        for label, engine, points, _ in recorded([folder])
    }


def main():
    args = [arg for arg in sys.argv[1:] if arg != "--list"]
    if len(args) != 2:
        sys.exit(__doc__)
    base, experiment = args
    pairs = []  # (seed, game, colour, base points, experiment points)
    for folder in sorted(glob.glob(glob.escape(experiment) + "-*")):
        if not os.path.isdir(folder):
            continue
        seed = folder[len(experiment) + 1 :]
        base_folder = f"{base}-{seed}"
        if not os.path.isdir(base_folder):
            continue
        base_games = games_by_number(base_folder)
        for game, (engine, points) in sorted(
            games_by_number(folder).items(), key=lambda item: int(item[0])
        ):
            if game in base_games:
                base_engine, base_points = base_games[game]
                if base_engine != engine:
                    sys.exit(f"{folder}/{game}: the engine's seat differs from {base_folder}")
                pairs.append((seed, game, engine, base_points, points))
    if len(pairs) < 2:
        sys.exit("fewer than two paired games")
    count = len(pairs)
    for name, index in (("experiment", 4), ("base", 3)):
        tally = [sum(1 for pair in pairs if pair[index] == p) for p in POINTS]
        score = 100 * sum(pair[index] for pair in pairs) / count
        print(f"{name}: {tally[0]} W {tally[1]} D {tally[2]} L, {score:.2f} %")
    diffs = [pair[4] - pair[3] for pair in pairs]
    mean = sum(diffs) / count
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (count - 1))
    better = sum(1 for d in diffs if d > 0)
    worse = sum(1 for d in diffs if d < 0)
    print(
        f"{count} paired games: {100 * mean:+.2f} points "
        f"(standard error {100 * spread / math.sqrt(count):.2f}), "
        f"{better} better, {worse} worse"
    )
    for colour, name in enumerate(COLOURS):
        side = [pair for pair in pairs if pair[2] == colour]
        if side:
            experiment_score = 100 * sum(pair[4] for pair in side) / len(side)
            base_score = 100 * sum(pair[3] for pair in side) / len(side)
            print(
                f"  as {name} ({len(side)} games): {experiment_score:.1f} % "
                f"against {base_score:.1f} %"
            )
    if "--list" in sys.argv:
        for seed, game, colour, base_points, points in pairs:
            if points != base_points:
                print(f"  seed {seed} game {game} ({COLOURS[colour]}): {base_points} -> {points}")


if __name__ == "__main__":
    main()
