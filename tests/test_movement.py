"""Movement over terrain: costs worked out by hand on small maps, legality and its reasons, ranges."""
from __future__ import annotations

import gc
import math
import random

import numpy as np
import pytest

from kriegsspiel.core.movement import _check as mv
from kriegsspiel.core.movement import _field
from kriegsspiel.core.movement import _reference as reference
from kriegsspiel.core.geometry import WorldPoint as P
from kriegsspiel.core.ruleset import STRUCTURE_SPEED, CommandStats
from test_movement_fixtures import FOREST, HILLS, LAND, MOUNTAINS, NAVAL, WATER, battlefield, raster, ruleset

RULES = ruleset()


def plains(rows: int, cols: int) -> np.ndarray:
    return np.zeros((rows, cols), dtype=np.int16)


# ------------------------------------------------------------------------------------------ speed field


def test_speed_field_looks_up_the_table_and_roads_override_the_terrain() -> None:
    t = np.array([[0, 1, 2], [3, 4, 0]], dtype=np.int16)
    road = np.array([[False, True, False], [True, False, False]])
    speeds = mv.speed_field(raster(t, road), LAND)
    assert speeds.tolist() == [[1.0, 1.25, 0.75], [1.25, 0.25, 1.0]]
    naval = mv.speed_field(raster(t, road), NAVAL)  # ships ignore roads and pass under bridges
    assert naval.tolist() == [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0]]


def test_speed_field_is_cached_per_raster_and_table_and_read_only() -> None:
    r = raster(plains(4, 4))
    a = mv.speed_field(r, LAND)
    assert mv.speed_field(r, dict(LAND)) is a
    assert mv.speed_field(r, NAVAL) is not a
    with pytest.raises(ValueError):
        a[0, 0] = 3.0


def test_off_map_cells_and_unknown_terrain_cannot_be_entered() -> None:
    t = np.array([[-1, 0]], dtype=np.int16)
    assert mv.speed_field(raster(t), {"plains": 1.0}).tolist() == [[0.0, 1.0]]
    assert mv.speed_field(raster(np.array([[1]])), {"plains": 1.0}).tolist() == [[0.0]]


# ------------------------------------------------------------------------------------------ exact costs

# (terrain rows, cell size, from, to, cost worked out by hand)
SEGMENT_CASES = [
    # plains: the cost is the length
    ([[0, 0, 0, 0]], 1.0, (0.5, 0.5), (3.5, 0.5), 3.0),
    # forest 0.75 for the middle two cells: 0.5 + 2 / 0.75 + 0.5
    ([[0, 1, 1, 0]], 1.0, (0.5, 0.5), (3.5, 0.5), 1.0 + 2.0 / 0.75),
    # mountains 0.25 crossed diagonally: hypot(1, 1) in the mountain cell, half of it on each side in plains
    ([[0, 0], [0, 4]], 2.0, (0.0, 0.0), (4.0, 4.0), math.hypot(2, 2) + math.hypot(2, 2) / 0.25),
    # cell size 10: world units scale
    ([[0, 2]], 10.0, (5.0, 5.0), (15.0, 5.0), 5.0 + 5.0 / 0.75),
    # water on the way: blocked
    ([[0, 3, 0]], 1.0, (0.5, 0.5), (2.5, 0.5), math.inf),
    # leaving the map: blocked
    ([[0, 0]], 1.0, (0.5, 0.5), (2.5, 0.5), math.inf),
    # zero length costs nothing
    ([[3]], 1.0, (0.5, 0.5), (0.5, 0.5), 0.0),
]


@pytest.mark.parametrize(("terrain", "cell", "a", "b", "expected"), SEGMENT_CASES)
def test_path_cost_worked_by_hand(terrain, cell, a, b, expected) -> None:
    r = raster(np.array(terrain), cell_size=cell)
    cost = mv.path_cost(r, mv.speed_field(r, LAND), [P(*a), P(*b)])
    assert cost == pytest.approx(expected, rel=1e-12)


