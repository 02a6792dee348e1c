"""The lattice kernel's ``ellipse_search`` (the whole finer search of a cheapest path in one call) and its
``fine_routes`` (the route loop: pick the cheapest uncovered cell, follow both fields' predecessors, smooth, cover
the route) give their Python references' answers exactly, on the very calls ``cheapest_path`` makes for random
moves over random mixed terrain."""
from __future__ import annotations

import math

import numpy as np
import pytest

from benchmarks.case_movement import LAND, mixed_terrain_small
from kernel_support import kernel_missing
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.movement import _check as movement
from kriegsspiel.core.movement import _field as movement_field
from kriegsspiel.core.movement import _reference as reference


class _Recorder:
    """A kernel, with every call of one of its functions kept: (arguments, answer)."""

    def __init__(self, kernel: object, name: str) -> None:
        self.kernel = kernel
        self.name = name
        self.calls: list[tuple[tuple, list[float] | None]] = []

    def __getattr__(self, name: str) -> object:
        function = getattr(self.kernel, name)
        if name != self.name:
            return function

        def recorded(*args: object) -> list[float] | None:
            answer = function(*args)
            # the arrays are the search's own: copied, as the next search may reuse nothing of them
            self.calls.append((tuple(np.array(a) if isinstance(a, np.ndarray) else a for a in args), answer))
            return answer

        return recorded


def test_ellipse_search_and_fine_routes_give_the_references_answers_on_the_paths_searches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if movement_field.KERNEL != "c":
        kernel_missing("the lattice kernel")
    c = movement_field._kernel
    searches = _Recorder(c, "ellipse_search")
    monkeypatch.setattr(movement_field, "_kernel", searches)
    rng = np.random.default_rng(17)
    for seed in range(40):
        raster = mixed_terrain_small(seed)
        speeds = movement.speed_field(raster, LAND)
        a = WorldPoint(*rng.uniform(0.0, 32.0, 2))
        b = WorldPoint(*rng.uniform(0.0, 32.0, 2))
        movement.cheapest_path(movement.cost_field(raster, speeds, a, 128.0), b)
    monkeypatch.undo()
    assert len(searches.calls) >= 20  # most moves bend, so most reach the finer search
    # the reference's steps (windows, ellipse, finer cells, both finer searches) on the C kernel's searches: the C
    # call does the same, to the last bit; the fine_routes calls it makes are kept
    routes = _Recorder(c, "fine_routes")
    for args, answer in searches.calls:
        assert answer == reference.ellipse_search(*args, pieces=routes)  # exactly: the same floats, or both None
    assert len(routes.calls) == len(searches.calls)
    # and the whole reference, in pure Python (what runs without the kernel), on the first three: its lattice
    # searches agree with C's to rounding (tests/test_kernels.py), so the route's cost does
    for args, answer in searches.calls[:3]:
        pure = reference.ellipse_search(*args)
        assert pure is not None and answer is not None
        assert math.isclose(c.polyline_cost(args[0], args[2], pure), c.polyline_cost(args[0], args[2], answer),
                            rel_tol=1e-9)
    several = 0
    for args, answer in routes.calls:
        expected = reference.fine_routes(*args)
        assert answer == expected  # exactly: the same floats, or both None
        several += answer is not None and len(answer) > 4
    assert several >= 10


