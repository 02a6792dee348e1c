"""Importing the original Umpire program's gamefiles: read with ast, never run, every problem reported."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from kriegsspiel.cli import main
from kriegsspiel.core.battlefield import Zone
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.errors import UserError
from kriegsspiel.rulesets import load_ruleset
from kriegsspiel.scenario import parse_scenario_text
from kriegsspiel.scenario.umpire_import import import_gamefile, standard_type
from test_scenario_support import fake_battlefield

FIXTURES = Path(__file__).parent / "fixtures" / "umpire"


@pytest.fixture(scope="module")
def ruleset():
    return load_ruleset("modern-4e")


def _battlefield(with_zone: bool = True):
    field = fake_battlefield()
    if with_zone:
        square = (WorldPoint(4, 5), WorldPoint(7, 5), WorldPoint(7, 7), WorldPoint(4, 7))
        field = dataclasses.replace(field, zones=field.zones + (Zone("Rebel deployment", square),))
    return field


def _load(text: str, tmp_path: Path, ruleset, battlefield):
    (tmp_path / "fake.tmx").write_text("x")
    return parse_scenario_text(text, "imported.toml", tmp_path, map_loader=lambda p, r: battlefield,
                               ruleset_loader=lambda name: ruleset)


@pytest.mark.parametrize(("name", "expected"), [
    ("med-artillery", "medium-artillery"), ("med-cavalry", "medium-cavalry"), ("recon", "reconnaissance"),
    ("infantry", "infantry"), ("Light Cavalry", "light-cavalry"), ("airship", None),
])
def test_the_originals_type_names_are_mapped(ruleset, name: str, expected: str | None) -> None:
    assert standard_type(name, ruleset) == expected


def test_a_gamefile_becomes_a_scenario_that_loads(tmp_path: Path, ruleset) -> None:
    battlefield = _battlefield()
    text, report = import_gamefile(FIXTURES / "brandywine.py", ruleset, battlefield, "fake.tmx")
    scenario = _load(text, tmp_path, ruleset, battlefield)
    setup = scenario.setup
    assert setup.name == "Brandywine" and setup.first_side == "Rebel" and setup.fog_of_war == 6
    units = {u.id: u for u in setup.units}
    assert len(units) == 10
    assert units["art1"].type_id == "medium-artillery" and units["art1"].local_name == "guns"
    assert units["va2"].health == 3 and units["va1"].health is None  # full health is left implicit
    zone = battlefield.zone("Rebel deployment")
    assert all(zone.contains(u.position) for u in setup.units if u.side == "Rebel")
    # the east edge is water: the Crown's land units stand on the bridge or on the first dry columns
    assert all(u.position.x > 5 for u in setup.units if u.side == "Crown")
    assert all(battlefield.terrain_at(u.position) != "water" or battlefield.road_at(u.position) for u in setup.units)
    assert len({u.position for u in setup.units}) == 10  # one unit per tile
    assert "ignored 1 function: loadGame" in " ".join(report.notes)
    assert any("Rebel: 5 units placed in the zone 'Rebel deployment'" in n for n in report.notes)
    assert any("Crown: 5 units placed in ranks along the east edge" in n for n in report.notes)
    assert any("unknown variable 'umpireNotes'" in p for p in report.problems)
    assert any("firstTeamTableOriginal is computed" in n for n in report.notes)


def test_an_old_gamefile_with_its_own_tables_gives_overrides_and_reports_what_it_cannot_map(tmp_path: Path, ruleset) -> None:
    battlefield = _battlefield(with_zone=False)
    text, report = import_gamefile(FIXTURES / "oldstyle.py", ruleset, battlefield, "fake.tmx")
    scenario = _load(text, tmp_path, ruleset, battlefield)
    infantry = scenario.ruleset.unit_types["infantry"]
    assert infantry.health == 5 and infantry.move == 12.0
    assert scenario.ruleset.unit_types["medium-cavalry"].attack == 9
    assert scenario.ruleset.unit_types["medium-artillery"].commands["fire"].damage == 11
    assert "[overrides.medium-artillery]" in text
    problems = "\n".join(report.problems)
    assert "'zeppelin' -> 'airship': not a type of the rule set" in problems
    assert "unit 'r3': its type 'zeppelin' is 'airship' in allUnitTypes, which 'modern-4e' does not have" in problems
    assert "unit 'b3': health 30 outside 1..14" in problems
    assert "unit 'r9' is in unitTable but in neither team table" in problems
    assert "unknown variable 'lastSaved'" in problems
    assert "a for statement, ignored" in "\n".join(report.notes)
    assert "# structureTypeTable = {'Mill': 'building', 'Stone bridge': 'bridge'}" in text
    assert {u.id for u in scenario.setup.units} == {"b1", "b2", "b3", "r1", "r2"}
    blue = [u.position.x for u in scenario.setup.units if u.side == "Blue"]
    assert max(blue) < 1.0  # ranks on the west edge


def test_ships_go_on_water_and_aircraft_need_the_air_theatre(tmp_path: Path, ruleset) -> None:
    battlefield = _battlefield(with_zone=False)
    text, report = import_gamefile(FIXTURES / "naval.py", ruleset, battlefield, "fake.tmx")
    scenario = _load(text, tmp_path, ruleset, battlefield)
    assert scenario.setup.air_theatre is True
    assert dict((s.name, s.key("warheads", 0)) for s in scenario.setup.sides) == {"Allies": 1, "Axis": 0}
    for unit in scenario.setup.units:
        if ruleset.unit_types[unit.type_id].theatre == "navy":
            assert battlefield.terrain_at(unit.position) == "water", unit
    assert {u.type_id for u in scenario.setup.units if u.id.startswith("u")} == {"attack-submarine"}


def test_a_gamefile_is_never_run(tmp_path: Path, ruleset) -> None:
    marker = tmp_path / "ran"
    evil = tmp_path / "evil.py"
    evil.write_text(f'firstTeam = "A"\nsecondTeam = "B"\nunitTable = {{"a1": "infantry"}}\n'
                    f'firstTeamTable = {{"a1": 4}}\nsecondTeamTable = {{}}\n'
                    f'open({str(marker)!r}, "w").write("x")\nfogOfWar = __import__("os").system("touch {marker}")\n')
    text, report = import_gamefile(evil, ruleset, None, None)
    assert not marker.exists()
    assert any("fogOfWar is computed" in p for p in report.problems)
    assert "no --map" in " ".join(report.notes)


def test_not_a_gamefile(tmp_path: Path, ruleset) -> None:
    bad = tmp_path / "x.py"
    bad.write_text("def f(:\n")
    with pytest.raises(UserError, match=r"x.py:1: not a Python gamefile"):
        import_gamefile(bad, ruleset, None, None)
    bad.write_text("x = 1\n")
    with pytest.raises(UserError, match="not an Umpire gamefile"):
        import_gamefile(bad, ruleset, None, None)
    bad.write_text('firstTeam = "french"\nsecondTeam = "british"\nhealthTable = {"carrier": 16}\n')
    with pytest.raises(UserError, match=r"no units to import: .* it holds only per-type tables \(healthTable\)"):
        import_gamefile(bad, ruleset, None, None)


def test_the_command_line_refuses_to_overwrite(tmp_path: Path, capsys) -> None:
    out = tmp_path / "b.toml"
    assert main(["import-umpire", str(FIXTURES / "brandywine.py"), "--out", str(out)]) == 0
    assert out.read_text().startswith("# Imported from the Umpire gamefile brandywine.py")
    assert main(["import-umpire", str(FIXTURES / "brandywine.py"), "--out", str(out)]) == 2
    assert "already exists" in capsys.readouterr().err


def test_ships_are_not_put_in_a_pond(tmp_path: Path, ruleset) -> None:
    battlefield = _battlefield(with_zone=False)
    terrain = battlefield.terrain.copy()
    terrain[0, 0] = 2  # a pond by the west edge, where the first side's ships would otherwise go
    battlefield = dataclasses.replace(battlefield, terrain=terrain)
    gamefile = tmp_path / "pond.py"
    gamefile.write_text('firstTeam = "West"\nsecondTeam = "East"\nunitTable = {"w1": "destroyer", "e1": "infantry"}\n'
                        'firstTeamTable = {"w1": 8}\nsecondTeamTable = {"e1": 4}\n')
    text, _ = import_gamefile(gamefile, ruleset, battlefield, "fake.tmx")
    scenario = _load(text, tmp_path, ruleset, battlefield)
    ship = next(u for u in scenario.setup.units if u.id == "w1")
    assert ship.position.x > 8  # in the sea on the east side, not in the pond at 0.5,0.5


def test_a_map_drawn_for_other_armies_lends_its_deployment_zones_in_order(tmp_path: Path, ruleset) -> None:
    """Sides named in no zone take the map's deployment zones that no side is named in, first side first."""
    field = fake_battlefield()
    west = (WorldPoint(4, 0), WorldPoint(6, 0), WorldPoint(6, 3), WorldPoint(4, 3))
    east = (WorldPoint(4, 5), WorldPoint(7, 5), WorldPoint(7, 8), WorldPoint(4, 8))
    field = dataclasses.replace(field, zones=field.zones + (Zone("Blue deployment", west), Zone("Red deployment", east)))
    gamefile = tmp_path / "nile.py"
    gamefile.write_text('firstTeam = "British"\nsecondTeam = "French"\n'
                        'unitTable = {"b1": "infantry", "b2": "infantry", "f1": "infantry"}\n'
                        'firstTeamTable = {"b1": 4, "b2": 4}\nsecondTeamTable = {"f1": 4}\n')
    text, report = import_gamefile(gamefile, ruleset, field, "fake.tmx")
    setup = _load(text, tmp_path, ruleset, field).setup
    assert all(field.zone("Blue deployment").contains(u.position) for u in setup.units if u.side == "British")
    assert all(field.zone("Red deployment").contains(u.position) for u in setup.units if u.side == "French")
    notes = "\n".join(report.notes)
    assert "British: 2 units placed in the zone 'Blue deployment' (no zone of the map is named after British" in notes
    assert "French: 1 units placed in the zone 'Red deployment'" in notes


