"""The printed odds hold: statistical tests with fixed seeds, enough trials, bounds of 4 standard deviations.

Each test plays one order many times, each with the dice of another journal record (``Dice(seed, index)``), and
counts the outcomes. With n trials and probability p the count's standard deviation is sqrt(n p (1 - p)); a
count within 4 of them of n p passes. The seeds are fixed, so the tests are deterministic.
"""
from __future__ import annotations

import math
from collections import Counter

import pytest

from test_combat_land import U, skirmish
from kriegsspiel.core.game import Accepted, apply
from kriegsspiel.rulesets.modern_4e.events import Destroyed, Disabled, Rolled
from kriegsspiel.core.dice import Dice
from kriegsspiel.rulesets.modern_4e import RULES
from kriegsspiel.core.state import GameState

parse_command = RULES.parse  # the game's notation: the core's words and the rule set's

TRIALS = 3000


def within_four_sigma(count: int, trials: int, p: float) -> bool:
    sigma = math.sqrt(trials * p * (1 - p))
    return abs(count - trials * p) <= 4 * sigma


def outcomes(state: GameState, line: str, trials: int = TRIALS, seed: int = 20240601) -> list[Accepted]:
    command = parse_command(line)
    results = []
    for index in range(trials):
        out = apply(state, command, Dice(seed, index))
        assert isinstance(out, Accepted), out
        results.append(out)
    return results


def test_torpedo_sinks_one_in_six_else_one_to_five_uniform() -> None:
    s = skirmish(U("sub", "attack-submarine", "Blue", 15.5, 1.5), U("bb", "battleship", "Red", 17.5, 3.5))
    results = outcomes(s, "torpedo sub > bb")
    sunk = sum(Destroyed("bb", "sunk by torpedo") in o.events for o in results)
    assert within_four_sigma(sunk, TRIALS, 1 / 6)
    damage = Counter(e.value for o in results for e in o.events if isinstance(e, Rolled) and e.purpose == "torpedo damage")
    assert set(damage) == {1, 2, 3, 4, 5}
    hits = TRIALS - sunk
    for face in range(1, 6):
        assert within_four_sigma(damage[face], hits, 1 / 5), (face, damage)


def test_depthcharge_one_in_six_sinks_one_in_six_disables_four_in_six_miss() -> None:
    s = skirmish(U("cv", "carrier", "Blue", 15.5, 8.5), U("rsub", "attack-submarine", "Red", 17.5, 6.5))
    results = outcomes(s, "depthcharge cv > rsub")
    sunk = sum(any(isinstance(e, Destroyed) for e in o.events) for o in results)
    disabled = sum(any(isinstance(e, Disabled) for e in o.events) for o in results)
    assert within_four_sigma(sunk, TRIALS, 1 / 6)
    assert within_four_sigma(disabled, TRIALS, 1 / 6)
    assert within_four_sigma(TRIALS - sunk - disabled, TRIALS, 4 / 6)


@pytest.mark.parametrize(("plane", "odds", "die"), [("light-fighter", 6, 5), ("heavy-fighter", 8, 7)])
def test_kamikaze_sinks_one_in_six_or_eight_and_the_plane_is_lost(plane: str, odds: int, die: int) -> None:
    s = skirmish(U("f", plane, "Blue", 15.5, 1.5), U("bb", "battleship", "Red", 17.5, 3.5))
    results = outcomes(s, "kamikaze f > bb")
    assert all("f" not in o.state.units for o in results)
    sunk = sum(Destroyed("bb", "sunk by kamikaze") in o.events for o in results)
    assert within_four_sigma(sunk, TRIALS, 1 / odds)
    damage = Counter(e.value for o in results for e in o.events if isinstance(e, Rolled) and e.purpose == "kamikaze damage")
    assert set(damage) == set(range(1, die + 1))


def test_pulse_disables_one_in_six() -> None:
    s = skirmish(U("b", "bomber", "Blue", 5.5, 5.5), U("r1", "infantry", "Red", 7.5, 5.5),
                 U("r2", "infantry", "Red", 5.5, 8.5))
    results = outcomes(s, "pulse b > r1")
    worked = [o for o in results if any(isinstance(e, Disabled) for e in o.events)]
    assert within_four_sigma(len(worked), TRIALS, 1 / 6)
    assert all({e.unit for e in o.events if isinstance(e, Disabled)} == {"r1", "r2"} for o in worked)
    assert all(o.state.units["r1"].disabled_rounds == 2 for o in worked)


