"""A single move is judged on a field bounded towards its target (``kriegsspiel measure``, the console): the
verdict must be exactly the one the whole field gives, with the C kernel and with the Python reference."""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kriegsspiel.core.geometry import WorldPoint as P
from kriegsspiel.core.movement import _check as mv
from kriegsspiel.core.movement import _field as movement_field
from kriegsspiel.core.movement import _reference as ref
from kriegsspiel.core.movement import movement_kernel as mv_kernel
from kernel_support import kernel_missing
from test_movement_fixtures import battlefield, ruleset
from test_movement_fixtures import raster as raster_of

RULES = ruleset()


def random_battlefield(seed: int, rows: int, cols: int):
    """Patches of 3 tiles of the five terrains (water and mountains included), a road across each way."""
    rng = np.random.default_rng(seed)
    kinds = rng.choice(5, size=(rows // 3 + 1, cols // 3 + 1), p=[0.5, 0.15, 0.15, 0.1, 0.1])
    terrain = np.kron(kinds, np.ones((3, 3), dtype=int))[:rows, :cols]
    road = np.zeros((rows, cols), dtype=bool)
    road[int(rng.integers(rows)), :] = True
    road[:, int(rng.integers(cols))] = True
    return battlefield(terrain, road)


def point(rng: np.random.Generator, rows: int, cols: int, centred: bool) -> P:
    x, y = rng.uniform(0.0, cols), rng.uniform(0.0, rows)
    # cell centres make ties between lattice routes of equal cost, which must be broken the same way
    return P(math.floor(x) + 0.5, math.floor(y) + 0.5) if centred else P(x, y)


def both_verdicts(seed: int, rows: int, cols: int, allowance: float, centred: bool):
    rng = np.random.default_rng(seed)
    bf = random_battlefield(seed, rows, cols)
    a, b = point(rng, rows, cols, centred), point(rng, rows, cols, centred)
    if centred and rng.random() < 0.5:
        b = P(b.x, a.y)  # along a row: many routes of the same cost
    raster = bf.raster()
    speeds = mv.speed_field(raster, RULES.speed_table("infantry"))
    whole = movement_field.cost_field(raster, speeds, a, allowance)
    on_whole = mv.check_move(bf, RULES, "infantry", a, b, allowance_left=allowance, field=whole)
    bounded = mv.check_move(bf, RULES, "infantry", a, b, allowance_left=allowance)  # the bounded field
    lone = movement_field.bounded_field(raster, speeds, a, b, allowance)
    return on_whole, bounded, whole, lone, b


def assert_same(seed: int, rows: int, cols: int, allowance: float, centred: bool) -> None:
    on_whole, bounded, whole, lone, target = both_verdicts(seed, rows, cols, allowance, centred)
    assert bounded == on_whole
    assert lone.toward == target and lone.cost.size <= whole.cost.size
    assert lone.cost_at(target) == whole.cost_at(target)


@pytest.fixture(scope="module")
def c_kernel() -> None:
    if mv.KERNEL != "c":
        kernel_missing("the C lattice kernel")


@pytest.mark.usefixtures("c_kernel")
@settings(max_examples=250, deadline=None)
@given(seed=st.integers(0, 10**6), allowance=st.sampled_from([2.0, 5.0, 10.0, 20.0, 40.0]), centred=st.booleans())
def test_the_bounded_search_gives_the_whole_fields_verdict_c(seed: int, allowance: float, centred: bool) -> None:
    assert_same(seed, 30, 40, allowance, centred)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), allowance=st.sampled_from([3.0, 8.0, 15.0]), centred=st.booleans())
def test_the_bounded_search_gives_the_whole_fields_verdict_python(seed: int, allowance: float, centred: bool) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(movement_field, "_kernel", ref)
        assert_same(seed, 15, 18, allowance, centred)


def test_the_bounded_search_settles_fewer_cells_for_a_near_target() -> None:
    bf = random_battlefield(4, 60, 60)
    raster = bf.raster()
    speeds = mv.speed_field(raster, RULES.speed_table("infantry"))
    origin = P(30.5, 30.5)
    while speeds[int(origin.y), int(origin.x)] <= 0.0:
        origin = P(origin.x + 1.0, origin.y)
    whole = movement_field.cost_field(raster, speeds, origin, 30.0)
    target = next(P(origin.x + dx, origin.y + 0.25) for dx in range(4, 12) if whole.cost_at(P(origin.x + dx, origin.y + 0.25)) < 30.0)
    lone = movement_field.bounded_field(raster, speeds, origin, target, 30.0)
    assert lone.settled * 4 < whole.settled
    assert mv.cheapest_path(lone, target) == mv.cheapest_path(whole, target)


def test_c_and_python_give_the_same_field_on_uniform_terrain(c_kernel) -> None:
    # uniform plains, origin and target on cell centres of one row: many lattice routes cost the same
    speeds = np.ones((9, 15), dtype=np.float32)
    out = {}
    for name, kernel in (("c", movement_field._kernel), ("python", ref)):
        cost = np.empty((9, 15))
        pred = np.empty((9, 15), dtype=np.int32)
        kernel.cost_field(speeds, 1.0, 1.5, 4.5, 20.0, 0, 0, cost, pred)
        out[name] = (cost.copy(), pred.copy())
    assert np.array_equal(out["c"][0], out["python"][0])
    assert np.array_equal(out["c"][1], out["python"][1])


