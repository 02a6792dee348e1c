"""The ``[[units]]`` of a scenario and the units drawn on the map's ``units`` layer: ids, types (local
names resolved), sides, positions on terrain their type can stand on, units that start aboard a ship or plane
or in the air."""
from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from typing import Any

from kriegsspiel.core.battlefield import Battlefield
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.ruleset import RuleBook, UnitType, terrain_speed
from kriegsspiel.core.state import UnitSetup
from kriegsspiel.border.scenario_schema import UnitEntry
from kriegsspiel.scenario.report import Report, suggest, table_list, unit_indexes


def resolve_type(type_name: str, ruleset: RuleBook, unit_names: Mapping[str, str]) -> str | None:
    """The standard type for a scenario's type name (a local name or a standard one), or None."""
    if type_name in unit_names:
        return unit_names[type_name]
    if type_name in ruleset.unit_types:
        return type_name
    return None


def unknown_type_message(type_name: str, ruleset: RuleBook, unit_names: Mapping[str, str]) -> str:
    """The message for a type the rule set does not know: the known types and the closest one."""
    known = sorted(ruleset.unit_types) + sorted(unit_names)
    return f"unknown unit type {type_name!r}; known: {', '.join(known)}{suggest(type_name, known)}"


def standing_problem(battlefield: Battlefield, ruleset: RuleBook, type_id: str, point: WorldPoint) -> str | None:
    """Why a unit of ``type_id`` cannot stand at ``point``, or None when it can."""
    if not battlefield.contains(point):
        width, height = battlefield.world_size
        return f"off the map (the map spans 0..{width:g} x 0..{height:g} world units)"
    terrain = battlefield.terrain_at(point)
    table = ruleset.speed_table(type_id)
    if battlefield.road_at(point) and table.get("road", 0) > 0:
        return None
    if terrain is not None and terrain_speed(table, terrain) > 0:
        return None
    return f"{type_id} cannot stand on {terrain}; move it to terrain its type can enter"


def read_units(
    report: Report,
    data: Mapping[str, Any],
    ruleset: RuleBook | None,
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
    for i, entry, refused in table_list(report, data, "units", UnitEntry,
                                        lambda e: f"unit {e.id!r}: " if e.id else ""):
        unit_id = entry.id
        if unit_id is None:
            if "id" not in refused:
                report.add("units", i, "id", "must be a name without spaces or '>' (e.g. \"va1\"), not None")
            continue
        if unit_id in seen:
            report.add("units", i, "id", f"duplicate unit id {unit_id!r}; every unit needs its own id")
            continue
        seen.add(unit_id)
        declared[unit_id] = entry.side
        ok = not refused
        type_name = entry.type
        type_id: str | None = None
        if type_name is None:
            if "type" not in refused:
                report.add("units", i, "type", f"unit {unit_id!r}: missing; give a unit type of the rule set")
            ok = False
        elif ruleset is not None:
            type_id = resolve_type(type_name, ruleset, unit_names)
            if type_id is None:
                unknown = unknown_type_message(type_name, ruleset, unit_names)
                report.add("units", i, "type", f"unit {unit_id!r}: {unknown}")
                ok = False
        side = entry.side
        if side not in side_names and "side" not in refused:
            names = ", ".join(side_names) or "none declared"
            report.add("units", i, "side",
                       f"unit {unit_id!r}: unknown side {side!r}; sides: {names}{suggest(str(side), side_names)}")
            ok = False
        aboard = entry.aboard
        airborne = entry.airborne
        if airborne and ruleset is not None and type_id and (grounded := airborne_problem(ruleset, type_id)):
            report.add("units", i, "airborne", f"unit {unit_id!r}: {grounded}")
            ok = False
        at = entry.at
        point: WorldPoint | None = None
        if aboard is not None:
            if at is not None:
                report.add("units", i, "at", f"unit {unit_id!r} is aboard {aboard!r}: leave at out, a unit aboard "
                           "stands where its carrier does")
                ok = False
            point = _ABOARD  # replaced by the carrier's position in place_aboard
        elif at is not None:
            point = WorldPoint(at[0], at[1])
        elif not {"at", "aboard"} & refused:  # a broken at or aboard has its finding: no second one
            report.add("units", i, "at", f"unit {unit_id!r}: must be [x, y] in world units, not None (a unit that "
                       "starts aboard a ship or plane gives aboard = \"ID\" instead)")
            ok = False
        heading = entry.heading
        health = entry.health
        if health is not None and ruleset is not None and type_id:
            full = ruleset.unit_types[type_id].health
            if health > full:
                report.add("units", i, "health", f"unit {unit_id!r}: must be a whole number 1..{full}, not {health!r}")
                ok = False
        # Where it stands is checked whatever else is wrong with the unit, so every finding comes at once: the
        # terrain needs the type, being on the map only the point.
        problem: str | None = None
        if battlefield is not None and point is not None and point is not _ABOARD:
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
                heading=None if heading is None else heading % 360.0,
                health=health, hidden=entry.hidden,
                local_name=type_name if type_name != type_id else None,
                aboard=aboard if point is _ABOARD else None,
                # a plane that starts in the air: the Fourth Edition's start reads it (modern_4e/state.py)
                rule_set_keys=(("airborne", True),) if airborne else (),
            ))
    return units


