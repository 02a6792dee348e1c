"""``kriegsspiel terrain MAP``: the names a map's tiles carry (classes, ``terrain``/``type`` properties) and the
terrain each becomes, with the share of the map each terrain covers.

A map drawn for another game names its tiles "Grass", "Tree", "Water"; this lists them so the umpire can
write the mapping table (``MAP.terrain.toml`` or the map property ``terrain_classes``, docs/authoring.md).
Exit 0 when the map was read, 2 when it cannot be read (the reason on stderr).
"""
from __future__ import annotations

import argparse
import os

import numpy as np

from kriegsspiel.errors import UserError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's arguments: the map, ``--ruleset`` and ``--allow-outside-paths``."""
    parser.add_argument("map", metavar="MAP", help="a Tiled .tmx map")
    parser.add_argument(
        "--ruleset", metavar="NAME", default=None,
        help="rule set whose terrains the names map to (default: the map property 'ruleset', else modern-4e)",
    )
    parser.add_argument("--allow-outside-paths", action="store_true",
                        help="let the map use tilesets and images outside its Tiled project (a map you trust)")


def run(args: argparse.Namespace) -> int:
    """Print the table; raises UserError naming the map when it cannot be read."""
    from kriegsspiel.tiled import read_map
    from kriegsspiel.tiled.map_ruleset import ruleset_for_map
    from kriegsspiel.tiled.terrain_map import mapping_toml_path

    ruleset = ruleset_for_map(args.map, args.ruleset)
    report = read_map(args.map, ruleset, True if args.allow_outside_paths else None)
    if not report.readable or report.tile_terrain is None:
        first = report.errors[0].format() if report.errors else f"{args.map}: cannot be read"
        raise UserError(first)
    names = report.tile_terrain.names
    source = {"tile classes": "the tiles' names (classes, properties, terrain brushes)"}.get(report.terrain_source,
                                                                                            report.terrain_source)
    print(f"{args.map}: terrain from {source or 'nothing (the map has errors)'} ({ruleset.id})")
    if names:
        width = max(len(n.name) for n in names)
        print(f"  {'name'.ljust(width)}  {'from':<17} {'tiles':>5}  becomes")
        for n in names:
            becomes = f"{n.terrain} (by the {n.via})" if n.terrain else "nothing: open ground unless mapped"
            print(f"  {n.name.ljust(width)}  {n.source:<17} {n.tiles:>5}  {becomes}")
    else:
        print("  no tile carries a class, a 'terrain' or a 'type' property")
    battlefield = report.battlefield
    if battlefield is not None:
        counts = np.bincount(battlefield.terrain.ravel().astype(np.int64), minlength=len(battlefield.terrain_ids))
        total = max(1, int(battlefield.terrain.size))
        shares = ", ".join(f"{battlefield.terrain_ids[i]} {100.0 * c / total:.0f}%" for i, c in enumerate(counts.tolist()) if c)
        print(f"  the map: {shares}")
    print(f"  mapping table: {os.path.basename(mapping_toml_path(args.map))} beside the map ([terrain] Name = \"terrain\"), "
          "or the map property terrain_classes = \"Name=terrain; ...\"")
    return 0
