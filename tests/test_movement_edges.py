"""Movement at its edges, as the rules and docs/movement.md word them: what a path crosses stretch by stretch and
terrain by terrain, moves along the map's border and along grid lines, structures with a speed of their own."""
from __future__ import annotations

import math

import numpy as np
import pytest

from kriegsspiel.core.geometry import WorldPoint as P
import kriegsspiel.core.movement as mv
from kriegsspiel.core.ruleset import STRUCTURE_SPEED
from test_movement_fixtures import FOREST, HILLS, LAND, raster

# ------------------------------------------------------------------------------------ what a path crosses


def test_a_terrain_crossed_twice_is_one_entry_with_both_lengths_and_costs() -> None:
    # plains, plains, forest, forest, plains, plains: the walk is 1.5 plains, 2 forest, 1.5 plains
    t = np.array([[0, 0, FOREST, FOREST, 0, 0]], dtype=np.int16)
    r = raster(t)
    speeds = mv.speed_field(r, LAND)
    path = (P(0.5, 0.5), P(5.5, 0.5))
    assert mv.terrain_stretches(r, speeds, LAND, path) == [
        ("plains", pytest.approx(1.5), pytest.approx(1.5)),
        ("forest", pytest.approx(2.0), pytest.approx(2.0 / 0.75)),
        ("plains", pytest.approx(1.5), pytest.approx(1.5)),
    ]
    # per terrain, dearest first: plains 3 (3 long) before forest 2.67 (2 long)
    assert mv.terrain_along(r, speeds, LAND, path) == [
        ("plains", pytest.approx(3.0), pytest.approx(3.0)),
        ("forest", pytest.approx(2.0), pytest.approx(2.0 / 0.75)),
    ]


def _with_structures(terrain: np.ndarray, cells: dict[str, np.ndarray]):
    r = raster(terrain)
    object.__setattr__(r, "structure_cells", cells)
    return r


def test_a_structure_with_a_speed_of_its_own_is_named_by_its_kind_and_one_without_by_the_terrain() -> None:
    # Ruleset V3: a village sets the speed (and so is what the move crosses); a well does not, the plains under
    # it are what the move crosses
    t = np.zeros((1, 5), dtype=np.int16)
    village = np.array([[False, True, False, False, False]])
    well = np.array([[False, False, False, True, False]])
    r = _with_structures(t, {"village": village, "well": well})
    table = {**LAND, STRUCTURE_SPEED + "village": 0.5}
    speeds = mv.speed_field(r, table)
    stretches = mv.terrain_stretches(r, speeds, table, (P(0.5, 0.5), P(4.5, 0.5)))
    assert stretches == [
        ("plains", pytest.approx(0.5), pytest.approx(0.5)),
        ("village", pytest.approx(1.0), pytest.approx(2.0)),
        ("plains", pytest.approx(2.5), pytest.approx(2.5)),
    ]
    assert sum(cost for _, _, cost in stretches) == pytest.approx(mv.path_cost(r, speeds, (P(0.5, 0.5), P(4.5, 0.5))))


@pytest.mark.parametrize("x", [0.0, 4.0])
def test_a_move_along_the_maps_border_crosses_the_cells_on_the_map(x: float) -> None:
    # along a grid line a segment takes the faster side's speed; beyond the border nothing can be entered, so
    # a move along the border is on the map's own cells (forest at the left, road at the right), never
    # "off the map", and never priced by the cells of the other border
    t = np.zeros((4, 4), dtype=np.int16)
    t[:, 0] = FOREST
    road = np.zeros(t.shape, dtype=bool)
    road[:, 3] = True
    r = raster(t, road)
    speeds = mv.speed_field(r, LAND)
    path = (P(x, 0.5), P(x, 3.5))
    expected = ("forest", 3.0, 3.0 / 0.75) if x == 0.0 else ("road", 3.0, 3.0 / 1.25)
    stretches = mv.terrain_stretches(r, speeds, LAND, path)
    assert stretches == [(expected[0], pytest.approx(expected[1]), pytest.approx(expected[2]))]
    assert math.isclose(mv.path_cost(r, speeds, path), expected[2])


# ------------------------------------------------------------------------------------------------ ranges


@pytest.mark.parametrize("a, b, reach", [((0.0, 0.0), (3.0, 4.0), 5.0), ((1.0, 1.0), (1.0, 11.0), 10.0),
                                         ((0.0, 0.0), (0.3, 0.4), 0.5)])
def test_a_target_at_exactly_the_range_is_within_it_and_a_little_beyond_is_not(a, b, reach) -> None:
    assert mv.in_range(P(*a), P(*b), reach)
    assert mv.range_reason(P(*a), P(*b), reach, "fire") is None
    beyond = P(b[0] * 1.001, b[1] * 1.001 + 0.001)
    assert not mv.in_range(P(*a), beyond, reach)


