"""The umpire's window, driven headless by posted pygame events: drags, forcing, undo, console, pan and zoom."""
from __future__ import annotations

import math
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
    scenario = write_scenario(tmp_path)
    game = Game.new(scenario, tmp_path / "test.kssave", map_loader=map_loader)
    window = App(TableSession(game, "Test crossing"), pygame.Surface(SIZE))
    window.run(max_frames=1)
    yield window
    game.close()
    pygame.event.clear()


def post(*events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)


def screen_of(app: App, point: WorldPoint) -> tuple[int, int]:
    x, y = app.camera.to_screen(point)
    return round(x), round(y)


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 5, shift: bool = False) -> None:
    """Press on ``start``, move in ``steps`` motions (one frame each), release on ``end``."""
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.run(max_frames=app.frames + 1)
    for i in range(1, steps + 1):
        x = round(start[0] + (end[0] - start[0]) * i / steps)
        y = round(start[1] + (end[1] - start[1]) * i / steps)
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0)))
        app.run(max_frames=app.frames + 1)
    if shift:
        post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=pygame.KMOD_LSHIFT, unicode="", scancode=0))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    if shift:
        post(pygame.event.Event(pygame.KEYUP, key=pygame.K_LSHIFT, mod=0, unicode="", scancode=0))
    app.run(max_frames=app.frames + 1)


def key(app: App, k: int, mod: int = 0, text: str = "") -> None:
    post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0))
    if text:
        post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.run(max_frames=app.frames + 1)


def type_line(app: App, text: str) -> None:
    for ch in text:
        post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.run(max_frames=app.frames + 1)


def records(app: App):
    return app.session.game.journal_entries()


def test_a_legal_drag_moves_the_unit_and_journals_it(app: App) -> None:
    start = screen_of(app, WorldPoint(3.5, 3.5))
    end = screen_of(app, WorldPoint(6.5, 5.0))
    drag(app, start, end)
    unit = app.session.state.unit("r1")
    target = app.camera.to_world(*end)
    assert unit.position == pytest.approx(target) or (unit.position.x, unit.position.y) == pytest.approx((target.x, target.y))
    journal = records(app)
    assert len(journal) == 1
    assert journal[0].command.startswith("move r1 > ")
    assert not journal[0].forced
    assert not app.status_is_error


def test_the_drag_shows_cost_and_path_while_moving(app: App) -> None:
    start = screen_of(app, WorldPoint(3.5, 3.5))
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.run(max_frames=app.frames + 1)
    assert app.carry.drag is not None and app.carry.drag.unit.id == "r1"
    assert app.carry.drag.allowance == pytest.approx(10.0)
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=screen_of(app, WorldPoint(9.5, 3.5)), rel=(0, 0), buttons=(1, 0, 0)))
    app.run(max_frames=app.frames + 1)
    verdict = app.carry.drag.verdict
    assert app.carry.dragging and verdict is not None
    # Part of the way runs through the wood (speed 0.75): dearer than the straight 6 units.
    assert verdict.legal and 6.0 < verdict.cost <= 10.0
    assert verdict.path[0] == WorldPoint(3.5, 3.5)


def test_an_illegal_drag_returns_the_counter_with_its_reason(app: App) -> None:
    start = screen_of(app, WorldPoint(3.5, 3.5))
    drag(app, start, screen_of(app, WorldPoint(14.5, 3.5)))  # into the river
    assert app.session.state.unit("r1").position == WorldPoint(3.5, 3.5)
    assert records(app) == []
    assert app.status_is_error
    assert "water" in app.status and "r1 not moved" in app.status


def test_too_far_is_refused_with_cost_and_allowance(app: App) -> None:
    start = screen_of(app, WorldPoint(3.5, 11.5))  # light cavalry, move 10
    drag(app, start, screen_of(app, WorldPoint(13.5, 12.5)))
    assert app.session.state.unit("r2").position == WorldPoint(3.5, 11.5)
    assert "10" in app.status and "r2 not moved" in app.status


