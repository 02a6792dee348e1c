"""``kriegsspiel replay SAVE [--to N] [--json | --phases]``: the state of a save after its first N records (``--phases``:
an area game's phases as JSON Lines, kriegsspiel.cli.phase_lines)."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from kriegsspiel.core.game import round_change_line, rules_of
from kriegsspiel.core.state import summary_json
from kriegsspiel.shell.queries import umpire_notes
from kriegsspiel.errors import UserError
from kriegsspiel.wording import count as plural
from kriegsspiel.store.game import Game
from kriegsspiel.store.journal import read_save
from kriegsspiel.store.undone import undone_orders


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", type=Path, help="the save (.kssave)")
    parser.add_argument("--to", type=int, default=None, metavar="N",
                        help="replay only the first N journal records (undo and redo count); default: all")
    parser.add_argument("--json", action="store_true",
                        help='print {"round", "side", "units": {ID: {"type", "side", "x", "y", "health", '
                             '"heading", "hidden"[, "disruption"]}}, "messages": [{"round", "sender", "recipient", '
                             '"outcome", "received_by", "received_text"}]} (disruption under Ruleset V3)')
    parser.add_argument("--phases", action="store_true",
                        help="a Diplomacy or Air Power Diplomacy game: write its confirmed phases as JSON Lines of the "
                             "interchange format, one phase a line (position, orders, results, next phase); "
                             "'kriegsspiel import-phases' reads them back")
    parser.add_argument("--log", action="store_true",
                        help="also print the journal: every record and its events; orders taken back are marked undone")


def run(args: argparse.Namespace) -> int:
    loaded = read_save(args.save)
    from kriegsspiel.store.area_game import is_area_save

    if args.phases:
        if not is_area_save(loaded):
            raise UserError(f"{args.save}: --phases: not an area game; phase lines are written of Diplomacy and "
                            "Air Power Diplomacy games")
        from kriegsspiel.cli.phase_lines import write_phase_lines

        write_phase_lines(args.save, sys.stdout)
        return 0
    if is_area_save(loaded):  # an area game (Diplomacy): its own session replays it
        from kriegsspiel.cli.area_replay import run_area

        return run_area(args, loaded)
    total = len(loaded.records)
    if args.to is not None and not 0 <= args.to <= total:
        raise UserError(f"{args.save}: --to {args.to}: the journal holds {plural(total, 'record')}; give 0..{total}")
    game = Game.from_loaded(loaded, read_only=True, upto=args.to)
    state = game.state
    if args.json:
        for note in game.notes:  # stdout is the JSON alone; what the umpire should know goes beside it
            print(f"note: {note}", file=sys.stderr)
        print(json.dumps(summary_json(state), indent=2, sort_keys=False))
        return 0
    for note in game.notes:
        print(note)
    count = total if args.to is None else args.to
    if args.log:
        shown = loaded.records[:count]
        undone = undone_orders(shown)
        for i, record in enumerate(shown):
            text = record.describe(rules_of(state).event_kinds)
            if record.seq in undone:  # the line stays (append-only); say it no longer counts
                head, _, rest = text.partition("\n")
                text = f"{head}  [undone by record {undone[record.seq]}]" + (f"\n{rest}" if rest else "")
            print(text)
            after = shown[i + 1].round if i + 1 < len(shown) else state.round
            if clock := round_change_line(state.ruleset, record.round, after):
                print(f"   {clock}")  # a timed rule set (Ruleset V3): the game time where the round changes
        print()
    last = f"; last: {loaded.records[count - 1].command}" if count else ""
    print(f"{loaded.header.scenario_name}: after {count} of {plural(total, 'record')}{last}")
    clock = state.ruleset.game_clock(state.round)
    print(f"round {state.round}" + (f" ({clock})" if clock else "") + f", {state.side_to_move} to move")
    units = list(state.units.values())
    id_width = max([10, *(len(u.id) for u in units)])
    side_width = max([10, *(len(u.side) for u in units)])
    for unit in units:
        heading = "" if unit.heading is None else f" heading {unit.heading:g}"
        hidden = " hidden" if unit.hidden else ""
        disruption = f" disruption {unit.disruption}" if unit.disruption else ""
        print(f"  {unit.id:<{id_width}} {unit.side:<{side_width}} {unit.type_id:<18} at "
              f"{unit.position.x:g},{unit.position.y:g}  health {unit.health}{disruption}{heading}{hidden}")
    for line in umpire_notes(state):
        print(line)
    return 0