def test_units_that_stand_outside_their_zone_are_named(tmp_path: Path, ruleset) -> None:
    battlefield = _battlefield()  # 'Rebel deployment' is dry land: a ship cannot stand in it
    gamefile = tmp_path / "mixed.py"
    gamefile.write_text('firstTeam = "Rebel"\nsecondTeam = "Crown"\nunitTable = {"r1": "infantry", "r2": "destroyer",'
                        ' "c1": "infantry"}\nfirstTeamTable = {"r1": 4, "r2": 8}\nsecondTeamTable = {"c1": 4}\n')
    _, report = import_gamefile(gamefile, ruleset, battlefield, "fake.tmx")
    rebel = next(n for n in report.notes if n.startswith("Rebel:"))
    assert "1 stand outside it, on the nearest tiles they can stand on (no room, or terrain their type cannot " \
        "enter): r2 (destroyer) at 8.5," in rebel


def test_slips_of_the_pen_in_a_real_gamefile_are_reported(tmp_path: Path, ruleset) -> None:
    """Shapes met in the original program's gamefiles: a key written twice, a unit id that differs between
    unitTable and the team table, allUnitTypes as a plain list of standard names, numeric unit ids."""
    gamefile = tmp_path / "slips.py"
    gamefile.write_text(
        'firstTeam = "Allied"\nsecondTeam = "Axis"\n'
        'allUnitTypes = ["infantry", "med-cavalry"]\n'
        'unitTable = {"3rd": "infantry", "242th": "med-cavalry", "6": "infantry"}\n'
        'firstTeamTable = {"3rd": 4, "6": 2}\nsecondTeamTable = {"242": 14}\n'
        'structureTypeTable = {"darlington": "settlement",\n    "darlington": "building"}\n')
    text, report = import_gamefile(gamefile, ruleset, None, None)
    problems = "\n".join(report.problems)
    assert "slips.py:8: structureTypeTable: the key 'darlington' appears twice; only the last one counts" in problems
    assert "unit '242' of Axis has no entry in unitTable (did you mean '242th'?)" in problems
    assert "unit '242th' is in unitTable but in neither team table (did you mean '242'?)" in problems
    assert "allUnitTypes should be" not in problems  # a list of standard names is understood
    assert 'id = "6"' in text and 'id = "3rd"' in text


