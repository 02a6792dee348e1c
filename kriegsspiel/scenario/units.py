"""The ``[[units]]`` of a scenario and the units drawn on the map's ``units`` layer: ids, types (local
names resolved), sides, positions on terrain their type can stand on."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kriegsspiel.core.battlefield import Battlefield
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.ruleset import Ruleset
from kriegsspiel.core.setup import UnitSetup
from kriegsspiel.scenario.report import Report, is_int, is_number, suggest, table_list


def resolve_type(type_name: str, ruleset: Ruleset, unit_names: Mapping[str, str]) -> str | None:
    """The standard type for a scenario's type name (a local name or a standard one), or None."""
    if type_name in unit_names:
        return unit_names[type_name]
    if type_name in ruleset.unit_types:
        return type_name
    return None


def unknown_type_message(type_name: str, ruleset: Ruleset, unit_names: Mapping[str, str]) -> str:
    """The message for a type the rule set does not know: the known types and the closest one."""
    known = sorted(ruleset.unit_types) + sorted(unit_names)
    return f"unknown unit type {type_name!r}; known: {', '.join(known)}{suggest(type_name, known)}"


def standing_problem(battlefield: Battlefield, ruleset: Ruleset, type_id: str, point: WorldPoint) -> str | None:
    """Why a unit of ``type_id`` cannot stand at ``point``, or None when it can."""
    if not battlefield.contains(point):
        width, height = battlefield.world_size
        return f"off the map (the map spans 0..{width:g} x 0..{height:g} world units)"
    terrain = battlefield.terrain_at(point)
    table = ruleset.speed_table(type_id)
    if battlefield.road_at(point) and table.get("road", 0) > 0:
        return None
    if terrain is not None and table.get(terrain, 0) > 0:
        return None
    return f"{type_id} cannot stand on {terrain}; move it to terrain its type can enter"


def read_units(
    report: Report,
    data: Mapping[str, Any],
    ruleset: Ruleset | None,
    unit_names: Mapping[str, str],
    side_names: list[str],
    battlefield: Battlefield | None,
    declared: dict[str, Any],
) -> list[UnitSetup]:
    """The ``[[units]]``: every problem of every unit is a finding; the good units are returned.

    Every id written down goes into ``declared`` (with its side), so that a player naming a broken unit gets no
    second finding.
    """
    units: list[UnitSetup] = []
    seen: set[str] = set()
    for i, entry in table_list(report, data, "units"):
        unit_id = entry.get("id")
        if not isinstance(unit_id, str) or not unit_id.strip() or any(c.isspace() for c in unit_id) or ">" in unit_id:
            report.add("units", i, "id", f"must be a name without spaces or '>' (e.g. \"va1\"), not {unit_id!r}")
            continue
        if unit_id in seen:
            report.add("units", i, "id", f"duplicate unit id {unit_id!r}; every unit needs its own id")
            continue
        seen.add(unit_id)
        declared[unit_id] = entry.get("side")
        ok = True
        type_name = entry.get("type")
        type_id: str | None = None
        if not isinstance(type_name, str):
            report.add("units", i, "type", f"unit {unit_id!r}: missing; give a unit type of the rule set")
            ok = False
        elif ruleset is not None:
            type_id = resolve_type(type_name, ruleset, unit_names)
            if type_id is None:
                problem = unknown_type_message(type_name, ruleset, unit_names)
                report.add("units", i, "type", f"unit {unit_id!r}: {problem}")
                ok = False
        side = entry.get("side")
        if side not in side_names:
            names = ", ".join(side_names) or "none declared"
            report.add("units", i, "side",
                       f"unit {unit_id!r}: unknown side {side!r}; sides: {names}{suggest(str(side), side_names)}")
            ok = False
        at = entry.get("at")
        point: WorldPoint | None = None
        if isinstance(at, list) and len(at) == 2 and all(is_number(v) for v in at):
            point = WorldPoint(float(at[0]), float(at[1]))
        else:
            report.add("units", i, "at", f"unit {unit_id!r}: must be [x, y] in world units, not {at!r}")
            ok = False
        heading = entry.get("heading")
        if heading is not None and not is_number(heading):
            report.add("units", i, "heading",
                       f"unit {unit_id!r}: must be degrees clockwise from north, not {heading!r}")
            ok = False
        health = entry.get("health")
        if health is not None:
            full = ruleset.unit_types[type_id].health if ruleset is not None and type_id else None
            if not is_int(health) or health < 1 or (full is not None and health > full):
                limit = f"1..{full}" if full is not None else "at least 1"
                report.add("units", i, "health", f"unit {unit_id!r}: must be a whole number {limit}, not {health!r}")
                ok = False
        hidden = entry.get("hidden")
        if hidden is not None and not isinstance(hidden, bool):
            report.add("units", i, "hidden", f"unit {unit_id!r}: must be true or false, not {hidden!r}")
            ok = False
        # Where it stands is checked whatever else is wrong with the unit, so every finding comes at once: the
        # terrain needs the type, being on the map only the point.
        problem = None
        if battlefield is not None and point is not None:
            if ruleset is not None and type_id:
                problem = standing_problem(battlefield, ruleset, type_id, point)
            elif not battlefield.contains(point):
                width, height = battlefield.world_size
                problem = f"off the map (the map spans 0..{width:g} x 0..{height:g} world units)"
            if problem:
                report.add("units", i, "at", f"unit {unit_id!r} at {point.x:g},{point.y:g}: {problem}")
                ok = False
        if ok and type_id and point is not None:
            units.append(UnitSetup(
                id=unit_id, type_id=type_id, side=str(side), position=point,
                heading=None if heading is None else float(heading) % 360.0,
                health=health, hidden=hidden,
                local_name=type_name if type_name != type_id else None,
            ))
    return units


def read_placements(
    report: Report,
    battlefield: Battlefield,
    ruleset: Ruleset | None,
    unit_names: Mapping[str, str],
    side_names: list[str],
    taken: set[str],
    air_theatre: bool,
    map_source: str,
) -> list[UnitSetup]:
    """Units drawn on the map's ``units`` layer join the scenario's; their problems name the map."""
    units: list[UnitSetup] = []
    for placement in battlefield.placements:
        label = f"units layer: unit {placement.name!r}"
        if not placement.name or any(c.isspace() for c in placement.name):
            report.elsewhere(map_source, "units layer: a unit object needs a name without spaces (its id); "
                             f"got {placement.name!r}")
            continue
        if placement.name in taken:
            report.elsewhere(map_source, f"{label}: duplicate unit id (also in the scenario or the map); rename one")
            continue
        taken.add(placement.name)
        if placement.side not in side_names:
            report.elsewhere(map_source, f"{label}: unknown side {placement.side!r}; sides of the scenario: "
                             f"{', '.join(side_names)}{suggest(placement.side, side_names)}")
            continue
        if ruleset is None:
            continue
        type_id = resolve_type(placement.unit_type, ruleset, unit_names)
        if type_id is None:
            report.elsewhere(map_source, f"{label}: {unknown_type_message(placement.unit_type, ruleset, unit_names)}")
            continue
        problem = standing_problem(battlefield, ruleset, type_id, placement.position)
        if problem:
            report.elsewhere(map_source, f"{label} at {placement.position.x:g},{placement.position.y:g}: {problem}")
            continue
        units.append(UnitSetup(
            id=placement.name, type_id=type_id, side=placement.side, position=placement.position,
            heading=placement.heading, health=placement.health, hidden=placement.hidden,
            local_name=placement.unit_type if placement.unit_type != type_id else None,
        ))
    return units
