"""Movement, part 2: the cheapest path from a cost field's origin to a continuous point, and what it crosses.

See :mod:`kriegsspiel.core.movement._check` for the public API and docs/movement.md for the method (lattice path,
string-pulling, vertex refinement, an ellipse search on finer cells, runs along grid lines). Distances and costs
are world units.
"""
from __future__ import annotations

import math
import weakref
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np

from kriegsspiel.core.movement import _field
from kriegsspiel.core.movement import _reference
from kriegsspiel.core.battlefield import TerrainRaster
from kriegsspiel.core.geometry import WorldPoint, distance
from kriegsspiel.core.movement._field import CostField, _fastest, _on_map, path_cost, segment_cost
from kriegsspiel.core.ruleset import STRUCTURE_SPEED

# --------------------------------------------------------------------------------------------------- paths


@dataclass(frozen=True, slots=True)
class PathResult:
    """The cheapest path found: its exact cost in world units and its vertices (origin first, target last).

    ``points`` is empty and ``cost`` inf when the target cannot be reached within the field's search.
    """

    cost: float
    points: tuple[WorldPoint, ...]

    @property
    def reachable(self) -> bool:
        return bool(self.points)


def cheapest_path(field: CostField, target: WorldPoint) -> PathResult:
    """The cheapest path from the field's origin to the continuous point ``target``.

    The straight line when it runs at the fastest speed. Otherwise the lattice path (backtracked through the
    field) bounds the cost; every cell that may lie on a route within 3% of that bound (its forward plus
    reverse lattice cost, on speeds that do not overrate a route along the edge of a fast cell) is searched
    again on cells 2 or 4 times finer, from both ends; each distinct route found there within the lattice's
    error of the best is string-pulled and refined vertex by vertex (this finds the best angle onto a road),
    and the cheapest wins; last, runs exactly along grid lines (where a segment takes the faster side's speed)
    replace parts of it wherever cheaper. The result never costs more than :meth:`CostField.cost_at`; the
    reported cost is :func:`path_cost` of the reported points. Returns an empty path (cost inf) when the target
    is off the map or not reached within the field's search. Distances and costs are world units.
    """
    raster, speeds = field.raster, field.speeds
    if not _on_map(raster, target):
        return PathResult(math.inf, ())
    lattice_cost, index = field._connect(target)
    if not math.isfinite(lattice_cost):
        return PathResult(math.inf, ())
    cs = raster.cell_size
    w = field.cost.shape[1]
    straight = segment_cost(raster, speeds, field.origin, target)
    if straight <= distance(field.origin, target) / _fastest(speeds) * (1.0 + 1e-9):
        # the straight line at the fastest speed: nothing beats it
        return PathResult(straight, (field.origin, target))
    # the lattice path as flat x, y world coordinates (the kernels' form), backtracked from the target's end
    backward = [float(target.y), float(target.x)]
    while index >= 0:
        r, c = divmod(index, w)
        backward.append((field.row0 + r + 0.5) * cs)
        backward.append((field.col0 + c + 0.5) * cs)
        index = int(field.pred[r, c])
    backward.append(float(field.origin.y))
    backward.append(float(field.origin.x))
    coords = backward[::-1]
    cost = _field._kernel.polyline_cost(speeds, cs, coords)
    finer = _ellipse_search(field, target, coords, cost)
    if finer is not None and _field._kernel.polyline_cost(speeds, cs, finer) < cost:
        coords = finer
    else:
        # the finer search found nothing better (it holds the lattice path, so this is rare): smooth that
        coords = _smooth(raster, speeds, coords)
    # last, runs exactly along grid lines (at the faster side's speed) wherever one is cheaper
    coords = _line_runs(raster, speeds, coords)
    points = tuple(WorldPoint(coords[i], coords[i + 1]) for i in range(0, len(coords), 2))
    return PathResult(_field._kernel.polyline_cost(speeds, cs, coords), points)


