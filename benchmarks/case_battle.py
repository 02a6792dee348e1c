"""The unit-profiles battle calculator: exact odds of 10 attacking against 10 defending units of mixed types,
in-process and through the command; 15 v 15 and 20 v 20 within the odds' memory budget (issue 31).

Project: ``exact_odds`` (Markov chain over positions, every round to max_rounds) or ``battle_odds`` (exact within
the budget, else a seeded simulation). Reference: what most calculators of the genre do, a seeded simulation of
1000 battles of the same input, in the same process. Goals: the exact odds of 10 v 10 in under 1 s (issue 21),
through the command too; 20 v 20 answered in under 30 s within the 512 MB budget.
"""
from __future__ import annotations

import copy
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from benchmarks import CaseResult, case, median_seconds
from kriegsspiel.rulesets.unit_profiles import (
    OddsBudget, battle_odds, exact_odds, load_rules, parse_battle, simulated_odds,
)

REPO = Path(__file__).resolve().parent.parent

TEN_V_TEN = {
    "id": "ten-v-ten", "place": {"name": "Kursk", "kind": "land"}, "seed": 3,
    "attacker": {"power": "A", "units": [
        {"id": "a1", "type": "infantry"}, {"id": "a2", "type": "infantry"}, {"id": "a3", "type": "infantry"},
        {"id": "a4", "type": "artillery"}, {"id": "a5", "type": "artillery"}, {"id": "a6", "type": "armor"},
        {"id": "a7", "type": "light-armor"}, {"id": "a8", "type": "self-propelled-gun"},
        {"id": "a9", "type": "fighter"}, {"id": "a10", "type": "dive-bomber"}]},
    "defender": {"power": "D", "units": [
        {"id": "d1", "type": "infantry"}, {"id": "d2", "type": "infantry"}, {"id": "d3", "type": "infantry"},
        {"id": "d4", "type": "infantry"}, {"id": "d5", "type": "artillery"}, {"id": "d6", "type": "anti-tank-gun"},
        {"id": "d7", "type": "armor"}, {"id": "d8", "type": "aaa"}, {"id": "d9", "type": "fighter"},
        {"id": "d10", "type": "armored-car"}]},
}
SIMULATED = 1000


@case("battle.odds-10v10", goal="exact odds of 10 v 10 mixed units in under 1 s", max_project_seconds=1.0)
def odds_ten_v_ten(repeats: int) -> CaseResult:
    spec = parse_battle(TEN_V_TEN, load_rules())
    result = exact_odds(spec)
    repeats = max(1, min(repeats, 3))  # each run takes seconds on a loaded machine
    project = median_seconds(lambda: exact_odds(spec), repeats)
    reference = median_seconds(lambda: simulated_odds(spec, SIMULATED), 1, warmup=0)
    cpu = time.process_time()
    exact_odds(spec)
    cpu = time.process_time() - cpu  # on a shared machine the wall time also counts other processes' turns
    return CaseResult(project, reference, {"exact": result["exact"], "attacker_wins": result["results"]["attacker"],
                                           "simulated_battles": SIMULATED, "project_cpu_ms": round(cpu * 1000.0, 1)})


def _mixed(n: int) -> dict:
    """The 10 v 10 battle grown to n units a side by repeating its mix (ids a11, a12 ... and d11 ...)."""
    raw = copy.deepcopy(TEN_V_TEN)
    for side, prefix in (("attacker", "a"), ("defender", "d")):
        units = raw[side]["units"]
        base = list(units)
        while len(units) < n:
            units.append({**base[len(units) % len(base)], "id": f"{prefix}{len(units) + 1}"})
    raw["id"] = f"{n}-v-{n}"
    return raw


def _command_seconds(path: Path, *extra: str) -> float:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "kriegsspiel", "battle", str(path), *extra], capture_output=True,
                          text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(REPO)})
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"kriegsspiel battle {' '.join(extra)}: {done.stderr.strip()}")
    return seconds


@case("battle.odds-10v10-command", goal="kriegsspiel battle --odds: exact odds of 10 v 10 in under 1 s, start-up "
      "included", max_project_seconds=1.0)
def odds_ten_v_ten_command(repeats: int) -> CaseResult:
    """Project: the whole command with --odds (start-up, reading, the exact odds, printing). Reference: the same
    command fighting the battle once, which is nearly all start-up."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "ten.json"
        path.write_text(json.dumps(TEN_V_TEN), encoding="utf-8")
        repeats = max(1, min(repeats, 3))
        project = statistics.median(_command_seconds(path, "--odds") for _ in range(repeats))
        reference = statistics.median(_command_seconds(path) for _ in range(repeats))
    return CaseResult(project, reference, {"startup_ms": round(reference * 1000.0)})


@case("battle.odds-20v20", goal="20 v 20 mixed units answered in under 30 s within the 512 MB budget",
      max_project_seconds=30.0, missed_when=lambda r: r.extra["peak_mb"] > r.extra["budget_mb"])
def odds_twenty_v_twenty(repeats: int) -> CaseResult:
    """Project: battle_odds with the default budget (the estimate finds the exact search too big: simulated,
    stopped at its time limit). Its peak memory by tracemalloc in a second run, whose simulation stops after 2 s
    (the simulation's memory does not grow with its battles; tracemalloc slows the estimate). Reference: 1000
    seeded battles of it."""
    spec = parse_battle(_mixed(20), load_rules())
    budget = OddsBudget()
    start = time.perf_counter()
    out = battle_odds(spec, budget=budget)
    project = time.perf_counter() - start
    tracemalloc.start()
    battle_odds(spec, budget=OddsBudget(simulation_seconds=2.0))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    reference = median_seconds(lambda: simulated_odds(spec, SIMULATED), 1, warmup=0)
    return CaseResult(project, reference, {
        "exact": out["exact"], "battles": out.get("battles"), "reason": out.get("reason"),
        "attacker_wins": out["results"]["attacker"], "stderr_attacker": out.get("stderr", {}).get("attacker"),
        "peak_mb": round(peak / 2**20, 1), "budget_mb": budget.memory_mb})


@case("battle.odds-15v15", goal="15 v 15 exact within the 512 MB budget", max_project_seconds=30.0,
      missed_when=lambda r: not r.extra["exact"] or r.extra["peak_mb"] > r.extra["budget_mb"])
def odds_fifteen_v_fifteen(repeats: int) -> CaseResult:
    """Project: battle_odds of 15 v 15 (exact: 514 MB before the search kept its transitions compactly); peak
    memory by tracemalloc (which slows the search: the time is measured apart). Reference: 1000 battles."""
    spec = parse_battle(_mixed(15), load_rules())
    budget = OddsBudget()
    project = median_seconds(lambda: battle_odds(spec, budget=budget), 1, warmup=0)
    tracemalloc.start()
    out = battle_odds(spec, budget=budget)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    reference = median_seconds(lambda: simulated_odds(spec, SIMULATED), 1, warmup=0)
    return CaseResult(project, reference, {"exact": out["exact"], "peak_mb": round(peak / 2**20, 1),
                                           "budget_mb": budget.memory_mb})
