"""A Tiled ``.tmx`` map -> a :class:`~kriegsspiel.core.battlefield._battlefield.Battlefield`, with every finding at once.

Order of work: our own precheck reads the XML and refuses what pytmx cannot read; pytmx (without images)
decodes the tile layers and tile properties, flips and external tilesets included; objects come from our
XML tree, which keeps line numbers and the shapes pytmx drops. Layers are found by their ``role`` property or
their name, never by their position.
"""
from __future__ import annotations

import difflib
import logging
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from kriegsspiel.core.battlefield import Battlefield, MapGrid, Structure, UnitPlacement, Zone
from kriegsspiel.core.geometry import WorldPoint, normalize_bearing
from kriegsspiel.core.ruleset import Ruleset, terrain_speed
from kriegsspiel.findings import Finding
from kriegsspiel.tiled.errors import MapError
from kriegsspiel.tiled.objects import Shape, object_shape
from kriegsspiel.tiled.precheck import GID_FLAGS, Precheck, TilesetInfo, precheck_map
from kriegsspiel.tiled.properties import read_properties
from kriegsspiel.tiled.xmltree import Node

#: Tile-layer roles and object-layer roles of the Tiled conventions (DESIGN.md, docs/authoring.md).
TILE_ROLES = ("terrain", "roads", "elevation")
OBJECT_ROLES = {"units": "unit", "structures": "structure", "zones": "zone"}
#: Structure kinds when the rule set names none.
DEFAULT_STRUCTURE_KINDS = ("settlement", "building", "bridge", "road", "fortification", "port", "airfield")
#: The terrain of tiles that carry no ``terrain`` property.
DEFAULT_TERRAIN = "plains"
#: Structures whose tiles count as road (a bridge is a road over the water).
ROAD_STRUCTURES = ("bridge", "road")


@dataclass(eq=False)
class MapReport:
    """The outcome of reading a map: the battlefield (None when it could not be built) and every finding."""

    path: str
    findings: list[Finding] = field(default_factory=list)
    battlefield: Battlefield | None = None
    readable: bool = True

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "error"]


def load_battlefield(path: str | os.PathLike[str], ruleset: Ruleset) -> Battlefield:
    """Read a Tiled map into a Battlefield whose terrain ids are ``ruleset``'s terrain keys.

    World units: a tile spans the map property ``units_per_tile`` (default 1.0); object positions are Tiled
    pixels times ``world_per_px``. Needs no display: no image is loaded. Raises MapError naming the file
    (and line, layer, tile or object) and what to change in Tiled, for the first error found; warnings
    (tiles without terrain, ...) do not stop loading.
    """
    report = read_map(path, ruleset)
    errors = report.errors
    if errors or report.battlefield is None:
        first = errors[0] if errors else Finding(report.path, "cannot be read; run kriegsspiel check on it")
        more = len(errors) - 1
        tail = f" (and {more} more problem{'s' if more > 1 else ''}; run 'kriegsspiel check {report.path}')" if more > 0 else ""
        raise MapError(first.format() + tail)
    return report.battlefield


def check_map(path: str | os.PathLike[str], ruleset: Ruleset) -> list[Finding]:
    """Every error and warning of a Tiled map at once (empty when the map is clean). Never raises for bad maps."""
    return read_map(path, ruleset).findings


def read_map(path: str | os.PathLike[str], ruleset: Ruleset) -> MapReport:
    """Read a map and keep every finding; ``readable`` is False when the file could not be read at all."""
    spath = os.fspath(path)
    pre = precheck_map(spath)
    report = MapReport(spath, list(pre.findings))
    if not pre.readable or pre.root is None:
        report.readable = False
        return report
    tmx = _run_pytmx(spath, report)
    if tmx is None:
        report.readable = False
        return report
    _Builder(pre, tmx, ruleset, report).build()
    return report