# The ellipse search. A cell may lie on a better route when its forward lattice cost plus its reverse lattice
# cost (from the target), on hopeful speeds, is within _ELLIPSE_SLACK above the lattice path's exact cost: the
# lattice overrates a route by at most its angular error (1.3%) plus detours through cell centres near slow
# cells, which the slack and a dilation by _ELLIPSE_DILATION cells cover. The cells kept are searched again on
# cells k times finer, the first (k, most fine cells) of _FINE_TIERS that fits, else on the cells themselves
# (quarter cells enter a slow target cell at its nearest edge better; long moves stay quick).
_ELLIPSE_SLACK = 0.03
_ELLIPSE_DILATION = 1
_FINE_TIERS = ((4, 1600), (2, 3200))
_TIERS = [v for tier in _FINE_TIERS for v in tier]  # as the kernel takes them: k, most, k, most
# On the finer lattice, up to FINE_ROUTES distinct routes whose lattice costs are within FINE_ROUTE_SLACK of the
# best are smoothed (the kernel's fine_routes; the constants are in _routes_ref).


def _ellipse_search(field: CostField, target: WorldPoint, coords: list[float], cost: float) -> list[float] | None:
    """Search again on finer cells over every cell that may lie on a route within the slack of ``cost``.

    Lattice nodes at cell centres choose between two routes of nearly equal cost by the lattice's error, cannot
    follow the edge of a fast cell beside a slow one, nor enter a slow target cell at its nearest edge. The
    finer lattice, run from both ends over the whole "ellipse" of candidate cells (not a corridor around one
    route), can; every distinct route it finds within the lattice's error of its best is smoothed and the
    cheapest wins. ``coords`` is the path so far (flat x, y, world units) and ``cost`` its exact cost; returns the
    route found, flat x, y, or None when that search finds nothing.
    """
    if len(coords) < 4 or not math.isfinite(cost):
        return None
    raster, speeds = field.raster, field.speeds
    # on hopeful speeds a route along the edge between a fast and a slow cell is not overrated (see
    # _hopeful_speeds), so the ellipse holds it; the finer search runs on the true speeds. The whole search is one
    # kernel call (_ellipse_ref.ellipse_search says it step by step): the two lattice searches, the ellipse, the
    # finer searches and fine_routes
    hopeful = _hopeful_speeds(speeds)
    return _field._kernel.ellipse_search(
        speeds, hopeful, raster.cell_size, _fastest(hopeful), field.origin.x, field.origin.y, target.x, target.y,
        cost * (1.0 + _ELLIPSE_SLACK), coords, _ELLIPSE_DILATION, _TIERS, _reference.FINE_ROUTE_SLACK,
    )


_hopeful_cache: dict[int, tuple[weakref.ref[np.ndarray], np.ndarray]] = {}


def _hopeful_speeds(speeds: np.ndarray) -> np.ndarray:
    """Each passable cell at the best speed of itself and its four neighbours (cached per speed field).

    A route may run along the edge between two cells at the faster one's speed, which the lattice through
    cell centres cannot; on these speeds it can, so that no such route falls out of the ellipse.
    """
    entry = _hopeful_cache.get(id(speeds))
    if entry is not None and entry[0]() is speeds:
        return entry[1]
    best = speeds.copy()
    best[1:, :] = np.maximum(best[1:, :], speeds[:-1, :])
    best[:-1, :] = np.maximum(best[:-1, :], speeds[1:, :])
    best[:, 1:] = np.maximum(best[:, 1:], speeds[:, :-1])
    best[:, :-1] = np.maximum(best[:, :-1], speeds[:, 1:])
    hopeful = np.ascontiguousarray(np.where(speeds > 0.0, best, 0.0))
    hopeful.setflags(write=False)
    key = id(speeds)
    _hopeful_cache[key] = (weakref.ref(speeds, lambda _ref: _hopeful_cache.pop(key, None)), hopeful)
    return hopeful


def _smooth(raster: TerrainRaster, speeds: np.ndarray, coords: list[float]) -> list[float]:
    """The path ``coords`` (flat x, y, world units) string-pulled and refined (the kernel's ``smooth_path``)."""
    return _field._kernel.smooth_path(speeds, raster.cell_size, coords)


