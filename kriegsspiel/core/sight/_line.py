"""Line of sight: what a unit sees of the battlefield.

Heights
    Heights count in world units, like distances: elevation levels for the Fourth Edition, metres for
    Ruleset V3 (the rule set's terrain ``elevation`` and ``[sight]`` numbers are in the same unit). A cell's *ground* is the map's elevation, or the
    terrain's default elevation from the rule set where the map gives 0 (hills and mountains drawn without an
    elevation layer still rise). A cell that blocks sight (forest, buildings, tiles with ``blocks_sight``) has
    a *surface* ``obstacle_height`` above its ground; every other cell's surface is its ground. The observer's
    eye is ``eye_height`` above the ground of its cell. A cell is *seen* when the line from the eye to its
    ground is clear: the edge of a wood is seen, the ground behind the trees is not, and a unit on a hill sees
    over the woods below when the slope allows.

The sweep (an XDraw-style ring sweep, as GDAL's viewshed does it)
    The cells around the observer's cell are visited ring by ring, ring k holding the cells at Chebyshev
    distance k. Every cell keeps the steepest slope (height over horizontal distance in cells, from the eye)
    met by the ray from the eye to it, *including* its own surface: its *horizon*. A cell of ring k finds the point where
    its ray crosses ring k-1 (column dx -/+ 1 when |dx| >= |dy|, else row dy -/+ 1), interpolates the horizon
    of the two ring k-1 cells on either side of that point linearly, is seen when the slope to its own ground
    is at least that, and keeps the larger of that and the slope to its own surface for ring k+1. The first
    ring is always seen. The work is one pass over the square window of the sight range, so the time does not
    depend on the map size. Interpolation softens very thin shadows far away (as in GDAL); for the tens of
    tiles of a unit's sight this is well within the precision of a tile map.

Only cells whose centre lies within the sight range of the observer's (continuous) position are seen; cells
off the map (the ragged edge of a hex map) are never seen.

The C kernel ``kriegsspiel.core.sight._sight`` does the sweep; :func:`viewshed_reference` is the same sweep in numpy,
kept as the definition, as the test oracle and as the fallback when the extension is not built. Both take the
ring geometry (offsets, the two cells each ray passes between, weights, inverse distances) from
:func:`ring_geometry`, computed once per reach, and do the remaining arithmetic operation for operation alike,
so that they agree to the bit.
"""
from __future__ import annotations

import importlib

import functools
import math
import weakref
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numpy as np

from kriegsspiel.core.battlefield import TerrainRaster
from kriegsspiel.core.geometry import WorldPoint

_kernel: ModuleType | None
try:
    # by name, as an optional extension: the package's face is not imported from inside it
    _kernel = importlib.import_module("kriegsspiel.core.sight._sight")
except ImportError:  # not built (a source checkout without a compiler): the numpy sweep still works
    _kernel = None

#: Seen when the ground slope is at least the horizon minus this (grazing rays are seen); same in C.
SLOPE_TOLERANCE = 1e-9


@dataclass(frozen=True, slots=True)
class SightRules:
    """The rule set's ``[sight]`` numbers, in elevation levels (= world units vertically).

    ``eye_height``: the observer's eye above its ground; ``obstacle_height``: how far a blocking cell (forest,
    building) rises above its ground.
    """

    eye_height: float
    obstacle_height: float

    @staticmethod
    def from_ruleset(ruleset: Any) -> SightRules:
        """Read ``eye_height`` and ``obstacle_height`` from a RuleBook.

        Looks for a ``sight`` attribute (a mapping or an object with those names), then for the two names among
        the rule set's ``constants``. Raises KeyError naming the rule set when neither has them.
        """
        for source in (getattr(ruleset, "sight", None), getattr(ruleset, "constants", None)):
            if source is None:
                continue
            if isinstance(source, Mapping):
                if "eye_height" in source and "obstacle_height" in source:
                    return SightRules(float(source["eye_height"]), float(source["obstacle_height"]))
            elif hasattr(source, "eye_height") and hasattr(source, "obstacle_height"):
                return SightRules(float(source.eye_height), float(source.obstacle_height))
        raise KeyError(
            f"rule set {getattr(ruleset, 'id', '?')!r} has no [sight] eye_height and obstacle_height; "
            "add them to its TOML file"
        )