def test_a_unit_that_cannot_stand_by_its_edge_is_named_with_where_it_went(tmp_path: Path, ruleset) -> None:
    battlefield = _battlefield(with_zone=False)  # water only in the two east columns
    gamefile = tmp_path / "fleet.py"
    gamefile.write_text('firstTeam = "West"\nsecondTeam = "East"\nunitTable = {"w1": "infantry", "w2": "destroyer",'
                        ' "e1": "infantry"}\nfirstTeamTable = {"w1": 4, "w2": 8}\nsecondTeamTable = {"e1": 4}\n')
    _, report = import_gamefile(gamefile, ruleset, battlefield, "fake.tmx")
    west = next(n for n in report.notes if n.startswith("West:"))
    assert "1 stand farther in, on the nearest tiles their type can stand on and move from: w2 (destroyer) at 8.5," \
        in west
    assert "farther in" not in next(n for n in report.notes if n.startswith("East:"))


def test_placed_counters_stand_apart_where_there_is_room(tmp_path: Path, ruleset) -> None:
    """Counters are drawn larger than a tile: one tile apart they cover each other's ids."""
    field = fake_battlefield()
    big = (WorldPoint(0, 0), WorldPoint(8, 0), WorldPoint(8, 8), WorldPoint(0, 8))
    field = dataclasses.replace(field, zones=field.zones + (Zone("Rebel deployment", big),))
    gamefile = tmp_path / "room.py"
    gamefile.write_text('firstTeam = "Rebel"\nsecondTeam = "Crown"\n'
                        'unitTable = {"r1": "infantry", "r2": "infantry", "r3": "infantry", "r4": "infantry",'
                        ' "c1": "infantry", "c2": "infantry", "c3": "infantry"}\n'
                        'firstTeamTable = {"r1": 4, "r2": 4, "r3": 4, "r4": 4}\n'
                        'secondTeamTable = {"c1": 4, "c2": 4, "c3": 4}\n')
    text, report = import_gamefile(gamefile, ruleset, field, "fake.tmx")
    setup = _load(text, tmp_path, ruleset, field).setup
    for side in ("Rebel", "Crown"):
        spots = [u.position for u in setup.units if u.side == side]
        assert min(abs(a.x - b.x) + abs(a.y - b.y) for i, a in enumerate(spots) for b in spots[i + 1:]) >= 2, spots
    assert all(field.zone("Rebel deployment").contains(u.position) for u in setup.units if u.side == "Rebel")
    assert all(u.position.x > 5 for u in setup.units if u.side == "Crown")  # still by its own edge
    assert any("Rebel: 4 units placed in the zone 'Rebel deployment', 2 tiles apart where there is room" in n
               for n in report.notes)