def test_a_diagonal_river_cannot_be_slipped_through_at_a_corner() -> None:
    t = plains(6, 6)
    for i in range(6):
        t[i, 5 - i] = WATER  # water cells touch only at their corners
    r = raster(t)
    speeds = mv.speed_field(r, LAND)
    # the segment from (3.5, 3.5) to (2.5, 2.5)... crosses the corner (3, 3) between water (2, 3) and (3, 2)
    assert mv.path_cost(r, speeds, [P(2.5, 2.5), P(3.5, 3.5)]) == math.inf
    field = mv.cost_field(r, speeds, P(0.5, 0.5), 100.0)
    assert mv.cheapest_path(field, P(5.5, 5.5)).points == ()
    assert not field.reachable_mask()[5, 5]
    # one water cell at a corner is not a wall
    t2 = plains(2, 2)
    t2[0, 1] = WATER
    r2 = raster(t2)
    assert mv.path_cost(r2, mv.speed_field(r2, LAND), [P(0.5, 1.5), P(1.5, 0.5)]) == math.inf  # crosses into it
    assert mv.path_cost(r2, mv.speed_field(r2, LAND), [P(0.5, 0.5), P(1.5, 1.5)]) == pytest.approx(math.sqrt(2))


@pytest.mark.parametrize(
    "path",
    [
        [(2.5, 2.5), (3.0, 3.0), (3.5, 3.5)],  # a bend exactly on the corner between the two water cells
        [(2.5, 2.0), (3.0, 3.0), (4.0, 3.5)],  # the same corner, any angle in and out
        [(3.0, 0.5), (3.0, 4.5)],  # along the grid line past the corner, switching sides at it
        [(0.5, 3.0), (4.5, 3.0)],  # the same along the other grid line
        # a bend a rounding error beside that corner: each segment's walk drops its last 1e-10, so this slipped
        # through (an eight-times-finer search found such a way, 3% cheaper than any legal one)
        [(2.5, 2.0), (3.0, 3.0 - 1e-15), (4.0, 3.5)],
        [(2.5, 2.5), (3.0 + 1e-12, 3.0 - 1e-12), (3.5, 3.5)],
    ],
)
def test_a_diagonal_river_cannot_be_slipped_through_at_a_bend_or_along_a_grid_line(path) -> None:
    # water at (3, 2) and (2, 3) [column, row]: they touch only at the corner (3, 3)
    t = plains(6, 6)
    t[2, 3] = WATER
    t[3, 2] = WATER
    r = raster(t)
    speeds = mv.speed_field(r, LAND)
    assert mv.path_cost(r, speeds, [P(*p) for p in path]) == math.inf
    assert reference.polyline_cost(speeds, 1.0, [v for p in path for v in p]) == math.inf
    # smoothing never bends a path onto that corner
    assert mv.path_cost(r, speeds, [P(2.5, 2.5), P(3.0, 2.9), P(3.5, 3.5)]) == math.inf  # crosses water (3, 2)
    result = mv.cheapest_path(mv.cost_field(r, speeds, P(2.5, 2.5), 100.0), P(3.5, 3.5))
    assert result.points and result.cost > 2.0 and (3.0, 3.0) not in [tuple(p) for p in result.points]


# ------------------------------------------------------------------------------------------ cheapest paths


@pytest.mark.parametrize("target", [(30.7, 20.2), (10.0, 33.3), (3.9, 4.0), (38.2, 1.1)])
def test_on_uniform_terrain_the_cheapest_path_is_the_straight_line(target) -> None:
    r = raster(plains(40, 40))
    field = mv.cost_field(r, mv.speed_field(r, LAND), P(3.3, 4.1), 60.0)
    result = mv.cheapest_path(field, P(*target))
    straight = math.dist((3.3, 4.1), target)
    assert result.cost == pytest.approx(straight, rel=1e-9)
    assert result.points == (P(3.3, 4.1), P(*target))


def test_a_unit_beside_a_road_steps_onto_it_at_the_best_angle() -> None:
    road = np.zeros((40, 40), dtype=bool)
    road[20, :] = True
    r = raster(plains(40, 40), road)
    field = mv.cost_field(r, mv.speed_field(r, LAND), P(2.5, 16.5), 40.0)
    result = mv.cheapest_path(field, P(37.5, 16.5))
    # By hand: 3.5 off the road on each side; the best approach runs 3.5 * 0.8 / 0.6 along the road for it
    # (cos = 1 / 1.25); the rest (35 - 2 * 4.667) is on the road at 1.25.
    along = 3.5 * 0.8 / 0.6
    best = 2 * math.hypot(3.5, along) + (35.0 - 2 * along) / 1.25
    assert best * (1 - 1e-9) <= result.cost <= best * 1.02
    assert result.cost < 35.0  # the road pays off
    assert result.cost == pytest.approx(mv.path_cost(r, field.speeds, result.points), rel=1e-12)


