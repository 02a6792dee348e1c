"""Aiming combat orders with the mouse in the window (headless): select, Ctrl+click more, a key, click targets.

Refused targets are greyed and say why; the order goes through the game session into the journal.
"""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from kriegsspiel.app.app import App
from kriegsspiel.app.session import TableSession
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.store import Game
from test_app import key, post, records, screen_of
from test_app_support import map_loader, write_scenario

SIZE = (1280, 800)


@pytest.fixture
def app(tmp_path: Path):
    pygame.display.init()
    pygame.font.init()
    pygame.event.clear()
    game = Game.new(write_scenario(tmp_path), tmp_path / "test.kssave", map_loader=map_loader)
    window = App(TableSession(game, "Test crossing"), pygame.Surface(SIZE))
    window.run(max_frames=1)
    yield window
    game.close()
    pygame.event.clear()


def click(app: App, at: WorldPoint, ctrl: bool = False) -> None:
    pos = screen_of(app, at)
    if ctrl:
        post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LCTRL, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    if ctrl:
        post(pygame.event.Event(pygame.KEYUP, key=pygame.K_LCTRL, mod=0, unicode="", scancode=0))
    app.run(max_frames=app.frames + 1)


def shift_click(app: App, at: WorldPoint) -> None:
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=pygame.KMOD_LSHIFT, unicode="", scancode=0))
    click(app, at)
    post(pygame.event.Event(pygame.KEYUP, key=pygame.K_LSHIFT, mod=0, unicode="", scancode=0))
    app.run(max_frames=app.frames + 1)


R2, R3, DD1 = WorldPoint(3.5, 11.5), WorldPoint(6.5, 8.5), WorldPoint(19.5, 13.5)
C1, C2 = WorldPoint(20.5, 3.5), WorldPoint(17.5, 8.5)


def test_select_press_f_click_a_target_and_enter_fires(app: App) -> None:
    click(app, R3)
    key(app, pygame.K_f)
    assert app.tools.aiming.order is not None and app.tools.aiming.order.shooters == ("r3",)
    verdicts = app.tools.aiming.order.verdicts(app.session.state)
    assert verdicts["c1"] is None and verdicts["c2"] is None
    click(app, C1)
    assert app.tools.aiming.order.chosen == ["c1"] and app.status.startswith("fire r3 > c1")
    key(app, pygame.K_RETURN)
    assert app.tools.aiming.order is None
    assert records(app)[-1].command == "fire r3 > c1"
    assert "r3 fire: d9 = " in app.status and not app.status_is_error


def test_a_group_aims_together_and_a_target_out_of_range_is_greyed_with_the_reason(app: App) -> None:
    click(app, R2)
    click(app, R3, ctrl=True)
    key(app, pygame.K_f)
    assert app.tools.aiming.order.shooters == ("r2", "r3")
    reason = "c1 is 18.8 from r2; r2's fire reaches 15"
    assert app.tools.aiming.order.verdicts(app.session.state)["c1"] == reason
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=screen_of(app, C1), rel=(0, 0), buttons=(0, 0, 0)))
    app.run(max_frames=app.frames + 1)
    assert app.status == f"c1: {reason}" and app.status_is_error  # resting on a greyed target tells why
    click(app, C1)
    assert app.tools.aiming.order.chosen == [] and app.status.startswith(f"c1: {reason}")
    click(app, C2)
    key(app, pygame.K_RETURN)
    assert records(app)[-1].command == "fire r2 r3 > c2"


def test_shift_enter_forces_the_refused_target(app: App) -> None:
    click(app, R2)
    key(app, pygame.K_a)  # attack: every enemy is beyond 3
    assert all(r is not None for r in app.tools.aiming.order.verdicts(app.session.state).values())
    click(app, C2)  # a plain click on a greyed target says why and chooses nothing
    assert app.tools.aiming.order.chosen == [] and "Shift+click to choose it all the same" in app.status
    shift_click(app, C2)  # the umpire insists
    assert app.tools.aiming.order.chosen == ["c2"] and "Shift+Enter forces" in app.status
    count = len(records(app))
    key(app, pygame.K_RETURN)  # a plain Enter: the rules still refuse it, nothing is journaled
    assert len(records(app)) == count
    if app.tools.aiming.order is None:  # the refused order ended the aiming: aim again
        click(app, R2)
        key(app, pygame.K_a)
        shift_click(app, C2)
    key(app, pygame.K_RETURN, mod=pygame.KMOD_LSHIFT)
    entry = records(app)[-1]
    assert entry.command == "attack r2 > c2" and entry.forced