def test_a_shift_drag_forces_the_move_and_the_journal_says_so(app: App) -> None:
    start = screen_of(app, WorldPoint(3.5, 3.5))
    end = screen_of(app, WorldPoint(14.5, 3.5))
    drag(app, start, end, shift=True)
    # nothing is journaled before the umpire has read which rule the move breaks and said yes (issue 16, item 9)
    assert records(app) == [] and app.confirming is not None and app.confirming.forced
    assert "breaks the rule" in app.status and "water" in app.status
    key(app, pygame.K_RETURN)
    assert app.confirming is None
    unit = app.session.state.unit("r1")
    assert unit.position.x == pytest.approx(app.camera.to_world(*end).x)
    journal = records(app)
    assert len(journal) == 1 and journal[0].forced
    assert "water" in (journal[0].refusal or "")


def test_undo_and_redo_with_ctrl_z_and_ctrl_y(app: App) -> None:
    drag(app, screen_of(app, WorldPoint(3.5, 3.5)), screen_of(app, WorldPoint(5.5, 3.5)))
    moved = app.session.state.unit("r1").position
    assert moved != WorldPoint(3.5, 3.5)
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert app.session.state.unit("r1").position == WorldPoint(3.5, 3.5)
    assert [r.kind for r in records(app)] == ["order", "undo"]
    key(app, pygame.K_y, pygame.KMOD_LCTRL)
    assert app.session.state.unit("r1").position == moved
    assert [r.kind for r in records(app)] == ["order", "undo", "redo"]


def test_the_console_runs_a_shell_command(app: App) -> None:
    key(app, pygame.K_RETURN)
    assert app.console_focused
    type_line(app, "move r3 > 8,8.5")
    assert app.session.state.unit("r3").position == WorldPoint(8.0, 8.5)
    assert records(app)[-1].command == "move r3 > 8,8.5"
    assert app.console_output[0] == "> move r3 > 8,8.5"
    # a wrong line gets the syntax, not a traceback, and changes nothing
    type_line(app, "move r3 8,8")
    assert len(records(app)) == 1
    assert any("syntax" in line for line in app.console_output)


def test_console_history_and_completion(app: App) -> None:
    key(app, pygame.K_RETURN)
    type_line(app, "details r1")
    for ch in "mov":
        post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    key(app, pygame.K_TAB)
    assert app.console.text == "move "
    post(pygame.event.Event(pygame.TEXTINPUT, text="d"))
    key(app, pygame.K_TAB)
    assert app.console.text == "move dd1 "
    key(app, pygame.K_UP)
    assert app.console.text == "details r1"
    key(app, pygame.K_DOWN)
    assert app.console.text == "move dd1 "


def test_keys_do_not_leak_into_the_map_while_typing(app: App) -> None:
    key(app, pygame.K_RETURN)
    key(app, pygame.K_r, text="r")
    key(app, pygame.K_g, text="g")
    assert app.console.text == "rg"
    assert not app.tools.is_active(app.tools.ruler) and not app.rings_on


@pytest.mark.parametrize("notches", [1, 3, -2])
def test_wheel_zoom_keeps_the_point_under_the_cursor(app: App, notches: int) -> None:
    cursor = (300, 420)
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=cursor, rel=(0, 0), buttons=(0, 0, 0)))
    app.run(max_frames=app.frames + 1)
    before = app.camera.to_world(*cursor)
    scale = app.camera.scale
    for _ in range(abs(notches)):
        post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if notches > 0 else -1, flipped=False, precise_x=0.0, precise_y=0.0))
    app.run(max_frames=app.frames + 1)
    after = app.camera.to_world(*cursor)
    assert app.camera.scale == pytest.approx(scale * 1.25**notches)
    assert after.x == pytest.approx(before.x) and after.y == pytest.approx(before.y)


