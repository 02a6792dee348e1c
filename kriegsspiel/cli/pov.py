"""``kriegsspiel pov SAVE --out DIR [--player NAME]... [--round N] [--unit ID]``: the players' pictures, headless.

A ruler game: ``DIR/round-NNN/<player>.png`` for every player (or the ones named) as they stood at the end of
round N (default: the round in play, as it stands now). An area game: ``DIR/<PHASE>-<POWER>.png`` (and
``.json``) of each confirmed phase (``--round N``: the N-th only; ``--player``: a power or a player's name).
SAVE may also be a scenario file (``.toml``): the pictures before the first move. Prints one line per picture
written.
"""
from __future__ import annotations

import argparse
import os
from pathlib import Path

from kriegsspiel.errors import UserError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", metavar="SAVE", help="a save (.kssave), or a scenario (.toml) for round 1")
    parser.add_argument("--out", required=True, metavar="DIR", help="folder for round-NNN/<player>.png")
    parser.add_argument("--player", action="append", metavar="NAME",
                        help="only this player's picture (repeatable); default: every player")
    parser.add_argument("--round", type=int, metavar="N",
                        help="the situation at the end of round N; default: the round in play, as it stands")
    parser.add_argument("--unit", metavar="ID",
                        help="an officer's view: crop each picture around this unit of the player's")


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # headless: no window is ever opened
    from kriegsspiel.border import CAPS, InputKind, check_input
    from kriegsspiel.store import look_at

    path = check_input(Path(args.save), InputKind("a save (.kssave) or a scenario (.toml)", CAPS["save"].cap))
    with look_at(path) as game:
        try:
            written = game.write_pictures(Path(args.out), args.player, args.round, unit=args.unit)
        except OSError as exc:
            raise UserError(f"{args.out}: cannot write the pictures ({exc.strerror or exc}); choose another "
                            "--out") from None
    if not written:
        print(f"{path}: no phase has been confirmed yet: no pictures")
    for picture in written:
        print(picture)
    return 0
