"""The area window's board moves as the ruler games' does (headless, posted events): the wheel zooms about the
cursor, dragging empty board or with the right or middle button pans, arrow keys pan, Home fits, + and -
zoom while the console is empty; orders given by mouse after zooming and panning are the right ones; the
provinces' names stand clear of their counters (standard board, Borderlands' crowded territories)."""
from __future__ import annotations

import math

import pygame
import pytest

from kriegsspiel.app.area_board import counter_radius
from kriegsspiel.render.camera import ZOOM_STEP
from kriegsspiel.render.fonts import forget_fonts
from kriegsspiel.store.journal import read_save

from area_window_helpers import counter_of, drag, key, move_mouse, orders, post, right_click, screen_of, open_window


@pytest.fixture
def app(tmp_path):
    pygame.display.init()
    pygame.font.init()
    window = open_window(tmp_path, "air-power-1901.toml")
    window.render()
    yield window
    window.game.close()
    forget_fonts()
    pygame.quit()


def frame(app) -> bytes:
    return pygame.image.tobytes(app.surface, "RGB")


def test_the_wheel_zooms_about_the_cursor_and_the_mouse_still_orders_the_right_unit(app):
    fitted = app.board.scale
    cursor = screen_of(app, "PAR")
    move_mouse(app, cursor)
    before = frame(app)
    under = app.board.to_map(cursor)
    for _ in range(3):
        post(app, pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    assert app.board.scale == pytest.approx(fitted * ZOOM_STEP ** 3)
    after = app.board.to_map(cursor)
    assert math.dist(under, after) < 1.0 / app.board.scale  # the point under the cursor stayed there
    assert frame(app) != before
    # counters grow with the zoom, within bounds
    assert counter_radius(app.board.scale) > counter_radius(fitted)
    # the hit tests follow the camera: Paris' army is dragged to Burgundy where they are drawn now
    drag(app, counter_of(app, "A", "PAR"), screen_of(app, "BUR"))
    assert orders(app) == [("FRANCE", "A PAR - BUR")]
    for _ in range(30):  # zooming has bounds: neither a dot nor a single province filling many screens
        post(app, pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    assert app.board.scale == pytest.approx(fitted * 8)
    assert counter_radius(app.board.scale) <= 22
    for _ in range(40):
        post(app, pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
    assert app.board.scale == pytest.approx(fitted * 0.5)


def test_dragging_empty_board_or_with_the_right_or_middle_button_pans_and_orders_nothing(app):
    records = len(read_save(app.game.path).records)
    sea = screen_of(app, "NAO")  # open sea, no counter
    for button in (1, 2, 3):
        before = app.board.to_map(sea)
        drag(app, sea, (sea[0] + 60, sea[1] + 25), button=button)
        moved = app.board.to_map(sea)
        assert moved[0] == pytest.approx(before[0] - 60 / app.board.scale)  # the board follows the hand
        assert moved[1] == pytest.approx(before[1] - 25 / app.board.scale)
    assert app.menu is None and len(read_save(app.game.path).records) == records
    # a right drag that starts on a counter pans too, and opens no menu
    start = counter_of(app, "A", "MAR")
    drag(app, start, (start[0] - 40, start[1]), button=3)
    assert app.menu is None and counter_of(app, "A", "MAR")[0] == start[0] - 40
    # a right click in place still opens the counter's menu
    right_click(app, counter_of(app, "A", "MAR"))
    assert app.menu is not None and "A MAR - BUR" in app.menu.options


def test_arrow_keys_pan_home_fits_and_plus_minus_zoom_only_with_the_console_empty(app):
    fitted = app.board.camera
    view = app.board.view_rect
    key(app, pygame.K_LEFT)
    assert app.board.camera.origin.x == pytest.approx(fitted.origin.x - round(view.width / 8) / fitted.scale)
    key(app, pygame.K_DOWN)
    assert app.board.camera.origin.y == pytest.approx(fitted.origin.y + round(view.height / 8) / fitted.scale)
    key(app, pygame.K_EQUALS, text="=")
    assert app.board.scale == pytest.approx(fitted.scale * ZOOM_STEP) and app.console == ""
    key(app, pygame.K_MINUS, text="-")
    key(app, pygame.K_MINUS, text="-")
    assert app.board.scale == pytest.approx(fitted.scale / ZOOM_STEP) and app.console == ""
    key(app, pygame.K_HOME)
    assert app.board.camera == fitted
    # while an order is being typed, - is its dash and zooms nothing
    key(app, pygame.K_RETURN)  # the console takes the keys
    post(app, pygame.TEXTINPUT, text="FRANCE: A PAR ")
    key(app, pygame.K_MINUS, text="-")
    assert app.console == "FRANCE: A PAR -" and app.board.camera == fitted


def test_the_wheel_over_the_panel_and_page_keys_scroll_the_log_not_the_board(app):
    for n in range(60):
        app.say(f"line {n}")
    app.render()
    move_mouse(app, (app.surface.get_width() - 100, 300))
    camera = app.board.camera
    post(app, pygame.MOUSEWHEEL, x=0, y=2, flipped=False)
    assert app.board.camera == camera and app.log_scroll == 6
    key(app, pygame.K_PAGEDOWN)
    assert app.log_scroll == 0
    key(app, pygame.K_PAGEUP)
    assert app.log_scroll == 10


def _names_clear_of_counters(app) -> None:
    view = app.board.view_rect.inflate(-60, -60)
    where = {u.uid: u.where.split("/")[0] for u in app.game.turn.position.units}
    labels, counters = app.board.label_rects, list(app.board.counter_rects.values())
    occupied = {where[uid] for uid, rect in app.board.counter_rects.items() if view.contains(rect)}
    assert len(occupied) >= 10 and occupied <= set(labels)
    for province in occupied:
        rect = labels[province]
        assert rect.collidelist(counters) < 0, f"{province}'s name is under a counter"
        assert app.board._inside_screen(province, rect.center), f"{province}'s name is outside it"
        # its letters are drawn on the frame: dark ink inside its rectangle
        ink = [app.surface.get_at((x, y))[:3] for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)]
        assert (30, 30, 30) in ink


def test_province_names_stand_clear_of_their_counters_on_the_standard_board(app):
    _names_clear_of_counters(app)
    for _ in range(3):  # and when zoomed in on the crowded middle
        post(app, pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    _names_clear_of_counters(app)


def test_names_stand_clear_in_borderlands_crowded_territories(tmp_path):
    pygame.display.init()
    pygame.font.init()
    try:
        app = open_window(tmp_path, "unit-profiles-borderlands.toml")
        app.render()
        crowded = max({u.where for u in app.game.turn.position.units},
                      key=lambda p: sum(u.where == p for u in app.game.turn.position.units))
        assert sum(u.where == crowded for u in app.game.turn.position.units) >= 10
        _names_clear_of_counters(app)
        app.game.close()
    finally:
        forget_fonts()
        pygame.quit()


def test_adjudicate_tags_the_bounces_on_the_board_until_the_orders_change(app):
    from area_window_helpers import type_line

    drag(app, counter_of(app, "A", "PAR"), screen_of(app, "BUR"))
    drag(app, counter_of(app, "A", "MUN"), screen_of(app, "BUR"))
    drag(app, counter_of(app, "A", "MAR"), screen_of(app, "SPA"))
    plain = frame(app)
    type_line(app, "adjudicate")
    assert app.preview is not None
    by_place = {u.where: app.preview[1].get(u.uid) for u in app.game.turn.position.units if u.kind == "A"}
    assert by_place["PAR"] == "bounced" and by_place["MUN"] == "bounced" and by_place["MAR"] is None
    rect = app.board.counter_rects[next(u.uid for u in app.game.turn.position.units if u.where == "PAR" and u.kind == "A")]
    under = [tuple(app.surface.get_at((x, rect.bottom + 2)))[:3] for x in range(rect.left, rect.right)]
    assert (170, 20, 20) in under  # the red tag under Paris' counter
    drag(app, counter_of(app, "A", "MUN"), screen_of(app, "RUH"))  # the orders changed: the tags go
    app.render()
    under = [tuple(app.surface.get_at((x, rect.bottom + 2)))[:3] for x in range(rect.left, rect.right)]
    assert (170, 20, 20) not in under and frame(app) != plain


def test_units_without_orders_are_counted_and_marked_and_the_hover_names_the_province(app):
    marked, line = app.unordered()
    assert len(marked) == 29 and "FRANCE 4" in line  # Air Power: 22 units and 7 wings, none ordered
    paris = next(u for u in app.game.turn.position.units if u.where == "PAR" and u.kind == "A")
    rect = app.board.counter_rects[paris.uid]
    notch = (rect.centerx + round(rect.width / 2 * 0.7), rect.centery - round(rect.height / 2 * 0.7))
    assert tuple(app.surface.get_at(notch))[:3] == (255, 255, 255)
    drag(app, counter_of(app, "A", "PAR"), screen_of(app, "BUR"))
    marked, line = app.unordered()
    assert paris.uid not in marked and "FRANCE 3" in line
    assert tuple(app.surface.get_at(notch))[:3] != (255, 255, 255)
    move_mouse(app, screen_of(app, "BUR"))
    view = app.board.view_rect
    corner = app.surface.subsurface(pygame.Rect(view.left, view.bottom - 40, 300, 40)).copy()
    move_mouse(app, (view.right + 50, 300))  # over the panel: no province, no name
    assert pygame.image.tobytes(corner, "RGB") != pygame.image.tobytes(
        app.surface.subsurface(pygame.Rect(view.left, view.bottom - 40, 300, 40)), "RGB")


def test_f1_shows_every_key_of_the_area_window_and_the_guide_lists_them(app):
    from pathlib import Path

    from kriegsspiel.app.area_keys import AREA_KEYS

    guide = (Path(__file__).resolve().parent.parent / "docs" / "diplomacy.md").read_text(encoding="utf-8")
    for keys, what in AREA_KEYS:
        assert f"| {keys} | {what} |" in guide, f"docs/diplomacy.md lacks the row for {keys!r}"
    before = frame(app)
    key(app, pygame.K_F1)
    assert app.help_on and frame(app) != before
    key(app, pygame.K_ESCAPE)
    assert not app.help_on and frame(app) == before


def test_f12_saves_the_frame_next_to_the_save(app):
    key(app, pygame.K_F12)
    shots = sorted(app.game.path.parent.glob(app.game.path.stem + "-shots/shot-*.png"))
    assert len(shots) == 1 and pygame.image.load(str(shots[0])).get_size() == app.surface.get_size()


def test_a_resized_window_refits_a_fitted_board_and_keeps_a_zoomed_one(app):
    board = app.board
    board.resize((700, 500))
    assert board.camera == board.fitted((700, 500))
    middle = board.view_rect.center
    board.zoom(middle, 2.0)
    centre_before = board.to_map(board.view_rect.center)
    scale = board.scale
    board.resize((900, 600))
    assert board.scale == pytest.approx(scale) and board.view_rect.size == (900, 600)
    assert math.dist(board.to_map(board.view_rect.center), centre_before) < 1.0


def test_the_panels_buttons_adjudicate_and_confirm_after_asking(app):
    from kriegsspiel.app.area_panel import button_rects

    buttons = button_rects(app.surface.get_size())
    drag(app, counter_of(app, "A", "PAR"), screen_of(app, "BUR"))
    drag(app, counter_of(app, "A", "MUN"), screen_of(app, "BUR"))
    post(app, pygame.MOUSEBUTTONDOWN, button=1, pos=buttons["adjudicate"].center)
    assert any(line.startswith("if confirmed now") for line, _ in app.log) and app.preview is not None
    assert app.game.turn.position.phase == "S1901M"
    plain = frame(app)
    post(app, pygame.MOUSEBUTTONDOWN, button=1, pos=buttons["confirm"].center)
    assert app.asking and frame(app) != plain  # the question over the board
    key(app, pygame.K_n, text="n")
    assert not app.asking and app.game.turn.position.phase == "S1901M" and app.console == ""
    post(app, pygame.MOUSEBUTTONDOWN, button=1, pos=buttons["confirm"].center)
    post(app, pygame.MOUSEBUTTONDOWN, button=1, pos=(20, 20))  # a click elsewhere is a no
    assert not app.asking and app.game.turn.position.phase == "S1901M"
    post(app, pygame.MOUSEBUTTONDOWN, button=1, pos=buttons["confirm"].center)
    post(app, pygame.TEXTINPUT, text="x")  # typing waits while the question is open
    key(app, pygame.K_y, text="y")
    assert app.game.turn.position.phase == "F1901M" and app.console == ""
    assert read_save(app.game.path).records[-1].command == "confirm"
    post(app, pygame.MOUSEBUTTONDOWN, button=1, pos=buttons["confirm"].center)
    post(app, pygame.MOUSEBUTTONDOWN, button=1, pos=app._answers["yes"].center)
    assert app.game.turn.position.phase != "F1901M" and read_save(app.game.path).records[-1].command == "confirm"


def test_f9_serves_the_players_portal_from_the_area_window(app, monkeypatch):
    import kriegsspiel.portal.server as server

    monkeypatch.setattr(server, "lan_address", lambda: "127.0.0.1")
    app.portal.port = 0
    pumped = []
    monkeypatch.setattr(app.portal, "pump", lambda: pumped.append(1))
    before = frame(app)
    key(app, pygame.K_F9)
    try:
        assert app.log[-1][0].startswith("players' portal at http://127.0.0.1:") and app.portal.visible
        assert frame(app) != before  # the inbox panel over the board
        key(app, pygame.K_3, text="3")  # France's QR code, not a 3 in the console
        assert app.portal.qr_player == 2 and app.console == ""
        key(app, pygame.K_ESCAPE)
        assert not app.portal.visible and app.portal.portal is not None  # hidden, still serving
        app.run(max_frames=2)
        assert len(pumped) == 2  # each frame hands the phones' orders to the journal
    finally:
        app.portal.server.stop()
