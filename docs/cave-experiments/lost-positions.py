#!/usr/bin/env python3
"""The positions of the engine's lost games in recorded Magnetic Cave matches, for proofs.

    python3 lost-positions.py 16-38 DIR... > lost.txt     # the games are listed on stderr
    POSITIONS=lost.txt SECONDS=7 TESTBIN solve_listed_positions --ignored --nocapture

Each DIR is a `tablero tournament --game magnetic-cave --a engine --records DIR` folder. For
every game the engine lost, one line per number of empty cells in the range (most first): the
moves that lead to that position, comma-separated, as `solve_listed_positions` reads them. Its
verdict is for the side to move: black when the number of empty cells is even.
"""

import sys

from cave_records import recorded


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    low, high = sorted(int(part) for part in sys.argv[1].split("-"))
    for label, engine, points, moves in recorded(sys.argv[2:]):
        if points != 0.0:
            continue
        colour = "white" if engine else "black"
        print(f"{label}: engine {colour}, {len(moves)} moves", file=sys.stderr)
        for empty in range(high, low - 1, -1):
            laid = 64 - empty
            if laid <= len(moves):
                print(",".join(moves[:laid]))


if __name__ == "__main__":
    main()
