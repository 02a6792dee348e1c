"""``kriegsspiel play``: headless screenshots, bad arguments, and the key list documented in docs/umpire.md."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from kriegsspiel.app.keys import KEYS
from kriegsspiel.cli import main

REPO = Path(__file__).resolve().parent.parent


def test_every_key_of_the_help_overlay_is_in_the_umpires_guide() -> None:
    guide = (REPO / "docs" / "umpire.md").read_text(encoding="utf-8")
    for keys, what in KEYS:
        assert f"| {keys} | {what} |" in guide, f"docs/umpire.md lacks the row for {keys!r}"


@pytest.mark.parametrize(
    "argv, message",
    [
        (["play", "nowhere.toml", "--screenshot", "x.png"], "nowhere.toml: no such file"),
        (["play", "{scenario}", "--screenshot", "x.jpg"], "give a file name ending in .png"),
        (["play", "{scenario}", "--screenshot", "x.png", "--size", "big"], "--size: expected WIDTHxHEIGHT"),
        (["play", "{scenario}", "--screenshot", "x.png", "--frames", "0"], "--frames: give at least 1"),
    ],
)
def test_bad_arguments_get_one_line(tmp_path: Path, capsys, argv, message) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text("", encoding="utf-8")
    argv = [a.replace("{scenario}", str(scenario)) for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("where", ["a-file/x.png", "a-file/deeper/x.png", "x-dir.png"])
def test_a_screenshot_that_cannot_be_written_is_refused_in_one_line(tmp_path: Path, capsys, where: str) -> None:
    (tmp_path / "a-file").write_text("not a folder\n", encoding="utf-8")
    (tmp_path / "x-dir.png").mkdir()  # a folder where the picture should go
    scenario = REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml"
    assert main(["play", str(scenario), "--screenshot", str(tmp_path / where), "--size", "640x400"]) == 2
    err = capsys.readouterr().err
    assert "--screenshot" in err and "cannot" in err and err.count("\n") == 1 and "internal error" not in err


def test_a_save_that_is_not_one_is_refused_in_one_line(tmp_path: Path, capsys) -> None:
    bogus = tmp_path / "game.kssave"
    bogus.write_text("hello\n", encoding="utf-8")
    assert main(["play", str(bogus), "--screenshot", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err
    assert "game.kssave" in err and "Traceback" not in err


@pytest.mark.parametrize("scenario", ["demo.toml", "coastal.toml", "v3-weistritz.toml"])
def test_screenshot_of_a_shipped_scenario(tmp_path: Path, scenario: str) -> None:
    path = REPO / "kriegsspiel" / "data" / "scenarios" / scenario
    if not path.exists():
        pytest.skip(f"scenarios/{scenario} is not there yet")
    before = sorted(p.name for p in path.parent.iterdir())
    out = tmp_path / "shot.png"
    assert main(["play", str(path), "--screenshot", str(out), "--frames", "2", "--size", "1200x800"]) == 0
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (1200, 800)
    # more than a blank frame: many colours
    assert len({tuple(picture.get_at((x, y))) for x in range(0, 1200, 37) for y in range(0, 800, 29)}) > 20
    assert sorted(p.name for p in path.parent.iterdir()) == before, "a screenshot must not leave a save behind"


def test_the_window_opens_draws_and_closes(tmp_path: Path, monkeypatch) -> None:
    """run_window with the dummy video driver: a real display surface, closed by a QUIT after three frames."""
    from kriegsspiel.app import window
    from kriegsspiel.store import Game
    from test_app_support import map_loader, write_scenario

    game = Game.new(write_scenario(tmp_path), tmp_path / "w.kssave", map_loader=map_loader)
    real_get = pygame.event.get
    calls = {"n": 0}

    def get_then_quit(*args, **kwargs):
        calls["n"] += 1
        events = list(real_get(*args, **kwargs))
        if calls["n"] == 3:
            events.append(pygame.event.Event(pygame.QUIT))
        return events

    monkeypatch.setattr(pygame.event, "get", get_then_quit)
    try:
        assert window.run_window(game, "Test", size=(1024, 700)) == 0
    finally:
        game.close()
    assert calls["n"] == 3


def test_no_display_is_one_line_not_a_traceback(tmp_path: Path, monkeypatch, capsys) -> None:
    from kriegsspiel.app import window

    def no_display(*args, **kwargs):
        raise pygame.error("No available video device")

    monkeypatch.setattr(pygame.display, "set_mode", no_display)
    scenario = REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml"
    if not scenario.exists():
        pytest.skip("scenarios/demo.toml is not there yet")
    monkeypatch.setattr(window, "open_game", lambda path: (_Closable(), "t"))
    assert main(["play", str(scenario)]) == 2
    err = capsys.readouterr().err
    assert "cannot open a window (No available video device)" in err and "--screenshot" in err


class _Closable:
    def close(self) -> None:
        pass


def test_without_a_desktop_play_says_so_and_starts_no_game(monkeypatch, capsys) -> None:
    """No DISPLAY nor Wayland: SDL falls back to its offscreen driver, where a window would never appear."""
    source = REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml"
    if not source.exists():
        pytest.skip("scenarios/demo.toml is not there yet")
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setattr(pygame.display, "init", lambda: None)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    opened: list[Path] = []
    from kriegsspiel.app import window
    monkeypatch.setattr(window, "open_game", lambda path: opened.append(path) or (_Closable(), "t"))
    assert main(["play", str(source)]) == 2
    err = capsys.readouterr().err
    assert "no desktop to open a window on" in err and "--screenshot FILE.png" in err
    assert opened == [], "no save may be started for a window nobody sees"


def test_a_driver_asked_for_by_name_is_used_even_offscreen(monkeypatch) -> None:
    from kriegsspiel.app import window

    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")
    monkeypatch.setattr(pygame.display, "init", lambda: None)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    window.refuse_an_invisible_window()  # no error: the user chose it


def test_the_saves_a_game_leaves_next_to_a_shipped_scenario_are_ignored_by_git() -> None:
    import fnmatch

    from kriegsspiel.pov.png import pov_folder_of_save
    from kriegsspiel.store import new_save_path

    patterns = [line.strip().rstrip("/") for line in (REPO / ".gitignore").read_text(encoding="utf-8").splitlines()
                if line.strip() and not line.startswith("#")]
    save = new_save_path(REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml")
    # the pictures' and the screenshots' folders drop the suffix (demo-2026-11-22-1144-pov, ...-shots)
    from kriegsspiel.app.window_frame import shots_folder_of_save

    for name in (save.name, pov_folder_of_save(save).name, shots_folder_of_save(save).name):
        assert any(fnmatch.fnmatch(name, p) for p in patterns), f".gitignore does not cover {name}"


@pytest.mark.parametrize("name", ["diplomacy.kssave", "kriegsspiel-v3.kssave"])
def test_a_screenshot_of_a_save_of_either_kind_only_reads_it(tmp_path: Path, name: str) -> None:
    """A save is looked at read-only: one sealed on another machine (which a writable open refuses until
    'adopt') draws, and neither it nor its folder changes."""
    import shutil

    folder = tmp_path / "every-ruleset"
    shutil.copytree(REPO / "tests" / "fixtures" / "saves" / "every-ruleset", folder)
    save = folder / name
    before = save.read_bytes()
    listing = sorted(p.name for p in folder.iterdir())
    out = tmp_path / "shot.png"
    assert main(["play", str(save), "--screenshot", str(out), "--size", "800x600"]) == 0
    assert pygame.image.load(str(out)).get_size() == (800, 600)
    assert save.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == listing, "a screenshot writes nothing beside the save"
