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


def _ruleset_with(**changed: dict[str, object]):
    """The coastal scenario's rule set with some unit types changed (``type_id={field: value}``)."""
    from dataclasses import replace

    ruleset = load_scenario(SHIPPED).ruleset
    types = dict(ruleset.unit_types)
    for type_id, fields in changed.items():
        types[type_id.replace("_", "-")] = replace(types[type_id.replace("_", "-")], **fields)
    return replace(ruleset, unit_types=types)


@pytest.mark.parametrize(("type_id", "carries", "carried"), [
    ("infantry", False, True),
    ("light-cavalry", False, True),
    ("heavy-fighter", False, True),
    ("reconnaissance", False, True),
    ("corvette", True, False),          # a land capacity of 1 (the smallest) still carries
    ("patrol", True, False),
    ("carrier", True, False),
    ("transport", True, True),          # an airlift row; itself of weight 1 (aboard a ship)
    ("bomber", True, True),
    ("attack-submarine", False, False),  # no capacity of either kind
])
def test_who_may_carry_and_who_may_be_carried_at_the_start(type_id: str, carries: bool, carried: bool) -> None:
    """The set-up mode offers a unit's 'aboard' only for a type the loader lets carry or be carried."""
    from kriegsspiel.scenario.units import can_be_carried, can_carry

    ruleset = load_scenario(SHIPPED).ruleset
    assert (can_carry(ruleset, type_id), can_be_carried(ruleset, type_id)) == (carries, carried)


def test_a_ship_that_carries_only_aircraft_is_a_carrier_and_a_unit_without_weight_is_never_carried() -> None:
    """A rule set may give a ship an air capacity alone, and a land unit no weight (it cannot go aboard)."""
    from kriegsspiel.core.state import UnitSetup
    from kriegsspiel.scenario.units import boarding_problem, can_be_carried, can_carry

    ruleset = _ruleset_with(carrier={"land_capacity": 0}, infantry={"weight": None})
    assert can_carry(ruleset, "carrier") and not can_be_carried(ruleset, "infantry")
    units = list(load_scenario(SHIPPED).setup.units)
    where = units[0].position
    heavy = UnitSetup(id="b-heavy", type_id="infantry", side="Blue", position=where, aboard="b-amphib")
    assert boarding_problem([*units, heavy], ruleset, "b-heavy") == \
        "infantry cannot be carried (the rule set gives it no weight)"


def test_a_rule_set_where_nothing_carries_aircraft_says_so() -> None:
    from kriegsspiel.core.state import UnitSetup
    from kriegsspiel.scenario.units import boarding_problem

    ships = ("corvette", "amphibious", "patrol", "cruiser", "destroyer", "battleship", "carrier")
    ruleset = _ruleset_with(**{s: {"air_capacity": 0} for s in ships})
    units = [u for u in load_scenario(SHIPPED).setup.units if u.aboard is None]
    jet = UnitSetup(id="b-jet2", type_id="light-fighter", side="Blue", position=units[0].position, aboard="b-carrier")
    assert boarding_problem([*units, jet], ruleset, "b-jet2") == \
        "b-carrier (carrier) carries no aircraft; types that do: none"


def test_an_overloaded_transport_plane_names_its_airlift_capacity() -> None:
    from kriegsspiel.core.state import UnitSetup
    from kriegsspiel.scenario.units import boarding_problem

    scenario = load_scenario(SHIPPED)
    units = list(scenario.setup.units)
    where = units[0].position
    horse = UnitSetup(id="r-horse", type_id="light-cavalry", side="Red", position=where, aboard="r-transport")
    foot = UnitSetup(id="r-foot", type_id="infantry", side="Red", position=where, aboard="r-transport")
    assert boarding_problem([*units, horse, foot], scenario.ruleset, "r-foot") == (
        "r-transport (transport) carries land units of weight 4 (airlift capacity); 4 is aboard already and "
        "infantry weighs 1")


