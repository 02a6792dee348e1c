"""Where the program writes (issue 16, items 3 to 5): saves in the user's games folder named by scenario and
date, never in the source tree; ``kriegsspiel games``; a fresh seed for a scenario that fixes none; the shell's
picture writer ends at once."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pygame
import pytest

from kriegsspiel.cli import main
from kriegsspiel.userdirs import DATA_ENV, data_dir, games_dir, new_game_path

REPO = Path(__file__).resolve().parent.parent


def test_the_tests_write_in_a_temporary_data_folder(tmp_path: Path) -> None:
    assert os.environ[DATA_ENV] and data_dir() == Path(os.environ[DATA_ENV])
    assert REPO not in data_dir().parents and Path.home() / ".local" not in data_dir().parents


def test_without_the_variable_it_is_platformdirs_user_data_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    monkeypatch.delenv(DATA_ENV)
    assert games_dir() == Path(platformdirs.user_data_dir("kriegsspiel", appauthor=False)) / "games"


def test_a_new_game_is_named_by_scenario_and_date_and_overwrites_nothing() -> None:
    import datetime as dt

    now = dt.datetime(2026, 11, 25, 21, 3)
    first = new_game_path(REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml", now)
    assert first == games_dir() / "demo-2026-11-25-2103.kssave"
    first.write_text("taken")
    assert new_game_path(REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml", now).name == "demo-2026-11-25-2103-2.kssave"


def test_an_unwritable_data_folder_is_one_clear_message(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from kriegsspiel.errors import UserError

    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(DATA_ENV, str(blocker))
    with pytest.raises(UserError, match=f"cannot make the games folder.*{DATA_ENV}"):
        new_game_path(REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml")


def _status() -> str:
    done = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=REPO, capture_output=True, text=True)
    return done.stdout if done.returncode == 0 else ""


def test_a_shell_game_of_a_shipped_scenario_leaves_the_source_tree_as_it_was() -> None:
    """A whole round (pictures written) through ``kriegsspiel shell`` on the demo, with no --save."""
    before = _status()
    done = subprocess.run([sys.executable, "-m", "kriegsspiel", "shell", "kriegsspiel/data/scenarios/demo.toml"], cwd=REPO,
                          input="turn\nturn\n", capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0, done.stderr
    assert _status() == before
    saves = list(games_dir().glob("demo-*.kssave"))
    assert len(saves) == 1 and f"saved to {saves[0]}" in done.stdout
    pictures = sorted(p.name for p in (games_dir() / (saves[0].stem + "-pov") / "round-001").iterdir())
    assert pictures == ["Howe.png", "Knyphausen.png", "Sullivan.png", "Washington.png"]


def test_games_lists_the_saves_newest_first_with_round_and_rule_set(capsys: pytest.CaptureFixture[str]) -> None:
    from kriegsspiel.store import Game

    older = new_game_path(REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml")
    with Game.new(REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml", older) as game:
        for _ in range(2):
            assert game.submit("turn").accepted  # both sides: round 2
    newer = games_dir() / "weistritz.kssave"
    Game.new(REPO / "kriegsspiel" / "data" / "scenarios" / "v3-weistritz.toml", newer).close()
    (games_dir() / "broken.kssave").write_text("not a save\n")
    assert main(["games", "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert listing["folder"] == str(games_dir())
    rows = {g["name"]: g for g in listing["games"]}
    order = [g["name"] for g in listing["games"]]
    assert order[-1] == "broken.kssave"  # what cannot be continued comes last
    times = [g["last_played"] for g in listing["games"][:2]]
    assert times == sorted(times, reverse=True) and set(order[:2]) == {"weistritz.kssave", older.name}
    assert rows[older.name]["scenario"] == "Crossing at Chadds Ford" and rows[older.name]["ruleset"] == "modern-4e"
    assert rows[older.name]["round"] == 2 and rows[older.name]["records"] == 2
    assert rows["weistritz.kssave"]["ruleset"] == "kriegsspiel-v3" and rows["weistritz.kssave"]["round"] == 1
    assert rows[older.name]["path"] == str(older) and rows[older.name]["last_played"].endswith("Z")
    assert "not a kriegsspiel save" in rows["broken.kssave"]["problem"]
    assert main(["games"]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"3 saved games in {games_dir()}")
    assert f"{older.name}  Crossing at Chadds Ford (modern-4e), round 2, last played" in text
    assert "broken.kssave: cannot be read" in text


def test_games_with_none_says_how_to_start_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    assert capsys.readouterr().out == f"no saved games in {games_dir()}; start one with: python main.py\n"


def test_a_scenario_without_a_seed_gets_a_fresh_one_recorded_in_the_save(tmp_path: Path) -> None:
    from kriegsspiel.store import Game, read_save

    text = (REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml").read_text(encoding="utf-8").replace("seed = 1777\n", "")
    scenario = tmp_path / "unseeded.toml"
    scenario.write_text(text.replace('"../maps/', f'"{REPO / "kriegsspiel" / "data" / "maps"}/'), encoding="utf-8")
    seeds = set()
    for n in range(3):
        with Game.new(scenario, tmp_path / f"g{n}.kssave") as game:
            assert game.scenario.seed_drawn
            seeds.add(read_save(game.path).header.seed)
    assert len(seeds) == 3
    with Game.new(REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml", tmp_path / "fixed.kssave") as game:
        assert not game.scenario.seed_drawn and read_save(game.path).header.seed == 1777


def test_the_picture_writer_ends_at_once_when_closed(tmp_path: Path) -> None:
    """The shell waited 2.4 s after its input ended: the idle worker (not a daemon) kept the process alive."""
    from kriegsspiel.pov import PictureWriter

    writer = PictureWriter()
    writer.submit(pygame.Surface((8, 8)), tmp_path / "a.png")
    writer.close()
    assert (tmp_path / "a.png").read_bytes().startswith(b"\x89PNG")
    assert not any(t.name == "kriegsspiel-pictures" and t.is_alive() for t in threading.enumerate())
