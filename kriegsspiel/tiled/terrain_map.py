"""Which terrain each tile is: the ``terrain`` property, else the tile's class or ``type``, through a mapping table.

Maps drawn for other games name their tiles by class ("Grass", "Tree", "Water"), by a ``type`` property, or
through the terrain brushes they were painted with (Tiled's terrain sets: "Desert", "Dirt").
A mapping table turns those names into the rule set's terrains: the map property ``terrain_classes``
(``Grass=plains; Tree=forest; Water=water``) or a small TOML beside the map, ``MAP.terrain.toml``::

    [terrain]
    Grass = "plains"
    Tree = "forest"

The table's entries win over the map property, names match without regard to case, and a name that is
already a terrain of the rule set ("water", "Forest") needs no entry.
"""
from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from kriegsspiel.border import InputKind, read_input_text
from kriegsspiel.errors import UserError
from kriegsspiel.tiled.tile_table import TileTable
from kriegsspiel.tmx.sink import FindingSink
from kriegsspiel.tmx.tilesets import TilesetInfo
from kriegsspiel.tmx.xmltree import Node

#: The map property holding a mapping table.
MAPPING_PROPERTY = "terrain_classes"
#: LUT values: no name on the tile; a ``terrain`` property naming no terrain (an error, reported once).
NO_TERRAIN = -1
UNKNOWN_TERRAIN = -3
#: The largest mapping TOML read, in bytes.
MAX_TOML_BYTES = 1_000_000


def mapping_toml_path(map_path: str) -> str:
    """Where the mapping table of a map lies: ``forest.tmx`` -> ``forest.terrain.toml`` beside it."""
    return os.path.splitext(map_path)[0] + ".terrain.toml"


@dataclass(frozen=True)
class TileName:
    """One name found on tiles: where it comes from (``terrain``, ``type`` property or ``class``), the name,
    the terrain it becomes (None: none) and how many tiles carry it."""

    source: str
    name: str
    terrain: str | None
    tiles: int
    via: str  # "rule set", "mapping", "" (none)


@dataclass(eq=False)
class TerrainMapping:
    """Folded name -> terrain id, with where each entry came from for messages."""

    entries: dict[str, str] = field(default_factory=dict)
    origin: dict[str, str] = field(default_factory=dict)

    def lookup(self, name: str, terrains: Mapping[str, int]) -> tuple[str | None, str]:
        """(terrain id, "mapping" | "rule set") for a tile's name, or (None, "")."""
        folded = name.strip().lower()
        if folded in self.entries:
            return self.entries[folded], "mapping"
        for terrain in terrains:
            if terrain.lower() == folded:
                return terrain, "rule set"
        return None, ""


def _parse_pairs(text: str) -> list[tuple[str, str]] | None:
    pairs = []
    for item in text.replace("\n", ";").split(";"):
        if not item.strip():
            continue
        if "=" not in item:
            return None
        key, value = item.split("=", 1)
        pairs.append((key.strip(), value.strip().strip('"')))
    return pairs


def read_mapping(sink: FindingSink, map_path: str, map_properties: Mapping[str, object], root: Node,
                 terrains: Mapping[str, int]) -> TerrainMapping:
    """The map's mapping table (map property, then the TOML beside the map); bad entries are errors."""
    mapping = TerrainMapping()
    known = ", ".join(terrains)
    raw = map_properties.get(MAPPING_PROPERTY)
    if raw is not None:
        pairs = _parse_pairs(str(raw))
        if pairs is None:
            sink.refuse(f"the map property {MAPPING_PROPERTY} = {str(raw)[:60]!r} is not 'Class=terrain; ...'; "
                        "write it as Grass=plains; Tree=forest", root.line)
            pairs = []
        for key, value in pairs:
            _add(sink, mapping, key, value, terrains, f"the map property {MAPPING_PROPERTY}", map_path, known)
    toml_path = mapping_toml_path(map_path)
    if os.path.isfile(toml_path):
        try:
            text = read_input_text(toml_path, InputKind("a terrain table (.toml)", MAX_TOML_BYTES))
            table = tomllib.loads(text).get("terrain", {})
            if not isinstance(table, dict):
                raise ValueError("[terrain] is not a table")
        except (UserError, ValueError, RecursionError) as exc:
            sink.refuse(f"cannot read the terrain mapping ({exc}); write a [terrain] table of Class = \"terrain\" "
                        "lines", path=toml_path)
            return mapping
        for key, value in table.items():
            _add(sink, mapping, str(key), value, terrains, f"[terrain] {key}", toml_path, known)
    return mapping


def _add(sink: FindingSink, mapping: TerrainMapping, key: str, value: object, terrains: Mapping[str, int],
         where: str, path: str, known: str) -> None:
    name = str(value).strip() if isinstance(value, str) else ""
    if name not in terrains:
        sink.refuse(f"{where}: {key} = {value!r} is not a terrain of the rule set; known terrains: {known}", path=path)
        return
    mapping.entries[key.strip().lower()] = name
    mapping.origin[key.strip().lower()] = path


def _names(ts: TilesetInfo, local: int) -> list[tuple[str, str]]:
    """A tile's names in the order they count: its terrain property, its type property, its class, the
    terrain brush (Tiled's terrain sets) covering most of it."""
    props = ts.tile_properties.get(local, {})
    found = []
    for key in ("terrain", "type"):
        value = props.get(key)
        if value not in (None, ""):
            found.append((f"{key} property", str(value).strip()))
    kind = ts.tile_classes.get(local)
    if kind:
        found.append(("class", kind))
    brush = ts.tile_brushes.get(local)
    if brush:
        found.append(("terrain brush", brush))
    return found


@dataclass(eq=False)
class TileTerrain:
    """Per gid (flags removed) the terrain index (or NO_TERRAIN / UNKNOWN_TERRAIN), and every name seen."""

    lut: TileTable
    names: list[TileName]
    unknown: list[tuple[TilesetInfo, int, str]]  # terrain properties naming no terrain: tileset, tile, name


def classify_tiles(tilesets: list[TilesetInfo], size: int, terrains: Mapping[str, int],
                   mapping: TerrainMapping) -> TileTerrain:
    """The terrain of every tile of ``tilesets`` numbered below ``size``, in a table sized by the tiles that
    carry a name (not by the highest gid)."""
    lut: dict[int, int] = {}
    seen: dict[tuple[str, str], list] = {}
    unknown: list[tuple[TilesetInfo, int, str]] = []
    for ts in tilesets:
        for local in sorted(set(ts.tile_properties) | set(ts.tile_classes) | set(ts.tile_brushes)):
            gid = ts.firstgid + local
            if not 0 < gid < size:
                continue
            for source, name in _names(ts, local):
                terrain, via = mapping.lookup(name, terrains)
                entry = seen.setdefault((source, name), [terrain, 0, via])
                entry[1] += 1
                if terrain is not None:
                    lut[gid] = terrains[terrain]
                    break
                if source == "terrain property":
                    lut[gid] = UNKNOWN_TERRAIN
                    unknown.append((ts, local, name))
                    break
    names = [TileName(src, name, t, n, via) for (src, name), (t, n, via) in sorted(seen.items())]
    return TileTerrain(TileTable.build(lut, NO_TERRAIN, np.int16), names, unknown)
