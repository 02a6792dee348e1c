"""The Fourth Edition as docs/rulings.md decides it ("Heading limits", "Rulings added after play-testing (2026-11)").

One test (or a few) per ruling, each written from the ruling's words and each failing on the program as it was
before the ruling was carried out (issue 14, items 1 to 8). The test map is fixtures_core's 20 x 10 tiles:
plains x 0-8 (row 0 a road), forest 8-11, swamp 11, plains 12-14, water 14-20; the building "Smithy" on
tile (2, 5).
"""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from fixtures_core import dice
from kriegsspiel.core.battlefield import Battlefield, MapGrid, Structure
from kriegsspiel.rulesets.modern_4e import RULES
from kriegsspiel.core.events import Revealed
from kriegsspiel.core.game import Accepted, apply, apply_forced
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.movement import check_move
from kriegsspiel.core.state import GameState
from kriegsspiel.rulesets import load_ruleset
from kriegsspiel.rulesets.modern_4e.events import Built, Landed, StructureFell
from test_combat_land import U, refused, run, skirmish
from kriegsspiel.rulesets.modern_4e.state import airborne as airborne_of

parse_command = RULES.parse  # the game's notation: the core's words and the rule set's


def _square(x0: float, y0: float, x1: float, y1: float) -> tuple[WorldPoint, ...]:
    return (WorldPoint(x0, y0), WorldPoint(x1, y0), WorldPoint(x1, y1), WorldPoint(x0, y1))


def forced(state: GameState, line: str, index: int = 1) -> Accepted:
    outcome = apply_forced(state, parse_command(line), dice(index))
    assert isinstance(outcome, Accepted), outcome
    return outcome


# --- 1. aircraft ignore roads, bridges and passes -----------------------------------------------------------


def mountain_pass() -> Battlefield:
    """20 x 10 tiles of plains with a range of mountains at x 8-12 and a road (a pass) along row 5 across it."""
    ids = ("plains", "mountains", "water")
    terrain = np.zeros((10, 20), dtype=np.int16)
    terrain[:, 8:12] = 1
    road = np.zeros((10, 20), dtype=bool)
    road[5, :] = True
    return Battlefield("pass.tmx", MapGrid("orthogonal", 20, 10, 32, 32, 1 / 32), ids, terrain, road,
                       np.zeros((10, 20), dtype=np.float32), np.zeros((10, 20), dtype=bool))


@pytest.mark.parametrize("plane", ["bomber", "light-fighter", "heavy-fighter", "transport"])
def test_a_plane_blocked_by_mountains_may_not_cross_them_even_where_a_pass_runs(plane: str) -> None:
    # "an aircraft blocked by mountains may not cross mountains even where a road or pass runs"
    verdict = check_move(mountain_pass(), load_ruleset("modern-4e"), plane, WorldPoint(1.5, 5.5),
                         WorldPoint(14.5, 5.5), allowance_left=30)
    assert not verdict.legal and "mountains" in verdict.reason


def test_aircraft_get_no_road_bonus_and_land_units_still_do() -> None:
    # "Aircraft ignore roads, bridges and passes (ground structures): no road bonus in the air"
    rules, field = load_ruleset("modern-4e"), mountain_pass()
    for plane in ("drone", "bomber"):
        on_road = check_move(field, rules, plane, WorldPoint(0.5, 5.5), WorldPoint(6.5, 5.5), allowance_left=30)
        assert on_road.cost == pytest.approx(6.0)
    infantry = check_move(field, rules, "infantry", WorldPoint(0.5, 5.5), WorldPoint(6.5, 5.5), allowance_left=30)
    assert infantry.cost == pytest.approx(6.0 / 1.25)
    # a plane that may cross mountains (the drone) still does, over the pass or not
    assert check_move(field, rules, "drone", WorldPoint(1.5, 2.5), WorldPoint(14.5, 2.5), allowance_left=30).legal


# --- 2. hiding is judged along the whole path -----------------------------------------------------------------


def test_a_hidden_unit_crossing_open_ground_into_cover_is_exposed_and_stays_exposed() -> None:
    # "a hidden unit is exposed at the first point of its path where it cannot hide, and stays exposed where it
    # stops, even in cover"
    s = skirmish(U("b1", "infantry", "Blue", 2.5, 5.5, hidden=True), U("r1", "infantry", "Red", 18.5, 1.5))
    assert s.units["b1"].hidden  # in the Smithy
    out = run(s, "move b1 > 8.5,5.5")  # across the plains x 3-8 into the forest
    exposed = [e for e in out.events if isinstance(e, Revealed)]
    assert [e.unit for e in exposed] == ["b1"] and "plains" in exposed[0].cause
    assert not out.state.units["b1"].hidden


