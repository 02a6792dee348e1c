"""View as (V) in the umpire's window, driven headless by posted key and mouse events: the chooser of players,
the player's picture alone in the window, and F12 saving that picture as ``kriegsspiel pov`` writes it."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from kriegsspiel.app.app import App
from kriegsspiel.app.session import TableSession
from kriegsspiel.cli import main
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.pov import player_picture
from kriegsspiel.store import Game
from test_app import drag, key, post, screen_of
from test_app_support import map_loader, write_scenario

#: Large enough that the test map's picture is shown at its own size between the bars.
BIG = (1400, 1000)
DEMO = Path(__file__).resolve().parents[1] / "kriegsspiel" / "data" / "scenarios" / "demo.toml"


def make_app(tmp_path: Path, size: tuple[int, int] = BIG) -> App:
    pygame.display.init()
    pygame.font.init()
    pygame.event.clear()
    scenario = write_scenario(tmp_path)
    game = Game.new(scenario, tmp_path / "test.kssave", map_loader=map_loader)
    window = App(TableSession(game, "Test crossing"), pygame.Surface(size))
    window.screenshot_dir = tmp_path / "test-shots"
    window.run(max_frames=1)
    return window


@pytest.fixture
def app(tmp_path: Path):
    window = make_app(tmp_path)
    yield window
    window.session.game.close()
    pygame.event.clear()


def click(app: App, pos: tuple[int, int]) -> None:
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.run(max_frames=app.frames + 1)


def pixels(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array3d(surface)


def shown_picture(app: App) -> tuple[np.ndarray, np.ndarray]:
    """(the window's pixels where the picture is, the player's picture itself) for the player shown."""
    picture = player_picture(app.session.state, app.view_as)
    w, h = app.surface.get_size()
    pw, ph = picture.get_size()
    top = 34 + (h - 34 - 30 - ph) // 2
    window = app.surface.subsurface(pygame.Rect((w - pw) // 2, top, pw, ph))
    return pixels(window), pixels(picture)


def test_v_opens_a_chooser_of_the_players_and_a_number_picks_one(app: App) -> None:
    board = pixels(app.surface)
    key(app, pygame.K_v, text="v")
    assert app.viewing.chooser and app.view_as is None
    _, rows = app.viewing.rows(app.texts, app.session.state, app.text_size, app._chooser_area())
    assert [(r.number, r.name, r.side) for r in rows] == [(1, "Washington", "Rebel"), (2, "Howe", "Crown")]
    # the chooser is drawn over the map, with each side's colour beside the player
    assert not np.array_equal(pixels(app.surface), board)
    swatch = rows[1].rect.left + 7 + 9, rows[1].rect.centery
    assert app.surface.get_at(swatch)[:3] == (0xC0, 0x30, 0x30)
    key(app, pygame.K_2, text="2")
    assert app.view_as == "Howe" and not app.viewing.chooser
    key(app, pygame.K_1, text="1")  # another player at once
    assert app.view_as == "Washington"
    key(app, pygame.K_v, text="v")
    assert app.view_as is None and not app.viewing.active
    above_status = slice(0, BIG[1] - 40)
    assert np.array_equal(pixels(app.surface)[:, above_status], board[:, above_status])  # the umpire's map as it was


def test_a_click_on_a_row_picks_that_player_and_esc_leaves(app: App) -> None:
    key(app, pygame.K_v, text="v")
    _, rows = app.viewing.rows(app.texts, app.session.state, app.text_size, app._chooser_area())
    click(app, rows[1].rect.center)
    assert app.view_as == "Howe"
    key(app, pygame.K_ESCAPE)
    assert app.view_as is None and not app.viewing.active
    key(app, pygame.K_v, text="v")
    key(app, pygame.K_ESCAPE)  # Esc closes the chooser too
    assert not app.viewing.active
    key(app, pygame.K_v, text="v")
    key(app, pygame.K_v, text="v")  # and so does V again
    assert not app.viewing.active
    key(app, pygame.K_v, text="v")
    key(app, pygame.K_9, text="9")  # there is no ninth player: the chooser stays, the status says why
    assert app.viewing.chooser and app.status_is_error and "2" in app.status


def test_the_window_shows_exactly_the_players_picture_and_no_click_reaches_the_board(app: App) -> None:
    key(app, pygame.K_v, text="v")
    key(app, pygame.K_1, text="1")
    shown, picture = shown_picture(app)
    assert np.array_equal(shown, picture)  # pixel for pixel; the hidden enemy c2 and the umpire's marks are not in it
    # a drag where r1's counter stands on the umpire's map moves nothing
    drag(app, screen_of(app, WorldPoint(3.5, 3.5)), screen_of(app, WorldPoint(6.5, 5.0)))
    assert app.session.state.unit("r1").position == WorldPoint(3.5, 3.5)
    assert app.selected is None and not app.session.game.journal_entries()
    key(app, pygame.K_a, text="a")  # no order key reaches the board either
    assert app.tools.aiming.order is None and app.view_as == "Washington"


def test_the_picture_is_fitted_whole_into_a_small_window(tmp_path: Path) -> None:
    app = make_app(tmp_path, size=(900, 600))
    key(app, pygame.K_v, text="v")
    key(app, pygame.K_2, text="2")
    fitted = app.viewing._fitted[3]
    picture = player_picture(app.session.state, "Howe")
    assert fitted.get_width() <= 900 and fitted.get_height() <= 600 - 34 - 30
    assert fitted.get_width() / fitted.get_height() == pytest.approx(picture.get_width() / picture.get_height(), rel=0.01)
    app.session.game.close()


def test_f12_in_view_as_saves_the_same_bytes_as_kriegsspiel_pov(tmp_path: Path) -> None:
    pygame.display.init()
    pygame.font.init()
    pygame.event.clear()
    save = tmp_path / "demo.kssave"
    game = Game.new(DEMO, save)  # a real Tiled map: ``kriegsspiel pov`` reads the save as a user would
    app = App(TableSession(game, "demo"), pygame.Surface((1280, 800)))
    app.screenshot_dir = tmp_path / "demo-shots"
    app.run(max_frames=1)
    assert app.run_console_line("force move wayne > 73.5,60.5").accepted  # a game under way, not the start
    key(app, pygame.K_v, text="v")
    key(app, pygame.K_1, text="1")
    assert app.view_as == "Washington"
    key(app, pygame.K_F12)
    saved = app.screenshot_dir / "shot-001-Washington.png"
    assert saved.is_file() and str(saved) in app.status
    out = tmp_path / "pov"
    assert main(["pov", str(save), "--out", str(out), "--player", "Washington"]) == 0
    assert saved.read_bytes() == (out / f"round-{app.session.state.round:03d}" / "Washington.png").read_bytes()
    # out of view-as F12 saves the window's frame again, numbered after the picture
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_F12)
    assert sorted(p.name for p in app.screenshot_dir.iterdir()) == ["shot-001-Washington.png", "shot-002.png"]
    assert pygame.image.load(str(app.screenshot_dir / "shot-002.png")).get_size() == (1280, 800)
    game.close()
    pygame.event.clear()
