#!/usr/bin/env python3
"""Latent winning cells and the fill-up verdict in recorded Magnetic Cave matches.

    python3 docs/cave-experiments/latent-verdicts.py [--empty 36,30,24] DIR...

Each DIR is a `tablero tournament --game magnetic-cave --a engine --b ... --records DIR`
folder of the 8x8 cave with five to win. The engine (`--a`) is black in the odd-numbered
games (seats swap in pairs). For each position with the given numbers of empty cells, the
script counts each side's *latent* winning cells (an empty cell that completes a line of
five for that side and is not playable yet: not on a wall column and no brick beside it in
its row) and gives the closed-form verdict of the fill-up that the second session's notes
describe: when the free cells run out, the side to move must burn one of its own latent
cells (a pass) or unlock one of the other side's; the side to move then is black when the
two sides' latent cells add up to an even number, and it needs two more than the other side
to win, the other side one more. It prints, by the engine's colour and the verdict, the
games' results from the engine's side and how many of them had no latent cell on either
side, and how many cells were left when the engine lost.
"""

import argparse
import collections

from cave_records import recorded

SIZE = 8
TO_WIN = 5


def windows():
    """Every line of five cells (row, column) on the cave."""
    lines = []
    for row in range(SIZE):
        for col in range(SIZE):
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(row + i * d_row, col + i * d_col) for i in range(TO_WIN)]
                if all(0 <= r < SIZE and 0 <= c < SIZE for r, c in cells):
                    lines.append(cells)
    return lines


WINDOWS = windows()


def cell(name):
    """'D7' -> (row 6, column 3)."""
    return int(name[1:]) - 1, ord(name[0]) - ord("A")


def latent_cells(board):
    """The latent winning cells of black (0) and white (1) on a board {cell: colour}."""
    latent = ({*()}, {*()})
    for line in WINDOWS:
        colours = [board.get(c) for c in line]
        for side in (0, 1):
            if colours.count(side) == TO_WIN - 1 and colours.count(None) == 1:
                row, col = line[colours.index(None)]
                playable = (
                    col in (0, SIZE - 1)
                    or (row, col - 1) in board
                    or (row, col + 1) in board
                )
                if not playable:
                    latent[side].add((row, col))
    return latent


def verdict(black, white):
    """'B', 'W' or 'T': who wins the fill-up with these counts of latent cells."""
    black_moves_last_free = (black + white) % 2 == 0
    black_needs = 2 if black_moves_last_free else 1
    white_needs = 1 if black_moves_last_free else 2
    if black - white >= black_needs:
        return "B"
    if white - black >= white_needs:
        return "W"
    return "T"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--empty", default="36,30,24", help="empty cells, comma-separated")
    parser.add_argument("folders", nargs="+")
    args = parser.parse_args()
    games = [(engine, points, moves) for _, engine, points, moves in recorded(args.folders)]
    print(f"{len(games)} games")
    colour = ("black", "white")
    outcome = {1.0: "W", 0.5: "D", 0.0: "L"}
    for empty in (int(e) for e in args.empty.split(",")):
        table = collections.Counter()
        none_latent = collections.Counter()
        for engine, points, moves in games:
            laid = SIZE * SIZE - empty
            if len(moves) < laid:
                continue
            board = {cell(m): i % 2 for i, m in enumerate(moves[:laid])}
            black, white = (len(side) for side in latent_cells(board))
            table[engine, verdict(black, white), outcome[points]] += 1
            none_latent[engine, outcome[points], black + white == 0] += 1
        print(f"with {empty} empty cells (games that got there), the engine's results:")
        for engine in (0, 1):
            for said in "BTW":
                row = " ".join(f"{table[engine, said, r]} {r}" for r in "WDL")
                print(f"  engine {colour[engine]}, the fill-up verdict {said}: {row}")
            row = " ".join(
                f"{none_latent[engine, r, True]} of {none_latent[engine, r, True] + none_latent[engine, r, False]} {r}"
                for r in "WDL"
            )
            print(f"  engine {colour[engine]}, no latent cell on either side: {row}")
    left = collections.Counter(
        (colour[engine], SIZE * SIZE - len(moves))
        for engine, points, moves in games
        if points == 0.0
    )
    print("the engine's losses by colour and cells left at the end:", sorted(left.items()))


if __name__ == "__main__":
    main()
