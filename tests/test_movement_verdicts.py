"""What a refusal says, to the digit and the word: the terrain a refused path crosses, distances with just
enough decimals never to read as the range, ranges with a float's tolerance, commands without a range.
(Mutation testing found these unpinned; they are what the umpire reads.)"""
from __future__ import annotations

import dataclasses
import re

import numpy as np
import pytest

from kriegsspiel.core.geometry import WorldPoint as P
from kriegsspiel.core.movement import _check as mv
from kriegsspiel.core.ruleset import CommandStats
from test_movement_fixtures import FOREST, HILLS, MOUNTAINS, PLAINS, battlefield, ruleset

RULES = ruleset()


def strips(*kinds: int) -> np.ndarray:
    """A map of one row band per kind, west to east: 4 columns of each, 6 rows."""
    return np.repeat(np.array(kinds, dtype=np.int16), 4)[None, :].repeat(6, axis=0)


@pytest.mark.parametrize("kinds, words", [
    ((PLAINS, FOREST), "forest and plains cost"),
    ((PLAINS, FOREST, MOUNTAINS), "mountains, forest and plains cost"),
    ((PLAINS, FOREST, HILLS, MOUNTAINS), "mountains, (forest, hills|hills, forest) and other terrain cost"),
])
def test_a_refused_move_names_the_terrain_it_crosses_dearest_first(kinds, words) -> None:
    t = strips(*kinds)
    verdict = mv.check_move(battlefield(t), RULES, "infantry", P(0.5, 3.0), P(4 * len(kinds) - 0.5, 3.0),
                            allowance_left=1.0)
    assert not verdict.legal and re.match(words + " ", verdict.reason), verdict.reason
    assert verdict.reason.endswith(", infantry has 1 left")


@pytest.mark.parametrize("away, shown", [
    (10.041, "10.04"), (10.0041, "10.004"), (10.00041, "10.0004"), (10.0000041, "10.000004"), (10.3, "10.3"),
])
def test_a_distance_beyond_the_range_shows_just_enough_decimals(away: float, shown: str) -> None:
    assert mv.range_reason(P(0, 0), P(0, away), 10.0, "fire") == f"target is {shown} away; fire range is 10"


def test_a_long_range_allows_for_float_rounding_in_proportion() -> None:
    far = 1_000_000.0
    assert mv.in_range(P(0, 0), P(0, far + 1e-4), far)  # 1e-10 of the range: rounding, not distance
    assert not mv.in_range(P(0, 0), P(0, far + 0.01), far)


def test_a_command_without_a_range_always_reaches() -> None:
    artillery = dataclasses.replace(RULES.unit_type("light-artillery"), commands={"split": CommandStats(None, None)})
    rules = dataclasses.replace(RULES, unit_types={**RULES.unit_types, "light-artillery": artillery}, constants={})
    assert mv.range_check(rules, "light-artillery", "split", P(0, 0), P(500, 500)) is None


def test_a_hyphenated_command_reads_its_constant_with_an_underscore() -> None:
    ship = dataclasses.replace(RULES.unit_type("destroyer"), commands={"depth-charge": CommandStats(6, None)})
    rules = dataclasses.replace(RULES, unit_types={**RULES.unit_types, "destroyer": ship},
                                constants={"depth_charge_reach": 3.0})
    assert mv.command_range(rules, "destroyer", "depth-charge") == 3.0


# --- where a unit stands, and what a verdict carries ----------------------------------------------------------

from test_movement_fixtures import WATER  # noqa: E402


