"""The check that runs before pytmx: our own XML reading refuses what pytmx 3.32 cannot read.

pytmx answers such maps with tracebacks or, worse, silently wrong tiles. Each refusal here names the file
(and line), what is wrong and what to change in Tiled. The precheck also keeps what the loader needs from
the XML that pytmx drops: line numbers, object shapes (ellipses), tileset names.
"""
from __future__ import annotations

import base64
import binascii
import gzip
import math
import os
import warnings
import zlib
from dataclasses import dataclass, field

import numpy as np

from kriegsspiel.findings import Finding
from kriegsspiel.tiled.properties import PLAIN_TYPES, PropertyValueError, cast_property, property_nodes, property_text
from kriegsspiel.tiled.xmltree import Node, XmlSyntaxError, parse_xml

#: Tiled's flag bits in a gid; the 120-degree rotation bit only exists on hexagonal maps (Tiled 1.9+).
FLIP_H = 0x80000000
FLIP_V = 0x40000000
FLIP_D = 0x20000000
ROTATE_120 = 0x10000000
GID_FLAGS = FLIP_H | FLIP_V | FLIP_D | ROTATE_120

#: Attribute names pytmx gives its own objects: a custom property with one of these names makes pytmx
#: raise "Reserved names and duplicate names are not allowed".
_RESERVED_COMMON = {"parent", "properties", "name", "visible", "opacity", "offsetx", "offsety", "id"}
RESERVED = {
    "map": _RESERVED_COMMON
    | {
        "filename", "custom_property_filename", "image_loader", "optional_gids", "load_all_tiles", "invert_y",
        "layers", "tilesets", "tile_properties", "layernames", "objects_by_id", "objects_by_name", "gidmap",
        "imagemap", "tiledgidmap", "maxgid", "images", "version", "tiledversion", "orientation", "renderorder",
        "width", "height", "tilewidth", "tileheight", "hexsidelength", "staggeraxis", "staggerindex",
        "background_color", "nextobjectid", "nextlayerid", "custom_types", "objects", "objectgroups",
        "visible_layers", "visible_tile_layers", "visible_object_groups", "infinite", "compressionlevel",
        "class", "backgroundcolor", "parallaxoriginx", "parallaxoriginy",
    },
    "layer": _RESERVED_COMMON | {"data", "width", "height", "tiles", "iter_data", "class", "tintcolor",
                                 "parallaxx", "parallaxy", "locked", "x", "y"},
    "objectgroup": _RESERVED_COMMON
    | {"color", "custom_types", "draworder", "append", "clear", "copy", "count", "extend", "index", "insert",
       "pop", "remove", "reverse", "sort", "class", "tintcolor", "parallaxx", "parallaxy", "locked"},
    "object": _RESERVED_COMMON
    | {"type", "x", "y", "width", "height", "rotation", "gid", "closed", "template", "custom_types", "image",
       "points", "as_points", "apply_transformations", "class"},
    "group": _RESERVED_COMMON | {"class", "tintcolor", "parallaxx", "parallaxy", "locked"},
    "imagelayer": _RESERVED_COMMON | {"source", "trans", "gid", "image", "class", "repeatx", "repeaty"},
    "tileset": _RESERVED_COMMON
    | {"offset", "firstgid", "source", "tilewidth", "tileheight", "spacing", "margin", "tilecount", "columns",
       "trans", "width", "height", "class", "version", "tiledversion", "objectalignment", "tilerendersize",
       "fillmode"},
}


@dataclass(eq=False)
class TilesetInfo:
    """A tileset as the map uses it: where it came from, for messages and for tile lookups."""

    name: str
    firstgid: int
    tilecount: int | None
    path: str  # the .tsx file, or the map file for an embedded tileset
    node: Node  # the <tileset> element (from the .tsx for external ones)
    image_source: str | None = None  # resolved path of the tileset image, when it has one
    tile_nodes: dict[int, Node] = field(default_factory=dict)


