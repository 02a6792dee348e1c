"""Odds that answer (issue 31, item 5): the exact search has a memory budget (--memory MB, default 512); a
battle estimated past it, before the search starts, is simulated with its standard errors and the reason; the
search also stops at the budget's transitions; the simulation stops at its time limit; a battle of hundreds of
units a side answers."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import kriegsspiel.rulesets.unit_profiles.odds_budget as odds_budget
from kriegsspiel.rulesets.unit_profiles import (
    NotExact, OddsBudget, battle_odds, exact_odds, load_rules, parse_battle, simulated_odds,
)
from kriegsspiel.rulesets.unit_profiles.odds import _Chain, _multinomial
from unit_profiles_helpers import battle, unit

REPO = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(REPO)}
MIX = ["infantry", "infantry", "artillery", "armor", "fighter", "anti-tank-gun", "light-armor", "dive-bomber"]


def mixed(n: int, seed: int = 3) -> dict:
    attackers = [unit(f"a{i}", MIX[i % len(MIX)]) for i in range(n)]
    defenders = [unit(f"d{i}", MIX[(i + 3) % len(MIX)]) for i in range(n)]
    return battle(attackers, defenders, seed=seed)


def spec_of(raw: dict):
    return parse_battle(raw, load_rules())


def test_the_estimate_is_an_upper_bound_of_the_transitions_the_search_makes() -> None:
    spec = spec_of(mixed(7))
    estimate = _Chain(spec).estimate(4000, 10**12, 10**6)
    made: list[int] = []
    original = _Chain.round

    def counting(self: _Chain, pos, rnd):  # type: ignore[no-untyped-def]
        out = original(self, pos, rnd)
        made.append(len(out))
        return out

    _Chain.round = counting  # type: ignore[method-assign]
    try:
        exact_odds(spec)
    finally:
        _Chain.round = original  # type: ignore[method-assign]
    assert 0 < sum(made) <= estimate


def test_a_battle_estimated_past_the_budget_is_simulated_before_the_search_starts() -> None:
    spec = spec_of(mixed(9))
    assert exact_odds(spec, OddsBudget())["exact"] is True          # within 512 MB
    out = battle_odds(spec, 400, OddsBudget(memory_mb=1))
    assert out["exact"] is False and out["battles"] == 400 and set(out["stderr"]) == set(out["results"])
    assert "memory budget of 1 MB" in out["reason"] and "--memory" in out["reason"]
    # the search never started: the estimate alone decided (no transition was made)
    chain_rounds: list[int] = []
    original = _Chain.round
    _Chain.round = lambda self, pos, rnd: chain_rounds.append(1) or original(self, pos, rnd)  # type: ignore
    try:
        with pytest.raises(NotExact, match="memory budget"):
            exact_odds(spec, OddsBudget(memory_mb=1))
    finally:
        _Chain.round = original  # type: ignore[method-assign]
    assert chain_rounds == []


def test_the_search_stops_at_the_budgets_transitions_where_the_estimate_is_wrong(monkeypatch) -> None:
    """Were the estimate far too low (here: its bytes per transition taken as almost nothing), the search
    still stops when it has made the transitions the budget holds, and the odds are simulated."""
    monkeypatch.setattr(odds_budget, "BYTES_PER_ESTIMATED", 1e-6)
    monkeypatch.setattr(odds_budget, "SECONDS_PER_ESTIMATED", 1e-12)
    spec = spec_of(mixed(9))
    tiny = OddsBudget(memory_mb=1)
    assert tiny.max_transitions == 2**20 // odds_budget.BYTES_PER_TRANSITION
    with pytest.raises(NotExact, match="transitions"):
        exact_odds(spec, tiny)
    out = battle_odds(spec, 300, tiny)
    assert out["exact"] is False and "transitions" in out["reason"]


def test_the_simulation_stops_at_its_time_limit_and_says_so() -> None:
    spec = spec_of(mixed(12))
    out = simulated_odds(spec, 10**7, seconds=0.3, reason="why not")
    assert 1 <= out["battles"] < 10**7
    assert out["reason"].startswith("why not; the simulation stopped after 0 s with")
    assert sum(out["results"].values()) == pytest.approx(1.0)
    again = simulated_odds(spec, out["battles"])                      # the same battles, seeded: the same odds
    assert again["results"] == out["results"] and "reason" not in again


def test_a_volley_of_hundreds_of_dice_does_not_overflow_and_a_big_battle_answers() -> None:
    assert _multinomial((300, 300), [0.5, 0.5]) == pytest.approx(0.0325, abs=1e-3)   # C(600, 300) / 2**600
    assert _multinomial((2, 0), [1.0, 0.0]) == 1.0 and _multinomial((1, 1), [1.0, 0.0]) == 0.0
    raw = battle([unit(f"a{i}", "infantry") for i in range(150)] + [unit("aa", "fighter")],
                 [unit(f"d{i}", "infantry") for i in range(150)] + [unit("aaa", "aaa")], seed=1)
    out = battle_odds(spec_of(raw), 50, OddsBudget(simulation_seconds=5.0))
    assert out["exact"] is False and out["battles"] >= 1 and "reason" in out


def test_the_command_takes_a_memory_budget(tmp_path: Path) -> None:
    path = tmp_path / "b.json"
    path.write_text(json.dumps(mixed(9)), encoding="utf-8")
    run = [sys.executable, "-m", "kriegsspiel", "battle", str(path), "--odds", "200"]
    done = subprocess.run(run + ["--memory", "1"], capture_output=True, text=True, env=ENV, timeout=300)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["exact"] is False and out["battles"] == 200 and "1 MB" in out["reason"]
    done = subprocess.run(run, capture_output=True, text=True, env=ENV, timeout=300)
    assert done.returncode == 0 and json.loads(done.stdout)["exact"] is True
    bad = subprocess.run(run + ["--memory", "0"], capture_output=True, text=True, env=ENV, timeout=300)
    assert bad.returncode == 2 and "--memory 0: give the exact search at least 1 MB" in bad.stderr
