"""Movement measured over the terrain: speed fields, exact path costs, reachable areas and cheapest paths.

The cost of a path is the sum, over the terrain it crosses, of (length / speed multiplier) (docs/rulings.md,
"Terrain"). Distances, costs and allowances are world units; positions are continuous world points, not
tile centres. The method (docs/movement.md):

- ``speed_field``: the unit's speed table looked up per raster cell; a road replaces the terrain's multiplier
  when the table has a "road" entry; 0 = cannot enter.
- ``path_cost``: the exact cost of a polyline, walking each segment through the cells it crosses.
- ``cost_field``: a Dijkstra over cell centres in a window around the origin (so the time does not depend on
  the map's size), with a 32-neighbour stencil whose edges cost their exact segment cost.
- ``cheapest_path``: the lattice path to a continuous target, then string-pulled and refined vertex by vertex
  so that it runs straight where the terrain is uniform and meets a road at the best angle, then searched
  again on finer cells in a corridor around it. Its reported cost is the exact cost of the reported path,
  and never above the lattice cost shown as reachable.
- ``check_move``: the legality of a move and, when refused, the reason in words; ``in_range`` and
  ``range_reason`` for straight-line ranges.

The engine lives in ``movement_field`` (speed fields, costs, the cost field) and ``movement_path`` (cheapest
paths); this module holds the rules (legality and ranges) and gathers the whole API. The heavy loops live in
the C extension ``_lattice``; ``movement_reference`` is the same in pure Python and stands in when the
extension cannot be imported.
"""
from __future__ import annotations

import math
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from kriegsspiel.core.battlefield import Battlefield, TerrainRaster
from kriegsspiel.core.geometry import WorldPoint, bearing, distance, format_point, heading_change
from kriegsspiel.core.movement._field import (
    COST_TOLERANCE,
    KERNEL,
    CostField,
    _fastest,
    _on_map,
    bounded_field,
    cost_field,
    path_cost,
    segment_cost,
    speed_field,
)
from kriegsspiel.core.movement._path import PathResult, cheapest_path, terrain_along
from kriegsspiel.core.ruleset import RuleBook

__all__ = [
    "COST_TOLERANCE",
    "KERNEL",
    "CostField",
    "MoveVerdict",
    "PathResult",
    "check_move",
    "cheapest_path",
    "command_range",
    "cost_field",
    "in_range",
    "path_cost",
    "range_check",
    "range_reason",
    "segment_cost",
    "speed_field",
    "terrain_along",
]


# ------------------------------------------------------------------------------------------------ legality


@dataclass(frozen=True, slots=True)
class MoveVerdict:
    """Whether a unit may move from its position to a target this turn, and why not.

    ``cost`` is the exact cost of ``path`` (world units; inf when there is no path), ``distance`` the
    straight-line distance, ``allowance`` the allowance left before the move. ``path`` runs from the origin to
    the target (empty when there is none). ``reason`` is None when legal, else a sentence for the umpire.
    """

    legal: bool
    cost: float
    distance: float
    allowance: float
    path: tuple[WorldPoint, ...]
    reason: str | None


