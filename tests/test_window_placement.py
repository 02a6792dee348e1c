"""The window fits the screen it opens on, re-lays out when resized, takes --size and --fullscreen and
remembers its size and place; ``python main.py`` without an argument offers the start menu (issue 16, items 4
and 6). Headless: SDL's dummy driver, events posted, the desktop size patched."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from kriegsspiel.app import placement, window
from kriegsspiel.cli import main
from kriegsspiel.userdirs import config_dir, games_dir

REPO = Path(__file__).resolve().parent.parent


class _Script:
    """pygame.event.get, with the events of ``plan[n]`` added at the n-th call (then QUIT at the end)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, plan: dict[int, Any], quit_at: int) -> None:
        self.real = pygame.event.get
        self.plan, self.quit_at, self.calls = plan, quit_at, 0
        self.sizes: list[tuple[int, int]] = []
        monkeypatch.setattr(pygame.event, "get", self)

    def __call__(self, *args: object, **kwargs: object) -> list[pygame.event.Event]:
        self.calls += 1
        surface = pygame.display.get_surface()
        if surface is not None:
            self.sizes.append(surface.get_size())
        planned = self.plan.get(self.calls, [])
        events = list(self.real()) + (planned() if callable(planned) else planned)
        if self.calls == self.quit_at:
            events.append(pygame.event.Event(pygame.QUIT))
        return events


@pytest.fixture
def laptop(monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768)])
    return (1366, 768)


def test_fit_to_screen_shrinks_never_grows() -> None:
    assert placement.fit_to_screen((1600, 1000), (1366, 768)) == (1350, 688)
    assert placement.fit_to_screen((800, 600), (1366, 768)) == (800, 600)
    assert placement.fit_to_screen((1600, 1000), (500, 400)) == placement.MIN_SIZE


