"""Checks of a tileset on its own (``kriegsspiel check TILESET.tsx``)."""
from __future__ import annotations

import os

from kriegsspiel.core.ruleset import Ruleset
from kriegsspiel.findings import Finding
from kriegsspiel.tiled.loader import closest
from kriegsspiel.tiled.precheck import Precheck, check_tileset_reference
from kriegsspiel.tiled.properties import read_properties
from kriegsspiel.tiled.xmltree import Node


def check_tileset(path: str | os.PathLike[str], ruleset: Ruleset) -> tuple[list[Finding], bool]:
    """Every finding of a ``.tsx`` tileset and whether it could be read: what pytmx cannot read, image size,
    and ``terrain`` values that are not terrains of ``ruleset``. Never raises for a bad file."""
    spath = os.fspath(path)
    check = Precheck(spath)
    check_tileset_reference(check, Node("tileset", {"firstgid": "1", "source": os.path.basename(spath)}, 0))
    readable = not any(f.severity == "error" for f in check.findings)
    known = list(ruleset.terrain)
    for ts in check.tilesets:
        for tile_id, node in sorted(ts.tile_nodes.items()):
            value = read_properties(node).get("terrain")
            if value is None:
                continue
            name = str(value).strip()
            if name not in ruleset.terrain:
                check.findings.append(Finding(
                    ts.path,
                    f"tileset '{ts.name}' tile {tile_id} has the unknown terrain '{name}'{closest(name, known)}; "
                    f"known terrains: {', '.join(known)}",
                    "error",
                    node.line,
                ))
    return check.findings, readable
