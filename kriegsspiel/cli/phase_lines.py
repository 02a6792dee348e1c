"""Whole area games as JSON Lines, one phase a line, in the rule set's interchange format (Diplomacy and Air
Power Diplomacy: docs/diplomacy.md, "Whole games in and out").

``kriegsspiel replay SAVE --phases`` writes a save's confirmed phases (:func:`write_phase_lines`);
``kriegsspiel import-phases FILE --save SAVE [--scenario SCENARIO]`` builds a save from such a file: a game
starting at the first line's position on the scenario's map and rule set, each line's orders given and the
phase confirmed, after checking that our adjudication gives the line's results and next position. The first
line that differs is named (exit status 1); the save then holds the phases before it, with that phase's orders
given, to be looked at.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from kriegsspiel.border import MAX_JSON_LINE_BYTES, MAX_JSON_NESTING, decode_json, json_lines
from kriegsspiel.errors import UserError
from kriegsspiel.wording import count as plural

if TYPE_CHECKING:
    from kriegsspiel.core.area import AreaRules
    from kriegsspiel.store.area import AreaSession

#: the keys of a line compared with our adjudication (``id`` and ``orders`` are the line's own; ``errors``
#: another tool may not write)
_CHECKED = ("phase", "before", "results", "after")


def write_phase_lines(save: Path, out: TextIO) -> int:
    """Write every confirmed phase of an area save as one JSON line; returns how many. Raises UserError when
    the save's rule set has no phase lines."""
    from kriegsspiel.store import open_session

    with open_session(save, read_only=True) as game:
        if game.kind != "area":  # phase lines are an area rule set's (AreaRules.phase_line)
            raise UserError(f"{save}: --phases: not an area game; phase lines are written of Diplomacy and "
                            "Air Power Diplomacy games")
        rules = game.scenario.rules
        count = 0
        for before, result in game.confirmed_phases():
            line = rules.phase_line(before.position, before.orders_by_power(), result.position,
                                    str(game.scenario.map_path))
            if line is None:
                raise UserError(f"{save}: --phases: the rule set {game.scenario.ruleset.name!r} writes no phase "
                                "lines (Diplomacy and Air Power Diplomacy do)")
            out.write(json.dumps(line) + "\n")
            count += 1
        out.flush()
        return count


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, metavar="FILE",
                        help="phase lines (JSON Lines), one phase a line, as 'kriegsspiel replay SAVE --phases' writes them")
    parser.add_argument("--save", type=Path, required=True, metavar="SAVE", help="the save to create (never overwritten)")
    parser.add_argument("--scenario", default="diplomacy-1901", metavar="SCENARIO",
                        help="the area scenario (a shipped name or a file) whose map and rule set the game is played "
                             "on; its units are replaced by the first line's (default: diplomacy-1901)")


def _read_lines(path: Path) -> list[tuple[int, Any]]:
    """The file's phase lines as plain JSON values, read through the border (a regular file, each line at most
    MAX_JSON_LINE_BYTES and MAX_JSON_NESTING deep). Raises UserError naming the file and the line."""
    lines: list[tuple[int, Any]] = []
    for number, raw in json_lines(str(path)):
        if raw is None:
            raise UserError(f"{path}: line {number}: longer than {MAX_JSON_LINE_BYTES:,} bytes; one phase a line")
        if not raw.strip():
            continue
        lines.append((number, decode_json(raw, Any, f"{path}: line {number}", max_nesting=MAX_JSON_NESTING)))
    if not lines:
        raise UserError(f"{path}: holds no phase; one JSON object a line, as 'kriegsspiel replay SAVE --phases' writes")
    return lines


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, str)):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise UserError(f"a scenario value {value!r} cannot be written")


def _toml_table(name: str, table: Mapping[str, Any]) -> list[str]:
    """``[name]`` with its plain keys, then its sub-tables as ``[name.key]`` (JSON strings are TOML strings)."""
    out = [f"[{name}]"] + [f"{json.dumps(k)} = {_toml_value(v)}" for k, v in table.items() if not isinstance(v, Mapping)]
    for key, sub in table.items():
        if isinstance(sub, Mapping):
            out += [""] + _toml_table(f"{name}.{json.dumps(key)}", sub)
    return out


