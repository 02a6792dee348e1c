"""The first game state built from a setup, and the state's small helpers."""
from __future__ import annotations

import dataclasses

import pytest

from fixtures_core import UNITS, battlefield, ruleset, setup, state
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.state import UnitSetup
from kriegsspiel.core.state import initial_state, summary_json, turn_order
from kriegsspiel.rulesets.modern_4e.state import fourth_state


def test_units_start_with_their_type_defaults() -> None:
    s = state()
    assert list(s.units) == [u.id for u in UNITS]
    assert s.units["va1"].health == 4  # infantry full health
    assert s.units["va3"].health == 3  # the scenario's value
    assert s.units["sub1"].hidden is True  # submarines are hidden by default
    assert s.units["va1"].hidden is False
    assert s.units["dd1"].heading == 0.0
    assert s.units["va1"].heading is None
    assert s.units["va1"].size == 1.0
    assert s.round == 1 and s.side_to_move == "Rebel" and not s.finished


def test_starting_health_and_warheads_per_side() -> None:
    s = state()
    # Rebel: 4 + 4 + 3 + 6 + 1 (attack submarine); Crown: 12 (light cavalry) + 4 + 8 (destroyer)
    assert dict(s.starting_health) == {"Rebel": 18, "Crown": 24}
    assert dict(fourth_state(s).warheads) == {"Rebel": 0, "Crown": 1}


def test_the_state_is_frozen() -> None:
    s = state()
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.round = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        s.units["va1"] = s.units["va2"]  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.units["va1"].health = 1  # type: ignore[misc]


def test_with_units_replaces_adds_and_removes() -> None:
    s = state()
    moved = s.units["va1"].replace(position=WorldPoint(3, 3))
    new = s.units["va2"].replace(id="va9")
    t = s.with_units(moved, new, removed=("va2",))
    assert t.units["va1"].position == WorldPoint(3, 3)
    assert "va2" not in t.units and list(t.units)[-1] == "va9"
    assert s.units["va1"].position == WorldPoint(1.5, 5.5)  # the old state is unchanged


def test_turn_order_starts_from_the_first_side() -> None:
    assert turn_order(state()) == ("Rebel", "Crown")
    assert turn_order(state(first_side="Crown")) == ("Crown", "Rebel")


def test_allowance_left() -> None:
    s = state()
    va1 = s.units["va1"]
    assert s.allowance_left(va1) == 10
    assert s.allowance_left(va1.replace(movement_used=7.5)) == 2.5
    assert s.allowance_left(va1.replace(movement_used=12)) == 0  # a forced move may overdraw


def test_summary_json_is_the_replay_format() -> None:
    data = summary_json(state())
    assert data["round"] == 1 and data["side"] == "Rebel"
    assert data["units"]["dd1"] == {
        "type": "destroyer", "side": "Crown", "x": 16.5, "y": 5.5, "health": 8, "heading": 0.0, "hidden": False,
    }


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"first_side": "Hessians"}, "first side 'Hessians' is not a side; sides: Rebel, Crown"),
        ({"units": (UnitSetup("x", "dragoon", "Rebel", WorldPoint(1, 1)),)}, "unit x: unknown unit type 'dragoon'"),
        ({"units": UNITS + (UNITS[0],)}, "unit id 'va1' is used twice"),
    ],
)
def test_a_setup_the_loader_should_have_caught_is_refused_in_words(changes, message) -> None:
    with pytest.raises(ValueError) as caught:
        initial_state(setup(**changes), battlefield(), ruleset())
    assert message in str(caught.value)


def test_same_compares_the_game_not_the_objects() -> None:
    a, b = state(), state()
    assert a.same(b)
    assert not a.same(b.with_units(b.units["va1"].replace(health=3)))
    assert not a.same(b.replace(round=2))
    assert not a.same(b.with_units(removed=("va1",)).with_units(b.units["va1"]))  # the order of units counts
