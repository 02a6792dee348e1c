"""A small hand-built battlefield and scenario for the core tests of the game state and the commands.

The map is 20 x 10 tiles of one world unit each (origin top-left, y down)::

    columns 0-7   plains (row 0 carries a road)
    columns 8-10  forest
    column  11    swamp
    columns 12-13 plains
    columns 14-19 water

A building covers tile (2, 5); the zone "Hill" covers x 0-4, y 0-4; the zone "Ford" x 12-14, y 0-10.
"""
from __future__ import annotations

import dataclasses

import numpy as np

from kriegsspiel.core.battlefield import Battlefield, MapGrid, Structure, Zone
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.ruleset import RuleBook
from kriegsspiel.core.state import GameSetup, PlayerSetup, SideSetup, UnitSetup, VictorySetup
from kriegsspiel.core.state import GameState, initial_state
from kriegsspiel.rulesets import load_ruleset

TERRAIN_IDS = ("plains", "forest", "swamp", "water")


def battlefield() -> Battlefield:
    """The 20 x 10 test map described in the module docstring."""
    terrain = np.zeros((10, 20), dtype=np.int16)
    terrain[:, 8:11] = 1
    terrain[:, 11] = 2
    terrain[:, 14:] = 3
    road = np.zeros((10, 20), dtype=bool)
    road[0, 0:8] = True
    square = lambda x0, y0, x1, y1: (WorldPoint(x0, y0), WorldPoint(x1, y0), WorldPoint(x1, y1), WorldPoint(x0, y1))
    return Battlefield(
        source="test-map.tmx",
        grid=MapGrid("orthogonal", 20, 10, 32, 32, 1 / 32),
        terrain_ids=TERRAIN_IDS,
        terrain=terrain,
        road=road,
        elevation=np.zeros((10, 20), dtype=np.float32),
        blocks_sight=terrain == 1,
        structures=(Structure("Smithy", "building", square(2, 5, 3, 6)),),
        zones=(Zone("Hill", square(0, 0, 4, 4)), Zone("Ford", square(12, 0, 14, 10))),
    )


def ruleset() -> RuleBook:
    """The shipped Fourth Edition rule set."""
    return load_ruleset("modern-4e")


UNITS = (
    UnitSetup("va1", "infantry", "Rebel", WorldPoint(1.5, 5.5)),
    UnitSetup("va2", "infantry", "Rebel", WorldPoint(2.5, 5.5)),
    UnitSetup("va3", "infantry", "Rebel", WorldPoint(2.5, 7.5), health=3),
    UnitSetup("art1", "light-artillery", "Rebel", WorldPoint(3.5, 2.5), health=6),
    UnitSetup("sub1", "attack-submarine", "Rebel", WorldPoint(18.5, 2.5)),
    UnitSetup("cav1", "light-cavalry", "Crown", WorldPoint(9.5, 8.5)),
    UnitSetup("inf9", "infantry", "Crown", WorldPoint(6.5, 1.5)),
    UnitSetup("dd1", "destroyer", "Crown", WorldPoint(16.5, 5.5), heading=0.0),
)


def setup(**changes) -> GameSetup:
    """The test scenario: Rebel moves first; a player per side and a Crown subcommand of one unit."""
    base = GameSetup(
        name="Test skirmish",
        ruleset_id="modern-4e",
        seed=1777,
        first_side="Rebel",
        sides=(SideSetup("Rebel", "#3050c0"), SideSetup("Crown", "#c03030", rule_set_keys=(("warheads", 1),))),
        players=(
            PlayerSetup("Washington", "Rebel"),
            PlayerSetup("Howe", "Crown"),
            PlayerSetup("Knyphausen", "Crown", ("cav1",)),
        ),
        units=UNITS,
        fog_of_war=6,
        rounds=5,
        victory=(VictorySetup("Rebel", "hold", zone="Hill", by_round=2),),
    )
    return dataclasses.replace(base, **changes)


def state(**changes) -> GameState:
    """The first state of the test scenario (``changes`` go to the GameSetup)."""
    return initial_state(setup(**changes), battlefield(), ruleset())


def dice(index: int = 1) -> Dice:
    """Dice for journal record ``index`` of the test game."""
    return Dice(1777, index)
