"""Scenario files: a good one becomes a GameSetup; every mistake is found, with its key and line, all at once."""
from __future__ import annotations

from pathlib import Path

import pytest

from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.scenario import ScenarioError, check_scenario_file, load_scenario
from kriegsspiel.scenario.toml_lines import KeyLines
from test_scenario_support import GOOD_SCENARIO, fake_map_loader, fake_ruleset, write_scenario

LOADERS = {"map_loader": fake_map_loader, "ruleset_loader": fake_ruleset}


def _load(tmp_path: Path, text: str = GOOD_SCENARIO, map_text: str = "fake map\n"):
    return load_scenario(write_scenario(tmp_path, text, map_text), **LOADERS)


def _findings(tmp_path: Path, text: str, map_text: str = "fake map\n") -> list[str]:
    return [f.format() for f in check_scenario_file(write_scenario(tmp_path, text, map_text), **LOADERS)]


def test_a_good_scenario_becomes_a_game_setup(tmp_path: Path) -> None:
    scenario = _load(tmp_path)
    setup = scenario.setup
    assert setup.name == "Test crossing"
    assert setup.seed == 1777 and not scenario.seed_drawn
    assert setup.first_side == "Rebel"
    assert [s.name for s in setup.sides] == ["Rebel", "Crown"]
    assert setup.sides[1].key("warheads") == 1
    units = {u.id: u for u in setup.units}
    assert units["va2"].type_id == "light-cavalry" and units["va2"].local_name == "hussar"
    assert units["va2"].health == 10
    assert units["gb1"].hidden is True
    assert units["hms1"].heading == 180.0
    assert units["va1"].position == WorldPoint(1.5, 1.5)
    assert setup.players[1].units == ("va2",)
    assert setup.players[0].units is None
    assert [v.kind for v in setup.victory] == ["hold", "score"]
    assert setup.unit_names == (("hussar", "light-cavalry"),)
    assert scenario.map_path == tmp_path / "fake.tmx"
    assert len(scenario.sha256) == 64 and len(scenario.map_sha256) == 64
    assert [w.message.split(":")[0] for w in scenario.warnings] == ["units[2].hidden"]  # gb1 hides on plains


def test_without_a_seed_one_is_drawn(tmp_path: Path) -> None:
    scenario = _load(tmp_path, GOOD_SCENARIO.replace("seed = 1777\n", ""))
    assert scenario.seed_drawn
    assert 0 <= scenario.setup.seed < 2**31


def test_without_players_each_side_is_one_player(tmp_path: Path) -> None:
    text = GOOD_SCENARIO.split("[[players]]")[0] + "[unit_names]" + GOOD_SCENARIO.split("[unit_names]")[1]
    players = _load(tmp_path, text).setup.players
    assert [(p.name, p.side, p.units) for p in players] == [("Rebel", "Rebel", None), ("Crown", "Crown", None)]


def _line_of(text: str, needle: str) -> int:
    """The last line holding ``needle`` (a duplicate is found at its second place)."""
    hits = [number for number, line in enumerate(text.splitlines(), start=1) if needle in line]
    assert hits, needle
    return hits[-1]


