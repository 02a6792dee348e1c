"""``kriegsspiel rules [NAME] [--json]``: print a rule set, as tables for people or as one JSON object."""
from __future__ import annotations

import dataclasses

import argparse
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from kriegsspiel.cli.rules_classic import CLASSIC_TABLES, classic_json, classic_tables
from kriegsspiel.core.ruleset import THEATRES, RuleBook, UnitType
from kriegsspiel.rulesets import load_ruleset

DEFAULT_RULESET = "modern-4e"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's arguments: an optional rule-set id or path, and ``--json``."""
    parser.add_argument(
        "name", nargs="?", default=DEFAULT_RULESET, metavar="NAME",
        help=f"a shipped rule set (default {DEFAULT_RULESET}) or the path of a rule-set .toml file",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    parser.add_argument("--list", action="store_true",
                        help="list the installed rule sets (entry-point group kriegsspiel.rulesets) and stop")


def run(args: argparse.Namespace) -> int:
    """Print the rule set (and, as tables, the installed rule sets after it); raises UserError for an unknown
    name or a broken file."""
    if args.list:
        rows = installed_list()
        if args.json:
            print(json.dumps(rows, indent=2))
        else:
            print("\n".join(format_installed(rows)))
        return 0
    from kriegsspiel.core.plugin import find_ruleset

    area = find_ruleset(args.name)
    if area is not None and area.kind != "ruler":  # an area game has no terrain tables: it describes itself
        print(json.dumps(area.describe(), indent=2) if args.json else "\n".join(area.describe_lines()))
        return 0
    ruleset = load_ruleset(args.name)
    if args.json:
        print(json.dumps(ruleset_as_json(ruleset), indent=2))
    else:
        print("\n".join(format_ruleset(ruleset) + ["", *format_installed(installed_list())]))
    return 0


def installed_list() -> dict[str, Any]:
    """The installed rule sets (name -> title, version, entry point) and those that failed to load."""
    from kriegsspiel.core.plugin import installed_rulesets
    from kriegsspiel.core.registry import failures, source

    return {
        "installed": {name: {"title": r.title, "version": r.version, "entry_point": source(name)}
                      for name, r in sorted(installed_rulesets().items())},
        "failed": [f.describe() for f in failures()],
    }


def format_installed(rows: Mapping[str, Any]) -> list[str]:
    """The installed rule sets as a table for people, then one line per rule set that failed to load."""
    table = [[name, r["title"], r["version"], r["entry_point"]] for name, r in rows["installed"].items()]
    out = ["Installed rule sets (kriegsspiel rules NAME prints one)"]
    out += _table(["name", "title", "version", "entry point"], table, right=())
    out += [f"  not loaded: {line}" for line in rows["failed"]]
    return out


# --------------------------------------------------------------------------------------------------------
# JSON


def _plain(value: Any) -> Any:
    """Whole floats as ints (10 rather than 10.0), mappings as dicts, tuples as lists."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def ruleset_as_json(ruleset: RuleBook) -> dict[str, Any]:
    """The whole rule set as plain JSON values; distances in the rule set's unit, angles in degrees.

    ``heading_limit``, ``weight``, ``round_minutes``, a structure's ``max_health``/``max_size``/``hides`` and
    a command's ``damage``/``range`` are null where the rule set gives none; ``hides`` -1 means any number.
    """
    unit_types = {
        type_id: {
            "name": ut.name,
            "theatre": ut.theatre,
            "health": ut.health,
            "move": ut.move,
            "attack": ut.attack,
            "heading_limit": ut.heading_limit,
            "move_and_fire": ut.move_and_fire,
            "movement": ut.movement,
            "hide_terrain": list(ut.hide_terrain),
            "hidden_by_default": ut.hidden_by_default,
            "sight_range": ut.sight_range,
            "weight": ut.weight,
            "land_capacity": ut.land_capacity,
            "air_capacity": ut.air_capacity,
            "commands": {
                command: {"damage": stats.damage, "range": stats.range, **stats.extra}
                for command, stats in ut.commands.items()
            },
        }
        for type_id, ut in ruleset.unit_types.items()
    }
    terrain = {
        tid: {"name": t.name, "speed": t.speed, "hideable": t.hideable, "blocks_sight": t.blocks_sight,
              "water": t.water, "elevation": t.elevation}
        for tid, t in ruleset.terrain.items()
    }
    structures = {
        kind: {"name": s.name, "max_health": s.max_health, "max_size": s.max_size, "hides": s.hides,
               "summary": s.summary}
        for kind, s in ruleset.structures.items()
    }
    return _plain({
        "id": ruleset.id,
        "title": ruleset.title,
        "distance_unit": ruleset.distance_unit,
        "round_minutes": ruleset.round_minutes,
        "unit_types": unit_types,
        "terrain": terrain,
        "speed_tables": ruleset.speed_tables,
        "structures": structures,
        "constants": ruleset.constants,
        "sight": ruleset.sight,
        **classic_json(ruleset),
        **_extras_json(ruleset),
    })


def _extras_json(ruleset: RuleBook) -> dict[str, Any]:
    """The tables only a rule set's package reads that are plain records (the Fourth Edition's
    ``[house_rules]``), by key; V3's combat and orders are shown by ``rules_classic``."""
    return {key: dataclasses.asdict(value) for key, value in ruleset.extras.items()
            if key not in CLASSIC_TABLES and dataclasses.is_dataclass(value) and not isinstance(value, type)}


