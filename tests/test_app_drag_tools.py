"""The drag tools of the umpire's window (issue 17, items 1-4), driven headless by posted pygame events:
waypoints (Space, Backspace), movement bands (Ctrl+B), trails of the turn (Ctrl+T), turning ships (a handle,
R + wheel). Each test asserts on the game state, the journal and the pixels drawn."""
from __future__ import annotations

import math
from pathlib import Path

import pygame
import pytest

from kriegsspiel.app import bands, ship_rotation, trail, waypoints
from kriegsspiel.app.app import App
from kriegsspiel.app.drag import DragVerdict
from kriegsspiel.app.session import TableSession
from kriegsspiel.core.geometry import WorldPoint, bearing, format_point
from kriegsspiel.core.movement import check_move
from kriegsspiel.store import Game
from test_app import app, key, post, records, screen_of  # noqa: F401 - app is the fixture
from test_app_support import map_loader

SIZE = (1280, 800)


def pick_up(app: App, at: WorldPoint) -> None:
    pos = screen_of(app, at)
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.run(max_frames=app.frames + 1)


def carry_to(app: App, at: WorldPoint | tuple[int, int]) -> None:
    pos = at if isinstance(at, tuple) else screen_of(app, at)
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    app.run(max_frames=app.frames + 1)


def drop(app: App, at: WorldPoint, shift: bool = False) -> None:
    if shift:
        post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=pygame.KMOD_LSHIFT, unicode="", scancode=0))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=screen_of(app, at), button=1))
    if shift:
        post(pygame.event.Event(pygame.KEYUP, key=pygame.K_LSHIFT, mod=0, unicode="", scancode=0))
    app.run(max_frames=app.frames + 1)


def frame(app: App) -> pygame.Surface:
    app.invalidate()
    app.run(max_frames=app.frames + 1)
    return app.surface


def pixel(app: App, at: WorldPoint | tuple[float, float]) -> tuple[int, int, int]:
    x, y = screen_of(app, at) if isinstance(at, WorldPoint) else (round(at[0]), round(at[1]))
    return tuple(app.surface.get_at((x, y)))[:3]


def blended(under: tuple[int, int, int], rgba: tuple[int, int, int, int]) -> tuple[float, ...]:
    a = rgba[3] / 255
    return tuple(u * (1 - a) + c * a for u, c in zip(under, rgba[:3]))


def near(colour: tuple[int, ...], expected: tuple[float, ...], tolerance: float = 4) -> bool:
    return all(abs(c - e) <= tolerance for c, e in zip(colour, expected))


def wheel(notches: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False, precise_x=0.0, precise_y=float(notches))


def key_up(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)


