"""Tilesets as a map uses them: embedded or from a ``.tsx``, image sheets or image collections with sparse ids.

A tile's local id is its position on the sheet for a sheet tileset; in an image collection the ids are
whatever Tiled gave the images (with gaps once images were removed), so a collection spans one past its
highest id, whatever ``tilecount`` says.
"""
from __future__ import annotations

import bisect
import os
from dataclasses import dataclass, field
from typing import Any

from kriegsspiel.border import InputFileError, InputKind, open_input, read_input
from kriegsspiel.tmx.limits import MAX_GID, MAX_IMAGE_PX, MAX_TILE_PX, whole_in
from kriegsspiel.tmx.paths import PathPolicy
from kriegsspiel.tmx.properties import (
    NESTED_TYPES, PLAIN_TYPES, PropertyValueError, cast_property, property_nodes, property_text, read_properties,
)
from kriegsspiel.tmx.sink import FindingSink
from kriegsspiel.tmx.xmltree import Node, XmlSyntaxError, parse_xml

#: The first bytes of the image files tilesets use, by file extension.
IMAGE_SIGNATURES = {
    ".png": (b"\x89PNG\r\n\x1a\n",),
    ".jpg": (b"\xff\xd8\xff",),
    ".jpeg": (b"\xff\xd8\xff",),
    ".gif": (b"GIF87a", b"GIF89a"),
    ".bmp": (b"BM",),
}
#: The largest XML file (map, tileset, template) read, in bytes: Tiled's biggest examples are a few MB.
MAX_FILE_BYTES = 512 * 1024 * 1024


