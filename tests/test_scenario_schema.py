"""Scenarios are decoded into typed objects by the border's schema (issue 28 item 1,
kriegsspiel/border/scenario_schema.py): a wrong type, NaN or infinity, a whole number out of range, a list where
a name belongs, a NUL or an escape in a name is refused naming the file, the line, the key and what belongs
there; the other keys of the same table are still read, so every finding comes at once. Ruler and area
scenarios alike."""
from __future__ import annotations

from pathlib import Path

import pytest

from kriegsspiel.cli import main
from kriegsspiel.scenario import check_scenario_file
from kriegsspiel.scenario.area import check_area_scenario_file
from test_scenario_support import GOOD_SCENARIO, fake_map_loader, fake_ruleset, write_scenario

LOADERS = {"map_loader": fake_map_loader, "ruleset_loader": fake_ruleset}
REPO = Path(__file__).resolve().parent.parent
DIPLOMACY = REPO / "kriegsspiel" / "data" / "scenarios" / "diplomacy-1901.toml"
MAP = REPO / "kriegsspiel" / "data" / "maps" / "diplomacy-standard.tmx"

# (what to replace, replacement, the key the finding names, words of what belongs there)
RULER_EDITS = {
    "seed-list": ("seed = 1777", "seed = [1777]", "scenario.seed", "a whole number from 0 to 2^63-1, not [1777]"),
    "seed-huge": ("seed = 1777", "seed = 99999999999999999999", "scenario.seed", "a whole number from 0"),
    "seed-negative": ("seed = 1777", "seed = -1", "scenario.seed", "from 0 to 2^63-1, not -1"),
    "rounds-nan": ("rounds = 20", "rounds = nan", "scenario.rounds", "a whole number of at least 1, not nan"),
    "rounds-float": ("rounds = 20", "rounds = 20.5", "scenario.rounds", "a whole number of at least 1, not 20.5"),
    "name-list": ('name = "Test crossing"', 'name = ["Test crossing"]', "scenario.name", "the scenario's name"),
    "name-nul": ('name = "Test crossing"', 'name = "Test\\u0000crossing"', "scenario.name", "control characters"),
    "map-escape": ('map = "fake.tmx"', 'map = "fake\\u001b[2J.tmx"', "scenario.map", "control characters"),
    "side-name-list": ('name = "Rebel"\ncolour', 'name = ["Rebel"]\ncolour', "sides[0].name", "the side's name"),
    "side-name-tab": ('name = "Crown"\ncolour', 'name = "Cr\\town"\ncolour', "sides[1].name", "control characters"),
    "warheads-inf": ("warheads = 1", "warheads = inf", "sides[1].warheads", "a whole number of at least 0, not inf"),
    "colour-number": ('colour = "#3050c0"', "colour = 3050", "sides[0].colour", '"#rrggbb"'),
    "player-name-nul": ('name = "Washington"', 'name = "Wash\\u0000ington"', "players[0].name", "control characters"),
    "player-units-number": ('units = ["va2"]', "units = 2", "players[1].units", '"all" or a list of unit ids'),
    "unit-at-nan": ("at = [1.5, 1.5]", "at = [nan, 1.5]", "units[0].at", "[x, y] in world units"),
    "unit-at-inf": ("at = [1.5, 1.5]", "at = [1.5, -inf]", "units[0].at", "[x, y] in world units"),
    "unit-at-three": ("at = [1.5, 1.5]", "at = [1.5, 1.5, 1.5]", "units[0].at", "[x, y] in world units"),
    "unit-type-list": ('type = "hussar"', 'type = ["hussar"]', "units[1].type", "a unit type of the rule set"),
    "unit-health-huge": ("health = 10", "health = 9223372036854775807", "units[1].health", "unit 'va2': must be"),
    "unit-id-nul": ('id = "va1"', 'id = "va\\u00001"', "units[0].id", "a name without spaces"),
    "unit-name-type-number": ('hussar = "light-cavalry"', "hussar = 5", "unit_names.hussar", "standard unit type"),
}


