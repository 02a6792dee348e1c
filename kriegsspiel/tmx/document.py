"""A Tiled ``.tmx`` map read once: the one parser behind the rules, ``check``, ``terrain`` and the pictures.

One pass over the XML (our small tree on expat, which keeps line numbers) gives the tilesets with their tile
properties and classes, every tile layer decoded to a uint32 array of raw gids (flags kept), the objects
with their templates merged in, and a finding for everything that cannot be used, naming the file, the line
and what to change in Tiled. Infinite maps are cut to the cells their chunks use. Nothing here loads an image.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from kriegsspiel.tmx.limits import MAX_COORDINATE, MAX_OBJECT_ID, MAX_TILE_PX, finite_in, whole_in
from kriegsspiel.tmx.layerdata import MAX_CELLS, MAX_SIDE, Chunk, decode_chunks, decode_layer_data, place_chunks, used_extent
from kriegsspiel.tmx.paths import PathPolicy
from kriegsspiel.tmx.properties import property_nodes, property_text
from kriegsspiel.tmx.sink import FindingSink
from kriegsspiel.tmx.templates import TemplateExpander
from kriegsspiel.tmx.tilesets import (
    TilesetInfo, check_overlaps, check_properties, read_tileset, read_xml_file, tileset_index, tileset_of,
)
from kriegsspiel.tmx.xmltree import Node

#: Tiled's flag bits in a gid; the 120-degree rotation bit only exists on hexagonal maps (Tiled 1.9+).
FLIP_H = 0x80000000
FLIP_V = 0x40000000
FLIP_D = 0x20000000
ROTATE_120 = 0x10000000
GID_FLAGS = FLIP_H | FLIP_V | FLIP_D | ROTATE_120
#: Object attributes that must be numbers (pixels, degrees).
OBJECT_NUMBERS = ("x", "y", "width", "height", "rotation")
#: Orientations the rules can play on; the others are refused by name.
ORIENTATIONS = ("orthogonal", "hexagonal")


@dataclass(eq=False)
class MapDocument(FindingSink):
    """What reading a map found. ``root`` is None when the file is not a map at all; ``readable`` is False
    when any error was found (the rules must not use it)."""

    root: Node | None = None
    tilesets: list[TilesetInfo] = field(default_factory=list)
    #: every tile layer in document order (bottom to top), with its raw Tiled gids (flags included)
    tile_layers: list[tuple[Node, np.ndarray]] = field(default_factory=list)
    #: every object layer in document order, groups flattened
    object_layers: list[Node] = field(default_factory=list)
    columns: int = 0
    rows: int = 0
    #: for an infinite map: the pixel shift from Tiled's coordinates to ours (the used extent's corner)
    shift_px: tuple[float, float] = (0.0, 0.0)
    tileset_missing: bool = False
    _index: tuple[list[int], list[TilesetInfo]] | None = None

    @property
    def readable(self) -> bool:
        return self.root is not None and not self.has_errors

    def tileset_of(self, tiled_gid: int) -> tuple[TilesetInfo, int] | None:
        """The tileset holding a Tiled gid (flags removed) and the tile's local id, or None."""
        if self._index is None or len(self._index[1]) != len(self.tilesets):
            self._index = tileset_index(self.tilesets)
        return tileset_of(self._index, tiled_gid)

    def gid_limit(self) -> int | None:
        """One past the highest gid the map's tilesets hold, or None when that cannot be told."""
        if self.tileset_missing or any(ts.count is None for ts in self.tilesets):
            return None
        return max((ts.firstgid + ts.span for ts in self.tilesets), default=1)


def read_document(path: str, allow_outside: bool | None = None) -> MapDocument:
    """Read ``path`` as a Tiled map; never raises for a bad file (problems come back as findings).

    ``allow_outside`` lifts the rule that tilesets, images and templates lie inside the map's Tiled project
    (None: as the environment variable says, see :mod:`kriegsspiel.tmx.paths`).
    """
    doc = MapDocument(path)
    if path.lower().endswith((".tmj", ".json")):
        doc.refuse("JSON maps cannot be read; in Tiled choose File > Export As (or Save As) and save the map as a "
                   ".tmx file")
        return doc
    root = read_xml_file(doc, path, "map file")
    if root is None:
        return doc
    if root.tag != "map":
        doc.refuse(f"not a Tiled map (the root element is <{root.tag}>, not <map>); give a .tmx map file", root.line)
        return doc
    _check_map_attributes(doc, root)
    if doc.findings:
        return doc
    policy = PathPolicy.for_map(path, allow_outside)
    check_properties(doc, root, "the map", path)
    for ref in root.findall("tileset"):
        info = read_tileset(doc, ref, path, policy)
        if info is not None:
            doc.tilesets.append(info)
        else:
            doc.tileset_missing = True  # its tiles are that tileset's, already reported
    check_overlaps(doc, doc.tilesets)
    reader = _LayerReader(doc, root, TemplateExpander(doc, path, policy, doc.tilesets))
    reader.walk(root)
    reader.finish()
    if not doc.has_errors:
        _check_tile_sizes(doc, root)
    doc.root = root
    return doc