# ------------------------------------------------------------------------------------------------ waypoints
def test_waypoints_make_a_route_of_exact_legs_journaled_as_one_move_per_leg(app: App) -> None:
    start = WorldPoint(3.5, 3.5)
    pick_up(app, start)
    carry_to(app, WorldPoint(4.5, 8.5))
    key(app, pygame.K_SPACE)
    carry_to(app, WorldPoint(7.5, 8.5))
    key(app, pygame.K_SPACE)
    end = WorldPoint(8.0, 6.5)
    carry_to(app, end)
    v = app.carry.drag.verdict
    route = app.carry.drag.route.points
    assert len(route) == 2 and v.legal, v.reason
    # each leg is the movement engine's exact cheapest path, drawing on what the legs before it left
    state = app.session.state
    left = state.allowance_left(state.unit("r1"))
    target = app.camera.to_world(*screen_of(app, end))
    expected = []
    for a, b in zip([start, *route], [*route, target]):
        leg = check_move(state.battlefield, state.ruleset, "infantry", a, b, allowance_left=left)
        assert leg.legal
        expected.append(leg.cost)
        left -= leg.cost
    assert v.leg_costs == pytest.approx(expected, rel=1e-9)
    assert v.cost == pytest.approx(sum(expected))
    assert route[0] in v.path and route[1] in v.path and v.path.index(route[0]) < v.path.index(route[1])
    assert any(line.startswith("via 2 waypoints: ") for line in app.carry.drag.cursor_lines(""))
    # the markers are drawn: the yellow disc of waypoint 1, off its number
    frame(app)
    x, y = app.camera.to_screen(route[0])
    assert pixel(app, (x - 6, y + 6)) == waypoints.MARKER
    drop(app, end)
    lines = [r.command for r in records(app)]
    assert lines == [f"move r1 > {format_point(route[0])}", f"move r1 > {format_point(route[1])}",
                     f"move r1 > {format_point(target)}"]
    assert not any(r.forced for r in records(app))
    assert app.session.state.unit("r1").position == pytest.approx(target)
    assert app.session.state.unit("r1").movement_used == pytest.approx(sum(expected), rel=1e-6)
    # the route was one gesture: one Ctrl+Z takes every leg back, one Ctrl+Y brings them all back
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert app.session.state.unit("r1").position == pytest.approx(start)
    assert [r.kind for r in records(app)][-3:] == ["undo", "undo", "undo"]
    key(app, pygame.K_y, pygame.KMOD_LCTRL)
    assert app.session.state.unit("r1").position == pytest.approx(target)


def test_backspace_takes_back_the_last_waypoint(app: App) -> None:
    pick_up(app, WorldPoint(3.5, 3.5))
    carry_to(app, WorldPoint(4.5, 6.5))
    key(app, pygame.K_SPACE)
    carry_to(app, WorldPoint(6.5, 6.5))
    key(app, pygame.K_SPACE)
    carry_to(app, WorldPoint(6.5, 4.5))
    assert len(app.carry.drag.route.points) == 2
    key(app, pygame.K_BACKSPACE)
    assert len(app.carry.drag.route.points) == 1
    assert app.carry.drag.verdict.leg_costs and len(app.carry.drag.verdict.leg_costs) == 2
    key(app, pygame.K_BACKSPACE)
    assert app.carry.drag.route is None  # back to a plain drag
    assert type(app.carry.drag.verdict) is DragVerdict
    drop(app, WorldPoint(6.5, 4.5))
    assert [r.command for r in records(app)] == [f"move r1 > {format_point(app.camera.to_world(*screen_of(app, WorldPoint(6.5, 4.5))))}"]


def test_a_route_over_the_allowance_is_refused_whole_naming_the_leg(app: App) -> None:
    pick_up(app, WorldPoint(3.5, 3.5))  # infantry, 10 to spend
    carry_to(app, WorldPoint(3.5, 8.5))
    key(app, pygame.K_SPACE)
    carry_to(app, WorldPoint(3.5, 3.5 + 0.01))
    key(app, pygame.K_SPACE)
    carry_to(app, WorldPoint(6.5, 3.5))  # each leg short, the whole route about 13
    v = app.carry.drag.verdict
    assert not v.legal and v.cost > 10
    assert "the route costs" in v.reason and "has 10 left" in v.reason and "leg 3 of 3" in v.reason
    drop(app, WorldPoint(6.5, 3.5))
    assert records(app) == [] and app.status_is_error and "leg 3 of 3" in app.status
    assert app.session.state.unit("r1").position == WorldPoint(3.5, 3.5)


def test_a_ships_heading_limit_holds_across_legs(app: App) -> None:
    ship = WorldPoint(19.5, 13.5)  # destroyer, heading 90, may turn 30 deg in a turn
    pick_up(app, ship)

    def along(p: WorldPoint, degrees: float, length: float) -> WorldPoint:
        return WorldPoint(p.x + length * math.sin(math.radians(degrees)), p.y - length * math.cos(math.radians(degrees)))

    first = along(ship, 115, 2.0)
    carry_to(app, first)
    key(app, pygame.K_SPACE)
    waypoint = app.carry.drag.route.points[0]
    carry_to(app, along(waypoint, 140, 1.3))  # 25 deg off the first leg, 50 off the heading the turn began with
    v = app.carry.drag.verdict
    assert not v.legal and v.reason.startswith("leg 2 of 2: destroyer may turn at most 30 deg")
    assert abs(bearing(ship, waypoint) - 115) < 2
    drop(app, along(waypoint, 140, 1.3))
    assert records(app) == []


