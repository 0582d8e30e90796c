#!/usr/bin/env python3
"""Fits the Magnetic Cave evaluation to game results (docs/ai-magnetic-cave.md).

    python3 docs/cave-fit/fit.py docs/cave-fit/games.txt        # needs numpy
    python3 docs/cave-fit/fit.py --from-records DIR... > games.txt
    python3 docs/cave-fit/fit.py --final labels.txt              # solver-labelled positions
    python3 docs/cave-fit/fit.py --white FROM TO DIR...          # the engine's games as white

games.txt holds one game a line: its result (b = black won, w = white won, t = a tie), then
its moves. Every position from the 9th to the 49th brick (and at least 4 before the end) in
which no winning cell is playable is one sample, labelled 1, 0.5 or 0 for black. The features
are black's minus white's: the windows with k = 1..4 bricks of one colour only, rows apart from
columns and diagonals; the winning cells not playable yet; the move (1 when black is to move).
With --final, each line is one position (its moves) labelled with its result under best play
(the solver's verdict, `label_positions_by_solver` in src/ai/magnetic_cave/bitboard.rs), and
that final position is the only sample of the line. --extra adds a feature: the winning cells
not playable yet in rows with an odd number of empty cells. --engine a,b,... compares other
values than the engine's (in the order the weights are printed). A logistic regression
(Newton's method) fits them; the weights are printed times 250, the scale of the engine's
constants, with the cross-entropy on held-out games (five folds by game) next to a constant
guess, to 4^k for k bricks in any direction and to the engine's values. With --white, the
samples are the positions after FROM to TO plies of the games the engine played as white in
the match records DIR... (`tablero tournament --a engine --records DIR`), labelled 1 when white
won and 0 for a tie or a loss; the weights are printed for white (its windows minus black's,
the move 1 when white is to move), each fit with a constant.
"""
import glob
import re
import sys

W, H, L = 8, 8, 5


def windows():
    out = []
    for dc, dr in [(1, 0), (0, 1), (1, 1), (1, -1)]:
        for r in range(H):
            for c in range(W):
                ec, er = c + dc * (L - 1), r + dr * (L - 1)
                if 0 <= ec < W and 0 <= er < H:
                    out.append((dr != 0, [(c + dc * i, r + dr * i) for i in range(L)]))
    return out


WINDOWS = windows()


def playable(g, c, r):
    return not g[r][c] and (c in (0, W - 1) or bool(g[r][c - 1]) or bool(g[r][c + 1]))


def features(g, black_to_move):
    """The sample's features, and whether a winning cell is playable (then it is skipped)."""
    side = {}
    tactical = False
    for colour in (1, 2):
        counts = [[0] * 5, [0] * 5]
        hot = set()
        for line, cells in WINDOWS:
            values = [g[r][c] for c, r in cells]
            if any(v and v != colour for v in values):
                continue
            k = sum(1 for v in values if v == colour)
            counts[line][k] += 1
            if k == L - 1:
                hot |= {(c, r) for c, r in cells if not g[r][c]}
        latent = [(c, r) for c, r in hot if not playable(g, c, r)]
        tactical |= len(latent) < len(hot)
        # Latent cells whose row's empty run is odd long (the extra features).
        odd = sum(1 for c, r in latent if sum(1 for cc in range(W) if not g[r][cc]) % 2 == 1)
        side[colour] = (counts, len(latent), odd)
    x = [side[1][0][line][k] - side[2][0][line][k] for line in (0, 1) for k in (1, 2, 3, 4)]
    x.append(side[1][1] - side[2][1])
    x.append(1 if black_to_move else -1)
    if EXTRA:
        x.append(side[1][2] - side[2][2])
    return x, tactical


NAMES = ["row 1", "row 2", "row 3", "row 4", "line 1", "line 2", "line 3", "line 4", "latent", "move", "odd latent"]
# --extra adds the latent cells in rows with an odd number of empty cells.
EXTRA = "--extra" in sys.argv
if EXTRA:
    sys.argv.remove("--extra")


def read_games(path):
    games = []
    for line in open(path):
        parts = line.split()
        if parts:
            games.append((parts[0], parts[1:]))
    return games


def read_record(name):
    """A match record's result (b, w or t, as in games.txt) and moves; None when unfinished."""
    text = open(name).read()
    result = re.search(r'result: Some\("([^"]*)"\)', text)
    if not result:
        return None
    result = result.group(1)
    code = "t" if "ie" in result.split(":")[0] else ("b" if result.startswith("■") else "w")
    return code, re.findall(r'Act\("([A-H]\d)", \d+\)', text)


def from_records(dirs):
    for d in dirs:
        for name in sorted(glob.glob(d + "/game-*.ron")):
            record = read_record(name)
            if record:
                print(record[0], " ".join(record[1]))


# The engine's values (src/ai/magnetic_cave.rs) on the features above, for comparison;
# --engine a,b,... compares other values instead.
ENGINE = [-22, -28, -107, 0, 36, 54, 72, 80, 171, 50]
if "--engine" in sys.argv:
    at = sys.argv.index("--engine")
    ENGINE = [float(v) for v in sys.argv[at + 1].split(",")]
    del sys.argv[at : at + 2]


