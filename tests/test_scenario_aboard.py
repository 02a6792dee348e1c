"""Scenario keys ``aboard`` and ``airborne``: a plane starts on a carrier's deck or in the air, a ship or a
transport plane starts with units aboard; every mistake is one finding naming the file, the key and its line."""
from __future__ import annotations

from pathlib import Path

import pytest

from kriegsspiel.core.state import initial_state
from kriegsspiel.scenario import check_scenario_file, load_scenario
from kriegsspiel.rulesets.modern_4e.state import airborne as airborne_of

SHIPPED = Path(__file__).resolve().parent.parent / "kriegsspiel" / "data" / "scenarios" / "coastal.toml"
COAST = SHIPPED.parent.parent / "maps" / "coast.tmx"
TEXT = SHIPPED.read_text(encoding="utf-8").replace('"../maps/coast.tmx"', f'"{COAST}"')
JET = 'id = "b-jet"\ntype = "heavy-fighter"\nside = "Blue"\naboard = "b-carrier"'
ASSAULT = 'id = "b-assault"\ntype = "infantry"\nside = "Blue"\naboard = "b-amphib"'
EXTRA = '\n[[units]]\nid = "b-extra"\ntype = "{type}"\nside = "Blue"\naboard = "{aboard}"\n'


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "coastal.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _line(text: str, needle: str) -> int:
    """The last line holding ``needle``."""
    return [n for n, line in enumerate(text.splitlines(), start=1) if needle in line][-1]


def _with_extra(type_id: str, aboard: str) -> str:
    """The scenario with one more Blue unit ``b-extra`` aboard ``aboard``, written after b-assault."""
    return TEXT.replace(ASSAULT, ASSAULT + "\n" + EXTRA.format(type=type_id, aboard=aboard))


# (the scenario's text, the finding's message, the text on the line it names)
MISTAKES = [
    (TEXT.replace(JET, JET.replace('"b-carrier"', '"b-carier"')),
     "units[7].aboard: unit 'b-jet': no unit 'b-carier' to be aboard (did you mean 'b-carrier'?); give the id of a "
     "ship or plane", 'aboard = "b-carier"'),
    (TEXT.replace(JET, JET.replace('"b-carrier"', '"b-amphib"')),
     "units[7].aboard: unit 'b-jet': b-amphib (amphibious) carries no aircraft; types that do: cruiser, destroyer, "
     "battleship, carrier", "on the carrier's deck"),
    (TEXT.replace(JET, JET.replace('"b-carrier"', '"b-destroyer1"')),
     "units[7].aboard: unit 'b-jet': b-destroyer1 (destroyer) carries aircraft of weight 1 (air_capacity); 0 is "
     "aboard already and heavy-fighter weighs 2", 'aboard = "b-destroyer1"'),
    (_with_extra("mechanized", "b-amphib").replace(EXTRA.format(type="mechanized", aboard="b-amphib"),
                                                   EXTRA.format(type="mechanized", aboard="b-amphib")
                                                   + EXTRA.format(type="light-cavalry", aboard="b-amphib")
                                                   .replace("b-extra", "b-horse")),
     "units[10].aboard: unit 'b-horse': b-amphib (amphibious) carries land units of weight 4 (land_capacity); 3 is "
     "aboard already and light-cavalry weighs 4", 'aboard = "b-amphib"'),
    (_with_extra("patrol", "b-carrier"),
     "units[9].aboard: unit 'b-extra': patrol cannot be carried (the rule set gives it no weight)",
     'aboard = "b-carrier"'),
    (_with_extra("infantry", "b-cruiser").replace('aboard = "b-cruiser"', 'aboard = "r-battleship"'),
     "units[9].aboard: unit 'b-extra': r-battleship belongs to Red, b-extra to Blue", 'aboard = "r-battleship"'),
    (_with_extra("infantry", "b-jet"),
     "units[9].aboard: unit 'b-extra': b-jet is itself aboard b-carrier; a unit aboard carries no others",
     'aboard = "b-jet"'),
    (_with_extra("infantry", "b-recon"),
     "units[9].aboard: unit 'b-extra': b-recon (reconnaissance) carries no land units; types that do: corvette, "
     "amphibious, patrol, cruiser, destroyer, battleship, carrier, bomber, stealth-bomber, transport",
     'aboard = "b-recon"'),
    (TEXT.replace(JET, JET + "\nairborne = true"),
     "units[7].airborne: unit 'b-jet': a plane aboard a carrier is on its deck; leave airborne out (or aboard)",
     "airborne = true"),
    (TEXT.replace(ASSAULT, ASSAULT.replace('side = "Blue"', 'side = "Blue"\nairborne = true')),
     "units[8].airborne: unit 'b-assault': only aircraft start in the air; infantry is not an aircraft",
     "airborne = true"),
    (TEXT.replace(JET, JET + "\nairborne = 1"),
     "units[7].airborne: unit 'b-jet': must be true or false, not 1", "airborne = 1"),
    (TEXT.replace(JET, JET.replace('aboard = "b-carrier"', "aboard = 3")),
     "units[7].aboard: unit 'b-jet': must be the id of the ship or plane carrying it (e.g. \"b-carrier\"), not 3",
     "aboard = 3"),
    (TEXT.replace(JET, JET + "\nat = [12.5, 20.5]"),
     "units[7].at: unit 'b-jet' is aboard 'b-carrier': leave at out, a unit aboard stands where its carrier does",
     "at = [12.5, 20.5]"),
]


