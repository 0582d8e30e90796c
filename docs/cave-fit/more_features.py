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
their row; latent cells above another of the same colour; live windows (tenths).
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
    return x, more, asymmetric


def main():
    xs, mores, asyms, ys, folds = [], [], [], [], []
    for number, (result, moves) in enumerate(fit.read_games(sys.argv[1])):
        g = [[0] * W for _ in range(H)]
        for ply, move in enumerate(moves):
            g[int(move[1:]) - 1][ord(move[0]) - 65] = 1 if ply % 2 == 0 else 2
        s = sample(g, len(moves) % 2 == 0)
        if s is None:
            continue
        xs.append(s[0])
        mores.append(s[1])
        asyms.append(s[2])
        ys.append({"b": 1.0, "w": 0.0, "t": 0.5}[result])
        folds.append(number % 5)
    X, M, A = np.array(xs, float), np.array(mores, float), np.array(asyms, float)
    Y, F = np.array(ys), np.array(folds)

    def fitted(features, labels):
        w = np.zeros(features.shape[1])
        for _ in range(50):
            p = 1 / (1 + np.exp(-features @ w))
            grad = features.T @ (p - labels) / len(labels) + 1e-5 * w
            hess = (features * (p * (1 - p))[:, None]).T @ features / len(labels)
            w -= np.linalg.solve(hess + 1e-5 * np.eye(len(w)), grad)
        return w

    def held_out(features):
        total = 0.0
        for k in range(5):
            w = fitted(features[F != k], Y[F != k])
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


if __name__ == "__main__":
    main()
