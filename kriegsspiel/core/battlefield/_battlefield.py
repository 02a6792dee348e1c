"""The battlefield as the rules see it: a terrain grid, roads, heights, structures, zones, placements.

A Battlefield is built by a loader (``kriegsspiel.tiled``) or by hand in tests; the core never reads files.
World coordinates follow docs/design.md: origin top-left, x right, y down, in the rule set's distance unit.
One Tiled pixel is ``world_per_px`` world units in both axes (``units_per_tile / tile_width``).

Movement and sight work on a :class:`TerrainRaster`: square cells in world units. For orthogonal maps with
square tiles the raster is the tile grid itself; for hexagonal maps it is a finer square sampling of the hexes,
so that every point still takes the terrain of the hex that contains it.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from kriegsspiel.core.geometry import WorldPoint


@dataclass(frozen=True, eq=False)
class MapGrid:
    """The geometry of a Tiled tile grid.

    Pixel sizes are Tiled's; ``world_per_px`` converts pixels to world units. Hexagonal grids follow Tiled's
    layout (``stagger_axis`` "x" or "y", ``stagger_index`` "odd" or "even", ``hex_side_px``).
    """

    orientation: str  # "orthogonal" or "hexagonal"
    columns: int
    rows: int
    tile_width_px: int
    tile_height_px: int
    world_per_px: float
    hex_side_px: int = 0
    stagger_axis: str | None = None
    stagger_index: str | None = None

    @property
    def units_per_tile(self) -> float:
        """World units spanned by one tile's width."""
        return self.tile_width_px * self.world_per_px

    @property
    def pixel_size(self) -> tuple[int, int]:
        """The whole map's size in Tiled pixels (width, height)."""
        if self.orientation == "orthogonal":
            return self.columns * self.tile_width_px, self.rows * self.tile_height_px
        from kriegsspiel.core.battlefield import _hexgrid as hexgrid

        return hexgrid.pixel_size(self)

    @property
    def world_size(self) -> tuple[float, float]:
        """The whole map's size in world units (width, height)."""
        w, h = self.pixel_size
        return w * self.world_per_px, h * self.world_per_px

    def cells_at(self, xs: np.ndarray, ys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The (column, row) of the tile containing each world point; -1 for points off the map."""
        px = np.asarray(xs, dtype=np.float64) / self.world_per_px
        py = np.asarray(ys, dtype=np.float64) / self.world_per_px
        if self.orientation == "orthogonal":
            cols = np.floor(px / self.tile_width_px).astype(np.int64)
            rows = np.floor(py / self.tile_height_px).astype(np.int64)
        else:
            from kriegsspiel.core.battlefield import _hexgrid as hexgrid

            cols, rows = hexgrid.cells_at_pixels(self, px, py)
        off = (cols < 0) | (rows < 0) | (cols >= self.columns) | (rows >= self.rows)
        cols = np.where(off, -1, cols)
        rows = np.where(off, -1, rows)
        return cols, rows

    def cell_at(self, point: WorldPoint) -> tuple[int, int] | None:
        """The (column, row) of the tile containing ``point``, or None when it is off the map."""
        cols, rows = self.cells_at(np.array([point.x]), np.array([point.y]))
        if cols[0] < 0:
            return None
        return int(cols[0]), int(rows[0])

    def cell_centre(self, column: int, row: int) -> WorldPoint:
        """The world position of a tile's centre."""
        if self.orientation == "orthogonal":
            return WorldPoint(
                (column + 0.5) * self.tile_width_px * self.world_per_px,
                (row + 0.5) * self.tile_height_px * self.world_per_px,
            )
        from kriegsspiel.core.battlefield import _hexgrid as hexgrid

        px, py = hexgrid.centre_pixel(self, column, row)
        return WorldPoint(px * self.world_per_px, py * self.world_per_px)


@dataclass(frozen=True, slots=True)
class Structure:
    """A man-made thing on the map (Tiled object of type ``structure``). Positions in world units."""

    name: str
    kind: str  # settlement, building, bridge, road, fortification, port, airfield
    outline: tuple[WorldPoint, ...]  # polygon (a point object gives one vertex)
    health: int | None = None
    properties: Mapping[str, Any] = field(default_factory=dict)

    @property
    def centre(self) -> WorldPoint:
        xs = [p.x for p in self.outline]
        ys = [p.y for p in self.outline]
        return WorldPoint(sum(xs) / len(xs), sum(ys) / len(ys))


@dataclass(frozen=True, slots=True)
class Zone:
    """A named area (Tiled object of type ``zone``): an objective or a deployment area."""

    name: str
    outline: tuple[WorldPoint, ...]  # polygon vertices in world units
    properties: Mapping[str, Any] = field(default_factory=dict)

    def contains(self, point: WorldPoint) -> bool:
        """True when ``point`` lies inside the polygon (even-odd rule)."""
        inside = False
        pts = self.outline
        n = len(pts)
        for i in range(n):
            a, b = pts[i], pts[(i + 1) % n]
            if (a.y > point.y) != (b.y > point.y):
                x_cross = a.x + (point.y - a.y) * (b.x - a.x) / (b.y - a.y)
                if point.x < x_cross:
                    inside = not inside
        return inside


@dataclass(frozen=True, slots=True)
class UnitPlacement:
    """A unit drawn on the map's ``units`` layer (Tiled object of type ``unit``)."""

    name: str
    side: str
    unit_type: str
    position: WorldPoint
    heading: float | None = None
    health: int | None = None
    hidden: bool | None = None
    #: where the map author finds it in Tiled: the object's id and name as Tiled shows them, its layer, and the
    #: line of the .tmx that holds it ("" / None for units not read from a map file)
    object_id: str = ""
    object_name: str = ""
    layer: str = ""
    line: int | None = None

    def tiled_label(self) -> str:
        """The object as Tiled shows it, for messages: ``object 12 ('va1') in layer 'units'``; without an
        object id, ``unit 'NAME'``."""
        if not self.object_id:
            return f"unit {self.name!r}"
        named = f" ('{self.object_name}')" if self.object_name else ""
        layer = f" in layer '{self.layer}'" if self.layer else ""
        return f"object {self.object_id}{named}{layer}"


@dataclass(frozen=True, eq=False)
class TerrainRaster:
    """Square cells of ``cell_size`` world units covering the map, for movement and sight.

    Arrays are indexed [row, column]; ``terrain`` holds indices into ``terrain_ids``; cells outside the map
    (the ragged edge of a hex map) hold -1.
    """

    cell_size: float
    terrain_ids: tuple[str, ...]
    terrain: np.ndarray  # int16
    road: np.ndarray  # bool
    elevation: np.ndarray  # float32, in the map's elevation levels
    blocks_sight: np.ndarray  # bool
    #: structure kind -> bool cells under the printed map's structures of that kind (a point object: its cell),
    #: for rule sets that class structures for movement (Ruleset V3: villages and bridges are rough going)
    structure_cells: Mapping[str, np.ndarray] = field(default_factory=dict)

    @property
    def shape(self) -> tuple[int, int]:
        return self.terrain.shape

    def cell_of(self, point: WorldPoint) -> tuple[int, int]:
        """(column, row) of the raster cell containing ``point`` (may be outside the raster)."""
        return int(point.x // self.cell_size), int(point.y // self.cell_size)

    def contains(self, point: WorldPoint) -> bool:
        """True when ``point`` lies on a cell of the map."""
        col, row = self.cell_of(point)
        rows, cols = self.shape
        return 0 <= col < cols and 0 <= row < rows and self.terrain[row, col] >= 0


@dataclass(frozen=True, eq=False)
class Battlefield:
    """A map as the rules see it. Arrays are indexed [row, column] of the Tiled grid."""

    source: str  # the file it came from, for messages
    grid: MapGrid
    terrain_ids: tuple[str, ...]
    terrain: np.ndarray  # int16 indices into terrain_ids
    road: np.ndarray  # bool: a road (or bridge) on this tile overrides the terrain for movement
    elevation: np.ndarray  # float32, elevation levels (0 where the map gives none)
    blocks_sight: np.ndarray  # bool, from the tile property or the terrain's default
    structures: tuple[Structure, ...] = ()
    zones: tuple[Zone, ...] = ()
    placements: tuple[UnitPlacement, ...] = ()
    properties: Mapping[str, Any] = field(default_factory=dict)
    _raster_cache: dict = field(default_factory=dict, repr=False, compare=False)
    #: The structures as the map was drawn (the players' printed map). Set from ``structures`` when the
    #: battlefield is made and carried over by ``dataclasses.replace`` when the game builds or destroys one,
    #: so that a player's picture shows the printed map where they cannot see (``core/fog.py``).
    printed_structures: tuple[Structure, ...] | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.printed_structures is None:
            object.__setattr__(self, "printed_structures", tuple(self.structures))

    @property
    def world_size(self) -> tuple[float, float]:
        return self.grid.world_size

    def contains(self, point: WorldPoint) -> bool:
        """True when ``point`` lies on a tile of the map."""
        return self.grid.cell_at(point) is not None

    def terrain_at(self, point: WorldPoint) -> str | None:
        """The terrain id of the tile containing ``point`` (None off the map). Roads are not terrain."""
        cell = self.grid.cell_at(point)
        if cell is None:
            return None
        return self.terrain_ids[int(self.terrain[cell[1], cell[0]])]

    def road_at(self, point: WorldPoint) -> bool:
        """True when the tile containing ``point`` carries a road or a bridge."""
        cell = self.grid.cell_at(point)
        return cell is not None and bool(self.road[cell[1], cell[0]])

    def zone(self, name: str) -> Zone | None:
        """The zone called ``name`` (case-sensitive), or None."""
        for zone in self.zones:
            if zone.name == name:
                return zone
        return None

    def raster(self) -> TerrainRaster:
        """The square-cell raster for movement and sight, with the roads of the structures standing now.

        Movement reads the structures of the current state (docs/rulings.md 2026-11): a road or bridge built in the
        game is road on its cells, and the cells of a printed one that fell are no longer (its terrain is back).
        Cached per set of standing roads and bridges; the map itself is immutable.
        """
        base = self._printed_raster()
        printed, standing = _road_works(self.printed_structures or ()), _road_works(self.structures)
        if standing == printed:
            return base
        key = ("raster", standing)
        cached = self._raster_cache.get(key)
        if cached is not None:
            return cached
        road = base.road.copy()
        for gone in printed - standing:
            road &= ~_cells_touched(gone[2], base)
        for built in standing - printed:
            road |= _cells_touched(built[2], base) & (base.terrain >= 0)
        road.setflags(write=False)
        raster = dataclasses.replace(base, road=road)
        object.__setattr__(raster, "structure_cells", structure_cells(self.structures, raster.shape, raster.cell_size))
        self._raster_cache[key] = raster
        return raster

    def _printed_raster(self) -> TerrainRaster:
        """The raster of the map as printed (cached)."""
        cached = self._raster_cache.get("raster")
        if cached is not None:
            return cached
        g = self.grid
        if g.orientation == "orthogonal" and g.tile_width_px == g.tile_height_px:
            raster = TerrainRaster(
                cell_size=g.units_per_tile,
                terrain_ids=self.terrain_ids,
                terrain=self.terrain.astype(np.int16, copy=False),
                road=self.road,
                elevation=self.elevation.astype(np.float32, copy=False),
                blocks_sight=self.blocks_sight,
            )
        else:
            raster = self._sampled_raster()
        structures = self.printed_structures if self.printed_structures is not None else self.structures
        object.__setattr__(raster, "structure_cells", structure_cells(structures, raster.shape, raster.cell_size))
        self._raster_cache["raster"] = raster
        return raster

    def _sampled_raster(self) -> TerrainRaster:
        """Sample non-square or hexagonal tiles on square cells a quarter of the smaller tile side."""
        g = self.grid
        side_px = min(g.tile_width_px, g.tile_height_px) / 4.0
        cell = side_px * g.world_per_px
        width, height = g.world_size
        cols = max(1, int(np.ceil(width / cell - 1e-9)))
        rows = max(1, int(np.ceil(height / cell - 1e-9)))
        xs = (np.arange(cols) + 0.5) * cell
        ys = (np.arange(rows) + 0.5) * cell
        gx, gy = np.meshgrid(xs, ys)
        tc, tr = g.cells_at(gx, gy)
        off = tc < 0
        tc0 = np.where(off, 0, tc)
        tr0 = np.where(off, 0, tr)
        terrain = np.where(off, -1, self.terrain[tr0, tc0]).astype(np.int16)
        return TerrainRaster(
            cell_size=cell,
            terrain_ids=self.terrain_ids,
            terrain=terrain,
            road=np.where(off, False, self.road[tr0, tc0]),
            elevation=np.where(off, 0.0, self.elevation[tr0, tc0]).astype(np.float32),
            blocks_sight=np.where(off, False, self.blocks_sight[tr0, tc0]),
        )


#: structure kinds that are road for movement (a bridge is a road over the water), as the map loader marks them
ROAD_WORKS = ("bridge", "road")


def _road_works(structures: tuple[Structure, ...]) -> frozenset[tuple[str, str, tuple[WorldPoint, ...]]]:
    return frozenset((s.kind, s.name, s.outline) for s in structures if s.kind in ROAD_WORKS)


def _cells_touched(outline: tuple[WorldPoint, ...], raster: TerrainRaster) -> np.ndarray:
    """The raster cells an outline covers any part of (sampled 4 x 4 in each cell of its box); a point's cell."""
    rows, cols = raster.shape
    size = raster.cell_size
    mask = np.zeros((rows, cols), dtype=bool)
    if len(outline) < 3:
        if outline:
            col, row = int(outline[0].x // size), int(outline[0].y // size)
            if 0 <= row < rows and 0 <= col < cols:
                mask[row, col] = True
        return mask
    xs, ys = [p.x for p in outline], [p.y for p in outline]
    c0, c1 = max(0, int(min(xs) // size)), min(cols, int(max(xs) // size) + 1)
    r0, r1 = max(0, int(min(ys) // size)), min(rows, int(max(ys) // size) + 1)
    if c0 >= c1 or r0 >= r1:
        return mask
    offsets = (np.arange(4) + 0.5) / 4.0
    for dy in offsets:
        for dx in offsets:
            cx, cy = np.meshgrid((np.arange(c0, c1) + dx) * size, (np.arange(r0, r1) + dy) * size)
            inside = np.zeros(cx.shape, dtype=bool)
            for a, b in zip(outline, outline[1:] + outline[:1]):
                if a.y == b.y:
                    continue
                x_at = a.x + (b.x - a.x) * (cy - a.y) / (b.y - a.y)
                inside ^= ((a.y > cy) != (b.y > cy)) & (cx < x_at)
            mask[r0:r1, c0:c1] |= inside
    return mask


def structure_cells(structures: tuple[Structure, ...], shape: tuple[int, int],
                    cell_size: float) -> Mapping[str, np.ndarray]:
    """For each structure kind, the read-only bool cells (of ``cell_size`` world units, ``shape`` rows x
    columns) whose centre lies inside a structure of that kind; a structure drawn as a point marks its cell."""
    rows, cols = shape
    masks: dict[str, np.ndarray] = {}
    for structure in structures:
        mask = masks.setdefault(structure.kind, np.zeros(shape, dtype=bool))
        outline = structure.outline
        if len(outline) < 3:
            if outline:
                col, row = int(outline[0].x // cell_size), int(outline[0].y // cell_size)
                if 0 <= row < rows and 0 <= col < cols:
                    mask[row, col] = True
            continue
        xs, ys = [p.x for p in outline], [p.y for p in outline]
        c0, c1 = max(0, int(min(xs) // cell_size)), min(cols, int(max(xs) // cell_size) + 1)
        r0, r1 = max(0, int(min(ys) // cell_size)), min(rows, int(max(ys) // cell_size) + 1)
        if c0 >= c1 or r0 >= r1:
            continue
        cx, cy = np.meshgrid((np.arange(c0, c1) + 0.5) * cell_size, (np.arange(r0, r1) + 0.5) * cell_size)
        inside = np.zeros(cx.shape, dtype=bool)
        for a, b in zip(outline, outline[1:] + outline[:1]):
            crosses = (a.y > cy) != (b.y > cy)
            if a.y == b.y:
                continue
            x_at = a.x + (b.x - a.x) * (cy - a.y) / (b.y - a.y)
            inside ^= crosses & (cx < x_at)
        mask[r0:r1, c0:c1] |= inside
    for mask in masks.values():
        mask.setflags(write=False)
    return masks