def test_one_target_orders_go_at_once_and_esc_cancels(app: App) -> None:
    click(app, DD1)
    key(app, pygame.K_m)
    click(app, C1)
    assert app.tools.aiming.order is None and records(app)[-1].command == "missile dd1 > c1"
    click(app, R3)
    key(app, pygame.K_f)
    key(app, pygame.K_ESCAPE)
    assert app.tools.aiming.order is None and app.status == "aiming cancelled"


def test_the_aiming_marks_are_drawn(app: App, tmp_path: Path) -> None:
    click(app, R2)
    click(app, R3, ctrl=True)
    key(app, pygame.K_f)
    click(app, C2)
    app.render()
    pygame.image.save(app.surface, str(tmp_path / "aiming.png"))
    x, y = screen_of(app, C2)
    radius = max(6, app._counter_px() // 2) + 3
    ring = [app.surface.get_at((x + dx, y)) for dx in range(radius - 2, radius + 2)]
    assert any(tuple(c)[:3] == (230, 40, 40) for c in ring)  # the chosen target's red ring


def test_ctrl_drag_a_box_selects_the_side_to_move_and_they_fire_together(app: App) -> None:
    corner_a, corner_b = screen_of(app, WorldPoint(1.0, 7.0)), screen_of(app, WorldPoint(8.0, 13.0))
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LCTRL, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=corner_a, button=1))
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=corner_b, rel=(0, 0), buttons=(1, 0, 0)))
    app.run(max_frames=app.frames + 1)
    assert app.carry.box == (corner_a, corner_b)
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=corner_b, button=1))
    post(pygame.event.Event(pygame.KEYUP, key=pygame.K_LCTRL, mod=0, unicode="", scancode=0))
    app.run(max_frames=app.frames + 1)
    assert [app.selected, *app.shooters] == ["r2", "r3"] and app.carry.box is None
    key(app, pygame.K_f)
    click(app, C2)
    key(app, pygame.K_RETURN)
    assert records(app)[-1].command == "fire r2 r3 > c2"


def right_click(app: App, at: WorldPoint) -> None:
    pos = screen_of(app, at)
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3))
    app.run(max_frames=app.frames + 1)


def test_a_right_click_lists_the_units_orders_and_a_click_on_one_aims_it(app: App, tmp_path: Path) -> None:
    right_click(app, DD1)
    assert app.selected == "dd1"
    assert app.tools.menu.shown is not None and app.tools.menu.shown.items[:5] == ("attack", "fire", "missile", "board", "depthcharge")
    assert app.tools.menu.shown.items[5:] == ("move...", "heading...", "details")  # then its other orders (unit_menu)
    vp = app.camera.viewport
    assert app.tools.menu.shown.rect(0).right <= vp.left + vp.width  # kept inside the map view
    app.render()
    pygame.image.save(app.surface, str(tmp_path / "menu.png"))
    missile_row = app.tools.menu.shown.rect(app.tools.menu.shown.items.index("missile")).center
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=missile_row, button=1))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=missile_row, button=1))
    app.run(max_frames=app.frames + 1)
    assert app.tools.menu.shown is None and app.tools.aiming.order is not None and app.tools.aiming.order.word == "missile"
    click(app, C1)
    assert records(app)[-1].command == "missile dd1 > c1"