@pytest.mark.parametrize("name", list(RULER_EDITS))
def test_a_ruler_scenario_value_of_the_wrong_kind_is_named_with_key_line_and_what_belongs(tmp_path: Path,
                                                                                         name: str) -> None:
    old, new, key, words = RULER_EDITS[name]
    assert GOOD_SCENARIO.count(old) >= 1, old
    text = GOOD_SCENARIO.replace(old, new, 1)
    path = write_scenario(tmp_path, text)
    findings = [f for f in check_scenario_file(path, **LOADERS) if f.severity == "error"]
    named = [f for f in findings if f.message.startswith(key + ":")]
    assert named, [f.format() for f in findings]
    finding = named[0]
    assert words in finding.message, finding.format()
    field = key.split(".")[-1]
    needle = next(line for line in new.splitlines() if line.startswith(field))
    assert finding.line == next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)
    assert len([f for f in findings if f.message.startswith(key + ":")]) == 1, "one finding per bad key"


def test_every_bad_key_of_one_table_is_a_finding_at_once(tmp_path: Path) -> None:
    text = GOOD_SCENARIO.replace("at = [1.5, 1.5]", 'at = [1.5, "x"]\nheading = nan\nhidden = "yes"', 1)
    findings = check_scenario_file(write_scenario(tmp_path, text), **LOADERS)
    keys = {f.message.split(":")[0] for f in findings if f.severity == "error"}
    assert {"units[0].at", "units[0].heading", "units[0].hidden"} <= keys, [f.format() for f in findings]


def test_check_names_the_file_for_a_hostile_scenario_and_exits_1(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    scenario = (REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml").read_text(encoding="utf-8")
    path = tmp_path / "demo.toml"
    (tmp_path / "maps").mkdir()
    assert "rounds = 16" in scenario
    text = scenario.replace("rounds = 16", "rounds = nan", 1)
    path.write_text(text.replace('map = "../maps/', 'map = "' + str(REPO / "kriegsspiel" / "data" / "maps") + "/"),
                    encoding="utf-8")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:" in out and "scenario.rounds: must be a whole number of at least 1, not nan" in out, out
    assert "internal error" not in out and "Traceback" not in out


AREA_EDITS = {
    "blind-string": (("blind = false", 'blind = "no"'), ["[scenario] blind", "expected true or false, got a string"]),
    "seed-list": (("seed = 1901", "seed = [1901]"), ["[scenario] seed", "expected a whole number, got a list"]),
    "seed-huge": (("seed = 1901", "seed = 99999999999999999999"), ["[scenario] seed", "<= 9223372036854775807"]),
    "name-nul": (('name = "Diplomacy', 'name = "Dip\\u0000lomacy'), ["[scenario] name", "control characters"]),
    "ruleset-list": (('ruleset = "diplomacy"', 'ruleset = ["diplomacy"]'), ["[scenario] ruleset",
                                                                          "expected a string, got a list"]),
    "unknown-key": (("seed = 1901", "seed = 1901\ncolour = 3"), ["[scenario] colour", "unknown key",
                                                                  "the keys are name, map"]),
    "unknown-table": (("seed = 1901", "seed = 1901\n\n[extra]"), ["[extra]", "unknown table"]),
    "description-number": (('description = """', 'description = 3\nlong = """'), ["[scenario] description",
                                                                                  "expected a string"]),
}


@pytest.mark.parametrize("name", list(AREA_EDITS))
def test_an_area_scenario_value_of_the_wrong_kind_is_named_with_key_line_and_what_belongs(tmp_path: Path,
                                                                                         name: str) -> None:
    (old, new), words = AREA_EDITS[name]
    text = DIPLOMACY.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / "bad.toml"
    path.write_text(text.replace(old, new, 1).replace("../maps/diplomacy-standard.tmx", str(MAP)), encoding="utf-8")
    findings = check_area_scenario_file(path)
    assert len(findings) == 1 and findings[0].severity == "error", findings
    message = findings[0].format()
    assert message.startswith(f"{path}:"), message
    field = words[0].split(" ")[-1].strip("[]")
    needle = next(line for line in new.splitlines() if line.strip("[]").startswith(field))
    assert findings[0].line == next(n for n, line in enumerate(path.read_text().splitlines(), 1)
                                    if needle in line), message
    for word in words:
        assert word in message, (word, message)


def test_an_area_player_of_the_wrong_kind_is_named_by_number(tmp_path: Path) -> None:
    text = DIPLOMACY.read_text(encoding="utf-8").replace("../maps/diplomacy-standard.tmx", str(MAP))
    text += '\n[[players]]\nname = "Anna"\npower = ["FRANCE"]\n'
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    message = check_area_scenario_file(path)[0].format()
    assert "[[players]] number" in message and "power" in message and "expected a string" in message, message