@pytest.mark.parametrize(("text", "message", "on_line"), MISTAKES, ids=[m[1].split(":")[0] + m[1][-12:]
                                                                         for m in MISTAKES])
def test_each_aboard_mistake_is_one_finding_with_its_key_and_line(tmp_path: Path, text: str, message: str,
                                                                   on_line: str) -> None:
    assert text != TEXT
    path = _write(tmp_path, text)
    findings = [f for f in check_scenario_file(path) if f.severity == "error"]
    assert [f.message for f in findings] == [message]
    assert findings[0].path == str(path) and findings[0].line == _line(text, on_line)


def test_the_coastal_jet_starts_on_the_carrier_and_the_landing_party_aboard_the_assault_ship() -> None:
    scenario = load_scenario(SHIPPED)
    state = initial_state(scenario.setup, scenario.battlefield, scenario.ruleset)
    jet, party = state.units["b-jet"], state.units["b-assault"]
    assert (jet.carried_by, airborne_of(jet), jet.position) == ("b-carrier", False, state.units["b-carrier"].position)
    assert (party.carried_by, party.position) == ("b-amphib", state.units["b-amphib"].position)
    assert not scenario.warnings  # the jet is on a carrier: no "stands on no airfield" warning


def test_a_plane_may_start_in_the_air_and_a_transport_with_units_aboard(tmp_path: Path) -> None:
    text = (TEXT.replace('id = "b-fighter"\ntype = "light-fighter"\nside = "Blue"\nat = [24.5, 40.5]',
                         'id = "b-fighter"\ntype = "light-fighter"\nside = "Blue"\nat = [30.5, 30.5]\nairborne = true')
            + '\n[[units]]\nid = "r-para"\ntype = "infantry"\nside = "Red"\naboard = "r-transport"\n')
    scenario = load_scenario(_write(tmp_path, text))
    state = initial_state(scenario.setup, scenario.battlefield, scenario.ruleset)
    fighter, para = state.units["b-fighter"], state.units["r-para"]
    assert (airborne_of(fighter), fighter.carried_by) == (True, None)
    assert (para.carried_by, para.position) == ("r-transport", state.units["r-transport"].position)
    assert not [w for w in scenario.warnings if "airfield" in w.message]  # in the air, not stranded on the ground


def test_units_aboard_are_lost_with_their_ship_from_the_first_round(tmp_path: Path) -> None:
    from kriegsspiel.rulesets.modern_4e.common import remove_unit

    scenario = load_scenario(SHIPPED)
    state = initial_state(scenario.setup, scenario.battlefield, scenario.ruleset)
    state, events = remove_unit(state, "b-carrier", "sunk")
    assert "b-jet" not in state.units and "b-carrier" not in state.units


def test_boarding_problem_counts_the_unit_last_and_names_the_units_aboard_it() -> None:
    """The set-up mode's question (scenario.units.boarding_problem): the loader's findings as far as one unit is
    concerned, that unit checked after the others so a full carrier blames the newcomer, not a unit already aboard."""
    from dataclasses import replace

    from kriegsspiel.core.state import UnitSetup
    from kriegsspiel.scenario.units import ON_DECK, boarding_problem

    scenario = load_scenario(SHIPPED)
    units, ruleset = list(scenario.setup.units), scenario.ruleset
    where = units[0].position
    horse = UnitSetup(id="b-horse", type_id="light-cavalry", side="Blue", position=where, aboard="b-amphib")
    assert boarding_problem([horse, *units], ruleset, "b-horse") == (
        "b-amphib (amphibious) carries land units of weight 4 (land_capacity); 1 is aboard already and light-cavalry "
        "weighs 4")
    # asked of the unit already aboard, that one is counted last: the horse took the room
    assert boarding_problem([horse, *units], ruleset, "b-assault") == (
        "b-amphib (amphibious) carries land units of weight 4 (land_capacity); 4 is aboard already and infantry "
        "weighs 1")
    mule = replace(horse, id="b-mule", type_id="infantry")
    assert boarding_problem([mule, *units], ruleset, "b-mule") is None
    # a transport plane with a unit aboard cannot itself go aboard: the finding names the unit aboard it
    para = UnitSetup(id="r-para", type_id="infantry", side="Red", position=where, aboard="r-transport")
    flown = [replace(u, aboard="r-battleship") if u.id == "r-transport" else u for u in units] + [para]
    assert boarding_problem(flown, ruleset, "r-transport") == (
        "r-para: r-transport is itself aboard r-battleship; a unit aboard carries no others")
    # a plane aboard is on the deck
    jet_up = [replace(u, rule_set_keys=(("airborne", True),)) if u.id == "b-jet" else u for u in units]
    assert boarding_problem(jet_up, ruleset, "b-jet") == ON_DECK
    assert boarding_problem(units, ruleset, "b-carrier") is None
