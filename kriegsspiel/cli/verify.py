"""``kriegsspiel verify SAVE``: replay a save with its seed; check every hash, roll and event.

Exit 0 when intact, 1 naming the first record that does not match, 2 when the file is not a save.
"""
from __future__ import annotations

import argparse
from pathlib import Path

from kriegsspiel.store.verify import verify_save


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", type=Path, help="the save (.kssave)")


def run(args: argparse.Namespace) -> int:
    verdict = verify_save(args.save)
    print(verdict.describe())
    return 0 if verdict.intact else 1