@pytest.mark.parametrize("tile", [1.0, 2.5])
def test_a_unit_on_the_line_between_land_and_water_stands_on_the_land(tile: float) -> None:
    """On the grid line between a plains column (west) and a water column (east), or a plains row (north) and
    a water row (south), infantry stands on the plains and may walk off onto them."""
    west = np.zeros((4, 4), dtype=np.int16)
    west[:, 2:] = WATER
    on_line = P(2.0 * tile, 1.5 * tile)
    verdict = mv.check_move(battlefield(west, units_per_tile=tile), RULES, "infantry", on_line, P(0.5 * tile, 1.5 * tile),
                            allowance_left=10.0 * tile)
    assert verdict.legal, verdict.reason
    north = np.zeros((4, 4), dtype=np.int16)
    north[2:, :] = WATER
    on_line = P(1.5 * tile, 2.0 * tile)
    verdict = mv.check_move(battlefield(north, units_per_tile=tile), RULES, "infantry", on_line, P(1.5 * tile, 0.5 * tile),
                            allowance_left=10.0 * tile)
    assert verdict.legal, verdict.reason
    # one cell into the water, it stands in the water
    verdict = mv.check_move(battlefield(west, units_per_tile=tile), RULES, "infantry", P(2.5 * tile, 1.5 * tile),
                            P(0.5 * tile, 1.5 * tile), allowance_left=10.0 * tile)
    assert verdict.reason == "infantry stands on water, which it cannot enter"


def test_a_unit_on_the_maps_edge_stands_on_the_cell_inside_only() -> None:
    """On the map's northern edge over water, with plains along the southern edge: the unit is in the water
    (the row beyond the edge is not the far side of the map)."""
    t = np.zeros((4, 4), dtype=np.int16)
    t[0, :] = WATER
    verdict = mv.check_move(battlefield(t), RULES, "infantry", P(1.5, 0.0), P(1.5, 3.5), allowance_left=10.0)
    assert verdict.reason == "infantry stands on water, which it cannot enter"


def test_verdicts_carry_distance_and_allowance_whatever_they_say() -> None:
    bf = battlefield(np.zeros((6, 6), dtype=np.int16))
    stay = mv.check_move(bf, RULES, "infantry", P(1.5, 1.5), P(1.5, 1.5), allowance_left=4.0)
    assert (stay.legal, stay.cost, stay.distance, stay.allowance, stay.path, stay.reason) == (
        True, 0.0, 0.0, 4.0, (P(1.5, 1.5),), None)
    far = mv.check_move(bf, RULES, "infantry", P(0.5, 0.5), P(5.5, 0.5), allowance_left=4.0)
    assert (far.legal, far.distance, far.allowance) == (False, 5.0, 4.0)
    off = mv.check_move(bf, RULES, "infantry", P(0.5, 0.5), P(9.5, 0.5), allowance_left=4.0)
    assert (off.reason, off.distance, off.allowance) == ("off the map", 9.0, 4.0)


def test_guns_that_did_not_fire_move() -> None:
    bf = battlefield(np.zeros((6, 6), dtype=np.int16))
    assert mv.check_move(bf, RULES, "light-artillery", P(0.5, 0.5), P(3.5, 0.5), allowance_left=8.0).legal
    fired = mv.check_move(bf, RULES, "light-artillery", P(0.5, 0.5), P(3.5, 0.5), allowance_left=8.0,
                          fired_this_turn=True)
    assert fired.reason == "light-artillery fired this turn and cannot move and fire"


# --- ships, fields handed in, labels ----------------------------------------------------------------------------

from test_movement_fixtures import LAND  # noqa: E402


