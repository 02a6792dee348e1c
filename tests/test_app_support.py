"""A small battlefield and scenario for the window's tests (no Tiled map needed): builders, no tests.

The map is 24 x 16 tiles of 1 world unit: plains, a wood, hills, a river (column 14) with a road bridge on
row 8, and a lake in the south-east for ships.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from kriegsspiel.core.battlefield import Battlefield, MapGrid, Structure, Zone
from kriegsspiel.core.geometry import WorldPoint

TERRAIN_IDS = ("plains", "forest", "hills", "water", "swamp")
PLAINS, FOREST, HILLS, WATER, SWAMP = range(5)

SCENARIO = """
[scenario]
name = "Test crossing"
map = "small.tmx"
ruleset = "modern-4e"
seed = 7
first_side = "Rebel"

[[sides]]
name = "Rebel"
colour = "#3050c0"

[[sides]]
name = "Crown"
colour = "#c03030"

[[players]]
name = "Washington"
side = "Rebel"
units = "all"

[[players]]
name = "Howe"
side = "Crown"
units = "all"

[[units]]
id = "r1"
type = "infantry"
side = "Rebel"
at = [3.5, 3.5]

[[units]]
id = "r2"
type = "light-cavalry"
side = "Rebel"
at = [3.5, 11.5]

[[units]]
id = "r3"
type = "medium-artillery"
side = "Rebel"
at = [6.5, 8.5]

[[units]]
id = "dd1"
type = "destroyer"
side = "Rebel"
at = [19.5, 13.5]
heading = 90

[[units]]
id = "c1"
type = "infantry"
side = "Crown"
at = [20.5, 3.5]

[[units]]
id = "c2"
type = "special"
side = "Crown"
at = [17.5, 8.5]
hidden = true
"""


def small_battlefield(source: str = "small.tmx") -> Battlefield:
    rows, cols = 16, 24
    terrain = np.full((rows, cols), PLAINS, dtype=np.int16)
    terrain[2:7, 8:12] = FOREST
    terrain[10:15, 6:10] = HILLS
    terrain[:, 14] = WATER
    terrain[11:16, 16:24] = WATER
    terrain[2:5, 16:19] = SWAMP
    road = np.zeros((rows, cols), dtype=bool)
    road[8, :] = True
    road[11:16, 16:24] = False
    grid = MapGrid("orthogonal", cols, rows, 32, 32, 1.0 / 32)
    return Battlefield(
        source=source,
        grid=grid,
        terrain_ids=TERRAIN_IDS,
        terrain=terrain,
        road=road,
        elevation=np.where(terrain == HILLS, 1.0, 0.0).astype(np.float32),
        blocks_sight=terrain == FOREST,
        structures=(
            Structure("Birmingham", "settlement", (WorldPoint(2, 6), WorldPoint(5, 6), WorldPoint(5, 7.5), WorldPoint(2, 7.5))),
            Structure("Chadds bridge", "bridge", (WorldPoint(14.5, 8.5),)),
        ),
        zones=(
            Zone("Rebel deployment", (WorldPoint(1, 1), WorldPoint(7, 1), WorldPoint(7, 14), WorldPoint(1, 14))),
            Zone("Hill 2", (WorldPoint(6, 10), WorldPoint(10, 10), WorldPoint(10, 15), WorldPoint(6, 15))),
        ),
    )


def write_scenario(directory: Path, text: str = SCENARIO) -> Path:
    """Write the test scenario, or ``text`` (a variant of it), and a stand-in map file for its hash into
    ``directory``."""
    (directory / "small.tmx").write_text("<map/>\n", encoding="utf-8")
    path = directory / "test.toml"
    path.write_text(text, encoding="utf-8")
    return path


def map_loader(path: Path, ruleset) -> Battlefield:
    return small_battlefield(str(path))