#: The position of a unit aboard until :func:`place_aboard` gives it its carrier's (never leaves the loader).
_ABOARD = WorldPoint(math.nan, math.nan)


def _capacity(ruleset: RuleBook, carrier_type: UnitType, theatre: str) -> tuple[int, str]:
    """The weight of ``theatre`` units (army or air) a carrier type takes aboard, and the rule set's name for it."""
    if carrier_type.theatre == "navy":
        if theatre == "army":
            return carrier_type.land_capacity, "land_capacity"
        if theatre == "air":
            return carrier_type.air_capacity, "air_capacity"
    if carrier_type.theatre == "air" and theatre == "army" and carrier_type.can("airlift"):
        return int(carrier_type.commands["airlift"].extra["capacity"]), "airlift capacity"
    return 0, ""


def _carriers_of(ruleset: RuleBook, theatre: str) -> str:
    """The unit types that can carry units of ``theatre``, for a message."""
    return ", ".join(t for t, ut in ruleset.unit_types.items() if _capacity(ruleset, ut, theatre)[0] > 0) or "none"


#: Why a plane aboard a carrier may not start ``airborne`` as well.
ON_DECK = "a plane aboard a carrier is on its deck; leave airborne out (or aboard)"


def airborne_problem(ruleset: RuleBook, type_id: str) -> str | None:
    """Why a unit of ``type_id`` may not start in the air (``airborne = true``), or None: only aircraft do."""
    if ruleset.unit_types[type_id].theatre != "air":
        return f"only aircraft start in the air; {type_id} is not an aircraft"
    return None


def can_carry(ruleset: RuleBook, type_id: str) -> bool:
    """Whether a unit of ``type_id`` may have units aboard at the start (land units or aircraft, by weight)."""
    carrier_type = ruleset.unit_types[type_id]
    return any(_capacity(ruleset, carrier_type, theatre)[0] > 0 for theatre in ("army", "air"))


def can_be_carried(ruleset: RuleBook, type_id: str) -> bool:
    """Whether a unit of ``type_id`` may start aboard another (the rule set gives it a weight)."""
    unit_type = ruleset.unit_types[type_id]
    return unit_type.weight is not None and unit_type.theatre in ("army", "air")


def aboard_findings(units: Sequence[UnitSetup], ruleset: RuleBook | None, declared: Mapping[str, Any] | None = None
                    ) -> tuple[list[UnitSetup], list[tuple[str, str, str]]]:
    """The loader's check of ``aboard`` and ``airborne`` over ``units`` in their order: the units placed (a unit
    aboard where its carrier stands) and, for each unit that cannot go aboard, (its id, the key at fault, why).
    A carrier written down (in ``declared``) but broken has its own finding, so its passengers get none."""
    by_id = {u.id: u for u in units}
    loaded: dict[tuple[str, str], int] = {}
    placed: list[UnitSetup] = []
    refused: list[tuple[str, str, str]] = []
    for unit in units:
        if unit.aboard is None:
            placed.append(unit)
            continue
        if unit.aboard not in by_id and unit.aboard in (declared or {}):
            continue
        problem, key = _aboard_problem(unit, by_id, ruleset, loaded), "aboard"
        if problem is None and unit.key("airborne", False):
            problem, key = ON_DECK, "airborne"
        if problem is not None:
            refused.append((unit.id, key, problem))
            continue
        placed.append(dataclasses.replace(unit, position=by_id[unit.aboard].position))
    return placed, refused


def boarding_problem(units: Sequence[UnitSetup], ruleset: RuleBook | None, unit_id: str) -> str | None:
    """Why ``units`` cannot start as given, as far as ``unit_id`` is concerned: the loader's findings on it and
    on the units aboard it, with those checked last (so a carrier's capacity is first spent on the others), or
    None. For the set-up mode, before it puts a unit aboard, takes one off or changes a side."""
    mine = {unit_id} | {u.id for u in units if u.aboard == unit_id}
    ordered = [u for u in units if u.id not in mine] + [u for u in units if u.id == unit_id] + \
        [u for u in units if u.id in mine and u.id != unit_id]
    _, refused = aboard_findings(ordered, ruleset)
    return next((problem if found == unit_id else f"{found}: {problem}"
                 for found, _, problem in refused if found in mine), None)