def test_fine_routes_goes_round_a_wall_on_the_faster_side() -> None:
    """A wall between origin and target, the way above it slower: the route comes back below it, string-pulled
    onto the wall's two corners (cost worked out by hand), exactly the reference's."""
    if movement_field.KERNEL != "c":
        kernel_missing("the lattice kernel")
    speeds = np.ones((9, 9))
    speeds[3:6, 2:7] = 0.0  # a wall in the middle: round it above or below
    speeds[0:3, :] = 0.9  # the way above is slower
    c = movement_field._kernel
    out = [(np.empty((9, 9)), np.empty((9, 9), np.int32)) for _ in range(2)]
    ox, oy, tx, ty = 0.5, 4.5, 8.5, 4.5
    c.cost_field(speeds, 1.0, ox, oy, 40.0, 0, 0, *out[0])
    c.cost_field(speeds, 1.0, tx, ty, 40.0, 0, 0, *out[1])
    got = c.fine_routes(speeds, 1.0, *out[0], *out[1], 0.0, 0.0, 1.0, 1, ox, oy, tx, ty)
    assert got == reference.fine_routes(speeds, 1.0, *out[0], *out[1], 0.0, 0.0, 1.0, 1, ox, oy, tx, ty)
    points = list(zip(got[::2], got[1::2]))
    assert points[0] == (ox, oy) and points[-1] == (tx, ty)
    assert all(y >= 5.0 for _, y in points[1:-1])  # below the wall, the faster side
    cost = c.polyline_cost(speeds, 1.0, got)
    assert math.isclose(cost, 2 * math.hypot(1.5, 1.5) + 5.0, rel_tol=1e-9)


def _random_speeds(rng: np.random.Generator, rows: int, cols: int) -> np.ndarray:
    speeds = rng.choice(np.array([0.25, 0.5, 0.75, 1.0, 1.25]), size=(rows, cols))
    speeds[rng.random((rows, cols)) < 0.15] = 0.0
    return np.ascontiguousarray(speeds)


def test_the_searches_bounds_give_the_references_answers_and_keep_what_they_promise() -> None:
    """150 random terrains and pairs of points (fixed seed), searched towards each other: with the target's
    connection found first (``tighten``), with the field from the other end (``other``: the ellipse of the limit,
    and the finer search's routes), C and the Python reference settle the same cells with the same costs (to
    rounding, as in tests/test_kernels.py); and what each promises to keep is kept exactly as the plain search has
    it: the target's connection and the way to it (``tighten``), every cell whose two costs fit the limit (the
    ellipse), every cell within the route slack of the cheapest and its way back to the target (the routes)."""
    if movement_field.KERNEL != "c":
        kernel_missing("the lattice kernel")
    c, ref = movement_field._kernel, reference
    rng = np.random.default_rng(77)
    tightened = ellipses = routed = 0
    for _ in range(150):
        rows, cols = int(rng.integers(6, 18)), int(rng.integers(6, 18))
        speeds = _random_speeds(rng, rows, cols)
        ox, oy, tx, ty = rng.random() * cols, rng.random() * rows, rng.random() * cols, rng.random() * rows
        limit = float(rng.uniform(3.0, 30.0))
        fastest = float(speeds.max())
        if fastest <= 0.0:
            continue

        def search(kernel, a, b, *extra):
            cost, pred = np.empty((rows, cols)), np.empty((rows, cols), np.int32)
            settled = kernel.cost_field(speeds, 1.0, a[0], a[1], limit, 0, 0, cost, pred, b[0], b[1], fastest,
                                        *extra)
            return settled, cost, pred

        def same(x, y) -> None:
            # as tests/test_kernels.py: the reference walks each edge where C adds up its traced lengths, so costs
            # agree to rounding; the same cells settled and reached
            assert x[0] == y[0]
            assert np.array_equal(np.isinf(x[1]), np.isinf(y[1]))
            finite = np.isfinite(x[1])
            assert np.allclose(x[1][finite], y[1][finite], rtol=1e-9, atol=0.0)

        o, t = (ox, oy), (tx, ty)
        plain_there, plain_back = search(c, o, t), search(c, t, o)
        # the target's connection first
        tight = search(c, o, t, math.nan, True)
        same(tight, search(ref, o, t, math.nan, True))
        kept = np.isfinite(tight[1])
        assert np.all(tight[1][kept] >= plain_there[1][kept])  # never below the plain search's
        # the target's connection (as CostField._connect: a cell around its own plus the straight line from its
        # centre) and the way to it are the plain search's
        col, row = math.floor(tx), math.floor(ty)
        best, best_cell = c.segment_cost(speeds, 1.0, ox, oy, tx, ty), -1
        for r in range(max(0, row - 2), min(rows, row + 3)):
            for q in range(max(0, col - 2), min(cols, col + 3)):
                total = plain_there[1][r, q] + c.segment_cost(speeds, 1.0, q + 0.5, r + 0.5, tx, ty)
                if total < best:
                    best, best_cell = total, r * cols + q
        i = best_cell
        while i >= 0:
            assert tight[1].flat[i] == plain_there[1].flat[i] and tight[2].flat[i] == plain_there[2].flat[i]
            i = int(plain_there[2].flat[i])
        tightened += int(kept.sum() < np.isfinite(plain_there[1]).sum())
        # the ellipse: every cell whose two costs fit the limit keeps its reverse cost
        ellipse = search(c, t, o, math.nan, False, plain_there[1], -1.0)
        same(ellipse, search(ref, t, o, math.nan, False, plain_there[1], -1.0))
        inside = plain_there[1] + plain_back[1] <= limit
        assert np.array_equal(ellipse[1][inside], plain_back[1][inside])
        assert not np.any(np.isfinite(ellipse[1]) & ~np.isfinite(plain_back[1]))
        ellipses += int(np.isfinite(ellipse[1]).sum() < np.isfinite(plain_back[1]).sum())
        # the routes: every cell within the slack of the cheapest keeps its cost and its way back
        routes = search(c, t, o, math.nan, False, plain_there[1], reference.FINE_ROUTE_SLACK)
        same(routes, search(ref, t, o, math.nan, False, plain_there[1], reference.FINE_ROUTE_SLACK))
        through = plain_there[1] + plain_back[1]
        if np.isfinite(through).any():
            start = through <= through.min() * (1.0 + reference.FINE_ROUTE_SLACK)
            assert np.array_equal(routes[1][start], plain_back[1][start])
            for i in np.flatnonzero(start):
                while i >= 0:
                    assert routes[2].flat[i] == plain_back[2].flat[i]
                    i = int(plain_back[2].flat[i])
            routed += int(np.isfinite(routes[1]).sum() < np.isfinite(plain_back[1]).sum())
    # the bounds do leave cells out (else this would test nothing)
    assert tightened >= 20 and ellipses >= 20 and routed >= 10


