"""What a player's view holds, to the word: the messages and orders that reached them (and nothing else), who
"Blue hq" is, which cells a structure covers, aircraft at the edge of sight, and the canonical order of what
is seen. (Found unpinned by mutation testing; each is something a player reads or relies on.)"""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from test_fog_world import RULESET, small_game, with_unit

from kriegsspiel.core.battlefield import Structure
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.sight import Received, UnknownPlayer, find_player, player_view, structure_cells
from kriegsspiel.core.state import MessageRecord, PlayerSetup, UnitState


def _messages(*records: MessageRecord):
    return small_game().replace(messages=records)


def test_a_player_reads_what_reached_their_side_or_them_by_name_and_nothing_else() -> None:
    state = _messages(
        MessageRecord(1, "Red", "Blue", "we ask terms", "delivered", "Blue", "we ask terms"),
        MessageRecord(1, "Red", "Blue HQ", "at 12,30", "altered", "Blue HQ", "at 17,30"),
        MessageRecord(2, "Red", "Red HQ", "attack at dawn", "intercepted", "Blue", "attack at dawn"),
        MessageRecord(2, "Blue", "b1", "hold the hill", "order delivered", "Blue", "hold the hill"),
        MessageRecord(3, "Red", "r1", "cross the ford", "order intercepted", "Blue", "cross the ford"),
        MessageRecord(3, "Red", "Blue", "lost in the rain", "lost", None, None),
        MessageRecord(3, "Red", "Blue North", "for the other player", "delivered", "Blue North", "for the other"),
        MessageRecord(4, "Blue", "Red", "our terms", "delivered", "Red", "our terms"),
    )
    assert player_view(state, "Blue HQ").received == (
        Received(1, "message from Red", "we ask terms"),
        Received(1, "message from Red", "at 17,30"),
        Received(2, "message of Red to Red HQ, intercepted", "attack at dawn"),
        Received(2, "order to b1", "hold the hill"),
        Received(3, "order of Red to r1, its courier caught", "cross the ford"),
    )
    north = player_view(state, "Blue North").received
    assert Received(3, "message from Red", "for the other") in north
    assert player_view(state, "Red HQ").received == (Received(4, "message from Blue", "our terms"),)


def test_players_are_found_by_name_exactly_then_regardless_of_case() -> None:
    setup = small_game().setup
    assert find_player(setup, "Blue HQ").name == "Blue HQ"
    assert find_player(setup, "blue north").name == "Blue North"
    twins = dataclasses.replace(setup, players=setup.players + (PlayerSetup("BLUE HQ", "Blue", None),))
    assert find_player(twins, "BLUE HQ").name == "BLUE HQ"  # the exact name wins
    with pytest.raises(UnknownPlayer) as caught:
        find_player(twins, "blue hq")  # two players fold to it: neither is guessed
    assert str(caught.value) == ("unknown player 'blue hq'; the scenario's players: Blue HQ, Blue North, Red HQ, "
                                 "BLUE HQ")
    with pytest.raises(UnknownPlayer) as caught:
        find_player(dataclasses.replace(setup, players=()), "anyone")
    assert str(caught.value) == "unknown player 'anyone'; the scenario's players: none"


