"""Property tests of the movement engine (hypothesis): the C kernel agrees with the Python reference, costs
are never below the straight line at the fastest speed, the path is exact and close to the continuous best."""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kriegsspiel.core.movement import _check as mv
from kriegsspiel.core.movement import _field as movement_field
from kriegsspiel.core.movement import _reference as ref
from kriegsspiel.core.geometry import WorldPoint as P
from kriegsspiel.core.geometry import heading_change, normalize_bearing
from kernel_support import examples, kernel_missing
from test_movement_fixtures import FOREST, HILLS, LAND, MOUNTAINS, PLAINS, WATER, raster

MULTIPLIERS = np.array([0.0, 0.25, 0.5, 0.75, 1.0, 1.25])

@pytest.fixture(scope="module")
def c_kernel() -> None:
    """Skip (fail where CI requires the kernels: KRIEGSSPIEL_REQUIRE_KERNELS=1) without the C lattice kernel."""
    if mv.KERNEL != "c":
        kernel_missing("the C lattice kernel")


needs_c = pytest.mark.usefixtures("c_kernel")
lattice = movement_field._kernel  # the C kernel when it is built


def random_speeds(seed: int, rows: int, cols: int, blocked: float = 0.15) -> np.ndarray:
    """Random mixed terrain: patches of one multiplier, with some cells that cannot be entered."""
    rng = np.random.default_rng(seed)
    coarse = rng.choice(MULTIPLIERS[1:], size=(rows // 3 + 1, cols // 3 + 1))
    speeds = np.kron(coarse, np.ones((3, 3)))[:rows, :cols].copy()
    speeds[rng.random((rows, cols)) < blocked] = 0.0
    return np.ascontiguousarray(speeds)


def points(max_x: float, max_y: float) -> st.SearchStrategy[tuple[float, float]]:
    return st.tuples(st.floats(-1.0, max_x + 1.0), st.floats(-1.0, max_y + 1.0))


def inside(size: float) -> st.SearchStrategy[tuple[float, float]]:
    # off cell edges, so that a point and its mirror image lie in mirrored cells
    coordinate = st.integers(0, int(size) - 1).flatmap(lambda c: st.floats(c + 0.01, c + 0.99))
    return st.tuples(coordinate, coordinate)


# -------------------------------------------------------------------------------------- C against Python


@needs_c
@settings(max_examples=examples(300), deadline=None)
@given(seed=st.integers(0, 10_000), cell=st.sampled_from([1.0, 0.5, 2.5]), a=points(30, 20), b=points(30, 20))
def test_c_segment_cost_equals_the_reference(seed, cell, a, b) -> None:
    speeds = random_speeds(seed, 8, 12)
    c = lattice.segment_cost(speeds, cell, a[0], a[1], b[0], b[1])
    r = ref.segment_cost(speeds, cell, a[0], a[1], b[0], b[1])
    assert c == r or abs(c - r) <= 1e-9 * max(1.0, r)


@needs_c
@settings(max_examples=examples(300), deadline=None)
@given(seed=st.integers(0, 10_000), k=st.integers(0, 7), frac=st.sampled_from([0.0, 0.5, 0.25]))
def test_c_and_reference_agree_on_cell_corners(seed, k, frac) -> None:
    # segments along grid lines and through corners, where ties decide
    speeds = random_speeds(seed, 8, 8, blocked=0.4)
    ax, ay = 1.0 + frac, 1.0 + frac
    bx, by = ax + k * 0.5, ay + (7 - k) * 0.5
    for x0, y0, x1, y1 in ((ax, ay, bx, by), (ax, ay, ax + 3, ay + 3), (ax, ay, ax + 3, ay), (bx, by, ax, ay)):
        c = lattice.segment_cost(speeds, 1.0, x0, y0, x1, y1)
        r = ref.segment_cost(speeds, 1.0, x0, y0, x1, y1)
        assert c == r or abs(c - r) <= 1e-9 * max(1.0, r)


@needs_c
@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 10_000), origin=points(14, 11), limit=st.floats(0.0, 12.0))
def test_c_cost_field_equals_the_reference(seed, origin, limit) -> None:
    speeds = random_speeds(seed, 12, 15)
    c_cost, c_pred = np.empty((9, 11)), np.empty((9, 11), np.int32)
    r_cost, r_pred = np.empty((9, 11)), np.empty((9, 11), np.int32)
    n_c = lattice.cost_field(speeds, 1.0, origin[0], origin[1], limit, 2, 1, c_cost, c_pred)
    n_r = ref.cost_field(speeds, 1.0, origin[0], origin[1], limit, 2, 1, r_cost, r_pred)
    assert n_c == n_r
    assert np.array_equal(np.isinf(c_cost), np.isinf(r_cost))
    finite = np.isfinite(c_cost)
    assert np.allclose(c_cost[finite], r_cost[finite], rtol=1e-9)


