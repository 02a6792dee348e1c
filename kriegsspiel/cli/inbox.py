"""``kriegsspiel inbox SAVE [--round N] [--json]``: the orders the players sent through the portal.

Read from the save's journal alone (a running portal may hold the save meanwhile): for each player every
sending for the round (default: the round in play), the one that counts (the last) and whether they are
ready. ``--json`` prints ``{"round", "closed", "deadline", "players": {NAME: {"orders": [...], "latest",
"ready"}}}``, each sending with ``text``, ``at`` (UTC), ``digest``, ``ready`` and its journal ``record``.
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from kriegsspiel.errors import UserError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", metavar="SAVE", help="the game's save (.kssave)")
    parser.add_argument("--round", type=int, metavar="N", help="the orders for round N (default: the round in play)")
    parser.add_argument("--json", action="store_true", help="print the inbox as one JSON object")


def run(args: argparse.Namespace) -> int:
    from kriegsspiel.portal.records import inbox, inbox_text
    from kriegsspiel.store import Game, read_save

    path = Path(args.save)
    if not path.is_file():
        raise UserError(f"{path}: no such file; give a save (.kssave)")
    loaded = read_save(path)
    from kriegsspiel.store.area_game import AreaGame, is_area_save

    if is_area_save(loaded):  # an area game: the phases are numbered, the powers are the players
        area = AreaGame.open(path, read_only=True)
        players, in_play, unit = list(area.scenario.powers), area.turn.phases + 1, "phase"
    else:
        game = Game.from_loaded(loaded, read_only=True)
        players, in_play, unit = [p.name for p in game.state.setup.players], int(game.state.round), "round"
    number = in_play if args.round is None else args.round
    if not 1 <= number <= in_play:
        raise UserError(f"{path}: there is no round {number}; the game is in {unit} {in_play}; "
                        f"give --round between 1 and {in_play}")
    result = inbox(loaded.records, players, number)
    print(json.dumps(result, ensure_ascii=False, indent=1) if args.json else inbox_text(result))
    return 0
