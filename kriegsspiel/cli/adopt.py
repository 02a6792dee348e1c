"""``kriegsspiel adopt SAVE``: play on a save whose lines this machine did not seal (written on another
machine, of format 1, rewritten) or that is shorter than what this machine sealed of it, taking it on trust.

The shell, the window and the portal refuse such a save, since new lines sealed on top of it would seem to
vouch for it. ``adopt`` writes one sealed ``adopt`` record saying which lines were taken on trust and why;
``verify`` reports it ever after (docs/saves.md). Exit 0 when adopted or nothing needed adopting; 2 when the
file is not a save or cannot be written.
"""
from __future__ import annotations

import argparse
from pathlib import Path

from kriegsspiel.errors import UserError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", type=Path, help="the save (.kssave) to play on")


def run(args: argparse.Namespace) -> int:
    from kriegsspiel.border import check_input
    from kriegsspiel.store.journal import read_save
    from kriegsspiel.store.journal_write import JournalWriter
    from kriegsspiel.store.provenance import unsealed_prefix
    from kriegsspiel.store.seal import load_machine_key

    loaded = read_save(check_input(args.save, "save"))
    found = load_machine_key(create=True)
    if found.key is None:
        raise UserError(f"{loaded.path}: nothing adopted: {found.warning}")
    if found.warning:
        print(f"WARNING: {found.warning}")
    problem = unsealed_prefix(loaded, found.key)
    if problem is None:
        print(f"{loaded.path}: nothing to adopt: every line of it was sealed on this machine")
        return 0
    writer = JournalWriter.continue_save(loaded, found.key, adopt=True)
    writer.close()
    print(f"{loaded.path}: adopted lines 1-{loaded.lines} ({problem}); the journal records it at line "
          f"{writer.lines}, and 'kriegsspiel verify' will say so")
    return 0