def test_a_forest_strip_across_the_whole_map_cannot_be_avoided() -> None:
    t = plains(12, 12)
    t[:, 5:7] = FOREST
    r = raster(t)
    field = mv.cost_field(r, mv.speed_field(r, LAND), P(1.5, 6.0), 30.0)
    result = mv.cheapest_path(field, P(10.5, 6.0))
    assert result.cost == pytest.approx(7.0 + 2.0 / 0.75, rel=1e-9)


def test_the_path_goes_around_a_lake() -> None:
    t = plains(20, 20)
    t[4:16, 9:11] = WATER
    r = raster(t)
    field = mv.cost_field(r, mv.speed_field(r, LAND), P(5.5, 10.0), 40.0)
    result = mv.cheapest_path(field, P(14.5, 10.0))
    # around a corner of the lake: two straight legs touching (9, 4) and (11, 4) (or the same at the bottom)
    best = math.dist((5.5, 10.0), (9.0, 4.0)) + 2.0 + math.dist((11.0, 4.0), (14.5, 10.0))
    assert best * (1 - 1e-9) <= result.cost <= best * 1.02
    assert all(not (9 < p.x < 11 and 4 < p.y < 16) for p in result.points)  # corners may touch the lake
    assert len(result.points) <= 5


def test_the_cost_field_stops_at_the_allowance_and_keeps_to_a_window() -> None:
    r = raster(plains(300, 300))
    field = mv.cost_field(r, mv.speed_field(r, LAND), P(150.5, 150.5), 5.0)
    h, w = field.cost.shape
    assert h < 30 and w < 30  # reach 5 * 1.25 plus the margin, not the whole map
    mask = field.reachable_mask()
    assert mask.shape == (300, 300)
    assert mask[150, 155] and not mask[150, 157]
    left, top, right, bottom = field.reachable_world_bounds
    assert (left, right) == (145.0, 156.0) and (top, bottom) == (145.0, 156.0)  # centres 145.5 .. 155.5
    assert mv.cheapest_path(field, P(150.5, 170.5)).points == ()


def test_a_target_off_the_map_or_on_impassable_terrain_has_no_path() -> None:
    t = plains(5, 5)
    t[2, 4] = WATER
    r = raster(t)
    field = mv.cost_field(r, mv.speed_field(r, LAND), P(0.5, 0.5), 20.0)
    assert mv.cheapest_path(field, P(-1.0, 0.5)) == mv.PathResult(math.inf, ())
    assert mv.cheapest_path(field, P(4.5, 2.5)).points == ()


# ------------------------------------------------------------------------------------------ legality


def check(bf, unit, a, b, **kw):
    kw.setdefault("allowance_left", RULES.unit_type(unit).move)
    return mv.check_move(bf, RULES, unit, P(*a), P(*b), **kw)


def test_a_legal_move_reports_cost_distance_allowance_and_path() -> None:
    verdict = check(battlefield(plains(20, 20)), "infantry", (1.5, 1.5), (7.5, 9.5))
    assert verdict.legal and verdict.reason is None
    assert verdict.cost == pytest.approx(10.0) and verdict.distance == pytest.approx(10.0)
    assert verdict.allowance == 10.0
    assert verdict.path == (P(1.5, 1.5), P(7.5, 9.5))


def test_too_far_names_the_terrain_and_the_numbers() -> None:
    t = plains(4, 20)
    t[:, 2:8] = FOREST
    t[:, 8:12] = HILLS
    verdict = check(battlefield(t), "infantry", (2.0, 2.0), (12.0, 2.0))
    # by hand: 6 in forest and 4 in hills at 0.75: 13.33
    assert not verdict.legal
    assert verdict.cost == pytest.approx(10.0 / 0.75)
    assert verdict.reason == "forest and hills cost 13.3, infantry has 10 left"


def test_several_moves_draw_on_one_allowance() -> None:
    bf = battlefield(plains(10, 10))
    assert check(bf, "infantry", (0.5, 0.5), (4.5, 0.5), allowance_left=4.0).legal
    verdict = check(bf, "infantry", (0.5, 0.5), (4.5, 0.5), allowance_left=3.5)
    assert verdict.reason == "plains costs 4, infantry has 3.5 left"


