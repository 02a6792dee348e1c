"""Object templates (``.tx`` files, ``template=`` on objects): each instance becomes a plain object.

Tiled stores only what an instance changes; the rest (size, gid, shape, properties) is the template's. The
template's tile comes from the template's own tileset reference; when the map uses the same ``.tsx`` the
gid is renumbered into the map's, otherwise the tileset is added to the map after its own tilesets.
"""
from __future__ import annotations

import os
from dataclasses import replace

from kriegsspiel.tmx.paths import PathPolicy
from kriegsspiel.tmx.sink import FindingSink
from kriegsspiel.tmx.tilesets import TilesetInfo, read_tileset, read_xml_file
from kriegsspiel.tmx.xmltree import Node

#: Tiled's flag bits in a gid (flips and the hexagonal 120-degree rotation).
GID_FLAGS = 0xF0000000
#: Children of an object that make its shape; an instance with none takes the template's.
SHAPE_TAGS = ("ellipse", "point", "polygon", "polyline", "text")


class TemplateExpander:
    """Replaces template instances by full objects, reading each ``.tx`` once."""

    def __init__(self, sink: FindingSink, map_path: str, policy: PathPolicy, tilesets: list[TilesetInfo]) -> None:
        self.sink = sink
        self.map_path = map_path
        self.policy = policy
        self.tilesets = tilesets  # the map's, extended when a template brings its own
        self.loaded: dict[str, tuple[Node, TilesetInfo | None] | None] = {}

    def expand(self, obj: Node, where: str) -> bool:
        """Merge ``obj``'s template into it in place; False (reported) when the template cannot be used."""
        reference = obj.get("template") or ""
        path, refusal = self.policy.resolve(os.path.dirname(self.map_path), reference)
        if refusal:
            self.sink.refuse(f"{where}: its template {refusal}", obj.line)
            return False
        if path not in self.loaded:
            self.loaded[path] = self._load(path, reference, obj.line, where)
        loaded = self.loaded[path]
        if loaded is None:
            return False
        template, tileset = loaded
        merged = dict(template.attrib)
        merged.update(obj.attrib)
        merged.pop("template", None)
        if "gid" in template.attrib and "gid" not in obj.attrib:
            gid = self._map_gid(template.attrib["gid"], tileset)
            if gid is None:
                self.sink.refuse(f"{where}: its template {reference} shows a tile from no tileset; open the template "
                                 "in Tiled and save it again", obj.line)
                return False
            merged["gid"] = str(gid)
        obj.attrib = merged
        own_shape = any(child.tag in SHAPE_TAGS for child in obj.children)
        children = [c for c in template.children if c.tag != "properties" and not (own_shape and c.tag in SHAPE_TAGS)]
        obj.children = _merged_properties(template, obj) + children + [c for c in obj.children if c.tag != "properties"]
        return True

    def _load(self, path: str, reference: str, line: int, where: str) -> tuple[Node, TilesetInfo | None] | None:
        if not os.path.isfile(path):
            self.sink.refuse(f"{where}: its template {reference} is missing (looked for {path}); put it there, or "
                             "detach the template objects in Tiled (right-click > Detach) and save", line)
            return None
        root = read_xml_file(self.sink, path, "template file")
        if root is None:
            return None
        template = root.find("object")
        if root.tag != "template" or template is None:
            self.sink.refuse("not a Tiled object template (no <template> with an <object>); give a .tx file", root.line, path)
            return None
        tileset = None
        ref = root.find("tileset")
        if ref is not None:
            tileset = read_tileset(self.sink, ref, path, self.policy)
        return template, tileset

    def _map_gid(self, text: str, tileset: TilesetInfo | None) -> int | None:
        """The template's gid (flags kept) in the map's numbering; adds the tileset to the map if needed."""
        try:
            raw = int(text)
        except ValueError:
            return None
        if tileset is None:
            return None
        bare, flags = raw & ~GID_FLAGS, raw & GID_FLAGS
        local = bare - tileset.firstgid  # the tileset as the template numbers it
        if not 0 <= local < tileset.span:
            return None
        for ts in self.tilesets:
            if os.path.realpath(ts.path) == os.path.realpath(tileset.path) and ts.path != self.map_path:
                return (ts.firstgid + local) | flags
        # the map does not use the tileset yet: append it after the map's own gids
        top = max((ts.firstgid + ts.span for ts in self.tilesets), default=1)
        self.tilesets.append(replace(tileset, firstgid=top))
        return (top + local) | flags


def _merged_properties(template: Node, obj: Node) -> list[Node]:
    """One ``<properties>`` element: the template's, with the instance's of the same name replacing them."""
    by_name: dict[str, Node] = {}
    for source in (template, obj):
        for group in source.findall("properties"):
            for prop in group.findall("property"):
                by_name[prop.get("name") or ""] = prop
    if not by_name:
        return []
    return [Node("properties", {}, obj.line, list(by_name.values()))]