def test_aboard_findings_place_each_unit_where_its_carrier_stands_and_go_on_past_a_refusal() -> None:
    """Units aboard take their carrier's position; a unit refused, or one whose carrier (written down) is broken,
    does not stop the check of the units after it; only a carrier nobody wrote down is a finding."""
    from kriegsspiel.core.geometry import WorldPoint
    from kriegsspiel.core.state import UnitSetup
    from kriegsspiel.scenario.units import aboard_findings

    scenario = load_scenario(SHIPPED)
    ruleset = scenario.ruleset
    units = [u for u in scenario.setup.units if u.aboard is None]
    carrier = next(u for u in units if u.id == "b-carrier")
    amphib = next(u for u in units if u.id == "b-amphib")
    nowhere = WorldPoint(1.5, 1.5)  # the loader's units aboard have no position of their own until placed
    assert nowhere != carrier.position and nowhere != amphib.position
    lost = UnitSetup(id="b-lost", type_id="infantry", side="Blue", position=nowhere, aboard="b-broken")
    stray = UnitSetup(id="b-stray", type_id="infantry", side="Blue", position=nowhere, aboard="b-nothing")
    jet = UnitSetup(id="b-jet", type_id="heavy-fighter", side="Blue", position=nowhere, aboard="b-carrier")
    party = UnitSetup(id="b-party", type_id="infantry", side="Blue", position=nowhere, aboard="b-amphib")
    placed, refused = aboard_findings([*units, lost, stray, jet, party], ruleset, {"b-broken": "Blue"})
    by_id = {u.id: u for u in placed}
    assert by_id["b-jet"].position == carrier.position and by_id["b-party"].position == amphib.position
    assert "b-lost" not in by_id and "b-stray" not in by_id
    assert [(found, key) for found, key, _ in refused] == [("b-stray", "aboard")]


def test_a_ship_does_not_stand_on_a_road_over_land_and_a_foot_unit_crosses_a_bridge() -> None:
    """A speed table without "road" ignores the roads layer (ships pass under bridges); a road the unit may
    use carries it over water, even a road no faster than open ground (a multiplier of 1)."""
    from dataclasses import replace

    from kriegsspiel.core.geometry import WorldPoint
    from kriegsspiel.scenario.units import standing_problem

    scenario = load_scenario(SHIPPED)
    field, ruleset = scenario.battlefield, scenario.ruleset
    road_on_plains, bridge = WorldPoint(63.5, 9.5), WorldPoint(84.5, 31.5)
    assert field.road_at(road_on_plains) and field.terrain_at(road_on_plains) == "plains"
    assert field.road_at(bridge) and field.terrain_at(bridge) == "water"
    assert standing_problem(field, ruleset, "destroyer", road_on_plains) == \
        "destroyer cannot stand on plains; move it to terrain its type can enter"
    assert standing_problem(field, ruleset, "infantry", bridge) is None
    movement = ruleset.unit_types["infantry"].movement
    plain_roads = replace(ruleset, speed_tables={**ruleset.speed_tables,
                                                 movement: {**ruleset.speed_tables[movement], "road": 1.0}})
    assert standing_problem(field, plain_roads, "infantry", bridge) is None


MISSING = [
    ('type = "heavy-fighter"\nside = "Blue"\naboard = "b-carrier"',
     'units[7].id: must be a name without spaces or \'>\' (e.g. "va1"), not None', None),
    ('id = "b-jet"\nside = "Blue"\naboard = "b-carrier"',
     "units[7].type: unit 'b-jet': missing; give a unit type of the rule set", None),
    ('id = "b-jet"\ntype = "heavy-fighter"\nside = "Blue"',
     "units[7].at: unit 'b-jet': must be [x, y] in world units, not None (a unit that starts aboard a ship or "
     "plane gives aboard = \"ID\" instead)", None),
    ('id = "b-jet"\ntype = "heavy-fighter"\nside = "Green"\naboard = "b-carrier"',
     "units[7].side: unit 'b-jet': unknown side 'Green'; sides: Blue, Red", 'side = "Green"'),
    ('id = "b-jet"\ntype = "hevy-fighter"\nside = "Blue"\naboard = "b-carrier"',
     "units[7].type: unit 'b-jet': unknown unit type 'hevy-fighter'; known: amphibious, attack-submarine, "
     "battleship, bomber, carrier, corvette, cruiser, destroyer, drone, engineers, heavy-artillery, "
     "heavy-cavalry, heavy-fighter, infantry, light-artillery, light-cavalry, light-fighter, mechanized, "
     "medium-artillery, medium-cavalry, missile-submarine, patrol, reconnaissance, special, stealth-bomber, "
     "transport (did you mean 'heavy-fighter'?)", 'type = "hevy-fighter"'),
]