def place_aboard(report: Report, data: Mapping[str, Any], units: list[UnitSetup], ruleset: RuleBook | None,
                 declared: Mapping[str, Any]) -> list[UnitSetup]:
    """Units with ``aboard = "ID"`` start carried by that ship or plane, where it stands: a land unit aboard a
    ship with a land capacity or a plane with an airlift row, an aircraft aboard a ship with an air capacity, up
    to those capacities by weight. Every mistake is a finding on the unit's ``aboard`` (or ``airborne``) key; the
    units that cannot go aboard are left out. A carrier may come from the map's units layer; one written down
    (in ``declared``) but broken has its own finding, so its passengers get none."""
    index_of = unit_indexes(data)
    placed, refused = aboard_findings(units, ruleset, declared)
    for unit_id, key, problem in refused:
        report.add("units", index_of.get(unit_id), key, f"unit {unit_id!r}: {problem}")
    return placed


def _aboard_problem(unit: UnitSetup, by_id: Mapping[str, UnitSetup], ruleset: RuleBook | None,
                    loaded: dict[tuple[str, str], int]) -> str | None:
    """Why ``unit`` cannot start aboard its ``aboard``; None when it can (its weight is then added to
    ``loaded``, per carrier and theatre)."""
    carrier_id = str(unit.aboard)
    carrier = by_id.get(carrier_id)
    if carrier is None or carrier.id == unit.id:
        known = sorted(u for u in by_id if u != unit.id)
        return f"no unit {carrier_id!r} to be aboard{suggest(carrier_id, known)}; give the id of a ship or plane"
    if carrier.aboard is not None:
        return f"{carrier_id} is itself aboard {carrier.aboard}; a unit aboard carries no others"
    if carrier.side != unit.side:
        return f"{carrier_id} belongs to {carrier.side}, {unit.id} to {unit.side}"
    if ruleset is None:
        return None
    unit_type, carrier_type = ruleset.unit_types[unit.type_id], ruleset.unit_types[carrier.type_id]
    if unit_type.weight is None or unit_type.theatre not in ("army", "air"):
        return f"{unit.type_id} cannot be carried (the rule set gives it no weight)"
    capacity, name = _capacity(ruleset, carrier_type, unit_type.theatre)
    what = "land units" if unit_type.theatre == "army" else "aircraft"
    if capacity <= 0:
        return (f"{carrier_id} ({carrier.type_id}) carries no {what}; types that do: "
                f"{_carriers_of(ruleset, unit_type.theatre)}")
    before = loaded.get((carrier_id, unit_type.theatre), 0)
    if before + unit_type.weight > capacity:
        return (f"{carrier_id} ({carrier.type_id}) carries {what} of weight {capacity} ({name}); {before} is aboard "
                f"already and {unit.type_id} weighs {unit_type.weight}")
    loaded[(carrier_id, unit_type.theatre)] = before + unit_type.weight
    return None


def read_placements(
    report: Report,
    battlefield: Battlefield,
    ruleset: RuleBook | None,
    unit_names: Mapping[str, str],
    side_names: list[str],
    taken: set[str],
    air_theatre: bool,
    map_source: str,
) -> list[UnitSetup]:
    """Units drawn on the map's ``units`` layer join the scenario's. Each problem names the map, the object as
    Tiled shows it (id, name, layer) and its line in the .tmx, and what to change in Tiled."""
    units: list[UnitSetup] = []
    for placement in battlefield.placements:
        label = placement.tiled_label()

        def report_map(problem: str) -> None:
            report.elsewhere(map_source, f"{label}: {problem}", line=placement.line)

        if not placement.object_name and placement.object_id:
            report_map("a unit needs a name, its id in the game (e.g. va1); give the object a Name in Tiled")
            continue
        if not placement.name or any(c.isspace() for c in placement.name):
            report_map(f"a unit's name is its id in the game and may not hold spaces, got {placement.name!r}; "
                       "rename the object in Tiled (e.g. 1st-foot)")
            continue
        if placement.name in taken:
            report_map(f"the unit id {placement.name!r} is taken (by a [[units]] entry or another object); "
                       "rename one of them")
            continue
        taken.add(placement.name)
        if placement.side not in side_names:
            report_map(f"unknown side {placement.side!r}{suggest(placement.side, side_names)}; set the object's "
                       f"'side' property in Tiled to a side of the scenario: {', '.join(side_names)}")
            continue
        if ruleset is None:
            continue
        type_id = resolve_type(placement.unit_type, ruleset, unit_names)
        if type_id is None:
            report_map(f"{unknown_type_message(placement.unit_type, ruleset, unit_names)}; set the object's "
                       "'unit_type' property in Tiled to one of them, or name it in the scenario's [unit_names]")
            continue
        problem = standing_problem(battlefield, ruleset, type_id, placement.position)
        if problem:
            fix = "drag the object onto the map in Tiled" if not battlefield.contains(placement.position) else \
                "drag the object in Tiled"
            report_map(f"at {placement.position.x:g},{placement.position.y:g}: {problem}; {fix}")
            continue
        units.append(UnitSetup(
            id=placement.name, type_id=type_id, side=placement.side, position=placement.position,
            heading=placement.heading, health=placement.health, hidden=placement.hidden,
            local_name=placement.unit_type if placement.unit_type != type_id else None,
        ))
    return units
