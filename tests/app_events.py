"""Posting events to a headless App for the window tools' tests (group move, line of sight, unit list, menus):
helpers, no tests."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from kriegsspiel.app.app import App
from kriegsspiel.app.session import TableSession
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.store import Game
from test_app_support import SCENARIO, map_loader, write_scenario

SIZE = (1280, 800)


def new_app(directory: Path, scenario: str = SCENARIO, title: str = "Test crossing",
            size: tuple[int, int] = SIZE) -> tuple[App, Game]:
    """A window of ``size`` pixels on a new game of the test scenario (or of ``scenario``, a variant of its
    text), one frame drawn."""
    pygame.display.init()
    pygame.font.init()
    pygame.event.clear()
    game = Game.new(write_scenario(directory, scenario), directory / "test.kssave", map_loader=map_loader)
    window = App(TableSession(game, title), pygame.Surface(size))
    window.run(max_frames=1)
    return window, game


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    """The window tools' tests' window: a new game of the test scenario, closed afterwards. A test module takes
    it with ``from app_events import app``."""
    window, game = new_app(tmp_path)
    yield window
    game.close()
    pygame.event.clear()


def step(app: App, *events: pygame.event.Event) -> None:
    """Post ``events`` and run one frame."""
    for event in events:
        pygame.event.post(event)
    app.run(max_frames=app.frames + 1)


def screen_of(app: App, point: WorldPoint) -> tuple[int, int]:
    x, y = app.camera.to_screen(point)
    return round(x), round(y)


def key_event(k: int, mod: int = 0, down: bool = True) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)


def press(app: App, k: int, mod: int = 0) -> None:
    step(app, key_event(k, mod))


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    step(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def ctrl_click(app: App, pos: tuple[int, int]) -> None:
    step(app, key_event(pygame.K_LCTRL, pygame.KMOD_LCTRL))
    click(app, pos)
    step(app, key_event(pygame.K_LCTRL, 0, down=False))


def move_to(app: App, pos: tuple[int, int], held: bool = True) -> None:
    step(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1 if held else 0, 0, 0)))


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 4, shift: bool = False) -> None:
    """Press on ``start``, move in ``steps`` motions (one frame each), release on ``end`` (Shift held at the
    drop when ``shift``)."""
    move_to(app, start, held=False)
    step(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, steps + 1):
        move_to(app, (round(start[0] + (end[0] - start[0]) * i / steps), round(start[1] + (end[1] - start[1]) * i / steps)))
    if shift:
        step(app, key_event(pygame.K_LSHIFT, pygame.KMOD_LSHIFT))
    step(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    if shift:
        step(app, key_event(pygame.K_LSHIFT, 0, down=False))


def type_text(app: App, text: str) -> None:
    step(app, *(pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in text))


def orders(app: App) -> list[str]:
    """The journal's order lines, in order."""
    return [r.command for r in app.session.game.journal_entries() if r.kind == "order"]