def test_dragging_empty_ground_pans_with_the_hand(app: App) -> None:
    grab = screen_of(app, WorldPoint(12.0, 14.5))  # plains, no counter
    world = app.camera.to_world(*grab)
    drag(app, grab, (grab[0] + 150, grab[1] - 90))
    assert app.camera.to_screen(world) == pytest.approx((grab[0] + 150, grab[1] - 90))
    assert records(app) == []


def test_keys_pan_zoom_and_fit(app: App) -> None:
    fitted = app.camera
    key(app, pygame.K_PLUS, text="+")
    assert app.camera.scale == pytest.approx(fitted.scale * 1.25)
    zoomed = app.camera
    key(app, pygame.K_LEFT)  # the map moves right: the view looks further west
    assert app.camera.origin.x < zoomed.origin.x and app.camera.origin.y == zoomed.origin.y
    key(app, pygame.K_HOME)
    assert app.camera == fitted


def test_tools_toggle(app: App) -> None:
    key(app, pygame.K_g, text="g")
    key(app, pygame.K_F1)
    assert app.rings_on and app.help_on
    key(app, pygame.K_ESCAPE)
    assert not app.help_on
    key(app, pygame.K_p, text="p")
    assert app.projector and app.camera.viewport.width == SIZE[0]


def test_the_ruler_measures_distance_and_the_selected_units_cost(app: App) -> None:
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=screen_of(app, WorldPoint(3.5, 3.5)), button=1))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=screen_of(app, WorldPoint(3.5, 3.5)), button=1))
    app.run(max_frames=app.frames + 1)
    key(app, pygame.K_r, text="r")
    drag(app, screen_of(app, WorldPoint(1.0, 1.0)), screen_of(app, WorldPoint(4.0, 5.0)))
    a, b = app.tools.ruler.line
    assert math.hypot(b.x - a.x, b.y - a.y) == pytest.approx(5.0, abs=0.05)
    assert app.session.state.unit("r1").position == WorldPoint(3.5, 3.5)
    assert "cost" in app.tools.ruler.cost(app, a, b)


def test_a_unit_of_the_side_not_to_move_is_refused_with_the_reason(app: App) -> None:
    drag(app, screen_of(app, WorldPoint(20.5, 3.5)), screen_of(app, WorldPoint(21.5, 5.5)))
    assert app.session.state.unit("c1").position == WorldPoint(20.5, 3.5)
    assert "Rebel's turn" in app.status


def test_f12_saves_a_screenshot_next_to_the_save(app: App, tmp_path: Path) -> None:
    app.screenshot_dir = tmp_path / "test.kssave-shots"
    key(app, pygame.K_F12)
    key(app, pygame.K_F12)
    shots = sorted(p.name for p in app.screenshot_dir.iterdir())
    assert shots == ["shot-001.png", "shot-002.png"]
    assert pygame.image.load(str(app.screenshot_dir / "shot-001.png")).get_size() == SIZE


def test_counters_on_one_spot_fan_out_and_each_can_be_picked(app: App) -> None:
    app.run_console_line("force move r2 > 3.5,3.5")  # onto r1
    assert app.session.state.unit("r2").position == WorldPoint(3.5, 3.5)
    units, sx, sy = app._screen_positions()
    at = {u.id: (x, y) for u, x, y in zip(units, sx, sy)}
    assert at["r1"] != at["r2"]
    # the exact spot shows the top counter; the corner of the one beneath still picks it
    assert app.unit_at((round(at["r2"][0]), round(at["r2"][1]))).id == "r2"
    size = app._counter_px()
    corner = (round(at["r1"][0] - size / 2 + 2), round(at["r1"][1] + size / 2 - 2))
    assert app.unit_at(corner).id == "r1"