def test_the_reason_never_rounds_a_refused_cost_to_the_allowance() -> None:
    verdict = check(battlefield(plains(10, 30)), "infantry", (0.5, 0.5), (10.52, 0.5))
    assert verdict.reason == "plains costs 10.02, infantry has 10 left"


REFUSALS = [
    # (terrain edits, unit, from, to, keyword arguments, reason)
    ({(2, 4): WATER}, "infantry", (0.5, 2.5), (4.5, 2.5), {}, "water: infantry cannot enter water"),
    ({}, "infantry", (0.5, 0.5), (-0.5, 0.5), {}, "off the map"),
    ({}, "infantry", (0.5, 0.5), (0.5, 9.0), {}, "off the map"),
    ({}, "infantry", (0.5, 0.5), (float("nan"), 1.0), {}, "off the map"),
    ({}, "infantry", (0.5, 0.5), (1e300, 1.0), {}, "off the map"),
    ({}, "light-artillery", (0.5, 0.5), (1.5, 0.5), {"fired_this_turn": True},
     "light-artillery fired this turn and cannot move and fire"),
    ({}, "infantry", (0.5, 0.5), (1.5, 0.5), {"heading_changed_this_turn": True},
     "the ship changed heading this turn and may not move"),
    ({(1, 1): MOUNTAINS}, "bomber", (0.5, 0.5), (1.5, 1.5), {}, "mountains: bomber cannot enter mountains"),
    ({}, "destroyer", (0.5, 0.5), (1.5, 0.5), {}, "destroyer stands on plains, which it cannot enter"),
]


@pytest.mark.parametrize(("edits", "unit", "a", "b", "kw", "reason"), REFUSALS)
def test_refusals_say_why(edits, unit, a, b, kw, reason) -> None:
    t = plains(5, 5)
    for (row, col), terrain in edits.items():
        t[row, col] = terrain
    verdict = check(battlefield(t), unit, a, b, **kw)
    assert not verdict.legal
    assert verdict.reason == reason


def test_a_unit_that_may_move_and_fire_moves_after_firing() -> None:
    assert check(battlefield(plains(5, 5)), "infantry", (0.5, 0.5), (1.5, 0.5), fired_this_turn=True).legal


def test_a_river_in_the_way_is_named() -> None:
    t = plains(6, 6)
    t[:, 3] = WATER
    verdict = check(battlefield(t), "infantry", (0.5, 2.5), (5.5, 2.5))
    assert verdict.reason == "no way there: water in the way, and infantry cannot enter water"
    assert verdict.path == () and verdict.cost == math.inf


def test_a_bridge_lets_land_units_cross_and_ships_pass_under_it() -> None:
    t = plains(5, 7)
    t[:, 3] = WATER
    road = np.zeros(t.shape, dtype=bool)
    road[2, :] = True  # the road crosses the river on a bridge at (row 2, column 3)
    bf = battlefield(t, road)
    assert check(bf, "infantry", (0.5, 2.5), (6.5, 2.5)).legal
    assert check(bf, "destroyer", (3.5, 0.5), (3.5, 4.5)).legal  # under the bridge


def test_along_the_edge_of_a_road_the_terrain_named_is_the_road_and_adds_up_to_the_cost() -> None:
    t = plains(6, 10)
    t[3, :] = WATER
    road = np.zeros(t.shape, dtype=bool)
    road[2, :] = True  # a road along row 2, the river along row 3: the grid line y = 3 lies between them
    r = raster(t, road)
    speeds = mv.speed_field(r, LAND)
    along = (P(1.0, 3.0), P(9.0, 3.0))
    # by hand: 8 along the road's edge at 1.25 (the faster side of the line), none of it in the water
    assert mv.path_cost(r, speeds, along) == pytest.approx(8.0 / 1.25)
    assert mv.terrain_along(r, speeds, LAND, along) == [("road", pytest.approx(8.0), pytest.approx(6.4))]
    # a vertical edge: column 4 is forest, column 5 plains; the line x = 5 runs at the plains' speed
    t2 = plains(4, 8)
    t2[:, 4] = FOREST
    r2 = raster(t2)
    legs = mv.terrain_along(r2, mv.speed_field(r2, LAND), LAND, (P(5.0, 0.5), P(5.0, 3.5), P(7.5, 3.5)))
    assert legs == [("plains", pytest.approx(5.5), pytest.approx(5.5))]
    # the refusal names what the path really crosses, not the water beside it
    # (the unit stands on the line between road and river: on the road, as the cost has it)
    verdict = check(battlefield(t, road), "infantry", (0.0, 3.0), (9.5, 3.0), allowance_left=5.0)
    assert verdict.reason == "road costs 7.6, infantry has 5 left"  # 9.5 / 1.25
    assert verdict.cost == pytest.approx(9.5 / 1.25) and verdict.path == (P(0.0, 3.0), P(9.5, 3.0))