def test_the_movement_kernel_in_use_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    from kriegsspiel.core.movement import _field, _reference

    monkeypatch.setattr(_field, "_kernel", _reference)
    assert mv.movement_kernel() == "python"
    monkeypatch.setattr(_field, "_kernel", object())
    assert mv.movement_kernel() == "c"


# ------------------------------------------------------------------------- refusals whose straight line is blocked

import gc  # noqa: E402

from kriegsspiel.core.movement import _check  # noqa: E402
from test_movement_fixtures import MOUNTAINS, WATER, battlefield, ruleset  # noqa: E402


def test_a_slow_terrain_elsewhere_does_not_stop_a_refusal_from_costing_the_detour() -> None:
    # the search behind a refusal whose straight line is blocked reaches up to four times the span at the slowest
    # speed on the map (mountains, 0.25, in a far corner): the detour round the wall's end is found and costed
    t = np.zeros((12, 12), dtype=np.int16)
    t[0:10, 5] = WATER
    t[11, 11] = MOUNTAINS
    verdict = mv.check_move(battlefield(t), ruleset(), "infantry", P(2.5, 2.5), P(8.5, 2.5), allowance_left=10.0)
    assert not verdict.legal and verdict.path and 10.0 < verdict.cost < 30.0
    assert verdict.reason.startswith("plains costs ") and verdict.reason.endswith("infantry has 10 left")


class _CountingMin(np.ndarray):
    calls = 0

    def min(self, *args, **kwargs):  # noqa: A003 - numpy's name
        type(self).calls += 1
        return super().min(*args, **kwargs)


def test_the_slowest_multiplier_is_worked_out_once_per_field_and_forgotten_with_it() -> None:
    speeds = np.array([[0.5, 2.0], [0.25, 0.0]], dtype=np.float32).view(_CountingMin)
    _CountingMin.calls = 0
    before = len(_check._slowest_cache)
    assert _check._slowest(speeds) == 0.25  # the slowest cell that can be entered, not the closed one
    assert _check._slowest(speeds) == 0.25
    assert _CountingMin.calls == 1  # a drag asks every frame: the whole-map scan is made once
    other = np.array([[3.0]], dtype=np.float32)
    assert _check._slowest(other) == 3.0  # another field is not taken for the first
    del speeds, other
    gc.collect()
    assert len(_check._slowest_cache) == before  # no entry outlives its field (a long session stays small)


# ------------------------------------------------------------------- more of what a path crosses


@pytest.mark.parametrize("y", [0.0, 4.0])
def test_a_move_along_the_top_or_bottom_border_crosses_the_cells_on_the_map(y: float) -> None:
    t = np.zeros((4, 5), dtype=np.int16)
    t[0, :] = FOREST
    road = np.zeros(t.shape, dtype=bool)
    road[3, :] = True
    r = raster(t, road)
    speeds = mv.speed_field(r, LAND)
    path = (P(0.5, y), P(4.5, y))
    expected = ("forest", 4.0, 4.0 / 0.75) if y == 0.0 else ("road", 4.0, 4.0 / 1.25)
    assert mv.terrain_stretches(r, speeds, LAND, path) == [
        (expected[0], pytest.approx(expected[1]), pytest.approx(expected[2]))]
    assert math.isclose(mv.path_cost(r, speeds, path), expected[2])


def test_on_cells_of_two_world_units_lengths_and_costs_are_world_units() -> None:
    # columns 0-1 plains, 2 forest, 3-4 plains, rows of forest below: cells 2 world units wide
    t = np.zeros((3, 5), dtype=np.int16)
    t[:, 2] = FOREST
    t[2, :] = FOREST
    r = raster(t, cell_size=2.0)
    speeds = mv.speed_field(r, LAND)
    path = (P(1.0, 1.0), P(9.0, 1.0), P(9.0, 5.0))
    assert mv.terrain_stretches(r, speeds, LAND, path) == [
        ("plains", pytest.approx(3.0), pytest.approx(3.0)),
        ("forest", pytest.approx(2.0), pytest.approx(2.0 / 0.75)),
        ("plains", pytest.approx(3.0 + 3.0), pytest.approx(6.0)),
        ("forest", pytest.approx(1.0), pytest.approx(1.0 / 0.75)),
    ]


