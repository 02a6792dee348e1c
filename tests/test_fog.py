"""player_view: own units, enemies in sight, hidden units and exposure, subcommands, aircraft, canonical order."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from test_fog_world import RULESET, small_game, with_unit

from kriegsspiel.core.sight import PlayerView, SeenEnemy, UnknownPlayer, player_view, structure_cells
from kriegsspiel.core.battlefield import Structure
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.state import UnitState


def red(unit_id: str, x: float, y: float, type_id: str = "infantry", hidden: bool = False,
        heading: float | None = None) -> UnitState:
    return UnitState(unit_id, type_id, "Red", WorldPoint(x, y), RULESET.unit_type(type_id).health,
                     hidden=hidden, heading=heading)


def test_a_side_player_gets_all_their_units_and_their_sight() -> None:
    view = player_view(small_game(), "Blue HQ")
    assert isinstance(view, PlayerView)
    assert (view.player, view.side, view.round, view.game_minutes) == ("Blue HQ", "Blue", 1, None)
    assert [(u.id, u.commanded) for u in view.own_units] == [("b1", True), ("b2", True), ("b3", True)]
    assert view.is_seen(WorldPoint(10.5, 12.5))  # where b2 stands
    assert not view.is_seen(WorldPoint(24.5, 13.5))  # behind the wood
    assert not view.seen.flags.writeable


def test_an_enemy_in_plain_sight_is_seen_with_kind_side_and_place_only() -> None:
    state = with_unit(small_game(), red("r9", 13.5, 14.5, "light-cavalry", heading=90.0))
    view = player_view(state, "Blue HQ")
    assert view.seen_enemies == (SeenEnemy("Red", "light-cavalry", WorldPoint(13.5, 14.5), 90.0),)
    assert not hasattr(view.seen_enemies[0], "id")
    assert not hasattr(view.seen_enemies[0], "health")


def test_an_enemy_behind_the_wood_is_not_seen() -> None:
    view = player_view(small_game(), "Blue HQ")
    assert view.seen_enemies == ()  # r1 and r2 stand east of the wood


def test_a_hidden_enemy_stays_unseen_in_plain_sight_until_exposed() -> None:
    hidden = red("r9", 13.5, 14.5, hidden=True)
    state = with_unit(small_game(), hidden)
    assert player_view(state, "Blue HQ").seen_enemies == ()
    exposed = with_unit(state, hidden.replace(hidden=False))
    assert [e.type_id for e in player_view(exposed, "Blue HQ").seen_enemies] == ["infantry"]


def test_from_the_hill_a_unit_sees_over_the_wood_to_the_far_ground() -> None:
    # b1 stands on the hill top (ground 2, eye 2.5); the wood's tops (1) 13 tiles east hide the ground just
    # behind them, but not the ground beyond column 32 (worked out in test_sight for the same geometry).
    state = with_unit(small_game(), red("r9", 34.5, 2.5))
    view = player_view(state, "Blue North")
    assert [e.position for e in view.seen_enemies] == [WorldPoint(34.5, 2.5)]
    assert not view.is_seen(WorldPoint(23.5, 2.5))


def test_a_subcommand_sees_only_through_its_own_units() -> None:
    # r9 stands in the south, in sight of b3 only; "Blue North" commands b1 alone.
    state = with_unit(small_game(), red("r9", 9.5, 23.5))
    north = player_view(state, "Blue North")
    whole = player_view(state, "Blue HQ")
    assert [(u.id, u.commanded) for u in north.own_units if u.commanded] == [("b1", True)]
    assert len(whole.seen_enemies) == 1
    b1_alone = player_view(small_game(), "Blue North")
    assert np.array_equal(north.seen, b1_alone.seen)
    assert north.seen.sum() < whole.seen.sum()
    # friendly units of other commands appear only where the subcommand's units see them
    seen_friends = {u.id for u in north.own_units if not u.commanded}
    assert seen_friends == {u.id for u in whole.own_units if u.id != "b1" and north.is_seen(u.position)}


def test_aircraft_see_from_the_sky_and_are_seen_over_the_trees() -> None:
    state = small_game()
    drone = UnitState("b9", "drone", "Blue", WorldPoint(10.5, 22.5), RULESET.unit_type("drone").health)
    state = with_unit(state, drone)
    view = player_view(state, "Blue HQ")
    assert view.is_seen(WorldPoint(30.5, 11.5))  # behind the wood, within 60 of the drone
    assert [e.position for e in view.seen_enemies] == [WorldPoint(30.5, 11.5), WorldPoint(24.5, 13.5)]  # north first
    # an enemy bomber over the far side of the wood is seen from the plain: nothing hides a plane
    bomber = red("r8", 23.5, 2.5, "bomber")
    seen = player_view(with_unit(small_game(), bomber), "Blue North").seen_enemies
    assert [e.type_id for e in seen] == ["bomber"]


def test_enemies_come_in_an_order_that_does_not_echo_the_state() -> None:
    a = red("ra", 13.5, 14.5)
    b = red("rb", 11.5, 16.5, "light-cavalry")
    one = player_view(with_unit(with_unit(small_game(), a), b), "Blue HQ").seen_enemies
    other = player_view(with_unit(with_unit(small_game(), b), a), "Blue HQ").seen_enemies
    assert one == other
    assert [e.position.y for e in one] == [14.5, 16.5]


def test_units_with_no_health_left_are_not_in_any_view() -> None:
    state = with_unit(small_game(), red("r9", 13.5, 14.5).replace(health=0))
    assert player_view(state, "Blue HQ").seen_enemies == ()


def test_an_unknown_player_is_refused_with_the_known_names() -> None:
    with pytest.raises(UnknownPlayer, match="unknown player 'Green'; the scenario's players: Blue HQ, Blue North, Red HQ"):
        player_view(small_game(), "Green")
    assert player_view(small_game(), "blue hq").player == "Blue HQ"


def test_timed_rule_sets_give_the_game_time_at_the_start_of_the_round() -> None:
    state = small_game()
    timed = state.replace(ruleset=dataclasses.replace(RULESET, round_minutes=10), round=4)
    assert player_view(timed, "Red HQ").game_minutes == 30


def test_buildings_and_settlements_block_sight() -> None:
    # The village (columns 26-28, rows 4-6) blocks like a wood; a point structure blocks its own cell.
    cells = structure_cells(
        [Structure("v", "settlement", (WorldPoint(26, 4), WorldPoint(29, 4), WorldPoint(29, 7), WorldPoint(26, 7))),
         Structure("m", "building", (WorldPoint(12.5, 18.5),))],
        1.0, (24, 40),
    )
    assert cells[4:7, 26:29].all() and cells.sum() == 10 and cells[18, 12]
    # A Blue unit west of the village does not see the ground just behind it.
    scout = UnitState("b9", "infantry", "Blue", WorldPoint(24.5, 5.5), RULESET.unit_type("infantry").health)
    view = player_view(with_unit(small_game(), scout), "Blue HQ")
    assert view.is_seen(WorldPoint(26.5, 5.5))
    assert not view.is_seen(WorldPoint(30.5, 5.5))


def test_troops_aboard_an_enemy_transport_are_not_seen_apart_from_it() -> None:
    ship = red("r7", 13.5, 14.5, "light-cavalry")
    aboard = red("r6", 13.5, 14.5).replace(carried_by="r7")
    view = player_view(with_unit(with_unit(small_game(), ship), aboard), "Blue HQ")
    assert [e.type_id for e in view.seen_enemies] == ["light-cavalry"]


def test_a_hidden_unit_at_the_woods_edge_appears_once_an_enemy_comes_within_three() -> None:
    from kriegsspiel.core.game import Accepted, apply
    from kriegsspiel.core.dice import Dice
    from kriegsspiel.core.commands import parse_command

    # r9 hides on the wood's first column, which b2 sees (a wood's edge is seen), 8 tiles east of b2.
    state = with_unit(small_game(), red("r9", 18.5, 12.5, hidden=True))
    assert player_view(state, "Blue HQ").is_seen(WorldPoint(18.5, 12.5))
    assert player_view(state, "Blue HQ").seen_enemies == ()
    outcome = apply(state, parse_command("move b2 > 16.5,12.5"), Dice(1, 1))
    assert isinstance(outcome, Accepted), outcome
    assert outcome.state.unit("r9").hidden is False  # exposed: an enemy came within 3 (docs/rulings.md)
    assert [e.position for e in player_view(outcome.state, "Blue HQ").seen_enemies] == [WorldPoint(18.5, 12.5)]


def _build(state, order: str):
    from kriegsspiel.core.game import Accepted, apply, rules_of
    from kriegsspiel.core.dice import Dice

    outcome = apply(state, rules_of(state).parse(order), Dice(1, 1))
    assert isinstance(outcome, Accepted), outcome
    return outcome.state


def _names(view: PlayerView) -> list[str]:
    return sorted(s.name for s in view.structures)


def test_a_structure_the_enemy_builds_out_of_sight_is_not_known_and_blocks_no_sight() -> None:
    # r1 stands east of the wood, where Blue sees nothing; it builds a building there.
    state = small_game().replace(side_to_move="Red")
    before = player_view(state, "Blue HQ")
    built = _build(state, "build r1 > building Depot")
    assert "Depot" in [s.name for s in built.battlefield.structures]
    after = player_view(built, "Blue HQ")
    assert _names(after) == _names(before) == ["Kennett", "Mill"]
    assert np.array_equal(after.seen, before.seen)
    assert "Depot" in _names(player_view(built, "Red HQ"))  # the builders know it: they stand on it
    # Built structures do not block sight (house rule): Red's own sight is the same before and after.
    assert np.array_equal(player_view(built, "Red HQ").seen, player_view(state, "Red HQ").seen)


def test_a_structure_built_in_sight_is_known_and_blocks_no_sight() -> None:
    state = with_unit(small_game(), red("r9", 13.5, 14.5)).replace(side_to_move="Red")
    built = _build(state, "build r9 > building Barn")
    view = player_view(built, "Blue HQ")
    assert "Barn" in _names(view)
    assert np.array_equal(view.seen, player_view(state, "Blue HQ").seen)


def test_a_printed_structure_destroyed_out_of_sight_stays_on_the_players_map() -> None:
    from kriegsspiel.rulesets.modern_4e.common import replace_structure

    state = small_game()
    mill = next(s for s in state.battlefield.structures if s.name == "Mill")
    assert player_view(state, "Blue HQ").is_seen(mill.centre)  # b3 looks at the mill
    assert not player_view(state, "Red HQ").is_seen(mill.centre)  # Red does not
    gone = replace_structure(state, mill, None)
    assert "Mill" not in _names(player_view(gone, "Blue HQ"))  # Blue saw it fall
    red_view = player_view(gone, "Red HQ")
    assert "Mill" in _names(red_view) and mill in red_view.structures  # Red's map still shows it, as printed
    assert np.array_equal(red_view.seen, player_view(state, "Red HQ").seen)