@pytest.mark.parametrize("tile", [1.0, 0.05])
def test_a_ship_whose_only_way_turns_too_far_is_refused_with_the_leg_that_does(tile: float) -> None:
    """Heading east toward a target straight east (no turn), behind an island: every way round turns 73 deg
    from the heading the turn began with, more than a destroyer's 30 (docs/rulings.md: every leg, the whole turn).
    The refusal still shows the way and its cost. (Small tiles: legs shorter than one world unit count too.)"""
    t = np.full((40, 40), WATER, dtype=np.int16)
    t[10:31, 8:13] = PLAINS
    verdict = mv.check_move(battlefield(t, units_per_tile=tile), RULES, "destroyer", P(5 * tile, 20 * tile),
                            P(15 * tile, 20 * tile), allowance_left=100 * tile, heading=90.0)
    start = "0.25,1" if tile < 1 else "5,20"
    assert verdict.reason == (f"destroyer may turn at most 30 deg in a turn; the way there has a leg from {start} "
                              "that turns 73.3 deg from 90 deg, its heading when the turn began")
    assert len(verdict.path) == 4 and verdict.path[0] == P(5 * tile, 20 * tile)
    assert verdict.cost == pytest.approx(25.638 * tile, rel=1e-3)
    free = mv.check_move(battlefield(t, units_per_tile=tile), RULES, "destroyer", P(5 * tile, 20 * tile),
                         P(15 * tile, 20 * tile), allowance_left=100 * tile)
    assert free.legal and free.cost == pytest.approx(verdict.cost)


@pytest.mark.parametrize("move_bearing, legal, turned", [(30.0, True, None), (30.5, False, "30.5"),
                                                         (45.27, False, "45.3")])
def test_a_ship_turns_up_to_its_limit_and_the_refusal_rounds_to_a_tenth(move_bearing, legal, turned) -> None:
    t = np.full((40, 40), WATER, dtype=np.int16)
    rad = np.radians(move_bearing)
    target = P(20.0 + 5.0 * float(np.sin(rad)), 20.0 - 5.0 * float(np.cos(rad)))
    verdict = mv.check_move(battlefield(t), RULES, "destroyer", P(20.0, 20.0), target, allowance_left=20.0,
                            heading=0.0)
    assert verdict.legal is legal
    if turned:
        assert f"this move turns {turned} deg from 0 deg" in verdict.reason


def _field_for(bf, unit: str, origin: P, allowance: float, toward: P | None = None):
    speeds = mv.speed_field(bf.raster(), RULES.speed_table(unit))
    return mv.cost_field(bf.raster(), speeds, origin, allowance, toward=toward)


def test_a_field_handed_in_is_used_only_when_it_is_this_units_from_here() -> None:
    """A drag hands its cost field to every check; one made for another place, another unit type, another map
    or aimed at another target must not decide this move: the verdict is the one computed afresh."""
    t = np.zeros((12, 12), dtype=np.int16)
    t[:, 5] = FOREST
    bf = battlefield(t)
    origin, target = P(1.5, 1.5), P(9.5, 1.5)
    fresh = mv.check_move(bf, RULES, "infantry", origin, target, allowance_left=12.0)
    other_map = battlefield(np.zeros((12, 12), dtype=np.int16))
    for field in (_field_for(bf, "infantry", P(1.5, 9.5), 12.0),          # another place
                  _field_for(bf, "drone", origin, 12.0),                   # another unit type's speeds
                  _field_for(other_map, "infantry", origin, 12.0),         # another map
                  _field_for(bf, "infantry", origin, 12.0, toward=P(1.5, 9.5))):  # aimed elsewhere
        again = mv.check_move(bf, RULES, "infantry", origin, target, allowance_left=12.0, field=field)
        assert (again.legal, again.cost, again.path, again.reason) == (fresh.legal, fresh.cost, fresh.path,
                                                                        fresh.reason)
    own = _field_for(bf, "infantry", origin, 12.0)
    assert mv.check_move(bf, RULES, "infantry", origin, target, allowance_left=12.0, field=own).cost == fresh.cost


def test_a_road_tile_is_named_road_only_for_units_whose_table_knows_roads() -> None:
    t = np.full((4, 6), WATER, dtype=np.int16)
    t[:, :3] = PLAINS
    road = np.zeros((4, 6), dtype=bool)
    road[1, :] = True  # a road across the plains and (drawn on) the water
    bf = battlefield(t, road)
    ship = mv.check_move(bf, RULES, "destroyer", P(4.5, 2.5), P(1.5, 1.5), allowance_left=20.0)
    assert ship.reason == "plains: destroyer cannot enter plains"
    ashore = mv.check_move(bf, RULES, "destroyer", P(1.5, 1.5), P(4.5, 2.5), allowance_left=20.0)
    assert ashore.reason == "destroyer stands on plains, which it cannot enter"
    closed = {**LAND, "road": 0.0}  # roads closed to this arm: the tile is named as a road
    rules = dataclasses.replace(RULES, speed_tables={**RULES.speed_tables, "land": closed})
    walker = mv.check_move(bf, rules, "infantry", P(0.5, 1.5), P(2.5, 3.5), allowance_left=20.0)
    assert walker.reason == "infantry stands on road, which it cannot enter"


