"""Movement, part 2: the cheapest path from a cost field's origin to a continuous point, and what it crosses.

See :mod:`kriegsspiel.core.movement` for the public API and docs/movement.md for the method (lattice path,
string-pulling, vertex refinement, a corridor search on finer cells). Distances and costs are world units.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np

from kriegsspiel.core import movement_field as _field
from kriegsspiel.core import movement_reference as _reference
from kriegsspiel.core.battlefield import TerrainRaster
from kriegsspiel.core.geometry import WorldPoint, distance
from kriegsspiel.core.movement_field import _CONNECT, CostField, _fastest, _on_map, path_cost

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

    The lattice path (backtracked through the field) is string-pulled, each interior vertex is moved a little
    where that lowers the exact cost of its two segments (this finds the best angle onto a road), and the path
    is string-pulled again; then the same is done on finer cells in a corridor 2 cells either side of it,
    and the cheaper path wins. Every step only lowers the exact cost, so the result never costs more than
    :meth:`CostField.cost_at`. The reported cost is :func:`path_cost` of the reported points. Returns an
    empty path (cost inf) when the target is off the map or not reached within the field's search.
    """
    raster, speeds = field.raster, field.speeds
    if not _on_map(raster, target):
        return PathResult(math.inf, ())
    lattice_cost, index = field._connect(target)
    if not math.isfinite(lattice_cost):
        return PathResult(math.inf, ())
    cs = raster.cell_size
    h, w = field.cost.shape
    centres: list[WorldPoint] = []
    while index >= 0:
        r, c = divmod(index, w)
        centres.append(WorldPoint((field.col0 + c + 0.5) * cs, (field.row0 + r + 0.5) * cs))
        index = int(field.pred[r, c])
    points = [field.origin, *reversed(centres), target]
    points = _smooth(raster, speeds, points)
    cost = path_cost(raster, speeds, points)
    if cost <= distance(field.origin, target) / _fastest(speeds) * (1.0 + 1e-9):
        return PathResult(cost, tuple(points))  # the straight line at the fastest speed: nothing beats it
    finer = _corridor_search(raster, speeds, points, cost)
    if finer is not None:
        finer_cost = path_cost(raster, speeds, finer)
        if finer_cost < cost:
            points, cost = finer, finer_cost
    return PathResult(cost, tuple(points))


# The corridor search: cells _FINE_SHORT times finer while the corridor holds at most _FINE_BUDGET fine
# cells (short moves, where entering a slow cell at its nearest edge matters most), else _FINE_LONG times;
# the corridor spans _CORRIDOR cells either side of the smoothed path.
_FINE_SHORT = 4
_FINE_LONG = 2
_FINE_BUDGET = 1600
_CORRIDOR = 2


