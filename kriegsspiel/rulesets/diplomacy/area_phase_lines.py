"""Whole games as JSON Lines of the interchange format, one phase a line (``kriegsspiel replay --phases`` writes
them, ``kriegsspiel import-phases`` reads them; docs/diplomacy.md, "Whole games in and out").

A line is the phase's input record (``id`` the phase, ``map``, ``phase``, ``phase_type``, ``before`` with the
units, the dislodged units and their retreats in a retreat phase, the centre owners and the home centres, and
the ``orders`` given), then ``results`` (and ``errors``) as :func:`run_phase` gives them, and ``after``: the
next phase that needs orders with its units, dislodged units and centre owners. So every line is also an input
of ``kriegsspiel adjudicate``, whose output it can be checked against.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kriegsspiel.core.area import AreaPosition, AreaUnit
from kriegsspiel.errors import UserError
from kriegsspiel.rulesets.diplomacy.area_position import PHASE_RE, centres_of, dislodged_units, homes_of, on_board
from kriegsspiel.rulesets.diplomacy.board import ProvinceMap
from kriegsspiel.rulesets.diplomacy.interchange import adjudicate_on
from kriegsspiel.rulesets.diplomacy.mapfile import standard_map


def _shape(board: ProvinceMap) -> tuple[Any, ...]:
    """What adjudication depends on (names of provinces aside)."""
    provinces = {a: (p.kind, p.supply_centre, p.home, p.coasts) for a, p in board.provinces.items()}
    return board.powers, provinces, board.army_adj, board.fleet_adj


def map_name(board: ProvinceMap, map_ref: str) -> str:
    """``standard`` for the standard board (whatever file it was drawn in), else the game's map file."""
    return "standard" if _shape(board) == _shape(standard_map()) else map_ref


def _units(units: Sequence[AreaUnit]) -> list[dict[str, str]]:
    return [{"power": u.power, "type": u.kind, "loc": u.where}
            for u in sorted(units, key=lambda u: (u.power, u.where, u.kind))]


def _dislodged(units: Sequence[AreaUnit]) -> list[dict[str, Any]]:
    return [{**one, "retreats": list(u.details.get("retreats", ()))}
            for one, u in zip(_units(units), sorted(units, key=lambda u: (u.power, u.where, u.kind)))]


def _centres(position: AreaPosition) -> dict[str, list[str]]:
    return {p: sorted(cs) for p, cs in sorted(centres_of(position).items())}


def phase_line(board: ProvinceMap, position: AreaPosition, orders: Mapping[str, Sequence[str]],
               after: AreaPosition, map_ref: str) -> dict[str, Any]:
    """The line of one resolved phase: ``position`` with ``orders`` (power -> orders in the order given),
    ``after`` the game's next position. Raises UserError when our adjudication of the record reaches another
    next position than the game did (a bug of ours: both are the same adjudicator)."""
    before: dict[str, Any] = {"units": _units(on_board(position))}
    if position.phase.endswith("R"):
        before["dislodged"] = _dislodged(dislodged_units(position))
    before["centers"] = _centres(position)
    before["homes"] = {p: list(cs) for p, cs in sorted(homes_of(position).items())}
    record: dict[str, Any] = {
        "id": position.phase, "map": map_name(board, map_ref), "phase": position.phase,
        "phase_type": position.phase[-1], "before": before,
        "orders": {p: list(os) for p, os in sorted(orders.items()) if os},
    }
    out = adjudicate_on(board, record)
    next_position = {"phase": after.phase, "units": _units(on_board(after)),
                     "dislodged": _dislodged(dislodged_units(after)), "centers": _centres(after)}
    ours = {"phase": out["phase"], "units": out["units"], "centers": out["centers"],
            "dislodged": sorted(out["dislodged"], key=lambda d: (d["power"], d["loc"], d["type"]))}
    if ours != next_position:
        raise UserError(f"phase {position.phase}: the game went on to {after.phase} but the adjudicator's record "
                        f"gives another next position ({out['phase']}); please report it")
    line = {**record, "results": out["results"]}
    if "errors" in out:
        line["errors"] = out["errors"]
    line["after"] = next_position
    return line


def _need(raw: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    value = raw.get(key)
    if not isinstance(value, kind):
        raise UserError(f"{where}: '{key}' must be a{'n' if kind is dict else ''} {'object' if kind is dict else kind.__name__}")
    return value


def read_phase_line(line: Mapping[str, Any], source: str) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """The ``[setup]`` of a game starting at a line's position (movement or adjustments: a game cannot start
    with units dislodged) and the line's orders by power. Raises UserError naming ``source`` and the key."""
    if not isinstance(line, Mapping):
        raise UserError(f"{source}: a phase line is a JSON object")
    phase = str(_need(line, "phase", str, source)).upper()
    if not PHASE_RE.match(phase):
        raise UserError(f"{source}: 'phase': {phase!r} is not a phase like S1901M, F1902R or W1902A")
    before = _need(line, "before", dict, source)
    units: dict[str, list[str]] = {}
    raw_units = _need(before, "units", list, f"{source}: before")
    for i, raw in enumerate(raw_units):
        if not isinstance(raw, dict) or not all(isinstance(raw.get(k), str) for k in ("power", "type", "loc")):
            raise UserError(f"{source}: before.units[{i}]: a unit is an object with power, type and loc")
        units.setdefault(raw["power"].upper(), []).append(f"{raw['type'].upper()} {raw['loc'].upper()}")
    centres = before.get("centers", {})
    if not isinstance(centres, dict) or not all(isinstance(v, list) for v in centres.values()):
        raise UserError(f"{source}: before.centers: an object of power -> list of provinces")
    orders = line.get("orders", {})
    if not isinstance(orders, dict) or not all(
            isinstance(v, list) and all(isinstance(o, str) for o in v) for v in orders.values()):
        raise UserError(f"{source}: orders: an object of power -> list of orders in standard notation")
    wings = any(kind == "W" for us in units.values() for kind in (u.split()[0] for u in us)) or any(
        o.strip().upper().startswith("W ") for os in orders.values() for o in os)
    setup = {"phase": phase, "units": units, "centres": {str(p).upper(): list(cs) for p, cs in centres.items()},
             "air_power": wings}
    return setup, {str(p).upper(): list(os) for p, os in orders.items()}