def test_a_hidden_unit_moving_within_cover_stays_hidden() -> None:
    s = skirmish(U("b1", "infantry", "Blue", 8.5, 2.5, hidden=True), U("r1", "infantry", "Red", 18.5, 1.5))
    out = run(s, "move b1 > 11.5,6.5")  # forest, then swamp: cover all the way
    assert out.state.units["b1"].hidden and not any(isinstance(e, Revealed) for e in out.events)


def test_a_forced_move_across_open_ground_exposes_too() -> None:
    s = skirmish(U("b1", "infantry", "Blue", 8.5, 2.5, hidden=True), U("r1", "infantry", "Red", 18.5, 1.5))
    out = forced(s, "move b1 > 2.5,5.5")  # out of the forest over the plains into the Smithy
    assert not out.state.units["b1"].hidden


# --- 3. destroying a building exposes the units hidden in it ---------------------------------------------------


def test_destroying_a_building_exposes_the_units_hidden_in_it() -> None:
    s = skirmish(U("art", "heavy-artillery", "Blue", 2.5, 9.5), U("r1", "infantry", "Red", 2.5, 5.5, hidden=True))
    weak = tuple(dataclasses.replace(x, health=1) if x.name == "Smithy" else x for x in s.battlefield.structures)
    s = s.replace(battlefield=dataclasses.replace(s.battlefield, structures=weak))
    out = run(s, "fire art > Smithy")
    assert StructureFell("Smithy", "destroyed") in out.events
    assert Revealed("r1", "exposed: Smithy fell") in out.events
    assert not out.state.units["r1"].hidden


# --- 4. exposure by proximity after every command that changes where units stand ------------------------------


def test_an_enemy_moving_within_three_exposes_a_hidden_unit() -> None:
    s = skirmish(U("b1", "infantry", "Blue", 5.5, 5.5), U("r1", "infantry", "Red", 8.5, 7.5, hidden=True))
    out = run(s, "move b1 > 6.5,6.5")
    assert Revealed("r1", "exposed: enemy b1 within 2.2") in out.events


def test_a_forced_move_of_the_enemy_within_three_exposes_a_hidden_unit() -> None:
    s = skirmish(U("b1", "infantry", "Blue", 1.5, 9.5), U("r1", "infantry", "Red", 8.5, 7.5, hidden=True))
    out = forced(s, "move b1 > 9.5,6.5")  # beyond b1's allowance: the umpire forces it
    assert Revealed("r1", "exposed: enemy b1 within 1.4") in out.events


def test_units_going_ashore_within_three_expose_a_hidden_unit() -> None:
    s = skirmish(U("am", "amphibious", "Blue", 14.5, 5.5, heading=0.0), U("b1", "infantry", "Blue", 14.5, 5.5,
                 aboard="am"), U("r1", "infantry", "Red", 10.5, 5.5, hidden=True))
    out = run(s, "disembark b1 > 12.5,5.5")
    assert Revealed("r1", "exposed: enemy b1 within 2.0") in out.events


def test_units_dropped_from_a_plane_within_three_expose_a_hidden_unit() -> None:
    s = skirmish(U("tr", "transport", "Blue", 9.5, 1.5, airborne=True), U("b1", "infantry", "Blue", 9.5, 1.5,
                 aboard="tr"), U("r1", "infantry", "Red", 9.5, 4.5, hidden=True), air_theatre=True)
    out = run(s, "disembark b1 > 9.5,2.5")
    assert Revealed("r1", "exposed: enemy b1 within 2.0") in out.events


@pytest.mark.parametrize("line", ["split b1 > b2 b3", "merge b1 b4 > b5"])
def test_splitting_or_merging_beside_a_hidden_unit_exposes_it(line: str) -> None:
    # the umpire let r1 hide beside b1; units that split or merge there now stand within 3 of it
    s = skirmish(U("b1", "infantry", "Blue", 6.5, 5.5), U("b4", "infantry", "Blue", 6.5, 3.5),
                 U("r1", "infantry", "Red", 8.5, 5.5, hidden=True))
    out = run(s, line)
    assert [e.unit for e in out.events if isinstance(e, Revealed)] == ["r1"]