# (what to replace, replacement, expected fragment of the message, the key path it names)
MISTAKES = [
    ('type = "hussar"', 'type = "hussarz"', "unknown unit type 'hussarz'", "units[1].type"),
    ('type = "hussar"', 'type = "hussarz"', "(did you mean 'hussar'?)", "units[1].type"),
    ('id = "gb1"', 'id = "va1"', "duplicate unit id 'va1'", "units[2].id"),
    ('side = "Crown"\nat = [6.5', 'side = "Crwn"\nat = [6.5', "unknown side 'Crwn'", "units[2].side"),
    ("at = [6.5, 6.5]", "at = [60.5, 6.5]", "off the map", "units[2].at"),
    ("at = [1.5, 1.5]", "at = [9.5, 2.5]", "infantry cannot stand on water", "units[0].at"),
    ("at = [8.5, 1.5]", "at = [5.5, 1.5]", "corvette cannot stand on plains", "units[3].at"),
    ('zone = "Hill"', 'zone = "Hil"', "the map has no zone 'Hil'", "victory[0].zone"),
    ('kind = "hold"', 'kind = "conquer"', "must be one of hold, destroy, score", "victory[0].kind"),
    ('units = ["va2"]', 'units = ["gb1"]', "unit 'gb1' belongs to Crown", "players[1].units"),
    ('units = ["va2"]', 'units = ["va9"]', "unknown unit 'va9'", "players[1].units"),
    ('first_side = "Rebel"', 'first_side = "Rebels"', "unknown side 'Rebels'", "scenario.first_side"),
    ('colour = "#3050c0"', 'colour = "blue"', "must be \"#rrggbb\"", "sides[0].colour"),
    ("health = 10", "health = 13", "must be a whole number 1..12", "units[1].health"),
    ("fog_of_war = 6", "fog_of_war = -1", "at least 0", "scenario.fog_of_war"),
    ("fog_of_war = 6", "fog_of_war = 1", "1 makes every message fail", "scenario.fog_of_war"),
    ('hussar = "light-cavalry"', 'hussar = "light-cavalery"', "unknown unit type 'light-cavalery'", "unit_names.hussar"),
    ('ruleset = "modern-4e"', 'ruleset = "modern-5e"', "cannot load rule set 'modern-5e'", "scenario.ruleset"),
    ('map = "fake.tmx"', 'map = "nowhere.tmx"', "no map file at", "scenario.map"),
    ("seed = 1777", 'seed = "lucky"', "whole number from 0", "scenario.seed"),
    ("health = 10", 'health = 10\ncolour = "red"', "unknown key; known: id, type", "units[1].colour"),
]


@pytest.mark.parametrize(("old", "new", "fragment", "key"), MISTAKES, ids=[m[3] + ":" + m[2][:20] for m in MISTAKES])
def test_each_mistake_is_named_with_its_key_and_line(tmp_path: Path, old: str, new: str, fragment: str, key: str) -> None:
    assert old in GOOD_SCENARIO
    text = GOOD_SCENARIO.replace(old, new, 1)
    findings = check_scenario_file(write_scenario(tmp_path, text), **LOADERS)
    matching = [f for f in findings if fragment in f.message]
    assert matching, [f.format() for f in findings]
    finding = matching[0]
    assert finding.message.startswith(key + ":"), finding.format()
    assert finding.path.endswith("test.toml")
    new_first_line = new.splitlines()[-1] if key == "units[1].colour" else new.splitlines()[0]
    assert finding.line == _line_of(text, new_first_line), finding.format()


def test_every_finding_is_reported_at_once(tmp_path: Path) -> None:
    text = (GOOD_SCENARIO.replace('type = "hussar"', 'type = "hussarz"')
            .replace('id = "gb1"', 'id = "va1"')
            .replace('zone = "Hill"', 'zone = "Nowhere"'))
    path = write_scenario(tmp_path, text)
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path, **LOADERS)
    message = str(caught.value)
    assert "3 problems" in message
    assert "hussarz" in message and "duplicate unit id 'va1'" in message and "Nowhere" in message
    assert f"{path}:{_line_of(text, 'hussarz')}: units[1].type: unit 'va2': unknown unit type 'hussarz'" in message