def test_the_window_opened_on_a_laptop_screen_fits_it(laptop: tuple[int, int], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from kriegsspiel.store import Game

    script = _Script(monkeypatch, {}, quit_at=3)
    with Game.new(REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml", tmp_path / "fit.kssave") as game:
        assert window.run_window(game, "fit") == 0
    width, height = script.sizes[-1]
    assert width <= 1366 and height <= 768 - 40, "the window must leave room for the title and task bars"
    assert (width, height) == placement.fit_to_screen(placement.DEFAULT_SIZE, laptop)
    remembered = json.loads((config_dir() / "window.json").read_text())
    assert remembered["size"] == [width, height] and remembered["fullscreen"] is False


def test_size_option_is_for_one_run_and_a_resize_is_remembered(laptop: tuple[int, int], monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    from kriegsspiel.store import Game

    def drag_to(size: tuple[int, int]) -> Any:
        def resized() -> list[pygame.event.Event]:
            pygame.display.set_mode(size, pygame.RESIZABLE)  # what the window manager does, then it tells
            return [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])]
        return resized

    with Game.new(REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml", tmp_path / "a.kssave") as game:
        script = _Script(monkeypatch, {}, quit_at=2)
        window.run_window(game, "a", size=(900, 600))
        assert script.sizes[-1] == (900, 600)
        script = _Script(monkeypatch, {}, quit_at=2)
        window.run_window(game, "a")  # no --size: not last run's --size, the default fitted
        assert script.sizes[-1] == (1350, 688)
        script = _Script(monkeypatch, {2: drag_to((1000, 620))}, quit_at=3)
        window.run_window(game, "a", size=(900, 600))  # the umpire resized it: that is kept, --size is not
        script = _Script(monkeypatch, {}, quit_at=2)
        window.run_window(game, "a")
        assert script.sizes[-1] == (1000, 620)
        script = _Script(monkeypatch, {}, quit_at=2)
        window.run_window(game, "a", size=(3000, 2000))  # --size larger than the screen: fitted to it
        assert script.sizes[-1] == (1350, 688)
    kept = placement.Placement((900, 600), (120, 40))
    assert placement.choose(None, kept, laptop) == kept  # its place on this screen too
    placement.save(placement.Placement((3000, 2000), (5000, 10)))  # left on a bigger screen than this one
    assert placement.choose(None, placement.load()[0], laptop) == placement.Placement((1350, 688), (0, 0), False)
    # moved onto the screen: (0, 0) to (1350, 688) leaves the task bar its room
    assert placement.choose(None, placement.Placement((900, 600), (900, 700)), laptop).position == (450, 88)


def test_a_resized_window_lays_out_map_and_panel_again(laptop: tuple[int, int], monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    from kriegsspiel.app.app import App
    from kriegsspiel.store import Game

    seen: list[tuple[int, int, int]] = []
    real_render = App.render

    def render(self: App) -> None:
        real_render(self)
        seen.append((self.surface.get_width(), self.camera.viewport.width, self._panel_width()))

    monkeypatch.setattr(App, "render", render)

    def shrink() -> list[pygame.event.Event]:
        pygame.display.set_mode((1000, 640), pygame.RESIZABLE)  # what the window manager does, then it tells
        return [pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 640), w=1000, h=640)]

    _Script(monkeypatch, {2: shrink}, quit_at=4)
    with Game.new(REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml", tmp_path / "r.kssave") as game:
        window.run_window(game, "r")
    assert seen[0][0] == 1350 and seen[-1] == (1000, 1000 - 400, 400)
    assert json.loads((config_dir() / "window.json").read_text())["size"] == [1000, 640]


def test_fullscreen_option_opens_fullscreen(laptop: tuple[int, int], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from kriegsspiel.store import Game

    modes: list[int] = []
    real = pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "set_mode", lambda size=(0, 0), flags=0, *a: modes.append(flags) or real(size, flags))
    _Script(monkeypatch, {}, quit_at=2)
    with Game.new(REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml", tmp_path / "f.kssave") as game:
        window.run_window(game, "f", fullscreen=True)
    assert modes and modes[0] & pygame.FULLSCREEN
    assert json.loads((config_dir() / "window.json").read_text())["fullscreen"] is False, "--fullscreen is for one run"


def test_size_and_fullscreen_options_are_checked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "kriegsspiel/data/scenarios/demo.toml", "--size", "big"]) == 2
    assert "--size: expected WIDTHxHEIGHT" in capsys.readouterr().err
    assert main(["play", "--screenshot", "x.png", "--fullscreen"]) == 2
    assert "--fullscreen: a screenshot is drawn headless" in capsys.readouterr().err


def _key(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


def test_main_without_argument_offers_the_start_menu_and_opens_the_scenario_chosen(
        laptop: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    import tomllib

    from kriegsspiel.app.app import App
    from kriegsspiel.app.start_menu import shipped_scenarios

    from kriegsspiel.app.window_frame import WindowFrame

    opened: list[str] = []
    real_run = WindowFrame.run

    def run(self: WindowFrame, board: Any, **kw: Any) -> int:  # the menu runs; a game's board only says which
        if isinstance(board, App):
            opened.append(board.session.state.setup.name)
            return 0
        return real_run(self, board, **kw)

    monkeypatch.setattr(WindowFrame, "run", run)
    # No game yet: the rows are the scenarios (by name), then "open a file". Down to a battlefield scenario
    # after the first (area games open a window of their own), Enter.
    scenarios = shipped_scenarios(REPO / "kriegsspiel" / "data" / "scenarios")
    ruler = {"modern-4e", "kriegsspiel-v3"}
    row = next(i for i, (_, path) in enumerate(scenarios) if i >= 1
               and tomllib.loads(path.read_text(encoding="utf-8"))["scenario"]["ruleset"] in ruler)
    _Script(monkeypatch, {2: [_key(pygame.K_DOWN)] * row, 3: [_key(pygame.K_RETURN)]}, quit_at=99)
    assert main(["play"]) == 0
    chosen = scenarios[row][1]
    assert opened == [tomllib.loads(chosen.read_text(encoding="utf-8"))["scenario"]["name"]]
    saves = list(games_dir().glob("*.kssave"))
    assert len(saves) == 1, "the scenario chosen starts one new game in the games folder"
    # The next time, the first row continues that game: Enter opens the same save, no new one.
    opened.clear()
    _Script(monkeypatch, {2: [_key(pygame.K_RETURN)]}, quit_at=99)
    assert main(["play"]) == 0
    assert list(games_dir().glob("*.kssave")) == saves and len(opened) == 1


def test_the_start_menu_rows_and_a_typed_file(tmp_path: Path) -> None:
    from kriegsspiel.app.start_menu import StartMenu, menu_rows, shipped_scenarios
    from kriegsspiel.store.listing import SavedGame

    scenarios = shipped_scenarios(REPO / "kriegsspiel" / "data" / "scenarios")
    assert ("Crossing at Chadds Ford (modern-4e)", REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml") in scenarios
    games = [SavedGame(f"g{n}.kssave", f"Game {n}", "modern-4e", None, f"2026-11-2{n}T10:00:00Z", tmp_path / f"g{n}.kssave")
             for n in (5, 4, 3)]
    rows = menu_rows(games, scenarios)
    assert rows[0].section == "Continue" and rows[0].path == tmp_path / "g5.kssave" and "Game 5" in rows[0].label
    assert [r.path for r in rows if r.section == "Recent games"] == [tmp_path / "g4.kssave", tmp_path / "g3.kssave"]
    assert rows[-1].path is None and rows[-1].section == "Open"
    pygame.display.init()
    pygame.font.init()
    menu = StartMenu(pygame.Surface((1000, 700)), rows)
    menu.handle(_key(pygame.K_UP))  # wraps to "open a file"
    menu.handle(_key(pygame.K_RETURN))
    assert menu.typing is not None and menu.running
    menu.handle(pygame.event.Event(pygame.TEXTINPUT, text=str(tmp_path / "missing.kssave")))
    menu.handle(_key(pygame.K_RETURN))
    assert menu.running and menu.status_is_error and "no such file" in menu.status
    menu.draw()
    pygame.image.save(menu.surface, str(tmp_path / "menu.png"))
    existing = tmp_path / "here.toml"
    existing.write_text("")
    menu.typing.clear()
    menu.handle(pygame.event.Event(pygame.TEXTINPUT, text=str(existing)))
    menu.handle(_key(pygame.K_RETURN))
    assert not menu.running and menu.chosen == existing