@pytest.mark.parametrize("fog", [2, 6, 10])
def test_a_message_fails_one_in_fog_of_war(fog: int) -> None:
    s = skirmish(U("b1", "infantry", "Blue", 5.5, 5.5), fog_of_war=fog)
    results = outcomes(s, "message Red parley at noon", trials=2000)
    failed = sum(o.events[0].kind != "message-delivered" for o in results)
    assert within_four_sigma(failed, 2000, 1 / fog)


def test_board_house_rule_odds() -> None:
    s = skirmish(U("cv", "carrier", "Blue", 15.5, 8.5), U("bb", "battleship", "Red", 16.5, 8.5))
    results = outcomes(s, "board cv > bb")
    faces = Counter(next(e.value for e in o.events if isinstance(e, Rolled)) for o in results)
    seized = sum(o.state.units["bb"].side == "Blue" for o in results if "bb" in o.state.units)
    assert within_four_sigma(seized, TRIALS, 1 / 6)
    assert within_four_sigma(faces[3] + faces[4], TRIALS, 2 / 6)


@pytest.mark.parametrize(("line", "unit", "sides"), [
    ("attack b1 > r1", "b1", 4), ("attack c1 > r1", "c1", 10), ("fire art > r1", "art", 8),
    ("missile dd > r1", "dd", 8),
])
def test_rolls_are_uniform_over_one_to_the_table_maximum(line: str, unit: str, sides: int) -> None:
    s = skirmish(U("b1", "infantry", "Blue", 4.5, 4.5), U("c1", "heavy-cavalry", "Blue", 5.5, 4.5),
                 U("art", "light-artillery", "Blue", 1.5, 1.5), U("dd", "destroyer", "Blue", 15.5, 4.5),
                 U("r1", "special", "Red", 6.5, 5.5))
    results = outcomes(s, line, trials=sides * 400)
    faces = Counter(e.value for o in results for e in o.events if isinstance(e, Rolled) and e.unit == unit)
    assert set(faces) == set(range(1, sides + 1))
    n = sum(faces.values())
    for face in range(1, sides + 1):
        assert within_four_sigma(faces[face], n, 1 / sides), (face, faces)
    # and a chi-square far below what an unfair die gives (critical value for 19 degrees of freedom at 0.1%: 43.8)
    chi2 = sum((faces[f] - n / sides) ** 2 / (n / sides) for f in range(1, sides + 1))
    assert chi2 < 43.8


def test_spy_finds_each_hidden_unit_one_in_two_and_reports_falsely_one_in_fog_of_war() -> None:
    from kriegsspiel.rulesets.modern_4e.events import SpyReport

    s = skirmish(U("b1", "infantry", "Blue", 5.5, 5.5), U("r1", "infantry", "Red", 9.5, 5.5, hidden=True),
                 U("r2", "infantry", "Red", 9.5, 8.5, hidden=True), fog_of_war=6)
    reports = [next(e for e in o.events if isinstance(e, SpyReport)) for o in outcomes(s, "spy b1")]
    false = [r for r in reports if r.false_report]
    assert within_four_sigma(len(false), TRIALS, 1 / 6)
    true = [r for r in reports if not r.false_report]
    for unit_id in ("r1", "r2"):
        assert within_four_sigma(sum(unit_id in r.found for r in true), len(true), 1 / 2), unit_id
    assert all(r.found == () for r in false)


@pytest.mark.parametrize(("line", "unit", "sides"), [
    ("dogfight f > rf", "f", 4), ("dogfight f > rf", "rf", 6), ("bomb bmb > r1", "bmb", 8),
    ("sortie cv > bb", "cv", 8), ("sortie cv > bb", "bb", 6), ("kamikaze hf > bb", "hf", 7),
])
def test_the_air_and_sea_rolls_are_uniform_too(line: str, unit: str, sides: int) -> None:
    s = skirmish(U("f", "light-fighter", "Blue", 5.5, 5.5), U("rf", "heavy-fighter", "Red", 8.5, 5.5),
                 U("bmb", "bomber", "Blue", 5.5, 6.5), U("r1", "special", "Red", 7.5, 7.5),
                 U("cv", "carrier", "Blue", 15.5, 1.5), U("bb", "battleship", "Red", 17.5, 8.5),
                 U("hf", "heavy-fighter", "Blue", 16.5, 5.5))
    results = outcomes(s, line, trials=sides * 400)
    faces = Counter(e.value for o in results for e in o.events if isinstance(e, Rolled) and e.unit == unit
                    and e.sides == sides)
    assert set(faces) == set(range(1, sides + 1))
    n = sum(faces.values())
    for face in range(1, sides + 1):
        assert within_four_sigma(faces[face], n, 1 / sides), (face, faces)
