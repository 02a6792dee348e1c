"""``kriegsspiel verify SAVE``: replay a save with its seed; check every hash, roll, event and snapshot, and
whether this machine wrote it.

Exit 0 when intact and written on this machine (or a format-1 save, which carries no seals: the message says
what that proves); 1 when a record does not match, or the chain is consistent but not (all) written here;
2 when the file is not a save.
"""
from __future__ import annotations

import argparse
from pathlib import Path

from kriegsspiel.store import verify_save
from kriegsspiel.store.verify import UNSEALED


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", type=Path, help="the save (.kssave)")


def run(args: argparse.Namespace) -> int:
    verdict = verify_save(args.save)  # any game's save: its session replays it
    print(verdict.describe())
    return 0 if verdict.written_here or (verdict.intact and verdict.written == UNSEALED) else 1