def _mixed_raster(seed: int, cell_size: float):
    """30 x 30 cells in patches of 3 of the five terrains; a road across for an even seed (the fastest speed is
    then the road's, else plain ground's 1)."""
    rng = np.random.default_rng(seed)
    kinds = rng.choice(5, size=(11, 11), p=[0.5, 0.15, 0.15, 0.1, 0.1])
    terrain = np.kron(kinds, np.ones((3, 3), dtype=int))[:30, :30]
    road = np.zeros((30, 30), dtype=bool)
    if seed % 2 == 0:
        road[int(rng.integers(30)), :] = True
    return raster_of(terrain, road, cell_size)


@pytest.mark.parametrize("seed", range(16))
def test_the_bounded_field_keeps_the_cells_its_bound_names(seed: int) -> None:
    """bounded_field's docstring names its bound: the straight move's cost when within the allowance, else the
    allowance plus the straight line (at the fastest speed) from the farthest cell of the 5 x 5 block around the
    target's cell; then lowered to the target's cheapest connection. On cells of 2.5 world units, for moves
    allowed and refused, the field it makes is the one cost_field makes with that bound (the same window and the
    same cells settled): a looser bound would give the same verdicts over more cells, a tighter one lose them."""
    rng = np.random.default_rng(seed)
    cs = 2.5
    raster = _mixed_raster(seed, cs)
    speeds = mv.speed_field(raster, RULES.speed_table("infantry"))
    fastest = float(speeds.max())
    a = P(*(float(v) for v in rng.uniform(0.0, 30.0 * cs, 2)))
    b = P(*(float(v) for v in rng.uniform(0.0, 30.0 * cs, 2)))
    # short allowances too: the bound of a refused move starts from the allowance, however small
    allowance = float(rng.uniform(0.2, 1.2)) * (math.dist(a, b) if seed % 4 else 1.0)
    field = movement_field.bounded_field(raster, speeds, a, b, allowance)
    col, row = math.floor(b.x / cs), math.floor(b.y / cs)
    farthest = max(math.hypot(b.x - (c + 0.5) * cs, b.y - (r + 0.5) * cs)
                   for c in (col - 2, col + 2) for r in (row - 2, row + 2))
    bound = allowance + farthest / fastest
    straight = mv.path_cost(raster, speeds, (a, b))
    if straight <= allowance:
        bound = min(bound, straight)
    named = movement_field.cost_field(raster, speeds, a, allowance, toward=b, bound=bound * (1.0 + 1e-9) + 1e-9 * cs,
                                      tighten=True)
    assert field.toward == b
    assert (field.row0, field.col0, field.cost.shape) == (named.row0, named.col0, named.cost.shape)
    assert field.settled == named.settled
    assert np.array_equal(field.pred, named.pred)


def test_the_bounded_field_is_the_whole_field_where_nothing_bounds_it() -> None:
    """No bound applies to an unlimited allowance, a target off the map or a unit that cannot move: the field is
    the whole one (made without a target); a unit off the map gets the whole field's empty window."""
    raster = _mixed_raster(3, 2.0)
    speeds = mv.speed_field(raster, RULES.speed_table("infantry"))
    a, b = P(11.0, 13.0), P(37.0, 29.0)
    for origin, target, allowance, what in ((a, b, math.inf, "unlimited"), (a, P(75.0, 13.0), 20.0, "target off"),
                                            (a, P(13.0, -1.0), 20.0, "target above"),
                                            (P(-1.0, 13.0), b, 20.0, "origin off")):
        whole = movement_field.cost_field(raster, speeds, origin, allowance)
        field = movement_field.bounded_field(raster, speeds, origin, target, allowance)
        assert field.toward is None, what
        assert (field.row0, field.col0, field.cost.shape, field.settled) == (
            whole.row0, whole.col0, whole.cost.shape, whole.settled), what
    still = np.zeros_like(speeds)
    field, whole = movement_field.bounded_field(raster, still, a, b, 20.0), movement_field.cost_field(raster, still, a, 20.0)
    assert field.toward is None and (field.cost.shape, field.settled) == (whole.cost.shape, whole.settled)


@pytest.mark.parametrize("cs", [1.0, 2.5])
def test_a_move_that_costs_exactly_its_allowance_is_judged_as_on_the_whole_field(cs: float) -> None:
    """On open ground from a cell's centre to cell centres along a row, a column and a diagonal of the lattice, the
    straight move costs exactly the allowance; the cells along it cost, with the straight line on to the target,
    exactly that too. The bound keeps them (the slack for rounding is above, not below it), so the move is allowed
    at that cost and its field is the whole field's at the target, as when the allowance is a little larger."""
    terrain = np.zeros((20, 20), dtype=int)
    raster = raster_of(terrain, None, cs)
    speeds = mv.speed_field(raster, RULES.speed_table("infantry"))
    a = P(2.5 * cs, 3.5 * cs)
    for b in (P(14.5 * cs, 3.5 * cs), P(2.5 * cs, 17.5 * cs), P(12.5 * cs, 13.5 * cs), P(11.5 * cs, 6.5 * cs)):
        allowance = mv.path_cost(raster, speeds, (a, b))
        whole = movement_field.cost_field(raster, speeds, a, allowance)
        field = movement_field.bounded_field(raster, speeds, a, b, allowance)
        assert field.toward == b
        assert field.cost_at(b) == whole.cost_at(b) == pytest.approx(allowance, rel=1e-12)
        assert mv.cheapest_path(field, b) == mv.cheapest_path(whole, b)
        looser = movement_field.bounded_field(raster, speeds, a, b, allowance * 1.01)
        if mv_kernel() == "c":
            # cells settled is the C kernel's work, not a result: the reference orders its ties otherwise and may
            # settle more under the tighter bound (pytest --python-kernels), with the same verdict and path
            assert field.settled <= looser.settled