@pytest.mark.parametrize("outline, cells", [
    ((WorldPoint(2.5, 1.5),), {(1, 2)}),                                    # a point: its cell
    ((WorldPoint(0.5, 0.5), WorldPoint(3.5, 0.5)), {(0, 0), (0, 3)}),       # a line: its vertices' cells
    # a triangle: the cells whose centres lie inside (even-odd), and always the cell of its centre
    ((WorldPoint(0, 0), WorldPoint(4, 0), WorldPoint(0, 4)), {(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (2, 0)}),
    # a square partly off the raster: clipped
    ((WorldPoint(4, 2), WorldPoint(8, 2), WorldPoint(8, 6), WorldPoint(4, 6)), {(2, 4), (3, 4), (2, 5), (3, 5)}),
    ((WorldPoint(10, 10), WorldPoint(12, 10), WorldPoint(12, 12)), set()),  # off the raster
])
def test_a_structure_covers_the_cells_its_outline_says(outline, cells) -> None:
    covered = structure_cells([Structure("s", "building", outline)], 1.0, (4, 6))
    assert {(int(r), int(c)) for r, c in zip(*np.nonzero(covered))} == cells


def test_a_structure_covers_cells_of_any_size() -> None:
    square = Structure("s", "building", (WorldPoint(4, 0), WorldPoint(8, 0), WorldPoint(8, 4), WorldPoint(4, 4)))
    covered = structure_cells([square], 2.0, (3, 5))
    assert {(int(r), int(c)) for r, c in zip(*np.nonzero(covered))} == {(0, 2), (0, 3), (1, 2), (1, 3)}


def test_an_aircraft_at_the_edge_of_sight_is_seen_and_just_beyond_it_is_not() -> None:
    state = small_game()
    b2 = state.units["b2"]  # light cavalry at 10.5, 12.5
    reach = float(RULESET.unit_type(b2.type_id).sight_range)
    edge = UnitState("f1", "light-fighter", "Red", WorldPoint(b2.position.x + reach, b2.position.y),
                     RULESET.unit_type("light-fighter").health)
    others = [u for u in state.units.values() if u.side == "Blue" and u.id != "b2"]
    state = state.with_units(removed=[u.id for u in others])
    assert player_view(with_unit(state, edge), "Blue HQ").seen_enemies[0].type_id == "light-fighter"
    beyond = edge.replace(position=WorldPoint(edge.position.x + 0.01, edge.position.y))
    assert player_view(with_unit(state, beyond), "Blue HQ").seen_enemies == ()


def test_an_aircraft_sees_a_disc_of_its_sight_range() -> None:
    state = small_game()
    drone = UnitState("d1", "drone", "Blue", WorldPoint(30.5, 6.5), RULESET.unit_type("drone").health)
    state = state.with_units(drone, removed=["b1", "b2", "b3"])
    view = player_view(state, "Blue HQ")
    reach = float(RULESET.unit_type("drone").sight_range)
    rows, cols = view.seen.shape
    ys, xs = np.mgrid[0:rows, 0:cols]
    inside = (xs + 0.5 - 30.5) ** 2 + (ys + 0.5 - 6.5) ** 2 <= reach * reach
    assert np.array_equal(view.seen, inside)


def test_what_is_seen_comes_in_a_canonical_order() -> None:
    state = small_game()
    same_place = [UnitState(f"r{i}", kind, "Red", WorldPoint(13.5, 14.5), RULESET.unit_type(kind).health,
                            heading=heading)
                  for i, (kind, heading) in enumerate([("light-cavalry", 90.0), ("infantry", None),
                                                       ("infantry", 45.0)])]
    north = UnitState("r9", "infantry", "Red", WorldPoint(14.5, 13.5), RULESET.unit_type("infantry").health)
    for unit in [*same_place, north]:
        state = with_unit(state, unit)
    seen = player_view(state, "Blue HQ").seen_enemies
    assert [(e.position.y, e.type_id, e.heading) for e in seen] == [
        (13.5, "infantry", None), (14.5, "infantry", None), (14.5, "infantry", 45.0), (14.5, "light-cavalry", 90.0)]
    view = player_view(state, "Blue North")
    assert [(u.id, u.commanded) for u in view.own_units][0] == ("b1", True)
    assert all(not u.commanded for u in view.own_units[1:]) and [u.id for u in view.own_units[1:]] == sorted(
        u.id for u in view.own_units[1:])


def test_the_game_time_is_that_of_the_rounds_start() -> None:
    state = small_game()
    timed = state.replace(ruleset=dataclasses.replace(RULESET, round_minutes=10), round=3)
    assert player_view(timed, "Blue HQ").game_minutes == 20
    assert player_view(state.replace(round=3), "Blue HQ").game_minutes is None


# --- more of the same, where mutation testing found the view unpinned ---------------------------------------

from kriegsspiel.core.battlefield import MapGrid  # noqa: E402
from kriegsspiel.core.sight import battlefield_sight_terrain  # noqa: E402
from kriegsspiel.core.state import UnitSetup  # noqa: E402
from test_fog_world import small_battlefield  # noqa: E402


def _scaled(tile: float):
    """The small battlefield with tiles of ``tile`` world units."""
    bf = small_battlefield()
    return dataclasses.replace(bf, grid=MapGrid("orthogonal", bf.grid.columns, bf.grid.rows, 16, 16, tile / 16.0),
                               structures=())


def _near_sighted(reach: float):
    drone = dataclasses.replace(RULESET.unit_type("drone"), sight_range=reach)
    return dataclasses.replace(RULESET, unit_types={**RULESET.unit_types, "drone": drone})


@pytest.mark.parametrize("tile, at", [(1.0, (20.5, 12.5)), (1.0, (1.5, 2.5)), (2.0, (41.0, 25.0)), (2.0, (3.0, 45.0))])
def test_an_aircraft_sees_the_cells_whose_centres_lie_within_its_sight(tile: float, at) -> None:
    """A drone that sees 5.5 tiles, in the middle or by the map's edge, on tiles of 1 or 2 world units."""
    reach = 5.5 * tile
    bf = _scaled(tile)
    state = small_game(units=[UnitSetup("d1", "drone", "Blue", WorldPoint(*at))], battlefield=bf)
    state = state.replace(ruleset=_near_sighted(reach))
    view = player_view(state, "Blue HQ")
    rows, cols = view.seen.shape
    ys, xs = np.mgrid[0:rows, 0:cols]
    inside = ((xs + 0.5) * tile - at[0]) ** 2 + ((ys + 0.5) * tile - at[1]) ** 2 <= reach * reach
    assert view.cell_size == tile and np.array_equal(view.seen, inside)
    assert view.is_seen(WorldPoint(*at)) and not view.is_seen(WorldPoint(at[0] + reach + tile, at[1]))
    assert not view.is_seen(WorldPoint(-0.1, at[1])) and not view.is_seen(WorldPoint(at[0], cols * tile + 999))


def test_what_stands_in_the_first_row_and_column_is_seen_and_an_observer_off_the_map_sees_nothing() -> None:
    units = [UnitSetup("lost", "infantry", "Blue", WorldPoint(-5.0, -5.0)),  # off the map: listed first
             UnitSetup("b1", "infantry", "Blue", WorldPoint(0.5, 0.5)),
             UnitSetup("r1", "infantry", "Red", WorldPoint(2.5, 0.5)), UnitSetup("r2", "infantry", "Red", WorldPoint(0.5, 3.5))]
    view = player_view(small_game(units=units), "Blue HQ")
    assert view.is_seen(WorldPoint(0.5, 0.5)) and view.is_seen(WorldPoint(0.5, 3.5))
    assert {e.position for e in view.seen_enemies} == {WorldPoint(2.5, 0.5), WorldPoint(0.5, 3.5)}


@pytest.mark.parametrize("outline, cells", [
    ((WorldPoint(3.0, 3.0),), {(1, 1)}),                                                   # a point, tiles of 2
    ((WorldPoint(4, 2), WorldPoint(8, 2), WorldPoint(8, 6), WorldPoint(4, 6)), {(1, 2), (1, 3), (2, 2), (2, 3)}),
])
def test_structures_on_tiles_of_two(outline, cells) -> None:
    covered = structure_cells([Structure("s", "building", outline)], 2.0, (6, 6))
    assert {(int(r), int(c)) for r, c in zip(*np.nonzero(covered))} == cells


def test_a_polygon_away_from_the_origin_and_a_sliver_cover_what_they_should() -> None:
    triangle = Structure("t", "building", (WorldPoint(2, 1), WorldPoint(6, 1), WorldPoint(2, 5)))
    covered = structure_cells([triangle], 1.0, (8, 8))
    assert {(int(r), int(c)) for r, c in zip(*np.nonzero(covered))} == {
        (1, 2), (1, 3), (1, 4), (2, 2), (2, 3), (3, 2)}
    sliver = Structure("s", "building", (WorldPoint(3.1, 3.1), WorldPoint(3.3, 3.1), WorldPoint(3.3, 3.3)))
    covered = structure_cells([sliver, triangle], 1.0, (8, 8))
    assert covered[3, 3] and covered[1, 2]  # the sliver covers no centre: its centre's cell; both kept


def test_a_structures_own_blocks_sight_says_whether_it_blocks() -> None:
    state = small_game()
    fort = Structure("Fort", "fortification", (WorldPoint(10.5, 20.5),), properties={"blocks_sight": True})
    barn = Structure("Barn", "building", (WorldPoint(12.5, 20.5),), properties={"blocks_sight": False})
    hut = Structure("Hut", "building", (WorldPoint(14.5, 20.5),))
    bf = dataclasses.replace(state.battlefield, structures=(fort, barn, hut), printed_structures=None)
    terrain = battlefield_sight_terrain(bf, RULESET)
    rise = terrain.surface - terrain.ground
    assert rise[20, 10] > 0 and rise[20, 12] == 0 and rise[20, 14] > 0


def test_sight_heights_follow_the_rule_set_and_the_map_drawn() -> None:
    state = small_game()
    plain = battlefield_sight_terrain(state.battlefield, RULESET)
    sight = RULESET.sight
    if isinstance(sight, dict) or hasattr(sight, "keys"):
        taller_rules = dataclasses.replace(RULESET, sight={**sight, "obstacle_height": 7.0})
    elif sight is not None:
        taller_rules = dataclasses.replace(RULESET, sight=dataclasses.replace(sight, obstacle_height=7.0))
    else:
        taller_rules = dataclasses.replace(RULESET, constants={**RULESET.constants, "obstacle_height": 7.0})
    taller = battlefield_sight_terrain(state.battlefield, taller_rules)
    assert not np.array_equal(plain.surface, taller.surface)
    other = dataclasses.replace(state.battlefield, structures=(), printed_structures=())
    assert not np.array_equal(battlefield_sight_terrain(other, RULESET).surface, plain.surface)
    assert battlefield_sight_terrain(state.battlefield, RULESET) is plain  # the same map drawn: the same heights


def test_units_with_one_health_left_are_in_the_view_and_own_units_are_told_whole() -> None:
    state = small_game()
    state = state.with_units(state.units["b3"].replace(health=1, heading=45.0, hidden=True))
    state = with_unit(state, UnitState("r9", "infantry", "Red", WorldPoint(13.5, 14.5), 1))
    setup = next(p for p in state.setup.players if p.name == "Blue North")
    view = player_view(state, setup)  # a PlayerSetup will do as well as a name
    b3 = next(u for u in view.own_units if u.id == "b3")  # not Blue North's, but in its sight
    assert (b3.type_id, b3.side, b3.position, b3.health, b3.heading, b3.hidden, b3.commanded) == (
        "light-artillery", "Blue", WorldPoint(8.5, 20.5), 1, 45.0, True, False)
    assert b3.commanded is False and b3.hidden is True
    assert WorldPoint(13.5, 14.5) in {e.position for e in player_view(state, "Blue HQ").seen_enemies}


def test_enemies_in_one_place_sort_with_no_heading_first_then_by_heading() -> None:
    state = small_game()
    for i, heading in enumerate([90.0, None, 0.5, 45.0]):
        state = with_unit(state, UnitState(f"r{i}", "infantry", "Red", WorldPoint(13.5, 14.5), 10, heading=heading))
    assert [e.heading for e in player_view(state, "Blue HQ").seen_enemies] == [None, 0.5, 45.0, 90.0]


@pytest.mark.parametrize("dx, dy, seen", [(0.0, 41.0, False), (0.0, -41.0, False), (41.0, 0.0, False),
                                          (25.0, 25.0, True), (0.0, 40.0, True)])
def test_an_aircraft_is_seen_within_the_sight_range_of_a_unit_in_any_direction(dx, dy, seen) -> None:
    units = [UnitSetup("b1", "infantry", "Blue", WorldPoint(50.0, 50.0))]
    bf = _scaled(3.0)
    state = small_game(units=units, battlefield=bf)
    assert RULESET.unit_type("infantry").sight_range == 40
    fighter = UnitState("f1", "light-fighter", "Red", WorldPoint(50.0 + dx, 50.0 + dy),
                        RULESET.unit_type("light-fighter").health)
    assert bool(player_view(with_unit(state, fighter), "Blue HQ").seen_enemies) is seen
