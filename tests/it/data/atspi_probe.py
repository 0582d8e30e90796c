#!/usr/bin/python3
"""Reads Tablero's window through AT-SPI, as a screen reader does (Debian's python3-pyatspi).

    atspi_probe.py focused   the name of the focused node of the window
    atspi_probe.py chosen    the focused node's name and description, then "chosen" or "not
                             chosen" and its role
    atspi_probe.py status    the name of the live region (the last announcement)
    atspi_probe.py names     the names of every node of the window, one a line

Waits up to 20 s for the app to appear on the accessibility bus and for the asked node; prints
its name, or exits with 2 when there is none.
"""
import sys
import time

import pyatspi


def nodes(node):
    yield node
    for child in node:
        if child is not None:
            yield from nodes(child)


def tablero():
    for app in pyatspi.Registry.getDesktop(0):
        if app is not None and app.name == "tablero":
            return app
    return None


def wanted(node, what):
    if what in ("focused", "chosen"):
        return node.getState().contains(pyatspi.STATE_FOCUSED) and node.getRoleName() != "frame"
    return node.getRoleName() == "status bar"


def main():
    what = sys.argv[1]
    end = time.time() + 20
    while time.time() < end:
        app = tablero()
        if app is not None and what == "names":
            for node in nodes(app):
                print(node.name)
            return 0
        if app is not None:
            for node in nodes(app):
                if wanted(node, what):
                    print(node.name)
                    if what == "chosen":
                        print(node.description)
                        states = node.getState()
                        toggled = states.contains(pyatspi.STATE_PRESSED) or states.contains(
                            pyatspi.STATE_CHECKED
                        )
                        role = node.getRoleName()
                        print(f"{'chosen' if toggled else 'not chosen'} ({role})")
                    return 0
        time.sleep(0.25)
    return 2


sys.exit(main())
