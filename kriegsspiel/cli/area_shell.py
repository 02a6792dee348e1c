"""``kriegsspiel shell`` for an area game (Diplomacy): orders, adjudicate, confirm, undo/redo and queries read
from stdin (store/area_commands.py); each power's pictures written after every confirmed phase."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from kriegsspiel.errors import UserError, printable
from kriegsspiel.store.area_commands import AreaShell
from kriegsspiel.store.area_game import AreaGame
from kriegsspiel.store.area_pictures import attach_area_pictures
from kriegsspiel.wording import count


def open_area_game(path: Path, save: str | None) -> AreaGame:
    """A new game from an area scenario (saved to ``save`` or the games folder), or a save continued."""
    from kriegsspiel.userdirs import new_game_path

    if path.suffix.lower() == ".toml":
        target = Path(save) if save else new_game_path(path)
        game = AreaGame.new(path, target)
        print(f"new game {game.scenario.name!r}, saved to {target}")
        return game
    if save:
        raise UserError(f"--save {save}: a save continues in its own file; --save is for a scenario")
    game = AreaGame.open(path)
    print(f"continuing {game.scenario.name!r} from {path} ({count(len(game.journal_entries()), 'record')})")
    return game


def run_loop(shell: AreaShell, stdin: TextIO, stdout: TextIO) -> None:
    """Read lines until ``quit`` or the end of input; print each answer."""
    for line in stdin:
        if line.strip().lower() in ("quit", "exit"):
            break
        answer = shell.handle(line)
        if answer:
            print(printable(answer), file=stdout)
        stdout.flush()


def run_area_shell(args: argparse.Namespace, path: Path) -> int:
    game = open_area_game(path, args.save)
    folder = attach_area_pictures(game)
    with game:
        for note in game.notes:
            print(f"note: {note}")
        print(f"{game.turn.position.phase_label}; pictures after each phase go to {folder}")
        print("type 'help' for the commands, 'quit' to leave")
        sys.stdout.flush()
        run_loop(AreaShell(game), sys.stdin, sys.stdout)
    return 0