@needs_c
@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 10_000), origin=points(14, 11), target=points(14, 11))
def test_c_bounded_search_equals_the_reference(seed, origin, target) -> None:
    speeds = random_speeds(seed, 12, 15)
    c_cost, c_pred = np.empty((12, 15)), np.empty((12, 15), np.int32)
    r_cost, r_pred = np.empty((12, 15)), np.empty((12, 15), np.int32)
    args = (origin[0], origin[1], 14.0, 0, 0)
    n_c = lattice.cost_field(speeds, 1.0, *args, c_cost, c_pred, target[0], target[1], 1.25)
    n_r = ref.cost_field(speeds, 1.0, *args, r_cost, r_pred, target[0], target[1], 1.25)
    assert n_c == n_r
    assert np.array_equal(np.isinf(c_cost), np.isinf(r_cost))


@needs_c
@settings(max_examples=examples(150), deadline=None)
@given(seed=st.integers(0, 10_000), path=st.lists(points(14, 11), min_size=2, max_size=7))
def test_c_smoothing_agrees_with_the_reference_and_never_raises_the_cost(seed, path) -> None:
    speeds = random_speeds(seed, 12, 15, blocked=0.0)
    coords = [v for p in path for v in p]
    c = lattice.smooth_path(speeds, 1.0, coords)
    r = ref.smooth_path(speeds, 1.0, coords)
    assert (c[0], c[1], c[-2], c[-1]) == (coords[0], coords[1], coords[-2], coords[-1])
    before = ref.polyline_cost(speeds, 1.0, coords)
    after_c, after_r = ref.polyline_cost(speeds, 1.0, c), ref.polyline_cost(speeds, 1.0, r)
    if math.isfinite(before):
        assert after_c <= before * (1 + 1e-9) and after_r <= before * (1 + 1e-9)
        # a pattern search follows float ties, so the two may settle in neighbouring local optima
        assert after_c == pytest.approx(after_r, rel=0.02)


@needs_c
@settings(max_examples=examples(100), deadline=None)
@given(seed=st.integers(0, 10_000), path=st.lists(points(14, 11), min_size=2, max_size=6))
def test_c_line_runs_agree_with_the_reference_and_never_raise_the_cost(seed, path) -> None:
    speeds = random_speeds(seed, 12, 15, blocked=0.1)
    coords = [v for p in path for v in p]
    c = lattice.line_runs(speeds, 1.0, coords)
    r = ref.line_runs(speeds, 1.0, coords)
    assert (c[0], c[1], c[-2], c[-1]) == (coords[0], coords[1], coords[-2], coords[-1])
    before = ref.polyline_cost(speeds, 1.0, coords)
    after_c, after_r = ref.polyline_cost(speeds, 1.0, c), ref.polyline_cost(speeds, 1.0, r)
    if math.isfinite(before):
        assert after_c <= before * (1 + 1e-9) and after_r <= before * (1 + 1e-9)
        # the same steps in the same order; a pattern search may still follow a float tie differently
        assert after_c == pytest.approx(after_r, rel=0.02)
    else:
        assert c == coords or len(c) < len(coords)  # a blocked path is left as it is (but for repeated points)


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 10_000), path=st.lists(points(14, 11), min_size=2, max_size=6),
       scale=st.sampled_from([2.0, 0.5, 4.0]))
