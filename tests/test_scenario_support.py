"""Hand-built rule set, battlefield and loaders for the scenario and store tests (no tests here).

The battlefield is 10 x 8 tiles of 1 world unit: plains, a forest block at columns 2-3, water in columns 8-9
with a road (a bridge) across it on row 4, and two zones. Loaders are parameters of the scenario loader, so
these stand in for the Tiled map and the TOML rule set.
"""
from __future__ import annotations

from pathlib import Path
from types import MappingProxyType

import numpy as np

from kriegsspiel.core.battlefield import Battlefield, MapGrid, UnitPlacement, Zone
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.ruleset import CommandStats, RuleBook, TerrainType, UnitType

TERRAIN_IDS = ("plains", "forest", "water")


def _unit_type(type_id: str, theatre: str, health: int, move: float, movement: str, **extra) -> UnitType:
    return UnitType(
        id=type_id, name=type_id.replace("-", " ").title(), theatre=theatre, health=health, move=move,
        attack=4, heading_limit=extra.get("heading_limit"), move_and_fire=True,
        hide_terrain=("forest",), hidden_by_default=False, movement=movement, sight_range=40.0,
        weight=1, land_capacity=0, air_capacity=0,
        commands=MappingProxyType({"fire": CommandStats(damage=8, range=10.0)} if theatre == "army" else {}),
    )


def fake_ruleset(name: str = "modern-4e") -> RuleBook:
    """A tiny rule set: infantry, light-cavalry, medium-artillery, corvette, light-fighter."""
    if name != "modern-4e":
        raise KeyError(f"no rule set {name!r}; shipped: modern-4e")
    terrain = {
        t: TerrainType(id=t, name=t, hideable=t == "forest", blocks_sight=t == "forest", water=t == "water",
                       elevation=0.0)
        for t in TERRAIN_IDS
    }
    tables = {
        "land": MappingProxyType({"plains": 1.0, "forest": 0.75, "water": 0.0, "road": 1.25}),
        "sea": MappingProxyType({"plains": 0.0, "forest": 0.0, "water": 1.0, "road": 0.0}),
        "air": MappingProxyType({"plains": 1.0, "forest": 1.0, "water": 1.0, "road": 1.0}),
    }
    types = {
        "infantry": _unit_type("infantry", "army", 4, 10, "land"),
        "light-cavalry": _unit_type("light-cavalry", "army", 12, 10, "land"),
        "medium-artillery": _unit_type("medium-artillery", "army", 9, 7, "land"),
        "corvette": _unit_type("corvette", "navy", 4, 15, "sea", heading_limit=30.0),
        "light-fighter": _unit_type("light-fighter", "air", 4, 30, "air"),
    }
    return RuleBook(
        id="modern-4e", title="Fake", distance_unit="units", round_minutes=None,
        terrain=MappingProxyType(terrain), speed_tables=MappingProxyType(tables),
        unit_types=MappingProxyType(types), structures=MappingProxyType({}),
        constants=MappingProxyType({
            "attack_distance": 3.0, "exposure_distance": 3.0, "merge_distance": 3.0,
            "message_lost_in_4": 2, "message_intercepted_in_4": 1, "message_altered_in_4": 1,
        }),
    )


def fake_battlefield(source: str = "fake.tmx", placements: tuple[UnitPlacement, ...] = ()) -> Battlefield:
    terrain = np.zeros((8, 10), dtype=np.int16)
    terrain[:, 2:4] = 1
    terrain[:, 8:10] = 2
    road = np.zeros((8, 10), dtype=bool)
    road[4, :] = True
    grid = MapGrid(orientation="orthogonal", columns=10, rows=8, tile_width_px=32, tile_height_px=32,
                   world_per_px=1 / 32)
    square = lambda x0, y0, x1, y1: (WorldPoint(x0, y0), WorldPoint(x1, y0), WorldPoint(x1, y1), WorldPoint(x0, y1))
    return Battlefield(
        source=source, grid=grid, terrain_ids=TERRAIN_IDS, terrain=terrain, road=road,
        elevation=np.zeros((8, 10), dtype=np.float32), blocks_sight=terrain == 1,
        zones=(Zone("Hill", square(4, 0, 6, 2)), Zone("Ford", square(7, 3, 9, 5))),
        placements=placements,
    )


def fake_map_loader(path: Path, ruleset: RuleBook) -> Battlefield:
    """Reads nothing but checks the file exists; placements come from a line ``# placement NAME SIDE TYPE X Y``."""
    text = Path(path).read_text(encoding="utf-8")
    placements = []
    for line in text.splitlines():
        if line.startswith("# placement "):
            _, _, name, side, unit_type, x, y = line.split()
            placements.append(UnitPlacement(name=name, side=side, unit_type=unit_type,
                                            position=WorldPoint(float(x), float(y))))
    return fake_battlefield(str(path), tuple(placements))


GOOD_SCENARIO = """\
[scenario]
name = "Test crossing"
map = "fake.tmx"
ruleset = "modern-4e"
seed = 1777
first_side = "Rebel"
fog_of_war = 6
rounds = 20

[[sides]]
name = "Rebel"
colour = "#3050c0"

[[sides]]
name = "Crown"
colour = "#c03030"
warheads = 1

[[players]]
name = "Washington"
side = "Rebel"
units = "all"

[[players]]
name = "Sullivan"
side = "Rebel"
units = ["va2"]

[unit_names]
hussar = "light-cavalry"

[[units]]
id = "va1"
type = "infantry"
side = "Rebel"
at = [1.5, 1.5]

[[units]]
id = "va2"
type = "hussar"
side = "Rebel"
at = [2.5, 5.5]
health = 10

[[units]]
id = "gb1"
type = "infantry"
side = "Crown"
at = [6.5, 6.5]
hidden = true

[[units]]
id = "hms1"
type = "corvette"
side = "Crown"
at = [8.5, 1.5]
heading = 180

[[victory]]
side = "Rebel"
kind = "hold"
zone = "Hill"
by_round = 12

[[victory]]
side = "Crown"
kind = "score"
score = 60
"""


def write_scenario(directory: Path, text: str = GOOD_SCENARIO, map_text: str = "fake map\n") -> Path:
    """Write a scenario and its (fake) map into ``directory``; returns the scenario's path."""
    (directory / "fake.tmx").write_text(map_text, encoding="utf-8")
    path = directory / "test.toml"
    path.write_text(text, encoding="utf-8")
    return path