def test_ellipse_search_refuses_what_it_cannot_search() -> None:
    """Points off the raster, coordinates that are no pairs, tiers that are no pairs, speed fields of two shapes:
    each a ValueError naming what is wrong, not a read outside the arrays."""
    if movement_field.KERNEL != "c":
        kernel_missing("the lattice kernel")
    c = movement_field._kernel
    speeds = np.ones((8, 8), dtype=np.float32)
    good = (speeds, speeds, 1.0, 1.0, 0.5, 0.5, 6.5, 6.5, 9.0)
    assert c.ellipse_search(*good, [0.5, 0.5, 6.5, 6.5], 1, [4, 1600, 2, 3200], 0.02) is not None
    for coords, tiers, other, words in (
        ([0.5, 0.5, 9.5, 6.5], [4, 1600], speeds, "on the raster"),
        ([0.5, 0.5, 6.5], [4, 1600], speeds, "x, y pairs"),
        ([0.5, 0.5, 6.5, 6.5], [4], speeds, "k, most pairs"),
        ([0.5, 0.5, 6.5, 6.5], [4, 1600], np.ones((8, 9), dtype=np.float32), "one shape"),
    ):
        with pytest.raises(ValueError, match=words):
            c.ellipse_search(speeds, other, *good[2:], coords, 1, tiers, 0.02)


def test_dilate_widens_a_mask_by_d_cells_in_every_direction_into_a_square() -> None:
    """A cell is covered when a masked cell lies within d cells along both axes (a square, not a diamond), cut at
    the mask's borders; d = 0 leaves the mask as it was."""
    from kriegsspiel.core.movement import _routes_ref

    rng = np.random.default_rng(5)
    for d in range(4):
        for _ in range(6):
            mask = rng.random((7, 9)) < 0.08
            mask[rng.integers(0, 7), 0] = True  # a masked cell on the border too
            expected = np.zeros_like(mask)
            for r, c in zip(*np.nonzero(mask)):
                expected[max(r - d, 0):r + d + 1, max(c - d, 0):c + d + 1] = True
            before = mask.copy()
            got = _routes_ref.dilate(mask, d)
            assert np.array_equal(got, expected), d
            assert np.array_equal(mask, before)  # the argument is left as it was
    corner = np.zeros((5, 5), dtype=bool)
    corner[0, 0] = True
    assert _routes_ref.dilate(corner, 1).sum() == 4 and _routes_ref.dilate(corner, 4).all()