def test_the_detour_is_costed_when_it_is_too_long() -> None:
    t = plains(12, 12)
    t[0:10, 5] = WATER  # a wall with a gap at the bottom
    verdict = check(battlefield(t), "infantry", (2.5, 2.5), (8.5, 2.5))
    assert not verdict.legal
    assert verdict.cost > 10.0 and verdict.path  # the refusal still shows the path and what it would cost
    assert verdict.reason.startswith("plains costs ") and verdict.reason.endswith("infantry has 10 left")


def test_aircraft_ignore_terrain_but_low_fliers_are_stopped_by_mountains() -> None:
    t = plains(5, 9)
    t[:, 4] = WATER
    t[:, 6] = MOUNTAINS
    bf = battlefield(t)
    assert check(bf, "drone", (0.5, 2.5), (8.5, 2.5)).cost == pytest.approx(8.0)
    bomber = check(bf, "bomber", (0.5, 2.5), (8.5, 2.5))
    assert bomber.reason == "no way there: mountains in the way, and bomber cannot enter mountains"
    assert check(bf, "bomber", (0.5, 2.5), (5.5, 2.5)).legal  # over the water
    # too far: the flight is what costs, not the water and plains below it
    assert check(bf, "drone", (0.5, 2.5), (8.5, 2.5), allowance_left=6.0).reason == (
        "the flight costs 8, drone has 6 left")


HEADINGS = [
    # (current heading, bearing of the move, legal)
    (0.0, 30.0, True),
    (0.0, 52.0, False),
    (350.0, 15.0, True),  # wraps at 360: a 25 degree turn
    (10.0, 330.0, False),  # 40 degrees the other way
    (None, 170.0, True),  # no heading yet
]


@pytest.mark.parametrize(("heading", "move_bearing", "legal"), HEADINGS)
def test_ships_turn_within_their_heading_limit(heading, move_bearing, legal) -> None:
    t = np.full((40, 40), WATER, dtype=np.int16)
    origin = (20.0, 20.0)
    rad = math.radians(move_bearing)
    target = (20.0 + 5.0 * math.sin(rad), 20.0 - 5.0 * math.cos(rad))
    verdict = check(battlefield(t), "destroyer", origin, target, heading=heading)
    assert verdict.legal is legal
    if not legal:
        turn = round(min(abs(move_bearing - heading) % 360, 360 - abs(move_bearing - heading) % 360))
        assert verdict.reason == (f"destroyer may turn at most 30 deg in a turn; this move turns {turn} deg from "
                                  f"{heading:g} deg, its heading when the turn began")
    # a ship without a limit turns freely
    assert check(battlefield(t), "submarine", origin, target, heading=heading).legal


def test_check_move_reuses_a_field_for_the_same_unit_and_origin() -> None:
    bf = battlefield(plains(20, 20))
    speeds = mv.speed_field(bf.raster(), LAND)
    field = mv.cost_field(bf.raster(), speeds, P(3.5, 3.5), 10.0)
    with_field = check(bf, "infantry", (3.5, 3.5), (9.5, 8.5), field=field)
    assert with_field == check(bf, "infantry", (3.5, 3.5), (9.5, 8.5))


def test_an_unknown_unit_type_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="known types"):
        check(battlefield(plains(3, 3)), "hussarz", (0.5, 0.5), (1.5, 0.5), allowance_left=5.0)


# ------------------------------------------------------------------------------------------ ranges

