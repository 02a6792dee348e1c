"""The unit-profiles battle calculator: exact odds of 10 attacking against 10 defending units of mixed types.

Project: ``exact_odds`` (Markov chain over positions, every round to max_rounds). Reference: what most
calculators of the genre do, a seeded simulation of 1000 battles of the same input, in the same process.
Goal (issue 21): the exact odds in under 1 s.
"""
from __future__ import annotations

import time

from benchmarks import CaseResult, case, median_seconds
from kriegsspiel.rulesets.unit_profiles import exact_odds, load_rules, parse_battle, simulated_odds

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