def test_a_hide_the_umpire_forces_beside_an_enemy_is_not_undone_by_a_move_elsewhere() -> None:
    # exposure follows movement: a unit that moves far away exposes nobody
    s = skirmish(U("b1", "infantry", "Blue", 6.5, 5.5), U("b2", "infantry", "Blue", 1.5, 9.5),
                 U("r1", "infantry", "Red", 8.5, 5.5, hidden=True))
    out = run(s, "move b2 > 2.5,9.5")
    assert out.state.units["r1"].hidden


# --- 5. landing reads the nearest point of the airfield and the flight left -----------------------------------

BIG_FIELD = Structure("Long Field", "airfield", _square(0, 0, 12, 2))  # centre 6,1


def test_a_plane_lands_where_the_nearest_point_of_a_large_airfield_is_in_range() -> None:
    # "a plane lands if the nearest point of its own side's airfield (the structure's area) ... is within its
    # remaining flight range"; the stealth bomber flies 10, the field's centre is 13.6 away, its corner 8.6
    s = skirmish(U("sb", "stealth-bomber", "Blue", 17.0, 9.0, airborne=True), U("r1", "infantry", "Red", 1.5, 9.5),
                 structures=(BIG_FIELD,), air_theatre=True)
    out = run(s, "land sb > \"Long Field\"")
    assert [e for e in out.events if isinstance(e, Landed)] == [Landed("sb", "Long Field", WorldPoint(6.0, 1.0))]
    assert airborne_of(run(s, "land sb").state.units["sb"]) is False  # the nearest base is found the same way


def test_a_plane_lands_only_within_the_flight_it_has_left_this_turn() -> None:
    # "today a fighter that flew 14.5 of its 15 still lands 15 away"
    field = Structure("Field", "airfield", (WorldPoint(1.5, 1.5),))
    s = skirmish(U("hf", "heavy-fighter", "Blue", 1.5, 1.5), U("r1", "infantry", "Red", 1.5, 9.5),
                 structures=(field,), air_theatre=True)
    s = run(s, "takeoff hf").state
    s = run(s, "move hf > 1.5,8.5", 2).state  # 7 of 15
    s = run(s, "move hf > 8.5,8.5", 3).state  # 14 of 15
    assert refused(s, "land hf > Field", ).reason == (
        "Field is 9.2 from hf; it lands within the 1 of flight it has left (force to override)")
    s = run(skirmish(U("hf", "heavy-fighter", "Blue", 1.5, 1.5), U("r1", "infantry", "Red", 1.5, 9.5),
                     structures=(field,), air_theatre=True), "takeoff hf").state
    s = run(s, "move hf > 1.5,8.5", 2).state  # 7 flown, 8 left, the field 7 away
    assert airborne_of(run(s, "land hf > Field", 3).state.units["hf"]) is False


def _fields_of_both_sides() -> tuple[Structure, ...]:
    return (Structure("Red Field", "airfield", _square(8.0, 0.0, 10.0, 2.0), properties={"side": "Red"}),
            Structure("Blue Field", "airfield", _square(0.0, 0.0, 2.0, 2.0), properties={"side": "Blue"}))


def test_a_plane_lands_only_at_its_own_sides_airfield() -> None:
    # "a plane lands if the nearest point of its own side's airfield (the structure's area) or carrier is within
    # its remaining flight range": the enemy's airfield is nearer (1.5 against 5.5) but not a place to land
    s = skirmish(U("hf", "heavy-fighter", "Blue", 9.0, 3.5, airborne=True), U("r1", "infantry", "Red", 1.5, 9.5),
                 structures=_fields_of_both_sides(), air_theatre=True)
    out = run(s, "land hf")
    assert [e for e in out.events if isinstance(e, Landed)] == [Landed("hf", "Blue Field", WorldPoint(1.0, 1.0))]
    assert refused(s, 'land hf > "Red Field"').reason == (
        "Red Field is Red's airfield; a plane lands only at its own side's airfields or carriers (force to override)")
    # the umpire's word is final: forced, it lands there and the journal keeps the refusal it overrode
    landed = forced(s, 'land hf > "Red Field"')
    assert landed.state.units["hf"].position == WorldPoint(9.0, 1.0) and "Red's airfield" in landed.overridden


def test_a_plane_with_only_the_enemys_airfield_in_reach_has_nowhere_to_land() -> None:
    s = skirmish(U("hf", "heavy-fighter", "Blue", 9.0, 3.5, airborne=True), U("r1", "infantry", "Red", 1.5, 9.5),
                 structures=_fields_of_both_sides()[:1], air_theatre=True)
    assert refused(s, "land hf").reason == "Blue has no airfield or carrier to land on"


