#!/usr/bin/env python3
"""Features tried beyond fit.py's, on solver-labelled positions (docs/ai-magnetic-cave.md).

    python3 docs/cave-fit/more_features.py docs/cave-fit/labels.txt    # needs numpy

Each line of the file is one position labelled with its result under best play (the format
of fit.py --final). Prints the held-out cross-entropy (five folds) of fit.py's features alone,
with each extra feature added, with all of them, and with black's and white's windows fitted
apart (an asymmetric evaluation) instead of as their difference. The extra features, each
black's minus white's: has a latent winning cell (one not playable yet), has two; latent
cells next to a playable cell's neighbour (one brick from being unlocked); latent cells in a
row with an odd number of empty cells; latent cells beside another of the same colour in
their row; latent cells above another of the same colour; live windows (tenths). Last, window
values by location: one value for each class of windows under the cave's two reflections
(left-right, top-bottom; 24 classes) and each count of bricks, with the latent cells and the
move. With --games the file is read as fit.py reads games.txt (every position of a game,
labelled with its result) instead.
"""
import importlib.util
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("fit", os.path.join(HERE, "fit.py"))
fit = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fit)
W, H = fit.W, fit.H
GAMES = "--games" in sys.argv
if GAMES:
    sys.argv.remove("--games")


def window_classes():
    """Each window's class under the two reflections, and how many classes there are."""
    seen, classes = {}, []
    for _, cells in fit.WINDOWS:
        images = [
            tuple(sorted((W - 1 - c if fc else c, H - 1 - r if fr else r) for c, r in cells))
            for fc in (False, True)
            for fr in (False, True)
        ]
        classes.append(seen.setdefault(min(images), len(seen)))
    return classes, len(seen)


CLASSES, CLASS_COUNT = window_classes()
EXTRA = ["has latent", "has two", "one from unlocked", "odd row", "pair in row", "stacked", "live/10"]


def sample(g, black_to_move):
    """fit.py's features, the extra ones, and black's and white's own counts; None if tactical."""
    x, tactical = fit.features(g, black_to_move)
    if tactical:
        return None
    extra, own = {}, {}
    for colour in (1, 2):
        hot, live = set(), 0
        counts = [[0] * 5, [0] * 5]
        for line, cells in fit.WINDOWS:
            values = [g[r][c] for c, r in cells]
            if any(v and v != colour for v in values):
                continue
            live += 1
            k = sum(1 for v in values if v == colour)
            counts[line][k] += 1
            if k == fit.L - 1:
                hot |= {(c, r) for c, r in cells if not g[r][c]}
        latent = [(c, r) for c, r in hot if not fit.playable(g, c, r)]
        near = odd = pair = 0
        for c, r in latent:
            empty = [cc for cc in range(W) if not g[r][cc]]
            near += min(c - min(empty), max(empty) - c) == 1
            odd += len(empty) % 2 == 1
            pair += (c + 1, r) in latent
        stacked = sum(1 for c, r in latent if (c, r + 1) in latent)
        extra[colour] = [len(latent) >= 1, len(latent) >= 2, near, odd, pair, stacked, live / 10]
        own[colour] = [counts[line][k] for line in (0, 1) for k in (1, 2, 3, 4)] + [len(latent)]
    more = [float(a) - float(b) for a, b in zip(extra[1], extra[2])]
    move = 1 if black_to_move else -1
    asymmetric = own[1] + [-v for v in own[2]] + [move, 1]
    located = [0.0] * (CLASS_COUNT * 4)
    for index, (_, cells) in enumerate(fit.WINDOWS):
        values = [g[r][c] for c, r in cells]
        black, white = values.count(1), values.count(2)
        if black and not white:
            located[CLASSES[index] * 4 + min(black, 4) - 1] += 1
        elif white and not black:
            located[CLASSES[index] * 4 + min(white, 4) - 1] -= 1
    return x, more, asymmetric, located + x[8:10]


def main():
    xs, mores, asyms, locs, ys, folds = [], [], [], [], [], []
    for number, (result, moves) in enumerate(fit.read_games(sys.argv[1])):
        g = [[0] * W for _ in range(H)]
        # The positions of the line: its last one, or with --games those fit.py takes.
        chosen = []
        for ply, move in enumerate(moves):
            if GAMES and 8 <= ply <= min(48, len(moves) - 4):
                chosen.append(sample(g, ply % 2 == 0))
            g[int(move[1:]) - 1][ord(move[0]) - 65] = 1 if ply % 2 == 0 else 2
        if not GAMES:
            chosen.append(sample(g, len(moves) % 2 == 0))
        for s in chosen:
            if s is None:
                continue
            xs.append(s[0])
            mores.append(s[1])
            asyms.append(s[2])
            locs.append(s[3])
            ys.append({"b": 1.0, "w": 0.0, "t": 0.5}[result])
            folds.append(number % 5)
    X, M, A = np.array(xs, float), np.array(mores, float), np.array(asyms, float)
    located = np.array(locs, float)
    Y, F = np.array(ys), np.array(folds)

    def fitted(features, labels, regular=1e-5):
        w = np.zeros(features.shape[1])
        for _ in range(50):
            p = 1 / (1 + np.exp(-features @ w))
            grad = features.T @ (p - labels) / len(labels) + regular * w
            hess = (features * (p * (1 - p))[:, None]).T @ features / len(labels)
            w -= np.linalg.solve(hess + regular * np.eye(len(w)), grad)
        return w

    def held_out(features, regular=1e-5):
        total = 0.0
        for k in range(5):
            w = fitted(features[F != k], Y[F != k], regular)
            p = np.clip(1 / (1 + np.exp(-features[F == k] @ w)), 1e-12, 1 - 1e-12)
            total -= np.sum(Y[F == k] * np.log(p) + (1 - Y[F == k]) * np.log(1 - p))
        return total / len(Y)

    print(f"{len(Y)} positions; held-out cross-entropy:")
    print(f"  fit.py's features      {held_out(X):.4f}")
    for i, name in enumerate(EXTRA):
        print(f"  + {name:20} {held_out(np.hstack([X, M[:, i : i + 1]])):.4f}")
    print(f"  + all of them          {held_out(np.hstack([X, M])):.4f}")
    symmetric = np.hstack([A[:, 0:9] + A[:, 9:18], A[:, 18:20]])
    print(f"  the difference, with a constant  {held_out(symmetric):.4f}")
    print(f"  black's and white's apart        {held_out(A):.4f}")
    for regular in (1e-5, 1e-3):
        print(f"  by location, regularised {regular:g}  {held_out(located, regular):.4f}")


if __name__ == "__main__":
    main()