def test_on_a_line_only_the_two_cells_it_divides_count() -> None:
    """Water, plains, water, water: a unit on the line between the plains and the water east of it stands on
    the plains; one column further, on the line between two waters, it stands in water (the plains two columns
    off do not count)."""
    t = np.full((4, 4), WATER, dtype=np.int16)
    t[:, 1] = PLAINS
    bf = battlefield(t)
    assert mv.check_move(bf, RULES, "infantry", P(2.0, 1.5), P(1.5, 3.5), allowance_left=5.0).legal
    assert mv.check_move(bf, RULES, "infantry", P(3.0, 1.5), P(1.5, 3.5), allowance_left=5.0).reason == (
        "infantry stands on water, which it cannot enter")
    rows = np.full((4, 4), WATER, dtype=np.int16)
    rows[1, :] = PLAINS
    bf = battlefield(rows)
    assert mv.check_move(bf, RULES, "infantry", P(1.5, 2.0), P(3.5, 1.5), allowance_left=5.0).legal
    assert mv.check_move(bf, RULES, "infantry", P(1.5, 3.0), P(3.5, 1.5), allowance_left=5.0).reason == (
        "infantry stands on water, which it cannot enter")


# ------------------------------------------------------------------------- the cost field's window and contracts
# From cost_field's docstring: the window spans the search's reach (limit x fastest multiplier, in cells) plus a
# margin, clipped to the map; with ``toward`` it holds the ellipse of cells that may lie on a path to that
# target; an origin off the map gives an empty field; the arrays are read-only.

import math  # noqa: E402

from test_movement_fixtures import raster  # noqa: E402


def test_a_speed_field_of_another_shape_is_refused_naming_both() -> None:
    r = raster(np.zeros((3, 3), dtype=np.int16))
    with pytest.raises(ValueError, match=r"speed field shape \(2, 2\) does not match the raster's \(3, 3\)"):
        mv.cost_field(r, np.ones((2, 2), dtype=np.float32), P(0.5, 0.5), 5.0)


@pytest.mark.parametrize("cell", [1.0, 0.5, 2.0])
def test_the_window_holds_every_cell_within_the_reach_at_the_fastest_speed(cell: float) -> None:
    r = raster(np.zeros((60, 60), dtype=np.int16), cell_size=cell)
    speeds = mv.speed_field(r, {"plains": 2.0})
    origin = P(30.5 * cell, 30.5 * cell)
    field = mv.cost_field(r, speeds, origin, 5.0 * cell)  # 5 cells of allowance at speed 2: 10 cells away
    mask = field.reachable_mask()
    assert mask[30, 40] and mask[30, 20] and mask[40, 30] and mask[20, 30]  # exactly 10 cells: cost 5
    assert not mask[30, 41] and not mask[41, 30]
    assert field.cost.shape[0] < 40 and field.cost.shape[1] < 40  # the reach and a margin, not the whole map


def test_the_window_reaches_the_maps_first_row_and_column() -> None:
    r = raster(np.zeros((20, 20), dtype=np.int16))
    field = mv.cost_field(r, mv.speed_field(r, {"plains": 1.0}), P(0.5, 0.5), 3.0)
    assert field.window_offset == (0, 0)
    mask = field.reachable_mask()
    assert mask[0, 0] and mask[0, 3] and mask[3, 0] and not mask[0, 4]


