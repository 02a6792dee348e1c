"""``kriegsspiel measure`` point to point: one move judged from scratch (``check_move`` without a field), against
scikit-image's MCP_Geometric finding the cheapest 8-neighbour path between the same two cells and tracing it back.

The map: benchmarks' random mixed terrain (512 x 512 tiles, roads every 32) under the modern rule set's land
speeds; the unit moves from near the middle to 8 reachable points half its allowance away. MCP gets the window
the whole-field search would search (the allowance at the fastest speed around the origin, as movement.path-15
gives it); it stops when it reaches the end. ``whole_field_ms`` is the same verdicts found on the whole field
of the allowance (the method before the search was bounded towards the target), for comparison; ``cpu_ms``,
``mcp_cpu_ms`` and ``cpu_ratio`` the CPU time of a move of ours and of MCP's (wall time on a shared machine also
counts other processes' turns).
"""
from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from benchmarks import CaseResult, case, median_seconds
from benchmarks.case_movement import MCP_Geometric, _centre_origin, cpu_figures, mixed_terrain
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.movement import _check as movement
from kriegsspiel.core.movement import _field

TARGETS = 8


@lru_cache(maxsize=1)
def _setting():
    from kriegsspiel.core.battlefield import Battlefield, MapGrid
    from kriegsspiel.rulesets import load_ruleset

    ruleset = load_ruleset("modern-4e")
    raster = mixed_terrain(512)
    rows, cols = raster.shape
    grid = MapGrid("orthogonal", cols, rows, 32, 32, raster.cell_size / 32.0)
    battlefield = Battlefield("mixed-512", grid, raster.terrain_ids, raster.terrain, raster.road, raster.elevation,
                              raster.blocks_sight)
    return ruleset, battlefield


def _measure(allowance: float, repeats: int) -> CaseResult:
    ruleset, battlefield = _setting()
    raster = battlefield.raster()
    speeds = movement.speed_field(raster, ruleset.speed_table("infantry"))
    origin = _centre_origin(raster, speeds)
    rng = np.random.default_rng(int(allowance))
    targets: list[WorldPoint] = []
    for _ in range(400):
        angle = rng.uniform(0.0, 2.0 * math.pi)
        target = WorldPoint(origin.x + 0.5 * allowance * math.cos(angle), origin.y + 0.5 * allowance * math.sin(angle))
        if movement.check_move(battlefield, ruleset, "infantry", origin, target, allowance_left=allowance).legal:
            targets.append(target)
        if len(targets) == TARGETS:
            break
    turn = {"i": 0}

    def next_target() -> WorldPoint:
        turn["i"] = (turn["i"] + 1) % len(targets)
        return targets[turn["i"]]

    reps = max(repeats, 2 * len(targets))
    project = median_seconds(
        lambda: movement.check_move(battlefield, ruleset, "infantry", origin, next_target(), allowance_left=allowance),
        reps)

    def on_whole_field() -> None:
        whole = _field.cost_field(raster, speeds, origin, allowance)
        movement.check_move(battlefield, ruleset, "infantry", origin, next_target(), allowance_left=allowance,
                            field=whole)

    whole_s = median_seconds(on_whole_field, reps)
    reference = None
    run_reference = None
    if MCP_Geometric is not None:
        whole = _field.cost_field(raster, speeds, origin, allowance)
        h, w = whole.cost.shape
        window = speeds[whole.row0 : whole.row0 + h, whole.col0 : whole.col0 + w]
        with np.errstate(divide="ignore"):
            pace = np.where(window > 0.0, 1.0 / window, np.inf)
        start = (int(origin.y) - whole.row0, int(origin.x) - whole.col0)

        def run_reference() -> None:
            t = next_target()
            end = (int(t.y) - whole.row0, int(t.x) - whole.col0)
            mcp = MCP_Geometric(pace, fully_connected=True)
            mcp.find_costs([start], [end])
            mcp.traceback(end)

        reference = median_seconds(run_reference, reps)
    cpu = cpu_figures(
        lambda: movement.check_move(battlefield, ruleset, "infantry", origin, next_target(), allowance_left=allowance),
        run_reference, reps)
    return CaseResult(project, reference, {"targets": len(targets), "distance": 0.5 * allowance,
                                           "whole_field_ms": round(whole_s * 1000.0, 3), **cpu})


@case("movement.measure-20", goal="measure point to point <= 2x MCP (allowance 20)", max_ratio=2.0)
def measure_20(repeats: int) -> CaseResult:
    return _measure(20.0, repeats)


@case("movement.measure-40", goal="measure point to point <= 2x MCP (allowance 40)", max_ratio=2.0)
def measure_40(repeats: int) -> CaseResult:
    return _measure(40.0, repeats)


@case("movement.measure-80", goal="measure point to point <= 2x MCP (allowance 80)", max_ratio=2.0)
def measure_80(repeats: int) -> CaseResult:
    return _measure(80.0, repeats)