@example(seed=0, path=[(0.0, 0.0), (0.0, 5e-324)], scale=0.5)  # Hypothesis found it before the grid
def test_smoothing_and_line_runs_on_larger_or_smaller_cells_are_the_same_paths_scaled(seed, path, scale) -> None:
    """Cells of 2, 0.5 or 4 world units with every coordinate scaled alike: the reference's smoothing and runs
    along grid lines (and C's, where built) give exactly the paths they give on cells of one unit, scaled. Every
    step works in cell units, and scaling by a power of two is exact in floating point, so a length taken in the
    wrong units (times the cell size where it should be divided) shows at once."""
    # on a grid of 1/1024 of a cell, which scales exactly: a subnormal coordinate (5e-324) would halve to 0
    coords = [round(v * 1024.0) / 1024.0 for p in path for v in p]
    speeds = random_speeds(seed, 12, 15, blocked=0.1)
    scaled = [v * scale for v in coords]
    kernels = [ref] + ([lattice] if mv.KERNEL == "c" else [])
    for k in kernels:
        for step in (k.smooth_path, k.line_runs):
            assert step(speeds, scale, scaled) == [v * scale for v in step(speeds, 1.0, coords)]


@needs_c
def test_the_reference_smooths_and_runs_along_grid_lines_exactly_as_c_does() -> None:
    """150 random paths over random speeds with blocked cells (fixed seed): the reference's smoothing and runs
    along grid lines give C's paths to the last bit. The two do the same steps in the same order on the same
    segment costs, so on these cases no float tie is followed differently (the tests above allow for one, 2% in
    cost, which a reference that skips or repeats a step passes)."""
    rng = np.random.default_rng(5)
    for _ in range(150):
        speeds = random_speeds(int(rng.integers(10_000)), 12, 15, blocked=0.1)
        coords = [float(v) for _ in range(int(rng.integers(2, 7))) for v in (rng.uniform(0.0, 14.99),
                                                                              rng.uniform(0.0, 11.99))]
        assert ref.smooth_path(speeds, 1.0, coords) == lattice.smooth_path(speeds, 1.0, coords), coords
        assert ref.line_runs(speeds, 1.0, coords) == lattice.line_runs(speeds, 1.0, coords), coords


@pytest.mark.parametrize("kernel", ["c", "python"])
def test_line_runs_follow_a_grid_line_whose_faster_side_switches(kernel) -> None:
    # two columns whose speeds alternate row by row (1 and 0.5): along the line x = 1 between them a move runs
    # at 1 all the way, a hair to either side at 1 and 0.5 by turns (pace 1.5 on average)
    if kernel == "c" and mv.KERNEL != "c":
        kernel_missing("the C lattice kernel")
    k = lattice if kernel == "c" else ref
    speeds = np.array([[1.0, 0.5] if row % 2 == 0 else [0.5, 1.0] for row in range(10)])
    a, b = (0.95, 0.02), (1.05, 9.98)
    assert ref.polyline_cost(speeds, 1.0, [*a, *b]) > 13.9
    out = k.line_runs(speeds, 1.0, [*a, *b])
    pairs = list(zip(out[0::2], out[1::2]))
    assert pairs[0] == a and pairs[-1] == b
    # the rows at either end are fast on the side of a and of b: the run along the line spans the 8 between
    assert any(p[0] == q[0] == 1.0 and abs(q[1] - p[1]) >= 8.0 for p, q in zip(pairs, pairs[1:]))
    # worked out: 0.05 onto the line in the fast cell of row 0, 9.96 along it, 0.05 off it into the fast cell
    # of row 9 (joining at an angle saves a little); never below the straight line at speed 1
    assert math.dist(a, b) <= ref.polyline_cost(speeds, 1.0, out) <= 0.05 + 9.96 + 0.05
    # the same run on cells of 2 and 0.5 world units, and along a row line (the map turned), is the same path
    # scaled: the run's ends slide along the line in cell units
    for scale in (2.0, 0.5):
        assert k.line_runs(speeds, scale, [v * scale for v in (*a, *b)]) == [v * scale for v in out]
        turned = k.line_runs(np.ascontiguousarray(speeds.T), scale, [v * scale for v in (a[1], a[0], b[1], b[0])])
        assert turned == [v * scale for v in k.line_runs(np.ascontiguousarray(speeds.T), 1.0, [a[1], a[0], b[1], b[0]])]