def check_move(
    battlefield: Battlefield,
    ruleset: RuleBook,
    unit_type_id: str,
    origin: WorldPoint,
    target: WorldPoint,
    *,
    allowance_left: float,
    heading: float | None = None,
    fired_this_turn: bool = False,
    heading_changed_this_turn: bool = False,
    field: CostField | None = None,
) -> MoveVerdict:
    """Judge a move of a unit of type ``unit_type_id`` from ``origin`` to ``target`` (world units).

    ``allowance_left`` is what is left of the unit's move this turn (several moves draw on one allowance);
    ``heading`` is a ship's heading in degrees when its turn began (the limit holds for the whole turn: docs/rulings.md
    "Heading limits"; None: no heading yet, any bearing is allowed), and every leg of the path must stay within
    the limit of it. Checks,
    in order: move-and-fire, a heading change this turn, the map's edge, the ship's heading limit (docs/rulings.md),
    the terrain under the unit and at the target, then the cost of the cheapest path against the allowance.
    ``field`` is a :func:`cost_field` for this unit at ``origin`` to reuse while dragging; one is computed
    when it is None or does not fit. Raises KeyError (with the known ids) for an unknown unit type.
    """
    unit = ruleset.unit_type(unit_type_id)
    span = distance(origin, target)

    def refuse(reason: str, cost: float = math.inf, path: tuple[WorldPoint, ...] = ()) -> MoveVerdict:
        return MoveVerdict(False, cost, span, allowance_left, path, reason)

    if fired_this_turn and not unit.move_and_fire:
        return refuse(f"{unit_type_id} fired this turn and cannot move and fire")
    if heading_changed_this_turn:
        return refuse("the ship changed heading this turn and may not move")
    raster = battlefield.raster()
    if not (_on_map(raster, target) and _on_map(raster, origin)):
        return refuse("off the map")
    if span == 0.0:
        return MoveVerdict(True, 0.0, 0.0, allowance_left, (origin,), None)
    if unit.heading_limit is not None and heading is not None:
        turn = heading_change(heading, bearing(origin, target))
        if turn > unit.heading_limit + 1e-9:
            return refuse(
                f"{unit_type_id} may turn at most {_number(unit.heading_limit)} deg in a turn; "
                f"this move turns {_number(turn)} deg from {_number(heading)} deg, its heading when the turn began"
            )
    table = ruleset.speed_table(unit_type_id)
    speeds = speed_field(raster, table)
    if _standing_speed(speeds, raster.cell_size, origin) <= 0.0:
        label = _label(raster, table, *raster.cell_of(origin))
        return refuse(f"{unit_type_id} stands on {label}, which it cannot enter")
    if _standing_speed(speeds, raster.cell_size, target) <= 0.0:
        label = _label(raster, table, *raster.cell_of(target))
        return refuse(f"{label}: {unit_type_id} cannot enter {label}")
    if (
        field is None
        or field.speeds is not speeds
        or field.origin != origin
        or field.raster is not raster
        or field.toward not in (None, target)
    ):
        # only the path to this target is asked for: the field bounded towards it gives the whole field's answer
        field = bounded_field(raster, speeds, origin, target, allowance_left)
    result = cheapest_path(field, target)
    if not result.reachable:
        result = _search_further(raster, speeds, origin, target, allowance_left, field.search_limit)
    if not result.reachable:
        crossed = terrain_along(raster, speeds, table, (origin, target))
        blocking = [label for label, _, cost in crossed if cost == math.inf]
        if blocking:
            what = _join(blocking)
            return refuse(f"no way there: {what} in the way, and {unit_type_id} cannot enter {what}")
        return refuse(f"no way there for {unit_type_id} within reach")
    limit = allowance_left + COST_TOLERANCE * max(1.0, abs(allowance_left))
    if result.cost > limit:
        cost_text, left_text = _number_pair(result.cost, allowance_left)
        if unit.theatre == "air":
            # aircraft fly over the terrain: naming the plains and roads below would suggest they slow it down
            what = "the flight costs"
        else:
            labels = [label for label, _, _ in terrain_along(raster, speeds, table, result.points)]
            shown = labels[:3] + (["other terrain"] if len(labels) > 3 else [])
            what = f"{_join(shown)} {'costs' if len(shown) == 1 else 'cost'}"
        return refuse(f"{what} {cost_text}, {unit_type_id} has {left_text} left", result.cost, result.points)
    if unit.heading_limit is not None and heading is not None:
        for a, b in zip(result.points, result.points[1:]):
            turn = heading_change(heading, bearing(a, b))
            if distance(a, b) > 1e-9 and turn > unit.heading_limit + 1e-9:
                return refuse(
                    f"{unit_type_id} may turn at most {_number(unit.heading_limit)} deg in a turn; the way there "
                    f"has a leg from {format_point(a)} that turns {_number(turn)} deg from {_number(heading)} deg, "
                    "its heading when the turn began", result.cost, result.points)
    return MoveVerdict(True, result.cost, span, allowance_left, result.points, None)


def _search_further(
    raster: TerrainRaster,
    speeds: np.ndarray,
    origin: WorldPoint,
    target: WorldPoint,
    allowance: float,
    searched: float,
) -> PathResult:
    """The cheapest path beyond the allowance, so that a refusal can say what the move would cost.

    The straight line's cost bounds the best path from above, so one search up to it (aimed at the target)
    finds the best path. When the straight line is blocked, search aimed at the target with a limit that
    doubles from twice the fastest straight crossing up to four times the slowest, within a bounded window.
    """
    straight = path_cost(raster, speeds, (origin, target))
    fastest = _fastest(speeds)
    if fastest <= 0.0:
        return PathResult(math.inf, ())
    if math.isfinite(straight):
        limits = [straight]
    else:
        slowest = _slowest(speeds)
        span = distance(origin, target)
        # bound the window: a refusal must stay quick while the umpire drags
        ceiling = min(4.0 * span / slowest, _FURTHEST_SEARCH_CELLS * raster.cell_size / fastest)
        limits = []
        limit = max(2.0 * span / fastest, searched)
        while limit < ceiling:
            limits.append(limit)
            limit *= 2.0
        limits.append(ceiling)
    for limit in limits:
        if limit <= searched:
            continue
        result = cheapest_path(cost_field(raster, speeds, origin, allowance, search_limit=limit, toward=target), target)
        if result.reachable:
            return result
    return PathResult(math.inf, ())


