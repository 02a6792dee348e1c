"""The lattice kernel's ``fine_routes`` (the route loop of the finer search: pick the cheapest uncovered cell,
follow both fields' predecessors, smooth, cover the route) gives its Python reference's answer exactly, on the
very calls ``cheapest_path`` makes for random moves over random mixed terrain."""
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
    """The C kernel, with every ``fine_routes`` call's arguments and answer kept."""

    def __init__(self, kernel: object) -> None:
        self.kernel = kernel
        self.calls: list[tuple[tuple, list[float] | None]] = []

    def __getattr__(self, name: str) -> object:
        return getattr(self.kernel, name)

    def fine_routes(self, *args: object) -> list[float] | None:
        answer = self.kernel.fine_routes(*args)
        # the arrays are the search's own: copied, as the next search may reuse nothing of them
        self.calls.append((tuple(np.array(a) if isinstance(a, np.ndarray) else a for a in args), answer))
        return answer


def test_fine_routes_gives_the_references_answer_on_the_paths_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    if movement_field.KERNEL != "c":
        kernel_missing("the lattice kernel")
    recorder = _Recorder(movement_field._kernel)
    monkeypatch.setattr(movement_field, "_kernel", recorder)
    rng = np.random.default_rng(17)
    for seed in range(40):
        raster = mixed_terrain_small(seed)
        speeds = movement.speed_field(raster, LAND)
        a = WorldPoint(*rng.uniform(0.0, 32.0, 2))
        b = WorldPoint(*rng.uniform(0.0, 32.0, 2))
        movement.cheapest_path(movement.cost_field(raster, speeds, a, 128.0), b)
    assert len(recorder.calls) >= 20  # most moves bend, so most reach the finer search
    several = 0
    for args, answer in recorder.calls:
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