def samples(moves, first, last):
    """The features of the positions of a game after `first` to `last` of its `moves` (and
    at least 4 before its end) in which no winning cell is playable."""
    g = [[0] * W for _ in range(H)]
    for ply, move in enumerate(moves):
        if first <= ply <= min(last, len(moves) - 4):
            x, tactical = features(g, ply % 2 == 0)
            if not tactical:
                yield x
        g[int(move[1:]) - 1][ord(move[0]) - 65] = 1 if ply % 2 == 0 else 2


def fit(A, B):
    """Logistic regression of B on the columns of A (Newton's method, a little ridge)."""
    import numpy as np

    w = np.zeros(A.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-A @ w))
        grad = A.T @ (p - B) / len(B) + 1e-6 * w
        hess = (A * (p * (1 - p))[:, None]).T @ A / len(B) + 1e-6 * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return w


def cross_entropy(A, B, w):
    import numpy as np

    p = np.clip(1 / (1 + np.exp(-A @ w)), 1e-12, 1 - 1e-12)
    return -np.mean(B * np.log(p) + (1 - B) * np.log(1 - p))


def held_out(A, Y, F):
    """The cross-entropy of fits to four folds (F) on the fifth, over all five."""
    total = 0.0
    for k in range(5):
        w = fit(A[F != k], Y[F != k])
        total += cross_entropy(A[F == k], Y[F == k], w) * (F == k).sum()
    return total / len(Y)


def white_games(first, last, dirs):
    """The engine's games as white in match records of `tablero tournament --a engine`
    (even-numbered games): every position after `first` to `last` plies (and at least 4
    before the end) with no playable winning cell, labelled 1 when white won, else 0. Prints
    the held-out cross-entropy of a constant, of the engine's values and of the features
    refitted (each with a constant), and the refitted weights for white (times 250)."""
    import numpy as np

    xs, ys, folds, games = [], [], [], 0
    for d in dirs:
        for name in sorted(glob.glob(d + "/game-*.ron")):
            if int(re.search(r"game-(\d+)", name).group(1)) % 2:
                continue
            record = read_record(name)
            if not record:
                continue
            won = record[0] == "w"
            moves = record[1]
            for x in samples(moves, first, last):
                xs.append(x)
                ys.append(1.0 if won else 0.0)
                folds.append(games % 5)
            games += 1
    X, Y, F = np.array(xs, float), np.array(ys), np.array(folds)
    one = np.ones((len(Y), 1))
    engine = -(X[:, : len(ENGINE)] @ np.array(ENGINE, float))
    print(f"{games} games as white, {len(Y)} positions, white won {Y.mean():.3f}")
    print(f"held-out cross-entropy: a constant {held_out(one, Y, F):.4f}, "
          f"the engine's values {held_out(np.c_[one, engine], Y, F):.4f}, "
          f"the fitted features {held_out(np.c_[one, X], Y, F):.4f}")
    w = fit(np.c_[one, X], Y)
    print(f"  constant {w[0] * 250:8.1f}")
    for name, weight in zip(NAMES, w[1:]):
        print(f"  {name:8} {-weight * 250:8.1f}")


def main():
    if sys.argv[1] == "--white":
        white_games(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:])
        return
    if sys.argv[1] == "--from-records":
        from_records(sys.argv[2:])
        return
    import numpy as np

    final = sys.argv[1] == "--final"
    path = sys.argv[2] if final else sys.argv[1]
    xs, ys, folds = [], [], []
    for number, (result, moves) in enumerate(read_games(path)):
        y = {"b": 1.0, "w": 0.0, "t": 0.5}[result]
        if final:
            g = [[0] * W for _ in range(H)]
            for ply, move in enumerate(moves):
                g[int(move[1:]) - 1][ord(move[0]) - 65] = 1 if ply % 2 == 0 else 2
            x, tactical = features(g, len(moves) % 2 == 0)
            if not tactical:
                xs.append(x)
                ys.append(y)
                folds.append(number % 5)
            continue
        for x in samples(moves, 8, 48):
            xs.append(x)
            ys.append(y)
            folds.append(number % 5)
    X, Y, F = np.array(xs, float), np.array(ys), np.array(folds)

    mean = Y.mean()
    constant = -np.mean(Y * np.log(mean) + (1 - Y) * np.log(1 - mean))
    four_k = (X[:, 0:4] + X[:, 4:8]) @ np.array([4.0, 16, 64, 256])
    engine = X[:, : len(ENGINE)] @ np.array(ENGINE, float)
    print(f"{len(read_games(path))} games, {len(Y)} positions, black's mean score {mean:.3f}")
    print(f"held-out cross-entropy: a constant {constant:.4f}, 4^k {held_out(four_k[:, None], Y, F):.4f}, "
          f"the engine's values {held_out(engine[:, None], Y, F):.4f}, the fitted features {held_out(X, Y, F):.4f}")
    w = fit(X, Y)
    for name, weight in zip(NAMES, w):
        print(f"  {name:7} {weight * 250:8.1f}")


if __name__ == "__main__":
    main()