def test_fine_routes_gives_the_kernels_answer_when_several_routes_are_smoothed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Obstacles that leave several routes of nearly equal lattice cost, on fine cells 1, 2 or 3 to a map cell and
    windows away from the map's corner: the reference's route loop (which cell is next, which cells a route and
    its straightened form cover, the slack, at most FINE_ROUTES) gives the C kernel's answer to the last bit, and
    the cases do smooth second and third routes."""
    if movement_field.KERNEL != "c":
        kernel_missing("the lattice kernel")
    from kriegsspiel.core.movement import _routes_ref

    c = movement_field._kernel
    smoothed: list[int] = []
    original = _routes_ref.smooth_path

    def counted(speeds: np.ndarray, cs: float, coords: list[float]) -> list[float]:
        smoothed[-1] += 1
        return original(speeds, cs, coords)

    monkeypatch.setattr(_routes_ref, "smooth_path", counted)
    rng = np.random.default_rng(23)
    cases: list[tuple[np.ndarray, int, int, int, tuple[float, float, float, float]]] = []
    for case in range(16):
        # posts in the middle of a field of 8 x 8 cells: round each on either side at about the same cost
        speeds = np.ones((8, 8))
        for _ in range(2 + case % 4):
            r, col = rng.integers(2, 6, 2)
            speeds[r, col] = 0.0
        speeds[rng.random((8, 8)) < 0.05] = 0.8
        ends = (0.3 + rng.uniform(0, 0.4), rng.uniform(0.5, 6.5), 7.7 - rng.uniform(0, 0.4), rng.uniform(0.5, 6.5))
        # windows whose corner is not the map's, on fine cells 1, 2 or 3 to a map cell
        cases.append((speeds, 1 + case % 3, case % 2, (case // 2) % 2, ends))
    for cols, k, dy in ((20, 1, 2.0), (20, 2, 1.0), (24, 2, 0.5), (28, 1, 1.0), (28, 2, 0.0)):
        # a long move over open ground: routes a cell or two aside are within 2% of the straight one
        cases.append((np.ones((7, cols)), k, 1, 0, (0.5, 3.5 - dy / 2, cols - 0.5, 3.5 + dy / 2)))
    for k, r0, c0 in ((1, 2, 3), (2, 5, 3), (3, 4, 7), (3, 7, 4)):
        # windows well inside the map (fine cells cut off above and to the left), posts and a slow band
        speeds = np.ones((10, 22))
        speeds[4, 8] = speeds[6, 14] = 0.0
        speeds[7:, :] = 0.6
        cases.append((speeds, k, r0, c0, (c0 / k + 0.6, 5.2, 21.4, 4.1 + k / 4)))
    for speeds, k, r0, c0, (ox, oy, tx, ty) in cases:
        speeds = np.ascontiguousarray(speeds)
        fcs = 1.0 / k
        window = np.ascontiguousarray(np.kron(speeds, np.ones((k, k)))[r0:, c0:])
        x0, y0 = c0 * fcs, r0 * fcs
        h, w = window.shape
        out = [(np.empty((h, w)), np.empty((h, w), np.int32)) for _ in range(2)]
        c.cost_field(window, fcs, ox - x0, oy - y0, 60.0, 0, 0, *out[0])
        c.cost_field(window, fcs, tx - x0, ty - y0, 60.0, 0, 0, *out[1])
        args = (speeds, 1.0, *out[0], *out[1], x0, y0, fcs, k, ox, oy, tx, ty)
        smoothed.append(0)
        assert _routes_ref.fine_routes(*args) == c.fine_routes(*args), (k, ox, oy, tx, ty)
    assert smoothed.count(_routes_ref.FINE_ROUTES) >= 3 and smoothed.count(2) >= 2
    # two fields that share no reached cell: no route, in both
    nothing = np.full((3, 3), math.inf)
    preds = np.full((3, 3), -2, np.int32)
    ones = np.ones((3, 3))
    args = (ones, 1.0, nothing, preds, nothing, preds, 0.0, 0.0, 1.0, 1, 0.5, 0.5, 2.5, 2.5)
    assert _routes_ref.fine_routes(*args) is None and c.fine_routes(*args) is None


def test_fine_routes_follows_a_corridor_round_the_windows_corner_and_takes_the_first_of_equal_routes() -> None:
    """An L-shaped corridor turns at the window's first cell (flat index 0): the route follows it round the inner
    corner (cost by hand: two legs of hypot(3.5, 0.5)), either way. A
    wall with the same ground above and below, origin and target on its axis: the two routes round it cost the
    same, and the first found (the upper one: the lowest index among equal lattice costs) is kept. Both exactly
    the C kernel's answers."""
    if movement_field.KERNEL != "c":
        kernel_missing("the lattice kernel")
    from kriegsspiel.core.movement import _routes_ref

    c = movement_field._kernel

    def both(speeds: np.ndarray, ox: float, oy: float, tx: float, ty: float) -> list[float]:
        h, w = speeds.shape
        out = [(np.empty((h, w)), np.empty((h, w), np.int32)) for _ in range(2)]
        c.cost_field(speeds, 1.0, ox, oy, 60.0, 0, 0, *out[0])
        c.cost_field(speeds, 1.0, tx, ty, 60.0, 0, 0, *out[1])
        args = (speeds, 1.0, *out[0], *out[1], 0.0, 0.0, 1.0, 1, ox, oy, tx, ty)
        got = _routes_ref.fine_routes(*args)
        assert got is not None and got == c.fine_routes(*args)
        return got

    corridor = np.zeros((5, 5))
    corridor[0, :] = corridor[:, 0] = 1.0
    for ox, oy, tx, ty in ((4.5, 0.5, 0.5, 4.5), (0.5, 4.5, 4.5, 0.5)):
        got = both(corridor, ox, oy, tx, ty)
        assert math.isclose(c.polyline_cost(corridor, 1.0, got), 2 * math.hypot(3.5, 0.5), rel_tol=1e-9)
    wall = np.ones((9, 9))
    wall[2:7, 4] = 0.0
    got = both(wall, 0.5, 4.5, 8.5, 4.5)
    assert all(y <= 4.5 for y in got[1::2]) and min(got[1::2]) < 2.5  # above the wall