# --- the ability lists of the older gamefiles (hideable, moveAndFire, headingChange, health4HP...) -----------


def _game(tmp_path: Path, ruleset, gamefile: str):
    """The imported scenario of a fixture gamefile, its game state and the import report."""
    from kriegsspiel.core.state import initial_state

    battlefield = _battlefield(with_zone=False)
    text, report = import_gamefile(FIXTURES / gamefile, ruleset, battlefield, "fake.tmx")
    scenario = _load(text, tmp_path, ruleset, battlefield)
    return scenario, initial_state(scenario.setup, scenario.battlefield, scenario.ruleset), report, text


def _alone_at(state, unit_id: str, point: WorldPoint):
    """The state with only ``unit_id`` left, standing at ``point`` (no enemy near to expose it)."""
    others = [u for u in state.units if u != unit_id]
    unit = state.units[unit_id]
    return state.with_units(unit.replace(position=point), removed=others).replace(side_to_move=unit.side)


def test_value_lists_become_overrides_like_the_tables(tmp_path: Path, ruleset) -> None:
    scenario, _, report, text = _game(tmp_path, ruleset, "abilitylists.py")
    types = scenario.ruleset.unit_types
    assert types["infantry"].health == 6 and types["infantry"].attack == 6  # health6HP, attack6 = ["line"]
    assert types["light-cavalry"].move == 15.0  # movement15cm = [..., "horse", ...]
    assert types["medium-artillery"].move == 10.0 and types["medium-artillery"].commands["fire"].damage == 8
    assert {u.id: u.health for u in scenario.setup.units}["r1"] is None  # 6 is now full health, not "outside 1..4"
    problems = "\n".join(report.problems)
    assert "unknown variable" not in problems, problems