def test_a_forced_route_journals_the_refused_leg_forced_after_the_question(app: App) -> None:
    pick_up(app, WorldPoint(3.5, 3.5))
    carry_to(app, WorldPoint(8.5, 1.5))
    key(app, pygame.K_SPACE)
    into_river = WorldPoint(14.5, 1.5)
    carry_to(app, into_river)
    assert not app.carry.drag.verdict.legal and app.carry.drag.verdict.reason.startswith("leg 2 of 2: ")
    drop(app, into_river, shift=True)
    assert records(app) == [] and app.confirming is not None and app.confirming.forced
    assert len(app.confirming.then) == 1
    key(app, pygame.K_RETURN)
    journal = records(app)
    assert [r.forced for r in journal] == [False, True]
    assert "water" in (journal[1].refusal or "")


# ------------------------------------------------------------------------------------------------ bands
def test_bands_shade_the_full_move_and_the_attack_distance_with_a_legend(app: App) -> None:
    inside = WorldPoint(1.5, 10.5)   # plains 9.2 straight from r1: reachable
    beyond = WorldPoint(1.5, 14.8)   # 11.4 straight (no road helps): not reachable, within 3 of the full move
    far = WorldPoint(22.5, 6.7)      # out of every band
    frame(app)
    bare = [pixel(app, p) for p in (inside, beyond, far)]
    pick_up(app, WorldPoint(3.5, 3.5))
    frame(app)
    assert near(pixel(app, inside), blended(bare[0], bands.FULL_MOVE))
    assert near(pixel(app, beyond), blended(bare[1], bands.REACH))
    assert pixel(app, far) == bare[2]
    shading = app.bands.shading(app.carry.drag, app.session.state)
    assert [label for label, _ in shading.legend] == ["full move", "attack distance (3 units)"]
    vp = app.camera.viewport
    legend = pygame.Rect(vp.left, vp.top, 260, 140)
    colours = {tuple(app.surface.get_at((x, y)))[:3] for x in range(legend.left, legend.right) for y in range(legend.top, legend.bottom)}
    assert bands.FULL_MOVE[:3] in colours and bands.REACH[:3] in colours
    # Ctrl+B: off (nothing shaded, no legend), and on again
    key(app, pygame.K_b, pygame.KMOD_LCTRL)
    frame(app)
    assert pixel(app, inside) == bare[0] and pixel(app, beyond) == bare[1]
    assert "bands off" in app.status
    key(app, pygame.K_b, pygame.KMOD_LCTRL)
    frame(app)
    assert near(pixel(app, inside), blended(bare[0], bands.FULL_MOVE))


def test_bands_are_made_once_per_pick_up_not_per_motion(app: App, monkeypatch) -> None:
    made = []
    real = bands.BandShading.__init__

    def counting(self, *args) -> None:
        made.append(1)
        real(self, *args)

    monkeypatch.setattr(bands.BandShading, "__init__", counting)
    pick_up(app, WorldPoint(3.5, 3.5))
    for x in (4.5, 5.5, 6.5, 7.5):
        carry_to(app, WorldPoint(x, 4.5))
    assert made == [1]


