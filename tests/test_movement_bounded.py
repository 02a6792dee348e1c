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
from kernel_support import kernel_missing
from test_movement_fixtures import battlefield, ruleset

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