def terrain_heights_of(ruleset: Any) -> dict[str, float]:
    """The default ground height (levels) of every terrain id of a RuleBook, from its terrain rows."""
    return {terrain_id: float(row.elevation) for terrain_id, row in ruleset.terrain.items()}


@dataclass(frozen=True, eq=False)
class SightTerrain:
    """Heights for line of sight over a raster's cells, arrays indexed [row, column].

    ``ground`` and ``surface`` are float64 heights in levels (C-contiguous, for the kernel); ``on_map`` is
    False on cells outside the map.
    """

    cell_size: float
    ground: np.ndarray
    surface: np.ndarray
    on_map: np.ndarray

    @property
    def shape(self) -> tuple[int, int]:
        rows, columns = self.ground.shape
        return rows, columns

    def cell_of(self, point: WorldPoint) -> tuple[int, int]:
        """(column, row) of the cell containing ``point`` (may be outside the raster)."""
        return int(math.floor(point.x / self.cell_size)), int(math.floor(point.y / self.cell_size))


_terrain_cache: weakref.WeakKeyDictionary[TerrainRaster, dict[tuple, SightTerrain]] = weakref.WeakKeyDictionary()


def sight_terrain(
    raster: TerrainRaster,
    obstacle_height: float,
    terrain_heights: Mapping[str, float],
    extra_blocking: np.ndarray | None = None,
) -> SightTerrain:
    """The ground and surface heights of ``raster`` for line of sight.

    ``terrain_heights``: terrain id -> default ground height (levels) where the map's elevation is 0; ids not
    in it default to 0. ``extra_blocking``: an optional bool array over the raster of further blocking cells
    (buildings). Cached per raster when ``extra_blocking`` is None (the raster is immutable).
    Raises ValueError when ``obstacle_height`` is negative or not finite.
    """
    if not (math.isfinite(obstacle_height) and obstacle_height >= 0.0):
        raise ValueError(f"obstacle_height must be a finite number >= 0, got {obstacle_height!r}")
    key = (float(obstacle_height), tuple(sorted((k, float(v)) for k, v in terrain_heights.items())))
    if extra_blocking is None:
        per_raster = _terrain_cache.get(raster)
        if per_raster is not None and key in per_raster:
            return per_raster[key]
    defaults = np.array([float(terrain_heights.get(t, 0.0)) for t in raster.terrain_ids] + [0.0], dtype=np.float64)
    terrain = raster.terrain.astype(np.int64)
    on_map = terrain >= 0
    # index -1 (off the map) picks the trailing 0.0
    default_ground = defaults[np.where(on_map, terrain, len(raster.terrain_ids))]
    elevation = raster.elevation.astype(np.float64)
    ground = np.where(elevation != 0.0, elevation, default_ground)
    ground = np.where(on_map, ground, 0.0)
    blocking = raster.blocks_sight.astype(bool) & on_map
    if extra_blocking is not None:
        if extra_blocking.shape != raster.shape:
            raise ValueError(f"extra_blocking has shape {extra_blocking.shape}, the raster {raster.shape}")
        blocking = blocking | (extra_blocking.astype(bool) & on_map)
    surface = ground + np.where(blocking, float(obstacle_height), 0.0)
    result = SightTerrain(
        cell_size=float(raster.cell_size),
        ground=np.ascontiguousarray(ground, dtype=np.float64),
        surface=np.ascontiguousarray(surface, dtype=np.float64),
        on_map=on_map,
    )
    if extra_blocking is None:
        _terrain_cache.setdefault(raster, {})[key] = result
    return result