def test_an_airfield_of_a_side_the_game_lacks_takes_either_sides_planes() -> None:
    # a map shared by scenarios with other sides: its airfield's side names no side of this game (check warns)
    field = Structure("Far Field", "airfield", _square(0.0, 0.0, 12.0, 2.0), properties={"side": "Green"})
    s = skirmish(U("p", "heavy-fighter", "Blue", 9.0, 3.5, airborne=True), U("y", "infantry", "Red", 3.5, 9.5),
                 structures=(field,), air_theatre=True)
    assert airborne_of(run(s, "land p").state.units["p"]) is False


def test_an_airfield_of_no_side_takes_either_sides_planes() -> None:
    for side, at in (("Blue", 9.0), ("Red", 12.0)):
        s = skirmish(U("p", "heavy-fighter", side, at, 3.5, airborne=True), U("x", "infantry", "Blue", 1.5, 9.5),
                     U("y", "infantry", "Red", 3.5, 9.5), structures=(BIG_FIELD,), air_theatre=True,
                     first_side=side)
        assert airborne_of(run(s, "land p").state.units["p"]) is False


def test_a_built_airfield_belongs_to_its_builders_side() -> None:
    s = skirmish(U("e1", "engineers", "Red", 4.5, 4.5), U("hf", "heavy-fighter", "Blue", 5.5, 5.5, airborne=True),
                 air_theatre=True, first_side="Red")
    built = run(s, 'build e1 > airfield "Sand Strip"').state
    strip = next(x for x in built.battlefield.structures if x.name == "Sand Strip")
    assert strip.properties == {"side": "Red"}
    blue = run(built, "turn", 2).state
    assert blue.side_to_move == "Blue" and airborne_of(blue.units["hf"])
    assert refused(blue, "land hf").reason == "Blue has no airfield or carrier to land on"


# --- 6. the ship heading limit holds for the whole turn --------------------------------------------------------


def test_two_moves_in_one_turn_may_not_together_turn_farther_than_the_limit() -> None:
    # "every leg of every move the ship makes in one turn must stay within the limit of that starting heading"
    s = skirmish(U("dd", "destroyer", "Blue", 16.5, 8.5, heading=0.0), U("r1", "infantry", "Red", 1.5, 9.5))
    s = run(s, "move dd > 17.35,6.69").state  # bearing 25: within the destroyer's 30
    assert s.units["dd"].heading == pytest.approx(25.1, abs=0.1)
    reason = refused(s, "move dd > 18.88,5.4").reason  # bearing 50 from the turn's start heading 0
    assert reason == ("dd: destroyer may turn at most 30 deg in a turn; this move turns 49.9 deg from 0 deg, its heading "
                      "when the turn began (force to override)")
    run(s, "move dd > 17.35,4.69")  # back to bearing 0: within 30 of the start heading
    # the next turn starts from the heading of the last move
    s = run(run(s, "turn").state, "turn").state
    s = run(s, "move dd > 18.88,5.4").state
    assert s.units["dd"].heading == pytest.approx(49.9, abs=0.1)


def test_every_leg_of_a_move_stays_within_the_limit() -> None:
    # a ship that must round land to reach its target may not, when a leg of the way turns too far
    ids = ("plains", "water")
    terrain = np.ones((10, 20), dtype=np.int16)
    terrain[0:6, 10] = 0  # a spit of land between x 10 and 11, rows 0-5
    field = Battlefield("bay.tmx", MapGrid("orthogonal", 20, 10, 32, 32, 1 / 32), ids, terrain,
                        np.zeros((10, 20), dtype=bool), np.zeros((10, 20), dtype=np.float32),
                        np.zeros((10, 20), dtype=bool))
    rules = load_ruleset("modern-4e")
    verdict = check_move(field, rules, "destroyer", WorldPoint(9.5, 2.5), WorldPoint(11.5, 2.5),
                         allowance_left=10, heading=90.0)
    assert not verdict.legal and "leg" in verdict.reason


# --- 7. movement reads the structures of the current state ------------------------------------------------------


def test_a_built_bridge_lets_land_units_cross_the_water() -> None:
    s = skirmish(U("eng", "engineers", "Blue", 14.5, 5.5), U("b1", "infantry", "Blue", 13.5, 5.5),
                 U("r1", "infantry", "Red", 1.5, 9.5))
    assert "water" in refused(s, "move b1 > 14.5,5.2").reason
    s = run(s, "build eng > bridge \"Pontoon\"").state
    moved = run(s, "move b1 > 14.5,5.2", 2)
    assert moved.state.units["b1"].position == WorldPoint(14.5, 5.2)