def test_an_unbounded_allowance_searches_the_whole_map() -> None:
    terrain = np.zeros((12, 30), dtype=np.int16)
    r = raster(terrain)
    field = mv.cost_field(r, mv.speed_field(r, {"plains": 1.0}), P(0.5, 0.5), math.inf)
    assert field.cost.shape == (12, 30) and field.reachable_mask().all()
    assert field.cost_at(P(29.5, 11.5)) == pytest.approx(math.hypot(29.0, 11.0), rel=0.02)


def test_a_negative_allowance_searches_nothing_beyond_the_origin() -> None:
    r = raster(np.zeros((5, 5), dtype=np.int16))
    field = mv.cost_field(r, mv.speed_field(r, {"plains": 1.0}), P(2.5, 2.5), -1.0)
    assert field.search_limit == 0.0
    assert int(np.isfinite(field.cost).sum()) == 1  # the origin's own cell centre, at cost 0


def test_an_origin_off_the_map_gives_an_empty_read_only_field() -> None:
    r = raster(np.zeros((5, 5), dtype=np.int16))
    field = mv.cost_field(r, mv.speed_field(r, {"plains": 1.0}), P(-3.0, 2.5), 10.0)
    assert field.cost.shape == (0, 0) and field.pred.shape == (0, 0)
    assert field.cost.dtype == np.float64 and field.pred.dtype == np.int32
    assert field.settled == 0 and not field.reachable_mask().any() and field.reachable_world_bounds is None
    assert math.isinf(field.cost_at(P(2.5, 2.5)))


def test_the_fields_arrays_are_read_only_and_typed() -> None:
    r = raster(np.zeros((6, 6), dtype=np.int16))
    field = mv.cost_field(r, mv.speed_field(r, {"plains": 1.0}), P(2.5, 2.5), 3.0)
    assert field.cost.dtype == np.float64 and field.pred.dtype == np.int32
    assert not field.cost.flags.writeable and not field.pred.flags.writeable
    assert field.settled > 0 and field.toward is None


@pytest.mark.parametrize("origin, target", [((20.5, 100.5), (120.5, 100.5)), ((100.5, 20.5), (100.5, 120.5)),
                                            ((40.5, 40.5), (120.5, 110.5))])
def test_a_field_toward_one_target_holds_the_ellipse_and_settles_less(origin, target) -> None:
    r = raster(np.zeros((200, 200), dtype=np.int16))
    speeds = mv.speed_field(r, {"plains": 1.0})
    o, t = P(*origin), P(*target)
    allowance = math.dist(origin, target) + 10.0
    toward = mv.cost_field(r, speeds, o, allowance, toward=t)
    whole = mv.cost_field(r, speeds, o, allowance)
    assert toward.toward == t and toward.settled < whole.settled / 2  # the A* bound: much less work
    row0, col0 = toward.window_offset
    h, w = toward.cost.shape
    rows, cols = np.mgrid[0:200, 0:200]
    cx, cy = cols + 0.5, rows + 0.5
    ellipse = np.hypot(cx - o.x, cy - o.y) + np.hypot(cx - t.x, cy - t.y) <= allowance
    inside = (rows >= row0) & (rows < row0 + h) & (cols >= col0) & (cols < col0 + w)
    assert not (ellipse & ~inside).any()  # every cell that may lie on a path to the target is in the window
    assert toward.cost_at(t) == pytest.approx(whole.cost_at(t), rel=1e-9)
    assert mv.cheapest_path(toward, t).cost == pytest.approx(math.dist(origin, target), rel=1e-9)