@dataclass(frozen=True, eq=False)
class Viewshed:
    """The cells one observer sees: ``mask`` (bool, [row, column]) over the window whose top-left cell is
    (``row0``, ``col0``) of the raster."""

    row0: int
    col0: int
    mask: np.ndarray

    def seen(self, column: int, row: int) -> bool:
        """True when the raster cell (column, row) is seen."""
        r, c = row - self.row0, column - self.col0
        rows, cols = self.mask.shape
        return 0 <= r < rows and 0 <= c < cols and bool(self.mask[r, c])

    def paint(self, area: np.ndarray) -> None:
        """OR this viewshed into ``area``, a bool array over the whole raster (a player's seen area)."""
        rows, cols = self.mask.shape
        if rows and cols:
            area[self.row0 : self.row0 + rows, self.col0 : self.col0 + cols] |= self.mask

    def full(self, shape: tuple[int, int]) -> np.ndarray:
        """This viewshed as a bool array of the whole raster's ``shape``."""
        area = np.zeros(shape, dtype=bool)
        self.paint(area)
        return area


@dataclass(frozen=True, eq=False)
class RingGeometry:
    """The cells of rings 1..``reach`` around an observer's cell, in the order the sweep visits them.

    ``dx``, ``dy``: offsets in cells (int32). ``own``, ``a``, ``b``: indices (int32) into the flattened
    (2 reach + 1)^2 square of horizons: the cell itself, and the two ring k-1 cells its ray passes between
    (``a`` = -1 on ring 1; ``b`` = -1 when the ray passes through the centre of ``a``). ``t``: the weight of
    ``b`` in the interpolation. ``inv_dist``: 1 / the distance in cells. ``starts[k - 1]``: where ring k begins.
    Shared, bit for bit, by the C kernel and the numpy sweep.
    """

    reach: int
    dx: np.ndarray
    dy: np.ndarray
    own: np.ndarray
    a: np.ndarray
    b: np.ndarray
    t: np.ndarray
    inv_dist: np.ndarray
    starts: tuple[int, ...]


@functools.lru_cache(maxsize=64)
def ring_geometry(reach: int) -> RingGeometry:
    """The sweep's geometry for rings 1..``reach`` (cached: it depends on nothing else)."""
    side = 2 * reach + 1
    parts: dict[str, list[np.ndarray]] = {name: [] for name in ("dx", "dy", "a", "b", "t")}
    starts = []
    count = 0
    for k in range(1, reach + 1):
        starts.append(count)
        span = np.arange(-k, k + 1, dtype=np.int64)
        inner = np.arange(-k + 1, k, dtype=np.int64)
        # row by row from the top: the whole top row, the two sides, the whole bottom row
        dy = np.concatenate([np.full(span.size, -k), np.repeat(inner, 2), np.full(span.size, k)])
        dx = np.concatenate([span, np.tile([-k, k], inner.size), span])
        count += dx.size
        if k == 1:
            a = np.full(dx.size, -1, dtype=np.int64)
            b = np.full(dx.size, -1, dtype=np.int64)
            t = np.zeros(dx.size)
        else:
            major_x = np.abs(dx) >= np.abs(dy)
            # along x the ray crosses column dx -/+ 1 at row offset dy (k-1) / k; along y, the other way
            y_frac = (dy * (k - 1)).astype(np.float64) / float(k)
            x_frac = (dx * (k - 1)).astype(np.float64) / float(k)
            y_floor, x_floor = np.floor(y_frac), np.floor(x_frac)
            t = np.where(major_x, y_frac - y_floor, x_frac - x_floor)
            ax = np.where(major_x, dx - np.sign(dx), x_floor.astype(np.int64))
            ay = np.where(major_x, y_floor.astype(np.int64), dy - np.sign(dy))
            bx = np.where(major_x, ax, ax + 1)
            by = np.where(major_x, ay + 1, ay)
            a = (ay + reach) * side + (ax + reach)
            b = np.where(t == 0.0, -1, (by + reach) * side + (bx + reach))
        parts["dx"].append(dx)
        parts["dy"].append(dy)
        parts["a"].append(a)
        parts["b"].append(b)
        parts["t"].append(t)

    def joined(name: str, dtype: type) -> np.ndarray:
        if not parts[name]:
            return np.zeros(0, dtype=dtype)
        return np.ascontiguousarray(np.concatenate(parts[name]).astype(dtype))

    dx_all, dy_all = joined("dx", np.int32), joined("dy", np.int32)
    own = np.ascontiguousarray(((dy_all.astype(np.int64) + reach) * side + dx_all + reach).astype(np.int32))
    inv = np.ascontiguousarray(1.0 / np.sqrt((dx_all.astype(np.float64) ** 2 + dy_all.astype(np.float64) ** 2)))
    geometry = RingGeometry(reach, dx_all, dy_all, own, joined("a", np.int32), joined("b", np.int32),
                            joined("t", np.float64), inv, tuple(starts))
    for array in (geometry.dx, geometry.dy, geometry.own, geometry.a, geometry.b, geometry.t, geometry.inv_dist):
        array.setflags(write=False)
    return geometry


