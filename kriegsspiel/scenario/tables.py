"""The scenario's other tables: the seed, ``[[sides]]``, ``[unit_names]``, ``[[players]]``, ``[[victory]]``."""
from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from kriegsspiel.core.battlefield import Battlefield
from kriegsspiel.core.ruleset import RuleBook
from kriegsspiel.core.state import PlayerSetup, SideSetup, VictorySetup
from kriegsspiel.border import convert_entries, shown
from kriegsspiel.border.scenario_schema import PlayerEntry, ScenarioHead, SideEntry, UnitName, VictoryEntry
from kriegsspiel.scenario.report import Report, suggest, table_list, type_name


VICTORY_KINDS = ("hold", "destroy", "score")


def read_seed(head: ScenarioHead, override: int | None, refused: bool) -> int:
    """The game's seed: a save's (``override``), the scenario's, or one drawn now (0 <= seed < 2^31); 0 when
    the scenario's was refused (its finding is made already)."""
    if override is not None:
        return override
    if refused:
        return 0
    if head.seed is None:
        return secrets.randbelow(2**31)
    return head.seed


def read_sides(report: Report, data: Mapping[str, Any]) -> list[SideSetup]:
    """The ``[[sides]]``: unique names, ``#rrggbb`` colours, warheads >= 0."""
    sides: list[SideSetup] = []
    entries = table_list(report, data, "sides", SideEntry)
    if not entries:
        report.add("sides", None, None, "no [[sides]]; a game needs at least two sides (name, colour)")
    for i, entry, refused in entries:
        name = entry.name
        if name is None or not name.strip():
            if "name" not in refused:
                report.add("sides", i, "name", "missing; every side needs a name")
            continue
        if any(s.name == name for s in sides):
            report.add("sides", i, "name", f"side {name!r} is declared twice")
            continue
        # no colour: "" and the window and the players' pictures pick one by the side's order (a grey for
        # every side made friend and foe look alike)
        sides.append(SideSetup(name=name, colour=entry.colour.lower(), briefing=entry.briefing.strip(),
                               # its nuclear warheads: the Fourth Edition's start reads them (modern_4e/state.py)
                               rule_set_keys=(("warheads", entry.warheads),) if entry.warheads else ()))
    if len(sides) == 1:
        report.add("sides", None, None, "only one side; the other side has nothing to play with", "warning")
    return sides


def read_unit_names(report: Report, data: Mapping[str, Any], ruleset: RuleBook | None) -> dict[str, str]:
    """``[unit_names]``: local name -> standard type of the rule set."""
    table, problems = convert_entries(data.get("unit_names", {}), UnitName)
    if table is None:
        report.add("unit_names", None, None, "must be a table of local name = standard type, not "
                   f"{type_name(data.get('unit_names'))}")
        return {}
    for problem in problems:
        report.add("unit_names", None, problem.key, f"must name a standard unit type (text), not {shown(problem.value)}")
    names: dict[str, str] = {}
    for local, standard in table.items():
        if ruleset is not None and standard not in ruleset.unit_types:
            known = sorted(ruleset.unit_types)
            report.add("unit_names", None, local,
                       f"unknown unit type {standard!r}; known: {', '.join(known)}{suggest(standard, known)}")
            continue
        names[local] = standard
    return names


def read_players(
    report: Report, data: Mapping[str, Any], side_names: list[str], unit_sides: Mapping[str, Any]
) -> list[PlayerSetup]:
    """The ``[[players]]`` (a known side; listed units exist and are the player's side's); without any,
    one player per side who sees with all its units."""
    players: list[PlayerSetup] = []
    entries = table_list(report, data, "players", PlayerEntry,
                         lambda e: f"player {e.name!r}: " if e.name else "")
    for i, entry, refused in entries:
        name = entry.name
        if name is None or not name.strip():
            if "name" not in refused:
                report.add("players", i, "name", "missing; every player needs a name")
            continue
        if any(p.name == name for p in players):
            report.add("players", i, "name", f"player {name!r} is declared twice")
            continue
        side = entry.side
        side_known = side in side_names
        if not side_known and "side" not in refused:
            report.add("players", i, "side", f"player {name!r}: unknown side {side!r}; sides: "
                       f"{', '.join(side_names)}{suggest(str(side), side_names)}")
        if "units" in refused:
            continue
        units = entry.units
        if units == "all":
            if side_known:
                players.append(PlayerSetup(name=name, side=str(side), units=None))
            continue
        ok = True
        for unit_id in units:
            if unit_id not in unit_sides:
                report.add("players", i, "units", f"player {name!r}: unknown unit {unit_id!r}"
                           f"{suggest(unit_id, list(unit_sides))}")
                ok = False
            elif side_known and unit_sides[unit_id] in side_names and unit_sides[unit_id] != side:
                report.add("players", i, "units", f"player {name!r} of {side}: unit {unit_id!r} belongs to "
                           f"{unit_sides[unit_id]}; a player commands only units of their own side")
                ok = False
        if ok and side_known:
            players.append(PlayerSetup(name=name, side=str(side), units=tuple(units)))
    if not entries:
        # Without [[players]], each side is one player who sees with all its units.
        players = [PlayerSetup(name=side, side=side, units=None) for side in side_names]
    return players


def read_victory(
    report: Report, data: Mapping[str, Any], side_names: list[str], battlefield: Battlefield | None
) -> list[VictorySetup]:
    """The ``[[victory]]`` conditions: a known side and kind; a hold zone that the map has; a score in (0, 100]."""
    conditions: list[VictorySetup] = []
    for i, entry, refused in table_list(report, data, "victory", VictoryEntry):
        ok = not refused
        side, kind, zone = entry.side, entry.kind, entry.zone
        if side not in side_names and "side" not in refused:
            report.add("victory", i, "side", f"unknown side {side!r}; sides: {', '.join(side_names)}"
                       f"{suggest(str(side), side_names)}")
            ok = False
        if kind is None and "kind" not in refused:
            report.add("victory", i, "kind", f"must be one of {', '.join(VICTORY_KINDS)}, not None")
            ok = False
        # a zone is checked also when the kind is misspelt (it was surely meant for "hold"): all findings at once
        if (kind == "hold" or (kind is None and zone is not None)) and "zone" not in refused:
            if zone is None:
                report.add("victory", i, "zone", "a \"hold\" condition needs the name of a zone of the map")
                ok = False
            elif battlefield is not None and battlefield.zone(zone) is None:
                zones = [z.name for z in battlefield.zones]
                report.add("victory", i, "zone", f"the map has no zone {zone!r}; its zones: "
                           f"{', '.join(zones) or 'none'}{suggest(zone, zones)}")
                ok = False
        if kind == "score" and entry.score is None and "score" not in refused:
            report.add("victory", i, "score", "a \"score\" condition needs a percentage 0 < score <= 100, not None")
            ok = False
        if ok and kind is not None and side is not None:
            conditions.append(VictorySetup(side=side, kind=kind, zone=zone, by_round=entry.by_round,
                                           score=entry.score))
    return conditions
