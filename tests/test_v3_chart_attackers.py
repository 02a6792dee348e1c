"""Who may attack on each Ruleset V3 combat chart (``[combat.charts.*] attackers``): the loader's errors, the
combat order's refusal and the umpire's force, ``kriegsspiel rules``, ``man combat``, and a save made before
the key existed, which still opens."""
from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path

import pytest

from kriegsspiel.cli import main
from kriegsspiel.core.game import apply
from kriegsspiel.core.commands import Force
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.ruleset import RuleBook, RuleBookError
from kriegsspiel.rulesets import parse_rulebook
from kriegsspiel.core.state import UnitSetup
from kriegsspiel.rulesets.kriegsspiel_v3.commands import Combat
from kriegsspiel.rulesets import load_ruleset, ruleset_file
from kriegsspiel.store import Game
from kriegsspiel.store import verify_save
from test_v3_combat import at, game
from kriegsspiel.rulesets.kriegsspiel_v3 import RULESET as _V3
from kriegsspiel.rulesets.kriegsspiel_v3.state import pending_combat
from kriegsspiel.rulesets.kriegsspiel_v3.rules import combat_tables


def parse_ruleset(data, source: str) -> RuleBook:
    """A V3 file read with V3's own tables, as the loader reads it."""
    return parse_rulebook(data, source, _V3)

V3 = "kriegsspiel-v3"
RAW = tomllib.loads(ruleset_file(V3).read_text(encoding="utf-8"))
SCENARIO = Path(__file__).resolve().parent.parent / "kriegsspiel" / "data" / "scenarios" / "v3-weistritz.toml"
INFANTRY_ARMS = ("infantry", "skirmishers", "pioneers")


def _parse(edit) -> RuleBook:
    data = copy.deepcopy(RAW)
    edit(data)
    return parse_ruleset(data, "v3.toml")


def _chart(data: dict, chart: str) -> dict:
    return data["combat"]["charts"][chart]


# --- the shipped file --------------------------------------------------------------------------------------

@pytest.mark.parametrize("chart, attackers", [
    ("firefight", INFANTRY_ARMS), ("volley", INFANTRY_ARMS), ("artillery", ("artillery",)), ("melee", None)])
def test_the_shipped_charts_name_their_attackers(chart: str, attackers: tuple[str, ...] | None) -> None:
    assert combat_tables(load_ruleset(V3)).chart(chart).attackers == attackers


def test_each_attackers_line_is_a_quote_or_a_house_rule() -> None:
    text = ruleset_file(V3).read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line.startswith("attackers")]
    assert len(lines) == 3
    assert all("# house rule" in line for line in lines)
    assert 'attackers = ["artillery"]   # house rule: "This chart depicts Artillery"' in lines
    assert "# no attackers: every unit type may fight hand to hand (house rule" in text


# --- the loader ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("edit, expected", [
    (lambda d: _chart(d, "artillery").update(attackers=["artilery"]),
     "v3.toml: [combat.charts.artillery] attackers: unknown unit type 'artilery'; did you mean 'artillery'? "
     "unit types: infantry, skirmishers, cavalry, artillery, pioneers, officer, courier, supply-wagon"),
    (lambda d: _chart(d, "melee").update(attackers=["infantry", "hussars"]),
     "v3.toml: [combat.charts.melee] attackers: unknown unit type 'hussars'; unit types: infantry,"),
    (lambda d: _chart(d, "volley").update(attackers=[]),
     "v3.toml: [combat.charts.volley] attackers: empty; name the unit types that may attack on this chart, or "
     "leave the key out for every unit type"),
    (lambda d: _chart(d, "volley").update(attackers="infantry"),
     "v3.toml: [combat.charts.volley] attackers: expected a list of names in quotes, got"),
    (lambda d: _chart(d, "firefight").update(attackers=["infantry", "infantry"]),
     "v3.toml: [combat.charts.firefight] attackers: 'infantry' is named twice"),
    (lambda d: _chart(d, "volley").update(attackers=["infantry", "cavalry"]),
     "v3.toml: [combat.charts.volley] attackers: 'cavalry' has no weapon in [combat.ranges] and cannot fire on "
     "this chart; add [combat.ranges.cavalry] or drop it"),
    (lambda d: d["combat"]["ranges"].pop("pioneers"),
     "v3.toml: [combat.charts.firefight] attackers: 'pioneers' has no weapon in [combat.ranges]"),
    (lambda d: _chart(d, "melee").update(atackers=["infantry"]),
     "v3.toml: [combat.charts.melee] atackers: unknown key; did you mean 'attackers'?"),
])
def test_a_broken_attackers_key_is_one_error_naming_file_table_and_key(edit, expected: str) -> None:
    with pytest.raises(RuleBookError) as info:
        _parse(edit)
    assert str(info.value).startswith(expected), str(info.value)
    assert "\n" not in str(info.value)