def test_ellipse_search_gives_the_kernels_answer_on_cells_of_two_world_units_and_when_no_finer_tier_fits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The path's searches again, with every length doubled (cells of two world units: the ellipse's windows
    and squares in cells, not world units), and with tiers so small that no finer lattice fits (the search then
    runs on the cells themselves, k = 1): the reference gives the C kernel's answer exactly."""
    if movement_field.KERNEL != "c":
        kernel_missing("the lattice kernel")
    c = movement_field._kernel
    searches = _Recorder(c, "ellipse_search")
    monkeypatch.setattr(movement_field, "_kernel", searches)
    rng = np.random.default_rng(29)
    for seed in range(12):
        raster = mixed_terrain_small(seed)
        speeds = movement.speed_field(raster, LAND)
        a = WorldPoint(*rng.uniform(4.0, 28.0, 2))
        b = WorldPoint(*rng.uniform(4.0, 28.0, 2))
        movement.cheapest_path(movement.cost_field(raster, speeds, a, 128.0), b)
    monkeypatch.undo()
    assert len(searches.calls) >= 6
    for args, _ in searches.calls[:6]:
        speeds, hopeful, cs, fastest, ox, oy, tx, ty, limit, coords, dilation, tiers, slack = args
        doubled = (speeds, hopeful, 2 * cs, fastest, 2 * ox, 2 * oy, 2 * tx, 2 * ty, 2 * limit,
                   [2 * v for v in coords], dilation, tiers, slack)
        assert reference.ellipse_search(*doubled, pieces=c) == c.ellipse_search(*doubled)
        tiny = (*args[:11], [4, 16, 2, 32], slack)
        assert reference.ellipse_search(*tiny, pieces=c) == c.ellipse_search(*tiny)


