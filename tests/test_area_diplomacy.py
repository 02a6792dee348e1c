"""Diplomacy as an area game (kriegsspiel.core.area.AreaRules over the adjudicator): orders checked as given,
phases resolved with uids kept, skipped phases, retreats, builds, civil disorder, wings, blind views, and the
area scenarios."""
from __future__ import annotations

from pathlib import Path

import pytest

from kriegsspiel.core.area import AreaPosition, AreaUnit
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.plugin import find_ruleset
from kriegsspiel.errors import UserError
from kriegsspiel.scenario.area import check_area_scenario_file, load_area_scenario
from kriegsspiel.tiled.provinces import province_properties

REPO = Path(__file__).resolve().parent.parent
MAP = REPO / "kriegsspiel" / "data" / "maps" / "diplomacy-standard.tmx"


@pytest.fixture(scope="module")
def board() -> tuple:
    _, powers, props = province_properties(str(MAP))
    return powers, props


@pytest.fixture(scope="module")
def rules():
    ruleset = find_ruleset("diplomacy")
    assert ruleset is not None
    return ruleset.area_rules()


def start(rules, board, units, **more) -> AreaPosition:
    powers, props = board
    return rules.start({"units": units, **more}, powers, props, "test.toml")


def where(position: AreaPosition) -> dict[str, tuple[str, str, str]]:
    return {u.uid: (u.power, u.kind, u.where) for u in position.units}


def test_scenarios_load_with_the_standard_start_and_the_wings_ruled():
    plain = load_area_scenario(REPO / "kriegsspiel" / "data" / "scenarios" / "diplomacy-1901.toml")
    position = plain.start()
    assert position.phase == "S1901M" and len(position.units) == 22
    assert sorted(u.where for u in position.units if u.power == "RUSSIA") == ["MOS", "SEV", "STP/SC", "WAR"]
    assert len(position.owners) == 22 and not position.data["air_power"]
    air = load_area_scenario(REPO / "kriegsspiel" / "data" / "scenarios" / "air-power-1901.toml").start()
    wings = sorted(u.where for u in air.units if u.kind == "W")
    assert wings == ["BER", "CON", "LON", "MOS", "PAR", "ROM", "VIE"]
    assert len(air.units) == 29 and air.data["air_power"]
    assert check_area_scenario_file(REPO / "kriegsspiel" / "data" / "scenarios" / "air-power-1901.toml") == []


@pytest.mark.parametrize("change, words", [
    (('ruleset = "diplomacy"', 'ruleset = "chess"'), ["ruleset", "not an area game"]),
    (('map = "../maps/diplomacy-standard.tmx"', 'map = "nowhere.tmx"'), ["[scenario] map", "no such file"]),
    (('"A VIE"', '"A XYZ"'), ["[setup.units] AUSTRIA", "XYZ"]),
    (('"F TRI"', '"F VIE"'), ["fleet cannot stand at VIE"]),
    (('blind = false', 'blind = "no"'), ["blind", "true or false"]),
    (('power = "FRANCE"', 'power = "BURGUNDY"'), ["BURGUNDY", "not one of the map's powers"]),
    (('seed = 1901', 'seed = 1901\ncolour = 3'), ["[scenario] colour", "unknown key"]),
])
def test_a_bad_scenario_names_the_file_line_and_key(tmp_path, change, words):
    text = (REPO / "kriegsspiel" / "data" / "scenarios" / "diplomacy-1901.toml").read_text(encoding="utf-8").replace(*change)
    path = tmp_path / "bad.toml"
    path.write_text(text.replace("../maps/diplomacy-standard.tmx", str(MAP)).replace(
        'map = "nowhere.tmx"', 'map = "nowhere.tmx"'), encoding="utf-8")
    findings = check_area_scenario_file(path)
    assert len(findings) == 1 and findings[0].severity == "error"
    message = findings[0].format()
    assert message.startswith(str(path))
    for word in words:
        assert word in message


def test_orders_are_checked_as_given_and_normalised(rules, board):
    pos = start(rules, board, {"FRANCE": ["A PAR", "F BRE", "A MAR"], "RUSSIA": ["F STP/SC"]})
    ok = rules.check_order(pos, "france", "a par-bur")
    assert ok.accepted and ok.text == "A PAR - BUR" and ok.uid == "u1"
    assert rules.check_order(pos, "RUSSIA", "F STP - BOT").text == "F STP/SC - BOT"
    refusals = {
        ("FRANCE", "A PAR - MUN"): "not next to PAR",
        ("FRANCE", "F BRE - SPA"): "cannot reach SPA",
        ("FRANCE", "A PAR - ENG"): "cannot go to sea",
        ("FRANCE", "A MAR S A PAR - PIC"): "could not move to PIC",
        ("FRANCE", "A BUR - MUN"): "FRANCE has no army in BUR",
        ("RUSSIA", "A PAR H"): "RUSSIA has no army in PAR",
        ("FRANCE", "A PAR B"): "adjustment phase",
        ("FRANCE", "W PAR - BUR"): "Air Power Diplomacy",
        ("FRANCE", "A PAR - XYZ"): "unknown province XYZ",
        ("SPAIN", "A PAR H"): "unknown power SPAIN",
    }
    for (power, text), why in refusals.items():
        verdict = rules.check_order(pos, power, text)
        assert not verdict.accepted and why in (verdict.reason or ""), (text, verdict.reason)
    # a move that needs a convoy is an order the phase decides, not one refused at once
    pos2 = start(rules, board, {"ENGLAND": ["A LON"]})
    assert rules.check_order(pos2, "ENGLAND", "A LON - NWY").accepted