def test_a_hand_to_hand_chart_may_list_arms_without_a_range_and_no_key_means_everyone() -> None:
    rules = combat_tables(_parse(lambda d: _chart(d, "melee").update(attackers=["cavalry", "infantry"])))
    melee = rules.chart("melee")
    assert melee.may_attack("cavalry") and not melee.may_attack("artillery")
    everyone = combat_tables(_parse(lambda d: _chart(d, "artillery").pop("attackers"))).chart("artillery")
    assert everyone.attackers is None and everyone.may_attack("courier")


# --- the combat order ----------------------------------------------------------------------------------------

def _field() -> object:
    return game([UnitSetup("jaeger", "skirmishers", "Blue", at(300, 250)),
                 UnitSetup("ir1", "infantry", "Blue", at(300, 300)),
                 UnitSetup("guns", "artillery", "Blue", at(250, 250)),
                 UnitSetup("adc", "courier", "Blue", at(360, 260)),
                 UnitSetup("r1", "infantry", "Red", at(400, 275))])


@pytest.mark.parametrize("chart, attackers, reason", [
    ("artillery", ("jaeger",), "jaeger (skirmishers) cannot fire on the artillery chart: it is for artillery"),
    ("artillery", ("guns", "ir1"), "ir1 (infantry) cannot fire on the artillery chart: it is for artillery"),
    ("volley", ("guns",),
     "guns (artillery) cannot fire on the volley chart: it is for infantry, skirmishers, pioneers"),
    ("firefight", ("ir1", "guns"),
     "guns (artillery) cannot fire on the firefight chart: it is for infantry, skirmishers, pioneers"),
])
def test_an_arm_the_chart_does_not_list_is_refused_and_the_umpire_may_force_it(
        chart: str, attackers: tuple[str, ...], reason: str) -> None:
    state = _field()
    refused = apply(state, Combat(chart, attackers, ("r1",)), Dice(1, 1))
    assert not refused.accepted and refused.forceable
    assert refused.reason == reason + " (force to override)"
    dice = Dice(1, 1)
    forced = apply(state, Force(Combat(chart, attackers, ("r1",))), dice)
    assert forced.accepted and reason in forced.overridden
    assert pending_combat(forced.state).chart == chart and len(dice.rolls) == 1


@pytest.mark.parametrize("chart, attackers", [
    ("artillery", ("guns",)), ("volley", ("jaeger", "ir1")), ("firefight", ("ir1",)), ("melee", ("adc",))])
def test_a_listed_arm_rolls(chart: str, attackers: tuple[str, ...]) -> None:
    state = _field()
    if chart == "melee":  # hand to hand needs the enemy within reach
        state = state.with_units(state.units["adc"].replace(position=at(390, 270)))
    result = apply(state, Combat(chart, attackers, ("r1",)), Dice(1, 1))
    assert result.accepted and not result.overridden, result


# --- what the umpire reads -----------------------------------------------------------------------------------

def test_kriegsspiel_rules_shows_who_may_attack_in_text_and_json(capsys) -> None:
    assert main(["rules", V3]) == 0
    lines = [" ".join(line.split()) for line in capsys.readouterr().out.splitlines()]
    for expected in ("Who may attack on each chart (others are refused; the umpire may force)",
                     "firefight infantry, skirmishers, pioneers", "melee every unit type",
                     "artillery artillery", "volley infantry, skirmishers, pioneers"):
        assert expected in lines, expected
    assert main(["rules", V3, "--json"]) == 0
    charts = json.loads(capsys.readouterr().out)["combat"]["charts"]
    assert {c: charts[c]["attackers"] for c in charts} == {
        "firefight": list(INFANTRY_ARMS), "melee": None, "artillery": ["artillery"], "volley": list(INFANTRY_ARMS)}


def test_man_combat_names_the_attackers_of_each_chart() -> None:
    from kriegsspiel.core.game import rules_for

    page = " ".join(rules_for(load_ruleset(V3)).manual.man_page("combat", load_ruleset(V3)).split())
    assert ("attackers by chart: firefight: infantry, skirmishers, pioneers; melee: every unit type; artillery: "
            "artillery; volley: infantry, skirmishers, pioneers (another attacker is refused; force overrides)") in page


# --- a save made before the key ------------------------------------------------------------------------------

def _without_attackers(ruleset_id: str) -> RuleBook:
    data = copy.deepcopy(RAW)
    for chart in data["combat"]["charts"].values():
        chart.pop("attackers", None)
    return parse_ruleset(data, f"{ruleset_id}.toml")


def test_a_save_where_skirmishers_fired_on_the_artillery_chart_still_opens_with_a_note(tmp_path: Path) -> None:
    save = tmp_path / "before.kssave"
    with Game.new(SCENARIO, save, ruleset_loader=_without_attackers) as before:
        assert before.submit("force move grenzer > 530,812").accepted
        assert before.submit("combat artillery jaeger > grenzer").accepted
        assert before.submit("resolve").accepted
        hit = before.state.units["grenzer"]
    with Game.open(save) as now:
        assert now.state.units["grenzer"] == hit
        assert any("record 2" in note and "the rules now refuse it (jaeger (skirmishers) cannot fire on the "
                   "artillery chart" in note for note in now.notes), now.notes
    assert not verify_save(save).intact
