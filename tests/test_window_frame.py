"""One window frame for every game (issue 27 item 4, issue 30 items 1 and 2): a ruler game and an area game
open through the same code, fit a 1366x768 screen, go fullscreen with ``--fullscreen`` and F11, quit with
Ctrl+Q; what is remembered is what the umpire chose, and the title bar does not creep into the place.
Headless: SDL's dummy driver, events posted, the desktop size patched."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from kriegsspiel.app import placement, window
from kriegsspiel.app.window_frame import WindowFrame
from kriegsspiel.userdirs import config_dir

REPO = Path(__file__).resolve().parent.parent
KINDS = ["demo.toml", "diplomacy-1901.toml"]  # a ruler game, an area game


class _Events:
    """pygame.event.get with ``plan[n]`` added at the n-th call, and a record of the display's sizes."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, plan: dict[int, list[pygame.event.Event]], quit_at: int) -> None:
        self.real = pygame.event.get
        self.plan, self.quit_at, self.calls = plan, quit_at, 0
        self.sizes: list[tuple[int, int]] = []
        monkeypatch.setattr(pygame.event, "get", self)

    def __call__(self, *args: object, **kwargs: object) -> list[pygame.event.Event]:
        self.calls += 1
        surface = pygame.display.get_surface()
        if surface is not None:
            self.sizes.append(surface.get_size())
        events = list(self.real()) + self.plan.get(self.calls, [])
        if self.calls == self.quit_at:
            events.append(pygame.event.Event(pygame.QUIT))
        return events


@pytest.fixture
def laptop(monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768)])
    return (1366, 768)


