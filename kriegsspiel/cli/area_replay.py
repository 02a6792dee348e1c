"""``kriegsspiel replay`` of an area game's save (Diplomacy): the turn after the first N records."""
from __future__ import annotations

import argparse
import json
import sys

from kriegsspiel.errors import UserError
from kriegsspiel.store.area_game import AreaGame
from kriegsspiel.store.area_timeline import turn_json
from kriegsspiel.store.journal import LoadedSave
from kriegsspiel.store.undone import undone_orders
from kriegsspiel.wording import count as plural


def rolls_text(rolls: tuple[tuple[int, int], ...]) -> str:
    """A record's rolls for people: ``d12: 5 7 11`` when all dice are alike, else ``d12=5 d6=3``."""
    if len({sides for sides, _ in rolls}) == 1:
        return f"d{rolls[0][0]}: " + " ".join(str(v) for _, v in rolls)
    return " ".join(f"d{sides}={v}" for sides, v in rolls)


def run_area(args: argparse.Namespace, loaded: LoadedSave) -> int:
    """Print the turn (``--json``: one object: phase, units, owners, orders, choices, last results, and the last
    record replayed with its rolls); ``--log`` lists every record with its lines and rolls."""
    total = len(loaded.records)
    if args.to is not None and not 0 <= args.to <= total:
        raise UserError(f"{args.save}: --to {args.to}: the journal holds {plural(total, 'record')}; give 0..{total}")
    game = AreaGame.open(args.save, read_only=True, upto=args.to)
    turn = game.turn
    if args.json:
        for note in game.notes:
            print(f"note: {note}", file=sys.stderr)
        obj = turn_json(turn)
        count = total if args.to is None else args.to
        if count:  # the dice of the last record replayed, as the journal holds them ([sides, value] pairs)
            last = loaded.records[count - 1]
            obj["last_record"] = {"seq": last.seq, "command": last.command, "rolls": [list(r) for r in last.rolls]}
        print(json.dumps(obj, indent=2))
        return 0
    for note in game.notes:
        print(note)
    count = total if args.to is None else args.to
    if args.log:
        shown = loaded.records[:count]
        undone = undone_orders(shown)
        for record in shown:
            mark = f"  [undone by record {undone[record.seq]}]" if record.seq in undone else ""
            target = f" (record {record.target})" if record.kind in ("undo", "redo") else ""
            said = record.command if record.command.startswith(f"{record.side}:") else f"{record.side}: {record.command}"
            print(f"{record.seq}. {said}{target}{mark}")
            for event in record.events:
                for line in event.get("lines", []) if isinstance(event, dict) else []:
                    print(f"   {line}")
            if record.rolls:
                print(f"   rolls: {rolls_text(record.rolls)}")
        print()
    print(f"{loaded.header.scenario_name}: after {count} of {plural(total, 'record')}")
    print(turn.position.phase_label + (f"; {turn.winner} has won" if turn.winner else ""))
    for u in turn.position.units:
        extra = " (dislodged)" if u.details.get("dislodged") else ""
        print(f"  {u.uid:<5} {u.power:<10} {u.kind} {u.where}{extra}")
    for o in turn.orders:
        print(f"  order: {o.power}: {o.text}")
    return 0