def _line_runs(raster: TerrainRaster, speeds: np.ndarray, coords: list[float]) -> list[float]:
    """The path ``coords`` (flat x, y, world units) with runs exactly along grid lines wherever cheaper (the
    kernel's ``line_runs``)."""
    return _field._kernel.line_runs(speeds, raster.cell_size, coords)


def terrain_along(
    raster: TerrainRaster, speeds: np.ndarray, speed_table: Mapping[str, float], points: Iterable[WorldPoint]
) -> list[tuple[str, float, float]]:
    """What a path crosses: (terrain id or "road", length, cost) in world units, dearest first, one entry per
    terrain (see :func:`terrain_stretches` for what counts as which terrain; the costs add up to the path's)."""
    totals: dict[str, list[float]] = {}
    for label, length, cost in terrain_stretches(raster, speeds, speed_table, points):
        entry = totals.setdefault(label, [0.0, 0.0])
        entry[0] += length
        entry[1] += cost
    return sorted(((k, v[0], v[1]) for k, v in totals.items()), key=lambda item: -item[2])


def terrain_stretches(
    raster: TerrainRaster, speeds: np.ndarray, speed_table: Mapping[str, float], points: Iterable[WorldPoint]
) -> list[tuple[str, float, float]]:
    """What a path crosses, stretch by stretch in the order it is walked: (terrain id or "road", length, cost)
    in world units, consecutive cells of one terrain joined into one stretch.

    A road counts as "road" where the speed table has a road entry (it then sets the speed), a structure of a
    kind with a speed of its own (``structure:KIND``) as its kind; off the map
    counts as "off the map". Cost is inf for terrain the unit cannot enter. A segment running exactly along a
    grid line counts as the faster of the two cells beside it, as :func:`path_cost` prices it (a move along the
    edge of a road or a bridge is on the road), so the costs here add up to the path's cost.
    """
    cs = raster.cell_size
    rows, cols = raster.shape
    use_road = "road" in speed_table
    # structure kinds with a speed of their own (Ruleset V3: villages, bridges), named by their kind
    classed = [(kind, cells) for kind, cells in raster.structure_cells.items()
               if STRUCTURE_SPEED + kind in speed_table]
    stretches: list[list] = []
    pts = list(points)

    def speed_at(col: int, row: int) -> float:
        return float(speeds[row, col]) if 0 <= col < cols and 0 <= row < rows else 0.0

    for a, b in zip(pts, pts[1:]):
        ax, ay, bx, by = a.x / cs, a.y / cs, b.x / cs, b.y / cs
        along_col_edge = bx == ax and ax == math.floor(ax)
        along_row_edge = by == ay and ay == math.floor(ay)
        for col, row, length, _, _ in _reference.trace_cells(ax, ay, bx, by):
            if length <= 0.0:
                continue
            # the same side as the cost: the faster cell beside a grid line (the first one on a tie)
            if along_col_edge and speed_at(col - 1, row) > speed_at(col, row):
                col -= 1
            if along_row_edge and speed_at(col, row - 1) > speed_at(col, row):
                row -= 1
            on_structure = [kind for kind, cells in classed
                            if 0 <= col < cols and 0 <= row < rows and cells[row, col]]
            if not (0 <= col < cols and 0 <= row < rows) or raster.terrain[row, col] < 0:
                label = "off the map"
            elif on_structure:
                label = on_structure[-1]  # the last kind applied sets the speed (speed_field's order)
            elif use_road and raster.road[row, col]:
                label = "road"
            else:
                label = raster.terrain_ids[int(raster.terrain[row, col])]
            speed = float(speeds[row, col]) if label != "off the map" else 0.0
            cost = length * cs / speed if speed > 0.0 else math.inf
            if stretches and stretches[-1][0] == label:
                stretches[-1][1] += length * cs
                stretches[-1][2] += cost
            else:
                stretches.append([label, length * cs, cost])
    return [(label, length, cost) for label, length, cost in stretches]
