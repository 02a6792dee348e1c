"""Movement: the reachable area of a unit and the cheapest path to a point, against scikit-image's MCP_Geometric.

The reference runs on the same window of the same terrain (pace = 1 / speed, impassable = inf), with its
8-neighbour lattice; ours runs the 32-neighbour lattice with exact segment costs and stops at the allowance.
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable
from functools import lru_cache

import numpy as np

from benchmarks import CaseResult, case, median_seconds
from kriegsspiel.core.movement import _check as movement
from kriegsspiel.core.battlefield import TerrainRaster
from kriegsspiel.core.geometry import WorldPoint

try:
    from skimage.graph import MCP_Geometric
except ImportError:  # the bench extra is not installed: report our times alone
    MCP_Geometric = None

TERRAIN = ("plains", "forest", "hills", "forest-hills", "swamp", "mountains", "water")
LAND = {"plains": 1.0, "forest": 0.75, "hills": 0.75, "forest-hills": 0.6, "swamp": 0.5, "mountains": 0.25,
        "water": 0.0, "road": 1.25}
ALLOWANCE_TILES = 20.0
PATH_TILES = 15.0


@lru_cache(maxsize=4)
def mixed_terrain(size: int, seed: int = 7) -> TerrainRaster:
    """Random mixed terrain of size x size tiles: patches of 4 tiles, 8% water, a road every 32 tiles."""
    rng = np.random.default_rng(seed)
    weights = np.array([0.45, 0.15, 0.1, 0.07, 0.07, 0.08, 0.08])
    coarse = rng.choice(len(TERRAIN), size=(size // 4, size // 4), p=weights).astype(np.int16)
    terrain = np.kron(coarse, np.ones((4, 4), dtype=np.int16))
    road = np.zeros((size, size), dtype=bool)
    road[16::32, :] = True
    road[:, 8::32] = True
    return TerrainRaster(1.0, TERRAIN, terrain, road, np.zeros((size, size), np.float32), np.zeros((size, size), bool))


def cpu_ms_per_call(call: Callable[[], object], calls: int) -> float:
    """The CPU time of one ``call()`` in ms, the mean over ``calls`` runs (``time.process_time``): on a machine shared
    with other work, wall time also counts the others' turns, which stretch longer calls most."""
    call()
    started = time.process_time()
    for _ in range(calls):
        call()
    return (time.process_time() - started) / calls * 1000.0


def cpu_figures(ours: Callable[[], object], reference: Callable[[], object] | None, calls: int) -> dict[str, float]:
    """``cpu_ms`` of ``ours`` and, with a reference, ``mcp_cpu_ms`` and their ratio ``cpu_ratio`` (see
    :func:`cpu_ms_per_call`), for a case's extra figures."""
    figures = {"cpu_ms": round(cpu_ms_per_call(ours, calls), 3)}
    if reference is not None:
        figures["mcp_cpu_ms"] = round(cpu_ms_per_call(reference, calls), 3)
        figures["cpu_ratio"] = round(figures["cpu_ms"] / figures["mcp_cpu_ms"], 2)
    return figures


def _centre_origin(raster: TerrainRaster, speeds: np.ndarray) -> WorldPoint:
    """A passable point near the middle of the map (so that the area is not cut short by water)."""
    rows, cols = raster.shape
    r, c = rows // 2, cols // 2
    while speeds[r, c] <= 0.0:
        c += 1
    return WorldPoint(c + 0.37, r + 0.61)


def _reachable(size: int, repeats: int) -> CaseResult:
    raster = mixed_terrain(size)
    speeds = movement.speed_field(raster, LAND)
    origin = _centre_origin(raster, speeds)
    field = movement.cost_field(raster, speeds, origin, ALLOWANCE_TILES)
    project = median_seconds(lambda: movement.cost_field(raster, speeds, origin, ALLOWANCE_TILES), repeats)
    reference = None
    if MCP_Geometric is not None:
        h, w = field.cost.shape
        window = speeds[field.row0 : field.row0 + h, field.col0 : field.col0 + w]
        with np.errstate(divide="ignore"):
            pace = np.where(window > 0.0, 1.0 / window, np.inf)
        start = (int(origin.y) - field.row0, int(origin.x) - field.col0)

        def run_reference() -> None:
            MCP_Geometric(pace, fully_connected=True).find_costs([start])

        reference = median_seconds(run_reference, repeats)
    reachable = int(field.reachable_mask().sum())
    return CaseResult(project, reference, {"window": f"{field.cost.shape[1]}x{field.cost.shape[0]}",
                                           "reachable_cells": reachable})


@case("movement.reachable-128", goal="ratio <= 1.0 (vs MCP_Geometric on the same window)", max_ratio=1.0)
def reachable_128(repeats: int) -> CaseResult:
    return _reachable(128, repeats)


@case("movement.reachable-512", goal="ratio <= 1.0; time as at 128", max_ratio=1.0)
def reachable_512(repeats: int) -> CaseResult:
    return _reachable(512, repeats)


@case("movement.reachable-2048", goal="ratio <= 1.0; time as at 128", max_ratio=1.0)
def reachable_2048(repeats: int) -> CaseResult:
    return _reachable(2048, repeats)