# --------------------------------------------------------------------------------------------------------
# Tables for people


def _num(value: float | int | None, none: str = "-") -> str:
    if value is None:
        return none
    return f"{value:g}"


def _yes(flag: bool) -> str:
    return "yes" if flag else "-"


def _table(headers: Sequence[str], rows: Iterable[Sequence[str]], right: Iterable[int] = (),
           indent: str = "  ") -> list[str]:
    """Aligned columns; the columns numbered in ``right`` (numbers) are aligned to the right."""
    rows = [list(r) for r in rows]
    widths = [max([len(h), *(len(r[i]) for r in rows)]) for i, h in enumerate(headers)]
    right = set(right)

    def line(cells: Sequence[str]) -> str:
        parts = [c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths))]
        return (indent + "  ".join(parts)).rstrip()

    return [line(headers), line(["-" * w for w in widths]), *(line(r) for r in rows)]


def _hides(ut: UnitType) -> str:
    if ut.hidden_by_default:
        return "hidden by default"
    return ", ".join(ut.hide_terrain) or "-"


def _carry(ut: UnitType) -> str:
    if not (ut.land_capacity or ut.air_capacity):
        return "-"
    return f"{ut.land_capacity} land, {ut.air_capacity} air"


def _stats_extra(extra: Mapping[str, Any]) -> str:
    parts = []
    for key, value in extra.items():
        if key.endswith("_one_in"):
            parts.append(f"{key[: -len('_one_in')].replace('_', ' ')} 1 in {value}")
        else:
            parts.append(f"{key.replace('_', ' ')} {value}")
    return ", ".join(parts) or "-"


def format_ruleset(ruleset: RuleBook) -> list[str]:
    """The rule set as aligned text tables: unit types by theatre, command tables, terrain and speed tables,
    structures, constants and sight."""
    unit = ruleset.distance_unit
    rounds = f"{ruleset.round_minutes} minutes a round" if ruleset.round_minutes else "rounds not timed"
    out = [f"{ruleset.title} ({ruleset.id}): distances in {unit}, angles in degrees, {rounds}"]

    theatres = [t for t in THEATRES if any(ut.theatre == t for ut in ruleset.unit_types.values())]
    for theatre in theatres:
        out += ["", f"Unit types: {theatre}"]
        rows = [
            [ut.id, ut.name, str(ut.health), _num(ut.move), _num(ut.attack or None), _num(ut.heading_limit),
             _yes(ut.move_and_fire), ut.movement, _num(ut.sight_range), _num(ut.weight), _carry(ut), _hides(ut)]
            for ut in ruleset.unit_types.values() if ut.theatre == theatre
        ]
        move = "range" if theatre == "air" else "move"
        out += _table(["id", "name", "health", move, "attack", "heading", "move+fire", "speeds", "sight",
                       "weight", "carries", "hides in"], rows, right=(2, 3, 4, 5, 8, 9))

    for command in ruleset.command_ids():
        users = ruleset.command_users(command)
        ranges = {s.range for s in users.values()}
        if len(ranges) == 1 and all(s.damage is None and not s.extra for s in users.values()):
            reach = "" if None in ranges else f" (within {_num(ranges.pop())})"
            out += ["", f"Command: {command}{reach}: {', '.join(users)}"]
            continue
        out += ["", f"Command: {command}"]
        out += _table(["unit type", "damage", "range", "other"],
                      [[t, _num(s.damage), _num(s.range), _stats_extra(s.extra)] for t, s in users.items()],
                      right=(1, 2))

    out += ["", "Terrain (speed: multiplier by speed table; 0% cannot enter; - ignores roads)"]
    tables = list(ruleset.speed_tables)
    terrain_rows = []
    for tid, t in ruleset.terrain.items():
        speeds = [f"{ruleset.speed_tables[name][tid] * 100:g}%" if tid in ruleset.speed_tables[name] else "-"
                  for name in tables]
        terrain_rows.append([tid, t.name, _yes(t.hideable), _yes(t.blocks_sight), _yes(t.water),
                             _num(t.elevation), *speeds])
    out += _table(["id", "name", "hide", "blocks sight", "water", "elevation", *tables], terrain_rows,
                  right=range(5, 6 + len(tables)))

    out += ["", "Structures"]
    out += _table(["kind", "name", "max health", "max size", "hides", "summary"], [
        [s.id, s.name, _num(s.max_health, "indestructible"), _num(s.max_size, "variable"),
         "any" if s.hides == -1 else _num(s.hides), s.summary]
        for s in ruleset.structures.values()
    ], right=(2, 3, 4))

    out += ["", "Constants"]
    out += _table(["name", "value"], [[k, _num(v)] for k, v in ruleset.constants.items()], right=(1,))
    out += ["", "Sight (elevation levels)"]
    out += _table(["name", "value"], [[k, _num(v)] for k, v in ruleset.sight.items()], right=(1,))
    out += classic_tables(ruleset, _table)
    for key, record in _extras_json(ruleset).items():
        out += ["", f"[{key}] (house rules)" if key == "house_rules" else f"[{key}]"]
        out += _table(["name", "value"], [
            [name, ", ".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value).lower()]
            for name, value in record.items()])
    return out
