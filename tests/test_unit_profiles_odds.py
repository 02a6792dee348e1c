"""The odds: exact where the battle allows, checked against brute-force enumeration of every die face of every
roll of small battles; the simulation agrees with them within its standard errors; the seeded dice are
SplitMix64."""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

import pytest

from kriegsspiel.rulesets.unit_profiles import (
    DiceExhausted, DiceStream, battle_odds, exact_odds, load_rules, parse_battle, simulated_odds, splitmix_dice,
)
from kriegsspiel.rulesets.unit_profiles.battle import _pre_combat, fight_round
from kriegsspiel.rulesets.unit_profiles.steps import battle_over, initial_position
from unit_profiles_helpers import battle, unit


def every_face(fn: Callable[[DiceStream], Any]) -> list[tuple[Any, float]]:
    """Run fn on every sequence of d12 faces it consumes (depth first; a run that wants one more die is
    extended by each of the 12 faces), with the probability of each sequence."""
    out = []
    stack: list[tuple[int, ...]] = [()]
    while stack:
        prefix = stack.pop()
        try:
            result = fn(DiceStream(prefix, None))
        except DiceExhausted:
            stack.extend(prefix + (face,) for face in range(1, 13))
            continue
        out.append((result, 12.0 ** -len(prefix)))
    return out


def brute_force(raw: dict) -> dict[str, Any]:
    """Results, mean rounds and mean survivors by type from raw dice, round after round (positions merged)."""
    spec = parse_battle(raw, load_rules())
    results: dict[str, float] = defaultdict(float)
    rounds_mean = 0.0
    survivors: dict[str, float] = defaultdict(float)

    def finish(pos, result: str, rnd: int, p: float) -> None:
        nonlocal rounds_mean
        results[result] += p
        rounds_mean += p * rnd
        for u in spec.units:
            if pos.status[u.index] not in (1, 2) and u.side == 0:
                survivors[u.type] += p

    active: dict[Any, float] = defaultdict(float)
    for pos, p in every_face(lambda d: _pre_combat(spec, initial_position(spec), d, {}, [])):
        result = battle_over(spec, pos, 1)
        if result:
            finish(pos, result, 0, p)
        else:
            active[pos] += p
    for rnd in range(1, spec.max_rounds + 1):
        nxt: dict[Any, float] = defaultdict(float)
        for pos, p in active.items():
            for (new, _, _, _, result), q in every_face(lambda d, pos=pos: fight_round(spec, pos, rnd, d)):
                if result:
                    finish(new, result, rnd, p * q)
                else:
                    nxt[new] += p * q
        active = nxt
    assert not active
    return {"results": dict(results), "rounds_mean": rounds_mean, "survivors": dict(survivors)}


SMALL = {
    "first strike and support": battle([unit("i", "infantry"), unit("a", "artillery")], [unit("d", "infantry")],
                                       max_rounds=3),
    "reconnaissance re-roll": battle([unit("ac", "armored-car"), unit("a", "artillery")], [unit("d", "infantry")],
                                     max_rounds=2),
    "anti-tank eligibility": battle([unit("at", "anti-tank-gun")],
                                    [unit("t", "armor"), unit("d", "infantry")], max_rounds=2),
    "capital ship and aircraft at sea": battle([unit("f", "fighter"), unit("dd", "destroyer")],
                                               [unit("bb", "battleship")], kind="sea", max_rounds=3),
    "firer picks, combined arms, retreat": battle(
        [unit("db", "dive-bomber"), unit("t", "armor")], [unit("d", "infantry"), unit("a", "artillery")],
        max_rounds=2, policy={"attacker": {"retreat": {"after_round": 1}}}),
    "retreat in round 2, landed units fight on": battle(
        [unit("l", "infantry", landed=True), unit("i", "infantry")], [unit("d", "infantry")], amphibious=True,
        max_rounds=3, policy={"attacker": {"retreat": {"after_round": 2}}}),
    "the firer's targets, one hit each (R05.3)": battle(
        [unit("tb1", "torpedo-bomber"), unit("tb2", "torpedo-bomber")],
        [unit("bb", "battleship"), unit("dd", "destroyer")], kind="sea", max_rounds=2,
        policy={"attacker": {"targets": ["dd", "bb"]}}),
    # R05.3: the Torpedo Bomber places its own hit, the Airship does not, at the same need against the same
    # targets; the odds once failed here comparing the one's "naval" with the other's None (an internal error)
    "a firer that picks beside one that does not, same need": battle(
        [unit("as", "airship"), unit("tb", "torpedo-bomber")], [unit("dd", "destroyer")], kind="sea", max_rounds=2),
    "transports last": battle([unit("s", "submarine")], [unit("tr", "troopship"), unit("cv", "escort-carrier")],
                              kind="sea", max_rounds=3),
}


@pytest.mark.parametrize("name", list(SMALL))
def test_exact_odds_equal_brute_force(name: str) -> None:
    raw = SMALL[name]
    exact = exact_odds(parse_battle(raw, load_rules()))
    brute = brute_force(raw)
    assert exact["exact"] is True
    for result, p in exact["results"].items():
        assert p == pytest.approx(brute["results"].get(result, 0.0), abs=2e-6), result
    assert exact["rounds_mean"] == pytest.approx(brute["rounds_mean"], abs=2e-6)
    for kind, mean in brute["survivors"].items():
        assert exact["survivors_mean"]["attacker"].get(kind, 0.0) == pytest.approx(mean, abs=2e-6)


def test_simulation_agrees_within_its_standard_errors() -> None:
    raw = battle([unit("i1", "infantry"), unit("i2", "infantry"), unit("a", "artillery"), unit("t", "armor")],
                 [unit("d1", "infantry"), unit("d2", "infantry"), unit("at", "anti-tank-gun")], seed=5)
    spec = parse_battle(raw, load_rules())
    exact = exact_odds(spec)
    sim = simulated_odds(spec, 1500)
    assert sim["exact"] is False and sim["battles"] == 1500
    for result, p in exact["results"].items():
        assert abs(sim["results"][result] - p) <= 4 * max(sim["stderr"][result], 1e-3), result


def test_shared_reroll_allowance_falls_back_to_simulation() -> None:
    raw = battle([unit(f"i{n}", "infantry") for n in range(3)],
                 [unit("ac", "armored-car"), unit("d", "infantry")], seed=2,
                 switches={"reconnaissance_rerolls_any_die": True})
    out = battle_odds(parse_battle(raw, load_rules()), 200)
    assert out["exact"] is False and out["battles"] == 200 and set(out["stderr"]) == set(out["results"])
    again = battle_odds(parse_battle(raw, load_rules()), 200)
    assert again == out   # seeded: the same every run


def test_seeded_dice_are_splitmix64() -> None:
    # SplitMix64 from state 0: first output 0xE220A8397B1DCDAF (the published test vector)
    assert splitmix_dice(0, 1)[0] == 1 + 0xE220A8397B1DCDAF % 12
    stream = DiceStream([5, 6], 0)
    assert [stream.next() for _ in range(3)] == [5, 6, splitmix_dice(0, 1)[0]]
    given_only = DiceStream([1], None)
    assert given_only.next() == 1
    with pytest.raises(DiceExhausted):
        given_only.next()
