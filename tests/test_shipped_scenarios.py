"""The shipped scenarios by name: ``kriegsspiel scenarios`` lists them, ``play``, ``new`` and ``shell`` take a name
where they take a path, an author's file of the same name wins, and an unknown name is told the shipped ones."""
from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from kriegsspiel.cli import main
from kriegsspiel.data import scenario_or_path, scenarios_folder, shipped_scenario, shipped_scenario_names

REPO = Path(__file__).resolve().parent.parent


def test_the_shipped_scenarios_are_the_files_in_the_package() -> None:
    folder = REPO / "kriegsspiel" / "data" / "scenarios"
    assert scenarios_folder().resolve() == folder.resolve()
    assert shipped_scenario_names() == sorted(p.stem for p in folder.glob("*.toml"))
    assert {"demo", "coastal", "diplomacy-1901", "air-power-1901", "v3-weistritz", "unit-profiles-borderlands"} <= set(
        shipped_scenario_names())


@pytest.mark.parametrize("text", ["demo.toml", "scenarios/demo", "../demo", ".demo", "", "nosuch-but.tmx"])
def test_only_a_bare_name_is_looked_up(text: str) -> None:
    assert shipped_scenario(text) is None


def test_scenarios_lists_name_rule_set_title_and_players_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenarios", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    by_name = {s["name"]: s for s in listed["scenarios"]}
    assert sorted(by_name) == shipped_scenario_names()
    for name, entry in by_name.items():
        head = tomllib.loads((scenarios_folder() / f"{name}.toml").read_text(encoding="utf-8"))["scenario"]
        assert (entry["ruleset"], entry["title"]) == (head["ruleset"], head["name"])
        assert entry["players"], name
    assert by_name["demo"]["players"] == ["Washington", "Sullivan", "Howe", "Knyphausen"]
    assert by_name["diplomacy-1901"]["ruleset"] == "diplomacy" and len(by_name["diplomacy-1901"]["players"]) == 7


def test_scenarios_as_text_has_a_line_per_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenarios"]) == 0
    lines = capsys.readouterr().out.splitlines()
    demo = next(line for line in lines if line.startswith("demo "))
    assert "modern-4e" in demo and "Crossing at Chadds Ford" in demo and "Knyphausen" in demo
    assert lines[-1].startswith("play one by its name: kriegsspiel play demo")


def test_new_starts_a_shipped_scenario_by_name(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["new", "diplomacy-1901", "--save", "x.kssave"]) == 0
    assert "started 'Diplomacy, 1901'" in capsys.readouterr().out
    assert (tmp_path / "x.kssave").is_file()


def test_an_authors_file_of_the_same_name_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "demo").write_text("mine", encoding="utf-8")
    assert scenario_or_path("demo") == Path("demo")
    assert scenario_or_path("coastal") == scenarios_folder() / "coastal.toml"


@pytest.mark.parametrize("command", [["play", "nosuch"], ["new", "nosuch"], ["shell", "nosuch"]])
def test_an_unknown_name_is_told_the_shipped_ones(command: list[str], tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(command) == 2
    err = capsys.readouterr().err
    assert "nosuch: no such file, and no shipped scenario of that name; shipped: air-power-1901, coastal, demo" in err
    assert "kriegsspiel scenarios" in err
    assert list(tmp_path.iterdir()) == []