_slowest_cache: dict[int, tuple[weakref.ref[np.ndarray], float]] = {}


def _slowest(speeds: np.ndarray) -> float:
    """The smallest positive multiplier of a speed field (cached: on a big map the scan takes longer than a frame
    of a drag, and every refused move whose straight line is blocked asks for it)."""
    entry = _slowest_cache.get(id(speeds))
    if entry is not None and entry[0]() is speeds:
        return entry[1]
    positive = speeds[speeds > 0.0]
    slowest = float(positive.min()) if positive.size else 0.0
    key = id(speeds)
    _slowest_cache[key] = (weakref.ref(speeds, lambda _ref: _slowest_cache.pop(key, None)), slowest)
    return slowest


# The widest search (in cells from the origin) made to explain a refusal whose straight line is blocked.
_FURTHEST_SEARCH_CELLS = 400


def _standing_speed(speeds: np.ndarray, cell_size: float, point: WorldPoint) -> float:
    """The speed multiplier where a unit stands at ``point`` (world units): its cell's, and on a grid line or
    a cell corner the fastest of the cells it touches (as :func:`path_cost` prices a move along the line: a
    unit on the edge of a bridge or a bank stands on the side it can enter). 0 off the map."""
    rows, cols = speeds.shape
    x, y = point.x / cell_size, point.y / cell_size
    col, row = math.floor(x), math.floor(y)
    best = 0.0
    for c in (col, col - 1) if x == col else (col,):
        for r in (row, row - 1) if y == row else (row,):
            if 0 <= c < cols and 0 <= r < rows:
                best = max(best, float(speeds[r, c]))
    return best


def _label(raster: TerrainRaster, table: Mapping[str, float], col: int, row: int) -> str:
    if raster.road[row, col] and "road" in table:
        return "road"
    return raster.terrain_ids[int(raster.terrain[row, col])]


def _join(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _number(value: float, decimals: int = 1) -> str:
    text = f"{value:.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _number_pair(cost: float, allowance: float) -> tuple[str, str]:
    """Cost and allowance with just enough decimals that a refused cost never reads as equal to the allowance."""
    for decimals in (1, 2, 3, 4, 6):
        a, b = _number(cost, decimals), _number(allowance, decimals)
        if a != b:
            return a, b
    return a, b


# --------------------------------------------------------------------------------------------------- ranges


def in_range(a: WorldPoint, b: WorldPoint, range_: float) -> bool:
    """True when ``b`` lies within ``range_`` world units of ``a`` (straight-line distance, edge included)."""
    return distance(a, b) <= range_ + 1e-9 * max(1.0, abs(range_))


def range_reason(a: WorldPoint, b: WorldPoint, range_: float, what: str) -> str | None:
    """None when ``b`` is within ``range_`` of ``a``; else e.g. "target is 12.3 away; fire range is 10".

    ``what`` names the range: the command word of the order that reaches.
    """
    if in_range(a, b, range_):
        return None
    away, reach = _number_pair(distance(a, b), range_)
    return f"target is {away} away; {what} range is {reach}"


def command_range(ruleset: RuleBook, unit_type_id: str, command: str) -> float | None:
    """How far a unit type reaches with ``command`` (a command table of its rule set), world units.

    The command table's range for the type, else the rule set's constant ``<command>_range``,
    ``<command>_reach`` or ``<command>_distance``; None when none gives one (the command has no
    range, e.g. split). Raises KeyError naming the type and command when the type cannot do it, or naming the
    known types when the type is unknown.
    """
    unit = ruleset.unit_type(unit_type_id)
    stats = unit.commands.get(command)
    if stats is None:
        raise KeyError(f"{unit_type_id} cannot {command}")
    if stats.range is not None:
        return float(stats.range)
    key = command.replace("-", "_")
    for name in (f"{key}_range", f"{key}_reach", f"{key}_distance"):
        if name in ruleset.constants:
            return float(ruleset.constants[name])
    return None


def range_check(ruleset: RuleBook, unit_type_id: str, command: str, a: WorldPoint, b: WorldPoint) -> str | None:
    """None when a unit of type ``unit_type_id`` at ``a`` reaches ``b`` with ``command``; else the reason,
    e.g. "target is 12.3 away; fire range is 10". A command without a range always reaches. Raises KeyError
    as :func:`command_range`."""
    reach = command_range(ruleset, unit_type_id, command)
    return None if reach is None else range_reason(a, b, reach, command)