def _window(terrain: SightTerrain, observer: WorldPoint, sight_range: float) -> tuple[int, int, int, int, int, int]:
    """(obs_row, obs_col, row0, col0, out_rows, out_cols) for an observer on the raster."""
    rows, cols = terrain.shape
    col, row = terrain.cell_of(observer)
    if not (0 <= row < rows and 0 <= col < cols):
        raise ValueError(f"the observer at {observer.x:g},{observer.y:g} is off the map")
    reach = int(math.floor(sight_range / terrain.cell_size + 0.5))
    row0, col0 = max(0, row - reach), max(0, col - reach)
    row1, col1 = min(rows - 1, row + reach), min(cols - 1, col + reach)
    return row, col, row0, col0, row1 - row0 + 1, col1 - col0 + 1


def _check_numbers(sight_range: float, eye_height: float) -> None:
    if not (math.isfinite(sight_range) and sight_range >= 0.0):
        raise ValueError(f"sight_range must be a finite number >= 0, got {sight_range!r}")
    if not math.isfinite(eye_height):
        raise ValueError(f"eye_height must be finite, got {eye_height!r}")


def viewshed_on(terrain: SightTerrain, observer: WorldPoint, sight_range: float, eye_height: float) -> Viewshed:
    """The cells seen from ``observer`` (world units) up to ``sight_range`` (world units), eye ``eye_height``
    levels above the ground. Uses the C kernel when built, else :func:`viewshed_reference`.

    Raises ValueError when the observer is off the raster or a number is negative or not finite.
    """
    if _kernel is None:
        return viewshed_reference(terrain, observer, sight_range, eye_height)
    _check_numbers(sight_range, eye_height)
    obs_row, obs_col, row0, col0, out_rows, out_cols = _window(terrain, observer, sight_range)
    out = np.empty((out_rows, out_cols), dtype=np.uint8)
    rows, cols = terrain.shape
    eye_z = float(terrain.ground[obs_row, obs_col]) + float(eye_height)
    reach = int(math.floor(sight_range / terrain.cell_size + 0.5))
    g = ring_geometry(reach)
    _kernel.viewshed(
        terrain.ground, terrain.surface, rows, cols, obs_row, obs_col, float(observer.x), float(observer.y),
        eye_z, float(terrain.cell_size), float(sight_range), out, row0, col0, out_rows, out_cols,
        reach, g.dx, g.dy, g.own, g.a, g.b, g.t, g.inv_dist,
    )
    mask = out.view(bool)
    mask &= terrain.on_map[row0 : row0 + out_rows, col0 : col0 + out_cols]
    return Viewshed(row0, col0, mask)


def viewshed(
    raster: TerrainRaster,
    observer: WorldPoint,
    sight_range: float,
    eye_height: float,
    obstacle_height: float,
    terrain_heights: Mapping[str, float],
) -> Viewshed:
    """The cells of ``raster`` seen from ``observer`` (see the module doc for the heights and the sweep).

    ``sight_range`` in world units; ``eye_height``, ``obstacle_height`` and ``terrain_heights`` (terrain id ->
    default ground height) in levels. Raises ValueError when the observer is off the raster or a number is
    negative or not finite.
    """
    return viewshed_on(sight_terrain(raster, obstacle_height, terrain_heights), observer, sight_range, eye_height)