RANGES = [
    ((0.0, 0.0), (6.0, 8.0), 10.0, True, None),
    ((0.0, 0.0), (6.0, 8.0), 9.99, False, "target is 10 away; fire range is 9.99"),
    ((1.0, 1.0), (1.0, 13.3), 10.0, False, "target is 12.3 away; fire range is 10"),
]


@pytest.mark.parametrize(("a", "b", "reach", "inside", "reason"), RANGES)
def test_ranges_are_straight_line_distances(a, b, reach, inside, reason) -> None:
    assert mv.in_range(P(*a), P(*b), reach) is inside
    assert mv.range_reason(P(*a), P(*b), reach, "fire") == reason


def test_command_ranges_come_from_the_command_table_or_the_rule_set_constants() -> None:
    import dataclasses

    rules = ruleset()
    artillery = dataclasses.replace(
        rules.unit_type("light-artillery"),
        commands={"fire": CommandStats(8, 30.0), "attack": CommandStats(5, None), "split": CommandStats(None, None)},
    )
    destroyer = dataclasses.replace(rules.unit_type("destroyer"), commands={"torpedo": CommandStats(5, None)})
    rules = dataclasses.replace(
        rules,
        unit_types={**rules.unit_types, "light-artillery": artillery, "destroyer": destroyer},
        constants={"attack_distance": 3.0, "torpedo_range": 10.0},
    )
    assert mv.command_range(rules, "light-artillery", "fire") == 30.0
    assert mv.command_range(rules, "light-artillery", "attack") == 3.0
    assert mv.command_range(rules, "destroyer", "torpedo") == 10.0
    assert mv.command_range(rules, "light-artillery", "split") is None
    assert mv.range_check(rules, "light-artillery", "fire", P(0, 0), P(0, 31)) == "target is 31 away; fire range is 30"
    assert mv.range_check(rules, "destroyer", "torpedo", P(0, 0), P(6, 8)) is None
    with pytest.raises(KeyError, match="destroyer cannot fire"):
        mv.command_range(rules, "destroyer", "fire")


def test_a_field_with_nothing_reachable_has_no_bounds() -> None:
    r = raster(plains(6, 6))
    field = mv.cost_field(r, mv.speed_field(r, LAND), P(2.1, 2.1), 0.1)  # the cell centre is 0.57 away
    assert field.reachable_world_bounds is None
    assert not field.reachable_mask().any()
    assert field.window_offset == (field.row0, field.col0)
    off = mv.cost_field(r, mv.speed_field(r, LAND), P(-3.0, 2.0), 10.0)
    assert off.cost.size == 0 and mv.cheapest_path(off, P(1.5, 1.5)).points == ()


def test_a_search_aimed_at_the_target_finds_the_same_cost_as_a_full_one() -> None:
    rng = np.random.default_rng(5)
    t = rng.choice([0, 0, 0, 1, 2, 3], size=(40, 40)).astype(np.int16)
    t[20, 20] = 0
    r = raster(t)
    speeds = mv.speed_field(r, LAND)
    origin = P(20.5, 20.5)
    full = mv.cost_field(r, speeds, origin, 200.0)
    compared = 0
    for target in (P(35.2, 5.7), P(3.3, 30.1), P(38.9, 38.2), P(1.5, 1.5), P(30.5, 22.5)):
        if not np.isfinite(full.cost_at(target)):
            continue
        compared += 1
        aimed = mv.cost_field(r, speeds, origin, 1.0, search_limit=full.cost_at(target) * 1.001, toward=target)
        assert aimed.cost.size < full.cost.size
        assert mv.cheapest_path(aimed, target).cost == pytest.approx(mv.cheapest_path(full, target).cost, rel=1e-9)
    assert compared >= 3


# ---------------------------------------------------------------- the fields' own contracts (core.movement._field)
# Each from its docstring: structure classes in the speed field, the cache of the fastest multiplier, the cost
# tolerance, and how a point connects to the lattice (cost_at: the straight move or a reached cell centre
# within 2 cells).


def _with_structures(terrain: np.ndarray, cells: dict[str, np.ndarray]):
    r = raster(terrain)
    object.__setattr__(r, "structure_cells", cells)
    return r


