"""``kriegsspiel replay SAVE [--to N] [--json]``: the state of a save after its first N records."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from kriegsspiel.core.state import summary_json
from kriegsspiel.errors import UserError
from kriegsspiel.store.game import Game
from kriegsspiel.store.journal import read_save


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", type=Path, help="the save (.kssave)")
    parser.add_argument("--to", type=int, default=None, metavar="N",
                        help="replay only the first N journal records (undo and redo count); default: all")
    parser.add_argument("--json", action="store_true",
                        help='print {"round", "side", "units": {ID: {"type", "side", "x", "y", "health", '
                             '"heading", "hidden"}}}')
    parser.add_argument("--log", action="store_true", help="also print the journal: every record and its events")


def run(args: argparse.Namespace) -> int:
    loaded = read_save(args.save)
    total = len(loaded.records)
    if args.to is not None and not 0 <= args.to <= total:
        raise UserError(f"{args.save}: --to {args.to}: the journal holds {total} records; give 0..{total}")
    game = Game.from_loaded(loaded, read_only=True, upto=args.to)
    state = game.state
    if args.json:
        print(json.dumps(summary_json(state), indent=2, sort_keys=False))
        return 0
    for note in game.notes:
        print(note)
    count = total if args.to is None else args.to
    if args.log:
        for record in loaded.records[:count]:
            print(record.describe())
        print()
    last = f"; last: {loaded.records[count - 1].command}" if count else ""
    print(f"{loaded.header.scenario_name}: after {count} of {total} records{last}")
    print(f"round {state.round}, {state.side_to_move} to move")
    for unit in state.units.values():
        heading = "" if unit.heading is None else f" heading {unit.heading:g}"
        hidden = " hidden" if unit.hidden else ""
        print(f"  {unit.id:<10} {unit.side:<10} {unit.type_id:<18} at {unit.position.x:g},{unit.position.y:g}  "
              f"health {unit.health}{heading}{hidden}")
    return 0
