#!/usr/bin/env python3
"""Endgame positions from recorded Magnetic Cave matches, for the endgame simulator.

    python3 endgame-positions.py first 24 DIR... > first.txt
        the engine's first decision with at most 24 empty cells of every game, one line
        `COLOUR MOVES # LABEL POINTS` (cut the comment before proving or simulating:
        `cut -d' ' -f2 first.txt > moves.txt`, `cut -d' ' -f1,2 first.txt > endgames.txt`)
    POSITIONS=moves.txt SECONDS=3 TESTBIN solve_listed_positions --ignored --nocapture > proved.txt
    python3 endgame-positions.py pick -1 first.txt proved.txt > lost.txt
        the positions proved `-1` (a loss; 0 a tie, 1 a win) for the engine, as
        `COLOUR MOVES` lines for `ENDGAMES=lost.txt TESTBIN endgames_against …`
    python3 endgame-positions.py after ties.txt > after.txt
        for every `COLOUR MOVES` line, the position after each legal move (prove the
        second field of each line as above)
    python3 endgame-positions.py blunders after.txt proved.txt > blunders.txt
        for each position, its first move (board order) proved to lose that does not let
        the opponent complete a line at once: the opponent to move, the engine lost

Each DIR is a `tablero tournament --game magnetic-cave --a engine --records DIR` folder.
"""

import re
import sys

from cave_records import recorded

CELLS = [(r, c) for r in range(8) for c in range(8)]
WINDOWS = [
    [(r + i * dr, c + i * dc) for i in range(5)]
    for r, c in CELLS
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1))
    if all(0 <= r + i * dr < 8 and 0 <= c + i * dc < 8 for i in range(5))
]


def cell(name):
    return int(name[1:]) - 1, ord(name[0]) - ord("A")


def name(r, c):
    return f"{chr(ord('A') + c)}{r + 1}"


def playable(occupied, r, c):
    return c in (0, 7) or (r, c - 1) in occupied or (r, c + 1) in occupied


def verdicts(files):
    """The solver's verdicts by position, from `solve_listed_positions` output."""
    found = {}
    for path in files:
        for line in open(path, encoding="utf-8"):
            match = re.search(r"(\S+) => Some\((-?\d)\)", line)
            if match:
                found[match.group(1)] = int(match.group(2))
    return found


def wins_at_once(moves):
    """Whether the player to move can complete a line with its next brick."""
    side = len(moves) % 2
    occupied = {cell(m) for m in moves}
    own = {cell(m) for i, m in enumerate(moves) if i % 2 == side}
    for window in WINDOWS:
        if sum(x in own for x in window) == 4:
            empty = [x for x in window if x not in occupied]
            if len(empty) == 1 and playable(occupied, *empty[0]):
                return True
    return False


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    command, args = sys.argv[1], sys.argv[2:]
    if command == "first":
        limit = int(args[0])
        for label, engine, points, moves in recorded(args[1:]):
            for laid in range(64 - limit, len(moves)):
                if laid % 2 == engine:
                    colour = "white" if engine else "black"
                    print(f"{colour} {','.join(moves[:laid])} # {label} {points}")
                    break
    elif command == "pick":
        wanted, listing, proved = int(args[0]), args[1], verdicts(args[2:])
        for line in open(listing, encoding="utf-8"):
            colour, moves = line.split()[:2]
            if proved.get(moves) == wanted:
                print(colour, moves)
    elif command == "after":
        for line in open(args[0], encoding="utf-8"):
            colour, moves = line.split()[:2]
            occupied = {cell(m) for m in moves.split(",")}
            for r, c in CELLS:
                if (r, c) not in occupied and playable(occupied, r, c):
                    print(f"{colour} {moves},{name(r, c)}")
    elif command == "blunders":
        proved, seen = verdicts(args[1:]), set()
        for line in open(args[0], encoding="utf-8"):
            colour, moves = line.split()[:2]
            before = moves.rsplit(",", 1)[0]
            # The verdict is the opponent's, to move: 1, our move loses.
            if before not in seen and proved.get(moves) == 1 and not wins_at_once(moves.split(",")):
                seen.add(before)
                print(colour, moves)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
