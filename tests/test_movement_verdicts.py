"""What a refusal says, to the digit and the word: the terrain a refused path crosses, distances with just
enough decimals never to read as the range, ranges with a float's tolerance, commands without a range.
(Mutation testing found these unpinned; they are what the umpire reads.)"""
from __future__ import annotations

import dataclasses
import re

import numpy as np
import pytest

from kriegsspiel.core.geometry import WorldPoint as P
from kriegsspiel.core.movement import _check as mv
from kriegsspiel.core.ruleset import CommandStats
from test_movement_fixtures import FOREST, HILLS, MOUNTAINS, PLAINS, battlefield, ruleset

RULES = ruleset()


def strips(*kinds: int) -> np.ndarray:
    """A map of one row band per kind, west to east: 4 columns of each, 6 rows."""
    return np.repeat(np.array(kinds, dtype=np.int16), 4)[None, :].repeat(6, axis=0)


@pytest.mark.parametrize("kinds, words", [
    ((PLAINS, FOREST), "forest and plains cost"),
    ((PLAINS, FOREST, MOUNTAINS), "mountains, forest and plains cost"),
    ((PLAINS, FOREST, HILLS, MOUNTAINS), "mountains, (forest, hills|hills, forest) and other terrain cost"),
])
def test_a_refused_move_names_the_terrain_it_crosses_dearest_first(kinds, words) -> None:
    t = strips(*kinds)
    verdict = mv.check_move(battlefield(t), RULES, "infantry", P(0.5, 3.0), P(4 * len(kinds) - 0.5, 3.0),
                            allowance_left=1.0)
    assert not verdict.legal and re.match(words + " ", verdict.reason), verdict.reason
    assert verdict.reason.endswith(", infantry has 1 left")


@pytest.mark.parametrize("away, shown", [
    (10.041, "10.04"), (10.0041, "10.004"), (10.00041, "10.0004"), (10.0000041, "10.000004"), (10.3, "10.3"),
])
def test_a_distance_beyond_the_range_shows_just_enough_decimals(away: float, shown: str) -> None:
    assert mv.range_reason(P(0, 0), P(0, away), 10.0, "fire") == f"target is {shown} away; fire range is 10"


def test_a_long_range_allows_for_float_rounding_in_proportion() -> None:
    far = 1_000_000.0
    assert mv.in_range(P(0, 0), P(0, far + 1e-4), far)  # 1e-10 of the range: rounding, not distance
    assert not mv.in_range(P(0, 0), P(0, far + 0.01), far)


def test_a_command_without_a_range_always_reaches() -> None:
    artillery = dataclasses.replace(RULES.unit_type("light-artillery"), commands={"split": CommandStats(None, None)})
    rules = dataclasses.replace(RULES, unit_types={**RULES.unit_types, "light-artillery": artillery}, constants={})
    assert mv.range_check(rules, "light-artillery", "split", P(0, 0), P(500, 500)) is None


def test_a_hyphenated_command_reads_its_constant_with_an_underscore() -> None:
    ship = dataclasses.replace(RULES.unit_type("destroyer"), commands={"depth-charge": CommandStats(6, None)})
    rules = dataclasses.replace(RULES, unit_types={**RULES.unit_types, "destroyer": ship},
                                constants={"depth_charge_reach": 3.0})
    assert mv.command_range(rules, "destroyer", "depth-charge") == 3.0