def test_part_move_bands_shade_inside_the_full_move() -> None:
    import numpy as np

    from kriegsspiel.core.plugin import MovementBand

    cost = np.array([[0.0, 2.0, 4.0, 6.0, np.inf, np.inf]])
    given = (MovementBand("full move", "move", 1.0), MovementBand("half move", "move", 0.5),
             MovementBand("reach", "reach", 1.0))
    shading = bands.BandShading(cost, 0, 0, (1, 6), 1.0, 6.0, 1e-9, given)
    colours = [tuple(shading.image.get_at((c, 0))) for c in range(6)]
    assert colours[0] == colours[1] == bands.PART_MOVES[0]   # cost <= 3
    assert colours[2] == colours[3] == bands.FULL_MOVE       # 3 < cost <= 6
    assert colours[4] == bands.REACH and colours[5][3] == 0  # one cell of reach beyond, then nothing
    assert [label for label, _ in shading.legend] == ["full move", "half move", "reach"]


def test_dilate_matches_the_straight_line_definition() -> None:
    import numpy as np

    rng = np.random.default_rng(3)
    mask = rng.random((23, 31)) > 0.97
    radius = 3.6
    grown = bands.dilate(mask, radius)
    rows, cols = np.nonzero(mask)
    for r in range(mask.shape[0]):
        for c in range(mask.shape[1]):
            assert grown[r, c] == bool(np.any(np.hypot(rows - r, cols - c) <= radius)), (r, c)


def test_the_rule_sets_name_their_bands() -> None:
    from kriegsspiel.core.game import CORE_RULES
    from kriegsspiel.core.plugin import movement_bands
    from kriegsspiel.rulesets import load_ruleset

    v3 = load_ruleset("kriegsspiel-v3")
    assert [(b.label, b.kind, b.amount) for b in movement_bands(v3, "infantry")] == [
        ("march (full move)", "move", 1.0), ("hand to hand (50 m)", "reach", 50.0)]
    four = load_ruleset("modern-4e")
    assert [b.kind for b in movement_bands(four, "infantry")] == ["move", "reach"]
    assert movement_bands(four, "infantry")[1].amount == four.constants["attack_distance"]
    unarmed = [t for t, u in four.unit_types.items() if "attack" not in u.commands]
    assert unarmed and [b.kind for b in movement_bands(four, unarmed[0])] == ["move"]
    # a rule set that gives no bands of its own: the full move alone, even for a type that attacks
    assert [b.kind for b in CORE_RULES.movement_bands(four, "infantry")] == ["move"]
    with pytest.raises(KeyError):
        movement_bands(four, "no-such-type")


# ------------------------------------------------------------------------------------------------ trails
def _move_r1(app: App) -> tuple[WorldPoint, WorldPoint]:
    pick_up(app, WorldPoint(3.5, 3.5))
    end = WorldPoint(3.5, 9.5)
    carry_to(app, end)
    drop(app, end)
    app.select(None)
    assert records(app)[-1].command.startswith("move r1")
    return WorldPoint(3.5, 3.5), app.session.state.unit("r1").position


def test_the_moved_path_stays_as_a_trail_until_undone(app: App) -> None:
    frame(app)
    bare = pixel(app, WorldPoint(3.5, 6.0))
    start, end = _move_r1(app)
    frame(app)
    mid = WorldPoint(3.5, 6.0)  # on the straight plains path, between the counters
    assert pixel(app, mid) == trail.TRAIL
    trails = app.trails.of_turn(app.session.game)
    assert [t.unit for t in trails] == ["r1"] and trails[0].path[0] == start and trails[0].path[-1] == end
    key(app, pygame.K_t, pygame.KMOD_LCTRL)  # off
    frame(app)
    assert pixel(app, mid) == bare
    key(app, pygame.K_t, pygame.KMOD_LCTRL)  # on
    key(app, pygame.K_z, pygame.KMOD_LCTRL)  # undo: the trail goes with the move
    frame(app)
    assert app.trails.of_turn(app.session.game) == () and pixel(app, mid) == bare
    key(app, pygame.K_y, pygame.KMOD_LCTRL)  # redo: back
    frame(app)
    assert pixel(app, mid) == trail.TRAIL


