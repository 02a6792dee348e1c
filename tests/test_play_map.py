"""``kriegsspiel play MAP.tmx``: any Tiled map opens at once as a new, empty game on it (rule set from the map's
``ruleset`` property, else --ruleset, else modern-4e); isometric and staggered maps and JSON maps are refused by
name with exit 2. (Tiled's own example maps and pytmx's were tried by hand; they are not in the repository.)"""
from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from kriegsspiel.cli import main
from kriegsspiel.scenario.empty import chosen_ruleset, empty_scenario_text, write_empty_scenario

REPO = Path(__file__).resolve().parent.parent
MAPS = REPO / "kriegsspiel" / "data" / "maps"
REALISH = REPO / "tests" / "fixtures" / "realish"


@pytest.mark.parametrize("name", sorted(p.name for p in MAPS.glob("*.tmx")))
def test_every_shipped_map_opens_as_an_empty_game_and_draws(name: str, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    shot = tmp_path / "shot.png"
    assert main(["play", str(MAPS / name), "--screenshot", str(shot), "--size", "640x400"]) == 0, capsys.readouterr().err
    picture = pygame.image.load(str(shot))
    assert picture.get_size() == (640, 400)
    colours = {picture.get_at((x, y))[:3] for x in range(0, 420, 7) for y in range(60, 380, 7)}
    assert len(colours) > 8  # the map's art, not an empty table
    assert list(tmp_path.iterdir()) == [shot]  # a screenshot writes nothing but the picture


@pytest.mark.parametrize("name", ["brushes.tmx", "classes.tmx", "hex-turned.tmx", "sparse.tmx", "templates.tmx",
                                  "no-terrain.tmx", "infinite.tmx"])
def test_maps_shaped_like_real_tiled_maps_open(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shot = tmp_path / "shot.png"
    assert main(["play", str(REALISH / name), "--screenshot", str(shot), "--size", "640x400"]) == 0, \
        capsys.readouterr().err
    assert shot.stat().st_size > 1000


def test_an_isometric_map_is_refused_by_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", str(REALISH / "isometric.tmx"), "--screenshot", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err
    assert f"{REALISH / 'isometric.tmx'}: a map of isometric orientation, which the rules cannot play" in err
    assert "Map > Map Properties > Orientation" in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("suffix", [".tmj", ".json"])
def test_a_json_map_is_refused_by_name(suffix: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / f"island{suffix}"
    path.write_text('{"orientation": "orthogonal", "layers": []}', encoding="utf-8")
    assert main(["play", str(path), "--screenshot", str(tmp_path / "x.png")]) == 2
    assert f"{path}: a JSON file; open a map saved as TMX (.tmx)" in capsys.readouterr().err


def test_the_rule_set_is_the_maps_own_else_the_one_asked_for_else_the_default(tmp_path: Path) -> None:
    assert chosen_ruleset(MAPS / "v3-weistritz.tmx", "modern-4e") == "kriegsspiel-v3"  # the map's property wins
    assert chosen_ruleset(MAPS / "diplomacy-standard.tmx", None) == "diplomacy"
    plain = REALISH / "sparse.tmx"
    assert chosen_ruleset(plain, "kriegsspiel-v3") == "kriegsspiel-v3"
    assert chosen_ruleset(plain, None) == "modern-4e"
    area = empty_scenario_text(MAPS / "diplomacy-standard.tmx", "diplomacy")
    assert "[setup]" in area and "[[sides]]" not in area
    ruler = empty_scenario_text(plain, "modern-4e")
    assert ruler.count("[[sides]]") == 2 and "[[units]]" not in ruler


def test_the_game_on_a_map_outlives_the_scenario_written_to_start_it(tmp_path: Path) -> None:
    from kriegsspiel.store import Game
    from kriegsspiel.store import verify_save

    folder = tmp_path / "scratch"
    folder.mkdir()
    game_map = tmp_path / "maps" / "mine.tmx"  # an author's map, with the shipped tilesets beside it
    game_map.parent.mkdir()
    shutil.copy(MAPS / "hex-valley.tmx", game_map)
    shutil.copytree(MAPS.parent / "assets", tmp_path / "assets")
    save = tmp_path / "mine.kssave"
    with Game.new(write_empty_scenario(game_map, None, folder), save) as game:
        assert game.state.setup.name == "mine" and not game.state.units
        assert [s.name for s in game.state.setup.sides] == ["Blue", "Red"]
    shutil.rmtree(folder)
    with Game.open(save) as again:
        assert again.scenario.battlefield is not None
    assert verify_save(save).written_here
