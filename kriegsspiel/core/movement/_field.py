"""Movement, part 1: speed fields, exact costs of segments and paths, and the lattice cost field.

See :mod:`kriegsspiel.core.movement._check` for the public API and docs/movement.md for the method. Distances, costs
and allowances are world units. The heavy loops live in the C extension ``_lattice``; ``movement_reference``
is the same in pure Python and stands in when the extension cannot be imported.
"""
from __future__ import annotations

import importlib

import math
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from kriegsspiel.core.movement import _reference
from kriegsspiel.core.battlefield import TerrainRaster
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.ruleset import STRUCTURE_SPEED, terrain_speed

try:
    # by name, as an optional extension: the package's face is not imported from inside it
    _kernel = importlib.import_module("kriegsspiel.core.movement._lattice")

    _kernel.cost_field, _kernel.line_runs, _kernel.fine_routes, _kernel.ellipse_search  # an old build lacks some
    KERNEL = "c"
except (ImportError, AttributeError):  # no compiler where it was installed: slow but the same answers
    _kernel = _reference
    KERNEL = "python"

#: Relative slack for comparing costs that went through different float summation orders. A path whose
#: cost exceeds the allowance by less than this fraction (a millionth) is within it.
COST_TOLERANCE = 1e-6

# Cells around a continuous point that connect it to the lattice: the 5 x 5 block centred on its cell.
_CONNECT = 2
# Extra cells around the reach of a search, so that every edge of a reachable cell stays in the window.
_WINDOW_MARGIN = 4 + _CONNECT


# ---------------------------------------------------------------------------------------------- speed fields

_speed_cache: weakref.WeakKeyDictionary[TerrainRaster, dict[tuple, np.ndarray]] = weakref.WeakKeyDictionary()
_fastest_cache: dict[int, tuple[weakref.ref[np.ndarray], float]] = {}


def speed_field(raster: TerrainRaster, speed_table: Mapping[str, float]) -> np.ndarray:
    """The speed multiplier of every raster cell for a unit with ``speed_table``, a read-only float32 array
    (multipliers rounded to float32; the kernels sum costs in float64).

    ``speed_table`` maps terrain ids (and ``"road"``) to multipliers; 0 (or a terrain missing from the
    table) means the unit cannot enter. Where the raster has a road and the table a "road" entry, the road
    multiplier replaces the terrain's. Cells off the map are 0. Cached per (raster, table): the umpire picks
    up many units of one type.
    """
    key = tuple(sorted((str(k), float(v)) for k, v in speed_table.items()))
    per_raster = _speed_cache.setdefault(raster, {})
    cached = per_raster.get(key)
    if cached is not None:
        return cached
    lookup = np.array([terrain_speed(speed_table, t) for t in raster.terrain_ids] + [0.0], dtype=np.float64)
    # index -1 (off the map) picks the trailing 0
    speeds = lookup[raster.terrain.astype(np.int64)]
    if "road" in speed_table:
        speeds = np.where(raster.road & (raster.terrain >= 0), float(speed_table["road"]), speeds)
    for kind, cells in raster.structure_cells.items():
        # a structure kind with a class (Ruleset V3: villages, bridges) sets the speed over terrain and road
        value = speed_table.get(STRUCTURE_SPEED + kind)
        if value is not None:
            speeds = np.where(cells & (raster.terrain >= 0), float(value), speeds)
    # float32: half the memory of float64 on a big map (67 MB instead of 134 at 4096 x 4096). A multiplier
    # such as 0.6 is then off by 2e-8 of itself; costs are still summed in float64 by the kernels.
    speeds = np.ascontiguousarray(np.maximum(speeds, 0.0), dtype=np.float32)
    speeds.setflags(write=False)
    per_raster[key] = speeds
    return speeds


def _fastest(speeds: np.ndarray) -> float:
    """The largest multiplier of a speed field (cached: a whole-map max is too slow for a mouse drag)."""
    entry = _fastest_cache.get(id(speeds))
    if entry is not None and entry[0]() is speeds:
        return entry[1]
    fastest = float(speeds.max()) if speeds.size else 0.0
    key = id(speeds)
    _fastest_cache[key] = (weakref.ref(speeds, lambda _ref: _fastest_cache.pop(key, None)), fastest)
    return fastest


# --------------------------------------------------------------------------------------------------- costs


