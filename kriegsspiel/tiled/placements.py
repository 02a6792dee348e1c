"""Tiled objects -> the rules' units, structures and zones, every problem reported with the object's line.

An object's kind is its class (``type``), else its tile's class for a tile object, else the kind its layer
stands for (layer ``units`` holds units...). Objects of other kinds (a game's doors, coins, spawn points)
are left alone: they are decoration to the rules.
"""
from __future__ import annotations

import difflib
import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from kriegsspiel.core.battlefield import MapGrid, Structure, UnitPlacement, Zone
from kriegsspiel.core.geometry import WorldPoint, normalize_bearing
from kriegsspiel.core.ruleset import RuleBook, terrain_speed
from kriegsspiel.tmx.document import GID_FLAGS, MapDocument
from kriegsspiel.tmx.limits import MAX_COORDINATE
from kriegsspiel.tiled.objects import Shape, object_shape
from kriegsspiel.tmx.properties import read_properties
from kriegsspiel.tmx.xmltree import Node

#: Object-layer roles of the Tiled conventions (docs/design.md, docs/authoring.md) and the kind each holds.
OBJECT_ROLES = {"units": "unit", "structures": "structure", "zones": "zone"}
#: Structures whose tiles count as road (a bridge is a road over the water).
ROAD_STRUCTURES = ("bridge", "road")
#: Structure kinds when the rule set names none.
DEFAULT_STRUCTURE_KINDS = ("settlement", "building", "bridge", "road", "fortification", "port", "airfield")


def closest(name: str, known: list[str]) -> str:
    """`` (closest match: 'x')`` for the nearest known name, or an empty string."""
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.5)
    return f" (closest match: '{close[0]}')" if close else ""


class ObjectReader:
    """Reads the object layers of one map; a class to share the document, grid and findings between steps."""

    def __init__(self, doc: MapDocument, grid: MapGrid, ruleset: RuleBook) -> None:
        self.doc = doc
        self.grid = grid
        self.ruleset = ruleset
        self.path = doc.path
        self.shapes: dict[int, Shape] = {}

    def error(self, message: str, line: int | None = None) -> None:
        self.doc.refuse(message, line)

    def warn(self, message: str, line: int | None = None) -> None:
        self.doc.warn(message, line)

    def _hint_unused_layer(self, node: Node, role: str) -> None:
        """Warn about an object layer the rules ignore whose name suggests the author meant it for them."""
        for wanted in OBJECT_ROLES:
            if wanted.rstrip("s") in role:
                self.warn(
                    f"object layer '{node.get('name') or ''}' is ignored by the rules; if it holds {wanted}, "
                    f"name it '{wanted}' or give it the custom property role = {wanted}",
                    node.line,
                )
                return

    def read(self) -> tuple[list[Structure], list[Zone], list[UnitPlacement]]:
        """Every unit, structure and zone of the map (the bad ones reported and left out)."""
        return self._objects()

    def _tile_class(self, obj: Node) -> str:
        try:
            tiled_gid = int(obj.get("gid") or 0) & ~GID_FLAGS
        except ValueError:
            return ""
        found = self.doc.tileset_of(tiled_gid)
        if found is None:
            return ""
        ts, local = found
        props = ts.tile_properties.get(local, {})
        return str(props.get("type") or props.get("class") or ts.tile_classes.get(local, ""))

    def _tile_object_properties(self, obj: Node) -> dict[str, Any]:
        try:
            tiled_gid = int(obj.get("gid") or 0) & ~GID_FLAGS
        except ValueError:
            return {}
        found = self.doc.tileset_of(tiled_gid)
        if found is None:
            return {}
        ts, local = found
        return {k: v for k, v in ts.tile_properties.get(local, {}).items() if k not in ("type", "class")}

    def _objects(self) -> tuple[list[Structure], list[Zone], list[UnitPlacement]]:
        structures: list[Structure] = []
        zones: list[Zone] = []
        placements: list[UnitPlacement] = []
        for layer in self.doc.object_layers:
            layer_props = read_properties(layer)
            role = str(layer_props.get("role", "") or layer.get("name") or "").strip().lower()
            default_type = OBJECT_ROLES.get(role)
            if default_type is None and not any(
                (o.get("type") or o.get("class") or (self._tile_class(o) if o.get("gid") else "")) for o in layer.findall("object")
            ):
                self._hint_unused_layer(layer, role)
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

    def world(self, point: tuple[float, float]) -> WorldPoint:
        k = self.grid.world_per_px
        return WorldPoint((point[0] - self.doc.shift_px[0]) * k, (point[1] - self.doc.shift_px[1]) * k)

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
            position=self.world(shape.centre),
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
            if not math.isfinite(number) or abs(number) > MAX_COORDINATE:  # -inf, 1e999, 10**5000
                raise ValueError
        except (TypeError, ValueError, OverflowError):
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
        outline = tuple(self.world(p) for p in shape.outline)
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
        return Zone(name=name, outline=tuple(self.world(p) for p in shape.outline), properties=dict(props))

    def _report_duplicates(self, placements: list[UnitPlacement], zones: list[Zone]) -> None:
        for what, names in (("unit", [p.name for p in placements]), ("zone", [z.name for z in zones])):
            seen: set[str] = set()
            for name in names:
                if name in seen:
                    self.warn(f"two {what}s are called '{name}'; scenarios refer to them by name: rename one")
                seen.add(name)

    def bridges(self, structures: list[Structure], road: np.ndarray) -> None:
        """Mark the cells under bridge and road structures as road."""
        for structure in structures:
            if structure.kind not in ROAD_STRUCTURES:
                continue
            shape = self.shapes.get(id(structure))
            if shape is None:
                continue
            cols, rows = cells_under(self.grid, shape, self.doc.shift_px)
            road[rows, cols] = True

    def check_outlines(self, structures: list[Structure], zones: list[Zone]) -> None:
        """Warn about structures and zones lying wholly off the map."""
        for what, items in (("structure", structures), ("zone", zones)):
            for item in items:
                if item.outline and outside(self.grid, item.outline):
                    self.warn(f"{what} '{item.name}' lies off the map; move it onto the map or delete it")

    def check_placements(self, placements: list[UnitPlacement], terrain: np.ndarray, road: np.ndarray) -> None:
        """Warn about units standing off the map or where their type cannot move."""
        terrain_ids = tuple(self.ruleset.terrain)
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
            terrain_id = terrain_ids[int(terrain[row, col])]
            on_road = bool(road[row, col]) and float(table.get("road", 0.0) or 0.0) > 0.0
            if terrain_speed(table, terrain_id) <= 0.0 and not on_road:
                self.warn(
                    f"{unit.tiled_label()} ({unit.unit_type}) stands on {terrain_id} at column {col}, row {row}, "
                    "where it cannot move; drag it onto terrain its type can enter",
                    unit.line,
                )


def outside(grid: MapGrid, outline: tuple[WorldPoint, ...]) -> bool:
    """True when every point of an outline, and its centre, lies off the map."""
    xs = np.array([p.x for p in outline] + [sum(p.x for p in outline) / len(outline)])
    ys = np.array([p.y for p in outline] + [sum(p.y for p in outline) / len(outline)])
    cols, _ = grid.cells_at(xs, ys)
    return bool((cols < 0).all())


def cells_under(grid: MapGrid, shape: Shape, shift_px: tuple[float, float] = (0.0, 0.0)) -> tuple[np.ndarray, np.ndarray]:
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
    every = (np.concatenate(samples) - np.asarray(shift_px)) * grid.world_per_px
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