def viewshed_reference(terrain: SightTerrain, observer: WorldPoint, sight_range: float, eye_height: float) -> Viewshed:
    """The ring sweep in numpy, one ring at a time: the definition the C kernel is tested against.

    Same arguments, result and errors as :func:`viewshed_on`.
    """
    _check_numbers(sight_range, eye_height)
    obs_row, obs_col, row0, col0, out_rows, out_cols = _window(terrain, observer, sight_range)
    rows, cols = terrain.shape
    cell = float(terrain.cell_size)
    eye_z = float(terrain.ground[obs_row, obs_col]) + float(eye_height)
    obs_x, obs_y = float(observer.x), float(observer.y)
    range_sq = float(sight_range) * float(sight_range)
    reach = int(math.floor(sight_range / cell + 0.5))
    geometry = ring_geometry(reach)
    side = 2 * reach + 1
    horizon = np.full(side * side, -np.inf)
    out = np.zeros((out_rows, out_cols), dtype=bool)

    def mark_in_range(rr: np.ndarray, cc: np.ndarray, seen: np.ndarray) -> None:
        cx = (cc.astype(np.float64) + 0.5) * cell - obs_x
        cy = (rr.astype(np.float64) + 0.5) * cell - obs_y
        hit = seen & (cx * cx + cy * cy <= range_sq)
        out[rr[hit] - row0, cc[hit] - col0] = True

    mark_in_range(np.array([obs_row]), np.array([obs_col]), np.array([True]))
    ends = geometry.starts[1:] + (geometry.dx.size,)
    for start, end in zip(geometry.starts, ends):
        ring = slice(start, end)
        rr = obs_row + geometry.dy[ring].astype(np.int64)
        cc = obs_col + geometry.dx[ring].astype(np.int64)
        inside = (rr >= 0) & (rr < rows) & (cc >= 0) & (cc < cols)
        rr, cc = rr[inside], cc[inside]
        a, b = geometry.a[ring][inside], geometry.b[ring][inside]
        t, inv = geometry.t[ring][inside], geometry.inv_dist[ring][inside]
        ha = horizon[np.maximum(a, 0)]
        hb = horizon[np.maximum(b, 0)]  # index 0 stands in where there is no b; its value is not used
        with np.errstate(invalid="ignore"):
            h = np.where(a < 0, -np.inf, np.where(b < 0, ha, ha + t * (hb - ha)))
        ground_slope = (terrain.ground[rr, cc] - eye_z) * inv
        surface_slope = (terrain.surface[rr, cc] - eye_z) * inv
        horizon[geometry.own[ring][inside]] = np.where(surface_slope > h, surface_slope, h)
        mark_in_range(rr, cc, ground_slope >= h - SLOPE_TOLERANCE)
    out &= terrain.on_map[row0 : row0 + out_rows, col0 : col0 + out_cols]
    return Viewshed(row0, col0, out)


@dataclass(frozen=True, slots=True)
class Observer:
    """One pair of eyes: a position (world units) and a sight range (world units)."""

    position: WorldPoint
    sight_range: float


def seen_area(terrain: SightTerrain, observers: Iterable[Observer], eye_height: float) -> np.ndarray:
    """The union of the viewsheds of ``observers``: a bool array over the raster ([row, column]).

    Observers off the map see nothing. Raises ValueError for a negative or non-finite range or eye height.
    """
    area = np.zeros(terrain.shape, dtype=bool)
    rows, cols = terrain.shape
    for observer in observers:
        col, row = terrain.cell_of(observer.position)
        if not (0 <= row < rows and 0 <= col < cols):
            continue
        viewshed_on(terrain, observer.position, observer.sight_range, eye_height).paint(area)
    return area


def sight_kernel() -> str:
    """Which line-of-sight kernel is in use: ``"c"`` (the built extension) or ``"python"`` (numpy)."""
    return "python" if _kernel is None else "c"