def _on_map(raster: TerrainRaster, point: WorldPoint) -> bool:
    """True when ``point`` is a finite point on a cell of the map (a NaN is nowhere)."""
    return math.isfinite(point.x) and math.isfinite(point.y) and raster.contains(point)



def segment_cost(raster: TerrainRaster, speeds: np.ndarray, a: WorldPoint, b: WorldPoint) -> float:
    """The exact cost of the straight move from ``a`` to ``b`` in world units; inf when it is blocked."""
    return _kernel.segment_cost(speeds, raster.cell_size, a.x, a.y, b.x, b.y)


def path_cost(raster: TerrainRaster, speeds: np.ndarray, points: Sequence[WorldPoint]) -> float:
    """The exact cost of the polyline through ``points`` in world units (0 for fewer than two points).

    Sums over every cell each segment crosses (length in the cell / the cell's speed); inf when a segment
    enters a cell the unit cannot enter, leaves the map, or slips through the corner between two such cells.
    """
    coords: list[float] = []
    for p in points:
        coords.append(float(p.x))
        coords.append(float(p.y))
    return _kernel.polyline_cost(speeds, raster.cell_size, coords)


@dataclass(frozen=True, eq=False)
class CostField:
    """The cheapest lattice cost from ``origin`` to every cell centre of a window of the raster.

    ``cost`` is indexed [row - row0, column - col0] in world units (inf where unreached or dearer than
    ``search_limit``); ``pred`` holds each cell's predecessor as a flat window index (-1: straight from the
    origin; -2: unreached). ``allowance`` decides what counts as reachable; ``search_limit`` >= allowance is how
    far the search went. A field made ``toward`` one target holds only the cells that may lie on a path to it
    within the search limit: use it for that target's path, not for shading.
    """

    raster: TerrainRaster
    speeds: np.ndarray
    origin: WorldPoint
    allowance: float
    search_limit: float
    row0: int
    col0: int
    cost: np.ndarray
    pred: np.ndarray
    settled: int
    toward: WorldPoint | None = None

    @property
    def window_offset(self) -> tuple[int, int]:
        """(row0, col0): the raster cell of the window's top-left cell."""
        return self.row0, self.col0

    def within(self, cost: float) -> bool:
        """True when ``cost`` (world units) fits in this field's allowance (with :data:`COST_TOLERANCE`)."""
        return cost <= self.allowance + COST_TOLERANCE * max(1.0, abs(self.allowance))

    def cost_at(self, point: WorldPoint) -> float:
        """The lattice cost of reaching ``point`` (world units): an upper bound on :func:`cheapest_path`'s cost.

        The cheapest of the straight move from the origin (when it is within the search limit) and every reached
        cell centre within 2 cells of the point plus the straight move from there; inf when none reaches it.
        """
        return self._connect(point)[0]

    def _connect(self, point: WorldPoint) -> tuple[float, int]:
        """(cost, window index of the cell the point connects through, or -1 for the origin directly)."""
        if not (_on_map(self.raster, point) and _on_map(self.raster, self.origin)):
            return math.inf, -1
        cs = self.raster.cell_size
        best = segment_cost(self.raster, self.speeds, self.origin, point)
        if best > self.search_limit:
            best = math.inf  # beyond the search, the straight line is not known to be the cheapest way
        best_index = -1
        col, row = int(math.floor(point.x / cs)), int(math.floor(point.y / cs))
        h, w = self.cost.shape
        # the block of the field around the point as Python floats (one read, not one numpy index per cell)
        r0, c0 = max(0, row - _CONNECT - self.row0), max(0, col - _CONNECT - self.col0)
        block = self.cost[r0 : max(r0, row + _CONNECT + 1 - self.row0), c0 : max(c0, col + _CONNECT + 1 - self.col0)]
        px, py = float(point.x), float(point.y)
        for i, costs in enumerate(block.tolist()):
            wr = r0 + i
            for j, base in enumerate(costs):
                if base >= best:
                    continue
                wc = c0 + j
                # the cell's centre, (col + dc + 0.5) x cell size as before, to the point
                centre_x, centre_y = (wc + self.col0 + 0.5) * cs, (wr + self.row0 + 0.5) * cs
                total = base + _kernel.segment_cost(self.speeds, cs, centre_x, centre_y, px, py)
                if total < best:
                    best, best_index = total, wr * w + wc
        return best, best_index

    def reachable_mask(self) -> np.ndarray:
        """A bool array of the raster's shape: True where the cell centre is reachable within the allowance."""
        mask = np.zeros(self.raster.shape, dtype=bool)
        h, w = self.cost.shape
        limit = self.allowance + COST_TOLERANCE * max(1.0, abs(self.allowance))
        mask[self.row0 : self.row0 + h, self.col0 : self.col0 + w] = self.cost <= limit
        return mask

    @property
    def reachable_world_bounds(self) -> tuple[float, float, float, float] | None:
        """(left, top, right, bottom) in world units of the reachable cells; None when none is reachable."""
        limit = self.allowance + COST_TOLERANCE * max(1.0, abs(self.allowance))
        rows, cols = np.nonzero(self.cost <= limit)
        if rows.size == 0:
            return None
        cs = self.raster.cell_size
        return (
            (self.col0 + int(cols.min())) * cs,
            (self.row0 + int(rows.min())) * cs,
            (self.col0 + int(cols.max()) + 1) * cs,
            (self.row0 + int(rows.max()) + 1) * cs,
        )