@dataclass(eq=False)
class Precheck:
    """What the precheck found. ``readable`` is False when pytmx must not be run on the file."""

    path: str
    findings: list[Finding] = field(default_factory=list)
    root: Node | None = None
    tilesets: list[TilesetInfo] = field(default_factory=list)
    tileset_missing: bool = False  # then tiles from no tileset are that tileset's, already reported
    #: every tile layer in document order (bottom to top), with its raw Tiled gids (flags included)
    tile_layers: list[tuple[Node, np.ndarray]] = field(default_factory=list)

    @property
    def readable(self) -> bool:
        return self.root is not None and not any(f.severity == "error" for f in self.findings)

    def refuse(self, message: str, line: int | None = None, path: str | None = None) -> None:
        self.findings.append(Finding(path or self.path, message, "error", line))

    def warn(self, message: str, line: int | None = None, path: str | None = None) -> None:
        self.findings.append(Finding(path or self.path, message, "warning", line))

    def tileset_of(self, tiled_gid: int) -> tuple[TilesetInfo, int] | None:
        """The tileset holding a Tiled gid (flags removed) and the tile's local id, or None."""
        best: TilesetInfo | None = None
        for ts in self.tilesets:
            if ts.firstgid <= tiled_gid and (best is None or ts.firstgid > best.firstgid):
                best = ts
        if best is None:
            return None
        return best, tiled_gid - best.firstgid


def _read_file(check: Precheck, path: str, what: str) -> Node | None:
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except FileNotFoundError:
        check.refuse(f"no such {what}; check the path", path=path)
        return None
    except IsADirectoryError:
        check.refuse(f"is a directory, not a {what}; give the .tmx file", path=path)
        return None
    except OSError as exc:
        check.refuse(f"cannot read the {what} ({exc.strerror}); check the file's permissions", path=path)
        return None
    try:
        return parse_xml(data)
    except XmlSyntaxError as exc:
        check.refuse(f"not well-formed XML ({exc}); open the file in Tiled and save it again", exc.line, path)
        return None


def precheck_map(path: str) -> Precheck:
    """Read ``path`` as a Tiled map without pytmx and list everything pytmx could not read.

    Never raises for a bad file: problems come back as findings (errors mean "do not run pytmx").
    """
    check = Precheck(path)
    lower = path.lower()
    if lower.endswith((".tmj", ".json")):
        check.refuse("JSON maps cannot be read; in Tiled choose File > Save As and save the map as a .tmx file")
        return check
    root = _read_file(check, path, "map file")
    if root is None:
        return check
    if root.tag != "map":
        check.refuse(f"not a Tiled map (the root element is <{root.tag}>, not <map>); give a .tmx map file", root.line)
        return check
    _check_map_attributes(check, root)
    if check.findings:
        return check
    _check_properties(check, root, "map", "the map", path)
    for ts_node in root.findall("tileset"):
        _check_tileset(check, ts_node)
    _check_overlaps(check)
    _check_layers(check, root, root, path)
    if not any(f.severity == "error" for f in check.findings):
        _check_tile_sizes(check, root)
    check.root = root
    return check


def read_layer_role(node: Node) -> str:
    """A layer's role: its ``role`` property, else its name, lower case (how the loader finds layers)."""
    for prop in property_nodes(node):
        if prop.get("name") == "role" and property_text(prop).strip():
            return property_text(prop).strip().lower()
    return (node.get("name") or "").strip().lower()


def _check_tile_sizes(check: Precheck, root: Node) -> None:
    """Warn about a tileset painted on the layers the rules read whose tiles are not the map's size: the square
    tileset on a hex map or the hex one on a square map. Tile objects (structures) and decoration layers may
    use tiles of any size."""
    size = (root.get("tilewidth"), root.get("tileheight"))
    ruled = [
        (node, raw) for node, raw in check.tile_layers
        if str(read_layer_role(node)) in ("terrain", "roads", "elevation")
    ]
    for ts in check.tilesets:
        ts_size = (ts.node.get("tilewidth"), ts.node.get("tileheight"))
        if ts_size == size or ts.tilecount is None:
            continue
        end = ts.firstgid + ts.tilecount
        for node, raw in ruled:
            bare = raw & ~np.uint32(GID_FLAGS)
            if ((bare >= ts.firstgid) & (bare < end)).any():
                check.warn(
                    f"layer '{node.get('name') or ''}' is painted with tileset '{ts.name}', whose tiles are "
                    f"{ts_size[0]}x{ts_size[1]} pixels, on a map whose tiles are {size[0]}x{size[1]}: the picture "
                    "will not fit the grid the rules read; use the tileset made for this map's tile size (assets/*-square.tsx "
                    "for square maps, *-hex.tsx for hex maps)",
                    node.line,
                )
                break


