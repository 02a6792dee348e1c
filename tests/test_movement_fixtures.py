"""Small hand-built battlefields and a hand-built rule set for the movement tests (no files, no loader)."""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from kriegsspiel.core.battlefield import Battlefield, MapGrid, TerrainRaster
from kriegsspiel.core.ruleset import RuleBook, TerrainType, UnitType

TERRAIN_IDS = ("plains", "forest", "hills", "water", "mountains")
PLAINS, FOREST, HILLS, WATER, MOUNTAINS = range(5)

LAND = {"plains": 1.0, "forest": 0.75, "hills": 0.75, "water": 0.0, "mountains": 0.25, "road": 1.25}
NAVAL = {"plains": 0.0, "forest": 0.0, "hills": 0.0, "water": 1.0, "mountains": 0.0}
AIR = {"plains": 1.0, "forest": 1.0, "hills": 1.0, "water": 1.0, "mountains": 1.0}
AIR_LOW = {**AIR, "mountains": 0.0}


def unit_type(
    type_id: str,
    *,
    move: float,
    movement: str = "land",
    theatre: str = "army",
    heading_limit: float | None = None,
    move_and_fire: bool = True,
) -> UnitType:
    return UnitType(
        id=type_id,
        name=type_id.replace("-", " ").title(),
        theatre=theatre,
        health=10,
        move=move,
        attack=5,
        heading_limit=heading_limit,
        move_and_fire=move_and_fire,
        hide_terrain=(),
        hidden_by_default=False,
        movement=movement,
        sight_range=40.0,
        weight=1,
        land_capacity=0,
        air_capacity=0,
        commands={},
    )


def ruleset() -> RuleBook:
    terrain = {
        t: TerrainType(t, t.title(), hideable=False, blocks_sight=False, water=t == "water", elevation=0.0)
        for t in TERRAIN_IDS
    }
    units = [
        unit_type("infantry", move=10.0),
        unit_type("light-artillery", move=8.0, move_and_fire=False),
        unit_type("destroyer", move=20.0, movement="naval", theatre="navy", heading_limit=30.0),
        unit_type("submarine", move=10.0, movement="naval", theatre="navy"),
        unit_type("drone", move=25.0, movement="air", theatre="air"),
        unit_type("bomber", move=20.0, movement="air-low", theatre="air"),
    ]
    return RuleBook(
        id="test",
        title="hand-built test rules",
        distance_unit="units",
        round_minutes=None,
        terrain=terrain,
        speed_tables={"land": LAND, "naval": NAVAL, "air": AIR, "air-low": AIR_LOW},
        unit_types={u.id: u for u in units},
        structures={},
        constants={"attack_distance": 3.0},
    )


def battlefield(terrain: Sequence[Sequence[int]] | np.ndarray, road: np.ndarray | None = None,
                units_per_tile: float = 1.0) -> Battlefield:
    """A square-tile orthogonal battlefield; ``terrain`` holds indices into TERRAIN_IDS, [row][column]."""
    grid_terrain = np.asarray(terrain, dtype=np.int16)
    rows, cols = grid_terrain.shape
    grid = MapGrid("orthogonal", cols, rows, 32, 32, units_per_tile / 32.0)
    return Battlefield(
        source="<test>",
        grid=grid,
        terrain_ids=TERRAIN_IDS,
        terrain=grid_terrain,
        road=np.zeros(grid_terrain.shape, dtype=bool) if road is None else np.asarray(road, dtype=bool),
        elevation=np.zeros(grid_terrain.shape, dtype=np.float32),
        blocks_sight=np.zeros(grid_terrain.shape, dtype=bool),
    )


def raster(terrain: Sequence[Sequence[int]] | np.ndarray, road: np.ndarray | None = None,
           cell_size: float = 1.0) -> TerrainRaster:
    grid_terrain = np.asarray(terrain, dtype=np.int16)
    return TerrainRaster(
        cell_size=cell_size,
        terrain_ids=TERRAIN_IDS,
        terrain=grid_terrain,
        road=np.zeros(grid_terrain.shape, dtype=bool) if road is None else np.asarray(road, dtype=bool),
        elevation=np.zeros(grid_terrain.shape, dtype=np.float32),
        blocks_sight=np.zeros(grid_terrain.shape, dtype=bool),
    )
