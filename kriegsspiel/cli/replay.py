"""``kriegsspiel replay SAVE [--to N] [--json | --phases] [--log]``: the state of any game's save after its first N
records (a ruler game: the round and the units; an area game: the phase, the units and the orders given);
``--phases``: an area game's phases as JSON Lines (kriegsspiel.cli.phase_lines)."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from kriegsspiel.errors import UserError
from kriegsspiel.store import open_loaded
from kriegsspiel.store.journal import read_save
from kriegsspiel.store.undone import undone_orders
from kriegsspiel.wording import count as plural


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", type=Path, help="the save (.kssave)")
    parser.add_argument("--to", type=int, default=None, metavar="N",
                        help="replay only the first N journal records (undo and redo count); default: all")
    parser.add_argument("--json", action="store_true",
                        help='print one object; a ruler game: {"round", "side", "units": {ID: {"type", "side", "x", "y", '
                             '"health", "heading", "hidden"[, "disruption"]}}, "messages": [{"round", "sender", '
                             '"recipient", "outcome", "received_by", "received_text"}]} (disruption under Ruleset '
                             'V3); an area game: {"phase", "phase_label", "units", "owners", "orders", "choices", '
                             '"last_results", "last_record"}')
    parser.add_argument("--phases", action="store_true",
                        help="a Diplomacy or Air Power Diplomacy game: write its confirmed phases as JSON Lines of the "
                             "interchange format, one phase a line (position, orders, results, next phase); "
                             "'kriegsspiel import-phases' reads them back")
    parser.add_argument("--log", action="store_true",
                        help="also print the journal: every record and its events; orders taken back are marked undone")


def run(args: argparse.Namespace) -> int:
    if args.phases:  # the rule set writes its phase lines, or says it has none (a ruler game: none)
        from kriegsspiel.cli.phase_lines import write_phase_lines

        write_phase_lines(args.save, sys.stdout)
        return 0
    loaded = read_save(args.save)
    total = len(loaded.records)
    if args.to is not None and not 0 <= args.to <= total:
        raise UserError(f"{args.save}: --to {args.to}: the journal holds {plural(total, 'record')}; give 0..{total}")
    game = open_loaded(loaded, read_only=True, upto=args.to)
    if args.json:
        for note in game.notes:  # stdout is the JSON alone; what the umpire should know goes beside it
            print(f"note: {note}", file=sys.stderr)
        print(json.dumps(game.summary_json(), indent=2, sort_keys=False))
        return 0
    for note in game.notes:
        print(note)
    count = total if args.to is None else args.to
    if args.log:
        shown = loaded.records[:count]
        undone = undone_orders(shown)
        for i, record in enumerate(shown):
            head, *rest = game.record_lines(record, shown[i + 1] if i + 1 < len(shown) else None)
            if record.seq in undone:  # the line stays (append-only); say it no longer counts
                head += f"  [undone by record {undone[record.seq]}]"
            print("\n".join([head, *rest]))
        print()
    last = f"; last: {loaded.records[count - 1].command}" if count else ""
    print(f"{loaded.header.scenario_name}: after {count} of {plural(total, 'record')}{last}")
    for line in game.summary_lines():
        print(line)
    return 0
