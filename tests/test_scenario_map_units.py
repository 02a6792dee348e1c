"""Units drawn on a map's ``units`` layer: each problem a scenario finds with one names the map file, the object
as Tiled shows it (id, name, layer) and its line in the .tmx, and what to change in Tiled; all at once."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kriegsspiel.cli import main
from kriegsspiel.rulesets import load_ruleset
from kriegsspiel.scenario import check_scenario_file, load_scenario
from kriegsspiel.tiled import load_battlefield

MAPS = Path(__file__).parent / "fixtures" / "maps"


def good_units_map() -> str:
    """The fixture map's text with only the good objects of its units layer: va1 and the hussars (a local type
    name of the scenario)."""
    keep = ('id="1"', 'id="3"')
    lines, skip = [], False
    for line in (MAPS / "scenario-units.tmx").read_text(encoding="utf-8").splitlines():
        if "<object id=" in line:
            skip = not any(k in line for k in keep)
        if not skip:
            lines.append(line)
        if "</object>" in line:
            skip = False
    return "\n".join(lines) + "\n"

SCENARIO = """\
[scenario]
name = "Map units"
map = "scenario-units.tmx"
ruleset = "modern-4e"
first_side = "Rebel"

[[sides]]
name = "Rebel"

[[sides]]
name = "Crown"

[unit_names]
hussar = "light-cavalry"

[[units]]
id = "b1"
type = "infantry"
side = "Rebel"
at = [0.5, 1.5]
"""


def _object_line(tmx: Path, object_id: int) -> int:
    lines = tmx.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if f'<object id="{object_id}"' in line)


@pytest.fixture()
def scenario(tmp_path: Path) -> Path:
    for name in ("scenario-units.tmx", "fixture.png"):
        shutil.copy(MAPS / name, tmp_path / name)
    path = tmp_path / "units.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    return path


def test_every_map_unit_problem_names_the_object_its_line_and_the_fix(scenario: Path) -> None:
    tmx = scenario.parent / "scenario-units.tmx"
    found = [f for f in check_scenario_file(scenario) if f.severity == "error"]
    by_object = {f.message.split(":")[0]: f for f in found}
    expected = {
        "object 2 ('hessians') in layer 'units'": (2, "unknown side 'Hessian'", "set the object's 'side' property "
                                                  "in Tiled to a side of the scenario: Rebel, Crown"),
        "object 4 ('grenadiers') in layer 'units'": (4, "unknown unit type 'grenadier'", "set the object's "
                                                     "'unit_type' property in Tiled to one of them, or name it in "
                                                     "the scenario's [unit_names]"),
        "object 5 ('lost') in layer 'units'": (5, "off the map", "drag the object onto the map in Tiled"),
        "object 6 ('wet') in layer 'units'": (6, "infantry cannot stand on water", "drag the object in Tiled"),
        "object 7 in layer 'units'": (7, "a unit needs a name", "give the object a Name in Tiled"),
        "object 8 ('b1') in layer 'units'": (8, "the unit id 'b1' is taken", "rename one of them"),
    }
    assert set(by_object) == set(expected), [f.format() for f in found]
    for label, (object_id, what, fix) in expected.items():
        finding = by_object[label]
        assert finding.path == str(tmx), finding
        assert finding.line == _object_line(tmx, object_id), finding.format()
        assert what in finding.message and finding.message.endswith(fix), finding.format()
        assert finding.format().startswith(f"{tmx}:{finding.line}: {label}: ")


def test_the_good_units_and_a_local_type_name_join_the_game(scenario: Path) -> None:
    (scenario.parent / "scenario-units.tmx").write_text(good_units_map(), encoding="utf-8")
    units = {u.id: u for u in load_scenario(scenario).setup.units}
    assert set(units) == {"b1", "va1", "hussars"}
    assert units["hussars"].type_id == "light-cavalry" and units["hussars"].local_name == "hussar"


def test_the_map_alone_names_objects_and_lines_and_accepts_a_local_type(capsys) -> None:
    path = MAPS / "scenario-units.tmx"
    battlefield = load_battlefield(path, load_ruleset("modern-4e"))  # "hussar" is a warning, not fatal
    assert {p.name: p.line for p in battlefield.placements}["hussars"] == _object_line(path, 3)
    main(["check", str(path)])
    captured = capsys.readouterr()
    assert "0 errors" in captured.out.splitlines()[-1]
    out = captured.out.splitlines()
    assert (f"{path}:{_object_line(path, 5)}: warning: object 5 ('lost') in layer 'units' stands off the map at "
            "12.50,1.50; drag it onto the map") in out
    assert any(line.startswith(f"{path}:{_object_line(path, 6)}: warning: object 6 ('wet') in layer 'units' "
                               "(infantry) stands on water") for line in out), out
    assert any(line.startswith(f"{path}:{_object_line(path, 3)}: warning: object 3 ('hussars') in layer 'units' "
                               "has the unit_type 'hussar', not a unit type of the rule set") and
               "[unit_names]" in line for line in out), out


def _edited_map(scenario: Path, *changes: tuple[str, str]) -> Path:
    tmx = scenario.parent / "scenario-units.tmx"
    text = tmx.read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    tmx.write_text(text, encoding="utf-8")
    return tmx


def test_a_name_with_spaces_and_a_name_drawn_twice_are_found_with_all_the_rest(scenario: Path) -> None:
    """A unit's name on the map is its id: one with a space, or one another object has, is refused, and the
    objects after it are still checked (every finding at once)."""
    tmx = _edited_map(scenario, ('name="hessians"', 'name="hessian guard"'), ('name="hussars"', 'name="va1"'))
    found = [f for f in check_scenario_file(scenario) if f.severity == "error"]
    by_object = {f.message.split(":")[0]: f for f in found}
    assert by_object["object 2 ('hessian guard') in layer 'units'"].message.endswith(
        ": a unit's name is its id in the game and may not hold spaces, got 'hessian guard'; rename the object in "
        "Tiled (e.g. 1st-foot)")
    assert by_object["object 3 ('va1') in layer 'units'"].message.endswith(
        ": the unit id 'va1' is taken (by a [[units]] entry or another object); rename one of them")
    assert by_object["object 3 ('va1') in layer 'units'"].line == _object_line(tmx, 3)
    assert {f"object {n}" for n in (4, 5, 6, 7, 8)} <= {label.split(" (")[0].split(" in ")[0] for label in by_object}


def test_a_map_unit_keeps_its_side_place_heading_health_and_hidden(scenario: Path) -> None:
    text = good_units_map()
    text = text.replace('<property name="unit_type" value="infantry"/>',
                        '<property name="unit_type" value="infantry"/><property name="heading" type="float" '
                        'value="90"/><property name="health" type="int" value="2"/><property name="hidden" '
                        'type="bool" value="true"/>', 1)
    (scenario.parent / "scenario-units.tmx").write_text(text, encoding="utf-8")
    units = {u.id: u for u in load_scenario(scenario).setup.units}
    va1, hussars = units["va1"], units["hussars"]
    assert (va1.side, (va1.position.x, va1.position.y), va1.heading, va1.health, va1.hidden, va1.local_name) == \
        ("Rebel", (0.5, 1.5), 90.0, 2, True, None)
    assert (hussars.side, (hussars.position.x, hussars.position.y), hussars.heading, hussars.health) == \
        ("Crown", (0.5, 2.5), None, None)
