"""Whatever an author writes, the scenario check answers with findings, never a traceback."""
from __future__ import annotations

from pathlib import Path

import pytest

from kriegsspiel.scenario import ScenarioError, check_scenario_file, load_scenario
from test_scenario_support import GOOD_SCENARIO, fake_map_loader, fake_ruleset, write_scenario

LOADERS = {"map_loader": fake_map_loader, "ruleset_loader": fake_ruleset}
ODD_VALUES = ["[]", "{}", "true", '"x"', "-1", "inf", "nan", "[1, [2]]", "{ a = 1 }", '""', "0", "1e300"]
LINES = GOOD_SCENARIO.splitlines()


def _check(tmp_path: Path, text: str) -> None:
    path = write_scenario(tmp_path, text)
    findings = check_scenario_file(path, **LOADERS)
    assert all(f.path and f.message for f in findings)
    try:
        load_scenario(path, **LOADERS)
    except ScenarioError as exc:
        assert any(f.severity == "error" for f in exc.findings)


@pytest.mark.parametrize("index", range(len(LINES)))
def test_deleting_or_doubling_any_line(tmp_path: Path, index: int) -> None:
    _check(tmp_path, "\n".join(LINES[:index] + LINES[index + 1:]) + "\n")
    _check(tmp_path, "\n".join(LINES[: index + 1] + LINES[index:]) + "\n")


@pytest.mark.parametrize("index", [i for i, line in enumerate(LINES) if " = " in line])
def test_any_value_of_any_type(tmp_path: Path, index: int) -> None:
    key = LINES[index].split(" = ")[0]
    for value in ODD_VALUES:
        _check(tmp_path, "\n".join(LINES[:index] + [f"{key} = {value}"] + LINES[index + 1:]) + "\n")


@pytest.mark.parametrize("text", [
    "", "scenario = 1\n", "[[scenario]]\nname = 'x'\n", "units = 3\n[scenario]\nname='x'\nmap='fake.tmx'\n",
    "[scenario]\nname='x'\nmap='fake.tmx'\n[[sides]]\nname='A'\n[[sides]]\nname='B'\n",
    "[scenario]\nname='x'\nmap='fake.tmx'\nunit_names = 4\nvictory = {}\nplayers = 'all'\n",
    "[scenario]\nname='x'\nmap='fake.tmx'\n[overrides]\ninfantry = 3\n",
    "\ufeff[scenario]\nname='x'\n",
])
def test_odd_whole_files(tmp_path: Path, text: str) -> None:
    _check(tmp_path, text)


def test_a_byte_order_mark_is_fine(tmp_path: Path) -> None:
    path = write_scenario(tmp_path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert load_scenario(path, **LOADERS).setup.name == "Test crossing"


def test_not_utf8_names_the_line(tmp_path: Path) -> None:
    path = write_scenario(tmp_path)
    path.write_bytes(path.read_bytes().replace(b"Test crossing", b"Test crossing \xe9"))
    assert [f.format() for f in check_scenario_file(path, **LOADERS)] == [
        f"{path}:2: not UTF-8 text; save the scenario as UTF-8"]


def test_a_save_or_a_map_given_as_scenario_says_what_it_is(repo: Path, tmp_path: Path) -> None:
    save = tmp_path / "x.toml"
    save.write_text('{"format":"kriegsspiel-save","version":1}\n')
    assert "this is a save, not a scenario" in check_scenario_file(save, **LOADERS)[0].message
    assert "this is a Tiled map, not a scenario" in check_scenario_file(repo / "kriegsspiel" / "data" / "maps/brandywine.tmx")[0].message
