"""``kriegsspiel inbox SAVE [--round N] [--json]``: the orders the players sent through the portal.

Read from the save's journal alone (a running portal may hold the save meanwhile): for each player every
sending for the round (an area game: the phase; default: the one in play), the one that counts (the last),
whether they are ready and, in an area game, each power's orders in force and the lines refused, as the serve
console shows them. ``--json`` prints ``{"round", "closed", "deadline", "players": {NAME: {...}}}``, each
sending with ``text``, ``at`` (UTC), ``digest``, ``ready`` and its journal ``record``; an area game's also
``phase`` (in words) and per power ``in_force`` and ``refused``.
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from kriegsspiel.errors import UserError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", metavar="SAVE", help="the game's save (.kssave)")
    parser.add_argument("--round", type=int, metavar="N",
                        help="the orders for round (phase) N (default: the one in play)")
    parser.add_argument("--json", action="store_true", help="print the inbox as one JSON object")


def run(args: argparse.Namespace) -> int:
    from kriegsspiel.portal.inbox import session_inbox
    from kriegsspiel.store import open_session

    path = Path(args.save)
    if not path.is_file():
        raise UserError(f"{path}: no such file; give a save (.kssave)")
    with open_session(path, read_only=True) as session:
        in_play = session.phase_number()
        number = in_play if args.round is None else args.round
        if not 1 <= number <= in_play:
            raise UserError(f"{path}: there is no round {number}; the game is in {session.phase_words()} "
                            f"(number {in_play}); give --round between 1 and {in_play}")
        result, text = session_inbox(session, number)
    print(json.dumps(result, ensure_ascii=False, indent=1) if args.json else text)
    return 0