def test_a_right_drag_still_pans_and_esc_closes_the_menu(app: App) -> None:
    camera = app.camera
    start = screen_of(app, R3)
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=3))
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 40, start[1]), rel=(40, 0), buttons=(0, 0, 1)))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0] + 40, start[1]), button=3))
    app.run(max_frames=app.frames + 1)
    assert app.tools.menu.shown is None and app.camera != camera
    right_click(app, R3)
    assert app.tools.menu.shown is not None and app.tools.menu.shown.items[:3] == ("attack", "fire", "load")
    # load (a land unit with a weight) is greyed with the rules' reason: the one ship is too far
    assert app.tools.menu.shown.refusal("load") == "r3 is 13.9 from dd1; units go aboard within 3"
    key(app, pygame.K_ESCAPE)
    assert app.tools.menu.shown is None


def test_a_nuke_waits_for_enter(app: App) -> None:
    click(app, DD1)
    key(app, pygame.K_n)
    assert app.tools.aiming.order is not None and app.tools.aiming.order.word == "nuke" and not app.tools.aiming.order.goes_at_once
    reasons = app.tools.aiming.order.verdicts(app.session.state)
    assert reasons["c1"] == "dd1 (destroyer) cannot nuke; nuke is for: missile-submarine, stealth-bomber"


def test_the_tooltip_of_the_unit_under_the_mouse_does_not_cover_the_open_menu(app: App, monkeypatch) -> None:
    drawn: list[str] = []
    monkeypatch.setattr(app, "_draw_tooltip", lambda target, state: drawn.append(app.hover))
    right_click(app, DD1)  # the menu opens over dd1's counter
    app.hover = "dd1"  # and the mouse rests there
    assert app.tools.menu.shown is not None
    app.render()
    assert drawn == []
    key(app, pygame.K_ESCAPE)  # the menu closes: the tooltip is back
    assert app.tools.menu.shown is None
    drawn.clear()
    app.hover = "dd1"
    app.render()
    assert drawn == ["dd1"]


def test_the_panel_lists_orders_not_the_air_defence_table_and_an_attack_ends_the_turn(app: App) -> None:
    from kriegsspiel.app.panel import may_still

    state = app.session.state
    dd1 = state.units["dd1"]
    assert "air-defence" in state.ruleset.unit_type(dd1.type_id).commands
    said = "; ".join(may_still(state, dd1, state.allowance_left(dd1)))
    assert "air-defence" not in said and "missile" in said
    attacked = dd1.replace(attacked_this_turn=True)
    assert may_still(state, attacked, 0.0) == ["nothing more: an attack ends the unit's turn"]


def shift(app: App, down: bool) -> None:
    kind = pygame.KEYDOWN if down else pygame.KEYUP
    post(pygame.event.Event(kind, key=pygame.K_LSHIFT, mod=pygame.KMOD_LSHIFT if down else 0, unicode="", scancode=0))
    app.run(max_frames=app.frames + 1)


def test_shift_click_adds_a_counter_to_the_selection_and_shift_drag_still_moves_it(app: App) -> None:
    click(app, R2)
    shift(app, True)
    click(app, R3)
    shift(app, False)
    assert app.selected == "r2" and app.shooters == ["r3"]
    key(app, pygame.K_f)
    assert app.tools.aiming.order is not None and app.tools.aiming.order.shooters == ("r2", "r3")
    key(app, pygame.K_ESCAPE)
    # a Shift+drag of a counter outside the selection moves that counter (forced when the rules refuse), as
    # before (one of the selection would carry the whole group: tests/test_app_group_move.py)
    before = len(records(app))
    shift(app, True)
    start, end = screen_of(app, WorldPoint(3.5, 3.5)), screen_of(app, WorldPoint(4.5, 3.5))  # r1
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.run(max_frames=app.frames + 1)
    for i in range(1, 6):
        pos = (start[0] + (end[0] - start[0]) * i // 5, start[1] + (end[1] - start[1]) * i // 5)
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        app.run(max_frames=app.frames + 1)
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.run(max_frames=app.frames + 1)
    shift(app, False)
    assert len(records(app)) == before + 1 and records(app)[-1].command.startswith("move r1 > ")
    assert app.selected == "r1" and app.shooters == []