def test_trails_clear_when_the_turn_passes_and_survive_reopening(app: App, tmp_path: Path) -> None:
    _move_r1(app)
    save = app.session.game.path
    reopened = Game.open(save, read_only=True, map_loader=map_loader)  # the first window holds the lock
    try:
        other = App(TableSession(reopened, "again"), pygame.Surface(SIZE))
        other.run(max_frames=1)
        assert [t.unit for t in other.trails.of_turn(reopened)] == ["r1"]
        assert pixel(other, WorldPoint(3.5, 6.0)) == trail.TRAIL
    finally:
        reopened.close()
    app.run_console_line("turn")
    frame(app)
    assert app.session.state.side_to_move == "Crown"
    assert app.trails.of_turn(app.session.game) == ()
    assert pixel(app, WorldPoint(3.5, 6.0)) != trail.TRAIL


# ------------------------------------------------------------------------------------------------ ships
def _select_ship(app: App) -> tuple[int, int]:
    ship = screen_of(app, WorldPoint(19.5, 13.5))
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=ship, button=1), pygame.event.Event(pygame.MOUSEBUTTONUP, pos=ship, button=1))
    app.run(max_frames=app.frames + 1)
    assert app.selected == "dd1"
    return ship


def test_dragging_the_handle_turns_a_ship_with_a_heading_order(app: App) -> None:
    ship = _select_ship(app)
    frame(app)
    handle = app.rotation.handle_at(app)
    assert pixel(app, handle) == ship_rotation.HANDLE
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(round(handle[0]), round(handle[1])), button=1))
    app.run(max_frames=app.frames + 1)
    to = (ship[0] + 60, ship[1] + 60)  # south-east: 135 deg
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=to, rel=(0, 0), buttons=(1, 0, 0)))
    app.run(max_frames=app.frames + 1)
    assert app.rotation.turning.heading == 135.0 and app.rotation.turning.refusal is None
    assert "beyond the 30 deg" in app.status
    frame(app)
    centre = app.camera.to_screen(WorldPoint(19.5, 13.5))
    reach = app._counter_px() * 2.0 + ship_rotation.HANDLE_RADIUS_PX + 4
    tip = (centre[0] + reach * math.sin(math.radians(135)), centre[1] - reach * math.cos(math.radians(135)))
    assert pixel(app, tip) == ship_rotation.HANDLE
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to, button=1))
    app.run(max_frames=app.frames + 1)
    assert [r.command for r in records(app)] == ["heading dd1 135"]
    assert app.session.state.unit("dd1").heading == 135.0
    assert app.session.state.unit("r1").position == WorldPoint(3.5, 3.5)  # nothing else moved


def test_r_and_the_wheel_turn_the_ship_under_the_mouse_and_r_alone_is_the_ruler(app: App) -> None:
    ship = screen_of(app, WorldPoint(19.5, 13.5))
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=ship, rel=(0, 0), buttons=(0, 0, 0)))
    key(app, pygame.K_r)
    assert app.tools.is_active(app.tools.ruler)
    post(wheel(2))
    app.run(max_frames=app.frames + 1)
    assert not app.tools.is_active(app.tools.ruler) and app.rotation.turning.heading == 100.0 and app.selected == "dd1"
    post(wheel(-1))
    app.run(max_frames=app.frames + 1)
    assert app.rotation.turning.heading == 95.0
    post(key_up(pygame.K_r))
    app.run(max_frames=app.frames + 1)
    assert [r.command for r in records(app)] == ["heading dd1 95"]
    # R pressed and let go without the wheel: the ruler, as always
    key(app, pygame.K_r)
    post(key_up(pygame.K_r))
    app.run(max_frames=app.frames + 1)
    assert app.tools.is_active(app.tools.ruler) and len(records(app)) == 1