@dataclass(eq=False)
class TilesetInfo:
    """A tileset as the map uses it: where it came from, its sheet geometry and its tiles' data."""

    name: str
    firstgid: int
    tilecount: int | None
    path: str  # the .tsx file, or the map file for an embedded tileset
    node: Node  # the <tileset> element (from the .tsx for external ones)
    image_source: str | None = None  # resolved path of the sheet image, when it has one
    tile_nodes: dict[int, Node] = field(default_factory=dict)
    tile_images: dict[int, str] = field(default_factory=dict)  # image collections: local id -> image path
    tile_properties: dict[int, dict[str, Any]] = field(default_factory=dict)
    tile_classes: dict[int, str] = field(default_factory=dict)  # the tile's class (Tiled 1.9+) or type
    #: the terrain brush (Tiled's wang colour) covering most of each tile, for maps painted with terrain brushes
    tile_brushes: dict[int, str] = field(default_factory=dict)

    @property
    def count(self) -> int | None:
        """Its tile count: ``tilecount``, else (old files) worked out from the sheet's size; None when unknown."""
        if self.tilecount is not None:
            return self.tilecount
        image = self.node.find("image")
        if image is None:
            return max(self.tile_nodes, default=-1) + 1  # an image collection: its ids are all it has
        width, height = self.attr("tilewidth"), self.attr("tileheight")
        spacing, margin = self.attr("spacing"), self.attr("margin")
        try:
            sheet_w, sheet_h = int(image.get("width") or ""), int(image.get("height") or "")
        except ValueError:
            return None
        if width <= 0 or height <= 0:
            return None
        return max(0, (sheet_w - 2 * margin + spacing) // (width + spacing)) * max(0, (sheet_h - 2 * margin + spacing) // (height + spacing))

    @property
    def span(self) -> int:
        """How many gids the tileset takes (at least 1): its tile count, or one past its highest tile id when
        that is more (an image collection with gaps in its ids)."""
        return max(self.count or 0, max(self.tile_nodes, default=-1) + 1, 1)

    def attr(self, key: str, default: int = 0) -> int:
        """A whole-number attribute of the ``<tileset>`` element (tilewidth, spacing, ...), else ``default``."""
        try:
            return int(self.node.get(key) or default)
        except ValueError:
            return default


def tileset_index(tilesets: list[TilesetInfo]) -> tuple[list[int], list[TilesetInfo]]:
    """Firstgids sorted, and the tilesets in that order, for :func:`tileset_of`."""
    ordered = sorted(tilesets, key=lambda ts: ts.firstgid)
    return [ts.firstgid for ts in ordered], ordered


def tileset_of(index: tuple[list[int], list[TilesetInfo]], tiled_gid: int) -> tuple[TilesetInfo, int] | None:
    """The tileset holding a Tiled gid (flags removed) and the tile's local id, or None."""
    firsts, ordered = index
    at = bisect.bisect_right(firsts, tiled_gid) - 1
    if at < 0 or tiled_gid <= 0:
        return None
    return ordered[at], tiled_gid - ordered[at].firstgid


def read_xml_file(sink: FindingSink, path: str, what: str) -> Node | None:
    """The root element of an XML file, or None after reporting why it cannot be read."""
    kind = InputKind(f"a {what}", MAX_FILE_BYTES)
    try:
        data = read_input(path, kind)
    except InputFileError as exc:
        if exc.problem == "no such file":
            sink.refuse(f"no such {what}; check the path", path=path)
        elif exc.problem == "is a folder":
            sink.refuse(f"is a directory, not a {what}; give the file", path=path)
        elif "larger than" in exc.problem:
            sink.refuse(f"the {what} is larger than the {MAX_FILE_BYTES // 1_000_000} MB a map file may be; make "
                        "the map smaller", path=path)
        else:
            sink.refuse(f"{exc.problem}; give {kind.what}", path=path)
        return None
    try:
        return parse_xml(data)
    except XmlSyntaxError as exc:
        if exc.nesting:
            sink.refuse(str(exc), exc.line, path)
        else:
            sink.refuse(f"not well-formed XML ({exc}); open the file in Tiled and save it again", exc.line, path)
        return None


def check_properties(sink: FindingSink, node: Node, where: str, path: str) -> None:
    """Refuse nameless properties, unknown types and values that do not parse as their type."""
    for prop in property_nodes(node):
        name = prop.get("name") or ""
        if not name:
            sink.refuse(f"{where} has a property without a name; delete it or give it a name", prop.line, path)
            continue
        ptype = prop.get("type", "string") or "string"
        if ptype in NESTED_TYPES:
            continue
        if ptype not in PLAIN_TYPES:
            sink.refuse(f"{where} has the property '{name}' of unknown type '{ptype}'; use a string, int, float "
                        "or bool property", prop.line, path)
            continue
        try:
            cast_property(ptype, property_text(prop))
        except PropertyValueError as exc:
            sink.refuse(f"{where}: property '{name}': {exc}; correct its value", prop.line, path)


def image_looks_right(path: str) -> bool:
    """False when an image file's first bytes are not those of the format its extension names."""
    signatures = IMAGE_SIGNATURES.get(os.path.splitext(path)[1].lower())
    if signatures is None:
        return True  # a format we do not know the signature of: let the drawing code try it
    try:
        with open_input(path, "image") as handle:
            head = handle.read(8)
    except (OSError, InputFileError):
        return False
    return head.startswith(signatures)


def _image(sink: FindingSink, policy: PathPolicy, image: Node, base_dir: str, name: str, ts_path: str) -> str | None:
    """The resolved path of an ``<image>``, or None (reported) when it is refused; a missing or damaged image
    is only a warning: the rules need no image."""
    source = image.get("source") or ""
    if not source:
        return None
    path, refusal = policy.resolve(base_dir, source)
    if refusal:
        sink.refuse(f"tileset '{name}': its image {refusal}", image.line, ts_path)
        return None
    if not os.path.isfile(path):
        sink.warn(f"tileset '{name}': its image {source} is missing (looked for {path}); the map plays but is "
                  "drawn in flat colours: put the image there or fix the path in the tileset", image.line, ts_path)
    elif not image_looks_right(path):
        kind = os.path.splitext(path)[1].lower()
        sink.warn(f"tileset '{name}': its image {source} is not a {kind} file (damaged, or another kind of file "
                  f"renamed); the map plays but is drawn in flat colours: save the image again as {kind}",
                  image.line, ts_path)
    return path


def read_tileset(sink: FindingSink, ref: Node, map_path: str, policy: PathPolicy) -> TilesetInfo | None:
    """The tileset a map's (or template's) ``<tileset>`` element stands for, or None after reporting why not."""
    firstgid_text = ref.get("firstgid")
    firstgid = whole_in(firstgid_text, 1, MAX_GID)
    if firstgid is None:
        problem = "has no firstgid" if firstgid_text is None else (
            f"has firstgid={firstgid_text[:40]!r}, not a tile number from 1 to {MAX_GID:,}")
        sink.refuse(f"a tileset {problem}; remove it and add it again in Tiled (it numbers the tilesets itself)",
                    ref.line)
        return None
    source = ref.get("source")
    ts_path = map_path
    node = ref
    if source:
        ts_path, refusal = policy.resolve(os.path.dirname(map_path), source)
        if refusal:
            sink.refuse(f"the tileset {refusal}", ref.line, map_path)
            return None
        if not source.lower().endswith(".tsx"):
            sink.refuse(f"the tileset {source} is not a .tsx file; open it in Tiled, export it as .tsx "
                        "(File > Export As) and use Map > Replace Tileset", ref.line, map_path)
            return None
        if not os.path.exists(ts_path):
            sink.refuse(f"the tileset {source} is missing (looked for {ts_path}); put it there, "
                        "or add it again with Map > Add External Tileset", ref.line, map_path)
            return None
        loaded = read_xml_file(sink, ts_path, "tileset file")
        if loaded is None:
            return None
        if loaded.tag != "tileset":
            sink.refuse(f"not a Tiled tileset (root element <{loaded.tag}>); give a .tsx file", loaded.line, ts_path)
            return None
        node = loaded
    name = node.get("name") or (os.path.basename(source) if source else "unnamed")
    if not _sizes_in_range(sink, node, name, ts_path):
        return None
    tilecount = whole_in(node.get("tilecount"), 0, MAX_GID)
    if node.get("tilecount") is not None and tilecount is None:
        sink.refuse(f"tileset '{name}' has tilecount={(node.get('tilecount') or '')[:40]!r}, not a whole number from "
                    f"0 to {MAX_GID:,}; save the tileset again from Tiled", node.line, ts_path)
        return None
    info = TilesetInfo(name, firstgid, tilecount, ts_path, node)
    base_dir = os.path.dirname(ts_path)
    image = node.find("image")
    if image is not None:
        info.image_source = _image(sink, policy, image, base_dir, name, ts_path)
    check_properties(sink, node, f"tileset '{name}'", ts_path)
    for tile in node.findall("tile"):
        tile_id = whole_in(tile.get("id"), 0, MAX_GID - 1)
        if tile_id is None:
            text = tile.get("id")
            problem = "a tile without an id" if text is None else f"a tile with the id {text[:40]!r}"
            sink.refuse(f"tileset '{name}' has {problem} (ids run from 0 to {MAX_GID - 1:,}); save the tileset again "
                        "from Tiled", tile.line, ts_path)
            continue
        info.tile_nodes[tile_id] = tile
        where = f"tileset '{name}' tile {tile_id}"
        check_properties(sink, tile, where, ts_path)
        props = read_properties(tile)
        if props:
            info.tile_properties[tile_id] = props
        kind = (tile.get("class") or tile.get("type") or "").strip()
        if kind:
            info.tile_classes[tile_id] = kind
        tile_image = tile.find("image")
        if tile_image is not None:
            path = _image(sink, policy, tile_image, base_dir, name, ts_path)
            if path:
                info.tile_images[tile_id] = path
    _read_brushes(info)
    if firstgid + info.span > MAX_GID + 1:
        sink.refuse(f"tileset '{name}' numbers its tiles up to {firstgid + info.span - 1:,}, beyond the {MAX_GID:,} "
                    "tiles a map may use over all its tilesets; use fewer or smaller tilesets", ref.line, map_path)
        return None
    return info


def _sizes_in_range(sink: FindingSink, node: Node, name: str, ts_path: str) -> bool:
    """Refuse a tileset whose tile size, spacing, margin or image size is outside what Tiled writes."""
    ranges = {"tilewidth": (1, MAX_TILE_PX), "tileheight": (1, MAX_TILE_PX), "spacing": (0, MAX_TILE_PX),
              "margin": (0, MAX_TILE_PX), "columns": (0, MAX_GID)}
    checks = [(node, key, low, high) for key, (low, high) in ranges.items()]
    for image in [node.find("image"), *(tile.find("image") for tile in node.findall("tile"))]:
        if image is not None:
            checks += [(image, key, 1, MAX_IMAGE_PX) for key in ("width", "height")]
    for element, key, low, high in checks:
        text = element.get(key)
        if text is not None and whole_in(text, low, high) is None:
            what = f"its {element.tag} {key}" if element is not node else key
            sink.refuse(f"tileset '{name}' has {what}={text[:40]!r}, not a whole number from {low} to {high:,}; "
                        "correct it in Tiled's tileset editor", element.line, ts_path)
            return False
    return True


def _read_brushes(info: TilesetInfo) -> None:
    """Each tile's main terrain brush: the wang colour on most of its corners and edges (ties: the first)."""
    for group in info.node.findall("wangsets"):
        for wangset in group.findall("wangset"):
            colours = [c.get("name") or "" for c in wangset.findall("wangcolor")]
            for wangtile in wangset.findall("wangtile"):
                try:
                    local = int(wangtile.get("tileid") or "")
                    ids = [int(v) for v in (wangtile.get("wangid") or "").split(",") if v.strip()]
                except ValueError:
                    continue
                counts: dict[int, int] = {}
                for colour in ids:
                    if 0 < colour <= len(colours):
                        counts[colour] = counts.get(colour, 0) + 1
                if counts and local not in info.tile_brushes:
                    best = max(counts, key=lambda c: (counts[c], -c))
                    if colours[best - 1]:
                        info.tile_brushes[local] = colours[best - 1]


def check_overlaps(sink: FindingSink, tilesets: list[TilesetInfo]) -> None:
    """Refuse tilesets whose gid ranges overlap (Tiled never writes them; a tile would belong to two)."""
    spans = sorted(tilesets, key=lambda ts: ts.firstgid)
    for earlier, later in zip(spans, spans[1:]):
        if later.firstgid < earlier.firstgid + earlier.span:
            sink.refuse(
                f"the tilesets '{earlier.name}' and '{later.name}' share tile numbers (firstgid {later.firstgid} "
                f"lies inside '{earlier.name}'); remove '{later.name}' in Tiled's Tilesets view and add it again",
                later.node.line if later.path == sink.path else None,
            )