@pytest.mark.parametrize(("unit", "message", "on_line"), MISSING, ids=[m[1].split(":")[0] for m in MISSING])
def test_a_unit_missing_a_key_is_one_finding_on_that_key(tmp_path: Path, unit: str, message: str,
                                                         on_line: str | None) -> None:
    """A key left out is named on its table's line ([[units]]); a wrong one on its own line."""
    text = TEXT.replace(JET, unit)
    findings = [f for f in check_scenario_file(_write(tmp_path, text)) if f.severity == "error"]
    mine = [f for f in findings if f.message.startswith("units[")]
    assert [f.message for f in mine] == [message]
    table = _line(text, unit.splitlines()[0]) - 1
    assert text.splitlines()[table - 1] == "[[units]]"
    assert mine[0].line == (table if on_line is None else _line(text, on_line))


@pytest.mark.parametrize("side", ['"Green"', "3"])
def test_a_carrier_with_a_broken_side_is_one_finding_not_one_per_unit_aboard(tmp_path: Path, side: str) -> None:
    """The carrier's own finding is enough: its passengers are not blamed for being of another side."""
    carrier = 'id = "b-carrier"\ntype = "carrier"\nside = "Blue"'
    assert carrier in TEXT
    text = TEXT.replace(carrier, carrier.replace('side = "Blue"', f"side = {side}"))
    findings = [f for f in check_scenario_file(_write(tmp_path, text)) if f.severity == "error"
                and f.message.startswith("units[")]
    assert len(findings) == 1 and findings[0].message.startswith("units[") and ".side: unit 'b-carrier'" in \
        findings[0].message, [f.message for f in findings]


WHOLE = [
    ('type = "heavy-fighter"\nside = "Blue"\naboard = "b-carrier"',
     ["players[1].units: player 'Blue air': unknown unit 'b-jet'",
      'units[7].id: must be a name without spaces or \'>\' (e.g. "va1"), not None']),
    ('id = "b-carrier"\ntype = "heavy-fighter"\nside = "Blue"\naboard = "b-carrier"',
     ["players[1].units: player 'Blue air': unknown unit 'b-jet'",
      "units[7].id: duplicate unit id 'b-carrier'; every unit needs its own id"]),
    # no id to name the unit by: the schema's finding on 'at' names the entry only
    ('type = "heavy-fighter"\nside = "Blue"\nat = "x"',
     ["players[1].units: player 'Blue air': unknown unit 'b-jet'",
      'units[7].id: must be a name without spaces or \'>\' (e.g. "va1"), not None',
      'units[7].at: must be [x, y] in world units (a unit that starts aboard a ship or plane gives aboard = "ID" '
      "instead), not 'x'"]),
    # a broken unit keeps its side for the players' check
    ('id = "b-jet"\ntype = "heavy-fighter"\nside = "Red"\naboard = "b-carrier"\nhealth = 9',
     ["players[1].units: player 'Blue air' of Blue: unit 'b-jet' belongs to Red; a player commands only units of "
      "their own side",
      "units[7].health: unit 'b-jet': must be a whole number 1..8, not 9"]),
    ('id = "b-jet"\ntype = "heavy-fighter"\nside = "Blu"\naboard = "b-carrier"',
     ["units[7].side: unit 'b-jet': unknown side 'Blu'; sides: Blue, Red (did you mean 'Blue'?)"]),
]


@pytest.mark.parametrize(("unit", "messages"), WHOLE, ids=[m[-1].split(":")[0] + m[-1][-8:] for _, m in WHOLE])
def test_a_broken_unit_is_its_own_findings_and_the_units_after_it_are_read(tmp_path: Path, unit: str,
                                                                          messages: list[str]) -> None:
    """Every finding of the scenario, no more: the units after a broken one are read as usual (no player is
    told of an unknown unit written later), a broken unit is no unknown unit to its player."""
    text = TEXT.replace(JET, unit)
    assert [f.message for f in check_scenario_file(_write(tmp_path, text)) if f.severity == "error"] == messages


def test_a_unit_at_full_health_with_a_heading_past_north_and_a_standard_type_loads_as_written(tmp_path: Path) -> None:
    fighter = 'id = "b-fighter"\ntype = "light-fighter"\nside = "Blue"\nat = [24.5, 40.5]'
    assert fighter in TEXT
    text = TEXT.replace(fighter, fighter + "\nhealth = {full}\nheading = 450")
    full = load_scenario(SHIPPED).ruleset.unit_types["light-fighter"].health
    scenario = load_scenario(_write(tmp_path, text.replace("{full}", str(full))))
    unit = next(u for u in scenario.setup.units if u.id == "b-fighter")
    assert (unit.health, unit.heading, unit.local_name) == (full, 90.0, None)