def cost_field(
    raster: TerrainRaster,
    speeds: np.ndarray,
    origin: WorldPoint,
    allowance: float,
    *,
    search_limit: float | None = None,
    toward: WorldPoint | None = None,
    bound: float | None = None,
    tighten: bool = False,
    against: CostField | None = None,
) -> CostField:
    """The lattice cost field from ``origin`` over ``speeds`` (from :func:`speed_field`), up to ``allowance``.

    ``allowance`` and ``search_limit`` (default: the allowance) are world units; the search stops at
    ``search_limit``. The window spans the search's reach (limit x fastest multiplier) plus a margin, clipped to
    the raster, so the time depends on the allowance, not on the map's size. With ``toward``, the search keeps
    only cells whose cost plus the straight line to that point at the fastest speed stays within the limit (an
    A* bound), in a window around the ellipse they lie in: much less work for one far target. ``bound`` (world
    units, with ``toward`` only; default: the limit) replaces the limit in that test alone: the cells kept still
    cost at most the limit, so every cell kept holds the same cost and predecessor as in the field without
    ``toward`` (see :func:`bounded_field`). With ``tighten`` (and ``toward``), that bound is first lowered to
    the cheapest connection of ``toward`` (found by an A* that stops there), which keeps every cell on the cheapest
    way to it and far fewer others: only :meth:`CostField.cost_at` and :func:`cheapest_path` of ``toward`` are then
    the whole field's. ``against`` (a field from ``toward`` to ``origin`` up to the
    same limit) leaves out the cells whose cost plus its passes the limit: the cells of the ellipse between the
    two keep their costs (and no cell outside it gets one). An origin off the map gives an empty field. Raises ValueError when
    ``speeds`` does not match the raster's shape.
    """
    if speeds.shape != raster.shape:
        raise ValueError(f"speed field shape {speeds.shape} does not match the raster's {raster.shape}")
    limit = allowance if search_limit is None else max(search_limit, allowance)
    limit = max(limit, 0.0)
    rows, cols = raster.shape
    cs = raster.cell_size
    fastest = _fastest(speeds)
    centre = origin if _on_map(raster, origin) else WorldPoint(0.0, 0.0)
    # every cell kept costs at most the limit, so it lies within limit x fastest of the origin
    row0, col0, row1, col1 = _square(raster, centre, limit * fastest / cs)
    prune = limit if bound is None or toward is None else max(bound, 0.0)
    if toward is not None and math.isfinite(prune * fastest / cs) and _on_map(raster, toward):
        # and with a target, in the ellipse |o - c| + |c - t| <= prune x fastest around o and t: a circle of half
        # that radius around their middle holds it
        middle = WorldPoint((origin.x + toward.x) / 2.0, (origin.y + toward.y) / 2.0)
        r0, c0, r1, c1 = _square(raster, middle, prune * fastest / cs / 2.0)
        row0, col0, row1, col1 = max(row0, r0), max(col0, c0), min(row1, r1), min(col1, c1)
    h, w = max(0, row1 - row0), max(0, col1 - col0)
    cost = np.empty((h, w), dtype=np.float64)
    pred = np.empty((h, w), dtype=np.int32)
    settled = 0
    if not _on_map(raster, origin):
        # a unit off the map goes nowhere; an empty window says so
        h = w = 0
        cost = np.empty((0, 0), dtype=np.float64)
        pred = np.empty((0, 0), dtype=np.int32)
    if h and w:
        if toward is not None and against is not None:
            # the other end's field on this window (inf where it has no cell)
            other = np.full((h, w), math.inf)
            ah, aw = against.cost.shape
            o0, p0 = max(row0, against.row0), max(col0, against.col0)
            o1, p1 = min(row0 + h, against.row0 + ah), min(col0 + w, against.col0 + aw)
            if o0 < o1 and p0 < p1:
                other[o0 - row0 : o1 - row0, p0 - col0 : p1 - col0] = against.cost[
                    o0 - against.row0 : o1 - against.row0, p0 - against.col0 : p1 - against.col0]
            settled = _kernel.cost_field(
                speeds, cs, origin.x, origin.y, limit, row0, col0, cost, pred, toward.x, toward.y, fastest, prune,
                tighten, other, -1.0,
            )
        elif toward is not None:
            settled = _kernel.cost_field(
                speeds, cs, origin.x, origin.y, limit, row0, col0, cost, pred, toward.x, toward.y, fastest, prune,
                tighten,
            )
        else:
            settled = _kernel.cost_field(speeds, cs, origin.x, origin.y, limit, row0, col0, cost, pred)
    cost.setflags(write=False)
    pred.setflags(write=False)
    return CostField(raster, speeds, origin, allowance, limit, row0, col0, cost, pred, settled, toward)


