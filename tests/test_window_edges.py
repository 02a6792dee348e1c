"""Every label, readout, menu and window is placed inside what a person sees (issue 30 item 4): each is put at
the four edges and the four corners of a 1366x768 window, and its rectangle must lie inside the visible area
(the map less the side panel, the top bar and the status line; the area board; the screen)."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from kriegsspiel.app import chrome, ground_menu, placement, visible
from kriegsspiel.app.app import App
from kriegsspiel.app.area_menu import Menu as AreaMenu
from kriegsspiel.app.second_window import second_window_size
from kriegsspiel.app.session import TableSession
from kriegsspiel.app.window_frame import WindowFrame
from kriegsspiel.render import overlays
from kriegsspiel.store import Game

REPO = Path(__file__).resolve().parent.parent
SCENARIOS = REPO / "kriegsspiel" / "data" / "scenarios"
LAPTOP = (1366, 768)
LONG_REASON = "refused: it is Crown's turn, not Rebels'; blocked by rising ground between the two hills at the ford"


def _places(area: pygame.Rect) -> list[tuple[int, int]]:
    """The four corners and the middles of the four edges of ``area`` (just inside it)."""
    xs = (area.left + 1, area.centerx, area.right - 2)
    ys = (area.top + 1, area.centery, area.bottom - 2)
    return [(x, y) for x in xs for y in ys if (x, y) != area.center]


@pytest.fixture
def ruler_app(tmp_path: Path):
    pygame.display.init()
    pygame.font.init()
    game = Game.new(SCENARIOS / "demo.toml", tmp_path / "edge.kssave")
    app = App(TableSession(game, "demo-2026-11-29-0321-with-a-save-name-longer-than-the-panel.kssave"), pygame.Surface(LAPTOP))
    app.run(max_frames=1)
    yield app
    game.close()


def test_the_map_seen_is_left_of_the_panel_between_the_bars(ruler_app: App) -> None:
    area = visible.map_area(ruler_app)
    assert area.right == LAPTOP[0] - ruler_app._panel_width()
    assert area.top == chrome.TOP_BAR and area.bottom == LAPTOP[1] - chrome.STATUS_BAR


def test_readouts_stay_inside_the_map_seen_at_every_edge_and_corner(ruler_app: App) -> None:
    area = visible.map_area(ruler_app)
    for pos in _places(area):
        for lines, clear in (([ "cost 9.9 of 12", LONG_REASON], 20), (["fire: 2 targets"], 0)):
            box = overlays.draw_cursor_text(ruler_app.surface, ruler_app.texts, pos, lines, False, 18, clear_px=clear, area=area)
            assert box is not None and area.contains(box), (pos, box, area)


def test_the_tooltip_stays_inside_the_map_seen(ruler_app: App) -> None:
    area = visible.map_area(ruler_app)
    ruler_app.hover = next(iter(ruler_app.session.state.units))
    for pos in _places(area):
        ruler_app.cursor = pos
        box = ruler_app._draw_tooltip(ruler_app.surface, ruler_app.session.state)
        assert box is not None and area.contains(box), (pos, box)


def test_right_click_menus_open_above_the_status_line(ruler_app: App) -> None:
    area = visible.map_area(ruler_app)
    for pos in _places(area):
        menu = ground_menu.open_at(ruler_app, pos)
        assert menu is not None
        outline = menu.rect(0).unionall([menu.rect(i) for i in range(len(menu.items))])
        assert area.contains(outline), (pos, outline, area)


def test_a_long_status_line_wraps_inside_the_map(ruler_app: App) -> None:
    ruler_app._set_status(LONG_REASON + "; " + LONG_REASON + " " + "x" * 40, error=True)
    vp = ruler_app.camera.viewport
    lines = chrome.status_lines(ruler_app.status, vp.width, ruler_app.text_size)
    assert len(lines) > 1 and "".join(lines).replace(" ", "") == ruler_app.status.replace(" ", "")
    from kriegsspiel.render.fonts import font
    assert all(font(ruler_app.text_size).size(line)[0] <= vp.width - 20 for line in lines)
    area = visible.map_area(ruler_app)
    assert area.bottom == vp.height - chrome.status_height(ruler_app.status, vp.width, ruler_app.text_size, False)
    ruler_app.render()  # drawn without error, the bar grown upwards


def test_the_panel_title_wraps_a_long_save_name(ruler_app: App) -> None:
    from kriegsspiel.app.panel import _wrap
    from kriegsspiel.render.fonts import font

    width = ruler_app._panel_width() - 36
    lines = _wrap(ruler_app.session.title, width, 20)
    assert len(lines) >= 2 and all(font(20).size(line)[0] <= width for line in lines)
    assert "".join(line.strip() for line in lines) == ruler_app.session.title.replace(" ", "")


def test_area_menus_stay_on_the_board_at_every_edge_and_corner() -> None:
    pygame.font.init()
    board = pygame.Rect(0, 0, LAPTOP[0] - 420, LAPTOP[1])  # the area board's view, the panel on its right
    target = pygame.Surface(LAPTOP)
    for pos in _places(board):
        for title in ("", "FRANCE: A BRE - SMY by sea?"):
            menu = AreaMenu("FRANCE", [f"A BRE - route {i}" for i in range(9)], pos, title=title)
            menu.draw(target, board)
            assert board.contains(menu.outline()), (pos, title, menu.outline())


def test_the_window_is_placed_wholly_on_the_screen_from_every_edge_and_corner() -> None:
    screen = pygame.Rect(0, 0, *LAPTOP)
    for remembered_at in _places(screen) + [(-200, -100), (3000, 2000)]:
        frame = WindowFrame(None, False, placement.Placement((1200, 700), remembered_at), LAPTOP)
        rect = pygame.Rect(frame.place.position, frame.place.size)
        assert screen.contains(rect), (remembered_at, rect)


def test_the_second_window_fits_the_screen() -> None:
    w, h = second_window_size([LAPTOP])
    assert w <= LAPTOP[0] and h <= LAPTOP[1] - placement.SCREEN_MARGIN[1]
    assert second_window_size([(2560, 1440)]) == (1280, 800)
