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
                                                     "'unit_type' property in Tiled"),
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
        assert what in finding.message and fix in finding.message, finding.format()
        assert finding.format().startswith(f"{tmx}:{finding.line}: {label}: ")


def test_the_good_units_and_a_local_type_name_join_the_game(scenario: Path) -> None:
    keep = ('id="1"', 'id="3"')  # va1 and the hussars (a local name of the scenario)
    lines, skip = [], False
    for line in (MAPS / "scenario-units.tmx").read_text(encoding="utf-8").splitlines():
        if "<object id=" in line:
            skip = not any(k in line for k in keep)
        if not skip:
            lines.append(line)
        if "</object>" in line:
            skip = False
    (scenario.parent / "scenario-units.tmx").write_text("\n".join(lines) + "\n", encoding="utf-8")
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