def test_units_go_ashore_onto_a_built_bridge() -> None:
    s = skirmish(U("eng", "engineers", "Blue", 14.5, 5.5), U("am", "amphibious", "Blue", 15.5, 5.5, heading=0.0),
                 U("b1", "infantry", "Blue", 15.5, 5.5, aboard="am"), U("r1", "infantry", "Red", 1.5, 9.5))
    assert "b1 cannot stand on water" in refused(s, "disembark b1 > 14.5,5.5").reason
    s = run(s, "build eng > bridge \"Pontoon\"").state
    assert run(s, "disembark b1 > 14.5,5.5", 2).state.units["b1"].carried_by is None


def test_a_built_road_gives_road_speed() -> None:
    s = skirmish(U("eng", "engineers", "Blue", 5.5, 5.5), U("b1", "infantry", "Blue", 5.1, 5.5),
                 U("r1", "infantry", "Red", 1.5, 9.5))
    assert run(s, "move b1 > 5.9,5.5").state.units["b1"].movement_used == pytest.approx(0.8)
    s = run(s, "build eng > road \"Causeway\"").state
    assert run(s, "move b1 > 5.9,5.5", 2).state.units["b1"].movement_used == pytest.approx(0.8 / 1.25)


def test_a_destroyed_bridge_no_longer_carries_land_units() -> None:
    bridge = Structure("Old Bridge", "bridge", _square(14, 5, 15, 6), 1)
    s = skirmish(U("art", "heavy-artillery", "Blue", 1.5, 5.5), U("b1", "infantry", "Blue", 13.5, 5.5),
                 U("r1", "infantry", "Red", 1.5, 9.5), structures=(bridge,))
    road = s.battlefield.road.copy()
    road[5, 14] = True  # as the map loader marks the tiles under a bridge it prints
    printed = dataclasses.replace(s.battlefield, road=road, printed_structures=s.battlefield.structures)
    s = s.replace(battlefield=printed)
    assert run(s, "move b1 > 14.5,5.5").state.units["b1"].position == WorldPoint(14.5, 5.5)
    s = run(s, "fire art > \"Old Bridge\"").state
    assert not any(x.name == "Old Bridge" for x in s.battlefield.structures)
    assert "water" in refused(s, "move b1 > 14.5,5.5").reason


# --- 8. built structures get the build table's health ---------------------------------------------------------


@pytest.mark.parametrize(("builder", "kind", "health"), [
    ("engineers", "fortification", 4), ("special", "fortification", 4), ("infantry", "bridge", 6),
    ("infantry", "road", 8), ("engineers", "building", 4), ("engineers", "airfield", 6), ("infantry", "port", 4),
])
def test_a_built_structure_gets_the_build_tables_health(builder: str, kind: str, health: int) -> None:
    # "fortification 4, single building 4, bridge 6, road 8, port 4, airfield 6, never more"
    s = skirmish(U("w", builder, "Blue", 5.5, 5.5), U("r1", "infantry", "Red", 1.5, 9.5))
    out = run(s, f"build w > {kind} Work")
    assert Built("w", "Work", kind, health, WorldPoint(5.5, 5.5)) in out.events


def test_a_fortification_has_the_tables_health_whatever_the_builders_size() -> None:
    s = skirmish(U("a", "infantry", "Blue", 5.5, 5.5), U("b", "infantry", "Blue", 5.5, 6.5),
                 U("r1", "infantry", "Red", 1.5, 9.5))
    s = run(s, "merge a b > ab").state  # size 2
    assert run(s, "build ab > fortification Work", 2).events[0].health == 4



def test_the_windows_drag_measures_the_turn_from_the_heading_the_turn_began_with() -> None:
    # the window's verdict while dragging is the shell's: a second leg of the turn is judged from heading 0
    from kriegsspiel.app.drag import Drag

    s = skirmish(U("dd", "destroyer", "Blue", 16.5, 8.5, heading=0.0), U("r1", "infantry", "Red", 1.5, 9.5))
    s = run(s, "move dd > 17.35,6.69").state
    verdict = Drag(s, s.units["dd"]).follow(WorldPoint(18.88, 5.4))
    assert not verdict.legal and "from 0 deg, its heading when the turn began" in verdict.reason
    assert Drag(s, s.units["dd"]).follow(WorldPoint(17.35, 4.69)).legal
