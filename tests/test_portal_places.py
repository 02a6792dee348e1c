"""The ruler games' reports say where in words (issue 30 item 12): the nearest named place of the printed
map with a compass point and a distance in the rule set's unit, never raw coordinates, and no name that is
not on the printed map."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest

from kriegsspiel.core.battlefield import Structure
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.sight import OwnUnit, PlayerView, SeenEnemy
from kriegsspiel.store.places import Landmark, compass_point, landmarks_of, where_words
from kriegsspiel.store.round_desk import places_of, report_text

REPO = Path(__file__).resolve().parent.parent
MILL = (Landmark("Chadds Ford", 1000.0, 1000.0), Landmark("Birmingham", 3000.0, 800.0))


@pytest.mark.parametrize(("dx", "dy", "point"), [
    (0, -10, "north"), (10, -10, "north-east"), (10, 0, "east"), (10, 10, "south-east"), (0, 10, "south"),
    (-10, 10, "south-west"), (-10, 0, "west"), (-10, -10, "north-west"), (1, -30, "north"), (-30, 1, "west")])
def test_the_compass_point_counts_north_up_the_map(dx: float, dy: float, point: str) -> None:
    assert compass_point(dx, dy) == point


def test_a_place_is_told_from_the_nearest_named_place_with_bearing_and_distance() -> None:
    size = (4000.0, 2000.0)
    assert where_words(1000.0, 650.0, MILL, "metres", size) == "350 metres north of Chadds Ford"
    assert where_words(3400.0, 1200.0, MILL, "metres", size) == "570 metres south-east of Birmingham"
    assert where_words(1010.0, 1020.0, MILL, "metres", size) == "at Chadds Ford"  # within 2% of the map
    assert where_words(3.0, 4.0, (Landmark("Mill", 0.0, 0.0),), "units", (10.0, 10.0)) == "5 units south-east of Mill"


def test_a_map_without_names_is_told_by_its_parts() -> None:
    assert where_words(100.0, 100.0, (), "metres", (3000.0, 3000.0)) == "in the north-west of the map"
    assert where_words(1500.0, 2900.0, (), "metres", (3000.0, 3000.0)) == "in the south of the map"
    assert where_words(1500.0, 1500.0, (), "metres", (3000.0, 3000.0)) == "in the middle of the map"


def _view(enemy_at: WorldPoint) -> PlayerView:
    return PlayerView(player="P", side="Blue", round=3, game_minutes=None,
                      own_units=(OwnUnit("b1", "infantry", "Blue", WorldPoint(1000, 650), 4, 90.0, False, True),),
                      seen_enemies=(SeenEnemy("Red", "artillery", enemy_at, None),),
                      seen=np.zeros((1, 1), dtype=bool), cell_size=1.0, received=())


def test_the_report_says_where_in_words_and_no_raw_coordinates() -> None:
    text = report_text(_view(WorldPoint(3000, 800)), "End of round 2",
                       lambda x, y: where_words(x, y, MILL, "metres", (4000.0, 2000.0)))
    assert "b1: infantry 350 metres north of Chadds Ford, strength 4" in text
    assert "Red artillery at Birmingham" in text
    assert "(1000.0" not in text and "650.0" not in text


def test_only_the_printed_map_names_places_not_what_stands_now() -> None:
    from kriegsspiel.scenario import load_scenario

    state = load_scenario(REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml")
    battlefield = state.battlefield
    names = {m.name for m in landmarks_of(battlefield)}
    assert "Birmingham" in names
    # a structure built during the game (not on the printed map) is never named
    built = dataclasses.replace(battlefield, structures=(*battlefield.structures,
                                                         Structure("Secret Redoubt", "fortification", (WorldPoint(5, 5),))))
    assert "Secret Redoubt" not in {m.name for m in landmarks_of(built)}


def test_the_portal_report_of_a_shipped_game_names_places() -> None:
    from kriegsspiel.core.sight import player_view
    from kriegsspiel.pov import public_map
    from kriegsspiel.scenario import load_scenario

    from kriegsspiel.core.state import initial_state

    scenario = load_scenario(REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml")
    state = initial_state(scenario.setup, scenario.battlefield, scenario.ruleset)
    player = state.setup.players[0].name
    text = report_text(player_view(state, player), "Before the first move", places_of(public_map(state)))
    unit_lines = [line for line in text.splitlines() if line.startswith("  ") and "strength" in line]
    assert unit_lines and all(" of " in line or " at " in line for line in unit_lines)
    assert not any("(" in line.split("strength")[0] for line in unit_lines), unit_lines


def test_the_demo_says_its_maps_unit_of_distance_in_paces_and_scales_it() -> None:
    """The demo's rule set (the Fourth Edition) counts in units without a size; the demo's scenario says one
    unit of its map is 200 paces, so the report says "N paces", N being the distance in map units times 200."""
    from kriegsspiel.core.state import initial_state
    from kriegsspiel.pov import public_map
    from kriegsspiel.scenario import load_scenario

    scenario = load_scenario(REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml")
    assert scenario.setup.distance == ("paces", 200.0)
    state = initial_state(scenario.setup, scenario.battlefield, scenario.ruleset)
    public = public_map(state)
    assert (public.distance_unit, public.distance_per_world_unit) == ("paces", 200.0)
    marks = landmarks_of(state.battlefield)
    ford = next(m for m in marks if m.name == "Chadds Ford")
    size = state.battlefield.world_size
    # six map units south of the ford (and nearer to it than to any other named place)
    place = places_of(public)(ford.x, ford.y + 6.0)
    assert place == f"{where_words(ford.x, ford.y + 6.0, marks, 'paces', size, 200.0)}"
    assert place.startswith("1,200 paces south of "), place
    assert where_words(ford.x, ford.y + 6.0, marks, "units", size) .startswith("6 units south of ")


def test_a_game_without_a_scale_keeps_the_rule_sets_unit() -> None:
    from kriegsspiel.core.state import initial_state
    from kriegsspiel.pov import public_map
    from kriegsspiel.scenario import load_scenario

    scenario = load_scenario(REPO / "kriegsspiel" / "data" / "scenarios" / "v3-weistritz.toml")
    public = public_map(initial_state(scenario.setup, scenario.battlefield, scenario.ruleset))
    assert scenario.setup.distance is None
    assert (public.distance_unit, public.distance_per_world_unit) == ("metres", 1.0)