@case("movement.path-15", goal="median <= 1 ms per path, 15 tiles away (field given); ratio: MCP's traceback",
      max_project_seconds=0.001)
def path_15(repeats: int) -> CaseResult:
    raster = mixed_terrain(512)
    speeds = movement.speed_field(raster, LAND)
    origin = _centre_origin(raster, speeds)
    field = movement.cost_field(raster, speeds, origin, ALLOWANCE_TILES)
    targets = []
    for k in range(16):  # 16 directions, keeping those the unit can reach
        angle = 2.0 * math.pi * k / 16.0
        target = WorldPoint(origin.x + PATH_TILES * math.cos(angle), origin.y + PATH_TILES * math.sin(angle))
        if movement.cheapest_path(field, target).points:
            targets.append(target)
    state = {"i": 0}

    def next_target() -> WorldPoint:
        state["i"] = (state["i"] + 1) % len(targets)
        return targets[state["i"]]

    project = median_seconds(lambda: movement.cheapest_path(field, next_target()), max(repeats, len(targets)) * 2)
    reference = None
    run_reference = None
    if MCP_Geometric is not None:
        h, w = field.cost.shape
        window = speeds[field.row0 : field.row0 + h, field.col0 : field.col0 + w]
        with np.errstate(divide="ignore"):
            pace = np.where(window > 0.0, 1.0 / window, np.inf)
        start = (int(origin.y) - field.row0, int(origin.x) - field.col0)

        def run_reference() -> None:
            t = next_target()
            end = (int(t.y) - field.row0, int(t.x) - field.col0)
            mcp = MCP_Geometric(pace, fully_connected=True)
            mcp.find_costs([start], [end])
            mcp.traceback(end)

        reference = median_seconds(run_reference, max(repeats, len(targets)) * 2)
    cpu = cpu_figures(lambda: movement.cheapest_path(field, next_target()), run_reference, max(repeats, len(targets)) * 2)
    return CaseResult(project, reference, {"targets": len(targets), **cpu})


@case(
    "movement.accuracy",
    goal="every move within 2% of the same map searched on cells 8x finer",
    missed_when=lambda r: r.extra["worst"] > 1.02,
)
def accuracy(repeats: int) -> CaseResult:
    """Our cheapest path against the same method on cells an eighth the size (a stand-in for the continuous
    best: every coarse path is a fine path), on random 32 x 32 mixed terrain with roads; times are per path
    including the field."""
    import time

    rng = np.random.default_rng(11)
    ratios: list[float] = []
    ours_time = fine_time = 0.0
    moves = max(40, 4 * repeats)
    for _ in range(moves):
        raster = mixed_terrain_small(int(rng.integers(1_000_000)))
        speeds = movement.speed_field(raster, LAND)
        fine = _finer(raster, 8)
        fine_speeds = movement.speed_field(fine, LAND)
        a = WorldPoint(*rng.uniform(0.0, 32.0, 2))
        b = WorldPoint(*rng.uniform(0.0, 32.0, 2))
        start = time.perf_counter()
        ours = movement.cheapest_path(movement.cost_field(raster, speeds, a, 128.0), b)
        middle = time.perf_counter()
        best = movement.cheapest_path(movement.cost_field(fine, fine_speeds, a, 128.0), b)
        ours_time += middle - start
        fine_time += time.perf_counter() - middle
        if ours.points and best.points:
            ratios.append(ours.cost / best.cost)
    spread = np.array(ratios)
    p95, worst = float(np.percentile(spread, 95)), float(spread.max())
    return CaseResult(ours_time / moves, fine_time / moves, {
        "moves": len(ratios), "median": round(float(np.median(spread)), 4), "p95": round(p95, 4),
        "worst": round(worst, 4), "above_1pct": f"{100.0 * float((spread > 1.01).mean()):.1f}%",
    })


def mixed_terrain_small(seed: int) -> TerrainRaster:
    """Random 32 x 32 mixed terrain in patches of 2 tiles, roads included."""
    rng = np.random.default_rng(seed)
    weights = np.array([0.45, 0.15, 0.1, 0.07, 0.07, 0.08, 0.08])
    coarse = rng.choice(len(TERRAIN), size=(16, 16), p=weights).astype(np.int16)
    terrain = np.kron(coarse, np.ones((2, 2), dtype=np.int16))
    road = np.zeros((32, 32), dtype=bool)
    road[int(rng.integers(32)), :] = True
    road[:, int(rng.integers(32))] = True
    return TerrainRaster(1.0, TERRAIN, terrain, road, np.zeros((32, 32), np.float32), np.zeros((32, 32), bool))


def _finer(raster: TerrainRaster, k: int) -> TerrainRaster:
    """The same map on cells 1/k the size."""
    block = np.ones((k, k), dtype=np.int16)
    return TerrainRaster(
        raster.cell_size / k, raster.terrain_ids, np.kron(raster.terrain, block),
        np.kron(raster.road, block.astype(bool)), np.kron(raster.elevation, block.astype(np.float32)),
        np.kron(raster.blocks_sight, block.astype(bool)),
    )
