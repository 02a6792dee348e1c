"""The unit-profiles rule set as data: the 49 units as the rulings' section 2 lists them, every switch and
[A&A]/[house] value named and marked, and a loader whose errors name the key."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from kriegsspiel.errors import UserError
from kriegsspiel.rulesets.unit_profiles import describe, load_rules, load_rules_file
from kriegsspiel.rulesets.unit_profiles.data import DATA_FILE


def test_49_units_by_domain_in_the_chapters_order() -> None:
    rules = load_rules()
    assert len(rules.units) == 49
    by_domain: dict[str, int] = {}
    for u in rules.units.values():
        by_domain[u.domain] = by_domain.get(u.domain, 0) + 1
    assert by_domain == {"land": 22, "air": 7, "naval": 18, "structure": 2}
    assert [u.number for u in sorted(rules.units.values(), key=lambda u: u.number)] == list(range(1, 50))


def test_facts_the_program_relies_on() -> None:
    # rulings 2.5
    units = load_rules().units
    assert {k for k, u in units.items() if not u.buildable} == {
        "auxiliaries", "auxiliary-cruiser", "torpedo-boat-destroyer", "dreadnaught", "coastal-submarine",
        "cruiser", "supply-column"}
    assert {k for k, u in units.items() if u.first_strike == "always"} == {
        "anti-tank-gun", "light-artillery", "artillery", "heavy-artillery", "self-propelled-gun"}
    assert {k for k, u in units.items() if u.first_strike == "unless-destroyer"} == {"coastal-submarine", "submarine"}
    assert {k: u.hits for k, u in units.items() if u.hits > 1} == {
        "dreadnaught": 2, "battleship": 2, "fast-battleship": 2, "carrier": 2, "juggernaut": 3, "armored-carrier": 3}
    for u in units.values():
        for value in (u.attack, u.defense):
            assert value is None or 1 <= value <= 11


@pytest.mark.parametrize(("key", "cost", "attack", "defense", "move", "extra"), [
    ("fighter", 10, 2, 2, 4, {"attack_vs": {"aircraft": 6}, "defense_vs": {"aircraft": 5}}),     # R22.7, C05
    ("juggernaut", 21, 11, 8, 3, {"attack_damaged": [7, 5], "defense_damaged": [5, 4], "bombard": 6}),
    ("anti-tank-gun", 3, 1, 1, 2, {"attack_vs": {"armor": 3}, "defense_vs": {"armor": 2}}),
    ("coastal-submarine", None, 2, 1, 1, {"cannot_hit": ["aircraft"]}),                           # C16
    ("torpedo-bomber", 11, 6, None, 4, {"attack_only": ["naval"], "firer_picks": "naval"}),       # C14
    ("carrier", 17, None, 2, 2, {"air_defense": True, "hits": 2, "cargo": 2}),
    ("fortress", 20, None, 5, 0, {"requires": ["engineers", "one-per-territory"]}),
    ("heavy-armor", 11, 5, 4, 1, {"requires": ["major-ic", "placed-at-major-ic"]}),
])
def test_unit_values_as_ruled(key: str, cost, attack, defense, move, extra: dict) -> None:
    d = describe()["units"][key]
    assert (d["cost"], d["attack"], d["defense"], d["move"]) == (cost, attack, defense, move)
    for name, value in extra.items():
        assert d[name] == value, name


def test_describe_is_json_with_all_49_units_and_switches() -> None:
    d = json.loads(json.dumps(describe()))
    assert len(d["units"]) == 49 and d["id"] == "unit-profiles"
    assert set(d["variants"]) == {"artillery_supports_paratroopers_attack", "reconnaissance_rerolls_any_die"}
    assert d["switches"] == {"supply_rules": True, "amphibious_penalty": True, "home_guard": False,
                             "first_strike_on_defense": True, "gun_director_penalty": True, "research": False}
    assert d["values"]["aaa_hit"] == 2 and d["bonuses"]["fortress"]["per_supporter"] == 3


HOUSE_VALUES = ("modified_minimum", "rerolls_per_die", "aaa_hit", "aaa_max_dice", "out_of_supply", "amphibious",
                "gun_director_no_carrier", "gun_director_cruiser", "combined_arms", "fortress_coastal_dice",
                "max_rounds", "major_ic_units", "minor_ic_units", "colonial_per_territory", "cruiser_price",
                "research_die_cost", "research_success", "track_cost")


def test_every_switch_and_house_value_is_marked_house_rule() -> None:
    text = DATA_FILE.read_text(encoding="utf-8")
    section = None
    for line in text.splitlines():
        header = re.match(r"\[(\w[\w.-]*)\]", line)
        if header:
            section = header.group(1)
            continue
        key = re.match(r"([\w-]+)\s*=", line)
        if not key:
            continue
        if section in ("variants", "switches") or (section == "values" and key.group(1) in HOUSE_VALUES):
            assert "# house rule" in line, f"[{section}] {key.group(1)} lacks '# house rule'"


@pytest.mark.parametrize(("old", "new", "named"), [
    ("cost = 3\nattack = 2\ndefense = 3", "cost = 3\nattack = 13\ndefense = 3", "[units.infantry].attack"),
    ("domain = \"naval\"\nclasses = [\"naval\", \"warship\", \"destroyer\"]",
     "domain = \"naval\"\nclasses = [\"naval\", \"warship\", \"destroyr\"]", "[units.destroyer].classes"),
    ("aaa_hit = 2 ", "aaa_hit = \"two\" ", "[values].aaa_hit"),
    ("home_guard = false", "home_guard = 0", "[switches].home_guard"),
    ("hits = 3\nmove = 3", "hits = 3\nspeed = 3", "[units.juggernaut]"),
    ("[bonuses.sp]\nside = \"attack\"", "[bonuses.sp]\nside = \"sideways\"", "[bonuses.sp].side"),
])
def test_a_broken_file_names_the_key(tmp_path: Path, old: str, new: str, named: str) -> None:
    text = DATA_FILE.read_text(encoding="utf-8")
    assert old in text
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(UserError) as info:
        load_rules_file(broken)
    assert named in str(info.value) and str(broken) in str(info.value)


def test_not_toml_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("units = [", encoding="utf-8")
    with pytest.raises(UserError, match="bad.toml: not valid TOML"):
        load_rules_file(bad)
