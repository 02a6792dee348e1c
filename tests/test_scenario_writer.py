"""The scenario writer of the set-up mode (kriegsspiel/scenario/writer.py, area_writer.py): a scenario read into a
draft and written again loads to the same game (every shipped one, ruler and area), what the mode does not edit
is kept, units of the map's units layer are not written twice, paths are relative to the new file, and the file is
written atomically and never over another without leave."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from kriegsspiel.scenario import load_scenario
from kriegsspiel.scenario.area import load_area_scenario
from kriegsspiel.scenario.area_writer import area_scenario_text, check_area_text
from kriegsspiel.scenario.writer import ScenarioExists, check_text, draft_of, write_atomically
from test_scenario_map_units import good_units_map

REPO = Path(__file__).resolve().parent.parent
SCENARIOS = REPO / "kriegsspiel" / "data" / "scenarios"
FIXTURE_MAPS = Path(__file__).parent / "fixtures" / "maps"


@pytest.mark.parametrize("name", ["demo", "coastal", "v3-weistritz"])
def test_a_shipped_ruler_scenario_written_again_is_the_same_game(name: str, tmp_path: Path) -> None:
    before = load_scenario(SCENARIOS / f"{name}.toml")
    target = tmp_path / "elsewhere" / f"{name}.toml"
    target.parent.mkdir()
    text = draft_of(before).toml_text(target)
    assert check_text(text, target) == []
    write_atomically(target, text, overwrite=False)
    after = load_scenario(target)
    assert after.setup == before.setup  # units, sides, players, victory, fog, rounds, seed, description
    assert repr(after.ruleset) == repr(before.ruleset)  # the overrides kept
    assert after.map_path.resolve() == before.map_path.resolve()
    assert not Path(after.map_ref).is_absolute()


@pytest.mark.parametrize("name", ["diplomacy-1901", "air-power-1901", "unit-profiles-borderlands"])
def test_a_shipped_area_scenario_written_again_starts_the_same(name: str, tmp_path: Path) -> None:
    before = load_area_scenario(SCENARIOS / f"{name}.toml")
    target = tmp_path / f"{name}.toml"
    after = check_area_text(area_scenario_text(before, before.setup, target), target)
    assert after.start() == before.start()
    assert [(p.name, p.power) for p in after.players] == [(p.name, p.power) for p in before.players]
    assert (after.name, after.seed, after.blind, after.description) == (before.name, before.seed, before.blind,
                                                                        before.description)


def test_units_of_the_maps_layer_are_shown_but_not_written(tmp_path: Path) -> None:
    shutil.copy(FIXTURE_MAPS / "fixture.png", tmp_path / "fixture.png")
    (tmp_path / "scenario-units.tmx").write_text(good_units_map(), encoding="utf-8")  # va1 and the hussars
    source = tmp_path / "units.toml"
    source.write_text('[scenario]\nname = "Map units"\nmap = "scenario-units.tmx"\nruleset = "modern-4e"\n\n'
                      '[[sides]]\nname = "Rebel"\n\n[[sides]]\nname = "Crown"\n\n[unit_names]\nhussar = "light-cavalry"\n\n'
                      '[[units]]\nid = "b1"\ntype = "infantry"\nside = "Rebel"\nat = [0.5, 1.5]\n', encoding="utf-8")
    draft = draft_of(load_scenario(source))
    assert {u.id: u.from_map for u in draft.units} == {"b1": False, "va1": True, "hussars": True}
    target = tmp_path / "again.toml"
    text = draft.toml_text(target)
    assert text.count("[[units]]") == 1 and 'hussar = "light-cavalry"' in text
    write_atomically(target, text, overwrite=False)
    assert {u.id for u in load_scenario(target).setup.units} == {"b1", "va1", "hussars"}


def test_a_file_is_replaced_only_with_leave_and_never_left_half_written(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "s.toml"
    target.write_text("old\n", encoding="utf-8")
    with pytest.raises(ScenarioExists):
        write_atomically(target, "new\n", overwrite=False)
    assert target.read_text(encoding="utf-8") == "old\n"

    def crash(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        write_atomically(target, "new\n", overwrite=True)
    assert target.read_text(encoding="utf-8") == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.toml"]  # the temporary file is gone too
    monkeypatch.undo()
    write_atomically(target, "new\n", overwrite=True)
    assert target.read_text(encoding="utf-8") == "new\n"