# -------------------------------------------------------------------------------------- geometry properties


@settings(max_examples=examples(200), deadline=None)
@given(seed=st.integers(0, 10_000), a=points(20, 20), b=points(20, 20))
def test_segment_cost_is_symmetric_and_never_below_the_line_at_the_fastest_speed(seed, a, b) -> None:
    speeds = random_speeds(seed, 20, 20)
    r = raster(np.zeros((20, 20)))
    there = mv.path_cost(r, speeds, [P(*a), P(*b)])
    back = mv.path_cost(r, speeds, [P(*b), P(*a)])
    assert there == back or abs(there - back) <= 1e-9 * max(1.0, there)
    assert there >= math.dist(a, b) / speeds.max() * (1 - 1e-12)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), a=points(23, 23), b=points(23, 23))
def test_cheapest_path_is_exact_and_never_below_the_line_at_the_fastest_speed(seed, a, b) -> None:
    speeds = random_speeds(seed, 24, 24)
    r = raster(np.zeros((24, 24)))
    field = mv.cost_field(r, speeds, P(*a), 12.0)
    result = mv.cheapest_path(field, P(*b))
    if not result.points:
        assert result.cost == math.inf
        return
    assert result.points[0] == P(*a) and result.points[-1] == P(*b)
    assert result.cost == pytest.approx(mv.path_cost(r, speeds, result.points), rel=1e-12)
    assert result.cost >= math.dist(a, b) / 1.25 * (1 - 1e-12)
    assert result.cost <= field.cost_at(P(*b)) * (1 + 1e-9)  # smoothing only lowers the cost


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), a=inside(24), b=inside(24))
def test_cost_is_symmetric_on_symmetric_terrain(seed, a, b) -> None:
    # terrain mirrored left to right: a move and its mirror image cost the same (within the method's 2%)
    half = random_speeds(seed, 24, 12, blocked=0.0)
    speeds = np.ascontiguousarray(np.hstack([half, half[:, ::-1]]))
    r = raster(np.zeros((24, 24)))
    there = mv.cheapest_path(mv.cost_field(r, speeds, P(*a), 200.0), P(*b)).cost
    mirrored = mv.cheapest_path(mv.cost_field(r, speeds, P(24 - a[0], a[1]), 200.0), P(24 - b[0], b[1])).cost
    back = mv.cheapest_path(mv.cost_field(r, speeds, P(*b), 200.0), P(*a)).cost
    if math.isinf(there):
        assert math.isinf(mirrored) and math.isinf(back)
        return
    assert mirrored == pytest.approx(there, rel=0.02)
    assert back == pytest.approx(there, rel=0.02)


@settings(max_examples=examples(60), deadline=None)
@given(origin=points(39, 39), target=points(39, 39), cell=st.sampled_from([1.0, 3.0, 0.25]))
def test_on_uniform_terrain_the_cost_is_the_distance_within_half_a_percent(origin, target, cell) -> None:
    r = raster(np.zeros((40, 40)), cell_size=cell)
    o, t = P(origin[0] * cell, origin[1] * cell), P(target[0] * cell, target[1] * cell)
    result = mv.cheapest_path(mv.cost_field(r, mv.speed_field(r, {"plains": 1.0}), o, 80.0 * cell), t)
    if not r.contains(t) or not r.contains(o):
        assert not result.points
        return
    assert result.cost == pytest.approx(math.dist(tuple(o), tuple(t)), rel=0.005, abs=1e-9)


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), origin=points(19, 19), allowance=st.floats(1.0, 12.0))
def test_shaded_reachable_means_the_drag_says_legal(seed, origin, allowance) -> None:
    speeds = random_speeds(seed, 20, 20)
    r = raster(np.zeros((20, 20)))
    field = mv.cost_field(r, speeds, P(*origin), allowance)
    rows, cols = np.nonzero(field.reachable_mask())
    for row, col in zip(rows[:40], cols[:40]):
        result = mv.cheapest_path(field, P(col + 0.5, row + 0.5))
        assert result.points and field.within(result.cost)