def _positive_int(doc: MapDocument, node: Node, key: str) -> int | None:
    text = node.get(key)
    high = MAX_TILE_PX if key.startswith("tile") else 10**9  # a map's side is bounded after (MAX_SIDE)
    value = whole_in(text, 1, high)
    if value is None:
        doc.refuse(f"the map attribute {key}={(text or '')[:40]!r} is not a whole number from 1 to {high:,}; set it "
                   "in Map > Map Properties", node.line)
        return None
    return value


def _check_map_attributes(doc: MapDocument, root: Node) -> None:
    orientation = root.get("orientation", "orthogonal")
    if orientation not in ORIENTATIONS:
        shape = f"{orientation} ({root.get('staggeraxis')} axis)" if orientation == "staggered" else orientation
        doc.refuse(
            f"the map's orientation is {shape}, which the rules cannot play (movement and sight are measured on "
            "square or hexagonal cells); make an orthogonal or hexagonal map in Tiled (Map > Map Properties > "
            "Orientation, then repaint with square or hex tiles)",
            root.line,
        )
        return
    sizes = {key: _positive_int(doc, root, key) for key in ("width", "height", "tilewidth", "tileheight")}
    if doc.findings:
        return
    width, height = sizes["width"] or 0, sizes["height"] or 0
    if root.get("infinite", "0") != "1" and (width > MAX_SIDE or height > MAX_SIDE or width * height > MAX_CELLS):
        doc.refuse(
            f"the map is {width}x{height} tiles; the most the rules can hold is {MAX_CELLS} tiles (e.g. "
            f"{int(math.isqrt(MAX_CELLS))}x{int(math.isqrt(MAX_CELLS))}) and {MAX_SIDE} along a side: make the "
            "map smaller (Map > Resize Map) or use bigger tiles with a larger units_per_tile",
            root.line,
        )
        return
    doc.columns, doc.rows = width, height
    if orientation == "hexagonal":
        axis, index, side = root.get("staggeraxis"), root.get("staggerindex"), root.get("hexsidelength")
        if axis not in ("x", "y") or index not in ("odd", "even") or not (side or "").isdigit():
            doc.refuse("a hexagonal map needs Stagger Axis, Stagger Index and Hex Side Length; "
                       "set them in Map > Map Properties", root.line)
            return
        along, size = ("width", root.get("tilewidth")) if axis == "x" else ("height", root.get("tileheight"))
        if (size or "").isdigit() and int(side or 0) > int(size or 0):
            doc.refuse(
                f"the Hex Side Length {side} is longer than the tile {along} {size}, which makes no hexagon; "
                f"set a Hex Side Length of at most {size} in Map > Map Properties (the shipped hex tiles use 32)",
                root.line,
            )


def read_layer_role(node: Node) -> str:
    """A layer's role: its ``role`` property, else its name, lower case (how the loader finds layers)."""
    for prop in property_nodes(node):
        if prop.get("name") == "role" and property_text(prop).strip():
            return property_text(prop).strip().lower()
    return (node.get("name") or "").strip().lower()


def _is_number(text: str) -> bool:
    return finite_in(text, MAX_COORDINATE) is not None


def _points_readable(points: str) -> bool:
    pairs = points.split()
    if not pairs:
        return False
    for pair in pairs:
        parts = pair.split(",")
        if len(parts) != 2 or not all(_is_number(p) for p in parts):
            return False
    return True


