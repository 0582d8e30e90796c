#!/usr/bin/env python3
"""One 1-s decision of an experiment build in every position with the engine to move and
25 to 32 empty cells of some match records, and the decisions the check of the chosen move
changed (docs/ai-magnetic-cave.md, twenty-ninth session).

The build is the committed one with `check-log.patch` applied, which prints the check's
verdicts on standard error when CAVE_CHECK_LOG is set.

    python3 check-decisions.py TABLERO PART PARTS OUT DIR...   # one process a core
    LIMIT=N python3 check-decisions.py …                      # the first N positions only
    python3 check-decisions.py --plays OUT... > /dev/null      # writes play-chosen.txt and
                                                               # play-replaced.txt

The two play files are endgame-simulator lists (`ENDGAMES=FILE … endgames_against`): the
position after the chosen move and the position after its replacement, line for line.
"""
import os
import re
import subprocess
import sys

from cave_records import recorded


def positions(folders):
    """The distinct positions with the engine to move and 32 to 39 bricks laid."""
    found, seen = [], set()
    for _, engine, _, cells in recorded(folders):
        for bricks in range(32, 40):
            if bricks % 2 == engine and len(cells) > bricks:
                key = tuple(cells[:bricks])
                if key not in seen:
                    seen.add(key)
                    found.append(key)
    return found


def decide(tablero, part, parts, out, folders):
    with open(out, "w") as lines:
        found = positions(folders)[: int(os.environ.get("LIMIT", "0")) or None]
        for i, moves in enumerate(found):
            if i % parts != part:
                continue
            commands = "newgame\n" + "".join(f"move {c}\n" for c in moves) + "go 1\nquit\n"
            run = subprocess.run(
                [tablero, "engine", "magnetic-cave"],
                input=commands,
                capture_output=True,
                text=True,
                env={**os.environ, "CAVE_CHECK_LOG": "1"},
            )
            best = [l for l in run.stdout.splitlines() if l.startswith("bestmove")]
            log = [l for l in run.stderr.splitlines() if l.startswith("check")]
            lines.write(f"{','.join(moves)}\t{best[0] if best else '?'}\t{' | '.join(log)}\n")
            lines.flush()


def plays(outs):
    with open("play-chosen.txt", "w") as chosen, open("play-replaced.txt", "w") as replaced:
        for out in outs:
            for line in open(out):
                moves, _, log = line.rstrip("\n").split("\t")
                lost = re.search(r"chosen (\w+) lost, reply keeps it true", log)
                replacement = re.search(r'replaced by Some\("(\w+)"\)', log)
                if not (lost and replacement):
                    continue
                moves = moves.split(",")
                colour = "black" if len(moves) % 2 == 0 else "white"
                chosen.write(f"{colour} {','.join(moves + [lost.group(1)])}\n")
                replaced.write(f"{colour} {','.join(moves + [replacement.group(1)])}\n")


if __name__ == "__main__":
    if sys.argv[1] == "--plays":
        plays(sys.argv[2:])
    else:
        decide(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5:])