def _corridor_search(
    raster: TerrainRaster, speeds: np.ndarray, points: list[WorldPoint], cost: float
) -> list[WorldPoint] | None:
    """Search again on cells a quarter (long moves: half) the size, in a corridor around the path; smooth that.

    Lattice nodes at cell centres cannot follow the edge of a fast cell beside a slow one, nor enter a slow
    target cell at its nearest edge; the finer lattice can, and costs little in a narrow corridor. Returns
    None when the corridor search finds nothing.
    """
    if len(points) < 2 or not math.isfinite(cost):
        return None
    cs = raster.cell_size
    rows, cols = raster.shape
    xs: list[np.ndarray] = []
    ys: list[np.ndarray] = []
    for a, b in zip(points, points[1:]):
        n = int(math.ceil(distance(a, b) / (0.25 * cs))) + 1
        t = np.linspace(0.0, 1.0, n + 1)
        xs.append(a.x + (b.x - a.x) * t)
        ys.append(a.y + (b.y - a.y) * t)
    path_cols = np.floor(np.concatenate(xs) / cs).astype(np.int64)
    path_rows = np.floor(np.concatenate(ys) / cs).astype(np.int64)
    r0 = max(0, int(path_rows.min()) - _CORRIDOR)
    c0 = max(0, int(path_cols.min()) - _CORRIDOR)
    r1 = min(rows, int(path_rows.max()) + _CORRIDOR + 1)
    c1 = min(cols, int(path_cols.max()) + _CORRIDOR + 1)
    if r0 >= r1 or c0 >= c1:
        return None
    mask = np.zeros((r1 - r0, c1 - c0), dtype=bool)
    inside = (path_rows >= r0) & (path_rows < r1) & (path_cols >= c0) & (path_cols < c1)
    mask[path_rows[inside] - r0, path_cols[inside] - c0] = True
    for axis in (0, 1):  # widen by _CORRIDOR cells: a square dilation, one axis at a time
        grown = mask.copy()
        for shift in range(1, _CORRIDOR + 1):
            if axis == 0:
                grown[shift:, :] |= mask[:-shift, :]
                grown[:-shift, :] |= mask[shift:, :]
            else:
                grown[:, shift:] |= mask[:, :-shift]
                grown[:, :-shift] |= mask[:, shift:]
        mask = grown
    corridor = np.where(mask, speeds[r0:r1, c0:c1], 0.0)
    k = _FINE_SHORT if int(mask.sum()) * _FINE_SHORT**2 <= _FINE_BUDGET else _FINE_LONG
    fine = np.ascontiguousarray(np.repeat(np.repeat(corridor, k, axis=0), k, axis=1))
    fcs = cs / k
    x0, y0 = c0 * cs, r0 * cs
    origin, target = points[0], points[-1]
    fcost = np.empty(fine.shape, dtype=np.float64)
    fpred = np.empty(fine.shape, dtype=np.int32)
    tx, ty = target.x - x0, target.y - y0
    fastest = float(corridor.max())
    _field._kernel.cost_field(fine, fcs, origin.x - x0, origin.y - y0, cost * 1.03, 0, 0, fcost, fpred, tx, ty, fastest)
    # connect the target to the fine lattice, as _connect does on the coarse one
    tcol, trow = int(math.floor(tx / fcs)), int(math.floor(ty / fcs))
    h, w = fine.shape
    best, best_index = math.inf, -1
    for dr in range(-_CONNECT, _CONNECT + 1):
        for dc in range(-_CONNECT, _CONNECT + 1):
            r, c = trow + dr, tcol + dc
            if not (0 <= r < h and 0 <= c < w) or not fcost[r, c] < best:
                continue
            total = fcost[r, c] + _field._kernel.segment_cost(fine, fcs, (c + 0.5) * fcs, (r + 0.5) * fcs, tx, ty)
            if total < best:
                best, best_index = float(total), r * w + c
    if best_index < 0:
        return None
    centres: list[WorldPoint] = []
    index = best_index
    while index >= 0:
        r, c = divmod(index, w)
        centres.append(WorldPoint(x0 + (c + 0.5) * fcs, y0 + (r + 0.5) * fcs))
        index = int(fpred[r, c])
    return _smooth(raster, speeds, [origin, *reversed(centres), target])


def _smooth(raster: TerrainRaster, speeds: np.ndarray, points: list[WorldPoint]) -> list[WorldPoint]:
    coords = _field._kernel.smooth_path(speeds, raster.cell_size, [v for p in points for v in (float(p.x), float(p.y))])
    return [WorldPoint(coords[i], coords[i + 1]) for i in range(0, len(coords), 2)]


def terrain_along(
    raster: TerrainRaster, speeds: np.ndarray, speed_table: Mapping[str, float], points: Iterable[WorldPoint]
) -> list[tuple[str, float, float]]:
    """What a path crosses: (terrain id or "road", length, cost) in world units, dearest first.

    A road counts as "road" where the speed table has a road entry (it then sets the speed); off the map
    counts as "off the map". Cost is inf for terrain the unit cannot enter.
    """
    cs = raster.cell_size
    rows, cols = raster.shape
    use_road = "road" in speed_table
    totals: dict[str, list[float]] = {}
    pts = list(points)
    for a, b in zip(pts, pts[1:]):
        for col, row, length, _, _ in _reference.trace_cells(a.x / cs, a.y / cs, b.x / cs, b.y / cs):
            if length <= 0.0:
                continue
            if not (0 <= col < cols and 0 <= row < rows) or raster.terrain[row, col] < 0:
                label = "off the map"
            elif use_road and raster.road[row, col]:
                label = "road"
            else:
                label = raster.terrain_ids[int(raster.terrain[row, col])]
            speed = float(speeds[row, col]) if label != "off the map" else 0.0
            entry = totals.setdefault(label, [0.0, 0.0])
            entry[0] += length * cs
            entry[1] += length * cs / speed if speed > 0.0 else math.inf
    return sorted(((k, v[0], v[1]) for k, v in totals.items()), key=lambda item: -item[2])
