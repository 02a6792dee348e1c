"""The area games as installed rule sets: found through their entry points, described by ``kriegsspiel rules``,
refused by name where a battlefield of terrain is needed."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from kriegsspiel.errors import UserError
from kriegsspiel.rulesets import load_ruleset, shipped_rulesets


def _rules(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kriegsspiel", "rules", *args], capture_output=True, text=True,
                          env={**os.environ, "SDL_VIDEODRIVER": "dummy"}, timeout=120)


def test_both_area_games_are_installed_beside_the_ruler_games() -> None:
    from kriegsspiel.core.plugin import installed_rulesets

    kinds = {name: r.kind for name, r in installed_rulesets().items()}
    assert {"diplomacy": "area", "unit-profiles": "area", "modern-4e": "ruler", "kriegsspiel-v3": "ruler"}.items() \
        <= kinds.items()
    assert shipped_rulesets() == ["kriegsspiel-v3", "modern-4e"], "battlefield rule sets only"


def test_rules_unit_profiles_json_gives_all_49_units() -> None:
    done = _rules("unit-profiles", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["kind"] == "area" and data["die"] == 12
    assert len(data["units"]) == 49
    assert sorted(u["number"] for u in data["units"].values()) == list(range(1, 50))
    assert data["units"]["infantry"]["attack"] == 2 and data["units"]["infantry"]["defense"] == 3


def test_rules_unit_profiles_as_a_table_for_people() -> None:
    done = _rules("unit-profiles")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "49 unit types" in lines[0]
    infantry = next(line for line in lines if line.split()[1:2] == ["infantry"])
    assert infantry.split() == ["3", "infantry", "land", "3", "2", "3", "2", "1"]


def test_rules_diplomacy_describes_the_standard_board() -> None:
    done = _rules("diplomacy", "--json")
    assert done.returncode == 0, done.stderr
    board = json.loads(done.stdout)["standard_board"]
    assert (board["provinces"], board["impassable"], board["supply_centres"]) == (75, ["SWI"], 34)
    text = _rules("diplomacy")
    assert "75 provinces and 1 impassable (SWI), 34 supply centres" in text.stdout


@pytest.mark.parametrize("name", ["diplomacy", "unit-profiles"])
def test_an_area_game_is_no_battlefield_rule_set(name: str) -> None:
    with pytest.raises(UserError, match=f"'{name}' is an area game .* it plays on a province map"):
        load_ruleset(name)
