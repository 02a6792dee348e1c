"""Movement measured over the terrain: speed fields, exact path costs, reachable areas and cheapest paths.

The cost of a path is the sum, over the terrain it crosses, of (length / speed multiplier) (RULINGS.md,
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

The heavy loops live in the C extension ``_lattice``; ``movement_reference`` is the same in pure Python and
stands in when the extension cannot be imported.
"""
from __future__ import annotations

import math
import weakref
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from kriegsspiel.core import movement_reference as _reference
from kriegsspiel.core.battlefield import Battlefield, TerrainRaster
from kriegsspiel.core.geometry import WorldPoint, bearing, distance, heading_change
from kriegsspiel.core.ruleset import Ruleset

try:
    from kriegsspiel.core import _lattice as _kernel  # type: ignore[attr-defined]

    _kernel.cost_field  # the placeholder module of an old build has no functions
    KERNEL = "c"
except (ImportError, AttributeError):  # no compiler where it was installed: slow but the same answers
    _kernel = _reference  # type: ignore[assignment]
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
_fastest_cache: dict[int, tuple[weakref.ref, float]] = {}


def speed_field(raster: TerrainRaster, speed_table: Mapping[str, float]) -> np.ndarray:
    """The speed multiplier of every raster cell for a unit with ``speed_table``, a read-only float64 array.

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
    lookup = np.array([float(speed_table.get(t, 0.0)) for t in raster.terrain_ids] + [0.0], dtype=np.float64)
    # index -1 (off the map) picks the trailing 0
    speeds = lookup[raster.terrain.astype(np.int64)]
    if "road" in speed_table:
        speeds = np.where(raster.road & (raster.terrain >= 0), float(speed_table["road"]), speeds)
    speeds = np.ascontiguousarray(np.maximum(speeds, 0.0), dtype=np.float64)
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
    _fastest_cache[key] = (weakref.ref(speeds, lambda _ref, key=key: _fastest_cache.pop(key, None)), fastest)
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
        for dr in range(-_CONNECT, _CONNECT + 1):
            wr = row + dr - self.row0
            if not 0 <= wr < h:
                continue
            for dc in range(-_CONNECT, _CONNECT + 1):
                wc = col + dc - self.col0
                if not 0 <= wc < w:
                    continue
                base = float(self.cost[wr, wc])
                if base >= best:
                    continue
                centre = WorldPoint((col + dc + 0.5) * cs, (row + dr + 0.5) * cs)
                total = base + segment_cost(self.raster, self.speeds, centre, point)
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
) -> CostField:
    """The lattice cost field from ``origin`` over ``speeds`` (from :func:`speed_field`), up to ``allowance``.

    ``allowance`` and ``search_limit`` (default: the allowance) are world units; the search stops at
    ``search_limit``. The window spans the search's reach (limit x fastest multiplier) plus a margin, clipped to
    the raster, so the time depends on the allowance, not on the map's size. With ``toward``, the search keeps
    only cells whose cost plus the straight line to that point at the fastest speed stays within the limit (an
    A* bound), in a window around the ellipse they lie in: much less work for one far target. An origin off the
    map gives an empty field. Raises ValueError when ``speeds`` does not match the raster's shape.
    """
    if speeds.shape != raster.shape:
        raise ValueError(f"speed field shape {speeds.shape} does not match the raster's {raster.shape}")
    limit = allowance if search_limit is None else max(search_limit, allowance)
    limit = max(limit, 0.0)
    rows, cols = raster.shape
    cs = raster.cell_size
    fastest = _fastest(speeds)
    reach = limit * fastest / cs
    centre = origin if _on_map(raster, origin) else WorldPoint(0.0, 0.0)
    if toward is not None and math.isfinite(reach) and _on_map(raster, toward):
        # the cells kept lie in the ellipse |o - c| + |c - t| <= reach around o and t: a circle of radius
        # reach / 2 around their middle holds it
        centre = WorldPoint((origin.x + toward.x) / 2.0, (origin.y + toward.y) / 2.0)
        reach = reach / 2.0
    radius = max(rows, cols) if not math.isfinite(reach) else int(math.ceil(reach)) + _WINDOW_MARGIN
    ccol, crow = int(math.floor(centre.x / cs)), int(math.floor(centre.y / cs))
    row0, col0 = max(0, crow - radius), max(0, ccol - radius)
    row1, col1 = min(rows, crow + radius + 1), min(cols, ccol + radius + 1)
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
        if toward is not None:
            settled = _kernel.cost_field(
                speeds, cs, origin.x, origin.y, limit, row0, col0, cost, pred, toward.x, toward.y, fastest
            )
        else:
            settled = _kernel.cost_field(speeds, cs, origin.x, origin.y, limit, row0, col0, cost, pred)
    cost.setflags(write=False)
    pred.setflags(write=False)
    return CostField(raster, speeds, origin, allowance, limit, row0, col0, cost, pred, settled, toward)


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
    _kernel.cost_field(fine, fcs, origin.x - x0, origin.y - y0, cost * 1.03, 0, 0, fcost, fpred, tx, ty, fastest)
    # connect the target to the fine lattice, as _connect does on the coarse one
    tcol, trow = int(math.floor(tx / fcs)), int(math.floor(ty / fcs))
    h, w = fine.shape
    best, best_index = math.inf, -1
    for dr in range(-_CONNECT, _CONNECT + 1):
        for dc in range(-_CONNECT, _CONNECT + 1):
            r, c = trow + dr, tcol + dc
            if not (0 <= r < h and 0 <= c < w) or not fcost[r, c] < best:
                continue
            total = fcost[r, c] + _kernel.segment_cost(fine, fcs, (c + 0.5) * fcs, (r + 0.5) * fcs, tx, ty)
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
    coords = _kernel.smooth_path(speeds, raster.cell_size, [v for p in points for v in (float(p.x), float(p.y))])
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
    ruleset: Ruleset,
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
    ``heading`` is a ship's current heading in degrees (None: no heading yet, any bearing is allowed). Checks,
    in order: move-and-fire, a heading change this turn, the map's edge, the ship's heading limit (RULINGS.md),
    the terrain under the unit and at the target, then the cost of the cheapest path against the allowance. ``field`` is a
    :func:`cost_field` for this unit at ``origin`` to reuse while dragging; one is computed when it is None or
    does not fit. Raises KeyError (with the known ids) for an unknown unit type.
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
                f"{unit_type_id} may turn at most {_number(unit.heading_limit)} deg per move; "
                f"this move turns {_number(turn)} deg"
            )
    table = ruleset.speed_table(unit_type_id)
    speeds = speed_field(raster, table)
    col, row = raster.cell_of(origin)
    if speeds[row, col] <= 0.0:
        label = _label(raster, table, col, row)
        return refuse(f"{unit_type_id} stands on {label}, which it cannot enter")
    col, row = raster.cell_of(target)
    if speeds[row, col] <= 0.0:
        label = _label(raster, table, col, row)
        return refuse(f"{label}: {unit_type_id} cannot enter {label}")
    if (
        field is None
        or field.speeds is not speeds
        or field.origin != origin
        or field.raster is not raster
        or field.toward not in (None, target)
    ):
        field = cost_field(raster, speeds, origin, allowance_left)
    result = cheapest_path(field, target)
    if not result.reachable:
        result = _search_further(raster, speeds, origin, target, allowance_left, field.search_limit)
    if not result.reachable:
        blocking = [label for label, _, cost in terrain_along(raster, speeds, table, (origin, target)) if cost == math.inf]
        if blocking:
            what = _join(blocking)
            return refuse(f"no way there: {what} in the way, and {unit_type_id} cannot enter {what}")
        return refuse(f"no way there for {unit_type_id} within reach")
    limit = allowance_left + COST_TOLERANCE * max(1.0, abs(allowance_left))
    if result.cost > limit:
        crossed = [label for label, _, _ in terrain_along(raster, speeds, table, result.points)]
        shown = crossed[:3] + (["other terrain"] if len(crossed) > 3 else [])
        verb = "costs" if len(shown) == 1 else "cost"
        cost_text, left_text = _number_pair(result.cost, allowance_left)
        return refuse(
            f"{_join(shown)} {verb} {cost_text}, {unit_type_id} has {left_text} left", result.cost, result.points
        )
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
        positive = speeds[speeds > 0.0]
        slowest = float(positive.min())
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


# The widest search (in cells from the origin) made to explain a refusal whose straight line is blocked.
_FURTHEST_SEARCH_CELLS = 400


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

    ``what`` names the range: "fire", "missile", "attack", "torpedo", "dogfight"...
    """
    if in_range(a, b, range_):
        return None
    away, reach = _number_pair(distance(a, b), range_)
    return f"target is {away} away; {what} range is {reach}"


def command_range(ruleset: Ruleset, unit_type_id: str, command: str) -> float | None:
    """How far a unit type reaches with ``command`` ("fire", "missile", "attack", "dogfight"...), world units.

    The command table's range for the type, else the rule set's constant ``<command>_range`` or
    ``<command>_reach`` (``attack_distance`` for "attack"); None when neither gives one (the command has no
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
    if command == "attack" and "attack_distance" in ruleset.constants:
        return float(ruleset.constants["attack_distance"])
    return None


def range_check(ruleset: Ruleset, unit_type_id: str, command: str, a: WorldPoint, b: WorldPoint) -> str | None:
    """None when a unit of type ``unit_type_id`` at ``a`` reaches ``b`` with ``command``; else the reason,
    e.g. "target is 12.3 away; fire range is 10". A command without a range always reaches. Raises KeyError
    as :func:`command_range`."""
    reach = command_range(ruleset, unit_type_id, command)
    return None if reach is None else range_reason(a, b, reach, command)