def _check_overlaps(check: Precheck) -> None:
    """Refuse tilesets whose gid ranges overlap (Tiled never writes them; a tile would belong to two)."""
    spans = sorted(check.tilesets, key=lambda ts: ts.firstgid)
    for earlier, later in zip(spans, spans[1:]):
        if later.firstgid < earlier.firstgid + (earlier.tilecount or 1):
            check.refuse(
                f"the tilesets '{earlier.name}' and '{later.name}' share tile numbers (firstgid {later.firstgid} "
                f"lies inside '{earlier.name}'); remove '{later.name}' in Tiled's Tilesets view and add it again",
                later.node.line if later.path == check.path else None,
            )


def _positive_int(check: Precheck, node: Node, key: str) -> int | None:
    text = node.get(key)
    try:
        value = int(text or "")
    except ValueError:
        value = 0
    if value <= 0:
        check.refuse(
            f"the map attribute {key}={text!r} is not a positive whole number; set it in Map > Map Properties",
            node.line,
        )
        return None
    return value


def _check_map_attributes(check: Precheck, root: Node) -> None:
    if root.get("infinite", "0") == "1":
        check.refuse("the map is infinite; in Tiled uncheck Map > Map Properties > Infinite and save", root.line)
        return
    orientation = root.get("orientation", "orthogonal")
    if orientation not in ("orthogonal", "hexagonal"):
        check.refuse(
            f"{orientation} maps are not supported; make an orthogonal or hexagonal map "
            "(Map > Map Properties > Orientation)",
            root.line,
        )
        return
    for key in ("width", "height", "tilewidth", "tileheight"):
        _positive_int(check, root, key)
    if orientation == "hexagonal":
        axis, index, side = root.get("staggeraxis"), root.get("staggerindex"), root.get("hexsidelength")
        if axis not in ("x", "y") or index not in ("odd", "even") or not (side or "").isdigit():
            check.refuse(
                "a hexagonal map needs Stagger Axis, Stagger Index and Hex Side Length; "
                "set them in Map > Map Properties",
                root.line,
            )
            return
        along, size = ("width", root.get("tilewidth")) if axis == "x" else ("height", root.get("tileheight"))
        if (size or "").isdigit() and int(side or 0) > int(size or 0):
            check.refuse(
                f"the Hex Side Length {side} is longer than the tile {along} {size}, which makes no hexagon; "
                f"set a Hex Side Length of at most {size} in Map > Map Properties (the shipped hex tiles use 32)",
                root.line,
            )


def _where_tile(ts: TilesetInfo, tile_id: int) -> str:
    return f"tileset '{ts.name}' tile {tile_id}"


def _check_properties(check: Precheck, node: Node, kind: str | None, where: str, path: str) -> None:
    """Refuse property types pytmx cannot cast and names that clash with pytmx's own attributes."""
    reserved = RESERVED.get(kind or "", set()) | set(node.attrib) if kind else set()
    for prop in property_nodes(node):
        name = prop.get("name") or ""
        if not name:
            check.refuse(f"{where} has a property without a name; delete it or give it a name", prop.line, path)
            continue
        ptype = prop.get("type", "string") or "string"
        if ptype in ("class", "list"):
            check.refuse(
                f"{where} has the {ptype} property '{name}', which cannot be read; "
                "use plain string, int, float or bool properties instead",
                prop.line,
                path,
            )
            continue
        if ptype not in PLAIN_TYPES:
            check.refuse(
                f"{where} has the property '{name}' of unknown type '{ptype}'; "
                "use a string, int, float or bool property",
                prop.line,
                path,
            )
            continue
        try:
            cast_property(ptype, property_text(prop))
        except PropertyValueError as exc:
            check.refuse(f"{where}: property '{name}': {exc}; correct its value", prop.line, path)
            continue
        if name in reserved:
            check.refuse(
                f"{where} has a property named '{name}', which clashes with a built-in attribute; rename the property",
                prop.line,
                path,
            )


def check_tileset_reference(check: Precheck, ref: Node) -> None:
    """Read the tileset ``ref`` points at (embedded, or an external .tsx) into ``check``."""
    _check_tileset(check, ref)


def _check_tileset(check: Precheck, ref: Node) -> None:
    before = len(check.tilesets)
    _read_tileset(check, ref)
    if len(check.tilesets) == before:
        check.tileset_missing = True