def test_a_diagonal_through_cell_corners_crosses_every_cell_on_it() -> None:
    # from (0.5, 0.5) to (3.5, 3.5) the line passes exactly through the corners (1, 1), (2, 2), (3, 3)
    t = np.zeros((4, 4), dtype=np.int16)
    t[2, 2] = FOREST
    r = raster(t)
    speeds = mv.speed_field(r, LAND)
    d = math.sqrt(2.0)
    assert mv.terrain_stretches(r, speeds, LAND, (P(0.5, 0.5), P(3.5, 3.5))) == [
        ("plains", pytest.approx(1.5 * d), pytest.approx(1.5 * d)),
        ("forest", pytest.approx(d), pytest.approx(d / 0.75)),
        ("plains", pytest.approx(0.5 * d), pytest.approx(0.5 * d)),
    ]


def test_a_move_across_columns_inside_a_cell_is_not_along_a_grid_line() -> None:
    # x = 2.5 runs down the middle of column 2 (forest), not along the edge of the road in column 1
    t = np.zeros((3, 4), dtype=np.int16)
    t[:, 2] = FOREST
    road = np.zeros(t.shape, dtype=bool)
    road[:, 1] = True
    r = raster(t, road)
    speeds = mv.speed_field(r, LAND)
    assert mv.terrain_stretches(r, speeds, LAND, (P(2.5, 0.5), P(2.5, 2.5))) == [
        ("forest", pytest.approx(2.0), pytest.approx(2.0 / 0.75))]


def test_a_structure_in_the_first_row_or_column_is_named() -> None:
    t = np.zeros((2, 3), dtype=np.int16)
    village = np.array([[True, False, False], [False, False, False]])
    r = _with_structures(t, {"village": village})
    table = {**LAND, STRUCTURE_SPEED + "village": 0.5}
    speeds = mv.speed_field(r, table)
    assert [s[0] for s in mv.terrain_stretches(r, speeds, table, (P(0.5, 0.5), P(2.5, 0.5)))] == ["village", "plains"]


@pytest.mark.parametrize("end, off", [(P(5.5, 0.5), 2.5), (P(0.5, 3.0), 1.0)])
def test_what_lies_beyond_the_map_is_off_the_map_and_cannot_be_entered(end: P, off: float) -> None:
    # a 2 x 4 map whose last cell is outside the mapped area (-1), with a village in its first row
    t = np.array([[0, 0, 0, -1], [0, 0, 0, 0]], dtype=np.int16)
    village = np.zeros(t.shape, dtype=bool)
    village[0, 1] = True
    r = _with_structures(t, {"village": village})
    table = {**LAND, STRUCTURE_SPEED + "village": 0.5}
    speeds = mv.speed_field(r, table)
    stretches = mv.terrain_stretches(r, speeds, table, (P(0.5, 0.5), end))
    assert stretches[-1][0] == "off the map" and stretches[-1][2] == math.inf
    if end.y == 0.5:  # east along the first row: the unmapped cell and then beyond the raster, one stretch
        assert [s[0] for s in stretches] == ["plains", "village", "plains", "off the map"]
        assert stretches[-1][1] == pytest.approx(off)
    else:  # south out of the raster
        assert [s[0] for s in stretches] == ["plains", "off the map"] and stretches[-1][1] == pytest.approx(off)


def test_a_move_down_from_a_grid_line_is_not_along_it() -> None:
    # from y = 2 (the line between the road in row 1 and the forest below) straight down through the forest
    t = np.zeros((4, 2), dtype=np.int16)
    t[2:, :] = FOREST
    road = np.zeros(t.shape, dtype=bool)
    road[1, :] = True
    r = raster(t, road)
    speeds = mv.speed_field(r, LAND)
    assert mv.terrain_stretches(r, speeds, LAND, (P(0.5, 2.0), P(0.5, 4.0))) == [
        ("forest", pytest.approx(2.0), pytest.approx(2.0 / 0.75))]


@pytest.mark.parametrize("vertical", [True, False])
def test_along_a_grid_line_the_two_cells_beside_it_are_compared_and_no_other(vertical: bool) -> None:
    # water, road, forest: along the line between the road and the forest the move is on the road (the faster
    # side), whatever lies beyond the road
    t = np.array([[WATER, 0, FOREST]] * 3, dtype=np.int16)
    road = np.zeros(t.shape, dtype=bool)
    road[:, 1] = True
    if not vertical:
        t, road = t.T.copy(), road.T.copy()
    r = raster(t, road)
    speeds = mv.speed_field(r, LAND)
    path = (P(2.0, 0.5), P(2.0, 2.5)) if vertical else (P(0.5, 2.0), P(2.5, 2.0))
    assert mv.terrain_stretches(r, speeds, LAND, path) == [("road", pytest.approx(2.0), pytest.approx(2.0 / 1.25))]


