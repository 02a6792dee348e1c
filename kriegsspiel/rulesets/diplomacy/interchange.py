"""One phase as JSON in and out: the interchange format (docs/diplomacy.md, "The interchange format").

:func:`run_phase` reads an input record (a dict), adjudicates the phase and returns the output record: the
position at the start of the next phase that needs orders (phases with nothing to do are skipped), the
dislodged units with their retreats, the supply-centre owners and the result words.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from kriegsspiel.errors import UserError
from kriegsspiel.rulesets.diplomacy.adjustments import (
    adjustment_needed, run_adjustments, run_retreats, update_centres,
)
from kriegsspiel.rulesets.diplomacy.airpower import run_air_movement
from kriegsspiel.rulesets.diplomacy.board import ProvinceMap, coast_of, province_of
from kriegsspiel.rulesets.diplomacy.mapfile import centres_problems, resolve_map
from kriegsspiel.rulesets.diplomacy.movement import Dislodged, run_movement
from kriegsspiel.rulesets.diplomacy.orders import Order, OrderError, Refusal, Unit, parse_order
from kriegsspiel.rulesets.diplomacy.wings import AirMap

_PHASE = re.compile(r"^([SFW])(\d{1,5})([MRA])$")


class InputError(UserError):
    """A phase record that cannot be adjudicated; the message names the key and what is wrong."""


def _need(record: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in record:
        raise InputError(f"{where}: missing key '{key}'")
    value = record[key]
    if not isinstance(value, kind):
        raise InputError(f"{where}: '{key}' must be a {kind.__name__}, not {type(value).__name__}")
    return value


def _unit(board: ProvinceMap, raw: Any, where: str) -> Unit:
    if not isinstance(raw, dict):
        raise InputError(f"{where}: a unit is an object with power, type and loc")
    power = str(_need(raw, "power", str, where)).upper()
    kind = str(_need(raw, "type", str, where)).upper()
    loc = str(_need(raw, "loc", str, where)).upper()
    if power not in board.powers:
        raise InputError(f"{where}: unknown power {power} (powers: {', '.join(board.powers)})")
    if kind not in ("A", "F", "W"):
        raise InputError(f"{where}: unit type must be A, F or W, not {kind}")
    prov = province_of(loc)
    if prov not in board.provinces:
        raise InputError(f"{where}: unknown province {prov}")
    if kind == "F":
        if loc not in board.fleet_locations(prov):
            choices = " or ".join(board.fleet_locations(prov)) or "nowhere: it is not on the coast or at sea"
            raise InputError(f"{where}: a fleet cannot stand at {loc} (write {choices})")
    elif not board.is_land(prov) or coast_of(loc) is not None:
        raise InputError(f"{where}: {'an army' if kind == 'A' else 'a wing'} cannot stand at {loc}")
    return Unit(power, kind, loc)


def _units(board: ProvinceMap, raws: Any, where: str) -> list[Unit]:
    if not isinstance(raws, list):
        raise InputError(f"{where}: must be a list of units")
    units = [_unit(board, r, f"{where}[{i}]") for i, r in enumerate(raws)]
    seen: dict[tuple[str, bool], Unit] = {}
    for u in units:
        key = (u.province, u.kind == "W")
        if key in seen:
            raise InputError(f"{where}: two {'wings' if key[1] else 'armies or fleets'} in {u.province}")
        other = seen.get((u.province, not key[1]))
        if other is not None and other.power != u.power:
            raise InputError(f"{where}: {other.power} and {u.power} units stacked in {u.province}; a province "
                             "holds one army or fleet and one wing, of one power")
        seen[key] = u
    return units


def _power_lists(board: ProvinceMap, raw: Any, where: str) -> dict[str, list[str]]:
    if not isinstance(raw, dict):
        raise InputError(f"{where}: must be an object of power -> list of provinces")
    out = {}
    for power, names in raw.items():
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise InputError(f"{where}.{power}: must be a list of province abbreviations")
        out[power.upper()] = [n.upper() for n in names]
    problems = centres_problems(board, out)
    if problems:
        raise InputError(f"{where}: {problems[0]}")
    return out


def _orders(board: ProvinceMap, raw: Any, strict: bool, refused: list[Refusal]) -> dict[str, list[Order]]:
    """The orders of each power, read; an order that cannot be read (malformed, a province the map does not
    have) is refused (``strict``) or listed in ``refused`` and left out (DATC 4.E.1)."""
    if not isinstance(raw, dict):
        raise InputError("orders: must be an object of power -> list of orders")
    out: dict[str, list[Order]] = {}
    for power, lines in raw.items():
        p = str(power).upper()
        if p not in board.powers:
            raise InputError(f"orders: unknown power {power} (powers: {', '.join(board.powers)})")
        if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
            raise InputError(f"orders.{power}: must be a list of orders in standard notation")
        out[p] = []
        for line in lines:
            try:
                out[p].append(parse_order(board, line))
            except OrderError as exc:
                if strict:
                    raise
                refused.append(Refusal(p, line, str(exc).removeprefix(f"order {line!r}: ")))
    return out


def _retreats(board: ProvinceMap, units: list[Unit], unit: Unit, raw: Any, where: str) -> tuple[str, ...]:
    """A dislodged unit's retreats as the input gives them, each checked against the map and the position:
    a place next to it (a fleet's coast where the province has them) that no unit it could not stand with
    holds."""
    if not isinstance(raw, list) or not all(isinstance(r, str) for r in raw):
        raise InputError(f"{where}: 'retreats' must be a list of places")
    if unit.kind == "W":  # a wing retreats one space, to land, where no other power's unit and no wing is
        options = {t for t in AirMap(board).near[unit.province] if board.is_land(t)}
        held = {u.province for u in units if u.power != unit.power or u.kind == "W"}
    else:  # an army or fleet where it could move, where no army or fleet and no other power's wing is
        options = set(board.army_moves(unit.province) if unit.kind == "A" else board.fleet_moves(unit.loc))
        held = {u.province for u in units if u.kind != "W" or u.power != unit.power}
    out: list[str] = []
    for text in raw:
        place = text.upper()
        if unit.kind == "F" and place not in options:
            coasts = [o for o in options if province_of(o) == place]
            place = coasts[0] if len(coasts) == 1 else place
        if place not in options:
            next_to = ", ".join(sorted(options)) or "nowhere"
            raise InputError(f"{where}: {unit.key()} cannot retreat to {text}: it is not a place next to it "
                             f"(next to it: {next_to})")
        if province_of(place) in held:
            raise InputError(f"{where}: {unit.key()} cannot retreat to {text}: a unit stands there")
        out.append(place)
    return tuple(out)


def _unit_json(u: Unit) -> dict[str, str]:
    return {"power": u.power, "type": u.kind, "loc": u.loc}


def _sorted_units(units: list[Unit]) -> list[dict[str, str]]:
    return [_unit_json(u) for u in sorted(units, key=lambda u: (u.power, u.loc, u.kind))]


def run_phase(record: Mapping[str, Any], strict: bool = False) -> dict[str, Any]:
    """Adjudicate one phase given as an interchange record; returns the output record.

    An order that cannot be given (unreadable, for a unit that is not there or another power's, of another
    phase) is ignored as DATC 4.E.1 prefers: the output's ``results`` key it by the order as written with
    ``["void"]`` and ``errors`` lists ``{"power", "order", "reason"}``. With ``strict`` it raises
    :class:`~kriegsspiel.rulesets.diplomacy.orders.OrderError` instead. Raises :class:`InputError` in both
    modes for a missing or malformed key, an unknown power or province, a unit where it cannot stand, a
    retreat the map or the position does not allow: one line naming the key or the order.
    """
    if not isinstance(record, dict):
        raise InputError("the phase must be a JSON object")
    return adjudicate_on(resolve_map(str(record.get("map", "standard"))), record, strict)


def adjudicate_on(board: ProvinceMap, record: Mapping[str, Any], strict: bool = False) -> dict[str, Any]:
    """:func:`run_phase` on ``board``, whatever map the record names (a game's own map, already read)."""
    phase = str(_need(record, "phase", str, "phase record")).upper()
    m = _PHASE.match(phase)
    if not m:
        raise InputError(f"phase: {phase!r} is not a phase like S1901M, F1902R or W1902A")
    season, year, ptype = m.group(1), int(m.group(2)), m.group(3)
    if "phase_type" in record and str(record["phase_type"]).upper() != ptype:
        raise InputError(f"phase_type: {record['phase_type']!r} disagrees with phase {phase}")
    if (season == "W") != (ptype == "A"):
        raise InputError(f"phase: {phase} — adjustments (A) are the winter phase (W) and only it")
    before = _need(record, "before", dict, "phase record")
    units = _units(board, before.get("units", []), "before.units")
    centres = _power_lists(board, before.get("centers", {}), "before.centers")
    homes = (_power_lists(board, before["homes"], "before.homes") if "homes" in before
             else {p: board.home_centres(p) for p in board.powers})
    refused: list[Refusal] = []
    orders = _orders(board, record.get("orders", {}), strict, refused)
    dislodged: list[Dislodged] = []
    start_units = units
    if ptype == "M":
        flying = any(u.kind == "W" for u in units) or any(o.kind == "W" for os in orders.values() for o in os)
        res = (run_air_movement(board, units, orders, centres, strict) if flying
               else run_movement(board, units, orders, strict))
        units, dislodged, results = res.units, [d for d in res.dislodged if d.retreats], res.results
        refused += res.refused
    elif ptype == "R":
        raws = before.get("dislodged", [])
        if not isinstance(raws, list):
            raise InputError("before.dislodged: must be a list of dislodged units")
        for i, raw in enumerate(raws):
            where = f"before.dislodged[{i}]"
            unit = _unit(board, raw, where)
            if any(d.unit.province == unit.province and (d.unit.kind == "W") == (unit.kind == "W") for d in dislodged):
                raise InputError(f"{where}: a second dislodged unit in {unit.province}")
            dislodged.append(Dislodged(unit, _retreats(board, units, unit, raw.get("retreats", []), where)))
        units, results, more = run_retreats(board, units, dislodged, orders, strict)
        refused += more
        dislodged = []
    else:
        units, results, more = run_adjustments(board, units, centres, homes, orders, strict)
        refused += more
    for r in refused:
        results.setdefault(" ".join(r.order.split()), ["void"])

    # Which phase needs orders next: skip retreats without retreats, adjustments without adjustments.
    if ptype == "M" and dislodged:
        next_phase = f"{season}{year}R"
    elif ptype == "A":
        next_phase = f"S{year + 1}M"
    elif season == "S":
        next_phase = f"F{year}M"
    else:
        centres = update_centres(board, units, centres, start_units)
        next_phase = f"W{year}A" if adjustment_needed(units, centres, homes) else f"S{year + 1}M"
    out = {
        "id": record.get("id"),
        "units": _sorted_units(units),
        "dislodged": [
            {**_unit_json(d.unit), "retreats": list(d.retreats)} for d in dislodged
        ],
        "centers": {p: sorted(cs) for p, cs in sorted(centres.items())},
        "phase": next_phase,
        "results": results,
    }
    if refused:
        out["errors"] = [{"power": r.power, "order": r.order, "reason": r.reason} for r in refused]
    return out