class _LayerReader:
    """Walks the layers (groups flattened, bounded by the XML depth limit), decoding tiles and checking objects."""

    def __init__(self, doc: MapDocument, root: Node, templates: TemplateExpander) -> None:
        self.doc = doc
        self.root = root
        self.templates = templates
        self.infinite = root.get("infinite", "0") == "1"
        self.hexagonal = root.get("orientation") == "hexagonal"
        self.chunked: list[tuple[Node, list[Chunk]]] = []

    def walk(self, parent: Node) -> None:
        doc = self.doc
        for node in parent.children:
            name = node.get("name", "") or ""
            if node.tag == "layer":
                self._tile_layer(node, name)
            elif node.tag == "objectgroup":
                check_properties(doc, node, f"object layer '{name}'", doc.path)
                doc.object_layers.append(node)
                for obj in node.findall("object"):
                    self._object(obj, name)
            elif node.tag == "group":
                check_properties(doc, node, f"group layer '{name}'", doc.path)
                self.walk(node)
            elif node.tag == "imagelayer":
                check_properties(doc, node, f"image layer '{name}'", doc.path)

    def _tile_layer(self, node: Node, name: str) -> None:
        doc = self.doc
        where = f"layer '{name}'"
        check_properties(doc, node, where, doc.path)
        data = node.find("data")
        if data is None:
            doc.refuse(f"{where} has no tile data; save the map again from Tiled", node.line)
            return
        if self.infinite:
            try:
                self.chunked.append((node, decode_chunks(data)))
            except ValueError as exc:
                doc.refuse(f"{where}: {exc}", data.line)
            return
        size = (node.get("width") or str(doc.columns), node.get("height") or str(doc.rows))
        if size != (str(doc.columns), str(doc.rows)):
            doc.refuse(f"{where} is {size[0]}x{size[1]} tiles but the map is {doc.columns}x{doc.rows}; resize the map "
                       "in Tiled (Map > Resize Map), which resizes every layer, and save", node.line)
            return
        self._warn_offset(node, where)
        try:
            gids = decode_layer_data(data, doc.columns, doc.rows)
        except ValueError as exc:
            doc.refuse(f"{where}: {exc}", data.line)
            return
        self._check_gids(gids, where, data.line)
        doc.tile_layers.append((node, gids))

    def _warn_offset(self, node: Node, where: str) -> None:
        if _is_number(node.get("offsetx") or "0") and _is_number(node.get("offsety") or "0"):
            shift = (float(node.get("offsetx") or 0), float(node.get("offsety") or 0))
            if shift != (0.0, 0.0) and read_layer_role(node) in ("terrain", "roads", "elevation"):
                self.doc.warn(f"{where} is drawn shifted by its offset ({shift[0]:g}, {shift[1]:g} px) but the rules "
                              "read its tiles on the map's grid; set the layer's Offset to 0, 0 in its Properties view",
                              node.line)

    def _check_gids(self, gids: np.ndarray, where: str, line: int) -> None:
        doc = self.doc
        if not self.hexagonal:
            rotated = (gids & np.uint32(ROTATE_120)) != 0
            if rotated.any():
                rows, cols = np.nonzero(rotated)
                doc.refuse(f"{where} has {int(rotated.sum())} tiles with the hexagonal 120-degree rotation bit on a "
                           f"map that is not hexagonal (first at column {cols[0]}, row {rows[0]}); repaint them",
                           line)
        limit = doc.gid_limit()
        if limit is None or not gids.size:
            return
        bad = (gids & np.uint32(~GID_FLAGS & 0xFFFFFFFF)) >= limit
        if bad.any():
            rows, cols = np.nonzero(bad)
            doc.refuse(f"{where} has {int(bad.sum())} tiles from no tileset (first at column {cols[0]}, row {rows[0]}); "
                       "a tileset was removed or replaced: add it again or repaint those tiles", line)

    def _object(self, obj: Node, layer_name: str) -> None:
        doc = self.doc
        label = f"object {obj.get('id', '?')}" + (f" ('{obj.get('name')}')" if obj.get("name") else "")
        where = f"{label} in layer '{layer_name}'"
        if obj.get("template") is not None and not self.templates.expand(obj, where):
            return
        id_text = obj.get("id")
        if id_text is not None and whole_in(id_text, 0, MAX_OBJECT_ID) is None:
            doc.refuse(f"{where} has id={id_text[:40]!r}, which is not a whole number from 0 to {MAX_OBJECT_ID:,}; save "
                       "the map again from Tiled (it numbers objects itself)", obj.line)
        for key in OBJECT_NUMBERS:
            text = obj.get(key)
            if text is not None and finite_in(text, MAX_COORDINATE) is None:
                what = "not a number" if finite_in(text, math.inf) is None else f"beyond {MAX_COORDINATE:g} pixels"
                doc.refuse(f"{where} has {key}={text[:40]!r}, which is {what}; select the object and correct its "
                           f"{key.upper() if len(key) == 1 else key.capitalize()} in the Properties view", obj.line)
        for outline in (obj.find("polygon"), obj.find("polyline")):
            if outline is not None and not _points_readable(outline.get("points") or ""):
                doc.refuse(f"{where}: its {outline.tag} points {(outline.get('points') or '')[:40]!r} are not pairs of "
                           f"numbers 'x,y'; redraw the {outline.tag} in Tiled", outline.line)
        gid_text = obj.get("gid")
        if gid_text is not None:
            if whole_in(gid_text, 0, 0xFFFFFFFF) is None:
                doc.refuse(f"{where} has gid={gid_text!r}, which is not a tile number; delete the object and insert "
                           "the tile again", obj.line)
                return
            bare = int(gid_text) & ~GID_FLAGS
            limit = doc.gid_limit()
            if limit is not None and bare >= limit:
                doc.refuse(f"{where} is a tile from no tileset (gid {bare}); a tileset was removed or replaced: add it "
                           "again, or delete the object and insert the tile again", obj.line)
        check_properties(doc, obj, where, doc.path)

    def finish(self) -> None:
        """For an infinite map: cut every layer to the cells the chunks use and move the objects to match."""
        doc = self.doc
        if not self.infinite or doc.has_errors:
            return
        extent = used_extent([chunks for _node, chunks in self.chunked])
        if extent is None:
            doc.refuse("the infinite map has no painted tile; paint the ground, or uncheck Map > Map Properties > "
                       "Infinite and set the map's size", self.root.line)
            return
        left, top, columns, rows = extent
        if self.hexagonal:
            # keep the stagger parity: start on an even column and row
            columns, rows, left, top = columns + left % 2, rows + top % 2, left - left % 2, top - top % 2
        if columns * rows > MAX_CELLS:
            doc.refuse(f"the infinite map's painted tiles span {columns}x{rows} tiles, more than the {MAX_CELLS} the "
                       "rules can hold; erase the far-off tiles or split the map", self.root.line)
            return
        doc.columns, doc.rows = columns, rows
        for node, chunks in self.chunked:
            gids = place_chunks(chunks, (left, top, columns, rows))
            self._check_gids(gids, f"layer '{node.get('name') or ''}'", node.line)
            doc.tile_layers.append((node, gids))
        tile_w, tile_h = int(self.root.get("tilewidth") or 1), int(self.root.get("tileheight") or 1)
        if self.hexagonal:
            # a hex map's rows (or columns) overlap; the used corner's pixel is where its cell's box begins
            side = int(self.root.get("hexsidelength") or 0)
            if self.root.get("staggeraxis") == "x":
                tile_w = (tile_w + side) // 2
            else:
                tile_h = (tile_h + side) // 2
        doc.shift_px = (left * tile_w, top * tile_h)


