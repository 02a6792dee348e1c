"""A Tiled ``.tmx`` map -> a :class:`~kriegsspiel.core.battlefield._battlefield.Battlefield`, with every finding at once.

The map is read once (:mod:`kriegsspiel.tmx.document`); this module turns its tile layers into the rules'
tables and :mod:`kriegsspiel.tiled.placements` its objects into units, structures and zones. Layers are found
by their ``role`` property or their name, never by their position. Terrain comes, in order, from the
``terrain`` layer's tiles; from the tile classes or ``terrain``/``type`` properties of every tile layer
(through a mapping table, :mod:`kriegsspiel.tiled.terrain_map`); else the map is open ground, with one warning.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from kriegsspiel.core.battlefield import Battlefield, MapGrid
from kriegsspiel.core.ruleset import RuleBook
from kriegsspiel.findings import Finding
from kriegsspiel.tmx.document import GID_FLAGS, MapDocument, read_document, read_layer_role
from kriegsspiel.tiled.errors import MapError
from kriegsspiel.tiled.placements import ObjectReader, closest
from kriegsspiel.tmx.properties import read_properties
from kriegsspiel.tiled.terrain_map import (
    MAPPING_PROPERTY, NO_TERRAIN, TileTerrain, classify_tiles, mapping_toml_path, read_mapping,
)
from kriegsspiel.tiled.tile_table import TileTable
from kriegsspiel.tmx.tilesets import TilesetInfo

__all__ = ["MapReport", "check_map", "closest", "load_battlefield", "read_map"]

#: Tile-layer roles of the Tiled conventions (docs/design.md, docs/authoring.md).
TILE_ROLES = ("terrain", "roads", "elevation")
#: The terrain of tiles that carry no terrain.
DEFAULT_TERRAIN = "plains"
#: The map property the loader sets to say where terrain came from (for the window's status line).
TERRAIN_SOURCE_KEY = "kriegsspiel:terrain_source"


@dataclass(eq=False)
class MapReport:
    """The outcome of reading a map: the battlefield (None when it could not be built) and every finding."""

    path: str
    findings: list[Finding] = field(default_factory=list)
    battlefield: Battlefield | None = None
    readable: bool = True
    #: the names found on tiles and what each became (``kriegsspiel terrain``); None before tiles were read
    tile_terrain: TileTerrain | None = None
    terrain_source: str = ""

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "error"]


def load_battlefield(path: str | os.PathLike[str], ruleset: RuleBook, allow_outside: bool | None = None) -> Battlefield:
    """Read a Tiled map into a Battlefield whose terrain ids are ``ruleset``'s terrain keys.

    World units: a tile spans the map property ``units_per_tile`` (default 1.0); object positions are Tiled
    pixels times ``world_per_px``. Needs no display: no image is loaded. ``allow_outside`` lifts the rule that
    the map's files lie in its Tiled project (None: as the environment says). Raises MapError naming the file
    (and line, layer, tile or object) and what to change in Tiled, for the first error found; warnings do not
    stop loading.
    """
    report = read_map(path, ruleset, allow_outside)
    errors = report.errors
    if errors or report.battlefield is None:
        first = errors[0] if errors else Finding(report.path, "cannot be read; run kriegsspiel check on it")
        more = len(errors) - 1
        tail = f" (and {more} more problem{'s' if more > 1 else ''}; run 'kriegsspiel check {report.path}')" if more > 0 else ""
        raise MapError(first.format() + tail)
    return report.battlefield


def check_map(path: str | os.PathLike[str], ruleset: RuleBook, allow_outside: bool | None = None) -> list[Finding]:
    """Every error and warning of a Tiled map at once (empty when the map is clean). Never raises for bad maps."""
    return read_map(path, ruleset, allow_outside).findings


def read_map(path: str | os.PathLike[str], ruleset: RuleBook, allow_outside: bool | None = None) -> MapReport:
    """Read a map and keep every finding; ``readable`` is False when the file could not be read at all."""
    spath = os.fspath(path)
    doc = read_document(spath, allow_outside)
    report = MapReport(spath, doc.findings)
    if not doc.readable or doc.root is None:
        report.readable = False
        return report
    _Builder(doc, ruleset, report).build()
    return report


class _Builder:
    """Builds one Battlefield; a class only to share the many pieces of state between the steps."""

    def __init__(self, doc: MapDocument, ruleset: RuleBook, report: MapReport) -> None:
        self.doc = doc
        self.root = doc.root
        assert self.root is not None
        self.ruleset = ruleset
        self.report = report
        self.path = doc.path
        self.terrain_ids = tuple(ruleset.terrain)
        self.index = {tid: i for i, tid in enumerate(self.terrain_ids)}
        self.default_terrain = DEFAULT_TERRAIN if DEFAULT_TERRAIN in self.index else self.terrain_ids[0]

    def warn(self, message: str, line: int | None = None, path: str | None = None) -> None:
        self.doc.warn(message, line, path)

    def build(self) -> None:
        assert self.root is not None
        properties = read_properties(self.root)
        grid = self._grid(properties)
        if grid is None:
            return
        self.grid = grid
        mapping = read_mapping(self.doc, self.path, properties, self.root, self.index)
        size = max([ts.firstgid + ts.span for ts in self.doc.tilesets] + [1])
        self.gid_end = size  # gids from here on name no tile of the map's tilesets (a layer's are set to 0)
        self.tiles = classify_tiles(self.doc.tilesets, size, self.index, mapping)
        self.report.tile_terrain = self.tiles
        for ts, local, name in self.tiles.unknown:
            node = ts.tile_nodes.get(local)
            self.doc.refuse(f"tileset '{ts.name}' tile {local} has the unknown terrain '{name}'"
                            f"{closest(name, list(self.terrain_ids))}; known terrains: {', '.join(self.terrain_ids)}",
                            node.line if node is not None else None, ts.path)
        self.elevation_lut, self.sight_lut = self._tile_tables(size)
        terrain, road, elevation, blocks = self._tile_layers()
        objects = ObjectReader(self.doc, grid, self.ruleset)
        structures, zones, placements = objects.read()
        objects.bridges(structures, road)
        objects.check_placements(placements, terrain, road)
        objects.check_outlines(structures, zones)
        if self.report.errors:
            return
        self.report.battlefield = Battlefield(
            source=self.path,
            grid=grid,
            terrain_ids=self.terrain_ids,
            terrain=terrain,
            road=road,
            elevation=elevation,
            blocks_sight=blocks,
            structures=tuple(structures),
            zones=tuple(zones),
            placements=tuple(placements),
            properties=properties if self.report.terrain_source == "terrain layer"
            else {**properties, TERRAIN_SOURCE_KEY: self.report.terrain_source},
        )

    def _grid(self, properties: Mapping[str, Any]) -> MapGrid | None:
        assert self.root is not None
        raw = properties.get("units_per_tile", 1.0)
        try:
            units_per_tile = float(raw)
        except (TypeError, ValueError):
            units_per_tile = -1.0
        if not units_per_tile > 0 or not np.isfinite(units_per_tile):
            self.doc.refuse(f"the map property units_per_tile = {raw!r} is not a positive number; set it in "
                            "Map > Map Properties (world units one tile spans, e.g. 1.0)", self.root.line)
            return None
        root = self.root
        hexagonal = root.get("orientation") == "hexagonal"
        tile_width = int(root.get("tilewidth") or 1)
        return MapGrid(
            orientation=root.get("orientation") or "orthogonal",
            columns=self.doc.columns,
            rows=self.doc.rows,
            tile_width_px=tile_width,
            tile_height_px=int(root.get("tileheight") or 1),
            world_per_px=units_per_tile / tile_width,
            hex_side_px=int(root.get("hexsidelength") or 0) if hexagonal else 0,
            stagger_axis=root.get("staggeraxis") if hexagonal else None,
            stagger_index=root.get("staggerindex") if hexagonal else None,
        )

    # -- tiles ---------------------------------------------------------------------------------------

    def _where(self, gid: int) -> tuple[str, int | None, str | None]:
        """A tile's name for messages ("tileset 'x' tile 3"), its line and file."""
        source = self.doc.tileset_of(gid)
        if source is None:
            return f"tile {gid}", None, None
        ts, local = source
        node = ts.tile_nodes.get(local)
        return f"tileset '{ts.name}' tile {local}", (node.line if node is not None else ts.node.line), ts.path

    def _tile_tables(self, size: int) -> tuple[TileTable, TileTable]:
        """Per Tiled gid (flags removed): elevation (NaN = none) and blocks sight (-1 = the terrain's default),
        sized by the tiles that give one."""
        elevation: dict[int, float] = {}
        sight: dict[int, int] = {}
        for ts in self.doc.tilesets:
            for local, props in ts.tile_properties.items():
                gid = ts.firstgid + local
                if not 0 < gid < size:
                    continue
                if "elevation" in props:
                    try:
                        elevation[gid] = float(props["elevation"])
                    except (TypeError, ValueError):
                        where, line, tpath = self._where(gid)
                        self.doc.refuse(f"{where}: elevation {props['elevation']!r} is not a number; make it an int "
                                        "property", line, tpath)
                if "blocks_sight" in props:
                    value = props["blocks_sight"]
                    if isinstance(value, str):
                        value = value.strip().lower() in ("true", "1", "yes")
                    sight[gid] = 1 if value else 0
        return TileTable.build(elevation, np.nan, np.float32), TileTable.build(sight, -1, np.int8)

    def _layers_by_role(self) -> dict[str, list[tuple[str, np.ndarray]]]:
        """Tile layers (name, Tiled gids without flags, as int32) by role, bottom to top."""
        found: dict[str, list[tuple[str, np.ndarray]]] = {role: [] for role in (*TILE_ROLES, "")}
        size = self.gid_end
        for node, raw in self.doc.tile_layers:
            name = node.get("name") or ""
            role = read_layer_role(node)
            bare = (raw & np.uint32(~GID_FLAGS & 0xFFFFFFFF)).astype(np.int32)
            bare[bare >= size] = 0
            if role not in TILE_ROLES:
                self._hint_unused_layer(node.get("name") or "", role, node.line)
            found[role if role in TILE_ROLES else ""].append((name, bare))
        return found

    def _hint_unused_layer(self, name: str, role: str, line: int) -> None:
        """Warn about a tile layer the rules ignore whose name suggests the author meant it for them."""
        for wanted in TILE_ROLES:
            if wanted.rstrip("s") in role:
                self.warn(f"tile layer '{name}' is ignored by the rules; if it holds {wanted}, name it '{wanted}' or "
                          f"give it the custom property role = {wanted}", line)
                return

    def _top_terrain(self, layers: list[tuple[str, np.ndarray]], need_terrain: bool) -> np.ndarray:
        """The gid of the top-most tile of ``layers`` in each cell (with ``need_terrain``: of the top-most tile
        that has a terrain)."""
        top = np.zeros((self.grid.rows, self.grid.columns), dtype=np.int32)
        lut = self.tiles.lut
        for _name, gids in layers:  # document order: later layers lie on top
            painted = (gids != 0) & (lut.at(gids) >= 0) if need_terrain else gids != 0
            np.copyto(top, gids, where=painted)
        return top

    def _tile_layers(self) -> tuple[np.ndarray, ...]:
        shape = (self.grid.rows, self.grid.columns)
        layers = self._layers_by_role()
        lut = self.tiles.lut
        if layers["terrain"]:
            top = self._top_terrain(layers["terrain"], need_terrain=False)
            raw = lut.at(top)
            raw[top == 0] = -2
            self._report_missing_terrain(top, raw)
            self.report.terrain_source = "terrain layer"
        else:
            # a map drawn for another game: every other tile layer, the top-most tile with a terrain counts
            top = self._top_terrain(layers[""], need_terrain=True)
            raw = lut.at(top)
            raw[top == 0] = -2
            self._report_no_terrain_layer(raw)
        default = self.index[self.default_terrain]
        terrain = np.where(raw < 0, default, raw).astype(np.int16)
        road = np.zeros(shape, dtype=bool)
        road_id = self.index.get("road")
        if road_id is not None:
            road |= terrain == road_id
        for name, gids in layers["roads"]:
            road |= gids != 0
            self._report_road_tiles(name, gids)
        elevation = self._elevation(top, layers["elevation"])
        default_sight = np.array([self.ruleset.terrain[t].blocks_sight for t in self.terrain_ids], dtype=bool)
        tile_sight = self.sight_lut.at(top)
        blocks = np.where(tile_sight >= 0, tile_sight == 1, default_sight[terrain])
        return terrain, road, elevation, blocks

    def _elevation(self, top: np.ndarray, layers: list[tuple[str, np.ndarray]]) -> np.ndarray:
        """Elevation levels per cell (float32); one shared read-only zero when the map gives none at all."""
        lut = self.elevation_lut
        if not layers and not lut.has_values():
            # most maps have no elevation: a broadcast zero costs no memory on a 4096 x 4096 map
            return np.broadcast_to(np.float32(0.0), top.shape)
        elevation = lut.at(top)
        for name, gids in layers:
            values = lut.at(gids)
            lacking = (gids != 0) & np.isnan(values)
            if lacking.any():
                rows, cols = np.nonzero(lacking)
                self.warn(f"layer '{name}' has {int(lacking.sum())} tiles without an elevation property (first at "
                          f"column {cols[0]}, row {rows[0]}); they are ignored: give those tiles an int property "
                          "'elevation'")
            elevation = np.where(np.isnan(values), elevation, values)
        return np.nan_to_num(elevation, nan=0.0).astype(np.float32, copy=False)

    def _report_no_terrain_layer(self, raw: np.ndarray) -> None:
        """One warning for a map without a terrain layer: where its terrain comes from, or that it has none."""
        assert self.root is not None
        names = [f"'{node.get('name') or ''}'" for node, _raw in self.doc.tile_layers]
        layers = f"its tile layers: {', '.join(names)}" if names else "it has no tile layer"
        table = os.path.basename(mapping_toml_path(self.path))
        found = raw >= 0
        if found.any():
            share = 100.0 * float(found.mean())
            self.report.terrain_source = "tile classes"
            if share < 100.0:
                self.warn(f"the map has no terrain layer ({layers}); terrain comes from its tiles' classes, "
                          f"properties and terrain brushes, which name a terrain in {share:.0f}% of the cells; the rest is "
                          f"{self.default_terrain}: run 'kriegsspiel terrain {self.path}' to see the names and map "
                          f"the others in {table} or the map property {MAPPING_PROPERTY}", self.root.line)
            return
        self.report.terrain_source = "open ground"
        self.warn(f"the map has no terrain layer ({layers}) and no tile names a terrain; it plays as "
                  f"{self.default_terrain} everywhere: run 'kriegsspiel terrain {self.path}' to see its tiles' "
                  f"classes and map them to terrains in {table}, or name the ground layer 'terrain' and give its "
                  "tiles a 'terrain' property", self.root.line)

    def _report_missing_terrain(self, top: np.ndarray, raw: np.ndarray) -> None:
        empty = raw == -2
        if empty.any():
            rows, cols = np.nonzero(empty)
            self.warn(f"{int(empty.sum())} cells have no terrain tile (first at column {cols[0]}, row {rows[0]}); "
                      f"they count as {self.default_terrain}: paint them on the terrain layer")
        lacking = raw == NO_TERRAIN
        if not lacking.any():
            return
        gids, counts = np.unique(top[lacking], return_counts=True)
        by_tile: dict[tuple[str, int], tuple[int, int]] = {}
        for gid, count in zip(gids.tolist(), counts.tolist()):
            source: tuple[TilesetInfo, int] | None = self.doc.tileset_of(int(gid))
            key = (source[0].name, source[1]) if source else ("?", int(gid))
            before = by_tile.get(key, (0, int(gid)))
            by_tile[key] = (before[0] + count, int(gid))
        for (ts_name, tile_id), (count, gid) in sorted(by_tile.items()):
            _where, line, tpath = self._where(gid)
            self.warn(f"tileset '{ts_name}' tile {tile_id} has no terrain property ({count} cell{'' if count == 1 else 's'}); it counts as "
                      f"{self.default_terrain}: select the tile in the tileset editor and set its 'terrain' property",
                      line, tpath)

    def _report_road_tiles(self, layer_name: str, gids: np.ndarray) -> None:
        road_id = self.index.get("road")
        for gid in np.unique(gids[gids != 0]).tolist():
            t = int(self.tiles.lut.get(gid))
            if t >= 0 and t != road_id:
                where, line, tpath = self._where(int(gid))
                self.warn(f"{where} on roads layer '{layer_name}' has terrain '{self.terrain_ids[t]}'; the roads layer "
                          "only marks roads: paint that tile on the terrain layer instead", line, tpath)


def terrain_note(battlefield: Battlefield) -> str | None:
    """A line for the window's status when the map's terrain is not from a terrain layer, else None."""
    source = battlefield.properties.get(TERRAIN_SOURCE_KEY, "")
    if source == "open ground":
        return "this map names no terrain: open ground everywhere"
    if source == "tile classes":
        return "terrain from the map's tile names ('kriegsspiel terrain' lists them)"
    return None