def test_two_mistakes_in_one_table_are_both_reported(tmp_path: Path) -> None:
    """A table with one mistake is still checked against the map for the next: the author fixes all at once."""
    text = (GOOD_SCENARIO
            .replace("at = [1.5, 1.5]", "at = [9.5, 2.5]\nhealth = 99")         # on water, and too much health
            .replace('id = "gb1"\ntype = "infantry"', 'id = "gb1"\ntype = "tank"')
            .replace("at = [6.5, 6.5]", "at = [60.5, 6.5]")                    # unknown type, and off the map
            .replace('name = "Sullivan"\nside = "Rebel"\nunits = ["va2"]',
                     'name = "Sullivan"\nside = "Rebell"\nunits = ["va9"]')     # unknown side and unit
            .replace('kind = "hold"\nzone = "Hill"', 'kind = "hodl"\nzone = "Hil"'))  # unknown kind and zone
    findings = [f.message for f in check_scenario_file(write_scenario(tmp_path, text), **LOADERS)]
    for key, fragment in [("units[0].health", "1..4"), ("units[0].at", "infantry cannot stand on water"),
                          ("units[2].type", "'tank'"), ("units[2].at", "off the map"),
                          ("players[1].side", "'Rebell'"), ("players[1].units", "unknown unit 'va9'"),
                          ("victory[0].kind", "'hodl'"), ("victory[0].zone", "no zone 'Hil'")]:
        assert any(m.startswith(key + ":") and fragment in m for m in findings), (key, findings)


def test_a_toml_syntax_error_names_the_line(tmp_path: Path) -> None:
    text = GOOD_SCENARIO.replace('name = "Rebel"\ncolour', 'name = "Rebel\ncolour', 1)
    findings = check_scenario_file(write_scenario(tmp_path, text), **LOADERS)
    assert len(findings) == 1
    assert findings[0].message.startswith("not valid TOML")
    assert findings[0].line == _line_of(text, 'name = "Rebel')


def test_a_missing_file_is_one_clear_message(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError.__mro__[1]) as caught:  # UserError
        load_scenario(tmp_path / "none.toml", **LOADERS)
    assert "no such file" in str(caught.value)
    assert check_scenario_file(tmp_path / "none.toml", **LOADERS)[0].message.startswith("no such file")


def test_map_placements_join_the_scenario_and_are_checked(tmp_path: Path) -> None:
    map_text = ("# placement va9 Rebel infantry 0.5 0.5\n"
                "# placement va1 Rebel infantry 0.5 1.5\n"
                "# placement gb9 Crown dragoon 0.5 2.5\n"
                "# placement gb8 Crown infantry 9.5 0.5\n"
                "# placement br1 Crown infantry 9.5 4.5\n")
    findings = [f.format() for f in check_scenario_file(write_scenario(tmp_path, GOOD_SCENARIO, map_text), **LOADERS)]
    assert any("unit 'va1': the unit id 'va1' is taken" in f for f in findings), findings
    assert any("unit 'gb9': unknown unit type 'dragoon'" in f for f in findings), findings
    assert any("unit 'gb8': at 9.5,0.5: infantry cannot stand on water" in f for f in findings), findings
    assert all(f.startswith(str(tmp_path / "fake.tmx")) for f in findings)
    # the bridge (a road over water) and the open ground are fine
    ok_map = "# placement va9 Rebel infantry 0.5 0.5\n# placement br1 Crown infantry 9.5 4.5\n"
    scenario = _load(tmp_path, GOOD_SCENARIO, ok_map)
    assert {"va9", "br1"} <= {u.id for u in scenario.setup.units}


def test_aircraft_without_air_theatre_is_a_warning(tmp_path: Path) -> None:
    text = GOOD_SCENARIO + '\n[[units]]\nid = "f1"\ntype = "light-fighter"\nside = "Crown"\nat = [5.5, 5.5]\n'
    scenario = _load(tmp_path, text)
    assert any("air_theatre" in w.message and w.severity == "warning" for w in scenario.warnings)