def _read_tileset(check: Precheck, ref: Node) -> None:
    map_dir = os.path.dirname(check.path)
    try:
        firstgid = int(ref.get("firstgid") or "")
    except ValueError:
        check.refuse("a tileset has no firstgid; remove it and add it again in Tiled", ref.line)
        return
    source = ref.get("source")
    ts_path = check.path
    node = ref
    if source:
        ts_path = os.path.normpath(os.path.join(map_dir, source))
        if not source.lower().endswith(".tsx"):
            check.refuse(
                f"the tileset {source} is not a .tsx file; open it in Tiled, export it as .tsx "
                "(File > Export As) and use Map > Replace Tileset",
                ref.line,
            )
            return
        if not os.path.exists(ts_path):
            check.refuse(
                f"the tileset {source} is missing (looked for {ts_path}); put it there, "
                "or add it again with Map > Add External Tileset",
                ref.line,
            )
            return
        loaded = _read_file(check, ts_path, "tileset file")
        if loaded is None:
            return
        if loaded.tag != "tileset":
            check.refuse(f"not a Tiled tileset (root element <{loaded.tag}>); give a .tsx file", loaded.line, ts_path)
            return
        node = loaded
    name = node.get("name") or (os.path.basename(source) if source else "unnamed")
    try:
        tilecount: int | None = int(node.get("tilecount") or "")
    except ValueError:
        tilecount = None
    info = TilesetInfo(name, firstgid, tilecount, ts_path, node)
    base_dir = os.path.dirname(ts_path)
    image = node.find("image")
    if image is not None:
        if not (image.get("width") or "").isdigit() or not (image.get("height") or "").isdigit():
            check.refuse(
                f"tileset '{name}': its image {image.get('source')} has no width and height; open the tileset "
                "in Tiled and save it again (Tiled then writes the image size)",
                image.line,
                ts_path,
            )
        if image.get("source"):
            info.image_source = os.path.normpath(os.path.join(base_dir, image.get("source") or ""))
            if not os.path.isfile(info.image_source):
                # The rules need no image, so the map still loads; only drawing it falls back to flat colours.
                check.warn(
                    f"tileset '{name}': its image {image.get('source')} is missing (looked for {info.image_source}); "
                    "the map plays but is drawn in flat colours: put the image there or fix the path in the tileset",
                    image.line,
                    ts_path,
                )
            elif not _image_looks_right(info.image_source):
                kind = os.path.splitext(info.image_source)[1].lower()
                check.warn(
                    f"tileset '{name}': its image {image.get('source')} is not a {kind} file (damaged, or another "
                    f"kind of file renamed); the map plays but is drawn in flat colours: save the image again as {kind}",
                    image.line,
                    ts_path,
                )
    _check_properties(check, node, "tileset", f"tileset '{name}'", ts_path)
    for tile in node.findall("tile"):
        try:
            tile_id = int(tile.get("id") or "")
        except ValueError:
            check.refuse(f"tileset '{name}' has a tile without an id; save the tileset again from Tiled", tile.line, ts_path)
            continue
        info.tile_nodes[tile_id] = tile
        if tile.get("terrain") is not None:
            check.warn(
                f"{_where_tile(info, tile_id)} uses the old Terrain attribute, which is ignored; "
                "give it a 'terrain' property instead",
                tile.line,
                ts_path,
            )
        # pytmx does not check tile property names, only their types.
        _check_properties(check, tile, None, _where_tile(info, tile_id), ts_path)
    check.tilesets.append(info)


#: The first bytes of the image files tilesets use, by file extension.
IMAGE_SIGNATURES = {
    ".png": (b"\x89PNG\r\n\x1a\n",),
    ".jpg": (b"\xff\xd8\xff",),
    ".jpeg": (b"\xff\xd8\xff",),
    ".gif": (b"GIF87a", b"GIF89a"),
    ".bmp": (b"BM",),
}


def _image_looks_right(path: str) -> bool:
    """False when an image file's first bytes are not those of the format its extension names."""
    signatures = IMAGE_SIGNATURES.get(os.path.splitext(path)[1].lower())
    if signatures is None:
        return True  # a format we do not know the signature of: let the drawing code try it
    try:
        with open(path, "rb") as handle:
            head = handle.read(8)
    except OSError:
        return False
    return head.startswith(signatures)


