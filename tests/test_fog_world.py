"""A small hand-drawn battlefield and game for the fog and picture tests (no tests of its own).

A 40 x 24 tile map, one world unit per tile: plains, a wood in the middle (columns 18-21), a hill in the
north-west, a lake in the south-east, a village (a settlement structure), a road along row 12 and an
objective zone. Sides Blue and Red; players "Blue HQ" (all Blue), "Blue North" (a subcommand) and "Red HQ".
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from kriegsspiel.core.battlefield import Battlefield, MapGrid, Structure, Zone
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.state import GameSetup, PlayerSetup, SideSetup, UnitSetup
from kriegsspiel.core.state import GameState, UnitState, initial_state
from kriegsspiel.rulesets import load_ruleset

COLS, ROWS = 40, 24
RULESET = load_ruleset("modern-4e")
TERRAIN_IDS = tuple(RULESET.terrain)


def small_battlefield() -> Battlefield:
    ids = TERRAIN_IDS
    terrain = np.full((ROWS, COLS), ids.index("plains"), dtype=np.int16)
    elevation = np.zeros((ROWS, COLS), dtype=np.float32)
    terrain[:, 18:22] = ids.index("forest")
    terrain[2:8, 3:9] = ids.index("hills")
    elevation[3:7, 4:8] = 2.0  # the hill top, above the hills' default of 1
    terrain[16:22, 30:38] = ids.index("water")
    road = np.zeros((ROWS, COLS), dtype=bool)
    road[12, :] = True
    blocks = np.isin(terrain, [ids.index("forest"), ids.index("forest-hills")])
    return Battlefield(
        source="test_fog_world",
        grid=MapGrid("orthogonal", COLS, ROWS, 16, 16, 1.0 / 16.0),
        terrain_ids=ids,
        terrain=terrain,
        road=road,
        elevation=elevation,
        blocks_sight=blocks,
        structures=(
            Structure("Kennett", "settlement", (WorldPoint(26, 4), WorldPoint(29, 4), WorldPoint(29, 7), WorldPoint(26, 7))),
            Structure("Mill", "building", (WorldPoint(12.5, 18.5),)),
        ),
        zones=(Zone("Birmingham Hill", (WorldPoint(3, 2), WorldPoint(9, 2), WorldPoint(9, 8), WorldPoint(3, 8))),),
    )


BLUE_UNITS = (
    UnitSetup("b1", "infantry", "Blue", WorldPoint(5.5, 4.5)),  # on the hill top
    UnitSetup("b2", "light-cavalry", "Blue", WorldPoint(10.5, 12.5)),
    UnitSetup("b3", "light-artillery", "Blue", WorldPoint(8.5, 20.5)),
)
RED_UNITS = (
    UnitSetup("r1", "infantry", "Red", WorldPoint(30.5, 11.5)),
    UnitSetup("r2", "medium-cavalry", "Red", WorldPoint(24.5, 13.5)),
)
PLAYERS = (
    PlayerSetup("Blue HQ", "Blue", None),
    PlayerSetup("Blue North", "Blue", ("b1",)),
    PlayerSetup("Red HQ", "Red", None),
)


def small_game(units: Sequence[UnitSetup] = BLUE_UNITS + RED_UNITS, players: Sequence[PlayerSetup] = PLAYERS,
               battlefield: Battlefield | None = None) -> GameState:
    setup = GameSetup(
        name="Skirmish at the Mill",
        ruleset_id="modern-4e",
        seed=1,
        first_side="Blue",
        sides=(SideSetup("Blue", "#3050c0"), SideSetup("Red", "#c03030")),
        players=tuple(players),
        units=tuple(units),
        fog_of_war=6,
    )
    return initial_state(setup, battlefield or small_battlefield(), RULESET)


def with_unit(state: GameState, unit: UnitState) -> GameState:
    """``state`` with ``unit`` added (last) or replaced."""
    return state.with_units(unit)


def without_unit(state: GameState, unit_id: str) -> GameState:
    return state.with_units(removed=[unit_id])