def test_the_bounded_searches_give_the_references_answers_on_any_cell_size_and_window() -> None:
    """The test above on cells of 0.5, 2 and 25 world units and on windows that start anywhere (also before the
    raster's first row or column, and reaching past its last): the window's origin and the cell size enter every
    conversion between world units, cells and window indices, which a window at (0, 0) on cells of one unit cannot
    tell apart. C and the reference settle the same cells at the same costs, bounded towards the target, with the
    target's connection found first, and with the other end's field; the tightened search keeps the target's
    connection and the way to it as the plain search in that window has them."""
    if movement_field.KERNEL != "c":
        kernel_missing("the lattice kernel")
    c, ref = movement_field._kernel, reference
    rng = np.random.default_rng(1411)
    tightened = offset_windows = 0
    for _ in range(120):
        rows, cols = int(rng.integers(6, 16)), int(rng.integers(6, 16))
        speeds = _random_speeds(rng, rows, cols)
        cell = float(rng.choice([0.5, 2.0, 25.0]))
        row0, col0 = int(rng.integers(-3, 4)), int(rng.integers(-3, 4))
        h, w = int(rng.integers(4, rows + 4)), int(rng.integers(4, cols + 4))
        # the two ends inside the window and on the raster
        r_lo, r_hi, c_lo, c_hi = max(row0, 0), min(row0 + h, rows), max(col0, 0), min(col0 + w, cols)
        if r_hi - r_lo < 2 or c_hi - c_lo < 2:
            continue
        o = (float(rng.uniform(c_lo, c_hi)) * cell, float(rng.uniform(r_lo, r_hi)) * cell)
        t = (float(rng.uniform(c_lo, c_hi)) * cell, float(rng.uniform(r_lo, r_hi)) * cell)
        limit = float(rng.uniform(3.0, 30.0)) * cell
        fastest = float(speeds.max())
        if fastest <= 0.0:
            continue
        offset_windows += int(row0 != 0 or col0 != 0)

        def search(kernel, a, b, *extra):
            cost, pred = np.empty((h, w)), np.empty((h, w), np.int32)
            settled = kernel.cost_field(speeds, cell, a[0], a[1], limit, row0, col0, cost, pred, b[0], b[1], fastest,
                                        *extra)
            return settled, cost, pred

        def same(x, y) -> None:
            assert x[0] == y[0]
            assert np.array_equal(np.isinf(x[1]), np.isinf(y[1]))
            assert np.array_equal(x[2], y[2])
            finite = np.isfinite(x[1])
            assert np.allclose(x[1][finite], y[1][finite], rtol=1e-9, atol=0.0)

        plain_there = search(c, o, t)
        same(plain_there, search(ref, o, t))
        same(search(c, t, o), search(ref, t, o))
        # an explicit bound above the limit (cells near the target the full search reaches are kept)
        same(search(c, o, t, 1.5 * limit), search(ref, o, t, 1.5 * limit))
        tight = search(c, o, t, math.nan, True)
        same(tight, search(ref, o, t, math.nan, True))
        # the target's connection in this window, and the way to it, are the plain search's
        tcol, trow = math.floor(t[0] / cell), math.floor(t[1] / cell)
        best, best_cell = c.segment_cost(speeds, cell, o[0], o[1], t[0], t[1]), -1
        if not best * (1.0 + 1e-9) < limit:
            best = math.inf
        for r in range(trow - 2, trow + 3):
            for q in range(tcol - 2, tcol + 3):
                if not (0 <= r - row0 < h and 0 <= q - col0 < w):
                    continue
                through = plain_there[1][r - row0, q - col0]
                total = through + c.segment_cost(speeds, cell, (q + 0.5) * cell, (r + 0.5) * cell, t[0], t[1])
                if total < best:
                    best, best_cell = total, (r - row0) * w + (q - col0)
        i = best_cell
        while i >= 0:
            assert tight[1].flat[i] == plain_there[1].flat[i] and tight[2].flat[i] == plain_there[2].flat[i]
            i = int(plain_there[2].flat[i])
        tightened += int(np.isfinite(tight[1]).sum() < np.isfinite(plain_there[1]).sum())
        same(search(c, t, o, math.nan, False, plain_there[1], -1.0),
             search(ref, t, o, math.nan, False, plain_there[1], -1.0))
        same(search(c, t, o, math.nan, False, plain_there[1], reference.FINE_ROUTE_SLACK),
             search(ref, t, o, math.nan, False, plain_there[1], reference.FINE_ROUTE_SLACK))
    assert tightened >= 20 and offset_windows >= 60