def test_a_structure_class_sets_the_speed_over_terrain_and_road_but_not_off_the_map() -> None:
    # Ruleset V3: a village or bridge is rough going whatever the terrain or road under it (docs/rulings.md)
    terrain = np.array([[0, 1, 3, -1]], dtype=np.int16)
    village = np.array([[True, True, True, True]])
    road = np.array([[True, False, False, False]])
    r = _with_structures(terrain, {"village": village})
    object.__setattr__(r, "road", road)
    table = {**LAND, STRUCTURE_SPEED + "village": 0.5}
    assert mv.speed_field(r, table).tolist() == [[0.5, 0.5, 0.5, 0.0]]  # off the map (-1) stays closed
    # a kind the table gives no class changes nothing, and neither does a class for a kind not on the map
    assert mv.speed_field(r, LAND).tolist() == [[1.25, 0.75, 0.0, 0.0]]
    assert mv.speed_field(r, {**LAND, STRUCTURE_SPEED + "bridge": 0.5}).tolist() == [[1.25, 0.75, 0.0, 0.0]]


def test_only_the_cells_under_the_structure_change() -> None:
    terrain = np.zeros((1, 3), dtype=np.int16)
    r = _with_structures(terrain, {"bridge": np.array([[False, True, False]])})
    assert mv.speed_field(r, {**LAND, STRUCTURE_SPEED + "bridge": 0.25}).tolist() == [[1.0, 0.25, 1.0]]


def test_the_cache_tells_tables_apart_by_terrain_not_only_by_their_numbers() -> None:
    r = raster(np.array([[0, 1]], dtype=np.int16))
    a = mv.speed_field(r, {"plains": 1.0, "forest": 0.5})
    b = mv.speed_field(r, {"plains": 0.5, "forest": 1.0})
    assert a.tolist() == [[1.0, 0.5]] and b.tolist() == [[0.5, 1.0]]


def test_speed_fields_are_float32_and_read_only() -> None:
    r = raster(np.array([[0, 1, 4]], dtype=np.int16))
    speeds = mv.speed_field(r, {"plains": 0.6, "forest": 1 / 3, "mountains": 0.1})
    assert speeds.dtype == np.float32 and speeds.flags.c_contiguous and not speeds.flags.writeable
    assert speeds.tolist() == [[np.float32(0.6), np.float32(1 / 3), np.float32(0.1)]]


class _CountingMax(np.ndarray):
    calls = 0

    def max(self, *args, **kwargs):  # type: ignore[override]
        type(self).calls += 1
        return super().max(*args, **kwargs)


def test_the_fastest_multiplier_is_worked_out_once_per_field_and_forgotten_with_it() -> None:
    speeds = np.array([[0.5, 2.0], [1.0, 0.0]], dtype=np.float32).view(_CountingMax)
    _CountingMax.calls = 0
    before = len(_field._fastest_cache)
    assert _field._fastest(speeds) == 2.0
    assert _field._fastest(speeds) == 2.0
    assert _CountingMax.calls == 1  # a drag asks every frame: the whole-map max is taken once
    other = np.array([[3.0]], dtype=np.float32)
    assert _field._fastest(other) == 3.0  # another field is not taken for the first
    del speeds, other
    gc.collect()
    assert len(_field._fastest_cache) == before  # no entry outlives its field (a long session stays small)


def test_an_empty_speed_field_has_no_fastest_multiplier() -> None:
    assert _field._fastest(np.zeros((0, 0), dtype=np.float32)) == 0.0


@pytest.mark.parametrize("allowance", [0.5, 1.0, 100.0])
def test_a_cost_within_a_millionth_of_the_allowance_is_within_it(allowance: float) -> None:
    r = raster(np.zeros((3, 3), dtype=np.int16))
    field = mv.cost_field(r, mv.speed_field(r, LAND), P(1.5, 1.5), allowance)
    slack = 1e-6 * max(1.0, allowance)  # COST_TOLERANCE, relative to the allowance, at least absolute 1e-6
    assert field.within(allowance) and field.within(allowance + 0.9 * slack)
    assert not field.within(allowance + 1.1 * slack)
    assert not field.within(allowance * 1.0001 + 1e-5)


