"""Retreats over the terrain: a unit hit by a combat result moves away from the enemy by the result's distance.

The distance is metres walked over the ground (world units), not movement cost: a retreat of 100 m covers 100 m
whatever the going, but cannot cross terrain the unit cannot enter (a river without a bridge, mountains).
The unit goes straight away from the enemy group's centre when that line is open; otherwise it takes the
point, among those it can walk to within the distance, that lies farthest from the nearest enemy unit.
A unit hemmed in (against a river or the map's edge) retreats as far as it can, and the event says so.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from kriegsspiel.core.battlefield import Battlefield
from kriegsspiel.core.geometry import WorldPoint, distance
from kriegsspiel.core.ruleset import RuleBook

#: a straight retreat whose walked length exceeds the distance by less than this fraction is taken as it is
_TOLERANCE = 1e-6


@dataclass(frozen=True, slots=True)
class RetreatPath:
    """Where a retreat ends (world units), the path walked, and its length (world units)."""

    end: WorldPoint
    path: tuple[WorldPoint, ...]
    length: float


def walkable_field(battlefield: Battlefield, ruleset: RuleBook, type_id: str) -> np.ndarray:
    """1.0 on every cell the unit type can enter, 0.0 elsewhere: a speed field whose costs are metres walked."""
    from kriegsspiel.core.movement import speed_field

    raster = battlefield.raster()
    speeds = speed_field(raster, ruleset.speed_table(type_id))
    walk = np.ascontiguousarray(np.where(speeds > 0.0, 1.0, 0.0), dtype=np.float64)
    walk.setflags(write=False)
    return walk


def retreat(battlefield: Battlefield, ruleset: RuleBook, type_id: str, origin: WorldPoint,
            enemies: Sequence[WorldPoint], length: float) -> RetreatPath:
    """The retreat of a unit of ``type_id`` at ``origin`` away from ``enemies`` over ``length`` world units.

    With no enemies, or a length of 0, the unit stays. Never raises for a unit off the map: it stays.
    """
    from kriegsspiel.core.movement import cheapest_path, cost_field, path_cost

    if length <= 0 or not enemies:
        return RetreatPath(origin, (origin,), 0.0)
    raster = battlefield.raster()
    if not raster.contains(origin):
        return RetreatPath(origin, (origin,), 0.0)
    walk = walkable_field(battlefield, ruleset, type_id)
    cx = sum(p.x for p in enemies) / len(enemies)
    cy = sum(p.y for p in enemies) / len(enemies)
    dx, dy = origin.x - cx, origin.y - cy
    norm = math.hypot(dx, dy)
    if norm < 1e-9:
        dx, dy, norm = 0.0, 1.0, 1.0  # an enemy on top of the unit: fall back southwards (house rule)
    straight = WorldPoint(origin.x + dx / norm * length, origin.y + dy / norm * length)
    if raster.contains(straight):
        cost = path_cost(raster, walk, (origin, straight))
        if cost <= length * (1 + _TOLERANCE):
            return RetreatPath(straight, (origin, straight), distance(origin, straight))

    field = cost_field(raster, walk, origin, length)
    reach = np.isfinite(field.cost) & (field.cost <= length)
    if not reach.any():
        return RetreatPath(origin, (origin,), 0.0)
    rows, cols = np.nonzero(reach)
    cs = raster.cell_size
    xs = (field.col0 + cols + 0.5) * cs
    ys = (field.row0 + rows + 0.5) * cs
    nearest = np.full(xs.shape, np.inf)
    for enemy in enemies:
        nearest = np.minimum(nearest, np.hypot(xs - enemy.x, ys - enemy.y))
    # farthest from the nearest enemy; among equals, the one that walks farthest
    order = np.lexsort((-field.cost[rows, cols], -np.round(nearest, 6)))
    for index in order[:16]:
        target = WorldPoint(float(xs[index]), float(ys[index]))
        result = cheapest_path(field, target)
        if result.reachable and result.cost <= length * (1 + 1e-3):
            if nearest[index] <= min(distance(origin, e) for e in enemies):
                break  # nowhere farther from the enemy than where it stands
            return RetreatPath(target, result.points, result.cost)
    return RetreatPath(origin, (origin,), 0.0)