def test_a_leg_that_turns_half_a_degree_past_the_limit_is_refused() -> None:
    """Heading east to a target due east, a breakwater in the way: the way round its near end turns 30.5 deg at
    first, half a degree more than a destroyer's 30; the straight line to the target does not turn at all. The limit
    holds to the tolerance of rounding, not to a degree (docs/rulings.md "Heading limits": every leg of the turn)."""
    t = np.full((40, 40), WATER, dtype=np.int16)
    t[18:26, 8] = PLAINS
    verdict = mv.check_move(battlefield(t), RULES, "destroyer", P(4.6, 20.0), P(15.0, 20.0), allowance_left=40.0,
                            heading=90.0)
    assert verdict.reason == ("destroyer may turn at most 30 deg in a turn; the way there has a leg from 4.6,20 that "
                              "turns 30.5 deg from 90 deg, its heading when the turn began")
    assert verdict.path[1] == P(8.0, 18.0)


def test_a_target_behind_a_diagonal_wall_crossed_at_a_pinch_has_no_way_there() -> None:
    """Water cells corner to corner across the map: nothing passes between two of them where they touch (the
    straight line from one side to the other passes exactly there, crossing no water cell) and the wall has no end,
    so the refusal says there is no way, without naming a terrain in the way."""
    t = np.full((8, 8), PLAINS, dtype=np.int16)
    for i in range(8):
        t[i, i] = WATER
    verdict = mv.check_move(battlefield(t), RULES, "infantry", P(4.5, 3.5), P(3.5, 4.5), allowance_left=20.0)
    assert not verdict.legal
    assert verdict.reason == "no way there for infantry within reach"


def test_a_field_made_for_another_target_is_not_used_and_a_field_that_fits_is(monkeypatch: pytest.MonkeyPatch) -> None:
    """check_move takes the field of a drag (made at pick-up) and searches only when none fits: a field bounded
    towards another target holds only that target's cells, so the verdict is then found on a search of its own
    (the whole field's); a whole field of the same unit, origin and map is used as it is, with no search."""
    t = np.full((30, 30), PLAINS, dtype=np.int16)
    t[5:25, 14] = WATER
    t[12, 10:20] = FOREST
    bf = battlefield(t)
    origin, target, other = P(4.5, 15.2), P(25.3, 14.1), P(6.0, 3.0)
    whole = _field_for(bf, "infantry", origin, 60.0)
    expected = mv.check_move(bf, RULES, "infantry", origin, target, allowance_left=60.0, field=whole)
    speeds = mv.speed_field(bf.raster(), RULES.speed_table("infantry"))
    elsewhere = mv.bounded_field(bf.raster(), speeds, origin, other, 60.0)
    assert not np.isfinite(elsewhere.cost_at(target))
    assert mv.check_move(bf, RULES, "infantry", origin, target, allowance_left=60.0, field=elsewhere) == expected
    searches = []
    original = mv.bounded_field
    monkeypatch.setattr(mv, "bounded_field", lambda *args: searches.append(args) or original(*args))
    assert mv.check_move(bf, RULES, "infantry", origin, target, allowance_left=60.0, field=whole) == expected
    assert searches == []
    mv.check_move(bf, RULES, "infantry", origin, target, allowance_left=60.0, field=elsewhere)
    assert len(searches) == 1


@pytest.mark.parametrize("wall_rows, found", [((22, 29), True), ((21, 30), False)])
def test_a_refusal_looks_for_the_way_round_up_to_four_times_the_straight_line(wall_rows, found) -> None:
    """A refused move whose straight line is blocked explains itself with the cheapest way round, searched up to
    four times the straight line at the slowest speed on the map (plain ground only here: 4 x 2 = 8) so that a
    refusal stays quick while the umpire drags. Round a wall of water 7 cells long the way costs 7.1 and is named;
    round one 9 cells long it costs 9.1, beyond that, and the refusal names the water in the way instead."""
    t = np.full((50, 50), PLAINS, dtype=np.int16)
    t[wall_rows[0]:wall_rows[1], 21] = WATER
    verdict = mv.check_move(battlefield(t), RULES, "infantry", P(20.5, 25.0), P(22.5, 25.0), allowance_left=3.0)
    assert not verdict.legal
    if found:
        assert verdict.reason == "plains costs 7.1, infantry has 3 left"
    else:
        assert verdict.reason == "no way there: water in the way, and infantry cannot enter water"