def test_the_reachable_mask_uses_the_same_tolerance_and_is_boolean() -> None:
    r = raster(np.zeros((1, 12), dtype=np.int16))
    speeds = mv.speed_field(r, {"plains": 1.0})
    # along a row of plains at speed 1 the centre k cells east costs exactly k (searched beyond the allowance)
    # the slack is a millionth of the allowance: cost k fits an allowance down to about k * (1 - 1e-6)
    cases = ((3.0, 3), (3.0 * (1 - 0.9e-6), 3), (3.0 * (1 - 1.1e-6), 2), (10 * (1 - 0.9e-6), 10),
             (10 * (1 - 1.1e-6), 9), (0.5, 0), (1.0 - 0.9e-6, 1), (1.0 - 1.1e-6, 0))
    for allowance, last in cases:
        field = mv.cost_field(r, speeds, P(0.5, 0.5), allowance, search_limit=allowance + 2.0)
        mask = field.reachable_mask()
        assert mask.dtype == bool
        assert mask[0].tolist() == [k <= last for k in range(12)], allowance
        assert [field.within(float(k)) for k in range(12)] == mask[0].tolist()


def _connect_by_the_book(field, point: P) -> float:
    """cost_at as its docstring says: the straight move from the origin when within the search limit, or a
    reached cell centre within 2 cells of the point's cell plus the straight move from there."""
    r, speeds, cs = field.raster, field.speeds, field.raster.cell_size
    best = mv.segment_cost(r, speeds, field.origin, point)
    if best > field.search_limit:
        best = math.inf
    col, row = int(point.x // cs), int(point.y // cs)
    h, w = field.cost.shape
    for rr in range(row - 2, row + 3):
        for cc in range(col - 2, col + 3):
            wr, wc = rr - field.row0, cc - field.col0
            if 0 <= wr < h and 0 <= wc < w and math.isfinite(field.cost[wr, wc]):
                centre = P((cc + 0.5) * cs, (rr + 0.5) * cs)
                best = min(best, float(field.cost[wr, wc]) + mv.segment_cost(r, speeds, centre, point))
    return best


def test_cost_at_is_the_cheapest_connection_through_the_five_by_five_block() -> None:
    rng = random.Random(14)
    terrain = np.array([[rng.choice([0, 0, 0, FOREST, MOUNTAINS, WATER]) for _ in range(14)] for _ in range(12)],
                       dtype=np.int16)
    r = raster(terrain)
    speeds = mv.speed_field(r, LAND)
    checked = 0
    for origin in (P(0.5, 0.5), P(6.3, 5.7), P(13.5, 11.5), P(0.2, 11.8)):
        if speeds[int(origin.y), int(origin.x)] == 0:
            continue
        for allowance in (3.0, 40.0):
            field = mv.cost_field(r, speeds, origin, allowance)
            for _ in range(60):
                point = P(rng.uniform(0.0, 14.0), rng.uniform(0.0, 12.0))
                expected = _connect_by_the_book(field, point)
                got = field.cost_at(point)
                assert got == pytest.approx(expected, rel=1e-12) or (math.isinf(got) and math.isinf(expected)), \
                    (origin, allowance, point)
                checked += 1
            # points in the first and last rows and columns connect through the window's edge cells
            for point in (P(0.5, 6.5), P(6.5, 0.5), P(13.9, 6.5), P(6.5, 11.9), P(0.1, 0.1), P(13.9, 11.9)):
                expected = _connect_by_the_book(field, point)
                got = field.cost_at(point)
                assert got == pytest.approx(expected, rel=1e-12) or (math.isinf(got) and math.isinf(expected))
    assert checked >= 300


def test_a_point_reached_straight_from_the_origin_connects_through_no_cell() -> None:
    # forest all over: the straight line is the cheapest way but not at the map's fastest speed
    terrain = np.full((6, 6), FOREST, dtype=np.int16)
    terrain[5, 5] = 0
    r = raster(terrain)
    field = mv.cost_field(r, mv.speed_field(r, LAND), P(0.5, 0.5), 10.0)
    target = P(3.2, 2.9)  # on no line through cell centres: every detour through one costs more
    cost, index = field._connect(target)
    assert index == -1 and cost == pytest.approx(math.hypot(2.7, 2.4) / 0.75)
    assert mv.cheapest_path(field, target).points == (P(0.5, 0.5), target)
    # off the map: no cost and no cell
    assert field._connect(P(-1.0, 0.5)) == (math.inf, -1)


def test_the_kernel_in_use_is_named() -> None:
    from kriegsspiel.core.movement import movement_kernel

    assert movement_kernel() == _field.KERNEL
    assert movement_kernel() == ("python" if _field._kernel is _field._reference else "c")