def test_passing_exactly_through_a_cell_corner_adds_nothing_of_the_cells_beside_it() -> None:
    # the diagonal from (0.5, 0.5) to (2.5, 2.5) touches the hills at (column 1, row 0) only at a corner
    t = np.zeros((3, 3), dtype=np.int16)
    t[0, 1] = 2  # hills
    r = raster(t)
    speeds = mv.speed_field(r, LAND)
    assert mv.terrain_stretches(r, speeds, LAND, (P(0.5, 0.5), P(2.5, 2.5))) == [
        ("plains", pytest.approx(2.0 * math.sqrt(2.0)), pytest.approx(2.0 * math.sqrt(2.0)))]


def test_an_allowance_used_up_to_a_rounding_error_reads_0_left_never_minus_0() -> None:
    t = np.zeros((3, 6), dtype=np.int16)
    verdict = mv.check_move(battlefield(t), ruleset(), "infantry", P(0.5, 0.5), P(4.5, 0.5), allowance_left=-0.01)
    assert not verdict.legal and verdict.reason == "plains costs 4, infantry has 0 left"


# ------------------------------------------------------------------- the bounded field on tiles of other sizes

from kriegsspiel.core.movement import _field  # noqa: E402
from test_movement_bounded import random_battlefield  # noqa: E402


@pytest.mark.parametrize("tile", [0.5, 2.0])
def test_the_bounded_search_gives_the_whole_fields_verdict_on_tiles_of_any_size(tile: float) -> None:
    rules = ruleset()
    for seed in range(12):
        rng = np.random.default_rng(seed)
        base = random_battlefield(seed, 24, 24)
        bf = battlefield(base.terrain, base.road, units_per_tile=tile)
        raster = bf.raster()
        speeds = mv.speed_field(raster, rules.speed_table("infantry"))
        a = P(*(rng.uniform(0.0, 24.0 * tile, 2)))
        b = P(*(rng.uniform(0.0, 24.0 * tile, 2)))
        allowance = 12.0 * tile
        whole = _field.cost_field(raster, speeds, a, allowance)
        on_whole = mv.check_move(bf, rules, "infantry", a, b, allowance_left=allowance, field=whole)
        assert mv.check_move(bf, rules, "infantry", a, b, allowance_left=allowance) == on_whole, seed
        assert _field.bounded_field(raster, speeds, a, b, allowance).cost_at(b) == whole.cost_at(b), seed


def test_hopeful_speeds_take_the_best_of_a_cell_and_its_four_neighbours_and_leave_impassable_cells_at_0() -> None:
    """docs/movement.md, "The ellipse": a route may run along the edge of a faster cell, so each passable cell is
    hoped to be as fast as the fastest of itself and the four cells beside it (not the diagonal ones); a cell the
    unit cannot enter stays at 0. Worked out by hand."""
    import gc

    from kriegsspiel.core.movement import _path

    speeds = np.array([[1.0, 0.5, 0.0, 0.25],
                       [0.5, 0.5, 2.0, 0.5],
                       [0.75, 0.0, 0.5, 1.5]])
    before = speeds.copy()
    hopeful = _path._hopeful_speeds(speeds)
    assert np.array_equal(hopeful, [[1.0, 1.0, 0.0, 0.5],
                                    [1.0, 2.0, 2.0, 2.0],
                                    [0.75, 0.0, 2.0, 1.5]])
    assert np.array_equal(speeds, before) and not hopeful.flags.writeable and hopeful.flags.c_contiguous
    # worked out once per speed field, forgotten with it
    assert _path._hopeful_speeds(speeds) is hopeful
    other = speeds.copy()
    assert _path._hopeful_speeds(other) is not hopeful
    key = id(speeds)
    assert key in _path._hopeful_cache
    del speeds, other
    gc.collect()
    assert key not in _path._hopeful_cache


@pytest.mark.parametrize("along", ["column", "row"])
def test_a_move_along_the_line_between_two_terrains_of_one_speed_is_on_the_second(along: str) -> None:
    """Along a grid line a move is priced at the faster side; where forest and hills beside it are equally slow
    (0.75 both) the side named is the cell the walk is in (right of a column line, below a row line), the first
    of equals, as path_cost prices it: one terrain the whole way, not a choice that flips with rounding."""
    t = np.full((6, 6), FOREST, dtype=np.int16)
    if along == "column":
        t[:, 3:] = HILLS
        path = (P(3.0, 0.5), P(3.0, 5.5))
    else:
        t[3:, :] = HILLS
        path = (P(0.5, 3.0), P(5.5, 3.0))
    r = raster(t)
    speeds = mv.speed_field(r, LAND)
    assert mv.terrain_stretches(r, speeds, LAND, path) == [("hills", pytest.approx(5.0), pytest.approx(5.0 / 0.75))]
