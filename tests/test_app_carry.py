"""The board's default gesture is one object, ``app.carry`` (app/carry.py): a press within the click slop
carries nothing, past it the counter is carried, Esc drops nothing, and a release journals the move."""
from __future__ import annotations

import pygame

from app_events import app, move_to, orders, press, step  # app: the fixture
from kriegsspiel.app.app import App
from kriegsspiel.app.carry import CLICK_SLOP


def counter_of(app: App, unit_id: str) -> tuple[int, int]:
    return app.camera.to_screen_int(app.session.state.units[unit_id].position)


def test_a_press_carries_only_past_the_click_slop_and_esc_drops_nothing(app: App) -> None:
    unit_id = "dd1"
    at = counter_of(app, unit_id)
    before = app.session.state.units[unit_id].position
    move_to(app, at, held=False)
    step(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    assert app.carry.press_at == at and app.selected == unit_id and app.carry.carried() is None
    move_to(app, (at[0] + CLICK_SLOP - 1, at[1]))
    assert not app.carry.dragging
    move_to(app, (at[0] + 3 * CLICK_SLOP, at[1]))
    carried = app.carry.carried()
    assert app.carry.dragging and carried is not None and carried.id == unit_id
    assert app.carry.drag is not None and app.carry.drag.verdict is not None  # judged in the frame, once
    press(app, pygame.K_ESCAPE)
    assert not app.carry.dragging and app.carry.press_at is None and app.status == "drag cancelled"
    step(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(at[0] + 3 * CLICK_SLOP, at[1]), button=1))
    assert orders(app) == [] and app.session.state.units[unit_id].position == before


def test_a_counter_carried_and_released_is_one_move_in_the_journal(app: App) -> None:
    unit_id = "dd1"
    at = counter_of(app, unit_id)
    end = (at[0] + 6 * CLICK_SLOP, at[1])
    move_to(app, at, held=False)
    step(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    move_to(app, end)
    verdict = app.carry.drag.verdict if app.carry.drag is not None else None
    assert verdict is not None and verdict.legal, verdict
    line = app.carry.drag.command_text(app.carry.point(app, end))
    step(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    assert not app.carry.dragging and app.carry.press_at is None
    assert orders(app) == [line] and line.startswith(f"move {unit_id} > ")