@pytest.fixture
def modes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The flags of every display mode set."""
    seen: list[int] = []
    real = pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "set_mode", lambda size=(0, 0), flags=0, *a: seen.append(flags) or real(size, flags))
    return seen


def _key(key: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)


def _open(name: str, tmp_path: Path) -> tuple[Any, str]:
    return window.open_game(REPO / "kriegsspiel" / "data" / "scenarios" / name, scratch=tmp_path)


@pytest.mark.parametrize("scenario", KINDS)
def test_every_kind_of_game_opens_in_the_frame_fitted_to_a_laptop(scenario: str, laptop: tuple[int, int],
                                                                   monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    boards: list[Any] = []
    real_run = WindowFrame.run
    monkeypatch.setattr(WindowFrame, "run", lambda self, board, **kw: real_run(self, board, **kw) or boards.append(
        board.surface.get_size()) or 0)
    events = _Events(monkeypatch, {}, quit_at=3)
    game, title = _open(scenario, tmp_path)
    with game:
        assert window.run_window(game, title) == 0
    width, height = events.sizes[-1]
    assert (width, height) == placement.fit_to_screen(placement.DEFAULT_SIZE, laptop) == (1350, 688)
    assert boards == [(1350, 688)], "the board is laid out on the whole window"


@pytest.mark.parametrize("scenario", KINDS)
def test_fullscreen_option_and_f11_for_every_kind(scenario: str, laptop: tuple[int, int], modes: list[int],
                                                   monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    boards: list[Any] = []
    real_run = WindowFrame.run
    monkeypatch.setattr(WindowFrame, "run", lambda self, board, **kw: real_run(self, board, **kw) or boards.append(
        (board.surface.get_size(), pygame.display.get_surface().get_size())) or 0)
    _Events(monkeypatch, {2: [_key(pygame.K_F11)]}, quit_at=4)
    game, title = _open(scenario, tmp_path)
    with game:
        window.run_window(game, title, fullscreen=True)
    assert modes[0] & pygame.FULLSCREEN, "--fullscreen opens fullscreen"
    assert modes[1] & pygame.RESIZABLE and not modes[1] & pygame.FULLSCREEN, "F11 goes back to a window"
    assert boards == [((1350, 688), (1350, 688))], "the board follows the window back from fullscreen"
    assert json.loads((config_dir() / "window.json").read_text())["fullscreen"] is False, "as F11 left it"


@pytest.mark.parametrize("scenario", KINDS)
def test_ctrl_q_quits_every_kind(scenario: str, laptop: tuple[int, int], monkeypatch: pytest.MonkeyPatch,
                                 tmp_path: Path) -> None:
    events = _Events(monkeypatch, {2: [_key(pygame.K_q, pygame.KMOD_LCTRL)]}, quit_at=50)
    game, title = _open(scenario, tmp_path)
    with game:
        assert window.run_window(game, title) == 0
    assert events.calls == 2, "the window closed at the Ctrl+Q, without a close button"


def test_the_remembered_place_does_not_creep_by_the_title_bar() -> None:
    """A window manager puts the drawing area a title bar (20 px) below the place asked for; three starts
    in a row open at the same place."""
    screen = (1366, 768)
    remembered = placement.Placement((900, 600), (100, 40))
    for _ in range(3):
        frame = WindowFrame(None, False, remembered, screen)
        asked = frame.place.position
        assert asked == (100, 40)
        drawn_at = (asked[0] + 1, asked[1] + 20)  # the frame's border and title bar
        frame.frame_event(pygame.event.Event(pygame.WINDOWMOVED, x=drawn_at[0], y=drawn_at[1]))
        remembered = frame.to_remember(drawn_at)
    assert remembered.position == (100, 40)


def test_a_moved_window_is_remembered_where_it_was_left() -> None:
    frame = WindowFrame(None, False, placement.Placement((900, 600), (100, 40)), (1366, 768))
    frame.frame_event(pygame.event.Event(pygame.WINDOWMOVED, x=100, y=60))  # framed: 20 px of title
    frame.frame_event(pygame.event.Event(pygame.WINDOWMOVED, x=300, y=260))  # the umpire moved it
    assert frame.to_remember((300, 260)).position == (300, 240)


def test_a_size_and_fullscreen_for_one_run_are_not_remembered() -> None:
    before = placement.Placement((1000, 620), (10, 10), False)
    frame = WindowFrame((800, 500), True, before, (1366, 768))
    assert frame.place == placement.Placement((800, 500), (10, 10), True)
    assert frame.to_remember(None) == before
    frame.frame_event(pygame.event.Event(pygame.VIDEORESIZE, w=700, h=500, size=(700, 500)))
    assert frame.to_remember(None).size == (1000, 620), "a resize while fullscreen is not the umpire's size"


def test_every_shipped_scenario_opens_on_the_laptop_screen(laptop: tuple[int, int], monkeypatch: pytest.MonkeyPatch,
                                                           tmp_path: Path) -> None:
    for index, scenario in enumerate(sorted((REPO / "kriegsspiel" / "data" / "scenarios").glob("*.toml"))):
        events = _Events(monkeypatch, {}, quit_at=2)
        (tmp_path / str(index)).mkdir()
        game, title = window.open_game(scenario, scratch=tmp_path / str(index))
        with game:
            window.run_window(game, title)
        assert events.sizes[-1] == (1350, 688), scenario.name


def test_the_start_menu_scrolls_to_the_open_a_file_row_and_its_path(tmp_path: Path) -> None:
    """Five recent games and every scenario: "open a file" is below the edge of a 1366x688 window until the
    list scrolls; its path box is drawn inside the list's area, under the heading, with the path typed."""
    from kriegsspiel.app.start_menu import Row, StartMenu

    rows = [Row(f"Continue game {i}", "Continue" if i == 0 else "Recent games", tmp_path / f"g{i}.kssave") for i in range(6)]
    rows += [Row(f"New game: scenario {i}", "Scenarios", tmp_path / f"s{i}.toml") for i in range(8)]
    rows.append(Row("Open a scenario or save file...", "Open", None))
    menu = StartMenu(pygame.Surface((1366, 520)), rows)
    menu.draw()
    view, items = menu.layout()
    last = next(r for kind, i, r in items if kind == "row" and i == len(rows) - 1)
    assert last.bottom > view.bottom, "the list is longer than the window (else this test proves nothing)"
    menu.handle(_key(pygame.K_UP))  # from the first row up: the last one
    menu.handle(_key(pygame.K_RETURN))
    for ch in "/tmp/a-long-path/to/a.kssave":
        menu.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    menu.draw()
    view, items = menu.layout()
    kind, _, box = items[-1]
    assert kind == "path" and view.contains(box), (view, box)
    assert view.top > 60, "the path box is under the heading and its hint"
    row_rect = menu._row_rects[len(rows) - 1]
    assert view.contains(row_rect) and row_rect.w > 0, "the row is visible and takes clicks"
    pixels = pygame.surfarray.array3d(menu.surface.subsurface(box.inflate(-8, -8)))
    assert (pixels.sum(axis=2) < 200).any(), "the typed path is drawn in the box"
    menu.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=30, flipped=False))
    menu.handle(_key(pygame.K_ESCAPE))  # back from typing; the wheel chose the first row
    menu.draw()
    assert menu.lit == 0 and menu.scroll == 0
