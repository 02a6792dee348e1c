"""``kriegsspiel shell SCENARIO|SAVE [--save FILE]``: the Umpire shell in a terminal.

A scenario (.toml) starts a new game whose save is ``--save`` or a new file in the user's games folder; a save
continues that game. Commands are read line by line from stdin; every accepted order is on disk before its
result is printed.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments: a scenario or a save, and where a new game is saved."""
    parser.add_argument("path", metavar="SCENARIO|SAVE", help="a scenario (.toml, or a shipped one by name: demo) to start, or a save to continue")
    parser.add_argument("--save", metavar="FILE", help="where a new game is saved (default: the games folder, see 'kriegsspiel games')")


def run(args: argparse.Namespace) -> int:
    """Open the game and run the shell on stdin; exit 0 at quit or end of input (refusals are not failures)."""
    from kriegsspiel.border import CAPS, InputKind, check_input
    from kriegsspiel.data import scenario_or_path
    from kriegsspiel.shell import Shell, run_shell
    from kriegsspiel.store import start_or_continue
    from kriegsspiel.userdirs import new_game_path

    # A stray byte in a script or a terminal without UTF-8 must not end the session: replace, never fail.
    for stream in (sys.stdin, sys.stdout):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    path = check_input(scenario_or_path(args.path),
                       InputKind("a scenario (.toml, or a shipped one by name) or a save", CAPS["save"].cap))
    game, opened = start_or_continue(path, Path(args.save) if args.save else None, new_game_path(path))
    print(opened)
    with game:
        # The players' pictures of each round (phase) are written next to the save, as the window does.
        game.attach_pictures()
        for note in game.notes:
            print(f"note: {note}")
        print("type 'help' for the commands, 'man COMMAND' for one of them, 'quit' to leave")
        sys.stdout.flush()
        run_shell(Shell(game), sys.stdin, sys.stdout)
    return 0