def bounded_field(raster: TerrainRaster, speeds: np.ndarray, origin: WorldPoint, target: WorldPoint,
                  allowance: float) -> CostField:
    """A cost field for the one move from ``origin`` to ``target`` (world units) within ``allowance``: the same
    answer as the whole field, over far fewer cells.

    :func:`cheapest_path` and :meth:`CostField.cost_at` give exactly what they give on ``cost_field(raster,
    speeds, origin, allowance)``: the search settles cells in the same order with the same costs and
    predecessors (ties go by cell index), but keeps only cells whose cost plus the straight line to the target at
    the fastest speed (an admissible and consistent estimate of the rest) is at most a bound past which no cell
    can help: the straight move's cost when it is within the allowance (the path found never costs more), else
    the allowance plus the straight line from the farthest cell that connects to the target (the 5 x 5 block
    around its cell). A cell kept has every cell of its cheapest lattice path kept, so its cost and predecessor
    are the whole field's. Raises ValueError as :func:`cost_field`.
    """
    fastest = _fastest(speeds)
    if fastest <= 0.0 or not (_on_map(raster, origin) and _on_map(raster, target)) or not math.isfinite(allowance):
        return cost_field(raster, speeds, origin, allowance)
    cs = raster.cell_size
    col, row = math.floor(target.x / cs), math.floor(target.y / cs)
    far_x = max(abs(target.x - (col - _CONNECT + 0.5) * cs), abs(target.x - (col + _CONNECT + 0.5) * cs))
    far_y = max(abs(target.y - (row - _CONNECT + 0.5) * cs), abs(target.y - (row + _CONNECT + 0.5) * cs))
    bound = max(allowance, 0.0) + math.hypot(far_x, far_y) / fastest
    straight = segment_cost(raster, speeds, origin, target)
    if straight <= allowance:
        bound = min(bound, straight)
    # slack for rounding: a cell kept in excess costs time, never exactness
    bound = bound * (1.0 + 1e-9) + 1e-9 * cs
    # and lowered to the cheapest connection of the target, found first by an A* that stops there
    return cost_field(raster, speeds, origin, allowance, toward=target, bound=bound, tighten=True)


def _square(raster: TerrainRaster, centre: WorldPoint, reach: float) -> tuple[int, int, int, int]:
    """(row0, col0, row1, col1): the raster cells within ``reach`` cells of ``centre``'s cell, with the margin that
    keeps every edge of a cell in reach inside, clipped to the raster (the whole raster for an infinite reach)."""
    rows, cols = raster.shape
    cs = raster.cell_size
    radius = max(rows, cols) if not math.isfinite(reach) else int(math.ceil(reach)) + _WINDOW_MARGIN
    ccol, crow = int(math.floor(centre.x / cs)), int(math.floor(centre.y / cs))
    return max(0, crow - radius), max(0, ccol - radius), min(rows, crow + radius + 1), min(cols, ccol + radius + 1)


def movement_kernel() -> str:
    """Which movement kernel is in use: ``"c"`` (the built extension) or ``"python"`` (the reference)."""
    return "c" if _kernel is not _reference else "python"