def _first_difference(file_value: Any, ours: Any, where: str) -> tuple[str, Any, Any] | None:
    """Where a line's value (only the keys it has, in objects) first differs from ours."""
    if isinstance(file_value, dict) and isinstance(ours, dict) and where.count(".") < 1:
        for key, value in file_value.items():
            found = _first_difference(value, ours.get(key), f"{where}.{key}" if where else key)
            if found:
                return found
        return None
    return None if file_value == ours else (where, file_value, ours)


def _import_phase(game: AreaSession, rules: AreaRules, line: Any, where: str, map_path: str, refused: list[str]) -> None:
    """Give one line's orders, check what confirming would do against the line, confirm. Raises UserError
    naming the first key that differs (the line's orders stay given)."""
    _, orders = rules.read_phase_line(line, where)
    before = game.turn.position
    if game.turn.winner is not None:
        raise UserError(f"{where}: the game is over ({game.turn.winner} has won) before this phase", 1)
    for power, given in orders.items():
        for order in given:
            if not power.replace("_", "").isalnum() or ";" in order or "\n" in order:
                # one order of one power per command: never a second order, a withdrawal or another command
                refused.append(f"{where}: {power}: {order!r}: not one power's single order")
                continue
            outcome = game.submit(f"{power}: {order}")
            if not outcome.accepted:
                refused.append(f"{where}: {power}: {order}: {outcome.reason}")
    result = game.preview()
    try:
        ours = None if result.choices else rules.phase_line(before, orders, result.position, map_path)
    except UserError as exc:  # the line is no phase of this game (an unknown power...)
        raise UserError(f"{where}: {exc}", exc.exit_code) from None
    if ours is None:
        raise UserError(f"{where}: the phase waits for a choice; it cannot be imported", 1)
    ours = json.loads(json.dumps(ours))
    for key in _CHECKED:
        found = _first_difference(line.get(key), ours.get(key), key) if key in line else None
        if found:
            path, theirs, mine = found
            raise UserError(f"{where} ({before.phase}): differs from our adjudication at {path}: the file has "
                            f"{json.dumps(theirs)}, ours {json.dumps(mine)} (this phase's orders are given, not "
                            "confirmed)", 1)
    game.submit("confirm")


def run(args: argparse.Namespace) -> int:
    """Import the phase lines into a new save; see the module's docstring."""
    lines = _read_lines(args.file)
    save: Path = args.save
    if save.exists():
        raise UserError(f"{save}: already exists; a save is never overwritten: choose another name")
    from kriegsspiel.data import scenario_or_path
    from kriegsspiel.scenario.area import load_area_scenario
    from kriegsspiel.store.area import AreaSession

    base = load_area_scenario(scenario_or_path(args.scenario))
    rules = base.rules
    first_number, first = lines[0]
    try:
        setup, _ = rules.read_phase_line(first, f"{args.file}: line {first_number}")
    except NotImplementedError:
        raise UserError(f"{args.scenario}: the rule set {base.ruleset.name!r} reads no phase lines "
                        "(Diplomacy and Air Power Diplomacy do)") from None
    start = save.with_name(f"{save.stem}-start.toml")
    if start.exists():
        raise UserError(f"{start}: already exists (the imported game's start is written there); move it away")
    try:
        map_ref = Path(os.path.relpath(base.map_path.resolve(), save.parent.resolve())).as_posix()
    except ValueError:  # another drive (Windows)
        map_ref = base.map_path.resolve().as_posix()
    text = [f"# The start of the game imported by 'kriegsspiel import-phases' from {json.dumps(args.file.name)}.", "",
            *_toml_table("scenario", {"name": f"{base.name}, imported from {args.file.name}", "map": map_ref,
                                      "ruleset": base.ruleset.name, "seed": base.seed, "blind": False}),
            "", *_toml_table("setup", setup), ""]
    start.write_text("\n".join(text), encoding="utf-8")
    try:
        game = AreaSession.new(start, save)
    except UserError:
        start.unlink()  # nothing was imported: leave nothing behind
        raise
    refused: list[str] = []
    with game:
        for number, line in lines:
            try:
                _import_phase(game, rules, line, f"{args.file}: line {number}", str(base.map_path), refused)
            except UserError as exc:
                kept = plural(game.turn.phases, "phase")
                raise UserError(f"{exc}; {save} holds the {kept} before it", exc.exit_code) from None
        phases, label = game.turn.phases, game.turn.position.phase_label
    for note in refused:
        print(f"note: refused as given, so left out (DATC 4.E.1): {note}", file=sys.stderr)
    print(f"{save}: {plural(phases, 'phase')} imported from {args.file}; now {label} (its start: {start})")
    return 0