def _csv_problem(text: str, width: int) -> str:
    """What is wrong with CSV tile data numpy refused: the first entry that is not a tile number."""
    for index, item in enumerate(text.split(",")):
        entry = item.strip()
        if not entry.isdigit():
            shown = entry if len(entry) <= 20 else entry[:20] + "..."
            return (
                f"its CSV tile data holds {shown!r} at column {index % max(width, 1)}, row {index // max(width, 1)}, "
                "which is not a tile number; repaint that cell or save the map again from Tiled"
            )
    return "its CSV tile data cannot be read; save the map again from Tiled"


def decode_layer_data(data: Node, width: int, height: int) -> np.ndarray:
    """The raw Tiled gids (flags included) of a ``<data>`` element, as a uint32 array [row, column].

    Raises ValueError with a message (what is wrong; what to do in Tiled) for what cannot be read.
    """
    encoding = data.get("encoding")
    compression = data.get("compression")
    if data.find("chunk") is not None:
        raise ValueError("the layer is stored in chunks (an infinite map); uncheck Map > Map Properties > Infinite")
    if encoding is None:
        raise ValueError(
            "the layer stores its tiles as XML elements, which cannot be read; "
            "set Tile Layer Format to CSV in Map > Map Properties and save"
        )
    if encoding == "csv":
        if compression:
            raise ValueError(f"CSV data with {compression} compression; set Tile Layer Format to CSV and save")
        text = data.text.strip()
        try:
            with warnings.catch_warnings():
                # numpy warns and stops early on text that is not a number; the size check below reports it.
                warnings.simplefilter("ignore")
                gids = np.fromstring(text, dtype=np.uint32, sep=",") if text else np.zeros(0, np.uint32)
        except ValueError:
            raise ValueError(_csv_problem(text, width)) from None
    elif encoding == "base64":
        if compression == "zstd":
            raise ValueError(
                "the layer uses zstd compression, which cannot be read; set Tile Layer Format to CSV "
                "(or Base64 zlib or gzip) in Map > Map Properties and save"
            )
        if compression not in (None, "zlib", "gzip"):
            raise ValueError(f"unknown compression '{compression}'; set Tile Layer Format to CSV and save")
        try:
            raw = base64.b64decode(data.text.strip(), validate=False)
            if compression == "zlib":
                raw = zlib.decompress(raw)
            elif compression == "gzip":
                raw = gzip.decompress(raw)
        except (binascii.Error, zlib.error, OSError, EOFError) as exc:
            raise ValueError(f"its tile data cannot be decoded ({exc}); save the map again from Tiled") from None
        if len(raw) % 4:
            raise ValueError("its tile data is cut short; save the map again from Tiled")
        gids = np.frombuffer(raw, dtype="<u4")
    else:
        raise ValueError(f"unknown tile encoding '{encoding}'; set Tile Layer Format to CSV and save")
    if gids.size != width * height:
        raise ValueError(
            f"it holds {gids.size} tiles but should hold {width}x{height}; save the map again from Tiled"
        )
    return gids.reshape(height, width)


def _check_layers(check: Precheck, root: Node, parent: Node, path: str) -> None:
    width = int(root.get("width") or 0)
    height = int(root.get("height") or 0)
    for node in parent.children:
        name = node.get("name", "") or ""
        if node.tag == "layer":
            where = f"layer '{name}'"
            _check_properties(check, node, "layer", where, path)
            data = node.find("data")
            if data is None:
                check.refuse(f"{where} has no tile data; save the map again from Tiled", node.line)
                continue
            size = (node.get("width") or str(width), node.get("height") or str(height))
            if size != (str(width), str(height)):
                check.refuse(
                    f"{where} is {size[0]}x{size[1]} tiles but the map is {width}x{height}; resize the map in Tiled "
                    "(Map > Resize Map), which resizes every layer, and save",
                    node.line,
                )
                continue
            if _is_number(node.get("offsetx") or "0") and _is_number(node.get("offsety") or "0"):
                shift = (float(node.get("offsetx") or 0), float(node.get("offsety") or 0))
                if shift != (0.0, 0.0):
                    check.warn(
                        f"{where} is drawn shifted by its offset ({shift[0]:g}, {shift[1]:g} px) but the rules read "
                        "its tiles on the map's grid; set the layer's Offset to 0, 0 in its Properties view",
                        node.line,
                    )
            try:
                gids = decode_layer_data(data, width, height)
            except ValueError as exc:
                check.refuse(f"{where}: {exc}", data.line)
                continue
            _check_gids(check, gids, where, data.line)
            check.tile_layers.append((node, gids))
        elif node.tag == "objectgroup":
            where = f"object layer '{name}'"
            _check_properties(check, node, "objectgroup", where, path)
            for obj in node.findall("object"):
                _check_object(check, obj, name)
        elif node.tag == "group":
            _check_properties(check, node, "group", f"group layer '{name}'", path)
            _check_layers(check, root, node, path)
        elif node.tag == "imagelayer":
            _check_properties(check, node, "imagelayer", f"image layer '{name}'", path)