def test_a_type_made_hideable_can_hide_and_one_left_out_cannot(tmp_path: Path, ruleset) -> None:
    from kriegsspiel.core.game import apply
    from kriegsspiel.core.commands import Hide
    from kriegsspiel.core.dice import Dice

    scenario, state, report, text = _game(tmp_path, ruleset, "abilitylists.py")
    assert ruleset.unit_types["light-cavalry"].hide_terrain == ()  # the rule set's cavalry cannot hide...
    forest = WorldPoint(2.5, 1.5)
    assert scenario.battlefield.terrain_at(forest) == "forest"
    horse = _alone_at(state, "c2", forest)  # ...the gamefile's hideable = ["rifles", "horse"] lets it
    hidden = apply(horse, Hide("c2"), Dice(1, 1))
    assert hidden.accepted, hidden
    assert hidden.state.units["c2"].hidden
    line = _alone_at(state, "c1", forest)  # infantry can hide in the rule set, but "line" is not in hideable
    refused = apply(line, Hide("c1"), Dice(1, 1))
    assert not refused.accepted and "cannot hide" in refused.reason
    assert "[overrides.light-cavalry]" in text and 'hide_terrain = ["forest", "forest-hills", "swamp"' in text
    assert any("hideable: light-cavalry can hide, as the gamefile says" in n for n in report.notes)


def test_move_and_fire_and_heading_lists(tmp_path: Path, ruleset) -> None:
    scenario, _, report, _ = _game(tmp_path, ruleset, "abilitylists.py")
    types = scenario.ruleset.unit_types
    assert ruleset.unit_types["medium-artillery"].move_and_fire is False
    assert types["medium-artillery"].move_and_fire is True  # in moveAndFire
    assert types["light-cavalry"].move_and_fire is False  # a campaign type missing from moveAndFire
    assert ruleset.unit_types["corvette"].heading_limit == 30
    assert types["corvette"].heading_limit is None  # headingChange = ["launch"]: the gunboat turns freely
    problems = "\n".join(report.problems)
    assert "abilitylists.py:45: headingChange: patrol must use the heading command" in problems
    assert "add heading_limit = DEGREES under [overrides.patrol]" in problems


def test_the_programs_own_tables_of_1_and_what_has_no_counterpart(tmp_path: Path, ruleset) -> None:
    scenario, state, report, text = _game(tmp_path, ruleset, "abilitytables.py")
    types = scenario.ruleset.unit_types
    assert types["amphibious"].hide_terrain == ("water",)  # hideTable = {"amphibious": 1}: hides where navy does
    submarine = types["attack-submarine"]
    assert submarine.hide_terrain == () and submarine.hidden_by_default is False  # not in hideTable
    assert state.units["turtle"].hidden is False
    assert types["destroyer"].heading_limit is None and types["battleship"].heading_limit == 45
    assert types["corvette"].move_and_fire is False  # moveFireTable leaves the brig out
    problems = "\n".join(report.problems)
    assert "torpedoable: destroyer cannot torpedo in 'modern-4e'" in problems
    assert "depthchargeable: amphibious, battleship could not depthcharge in the gamefile" in problems
    assert "convertTable: battleship cannot convert" in problems
    for name in ("hideableTerrain", "draftCapacity", "dividedTable"):
        assert f"{name}: no counterpart in a scenario" in problems, name
    notes = "\n".join(report.notes)
    assert "abilitytables.py:22: firstHealthTotal: not needed" in notes
    assert "unknown variable" not in problems


def test_a_bad_ability_list_is_reported_not_fatal(tmp_path: Path, ruleset) -> None:
    gamefile = tmp_path / "bad.py"
    gamefile.write_text('firstTeam = "A"\nsecondTeam = "B"\nunitTable = {"a1": "infantry", "b1": "cruiser"}\n'
                        'firstTeamTable = {"a1": 4}\nsecondTeamTable = {"b1": 10}\n'
                        'hideable = 3\nmoveAndFire = ["infantry", "crusier"]\nhealth10HP = ["crusier"]\n'
                        'searchable = ["infantry"]\n')
    text, report = import_gamefile(gamefile, ruleset, _battlefield(with_zone=False), "fake.tmx")
    problems = "\n".join(report.problems)
    assert "bad.py:6: hideable should be a list of unit types, not int; ignored" in problems
    assert "bad.py:7: moveAndFire: unknown type 'crusier'; ignored" in problems
    assert "bad.py:8: health10HP: unknown type 'crusier'; ignored" in problems
    assert "bad.py:9: searchable: no counterpart in a scenario ('modern-4e' has no search command)" in problems
    scenario = _load(text, tmp_path, ruleset, _battlefield(with_zone=False))
    assert scenario.ruleset.unit_types["cruiser"].move_and_fire is False  # left out of moveAndFire