def test_a_turn_after_moving_is_refused_and_shift_forces_it(app: App) -> None:
    pick_up(app, WorldPoint(19.5, 13.5))
    carry_to(app, WorldPoint(21.5, 13.5))
    drop(app, WorldPoint(21.5, 13.5))
    assert records(app)[-1].command.startswith("move dd1")
    ship = screen_of(app, app.session.state.unit("dd1").position)
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=ship, rel=(0, 0), buttons=(0, 0, 0)))
    key(app, pygame.K_r)
    post(wheel(4))
    app.run(max_frames=app.frames + 1)
    assert app.rotation.turning.refusal is not None and "has moved this turn" in app.rotation.turning.refusal
    frame(app)
    assert app.status_is_error
    post(key_up(pygame.K_r))
    app.run(max_frames=app.frames + 1)
    assert len(records(app)) == 1 and "not turned" in app.status
    key(app, pygame.K_r)  # again, and this time Shift is down when R comes up
    post(wheel(4))
    app.run(max_frames=app.frames + 1)
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=pygame.KMOD_LSHIFT, unicode="", scancode=0))
    post(key_up(pygame.K_r))
    app.run(max_frames=app.frames + 1)
    assert app.confirming is not None and app.confirming.forced
    key(app, pygame.K_RETURN)
    assert records(app)[-1].command == "heading dd1 110" and records(app)[-1].forced


def test_a_drop_on_the_last_waypoint_adds_no_empty_leg(app: App) -> None:
    pick_up(app, WorldPoint(3.5, 3.5))
    at = WorldPoint(5.5, 5.5)
    carry_to(app, at)
    key(app, pygame.K_SPACE)
    assert app.carry.drag.verdict.legal and len(app.carry.drag.verdict.leg_costs) == 1
    drop(app, at)
    assert [r.command for r in records(app)] == [f"move r1 > {format_point(app.session.state.unit('r1').position)}"]
    assert not app.status_is_error


def test_r_and_the_wheel_away_from_any_ship_still_zoom(app: App) -> None:
    scale = app.camera.scale
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=screen_of(app, WorldPoint(3.5, 12.5)), rel=(0, 0), buttons=(0, 0, 0)))
    key(app, pygame.K_r)
    post(wheel(1))
    app.run(max_frames=app.frames + 1)
    assert app.camera.scale > scale and app.tools.is_active(app.tools.ruler) and app.rotation.turning is None


def test_ruleset_v3_bands_are_the_march_and_hand_to_hand(tmp_path: Path) -> None:
    scenario = Path(__file__).resolve().parent.parent / "kriegsspiel" / "data" / "scenarios" / "v3-weistritz.toml"
    game = Game.new(scenario, tmp_path / "v3.kssave")
    try:
        window = App(TableSession(game, "Weistritz"), pygame.Surface((1400, 900)))
        state = game.state
        unit = next(u for u in state.units.values() if u.side == state.side_to_move and u.type_id == "infantry")
        window.select(unit.id)
        frame(window)
        shading = window.bands.shading(window.carry.drag, state)
        assert [label for label, _ in shading.legend] == ["march (full move)", "hand to hand (50 m)"]
        drawn = pygame.surfarray.array3d(window.surface)
        # the legend's swatches, in the Okabe-Ito colours of the two bands
        for colour in (bands.FULL_MOVE, bands.REACH):
            assert ((drawn == colour[:3]).all(axis=2)).any()
    finally:
        game.close()


def test_a_chain_refused_halfway_is_undone_whole(app: App) -> None:
    reply = waypoints.submit_chain(app.session, ["move r1 > 5,3.5", "move r1 > 14.5,3.5"], forced=False)
    assert not reply.accepted and "leg 2 of 2" in reply.text and "water" in reply.text
    assert app.session.state.unit("r1").position == WorldPoint(3.5, 3.5)
    assert [(r.kind, r.command) for r in records(app)] == [("order", "move r1 > 5,3.5"), ("undo", "undo")]