def test_a_bug_in_a_handler_keeps_the_window_open_and_says_where_the_details_are(app: App, monkeypatch) -> None:
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(app, "_zoom", broken)
    key(app, pygame.K_PLUS, text="+")
    assert app.running and app.internal_errors == 1
    assert "internal error (RuntimeError: boom)" in app.status and "the game is saved" in app.status
    path = app.status.split("details in ")[1].split(";")[0]
    assert "RuntimeError: boom" in Path(path).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "ruleset_id, type_id, expected",
    [
        ("modern-4e", "destroyer", [("attack/depthcharge/board", 3.0), ("fire", 15.0), ("missile", 30.0)]),
        ("modern-4e", "infantry", [("attack", 3.0)]),
        ("kriegsspiel-v3", "artillery", [("canister effective", 200.0), ("canister maximum", 300.0), ("shot effective", 600.0), ("shot maximum", 1000.0)]),
    ],
)
def test_range_rings_come_from_the_rule_set(ruleset_id, type_id, expected) -> None:
    from kriegsspiel.app.panel import weapon_ranges
    from kriegsspiel.core.state import UnitState
    from kriegsspiel.rulesets import load_ruleset

    unit = UnitState("x", type_id, "A", WorldPoint(0, 0), 1)
    assert weapon_ranges(load_ruleset(ruleset_id), unit) == expected


def test_an_idle_table_draws_nothing_new(app: App) -> None:
    app.run(max_frames=app.frames + 1)
    assert not app.drawn  # nothing changed since the fixture's frame
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=(100, 700), rel=(0, 0), buttons=(0, 0, 0)))
    app.run(max_frames=app.frames + 1)
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=(102, 701), rel=(0, 0), buttons=(0, 0, 0)))
    app.run(max_frames=app.frames + 1)
    assert not app.drawn  # a mouse move over empty ground changes nothing on the table
    key(app, pygame.K_g, text="g")
    assert app.drawn


def test_hovering_a_counter_shows_its_card(app: App) -> None:
    over = screen_of(app, WorldPoint(3.5, 3.5))
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=over, rel=(0, 0), buttons=(0, 0, 0)))
    app.run(max_frames=app.frames + 1)
    assert app.hover == "r1" and app.drawn
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=screen_of(app, WorldPoint(12.0, 14.5)), rel=(0, 0), buttons=(0, 0, 0)))
    app.run(max_frames=app.frames + 1)
    assert app.hover is None


def test_tab_with_several_candidates_extends_to_their_common_part_and_lists_them(app: App) -> None:
    key(app, pygame.K_RETURN)
    post(pygame.event.Event(pygame.TEXTINPUT, text="move r"))
    key(app, pygame.K_TAB)
    assert app.console.text == "move r"
    assert "r1" in app.status and "r2" in app.status and "r3" in app.status


def test_a_right_button_drag_pans_even_over_a_counter(app: App) -> None:
    grab = screen_of(app, WorldPoint(3.5, 3.5))  # on r1
    world = app.camera.to_world(*grab)
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=grab, button=3))
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=(grab[0] + 80, grab[1] + 40), rel=(80, 40), buttons=(0, 0, 1)))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(grab[0] + 80, grab[1] + 40), button=3))
    app.run(max_frames=app.frames + 1)
    assert app.camera.to_screen(world) == pytest.approx((grab[0] + 80, grab[1] + 40))
    assert app.session.state.unit("r1").position == WorldPoint(3.5, 3.5) and records(app) == []


def test_many_motions_in_one_frame_cost_one_path(app: App, monkeypatch) -> None:
    start = screen_of(app, WorldPoint(3.5, 3.5))
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.run(max_frames=app.frames + 1)
    calls = []
    real_follow = app.carry.drag.follow
    monkeypatch.setattr(app.carry.drag, "follow", lambda target: calls.append(target) or real_follow(target))
    for dx in range(10, 60, 5):
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + dx, start[1]), rel=(5, 0), buttons=(1, 0, 0)))
    app.run(max_frames=app.frames + 1)
    assert len(calls) == 1
    assert calls[0] == app.camera.to_world(start[0] + 55, start[1])  # the latest position, not a stale one


def test_completion_knows_sides_and_players_after_a_command(app: App) -> None:
    key(app, pygame.K_RETURN)
    post(pygame.event.Event(pygame.TEXTINPUT, text="message Wa"))
    key(app, pygame.K_TAB)
    assert app.console.text == "message Washington "
