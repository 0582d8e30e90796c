"""Reading `tablero tournament --game magnetic-cave --records DIR` folders, for the scripts
beside this file (`check-decisions.py`, `latent-verdicts.py`, `lost-positions.py`,
`moves-proved-lost.py`)."""

import os
import re


def recorded(folders):
    """(label, engine colour 0 black / 1 white, engine's points, moves) for every record.

    The engine (`--a`) is black in the odd-numbered games: the seats swap in pairs."""
    for folder in folders:
        for name in sorted(os.listdir(folder)):
            match = re.fullmatch(r"game-(\d+)\.ron", name)
            if not match:
                continue
            text = open(os.path.join(folder, name), encoding="utf-8").read()
            result = re.search(r'result: Some\("([^"]*)"\)', text)
            if not result:
                continue
            engine = 0 if int(match.group(1)) % 2 == 1 else 1
            if result.group(1).startswith("Tie"):
                points = 0.5
            else:
                winner = 0 if result.group(1).startswith("■") else 1
                points = 1.0 if winner == engine else 0.0
            moves = re.findall(r'Act\("([A-Z][0-9]+)"', text)
            yield f"{folder}/{match.group(1)}", engine, points, moves
