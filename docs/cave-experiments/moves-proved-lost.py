#!/usr/bin/env python3
"""The engine's moves proved to lose in recorded Magnetic Cave matches, and what they cost.

Three steps, with the lib test binary's `solve_listed_positions` between them (the verdict
it prints is for the side to move):

    python3 moves-proved-lost.py after 25,26,27 DIR...   # writes after.txt, after-meta.txt
    POSITIONS=after.txt SECONDS=2 TESTBIN solve_listed_positions --ignored --nocapture > after.log
    python3 moves-proved-lost.py before                  # writes before.txt, before-meta.txt
    POSITIONS=before.txt SECONDS=4 TESTBIN solve_listed_positions --ignored --nocapture > before.log
    python3 moves-proved-lost.py summary

Each DIR is a `tablero tournament --game magnetic-cave --a engine --records DIR` folder; the
engine is black in the odd-numbered games. `after` lists the position after each of the
engine's moves with the given numbers of empty cells before it; `before` keeps the moves after
which the opponent is proved to win and lists the positions before them; `summary` counts
those moves by what the position was before (won, tied, lost, not proved) and by the game's
result for the engine.
"""

import collections
import re
import sys

from cave_records import recorded


def verdicts(log):
    """The verdicts of a `solve_listed_positions` log, in order: 1, 0, -1 or None."""
    found = []
    for line in open(log, encoding="utf-8"):
        match = re.search(r"=> (None|Some\((-?\d)\))", line)
        if match:
            found.append(None if match.group(1) == "None" else int(match.group(2)))
    return found


def main():
    step = sys.argv[1] if len(sys.argv) > 1 else ""
    if step == "after":
        empties = [int(e) for e in sys.argv[2].split(",")]
        with open("after.txt", "w") as out, open("after-meta.txt", "w") as meta:
            for label, engine, points, moves in recorded(sys.argv[3:]):
                for empty in empties:
                    laid = 64 - empty
                    if laid % 2 == engine and len(moves) > laid:
                        out.write(",".join(moves[: laid + 1]) + "\n")
                        meta.write(f"{label} {empty} {points} {moves[laid]}\n")
    elif step == "before":
        meta = open("after-meta.txt").read().splitlines()
        positions = open("after.txt").read().splitlines()
        with open("before.txt", "w") as out, open("before-meta.txt", "w") as kept:
            for line, position, verdict in zip(meta, positions, verdicts("after.log")):
                if verdict == 1:  # the opponent, to move, wins
                    out.write(position.rsplit(",", 1)[0] + "\n")
                    kept.write(line + "\n")
    elif step == "summary":
        meta = [line.split() for line in open("before-meta.txt")]
        names = {1: "won", 0: "tied", -1: "lost", None: "not proved"}
        outcome = {"1.0": "W", "0.5": "D", "0.0": "L"}
        table = collections.Counter()
        for (label, empty, points, move), verdict in zip(meta, verdicts("before.log")):
            table[names[verdict], outcome[points]] += 1
            if verdict == 0:
                print(f"a tied position thrown: {label}, {empty} empty cells, {move}, game {outcome[points]}")
        print(f"{len(meta)} moves proved to lose; the position before, and the game's result:")
        for before in ("won", "tied", "lost", "not proved"):
            row = " ".join(f"{table[before, r]} {r}" for r in "WDL")
            print(f"  {before}: {row}")
    else:
        print(__doc__)


if __name__ == "__main__":
    main()
