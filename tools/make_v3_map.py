"""Generate the shipped metres map for Kriegsspiel Ruleset V3: ``python maps/make_v3_map.py``.

``v3-weistritz.tmx``: 96 x 64 tiles of 25 metres (2.4 x 1.6 km), a horse-and-musket battlefield. The Weistritz
runs north to south through the middle with one stone bridge (on the high road) and one ford; the village of
Lindenau stands on the west bank, Hochdorf on the east bank under the wooded Galgenberg. Woods, a swampy
meadow in the river bend and the Windmill Hill in the south-west give rough ground; the rest is open fields.

The map is designed by hand (positions in tiles) with the shapes, road router and TMX writer of
``make_maps.py``; it uses the shipped tilesets in ``assets/`` and the property ``units_per_tile = 25``
(metres), so every distance of the rule set reads in metres on it.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "kriegsspiel" / "data" / "maps"  # where the map is written
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the sibling generator scripts

from make_maps import (  # noqa: E402  (a sibling script, not a package)
    Grid,
    Land,
    MapObject,
    RoadNet,
    TmxMap,
    meander,
    road_cost,
    road_gids,
    structure_tile,
    terrain_gids,
    tileset_ids,
    zone_polygon,
    zone_rect,
)

#: metres per tile: the map property units_per_tile
METRES_PER_TILE = 25
COLUMNS, ROWS, TILE_PX = 96, 64, 32
#: tile rows of the two river crossings
BRIDGE_ROW, FORD_ROW = 30, 50


def weistritz(path: Path = HERE / "v3-weistritz.tmx") -> None:
    """Write the Weistritz map to ``path``."""
    rng = random.Random(1760)
    grid = Grid(COLUMNS, ROWS)
    land = Land(grid)
    terrain_ids = tileset_ids("terrain-square")

    hills = [("Galgenberg", 78, 16, 9, 6), ("Windmill Hill", 18, 50, 6, 4), ("Kirchberg", 36, 8, 4, 3)]
    for _, cx, cy, rx, ry in hills:
        land.paint(grid.blob(cx, cy, rx, ry, rng), "hills")
    woods = [(84, 12, 6, 4), (38, 14, 6, 4), (62, 54, 6, 4), (10, 12, 5, 4), (88, 48, 5, 5), (24, 28, 3, 2)]
    for cx, cy, rx, ry in woods:
        blob = grid.blob(cx, cy, rx, ry, rng, rough=0.35)
        land.paint(blob & (land.names == "hills"), "forest-hills")
        land.paint(blob & (land.names == "plains"), "forest")
    land.paint(grid.blob(46, 40, 4, 3, rng), "swamp", over=("plains",))

    course = meander([(50, -1), (53, 14), (50, 30), (54, 46), (51, 65)], rng, 1.5)
    land.paint(grid.band(course, 2.2), "water")

    def crossing(row: int) -> list[tuple[int, int]]:
        return [(c, row) for c in range(40, 64) if land.names[row, c] == "water"]

    bridge, ford = crossing(BRIDGE_ROW), crossing(FORD_ROW)
    for c, r in ford:
        land.names[r, c] = "ford"

    def ends(cells: list[tuple[int, int]]) -> tuple[tuple[int, int], tuple[int, int]]:
        (c0, r), (c1, _) = cells[0], cells[-1]
        return (c0 - 1, r), (c1 + 1, r)

    bridge_w, bridge_e = ends(bridge)
    ford_w, ford_e = ends(ford)
    lindenau, hochdorf = (28, 31), (68, 33)
    net = RoadNet(COLUMNS, ROWS)
    cost = road_cost(land.names, bridge + ford)
    for waypoints in (
        [(0, 32), lindenau, bridge_w, bridge_e, hochdorf, (95, 30)],  # the high road
        [hochdorf, (72, 22), (74, 0)],  # north road past the Galgenberg
        [lindenau, (22, 44), (10, 63)],  # south-west road by the Windmill Hill
        [ford_w, (40, 50), (26, 46)],  # the ford track
        [ford_e, (66, 48), hochdorf],
    ):
        net.route(cost, waypoints)

    tmx = TmxMap(COLUMNS, ROWS, TILE_PX, TILE_PX, [
        ("units_per_tile", "float", str(METRES_PER_TILE)),
        ("ruleset", None, "kriegsspiel-v3"),
        ("title", None, "The Weistritz crossing (25 m a tile)"),
    ])
    first_terrain = tmx.add_tileset("terrain-square")
    first_roads = tmx.add_tileset("roads-square")
    first_structures = tmx.add_tileset("structures")
    kinds = tileset_ids("structures")
    tmx.tile_layer("terrain", terrain_gids(land.names, terrain_ids, first_terrain))
    tmx.tile_layer("roads", road_gids(net, land.names, first_roads))

    (c0, r), (c1, _) = bridge[0], bridge[-1]
    structures: list[MapObject] = [
        structure_tile("Stone bridge", first_structures + kinds["bridge"], (c0 + c1 + 1) / 2, r + 0.5, c1 - c0 + 1, 1,
                       TILE_PX, TILE_PX),
        structure_tile("Lindenau", first_structures + kinds["settlement"], lindenau[0] + 0.5, lindenau[1] - 1.5, 3, 3,
                       TILE_PX, TILE_PX),
        structure_tile("Hochdorf", first_structures + kinds["settlement"], hochdorf[0] + 0.5, hochdorf[1] - 1.5, 3, 3,
                       TILE_PX, TILE_PX),
        structure_tile("Mill", first_structures + kinds["building"], ford_e[0] + 1.5, FORD_ROW - 1.5, 1, 1,
                       TILE_PX, TILE_PX),
        structure_tile("Windmill", first_structures + kinds["building"], 18.5, 49.5, 1, 1, TILE_PX, TILE_PX),
    ]
    tmx.object_layer("structures", structures, "#7a4a1e")
    zones = [
        zone_rect("Prussian deployment", 0, 20, 18, 44, TILE_PX, [("side", None, "Prussia")]),
        zone_rect("Austrian deployment", 78, 24, 96, 44, TILE_PX, [("side", None, "Austria")]),
        zone_rect("Stone bridge", bridge_w[0] - 2, BRIDGE_ROW - 3, bridge_e[0] + 3, BRIDGE_ROW + 4, TILE_PX,
                  [("objective", "bool", "true")]),
        zone_polygon("Galgenberg", [(70, 10), (86, 9), (88, 20), (72, 23)], TILE_PX, TILE_PX,
                     [("objective", "bool", "true")]),
    ]
    tmx.object_layer("zones", zones, "#c81e8c")
    tmx.object_layer("units", [], "#303030")
    tmx.write(path)


if __name__ == "__main__":
    weistritz()
    print(f"wrote {HERE / 'v3-weistritz.tmx'}")