def _run_pytmx(path: str, report: MapReport) -> Any:
    # Importing pytmx imports pygame, whose greeting would land in the output of `kriegsspiel check`.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pytmx

    # pytmx logs its complaints before raising; the report carries them instead.
    log = logging.getLogger("pytmx")
    level = log.level
    log.setLevel(logging.CRITICAL + 1)
    try:
        return pytmx.TiledMap(path, image_loader=pytmx.pytmx.default_image_loader)
    except Exception as exc:  # pytmx raises bare Exceptions; none may escape as a traceback
        report.findings.append(
            Finding(path, f"pytmx cannot read the map ({exc}); open it in Tiled, save it again and re-run the check")
        )
        return None
    finally:
        log.setLevel(level)


def closest(name: str, known: list[str]) -> str:
    """`` (closest match: 'x')`` for the nearest known name, or an empty string."""
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.5)
    return f" (closest match: '{close[0]}')" if close else ""


class _Builder:
    """Builds one Battlefield; a class only to share the many pieces of state between the steps."""

    def __init__(self, pre: Precheck, tmx: Any, ruleset: Ruleset, report: MapReport) -> None:
        self.pre = pre
        self.root: Node = pre.root  # type: ignore[assignment]
        self.tmx = tmx
        self.ruleset = ruleset
        self.report = report
        self.path = pre.path
        self.terrain_ids = tuple(ruleset.terrain)
        self.index = {tid: i for i, tid in enumerate(self.terrain_ids)}
        self.default_terrain = DEFAULT_TERRAIN if DEFAULT_TERRAIN in self.index else self.terrain_ids[0]
        self.shapes: dict[int, Shape] = {}

    def error(self, message: str, line: int | None = None, path: str | None = None) -> None:
        self.report.findings.append(Finding(path or self.path, message, "error", line))

    def warn(self, message: str, line: int | None = None, path: str | None = None) -> None:
        self.report.findings.append(Finding(path or self.path, message, "warning", line))

    # -- the whole map -------------------------------------------------------------------------------

    def build(self) -> None:
        properties = read_properties(self.root)
        grid = self._grid(properties)
        if grid is None:
            return
        self.grid = grid
        luts = self._tile_tables()
        self.luts = luts
        terrain, road, elevation, blocks = self._tile_layers(luts)
        structures, zones, placements = self._objects()
        self._bridges(structures, road)
        self._check_placements(placements, terrain, road)
        self._check_outlines(structures, zones)
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
            properties=properties,
        )

    def _grid(self, properties: Mapping[str, Any]) -> MapGrid | None:
        raw = properties.get("units_per_tile", 1.0)
        try:
            units_per_tile = float(raw)
        except (TypeError, ValueError):
            units_per_tile = -1.0
        if not units_per_tile > 0 or not np.isfinite(units_per_tile):
            self.error(
                f"the map property units_per_tile = {raw!r} is not a positive number; set it in "
                "Map > Map Properties (world units one tile spans, e.g. 1.0)",
                self.root.line,
            )
            return None
        tmx = self.tmx
        hexagonal = tmx.orientation == "hexagonal"
        return MapGrid(
            orientation=tmx.orientation,
            columns=int(tmx.width),
            rows=int(tmx.height),
            tile_width_px=int(tmx.tilewidth),
            tile_height_px=int(tmx.tileheight),
            world_per_px=units_per_tile / int(tmx.tilewidth),
            hex_side_px=int(tmx.hexsidelength) if hexagonal else 0,
            stagger_axis=tmx.staggeraxis if hexagonal else None,
            stagger_index=tmx.staggerindex if hexagonal else None,
        )

    # -- tiles ---------------------------------------------------------------------------------------

    def _tile_source(self, tiled_gid: int) -> tuple[TilesetInfo, int] | None:
        return self.pre.tileset_of(tiled_gid) if tiled_gid else None

    def _tile_line(self, source: tuple[TilesetInfo, int] | None) -> tuple[int | None, str | None]:
        if source is None:
            return None, None
        ts, tile_id = source
        node = ts.tile_nodes.get(tile_id)
        return (node.line if node is not None else ts.node.line), ts.path

    def _tile_tables(self) -> dict[str, np.ndarray]:
        """Per Tiled gid (flags removed): terrain index (-1 = no terrain property, -3 = unknown name),
        elevation (NaN = none), blocks sight (-1 = the terrain's default). Properties as pytmx read them."""
        tmx = self.tmx
        top_gid = max((ts.firstgid + (ts.tilecount or 0) for ts in self.pre.tilesets), default=1)
        top_gid = max([top_gid] + [int(k) + 1 for k in tmx.gidmap])
        terrain = np.full(top_gid, -1, dtype=np.int16)
        elevation = np.full(top_gid, np.nan, dtype=np.float32)
        sight = np.full(top_gid, -1, dtype=np.int8)
        known = list(self.terrain_ids)
        for tiled_gid, entries in tmx.gidmap.items():
            if not entries or not (0 < int(tiled_gid) < top_gid):
                continue
            # every flipped variant pytmx registers carries the same properties; the first will do
            props = tmx.tile_properties.get(entries[0][0])
            if not props:
                continue
            tiled_gid = int(tiled_gid)
            source = self._tile_source(tiled_gid)
            where = f"tileset '{source[0].name}' tile {source[1]}" if source else f"tile {tiled_gid}"
            line, tpath = self._tile_line(source)
            name = props.get("terrain")
            if name is not None:
                name = str(name).strip()
                if name in self.index:
                    terrain[tiled_gid] = self.index[name]
                else:
                    terrain[tiled_gid] = -3  # reported here as an error, not again as "no terrain"
                    self.error(
                        f"{where} has the unknown terrain '{name}'{closest(name, known)}; "
                        f"known terrains: {', '.join(known)}",
                        line,
                        tpath,
                    )
            if "elevation" in props:
                try:
                    elevation[tiled_gid] = float(props["elevation"])
                except (TypeError, ValueError):
                    self.error(f"{where}: elevation {props['elevation']!r} is not a number; make it an int property", line, tpath)
            if "blocks_sight" in props:
                value = props["blocks_sight"]
                if isinstance(value, str):
                    value = value.strip().lower() in ("true", "1", "yes")
                sight[tiled_gid] = 1 if value else 0
        return {"terrain": terrain, "elevation": elevation, "sight": sight}

    def _tile_layers_by_role(self) -> dict[str, list[tuple[str, np.ndarray]]]:
        """Tile layers (name, Tiled gids without flags) by role, bottom to top; found by role property or name."""
        found: dict[str, list[tuple[str, np.ndarray]]] = {role: [] for role in TILE_ROLES}
        for node, raw in self.pre.tile_layers:
            name = node.get("name") or ""
            role = str(read_properties(node).get("role", "") or name).strip().lower()
            if role in found:
                bare = (raw & ~np.uint32(GID_FLAGS)).astype(np.int64)
                size = len(self.luts["terrain"])
                found[role].append((name, np.where(bare < size, bare, 0)))
            else:
                self._hint_unused_layer(node, role, "tile", TILE_ROLES)
        return found

    def _hint_unused_layer(self, node: Node, role: str, kind: str, roles: Iterable[str]) -> None:
        """Warn about a layer the rules ignore whose name suggests the author meant it for them."""
        for wanted in roles:
            stem = wanted.rstrip("s")
            if stem in role:
                self.warn(
                    f"{kind} layer '{node.get('name') or ''}' is ignored by the rules; if it holds {wanted}, "
                    f"name it '{wanted}' or give it the custom property role = {wanted}",
                    node.line,
                )
                return

    def _tile_layers(self, luts: dict[str, np.ndarray]) -> tuple[np.ndarray, ...]:
        shape = (self.grid.rows, self.grid.columns)
        layers = self._tile_layers_by_role()
        top = np.zeros(shape, dtype=np.int64)  # pytmx gid of the top-most terrain tile in each cell
        if not layers["terrain"]:
            names = [f"'{node.get('name') or ''}'" for node, _raw in self.pre.tile_layers]
            found = f" (its tile layers: {', '.join(names)})" if names else " (it has no tile layer)"
            self.error(
                f"the map has no terrain layer{found}; name the tile layer with the ground 'terrain' "
                "or give it the custom property role = terrain",
                self.root.line,
            )
        for _name, gids in layers["terrain"]:  # document order: later layers lie on top
            top = np.where(gids != 0, gids, top)
        terrain_lut = luts["terrain"]
        raw = terrain_lut[top]
        raw[top == 0] = -2
        if layers["terrain"]:
            self._report_missing_terrain(top, raw)
        default = self.index[self.default_terrain]
        terrain = np.where(raw < 0, default, raw).astype(np.int16)

        road = np.zeros(shape, dtype=bool)
        road_id = self.index.get("road")
        if road_id is not None:
            road |= terrain == road_id
        for name, gids in layers["roads"]:
            road |= gids != 0
            self._report_road_tiles(name, gids, terrain_lut)

        elevation = luts["elevation"][top]
        for name, gids in layers["elevation"]:
            values = luts["elevation"][gids]
            lacking = (gids != 0) & np.isnan(values)
            if lacking.any():
                rows, cols = np.nonzero(lacking)
                self.warn(
                    f"layer '{name}' has {int(lacking.sum())} tiles without an elevation property "
                    f"(first at column {cols[0]}, row {rows[0]}); they are ignored: give those tiles an "
                    "int property 'elevation'"
                )
            elevation = np.where(np.isnan(values), elevation, values)
        elevation = np.nan_to_num(elevation, nan=0.0).astype(np.float32)

        default_sight = np.array([self.ruleset.terrain[t].blocks_sight for t in self.terrain_ids], dtype=bool)
        tile_sight = luts["sight"][top]
        blocks = np.where(tile_sight >= 0, tile_sight == 1, default_sight[terrain])
        return terrain, road, elevation, blocks

    def _report_missing_terrain(self, top: np.ndarray, raw: np.ndarray) -> None:
        empty = raw == -2
        if empty.any():
            rows, cols = np.nonzero(empty)
            self.warn(
                f"{int(empty.sum())} cells have no terrain tile (first at column {cols[0]}, row {rows[0]}); "
                f"they count as {self.default_terrain}: paint them on the terrain layer"
            )
        lacking = raw == -1
        if not lacking.any():
            return
        by_tile: dict[tuple[str, int], list[Any]] = {}
        for gid in np.unique(top[lacking]).tolist():
            source = self._tile_source(int(gid))
            key = (source[0].name, source[1]) if source else ("?", int(gid))
            entry = by_tile.setdefault(key, [0, source])
            entry[0] += int((top == gid).sum())
        for (ts_name, tile_id), (count, source) in sorted(by_tile.items()):
            line, tpath = self._tile_line(source)
            self.warn(
                f"tileset '{ts_name}' tile {tile_id} has no terrain property ({count} cell{'' if count == 1 else 's'}); it counts as "
                f"{self.default_terrain}: select the tile in the tileset editor and set its 'terrain' property",
                line,
                tpath,
            )

    def _report_road_tiles(self, layer_name: str, gids: np.ndarray, terrain_lut: np.ndarray) -> None:
        road_id = self.index.get("road")
        used = np.unique(gids[gids != 0])
        for gid in used.tolist():
            t = int(terrain_lut[gid])
            if t >= 0 and t != road_id:
                source = self._tile_source(int(gid))
                name = f"tileset '{source[0].name}' tile {source[1]}" if source else f"tile {gid}"
                line, tpath = self._tile_line(source)
                self.warn(
                    f"{name} on roads layer '{layer_name}' has terrain '{self.terrain_ids[t]}'; the roads layer "
                    "only marks roads: paint that tile on the terrain layer instead",
                    line,
                    tpath,
                )

    # -- objects -------------------------------------------------------------------------------------

    def _object_layers(self, parent: Node) -> Iterator[Node]:
        for node in parent.children:
            if node.tag == "objectgroup":
                yield node
            elif node.tag == "group":
                yield from self._object_layers(node)

    def _tile_class(self, obj: Node) -> str:
        try:
            tiled_gid = int(obj.get("gid") or 0) & ~GID_FLAGS
        except ValueError:
            return ""
        for gid, _flags in self.tmx.gidmap.get(tiled_gid, []):
            props = self.tmx.tile_properties.get(gid) or {}
            return str(props.get("type") or props.get("class") or "")
        return ""

    def _tile_object_properties(self, obj: Node) -> dict[str, Any]:
        try:
            tiled_gid = int(obj.get("gid") or 0) & ~GID_FLAGS
        except ValueError:
            return {}
        for gid, _flags in self.tmx.gidmap.get(tiled_gid, []):
            props = self.tmx.tile_properties.get(gid)
            if props:
                return {k: v for k, v in props.items() if k not in ("id", "width", "height", "frames", "colliders",
                                                                     "source", "trans", "type", "class", "probability")}
        return {}

    def _objects(self) -> tuple[list[Structure], list[Zone], list[UnitPlacement]]:
        structures: list[Structure] = []
        zones: list[Zone] = []
        placements: list[UnitPlacement] = []
        for layer in self._object_layers(self.root):
            layer_props = read_properties(layer)
            role = str(layer_props.get("role", "") or layer.get("name") or "").strip().lower()
            default_type = OBJECT_ROLES.get(role)
            if default_type is None and not any(
                (o.get("type") or o.get("class") or (self._tile_class(o) if o.get("gid") else "")) for o in layer.findall("object")
            ):
                self._hint_unused_layer(layer, role, "object", OBJECT_ROLES)
            for obj in layer.findall("object"):
                tile_class = self._tile_class(obj) if obj.get("gid") else ""
                # Tiled shows a tile object's class as its tile's class without writing it on the object.
                kind = (obj.get("type") or obj.get("class") or tile_class or default_type or "").strip().lower()
                if kind not in ("unit", "structure", "zone"):
                    continue
                props = self._tile_object_properties(obj) if obj.get("gid") else {}
                props.update(read_properties(obj))
                shape = object_shape(obj)
                label = f"object {obj.get('id', '?')}" + (f" ('{obj.get('name')}')" if obj.get("name") else "")
                where = f"{label} in layer '{layer.get('name', '')}'"
                if kind == "unit":
                    unit = self._unit(obj, props, shape, where, str(layer.get("name", "")))
                    if unit is not None:
                        placements.append(unit)
                elif kind == "structure":
                    structure = self._structure(obj, props, shape, where)
                    if structure is not None:
                        structures.append(structure)
                else:
                    zone = self._zone(obj, props, shape, where)
                    if zone is not None:
                        zones.append(zone)
        self._report_duplicates(placements, zones)
        return structures, zones, placements

    def _world(self, point: tuple[float, float]) -> WorldPoint:
        k = self.grid.world_per_px
        return WorldPoint(point[0] * k, point[1] * k)

    def _required_text(
        self, props: Mapping[str, Any], key: str, where: str, obj: Node, what: str
    ) -> str | None:
        value = str(props.get(key, "") or "").strip()
        if not value:
            if obj.get("type") or obj.get("class"):
                # The project's classes show default values that Tiled never writes into the map.
                what = (
                    f"set '{key}' in the object's Properties view (Tiled does not save a class's default values "
                    "into the map: a value shown in grey there counts as missing)"
                )
            self.error(f"{where} has no '{key}' property; {what}", obj.line)
            return None
        return value

    def _unit(self, obj: Node, props: dict[str, Any], shape: Shape, where: str, layer: str) -> UnitPlacement | None:
        line = obj.line
        side = self._required_text(props, "side", where, obj, "add a string property 'side' naming the side")
        unit_type = self._required_text(
            props, "unit_type", where, obj, "add a string property 'unit_type' (a unit type of the rule set)"
        )
        if side is None or unit_type is None:
            return None
        known = list(self.ruleset.unit_types)
        if known and unit_type not in self.ruleset.unit_types:
            # A scenario may name it in [unit_names] (a local name: "hussar"); the scenario reports it otherwise.
            example = (difflib.get_close_matches(unit_type, known, n=1, cutoff=0.5) or known)[0]
            self.warn(
                f"{where} has the unit_type '{unit_type}', not a unit type of the rule set"
                f"{closest(unit_type, known)}; correct it, or give it in the [unit_names] of each scenario that "
                f"uses this map (e.g. {unit_type} = \"{example}\"); known unit types: {', '.join(known)}",
                line,
            )
        heading = self._number(props, "heading", where, line, float)
        health = self._number(props, "health", where, line, int)
        hidden = props.get("hidden")
        if hidden is not None and not isinstance(hidden, bool):
            hidden = str(hidden).strip().lower() in ("true", "1", "yes")
        if shape.kind not in ("point", "tile"):
            self.warn(f"{where} is a {shape.kind}; the unit stands at its centre: draw units as points or tiles", line)
        name = (obj.get("name") or "").strip() or f"{unit_type} {obj.get('id', '')}".strip()
        return UnitPlacement(
            name=name,
            side=side,
            unit_type=unit_type,
            position=self._world(shape.centre),
            heading=normalize_bearing(heading) if heading is not None else None,
            health=health,
            hidden=hidden,
            object_id=str(obj.get("id", "")),
            object_name=(obj.get("name") or "").strip(),
            layer=layer,
            line=line,
        )

    def _number(self, props: Mapping[str, Any], key: str, where: str, line: int, kind: type) -> Any:
        if key not in props or props[key] in ("", None):
            return None
        value = props[key]
        try:
            number = kind(value)
            if isinstance(value, float) and kind is int and number != value:
                raise ValueError
        except (TypeError, ValueError):
            self.error(f"{where}: '{key}' = {value!r} is not a {'whole ' if kind is int else ''}number; correct it", line)
            return None
        if kind is int and number < 0:
            self.error(f"{where}: '{key}' = {number} is negative; give 0 or more", line)
            return None
        return number

    def _structure(self, obj: Node, props: dict[str, Any], shape: Shape, where: str) -> Structure | None:
        line = obj.line
        kinds = list(self.ruleset.structures) or list(DEFAULT_STRUCTURE_KINDS)
        kind = self._required_text(props, "kind", where, obj, f"add a string property 'kind': one of {', '.join(kinds)}")
        if kind is None:
            return None
        if kind not in kinds:
            self.error(
                f"{where} has the unknown structure kind '{kind}'{closest(kind, kinds)}; known kinds: {', '.join(kinds)}",
                line,
            )
            return None
        health = self._number(props, "health", where, line, int)
        extra = {k: v for k, v in props.items() if k not in ("kind", "health")}
        name = (obj.get("name") or "").strip() or f"{kind} {obj.get('id', '')}".strip()
        outline = tuple(self._world(p) for p in shape.outline)
        structure = Structure(name=name, kind=kind, outline=outline, health=health, properties=extra)
        # Road cells under bridges come from the shape in pixels, kept beside the frozen Structure.
        self.shapes[id(structure)] = shape
        return structure

    def _zone(self, obj: Node, props: dict[str, Any], shape: Shape, where: str) -> Zone | None:
        line = obj.line
        if shape.kind in ("point", "tile", "polyline"):
            self.error(f"{where} is a {shape.kind}, but a zone needs an area; draw it as a rectangle, ellipse or polygon", line)
            return None
        name = (obj.get("name") or "").strip()
        if not name:
            self.error(f"{where} is a zone without a name; scenarios refer to zones by name: give it one", line)
            return None
        return Zone(name=name, outline=tuple(self._world(p) for p in shape.outline), properties=dict(props))

    def _report_duplicates(self, placements: list[UnitPlacement], zones: list[Zone]) -> None:
        for what, names in (("unit", [p.name for p in placements]), ("zone", [z.name for z in zones])):
            seen: set[str] = set()
            for name in names:
                if name in seen:
                    self.warn(f"two {what}s are called '{name}'; scenarios refer to them by name: rename one")
                seen.add(name)

    # -- bridges and placements ----------------------------------------------------------------------

    def _bridges(self, structures: list[Structure], road: np.ndarray) -> None:
        for structure in structures:
            if structure.kind not in ROAD_STRUCTURES:
                continue
            shape = self.shapes.get(id(structure))
            if shape is None:
                continue
            cols, rows = cells_under(self.grid, shape)
            road[rows, cols] = True

    def _check_outlines(self, structures: list[Structure], zones: list[Zone]) -> None:
        for what, items in (("structure", structures), ("zone", zones)):
            for item in items:
                if item.outline and _outside(self.grid, item.outline):
                    self.warn(f"{what} '{item.name}' lies off the map; move it onto the map or delete it")

    def _check_placements(self, placements: list[UnitPlacement], terrain: np.ndarray, road: np.ndarray) -> None:
        for unit in placements:
            cell = self.grid.cell_at(unit.position)
            if cell is None:
                self.warn(f"{unit.tiled_label()} stands off the map at {unit.position.x:.2f},{unit.position.y:.2f}; "
                          "drag it onto the map", unit.line)
                continue
            try:
                table = self.ruleset.speed_table(unit.unit_type)
            except (KeyError, AttributeError):
                continue
            col, row = cell
            terrain_id = self.terrain_ids[int(terrain[row, col])]
            on_road = bool(road[row, col]) and float(table.get("road", 0.0) or 0.0) > 0.0
            if terrain_speed(table, terrain_id) <= 0.0 and not on_road:
                self.warn(
                    f"{unit.tiled_label()} ({unit.unit_type}) stands on {terrain_id} at column {col}, row {row}, "
                    "where it cannot move; drag it onto terrain its type can enter",
                    unit.line,
                )