@pytest.mark.parametrize("limit", [2.0, 3.0, 6.0, math.hypot(6.0, 0.0), math.hypot(3.0, 1.0), math.inf])
def test_the_bounded_searches_agree_with_the_reference_where_costs_tie_with_the_limit(limit: float) -> None:
    """Open ground of speed 1 on cells of one unit, from a cell's centre: the costs along a row and the straight
    lines to a target on a cell centre are whole numbers (or the exact hypotenuse), so a cost, or a cost plus the
    straight line to the target, lands exactly on the limit, and the straight line to the target costs exactly the
    limit. Every comparison with the limit is then decided by its edge ("within" includes it), and C and the
    reference must settle the same cells: plain, bounded towards the target and with its connection found first
    (also with no limit at all, blocked cells beside the origin that the unlimited search must not settle, and a
    target nothing connects to)."""
    if movement_field.KERNEL != "c":
        kernel_missing("the lattice kernel")
    c, ref = movement_field._kernel, reference
    speeds = np.ones((9, 12))
    speeds[2, 1] = speeds[1, 2] = 0.0  # blocked cells among the origin's first neighbours
    origin = (0.5, 0.5)
    # the last target stands in a blocked cell: nothing connects to it, so the connection's search runs to its end
    for target in ((6.5, 0.5), (3.5, 1.5), (2.5, 0.5), (11.5, 8.5), (2.5, 1.5)):
        for extra in ((), (math.nan, True), (limit, True), (2.0 * limit, True)):
            answers = []
            for kernel in (c, ref):
                cost, pred = np.empty((9, 12)), np.empty((9, 12), np.int32)
                settled = kernel.cost_field(speeds, 1.0, *origin, limit, 0, 0, cost, pred, *target, 1.0, *extra)
                answers.append((settled, cost, pred))
            (n_c, cost_c, pred_c), (n_r, cost_r, pred_r) = answers
            assert n_c == n_r, (target, extra)
            assert np.array_equal(np.isinf(cost_c), np.isinf(cost_r)), (target, extra)
            assert np.array_equal(pred_c, pred_r), (target, extra)


def test_the_target_s_connection_first_agrees_with_the_reference_when_the_straight_line_costs_the_limit() -> None:
    """The straight line to a target off the cell centres costs exactly the limit (or the limit less its rounding
    slack): it is "beyond the search" (not below the limit), so the connection found first is through a cell, which
    costs more; well within the limit it is the connection. With a bound above the limit that connection sets the
    bound, and C and the reference keep the same cells."""
    if movement_field.KERNEL != "c":
        kernel_missing("the lattice kernel")
    c, ref = movement_field._kernel, reference
    speeds = np.ones((9, 12))
    cases = []
    for target in ((6.0, 3.0), (9.0, 7.25), (4.0, 2.75)):
        straight = c.segment_cost(speeds, 1.0, 0.5, 0.5, *target)
        # exactly the limit; the limit's rounding slack above it (still beyond); well within it (the straight line
        # is then the connection, and the bound)
        cases += [(target, straight), (target, straight * (1.0 + 1e-9)), (target, 1.5 * straight)]
    for target, limit in cases:
        answers = []
        for kernel in (c, ref):
            cost, pred = np.empty((9, 12)), np.empty((9, 12), np.int32)
            settled = kernel.cost_field(speeds, 1.0, 0.5, 0.5, limit, 0, 0, cost, pred, *target, 1.0, 2.0 * limit,
                                        True)
            answers.append((settled, np.isinf(cost), pred))
        assert answers[0][0] == answers[1][0], target
        assert np.array_equal(answers[0][1], answers[1][1]) and np.array_equal(answers[0][2], answers[1][2]), target


