"""While a counter is carried, the picture under its path is drawn once and reused: the frames must be the
same as frames drawn from scratch, and the map and counters must not be drawn again per mouse motion."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from kriegsspiel.app.app import App
from kriegsspiel.app.session import TableSession
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.store import Game
from test_app_support import map_loader, write_scenario

SIZE = (1280, 800)


@pytest.fixture
def app(tmp_path: Path):
    pygame.display.init()
    pygame.font.init()
    pygame.event.clear()
    game = Game.new(write_scenario(tmp_path), tmp_path / "test.kssave", map_loader=map_loader)
    window = App(TableSession(game, "Test crossing"), pygame.Surface(SIZE))
    window.step([])
    yield window
    game.close()


def screen_of(app: App, point: WorldPoint) -> tuple[int, int]:
    x, y = app.camera.to_screen(point)
    return round(x), round(y)


def motion(app: App, pos: tuple[int, int]) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))])


def drawn_afresh(app: App) -> bytes:
    """The frame as it is drawn without the kept picture."""
    app._under = None
    app.render()
    return pygame.image.tobytes(app.surface, "RGB")


def test_frames_of_a_drag_match_frames_drawn_from_scratch(app: App) -> None:
    start = screen_of(app, WorldPoint(3.5, 3.5))
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    for point in (WorldPoint(6.5, 5.0), WorldPoint(9.5, 3.5), WorldPoint(14.5, 3.5), WorldPoint(4.5, 6.5)):
        motion(app, screen_of(app, point))
        assert app.carry.dragging and app._under is not None
        kept = pygame.image.tobytes(app.surface, "RGB")
        assert kept == drawn_afresh(app), f"the frame at {point} differs from one drawn from scratch"


def test_a_mouse_motion_does_not_draw_the_map_or_the_counters_again(app: App, monkeypatch) -> None:
    start = screen_of(app, WorldPoint(3.5, 3.5))
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    motion(app, screen_of(app, WorldPoint(5.5, 4.0)))
    drawn = []
    monkeypatch.setattr(app.board, "draw", lambda *a, **k: drawn.append("counters"))
    monkeypatch.setattr(app.map_layer, "draw", lambda *a, **k: drawn.append("map"))
    motion(app, screen_of(app, WorldPoint(7.5, 5.0)))
    motion(app, screen_of(app, WorldPoint(8.5, 3.0)))
    assert app.drawn and drawn == []


def test_the_kept_picture_is_dropped_when_what_lies_under_changes(app: App) -> None:
    start = screen_of(app, WorldPoint(3.5, 3.5))
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    motion(app, screen_of(app, WorldPoint(5.5, 4.0)))
    key = app._under[0]
    app.rings_on = True  # the rings travel with the mouse: nothing under the path is kept
    motion(app, screen_of(app, WorldPoint(6.5, 4.0)))
    assert app._under is None
    assert pygame.image.tobytes(app.surface, "RGB") == drawn_afresh(app)
    app.rings_on = False
    app.camera = app.camera.panned(5, 0)  # a pan redraws the map under the path
    motion(app, screen_of(app, WorldPoint(7.5, 4.0)))
    assert app._under is not None and app._under[0] != key
    assert pygame.image.tobytes(app.surface, "RGB") == drawn_afresh(app)
    # the drop: the moved counter is drawn at its new place, nothing kept
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=screen_of(app, WorldPoint(7.5, 4.0)), button=1)])
    assert not app.carry.dragging and app._under is None
