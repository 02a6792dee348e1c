"""``kriegsspiel verify SAVE``: replay a save with its seed; check every hash, roll, event and snapshot, and
whether this machine wrote it, all of it.

Exit 0 when intact and written on this machine, every line of it (see docs/saves.md, "What a seal vouches
for"); 1 when a record does not match, the chain is consistent but not (all) written here, lines were
adopted, the save is shorter than what this machine sealed of it, or it is of format 1 (which carries no
seals, so a rewritten history can take its form) unless ``--accept-format-1``; 2 when the file is not a save.
"""
from __future__ import annotations

import argparse
from pathlib import Path

from kriegsspiel.store import verify_save
from kriegsspiel.store.verify import UNSEALED


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", type=Path, help="the save (.kssave)")
    parser.add_argument("--accept-format-1", action="store_true",
                        help="exit 0 for an intact save of format 1 (written before saves were sealed: nothing "
                             "tells who wrote it)")


def run(args: argparse.Namespace) -> int:
    verdict = verify_save(args.save)  # any game's save: its session replays it
    print(verdict.describe())
    accepted = args.accept_format_1 and verdict.intact and verdict.written == UNSEALED
    return 0 if verdict.written_here or accepted else 1
