"""Speed work must not change a verdict: 844 moves recorded before the movement kernels were sped up (issue 17 item
13; recorded with the code of commit a30f687, never regenerated from the code under test) are judged again and
compared exactly.

The moves: 600 random ones over the four shipped battle maps (each unit type of the map's rule set in turn, some ships
with a heading), as ``kriegsspiel measure --json`` reports them (``measure_json``); 180 of the benchmarks' measure
moves (512 x 512 mixed terrain, allowances 20, 40, 80); 64 paths on the path benchmark's field. Verdicts, reasons,
costs (to the last bit) and the JSON must be the recorded ones. A path may differ only where two routes are exactly
equally cheap: then it must have exactly the recorded cost, run from the origin to the target and cost what it is
reported to cost; the JSON is then compared without its path and stretches. The records are the C kernel's (the
Python reference agrees to rounding only), so without it the test skips (fails where CI requires the kernels).
"""
from __future__ import annotations

import gzip
import json
import math
from functools import lru_cache
from pathlib import Path

import pytest

from benchmarks.case_measure import _setting
from benchmarks.case_movement import LAND, _centre_origin, mixed_terrain
from kernel_support import kernel_missing
from kriegsspiel.cli.measure import stretches_of, verdict_as_json
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.movement import _check as movement
from kriegsspiel.core.movement import movement_kernel
from kriegsspiel.tiled import load_battlefield
from kriegsspiel.tiled.map_ruleset import ruleset_for_map

ROOT = Path(__file__).resolve().parent.parent
RECORDED = Path(__file__).resolve().parent / "golden" / "movement" / "recorded_moves.jsonl.gz"


def _recorded() -> list[dict]:
    with gzip.open(RECORDED, "rt") as f:
        return [json.loads(line) for line in f]


@lru_cache(maxsize=None)
def _map(name: str):
    path = str(ROOT / "kriegsspiel" / "data" / "maps" / f"{name}.tmx")
    ruleset = ruleset_for_map(path, None)
    return ruleset, load_battlefield(path, ruleset)


def _same_or_as_cheap(recorded: dict, cost: float, path: tuple[WorldPoint, ...], raster, speeds) -> bool:
    """True when the path is the recorded one; else asserts that it is another exactly as cheap and returns False."""
    if [[repr(p.x), repr(p.y)] for p in path] == recorded["path"]:
        return True
    assert repr(cost) == recorded["cost"], recorded
    assert len(path) >= 2 and [repr(path[0].x), repr(path[0].y)] == recorded["path"][0], recorded
    assert [repr(path[-1].x), repr(path[-1].y)] == recorded["path"][-1], recorded
    assert movement.path_cost(raster, speeds, path) == cost
    return False


def _without_path(text: str) -> dict:
    verdict = json.loads(text)
    verdict.pop("path")
    verdict.pop("stretches")
    return verdict


@pytest.mark.parametrize("part", ["maps", "measure", "paths"])
def test_the_recorded_moves_are_judged_as_they_were(part: str) -> None:
    if movement_kernel() != "c":
        kernel_missing("the lattice kernel")
    moves = _recorded()
    assert len(moves) == 844
    judged = 0
    if part == "maps":
        for move in (m for m in moves if m["map"] not in ("bench", "path")):
            ruleset, battlefield = _map(move["map"])
            unit = ruleset.unit_type(move["unit"])
            verdict = movement.check_move(battlefield, ruleset, unit.id, WorldPoint(*move["o"]), WorldPoint(*move["t"]),
                                          allowance_left=unit.move, heading=move["heading"])
            assert (verdict.legal, verdict.reason, repr(verdict.cost)) == (move["legal"], move["reason"], move["cost"])
            text = json.dumps(verdict_as_json(verdict, stretches_of(verdict, unit.id, ruleset, battlefield)))
            raster = battlefield.raster()
            speeds = movement.speed_field(raster, ruleset.speed_table(unit.id))
            if _same_or_as_cheap(move, verdict.cost, verdict.path, raster, speeds):
                assert text == move["json"]
            else:
                assert _without_path(text) == _without_path(move["json"])
            judged += 1
        assert judged == 600
    elif part == "measure":
        ruleset, battlefield = _setting()
        raster = battlefield.raster()
        speeds = movement.speed_field(raster, ruleset.speed_table("infantry"))
        for move in (m for m in moves if m["map"] == "bench"):
            verdict = movement.check_move(battlefield, ruleset, "infantry", WorldPoint(*move["o"]),
                                          WorldPoint(*move["t"]), allowance_left=move["allowance"])
            assert (verdict.legal, verdict.reason, repr(verdict.cost)) == (move["legal"], move["reason"], move["cost"])
            _same_or_as_cheap(move, verdict.cost, verdict.path, raster, speeds)
            judged += 1
        assert judged == 180
    else:
        raster = mixed_terrain(512)
        speeds = movement.speed_field(raster, LAND)
        field = movement.cost_field(raster, speeds, _centre_origin(raster, speeds), 20.0)
        for move in (m for m in moves if m["map"] == "path"):
            result = movement.cheapest_path(field, WorldPoint(*move["t"]))
            assert repr(result.cost) == move["cost"]
            if math.isfinite(result.cost):
                _same_or_as_cheap(move, result.cost, result.points, raster, speeds)
            judged += 1
        assert judged == 64