def _check_tile_sizes(doc: MapDocument, root: Node) -> None:
    """Warn about a tileset painted on the layers the rules read whose tiles are not the map's size: the square
    tileset on a hex map or the hex one on a square map. Tile objects and decoration layers may use any size."""
    size = (root.get("tilewidth"), root.get("tileheight"))
    ruled = [(node, raw) for node, raw in doc.tile_layers if read_layer_role(node) in ("terrain", "roads", "elevation")]
    for ts in doc.tilesets:
        ts_size = (ts.node.get("tilewidth"), ts.node.get("tileheight"))
        if ts_size == size or ts.tilecount is None:
            continue
        end = ts.firstgid + ts.span
        for node, raw in ruled:
            bare = raw & np.uint32(~GID_FLAGS & 0xFFFFFFFF)
            if ((bare >= ts.firstgid) & (bare < end)).any():
                doc.warn(
                    f"layer '{node.get('name') or ''}' is painted with tileset '{ts.name}', whose tiles are "
                    f"{ts_size[0]}x{ts_size[1]} pixels, on a map whose tiles are {size[0]}x{size[1]}: the picture "
                    "will not fit the grid the rules read; use the tileset made for this map's tile size "
                    "(assets/*-square.tsx for square maps, *-hex.tsx for hex maps)",
                    node.line,
                )
                break