def _check_gids(check: Precheck, gids: np.ndarray, where: str, line: int) -> None:
    rotated = (gids & ROTATE_120) != 0
    if rotated.any():
        rows, cols = np.nonzero(rotated)
        check.refuse(
            f"{where} has {int(rotated.sum())} tiles rotated by 120 degrees (first at column {cols[0]}, row {rows[0]}), "
            "which cannot be read; repaint them unrotated (flipped tiles are fine)",
            line,
        )
    bare = gids & ~np.uint32(GID_FLAGS)
    if not bare.size or not bare.any():
        return
    counts = [ts.tilecount for ts in check.tilesets]
    if check.tileset_missing:
        return
    if check.tilesets and None in counts:
        return  # an old tileset without tilecount: pytmx copes, and we cannot tell where it ends
    limit = max((ts.firstgid + (ts.tilecount or 0) for ts in check.tilesets), default=1)
    bad = bare >= limit
    if bad.any():
        rows, cols = np.nonzero(bad)
        check.refuse(
            f"{where} has {int(bad.sum())} tiles from no tileset (first at column {cols[0]}, row {rows[0]}); "
            "a tileset was removed or replaced: add it again or repaint those tiles",
            line,
        )


def _check_object(check: Precheck, obj: Node, layer_name: str) -> None:
    oid = obj.get("id", "?")
    label = f"object {oid}" + (f" ('{obj.get('name')}')" if obj.get("name") else "")
    where = f"{label} in layer '{layer_name}'"
    if obj.get("template") is not None:
        check.refuse(
            f"{where} uses a template, which cannot be read; select the template objects, right-click "
            "them and choose Detach, then save",
            obj.line,
        )
        return
    for key in OBJECT_NUMBERS:
        text = obj.get(key)
        if text is not None and not _is_number(text):
            check.refuse(
                f"{where} has {key}={text!r}, which is not a number; select the object and correct its "
                f"{key.upper() if len(key) == 1 else key.capitalize()} in the Properties view",
                obj.line,
            )
    for outline in (obj.find("polygon"), obj.find("polyline")):
        if outline is not None and not _points_readable(outline.get("points") or ""):
            check.refuse(
                f"{where}: its {outline.tag} points {(outline.get('points') or '')[:40]!r} are not pairs of numbers "
                f"'x,y'; redraw the {outline.tag} in Tiled",
                outline.line,
            )
    gid_text = obj.get("gid")
    if gid_text is not None:
        if not gid_text.strip().isdigit():
            check.refuse(f"{where} has gid={gid_text!r}, which is not a tile number; delete the object and insert the tile again", obj.line)
            return
        gid = int(gid_text)
        if gid & ROTATE_120:
            check.refuse(f"{where} is a tile rotated by 120 degrees, which cannot be read; place it unrotated", obj.line)
        bare = gid & ~GID_FLAGS
        limit = _gid_limit(check)
        if limit is not None and bare >= limit:
            check.refuse(
                f"{where} is a tile from no tileset (gid {bare}); a tileset was removed or replaced: add it again, "
                "or delete the object and insert the tile again",
                obj.line,
            )
    _check_properties(check, obj, "object", where, check.path)


#: Object attributes that must be numbers (pixels, degrees).
OBJECT_NUMBERS = ("x", "y", "width", "height", "rotation")


def _is_number(text: str) -> bool:
    try:
        value = float(text)
    except ValueError:
        return False
    return math.isfinite(value)


def _points_readable(points: str) -> bool:
    pairs = points.split()
    if not pairs:
        return False
    for pair in pairs:
        parts = pair.split(",")
        if len(parts) != 2 or not all(_is_number(p) for p in parts):
            return False
    return True


def _gid_limit(check: Precheck) -> int | None:
    """One past the highest gid the map's tilesets hold, or None when that cannot be told."""
    if check.tileset_missing or any(ts.tilecount is None for ts in check.tilesets):
        return None
    return max((ts.firstgid + (ts.tilecount or 0) for ts in check.tilesets), default=1)