class _FieldRecorder:
    """The C kernel as the reference's ``pieces``, with each cost_field call's window and answer kept."""

    def __init__(self, kernel: object) -> None:
        self.kernel = kernel
        self.fine_routes = kernel.fine_routes
        self.windows: list[tuple[int, int, tuple[int, int], np.ndarray, int]] = []

    def cost_field(self, speeds, cs, ox, oy, limit, row0, col0, cost, pred, *extra):
        settled = self.kernel.cost_field(speeds, cs, ox, oy, limit, row0, col0, cost, pred, *extra)
        self.windows.append((row0, col0, cost.shape, cost.copy(), settled))
        return settled


@pytest.mark.parametrize("cs", [1.0, 2.0])
def test_the_ellipse_s_lattice_searches_run_on_the_windows_and_bounds_of_cost_field(
    cs: float, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a map wider than the searches (96 x 96 cells of 1 and 2 world units), the reference's two lattice
    searches of the ellipse are cost_field's: from the origin towards the target on the hopeful speeds up to the
    limit, then back from the target, bounded by the first (``against``): the same windows, the same cells
    settled, the same costs; and its answer is the C kernel's. Most moves lie in the middle of the map, where no
    window is clipped to it (a clipped window would hide a wrong one), some by its top left corner, where the
    windows are."""
    if movement_field.KERNEL != "c":
        kernel_missing("the lattice kernel")
    import dataclasses

    from benchmarks.case_movement import mixed_terrain

    c = movement_field._kernel
    raster = dataclasses.replace(mixed_terrain(96, seed=5), cell_size=cs)
    speeds = movement.speed_field(raster, LAND)
    rng = np.random.default_rng(96)
    inside = clipped = 0
    for move in range(48):
        low, high = (30.0, 66.0) if move % 4 else (0.5, 6.0)
        a = WorldPoint(*(rng.uniform(low, high, 2) * cs))
        b = WorldPoint(a.x + rng.uniform(-9.0, 9.0) * cs, a.y + rng.uniform(-9.0, 9.0) * cs)
        if not (0.0 < b.x < 96 * cs and 0.0 < b.y < 96 * cs):
            continue
        if speeds[int(a.y / cs), int(a.x / cs)] <= 0.0 or speeds[int(b.y / cs), int(b.x / cs)] <= 0.0:
            continue
        searches = _Recorder(c, "ellipse_search")
        monkeypatch.setattr(movement_field, "_kernel", searches)
        movement.cheapest_path(movement_field.bounded_field(raster, speeds, a, b, 24.0 * cs), b)
        monkeypatch.undo()
        for args, answer in searches.calls:
            speeds_, hopeful, cs_, fastest, ox, oy, tx, ty, limit = args[:9]
            pieces = _FieldRecorder(c)
            assert reference.ellipse_search(*args, pieces=pieces) == answer
            (frow0, fcol0, fshape, fcost, fsettled), (rrow0, rcol0, rshape, rcost, rsettled) = pieces.windows[:2]
            origin, target = WorldPoint(ox, oy), WorldPoint(tx, ty)
            there = movement_field.cost_field(raster, hopeful, origin, limit, toward=target, bound=limit)
            back = movement_field.cost_field(raster, hopeful, target, limit, toward=origin, bound=limit, against=there)
            assert (frow0, fcol0, fshape, fsettled) == (there.row0, there.col0, there.cost.shape, there.settled)
            assert np.array_equal(fcost, there.cost)
            assert (rrow0, rcol0, rshape, rsettled) == (back.row0, back.col0, back.cost.shape, back.settled)
            assert np.array_equal(rcost, back.cost)
            if frow0 > 0 and fcol0 > 0 and frow0 + fshape[0] < 96 and fcol0 + fshape[1] < 96:
                inside += 1
            elif frow0 == 0 or fcol0 == 0:
                clipped += 1
    assert inside >= 12 and clipped >= 3
