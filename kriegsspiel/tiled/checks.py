"""Checks of a tileset on its own (``kriegsspiel check TILESET.tsx``)."""
from __future__ import annotations

import os

from kriegsspiel.core.ruleset import RuleBook
from kriegsspiel.findings import Finding
from kriegsspiel.tmx.paths import PathPolicy
from kriegsspiel.tiled.placements import closest
from kriegsspiel.tmx.sink import FindingSink
from kriegsspiel.tmx.tilesets import read_tileset
from kriegsspiel.tmx.xmltree import Node


def check_tileset(path: str | os.PathLike[str], ruleset: RuleBook, allow_outside: bool | None = None) -> tuple[list[Finding], bool]:
    """Every finding of a ``.tsx`` tileset and whether it could be read: what cannot be read, images outside
    its Tiled project, and ``terrain`` values that are not terrains of ``ruleset``. Never raises for a bad file."""
    spath = os.fspath(path)
    sink = FindingSink(spath)
    ref = Node("tileset", {"firstgid": "1", "source": os.path.basename(spath)}, 0)
    info = read_tileset(sink, ref, spath, PathPolicy.for_map(spath, allow_outside))
    readable = not sink.has_errors
    known = list(ruleset.terrain)
    for tile_id, props in sorted((info.tile_properties if info else {}).items()):
        value = props.get("terrain")
        if value is None or info is None:
            continue
        name = str(value).strip()
        if name not in ruleset.terrain:
            node = info.tile_nodes.get(tile_id)
            sink.findings.append(Finding(
                info.path,
                f"tileset '{info.name}' tile {tile_id} has the unknown terrain '{name}'{closest(name, known)}; "
                f"known terrains: {', '.join(known)}",
                "error",
                node.line if node is not None else None,
            ))
    return sink.findings, readable