def test_overrides_change_the_rule_set_for_this_scenario_only(tmp_path: Path) -> None:
    text = GOOD_SCENARIO + "\n[overrides.infantry]\nhealth = 5\nmove = 12\nfire = 3\n"
    scenario = _load(tmp_path, text)
    infantry = scenario.ruleset.unit_types["infantry"]
    assert (infantry.health, infantry.move, infantry.commands["fire"].damage) == (5, 12.0, 3)
    assert fake_ruleset().unit_types["infantry"].health == 4
    bad = _findings(tmp_path, GOOD_SCENARIO + "\n[overrides.infantri]\nhealth = 5\n[overrides.corvette]\nwings = 2\n")
    assert any("overrides.infantri: unknown unit type 'infantri'" in f and "did you mean 'infantry'" in f for f in bad), bad
    assert any("overrides.corvette.wings: cannot override 'wings'" in f for f in bad), bad


def test_key_lines_find_tables_keys_and_skip_multiline_strings() -> None:
    text = '[scenario]\nname = "x"\ndescription = """\nseed = 4\n"""\nseed = 5\n[[units]]\nid = "a"\n[[units]]\n# c\nid = "b"\n'
    lines = KeyLines.scan(text)
    assert lines.line("scenario", None, "seed") == 6
    assert lines.line("units", 1, "id") == 11
    assert lines.line("units", 1, None) == 9
    assert lines.line("units", 1, "type") == 9  # a missing key points at its table
    assert lines.line("victory", 0, "zone") is None


@pytest.mark.parametrize(("old", "new", "fragment", "key"), [
    ("at = [6.5, 6.5]\nhidden = true", "at = [6.5, 6.5]\nhidden = true",
     "unit 'gb1' starts hidden on plains, where infantry cannot hide (it hides in: forest)", "units[2].hidden"),
    ("by_round = 12", "by_round = 25", "round 25 comes after the game's last round (20", "victory[0].by_round"),
    ('name = "Sullivan"', 'name = "Crown"', "player 'Crown' has the name of a side", "players[1].name"),
])
def test_surprises_at_the_table_are_warnings(tmp_path: Path, old: str, new: str, fragment: str, key: str) -> None:
    text = GOOD_SCENARIO.replace(old, new, 1)
    scenario = _load(tmp_path, text)  # warnings do not stop the game
    warnings = [w for w in scenario.warnings if fragment in w.message]
    assert warnings and warnings[0].severity == "warning", [w.format() for w in scenario.warnings]
    assert warnings[0].message.startswith(key + ":")
    assert warnings[0].line == _line_of(text, new.splitlines()[-1])


def test_a_unit_hidden_in_a_wood_is_no_surprise(tmp_path: Path) -> None:
    text = GOOD_SCENARIO.replace("at = [6.5, 6.5]\nhidden = true", "at = [2.5, 6.5]\nhidden = true")
    assert _load(tmp_path, text).warnings == ()


def _ruleset_with_constants(**extra: float):
    import dataclasses
    from types import MappingProxyType

    def loader(name: str = "modern-4e"):
        rules = fake_ruleset(name)
        return dataclasses.replace(rules, constants=MappingProxyType({**rules.constants, **extra}))
    return loader


def test_without_fog_of_war_the_rule_sets_default_is_taken(tmp_path: Path) -> None:
    text = GOOD_SCENARIO.replace("fog_of_war = 6\n", "")
    assert text != GOOD_SCENARIO
    scenario = load_scenario(write_scenario(tmp_path, text), map_loader=fake_map_loader,
                             ruleset_loader=_ruleset_with_constants(default_fog_of_war=5))
    assert scenario.setup.fog_of_war == 5


def test_without_fog_of_war_nor_a_default_in_the_rule_set_the_scenario_is_told_what_to_add(tmp_path: Path) -> None:
    findings = _findings(tmp_path, GOOD_SCENARIO.replace("fog_of_war = 6\n", ""))
    assert any("scenario.fog_of_war" in f and "no default_fog_of_war" in f and "add fog_of_war = N" in f
               for f in findings), findings


def test_the_shipped_rule_sets_give_a_default_fog_of_war() -> None:
    from kriegsspiel.rulesets import load_ruleset

    for name in ("modern-4e", "kriegsspiel-v3"):
        assert load_ruleset(name).constants["default_fog_of_war"] == 6, name
