"""Group move in the window: several selected counters dragged together in formation, each checked on its own,
one journal entry each, one Ctrl+Z for the group (driven headless by posted events)."""
from __future__ import annotations

import pygame
import pytest

from app_events import (app, click, ctrl_click, drag, key_event, move_to, orders, press,  # app: the fixture
                        screen_of, step)
from kriegsspiel.app import group_move
from kriegsspiel.app.app import App
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.render import overlays

R1, R2, R3 = WorldPoint(3.5, 3.5), WorldPoint(3.5, 11.5), WorldPoint(6.5, 8.5)


def select_group(app: App, *points: WorldPoint) -> None:
    click(app, screen_of(app, points[0]))
    for point in points[1:]:
        ctrl_click(app, screen_of(app, point))


def position(app: App, unit_id: str) -> WorldPoint:
    return app.session.state.units[unit_id].position


def near(a: WorldPoint, b: WorldPoint, tolerance: float = 0.06) -> bool:
    return abs(a.x - b.x) <= tolerance and abs(a.y - b.y) <= tolerance


def test_the_group_moves_in_formation_one_entry_each_and_one_undo_takes_it_back(app: App) -> None:
    select_group(app, R1, R3)
    assert (app.selected, app.shooters) == ("r1", ["r3"])
    start, end = screen_of(app, R1), screen_of(app, WorldPoint(7.5, 3.5))
    drag(app, start, end)
    assert [line.split()[1] for line in orders(app)] == ["r1", "r3"]
    # formation kept: r3 moved by the same offset as r1
    moved_by = (position(app, "r1").x - R1.x, position(app, "r1").y - R1.y)
    assert moved_by[0] == pytest.approx(4.0, abs=0.06)
    assert near(position(app, "r3"), WorldPoint(R3.x + moved_by[0], R3.y + moved_by[1]))
    assert "r1 moved" in app.status and "r3 moved" in app.status
    press(app, pygame.K_z, pygame.KMOD_LCTRL)  # one Ctrl+Z: the whole group
    assert position(app, "r1") == R1 and position(app, "r3") == R3
    undos = [r for r in app.session.game.journal_entries() if r.kind == "undo"]
    assert len(undos) == 2 and "2 orders of one group" in app.status
    press(app, pygame.K_y, pygame.KMOD_LCTRL)  # and one Ctrl+Y brings it back
    assert near(position(app, "r3"), WorldPoint(R3.x + moved_by[0], R3.y + moved_by[1]))
    assert position(app, "r1") != R1
    press(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert position(app, "r1") == R1 and position(app, "r3") == R3


def test_a_single_move_after_the_group_is_undone_alone(app: App) -> None:
    select_group(app, R1, R3)
    drag(app, screen_of(app, R1), screen_of(app, WorldPoint(7.5, 3.5)))
    click(app, screen_of(app, R2))
    drag(app, screen_of(app, R2), screen_of(app, WorldPoint(4.5, 12.5)))
    assert len(orders(app)) == 3
    press(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert position(app, "r2") == R2 and position(app, "r1") != R1  # only the last, single move
    press(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert position(app, "r1") == R1 and position(app, "r3") == R3  # then the group, whole


def test_the_units_that_cannot_follow_are_named_and_the_others_move(app: App) -> None:
    select_group(app, R1, R3)
    start, end = screen_of(app, R1), screen_of(app, WorldPoint(11.5, 4.5))  # r3 would land in the river
    move_to(app, start, held=False)
    step(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, 5):
        move_to(app, (start[0] + (end[0] - start[0]) * i // 4, start[1] + (end[1] - start[1]) * i // 4))
    assert app.group.carried is not None
    lines = app.group.carried.cursor_lines()
    assert lines[0].startswith("2 units: 1 can follow, 1 cannot")
    assert any(line.startswith("r3: ") and "water" in line for line in lines)
    # the drawn frame: r3's counter at its target is crossed out in the refusal colour
    r3_target = app.camera.to_screen(app.group.carried.target_of("r3", app.group.carried.at))
    r = app._counter_px() // 2 + 4
    corner = (round(r3_target[0] - r + 2), round(r3_target[1] - r + 2))
    assert tuple(app.surface.get_at(corner))[:3] == overlays.ILLEGAL
    step(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    assert [line.split()[1] for line in orders(app)] == ["r1"]
    assert position(app, "r3") == R3
    assert app.status_is_error and "not moved: r3: water" in app.status


def test_shift_drop_forces_the_whole_group_after_the_umpire_confirms(app: App) -> None:
    select_group(app, R1, R3)
    drag(app, screen_of(app, R1), screen_of(app, WorldPoint(11.5, 4.5)), shift=True)
    assert app.confirming is not None and app.confirming.group
    assert orders(app) == []  # nothing journaled before the yes
    press(app, pygame.K_RETURN)
    records = [r for r in app.session.game.journal_entries() if r.kind == "order"]
    assert [(r.command.split()[1], r.forced) for r in records] == [("r1", False), ("r3", True)]
    assert "water" in (records[1].refusal or "")
    press(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert position(app, "r1") == R1 and position(app, "r3") == R3


def test_a_click_on_a_member_selects_it_alone_and_esc_cancels_a_group_drag(app: App) -> None:
    select_group(app, R1, R3)
    click(app, screen_of(app, R3))
    assert (app.selected, app.shooters) == ("r3", [])
    select_group(app, R1, R3)
    start = screen_of(app, R1)
    move_to(app, start, held=False)
    step(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    move_to(app, (start[0] + 60, start[1] + 10))
    assert app.group.carried is not None
    step(app, key_event(pygame.K_ESCAPE))
    step(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0] + 60, start[1] + 10), button=1))
    assert orders(app) == [] and app.group.carried is None and app.status == "group move cancelled"


def test_the_others_settle_within_the_frame_budget_while_the_hand_rests(app: App, monkeypatch) -> None:
    monkeypatch.setattr(group_move, "FRAME_BUDGET_S", 0.0)  # one unit besides the grabbed one per frame
    select_group(app, R1, R2, R3)
    start = screen_of(app, R1)
    move_to(app, start, held=False)
    step(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    move_to(app, (start[0] + 40, start[1]))
    group = app.group.carried
    assert group is not None and group.pending()
    assert sum(f.exact for f in group.followers()) == 2  # the grabbed one, and one more within the budget
    app.run(max_frames=app.frames + 1)  # no motion: the rest is checked
    assert not group.pending() and all(f.exact for f in group.followers())


def test_each_units_answer_goes_to_the_console(app: App) -> None:
    select_group(app, R1, R3)
    drag(app, screen_of(app, R1), screen_of(app, WorldPoint(7.5, 3.5)))
    assert app.console_output[0] == "> group move of 2 units"
    assert any(line.startswith("r1 moved") for line in app.console_output[1:])
    assert any(line.startswith("r3 moved") for line in app.console_output[1:])


def test_the_counter_under_the_hand_leads_the_group(app: App) -> None:
    select_group(app, R1, R3)
    start = screen_of(app, R3)  # one of the selection, not the first selected
    move_to(app, start, held=False)
    step(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    move_to(app, (start[0] + 30, start[1]))
    group = app.group.carried
    assert group is not None and group.grabbed == "r3"
    assert (app.selected, app.shooters) == ("r3", ["r1"])  # its details and its shading while carried
    assert group.drags["r3"] is app.carry.drag  # one pick-up for it, not two


def test_a_group_motion_reuses_the_picture_under_it_and_draws_the_same_frame(app: App, monkeypatch) -> None:
    select_group(app, R1, R3)
    start = screen_of(app, R1)
    move_to(app, start, held=False)
    step(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    move_to(app, (start[0] + 30, start[1]))
    calls = []
    monkeypatch.setattr(app.map_layer, "draw", lambda *a, **k: calls.append(1))
    move_to(app, (start[0] + 60, start[1] + 8))
    assert app.drawn and calls == []  # the map (and the other counters) were not drawn again
    kept = pygame.image.tobytes(app.surface, "RGB")
    monkeypatch.undo()
    app._under = None
    app.render()
    assert pygame.image.tobytes(app.surface, "RGB") == kept  # the same frame as drawn from scratch