def test_the_imported_scenario_passes_the_check_on_a_real_map(tmp_path: Path, capsys) -> None:
    out = tmp_path / "aboukir.toml"
    maps = Path(__file__).parent.parent / "kriegsspiel" / "data" / "maps"
    assert main(["import-umpire", str(FIXTURES / "abilitytables.py"), "--map", str(maps / "coast.tmx"),
                 "--out", str(out)]) == 0
    assert "[overrides.attack-submarine]" in out.read_text()
    capsys.readouterr()
    # the gamefile's fogOfWar = 1 fails every message (docs/rulings.md 2026-11), and the coast map's airfields are
    # Red's and Blue's, sides this game does not have: the things check warns about
    assert main(["check", str(out)]) == 1
    captured = capsys.readouterr()
    findings, summary = captured.out.splitlines()[:-1], captured.out.splitlines()[-1]  # the summary last, on stdout
    assert [line.split(": ", 2)[2] for line in findings] == [
        "scenario.fog_of_war: 1 makes every message fail (a message fails 1 time in F); write 0 for no fog of war, "
        "or 2 or more"] + [
        f"structures layer: airfield '{name}' belongs to side '{side}', which this scenario does not have (sides: "
        "British, French): every side's planes may land there; give its 'side' property one of these to keep the "
        "others' out" for name, side in (("Mainland airfield", "Red"), ("Island airfield", "Blue"))]
    assert "0 errors, 3 warnings" in summary


def test_a_gamefile_string_that_is_not_text_is_a_warning_and_never_an_internal_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A Python escape can make a lone surrogate ("\\ud800"), which no UTF-8 file can hold: found by the border
    fuzz campaign of 2026-11-29 (corpus: tests/fixtures/fuzz-corpus/gamefile/lone-surrogate.py). The value is
    left out with a warning naming the line, and the scenario is written whole (or not at all)."""
    from kriegsspiel.cli import main

    source = (FIXTURES.parent / "fuzz-corpus" / "gamefile" / "lone-surrogate.py").read_bytes()
    game = tmp_path / "game.py"
    game.write_bytes(source)
    out = tmp_path / "out.toml"
    assert main(["import-umpire", str(game), "--out", str(out)]) == 0
    said = capsys.readouterr().out
    line = source[: source.index(b"\\ud800")].count(b"\n") + 1
    assert f"{game}:{line}: allUnitTypes holds text no file can hold" in said, said
    assert "internal error" not in said
    out.read_text(encoding="utf-8")  # whole and UTF-8


def test_a_unit_of_infinite_health_starts_at_full_health_with_a_warning(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A team table's health of 1e999 (infinity) or of hundreds of digits rounds to no whole number: found by the
    border fuzz campaign of 2026-11-29 (corpus: tests/fixtures/fuzz-corpus/gamefile/team-health-infinite.py)."""
    from kriegsspiel.cli import main

    game = tmp_path / "game.py"
    game.write_bytes((FIXTURES.parent / "fuzz-corpus" / "gamefile" / "team-health-infinite.py").read_bytes())
    out = tmp_path / "out.toml"
    assert main(["import-umpire", str(game), "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "unit 'cv1': health inf outside 1..16 of carrier; starts at full health" in said, said
    text = game.read_text(encoding="utf-8").replace("1e99916", "9" * 500)
    game.write_text(text, encoding="utf-8")
    out.unlink()
    assert main(["import-umpire", str(game), "--out", str(out)]) == 0
    assert "unit 'cv1': health 999" in capsys.readouterr().out


def test_numbers_no_table_holds_are_warnings_never_an_internal_error(tmp_path: Path, ruleset) -> None:
    """Warheads of infinity or a string, a fire table entry of hundreds of digits: each a warning naming it."""
    source = (FIXTURES / "naval.py").read_text(encoding="utf-8")
    hostile = source + '\nwarheads = {"Allies": 1e999, "Axis": "many"}\nfireTable = {"infantry": ' + "9" * 500 + "}\n"
    game = tmp_path / "hostile.py"
    game.write_text(hostile, encoding="utf-8")
    text, report = import_gamefile(game, ruleset, _battlefield(with_zone=False), "fake.tmx")
    problems = "\n".join(report.problems)
    assert "warheads of Allies: inf is not a whole number of at least 0; none" in problems, problems
    assert "warheads of Axis: 'many' is not a whole number" in problems, problems
    assert "fireTable['infantry'] = a whole number of thousands of digits is not a number" in problems or \
        "fireTable['infantry'] = 999" in problems, problems
    assert "warheads = 1e" not in text