def _outside(grid: MapGrid, outline: tuple[WorldPoint, ...]) -> bool:
    """True when every point of an outline, and its centre, lies off the map."""
    xs = np.array([p.x for p in outline] + [sum(p.x for p in outline) / len(outline)])
    ys = np.array([p.y for p in outline] + [sum(p.y for p in outline) / len(outline)])
    cols, _ = grid.cells_at(xs, ys)
    return bool((cols < 0).all())


def cells_under(grid: MapGrid, shape: Shape) -> tuple[np.ndarray, np.ndarray]:
    """The (columns, rows) of the tiles an object covers: its area for closed shapes, its line otherwise.

    Samples the shape at an eighth of a tile, so thin outlines still touch the tiles they cross.
    """
    step = min(grid.tile_width_px, grid.tile_height_px) / 8.0
    pts = np.array(shape.outline, dtype=np.float64)
    samples: list[np.ndarray] = []
    if len(pts) == 1:
        samples.append(pts)
    else:
        if shape.closed and len(pts) >= 3:
            lo, hi = pts.min(axis=0), pts.max(axis=0)
            xs = np.arange(lo[0] + step / 2, hi[0], step)
            ys = np.arange(lo[1] + step / 2, hi[1], step)
            if xs.size and ys.size:
                gx, gy = np.meshgrid(xs, ys)
                inside = _inside_polygon(gx.ravel(), gy.ravel(), pts)
                samples.append(np.column_stack([gx.ravel()[inside], gy.ravel()[inside]]))
        if not samples or samples[-1].size == 0:
            edges = list(zip(pts[:-1], pts[1:]))
            for a, b in edges:
                n = max(2, int(np.ceil(np.hypot(*(b - a)) / step)) + 1)
                t = np.linspace(0.0, 1.0, n)[:, None]
                samples.append(a + (b - a) * t)
    every = np.concatenate(samples) * grid.world_per_px
    cols, rows = grid.cells_at(every[:, 0], every[:, 1])
    keep = cols >= 0
    return cols[keep], rows[keep]


def _inside_polygon(xs: np.ndarray, ys: np.ndarray, pts: np.ndarray) -> np.ndarray:
    inside = np.zeros(xs.shape, dtype=bool)
    n = len(pts)
    for i in range(n):
        ax, ay = pts[i]
        bx, by = pts[(i + 1) % n]
        if ay == by:
            continue
        crosses = (ay > ys) != (by > ys)
        x_cross = ax + (ys - ay) * (bx - ax) / (by - ay)
        inside ^= crosses & (xs < x_cross)
    return inside