def finer(terrain: np.ndarray, road: np.ndarray, k: int):
    """The same map on cells 1/k the size: every path on it is a path on the original map, at the same cost."""
    block = np.ones((k, k), dtype=np.int16)
    return raster(np.kron(terrain, block), np.kron(road, block).astype(bool), cell_size=1.0 / k)


def mixed_map(seed: int, patch: int, roads: int, size: int = 16) -> tuple[np.ndarray, np.ndarray]:
    """Random terrain indices (patches of ``patch`` tiles of plains, forest, hills, mountains and 10% water)
    and ``roads`` straight roads across the map."""
    rng = np.random.default_rng(seed)
    kinds = rng.choice([PLAINS, FOREST, HILLS, MOUNTAINS, WATER], p=[0.45, 0.2, 0.15, 0.1, 0.1],
                       size=(size // patch + 1, size // patch + 1))
    terrain = np.kron(kinds, np.ones((patch, patch), dtype=np.int16))[:size, :size].astype(np.int16)
    road = np.zeros((size, size), dtype=bool)
    for _ in range(roads):
        if rng.random() < 0.5:
            road[int(rng.integers(size)), :] = True
        else:
            road[:, int(rng.integers(size))] = True
    return terrain, road


# The continuous best is approximated by the same method on cells an eighth the size (every path on the
# coarse map is a path on the fine one at the same cost, so it can only be better); 2% is the bound.
@pytest.mark.fine_search
@settings(max_examples=examples(150), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000), patch=st.sampled_from([1, 2, 3]), roads=st.integers(0, 2),
       a=inside(16), b=inside(16))
def test_every_move_within_two_percent_of_an_eight_times_finer_search(seed, patch, roads, a, b) -> None:
    terrain, road = mixed_map(seed, patch, roads)
    coarse = raster(terrain, road)
    ours = mv.cheapest_path(mv.cost_field(coarse, mv.speed_field(coarse, LAND), P(*a), 64.0), P(*b))
    fine = finer(terrain, road, 8)
    best = mv.cheapest_path(mv.cost_field(fine, mv.speed_field(fine, LAND), P(*a), 64.0), P(*b))
    assert bool(ours.points) == bool(best.points)
    if ours.points:
        # also where the best way runs exactly along a grid line (at the faster side's speed at each cell)
        assert ours.cost <= best.cost * 1.02


# The moves of a 6000-move sample of the test above (default_rng(11), docs/movement.md) that were more than 2%
# above the eighth-cell search before the runs along grid lines: every one a best way exactly along a grid line,
# up to 5.1% above (the first), which the smoothing's vertex-by-vertex search could not reach.
@pytest.mark.fine_search
@pytest.mark.parametrize(
    "seed, patch, roads, a, b",
    [
        (95369, 1, 1, (8.153850098047979, 4.326288538835228), (7.309962291654464, 15.303659737642255)),
        (47949, 1, 1, (11.438618854733447, 12.823234766511739), (5.571103859086914, 2.36028969730213)),
        (65687, 1, 0, (2.21285582679637, 4.950854149534347), (4.163500628031521, 4.5432070969987475)),
        (34646, 3, 2, (5.131507230268137, 4.8332903625149415), (6.450981393408565, 9.269301476825964)),
        (25732, 1, 0, (10.98719666426981, 3.9929452829446883), (14.868457747746362, 2.772285875777018)),
        (59085, 2, 1, (7.34027245695506, 12.950451027444869), (13.497615265989834, 4.3294287752240415)),
        (11611, 1, 1, (8.463431863403356, 3.223566344248833), (5.0686568496886615, 15.143259877681734)),
        (44906, 2, 0, (11.571671783359854, 15.258199941156256), (7.2519900611405586, 4.8761186612800085)),
    ],
)
def test_a_former_worst_move_along_a_grid_line_is_within_two_percent(seed, patch, roads, a, b) -> None:
    terrain, road = mixed_map(seed, patch, roads)
    coarse = raster(terrain, road)
    ours = mv.cheapest_path(mv.cost_field(coarse, mv.speed_field(coarse, LAND), P(*a), 64.0), P(*b))
    fine = finer(terrain, road, 8)
    best = mv.cheapest_path(mv.cost_field(fine, mv.speed_field(fine, LAND), P(*a), 64.0), P(*b))
    assert ours.points and best.points
    assert ours.cost <= best.cost * 1.02


# The moves of fresh samples (default_rng(12) and (13), docs/movement.md) still above 2% after the runs along grid
# lines: a way of two runs joined corner to corner (2.5%), a run's end left at a cell edge short of its best
# (2.2%), runs along lines two cells from the path (2.4%, now 1.1%), one move the greedy scan of runs led
# elsewhere once the path's vertices were first put on cell corners (0.6% before, 2.1% then), the worst of
# seed 13 (2.4%); and a best way "found" a rounding error beside a corner between two cells that cannot be
# entered (3.2%): a slip, now a wall.
@pytest.mark.fine_search
@pytest.mark.parametrize(
    "seed, patch, roads, a, b",
    [
        (32451, 1, 0, (2.0422467093490133, 0.6730941821957485), (5.7681886492081285, 13.378013346298227)),
        (44971, 1, 0, (7.912467141164347, 1.6482063437639354), (7.860774091143185, 3.4786820940098817)),
        (47258, 1, 0, (10.2252694294661, 1.6444336583860262), (10.208692579330812, 13.374085475869906)),
        (29512, 1, 0, (6.243399305259699, 0.8498810803122152), (5.182476131516928, 13.56337906988238)),
        (89922, 1, 1, (1.943447161452895, 14.284745754022822), (3.112188475243394, 10.690128557867391)),
        (781, 1, 0, (1.3618512621733758, 7.044188273754664), (9.709362198529833, 3.52465532818458)),
    ],
)
def test_a_former_worst_move_of_a_fresh_sample_is_within_two_percent(seed, patch, roads, a, b) -> None:
    terrain, road = mixed_map(seed, patch, roads)
    coarse = raster(terrain, road)
    ours = mv.cheapest_path(mv.cost_field(coarse, mv.speed_field(coarse, LAND), P(*a), 64.0), P(*b))
    fine = finer(terrain, road, 8)
    best = mv.cheapest_path(mv.cost_field(fine, mv.speed_field(fine, LAND), P(*a), 64.0), P(*b))
    assert ours.points and best.points
    assert ours.cost <= best.cost * 1.02


@pytest.mark.parametrize("kernel", ["c", "python"])
def test_a_run_ends_past_a_cell_edge_and_routes_go_through_corners(kernel) -> None:
    # two of the moves above, by each kernel alone, against costs of the best ways the finer search found:
    # one run along x = 8 to y = 3.318 (it stopped at the edge y = 2, 2.0745); two runs along x = 3 and x = 6
    # joined corner to corner at (5, 9) (15.4482 without them)
    if kernel == "c" and mv.KERNEL != "c":
        kernel_missing("the C lattice kernel")
    k = lattice if kernel == "c" else ref
    for seed, path, worked_out in (
        (44971, [(7.912467141164347, 1.6482063437639354), (7.9, 2.145), (7.860774091143185, 3.4786820940098817)],
         2.0305),
        (32451, [(2.0422467093490133, 0.6730941821957485), (3.0, 3.0), (3.688, 5.0), (3.944, 6.0), (5.0, 9.0),
                 (5.431, 11.001), (5.751, 13.0), (5.7681886492081285, 13.378013346298227)], 15.0695),
    ):
        terrain, road = mixed_map(seed, 1, 0)
        speeds = mv.speed_field(raster(terrain, road), LAND)
        coords = [v for p in path for v in p]
        out = k.line_runs(speeds, 1.0, coords)
        assert ref.polyline_cost(speeds, 1.0, out) <= worked_out + 1e-4 < ref.polyline_cost(speeds, 1.0, coords)


@pytest.mark.parametrize(
    "seed, patch, a, b, along",
    [
        (469, 2, (1.5, 13.75), (11.5, 12.5), [(2.0, 14.0), (8.0, 14.0), (10.0, 12.0), (11.333, 12.0)]),
        # a short move inside one cell, beside a faster one: up the line between them (6% dearer straight)
        (1, 1, (15.125, 0.75), (15.0625, 0.125), [(15.0, 0.608), (15.0, 0.196)]),
    ],
)
def test_a_route_exactly_along_a_grid_line_is_found(seed, patch, a, b, along) -> None:
    # found by a 1500-example run of the test above: the best way runs along y = 14 from x = 2 to 8, on the
    # faster side of the line at each cell (13.94); a hair off the line pays the slower side. Without the
    # smoothing's detours along grid lines ours bent off it a cell early (14.31, 2.6% more)
    terrain, road = mixed_map(seed, patch, 0)
    coarse = raster(terrain, road)
    speeds = mv.speed_field(coarse, LAND)
    ours = mv.cheapest_path(mv.cost_field(coarse, speeds, P(*a), 64.0), P(*b))
    best = mv.path_cost(coarse, speeds, [P(*p) for p in (a, *along, b)])
    assert ours.cost <= best * 1.02
    assert best < mv.path_cost(coarse, speeds, [P(*a), P(*b)])  # the line is worth it


@pytest.mark.fine_search
def test_every_move_of_a_random_sample_within_two_percent_of_an_eight_times_finer_search() -> None:
    # 80 moves over 16 x 16 maps of five multipliers in patches of 3 tiles with 5% impassable cells; the
    # route choices between two detours that the lattice alone gets wrong by up to 5% are among them
    rng = np.random.default_rng(2024)
    ratios = []
    for _ in range(80):
        speeds = random_speeds(int(rng.integers(10_000)), 16, 16, blocked=0.05)
        a, b = P(*rng.uniform(0.0, 16.0, 2)), P(*rng.uniform(0.0, 16.0, 2))
        ours = mv.cheapest_path(mv.cost_field(raster(np.zeros((16, 16))), speeds, a, 60.0), b)
        fine_speeds = np.ascontiguousarray(np.kron(speeds, np.ones((8, 8))))
        best = mv.cheapest_path(mv.cost_field(raster(np.zeros((128, 128)), cell_size=0.125), fine_speeds, a, 60.0), b)
        assert bool(ours.points) == bool(best.points)
        if ours.points:
            ratios.append(ours.cost / best.cost)
    assert len(ratios) > 50
    assert max(ratios) <= 1.02


@given(current=st.floats(-720, 720), turn=st.floats(-180, 180), laps=st.integers(-3, 3))
def test_heading_change_wraps_at_360(current, turn, laps) -> None:
    new = current + turn + 360.0 * laps
    change = heading_change(current, new)
    assert 0.0 <= change <= 180.0
    assert change == pytest.approx(abs(turn), abs=1e-6)
    assert heading_change(new, current) == pytest.approx(change, abs=1e-9)
    assert 0.0 <= normalize_bearing(new) < 360.0


def test_the_python_reference_stands_in_when_the_extension_is_missing(monkeypatch) -> None:
    r = raster(np.zeros((12, 12)))
    speeds = random_speeds(3, 12, 12, blocked=0.0)
    monkeypatch.setattr(movement_field, "_kernel", ref)
    slow = mv.cheapest_path(mv.cost_field(r, speeds, P(1.5, 1.5), 12.0), P(9.2, 7.7))
    monkeypatch.undo()
    fast = mv.cheapest_path(mv.cost_field(r, speeds, P(1.5, 1.5), 12.0), P(9.2, 7.7))
    assert slow.cost == pytest.approx(fast.cost, rel=1e-6)