def test_a_phase_resolves_with_uids_kept_and_skips_the_empty_retreat_phase(rules, board):
    pos = start(rules, board, {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A MUN"]})
    res = rules.resolve(pos, {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"]}, Dice(1, 1))
    assert res.position.phase == "F1901M"  # nobody dislodged: no S1901R
    assert any("A PAR - BUR: bounced" in line for line in res.lines)
    res = rules.resolve(res.position, {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR"]}, Dice(1, 2))
    assert where(res.position)["u1"] == ("FRANCE", "A", "BUR")
    assert res.details["moves"] == {"u1": "BUR"}


def test_dislodgement_retreat_and_the_centre_taken_in_the_fall(rules, board):
    pos = start(rules, board, {"FRANCE": ["A BUR", "A PIC"], "GERMANY": ["A BEL"]}, phase="F1901M")
    res = rules.resolve(pos, {"FRANCE": ["A PIC - BEL", "A BUR S A PIC - BEL"]}, Dice(1, 1))
    assert res.position.phase == "F1901R"
    [stuck] = [u for u in res.position.units if u.details.get("dislodged")]
    assert stuck.uid == "u3" and "HOL" in stuck.details["retreats"] and "PIC" not in stuck.details["retreats"]
    assert rules.powers_to_order(res.position) == ("GERMANY",)
    assert not rules.check_order(res.position, "GERMANY", "A BEL R PIC").accepted
    verdict = rules.check_order(res.position, "GERMANY", "A BEL R HOL")
    assert verdict.accepted and verdict.uid == "u3"
    after = rules.resolve(res.position, {"GERMANY": [verdict.text]}, Dice(1, 2))
    assert where(after.position)["u3"] == ("GERMANY", "A", "HOL")
    assert after.position.owners["BEL"] == "FRANCE" and after.position.owners["HOL"] == "GERMANY"
    assert after.position.phase == "W1901A"  # France may build
    assert "FRANCE: takes the supply centre BEL" in after.lines


def test_a_retreat_phase_tells_the_dislodged_unit_alone_not_the_one_that_took_its_place(rules, board):
    """Both armies stand in BEL after the fall (key "A BEL"): the retreat's result is the German army's only;
    France's army, which took BEL, is neither "succeeded" nor "disbanded" in the lines or in France's report."""
    pos = start(rules, board, {"FRANCE": ["A BUR", "A PIC"], "GERMANY": ["A BEL"]}, phase="F1901M")
    fall = rules.resolve(pos, {"FRANCE": ["A PIC - BEL", "A BUR S A PIC - BEL"]}, Dice(1, 1))
    retreated = rules.resolve(fall.position, {"GERMANY": ["A BEL R HOL"]}, Dice(1, 2))
    assert [x for x in retreated.lines if "A BEL" in x] == ["GERMANY: A BEL R HOL: succeeded (to HOL)"]
    unordered = rules.resolve(fall.position, {}, Dice(1, 2))
    assert [x for x in unordered.lines if "A BEL" in x] == ["GERMANY: A BEL (no order): disbanded"]
    assert not any(x.startswith("FRANCE: A BEL") for x in unordered.told["FRANCE"])


@pytest.mark.parametrize(("phase", "written", "now", "same"), [
    ("F1901R", ["GERMANY: A BEL (no order): disbanded", "FRANCE: A BEL (no order): disbanded"],
     ["GERMANY: A BEL (no order): disbanded"], True),
    ("F1901R", ["FRANCE: A BEL (no order): succeeded", "GERMANY: A BEL R HOL: succeeded (to HOL)", "x"],
     ["GERMANY: A BEL R HOL: succeeded (to HOL)", "x"], True),
    # the same lines are not a difference; another line missing or changed is one
    ("F1901R", ["GERMANY: A BEL (no order): disbanded"], ["GERMANY: A BEL (no order): disbanded"], False),
    ("F1901R", ["GERMANY: A BEL (no order): disbanded", "FRANCE: takes the supply centre BEL"],
     ["GERMANY: A BEL (no order): disbanded"], False),
    ("F1901R", ["GERMANY: A BEL (no order): succeeded"], ["GERMANY: A BEL (no order): disbanded"], False),
    # a line of the dislodged unit's own power, or of a unit elsewhere, was never the taker's
    ("F1901R", ["GERMANY: A BEL (no order): disbanded", "GERMANY: A BEL (no order): disbanded"],
     ["GERMANY: A BEL (no order): disbanded"], False),
    ("F1901R", ["GERMANY: A BEL (no order): disbanded", "FRANCE: A PAR (no order): disbanded"],
     ["GERMANY: A BEL (no order): disbanded"], False),
    ("F1901M", ["GERMANY: A BEL (no order): disbanded", "FRANCE: A BEL (no order): disbanded"],
     ["GERMANY: A BEL (no order): disbanded"], False),
])
def test_retreat_lines_of_before_the_fix_are_the_same_phase_and_nothing_else_is(rules, phase, written, now, same):
    assert rules.lines_written_before(phase, written, now) is same


def test_builds_name_their_coast_and_a_power_in_civil_disorder_loses_its_farthest_unit(rules, board):
    pos = start(rules, board, {"RUSSIA": ["A MOS"], "TURKEY": ["A ARM", "A SEV", "A CON", "A SMY"]},
                phase="W1901A", centres={"RUSSIA": ["MOS", "STP", "WAR", "SEV"], "TURKEY": ["CON", "SMY", "ANK"]})
    assert rules.powers_to_order(pos) == ("RUSSIA", "TURKEY")
    assert "name the coast" in rules.check_order(pos, "RUSSIA", "F STP B").reason
    assert rules.check_order(pos, "RUSSIA", "F STP/NC B").accepted
    assert not rules.check_order(pos, "RUSSIA", "A MOS B").accepted  # occupied
    assert not rules.check_order(pos, "RUSSIA", "W WAR B").accepted  # not Air Power Diplomacy
    assert set(rules.place_examples(pos, "RUSSIA", "STP")) == {"A STP B", "F STP/NC B", "F STP/SC B"}
    res = rules.resolve(pos, {"RUSSIA": ["F STP/NC B", "A WAR B"]}, Dice(1, 1))
    built = {u.where: u.uid for u in res.position.units if u.power == "RUSSIA"}
    assert set(built) == {"MOS", "STP/NC", "WAR"} and built["MOS"] == "u1"
    assert len(set(built.values())) == 3
    # Turkey ordered no disband: the unit farthest from its home centres (ARM vs SEV) goes
    turkish = sorted(u.where for u in res.position.units if u.power == "TURKEY")
    assert turkish == ["ARM", "CON", "SMY"]
    assert res.position.phase == "S1902M"


def test_wings_fly_in_air_power_games(rules, board):
    pos = start(rules, board, {"FRANCE": ["A PAR", "W PAR", "A BUR"], "GERMANY": ["A MUN", "A RUH"]})
    assert pos.data["air_power"]
    assert rules.check_order(pos, "FRANCE", "W PAR S A BUR").accepted
    assert "beyond the wing's range" in rules.check_order(pos, "FRANCE", "W PAR RAID BER").reason
    examples = rules.order_examples(pos, "FRANCE", "u2")
    assert examples[0] == "W PAR S PAR" and "W PAR RAID BUR" in examples
    # Germany's two armies against Burgundy held with the wing's support: 2 against 2, it holds
    res = rules.resolve(pos, {"FRANCE": ["W PAR S A BUR"], "GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"]},
                        Dice(1, 1))
    assert where(res.position)["u3"] == ("FRANCE", "A", "BUR")
    res = rules.resolve(pos, {"GERMANY": ["A MUN - BUR", "A RUH S A MUN - BUR"]}, Dice(1, 1))
    assert res.position.phase == "S1901R"  # without the wing's support Burgundy falls


def test_a_blind_power_sees_only_near_its_units(rules, board):
    pos = start(rules, board, {"ENGLAND": ["F LON"], "TURKEY": ["A CON"], "FRANCE": ["A PIC"]}, blind=True)
    view = rules.view(pos, "ENGLAND", blind=True)
    assert {u.where for u in view.units} == {"LON"}
    assert "CON" not in view.owners and view.owners["LON"] == "ENGLAND"
    assert rules.view(pos, "ENGLAND", blind=False) == pos and rules.view(pos, None, blind=True) == pos
    res = rules.resolve(pos, {"TURKEY": ["A CON - BUL"], "ENGLAND": ["F LON - ENG"]}, Dice(1, 1))
    assert not any("CON" in line for line in res.told["ENGLAND"])
    assert any("CON" in line for line in res.told["TURKEY"])


def test_a_position_of_a_map_never_read_is_refused_in_words(rules):
    stray = AreaPosition("S1901M", "Spring 1901, movement", (AreaUnit("u1", "FRANCE", "A", "PAR", "A"),), {},
                         {"board": "nothing"})
    with pytest.raises(UserError, match="province map was not read"):
        rules.powers_to_order(stray)
