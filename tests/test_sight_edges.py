"""Sight and fog of war at their edges, as the rules word them: the border of the map, the limit of sight range,
structures, players who command nothing."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from test_fog_world import RULESET, small_battlefield, small_game

from kriegsspiel.core.battlefield import MapGrid
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.sight import player_view
from kriegsspiel.core.state import UnitSetup

# ------------------------------------------------------------------ aircraft: a disc of their sight range


def _game_of_drones(tile: float, reach: float, *places: tuple[float, float]):
    """The small battlefield on tiles of ``tile`` world units, Blue's only units drones that see ``reach``."""
    bf = small_battlefield()
    bf = dataclasses.replace(bf, grid=MapGrid("orthogonal", bf.grid.columns, bf.grid.rows, 16, 16, tile / 16.0),
                             structures=())
    drone = dataclasses.replace(RULESET.unit_type("drone"), sight_range=reach)
    units = [UnitSetup(f"d{i}", "drone", "Blue", WorldPoint(*at)) for i, at in enumerate(places)]
    state = small_game(units=units, battlefield=bf)
    return state.replace(ruleset=dataclasses.replace(RULESET, unit_types={**RULESET.unit_types, "drone": drone}))


def _disc(shape: tuple[int, int], tile: float, reach: float, at: tuple[float, float]) -> np.ndarray:
    ys, xs = np.mgrid[0 : shape[0], 0 : shape[1]]
    return ((xs + 0.5) * tile - at[0]) ** 2 + ((ys + 0.5) * tile - at[1]) ** 2 <= reach * reach


@pytest.mark.parametrize("tile, reach, at", [
    (0.5, 2.75, (10.25, 6.25)),   # tiles smaller than a world unit
    (0.5, 2.75, (1.0, 11.0)),     # ... by the map's edge
    (1.0, 0.4, (7.5, 7.5)),       # a drone that sees less than half a tile sees its own tile: one row, one column
    (1.0, 2.0, (7.5, 7.5)),       # the tiles whose centres are exactly at its reach are seen ("within")
    (2.0, 4.0, (15.0, 15.0)),
])
def test_an_aircraft_sees_every_tile_whose_centre_is_within_its_reach(tile: float, reach: float, at) -> None:
    view = player_view(_game_of_drones(tile, reach, at), "Blue HQ")
    expected = _disc(view.seen.shape, tile, reach, at)
    assert expected.sum() >= 1 and np.array_equal(view.seen, expected)
    if reach == 2.0:
        assert view.is_seen(WorldPoint(at[0] + 2.0, at[1])) and view.is_seen(WorldPoint(at[0], at[1] - 2.0))


def test_two_aircraft_see_both_their_discs() -> None:
    # the second disc's square reaches over cells of the first that lie outside the second disc
    places = ((10.5, 10.5), (14.5, 13.5))
    view = player_view(_game_of_drones(1.0, 3.0, *places), "Blue HQ")
    shape = view.seen.shape
    expected = _disc(shape, 1.0, 3.0, places[0]) | _disc(shape, 1.0, 3.0, places[1])
    assert np.array_equal(view.seen, expected)


# ------------------------------------------------------------------ observers just past the map's far edges

from kriegsspiel.core.sight import Observer, SightTerrain, seen_area  # noqa: E402


@pytest.mark.parametrize("where", [WorldPoint(5.5, 11.0), WorldPoint(31.0, 5.5), WorldPoint(31.0, 11.0)])
def test_an_observer_on_the_far_border_of_the_map_is_off_it_and_sees_nothing(where: WorldPoint) -> None:
    # the map's cells span [0, 31) x [0, 11): x = 31 or y = 11 is past the last column or row
    flat = np.zeros((11, 31), dtype=np.float64)
    terrain = SightTerrain(1.0, flat, flat, np.ones((11, 31), dtype=bool))
    assert not seen_area(terrain, [Observer(where, 40.0)], 0.5).any()
    assert seen_area(terrain, [Observer(WorldPoint(where.x - 0.5, where.y - 0.5), 40.0)], 0.5).all()


def test_the_sight_kernel_in_use_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    from kriegsspiel.core.sight import _line, sight_kernel

    monkeypatch.setattr(_line, "_kernel", None)
    assert sight_kernel() == "python"
    monkeypatch.setattr(_line, "_kernel", object())
    assert sight_kernel() == "c"


# ------------------------------------------------------------------ the umpire's notes: each for its player alone

from kriegsspiel.core.state import MapNote  # noqa: E402


def test_a_player_sees_the_umpires_notes_for_them_and_no_one_elses() -> None:
    notes = (
        MapNote("n1", "text", "Blue HQ", WorldPoint(3.0, 3.0), None, "the bridge is out", 1),
        MapNote("n2", "arrow", "Red HQ", WorldPoint(5.0, 5.0), WorldPoint(9.0, 5.0), "reinforcements", 1),
        MapNote("n3", "line", "umpire", WorldPoint(1.0, 1.0), WorldPoint(2.0, 2.0), "mine alone", 1),
        MapNote("n4", "text", "Blue HQ", WorldPoint(7.0, 2.0), None, "rain from round 3", 1),
    )
    state = small_game().replace(notes=notes)
    assert [n.id for n in player_view(state, "Blue HQ").notes] == ["n1", "n4"]
    assert [n.id for n in player_view(state, "Red HQ").notes] == ["n2"]
    assert player_view(state, "Blue North").notes == ()
