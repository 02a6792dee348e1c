"""Counters that would cover each other's ids are drawn apart, each with a leader line to a dot on its true
place; picking hits a counter where it is drawn (its id tag too), a drag measures from the true place, and
zone names go where no counter is drawn. Driven headless with posted mouse events."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from kriegsspiel.app.app import App
from kriegsspiel.app.session import TableSession
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.render import declutter
from kriegsspiel.render.palette import parse_colour
from kriegsspiel.store import Game
from test_app_support import SCENARIO, map_loader

SIZE = (1000, 640)
#: r1 (3.5, 3.5) with two more a tile or less away: at the fitted zoom (about 25 pixels a tile) their
#: 36-pixel counters cover each other. "reserve-guns-3" is long enough to widen its counter with an id tag.
CROWDED = SCENARIO.replace('id = "r3"', 'id = "reserve-guns-3"') + """
[[units]]
id = "r4"
type = "infantry"
side = "Rebel"
at = [4.5, 3.5]

[[units]]
id = "r5"
type = "engineers"
side = "Rebel"
at = [3.9, 4.3]
"""
CLUSTER = ("r1", "r4", "r5")


@pytest.fixture
def app(tmp_path: Path):
    pygame.display.init()
    pygame.font.init()
    pygame.event.clear()
    (tmp_path / "small.tmx").write_text("<map/>\n", encoding="utf-8")
    scenario = tmp_path / "crowded.toml"
    scenario.write_text(CROWDED, encoding="utf-8")
    game = Game.new(scenario, tmp_path / "crowded.kssave", map_loader=map_loader)
    window = App(TableSession(game, "Crowded"), pygame.Surface(SIZE))
    window.run(max_frames=1)
    yield window
    game.close()
    pygame.event.clear()


def post_and_step(app: App, *events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)
    app.run(max_frames=app.frames + 1)


def click(app: App, pos: tuple[int, int]) -> None:
    post_and_step(
        app,
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    )


def drawn(app: App) -> dict[str, tuple[float, float]]:
    """Where each counter's plate centre is drawn (screen pixels)."""
    units, sx, sy = app._screen_positions()
    return {u.id: (float(x), float(y)) for u, x, y in zip(units, sx, sy)}


def true_place(app: App, unit_id: str) -> tuple[float, float]:
    return app.camera.to_screen(app.session.state.unit(unit_id).position)


def boxes(app: App) -> dict[str, pygame.Rect]:
    """Each counter picture's rectangle on screen, as drawn."""
    state = app.session.state
    size = app._counter_px()
    out = {}
    for unit_id, (x, y) in drawn(app).items():
        w, h = app.board.counter_surface(state, state.unit(unit_id), size, app.projector).get_size()
        out[unit_id] = pygame.Rect(round(x - w / 2), round(y - size / 2), w, h)
    return out


def test_the_crowded_counters_really_overlap_at_their_true_places(app: App) -> None:
    size = app._counter_px()
    a, b = true_place(app, "r1"), true_place(app, "r4")
    assert abs(a[0] - b[0]) < size and abs(a[1] - b[1]) < size, "the scenario must crowd the counters"


def test_counters_a_tile_apart_are_drawn_apart_with_their_true_places_in_sight(app: App) -> None:
    rects = boxes(app)
    ids = sorted(rects)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            assert not rects[a].colliderect(rects[b]), f"{a} and {b} cover each other"
    at = drawn(app)
    moved = [u for u in CLUSTER if at[u] != pytest.approx(true_place(app, u))]
    assert moved, "someone of the cluster must give way"
    frame = app.surface
    for unit_id in moved:
        tx, ty = (round(v) for v in true_place(app, unit_id))
        # the dot on the true place is in sight: no counter covers it, and it shows the side's colour
        assert not any(r.collidepoint(tx, ty) for r in rects.values()), f"{unit_id}'s true place is covered"
        side = app.session.state.unit(unit_id).side
        assert tuple(frame.get_at((tx, ty)))[:3] == parse_colour(app.board.colours[side])
        # and a dark leader line runs from it towards the counter
        x, y = at[unit_id]
        mid = (round((tx + x) / 2), round((ty + y) / 2))
        if not rects[unit_id].collidepoint(mid):
            assert max(frame.get_at(mid)[:3]) < 80, f"no leader line for {unit_id}"
    # counters in the clear stand exactly on their true places
    for unit_id in ("r2", "c1", "dd1"):
        assert at[unit_id] == pytest.approx(true_place(app, unit_id))


def test_a_click_picks_the_counter_where_it_is_drawn_and_its_drag_moves_it_from_its_true_place(app: App) -> None:
    """The drag of a counter drawn apart carries the unit from its true place by the mouse's movement: the
    path starts where it stands, the cost is the length of the movement, and the drop lands it there."""
    at = drawn(app)
    for unit_id in CLUSTER:
        click(app, (round(at[unit_id][0]), round(at[unit_id][1])))
        assert app.selected == unit_id
    moved = next(u for u in CLUSTER if at[u] != pytest.approx(true_place(app, u)))
    origin = app.session.state.unit(moved).position
    start = (round(at[moved][0]), round(at[moved][1]))
    scale = app.camera.scale
    end = (start[0] + round(2.0 * scale), start[1] + round(4.0 * scale))
    post_and_step(
        app,
        pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
    )
    post_and_step(app, pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    verdict = app.carry.drag.verdict
    assert app.carry.dragging and app.carry.drag.unit.id == moved
    assert verdict.path[0] == origin, "the path starts where the unit stands, not where its counter is drawn"
    straight = ((2.0**2 + 4.0**2) ** 0.5)
    assert straight - 0.2 <= verdict.cost <= straight * 1.1
    post_and_step(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    after = app.session.state.unit(moved).position
    target = (origin.x + (end[0] - start[0]) / scale, origin.y + (end[1] - start[1]) / scale)
    assert (after.x, after.y) == pytest.approx(target, abs=0.05)  # the command writes 3 decimals; pixels round
    journal = app.session.game.journal_entries()
    assert len(journal) == 1 and journal[0].command.startswith(f"move {moved} > ")


def test_a_click_on_a_moved_counters_dot_picks_it(app: App) -> None:
    at = drawn(app)
    moved = next(u for u in CLUSTER if at[u] != pytest.approx(true_place(app, u)))
    tx, ty = (round(v) for v in true_place(app, moved))
    click(app, (tx, ty))
    assert app.selected == moved


def test_zoomed_in_far_enough_every_counter_stands_on_its_true_place(app: App) -> None:
    cursor = app.camera.to_screen_int(WorldPoint(4.0, 4.0))
    post_and_step(app, pygame.event.Event(pygame.MOUSEMOTION, pos=cursor, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(7):
        post_and_step(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=0.0))
    # r5 is 0.8 tile below r1: at more than 100 pixels a tile their 64-pixel counters stand apart
    assert app.camera.scale > 100
    at = drawn(app)
    for unit_id in CLUSTER:
        assert at[unit_id] == pytest.approx(true_place(app, unit_id))
    # and back at the fitted zoom they give way again
    post_and_step(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode="", scancode=0))
    at = drawn(app)
    assert any(at[u] != pytest.approx(true_place(app, u)) for u in CLUSTER)


def test_a_click_on_the_id_tag_beside_the_plate_picks_the_counter(app: App) -> None:
    state = app.session.state
    unit = state.unit("reserve-guns-3")
    size = app._counter_px()
    picture = app.board.counter_surface(state, unit, size, app.projector)
    assert picture.get_width() > size + 8, "the id must widen the counter for this test"
    x, y = drawn(app)["reserve-guns-3"]
    # the tag's right end, outside the square plate, on the id's line
    tag_point = (round(x + size / 2 + (picture.get_width() - size) / 4), round(y - size / 2 + size * 0.72))
    assert abs(tag_point[0] - x) > size / 2
    assert picture.get_at((tag_point[0] - round(x - picture.get_width() / 2), tag_point[1] - round(y - size / 2))).a > 200
    click(app, tag_point)
    assert app.selected == "reserve-guns-3"


def test_a_zone_name_goes_where_no_counter_is_drawn_and_reads_whole(app: App) -> None:
    zone = next(z for z in app.battlefield.zones if z.name == "Rebel deployment")
    top = min(p.y for p in zone.outline)
    centre_x = sum(p.x for p in zone.outline) / len(zone.outline)
    # r2 onto the middle of the zone's top edge, where its name would go
    app.run_console_line("force move r2 > {:.2f},{:.2f}".format(centre_x, top - 0.4))
    app.run(max_frames=app.frames + 1)
    app.render()
    tag = app.texts.get(zone.name, app.text_size - 2, (255, 255, 255), (160, 20, 110, 200))
    default = tag.get_rect(midbottom=app.camera.to_screen_int(WorldPoint(centre_x, top)))
    default.move_ip(0, -2)
    rects = boxes(app)
    assert default.colliderect(rects["r2"]), "the test needs a counter on the name's usual place"
    places = [rect for surface, rect in app.zone_names._places if surface is tag]
    assert len(places) == 1
    place = places[0]
    assert not any(place.colliderect(r) for r in rects.values())
    # every letter of the name is on the frame: the tag's white pixels are white there
    letters = np.argwhere(pygame.surfarray.array3d(tag).min(axis=2) > 240)
    frame = pygame.surfarray.array3d(app.surface)
    assert len(letters) > 50
    assert (frame[letters[:, 0] + place.left, letters[:, 1] + place.top].min(axis=1) > 200).all()


# --- the layout itself ------------------------------------------------------------------------------------


def _rects(cx, cy, widths, heights, size, layout):
    return [
        pygame.Rect(round(x + dx - w / 2), round(y + dy - size / 2), round(w), round(h))
        for x, y, w, h, dx, dy in zip(cx, cy, widths, heights, layout.dx, layout.dy)
    ]


@pytest.mark.parametrize("count", [2, 3, 6])
def test_a_stack_on_one_spot_spreads_around_it_and_leaves_the_spot_in_sight(count: int) -> None:
    size = 36
    cx = np.full(count, 300.0)
    cy = np.full(count, 300.0)
    widths = np.full(count, 36.0)
    heights = np.full(count, 36.0)
    layout = declutter.spread(cx, cy, widths, heights, size)
    rects = _rects(cx, cy, widths, heights, size, layout)
    assert layout.moved.all() and not layout.unresolved.any()
    for i, a in enumerate(rects):
        assert not a.collidepoint(300, 300)
        for b in rects[i + 1 :]:
            assert not a.colliderect(b)


def test_counters_in_the_clear_keep_their_places_and_none_leaves_the_map() -> None:
    size = 36
    cx = np.array([20.0, 30.0, 400.0, 20.0])
    cy = np.array([20.0, 25.0, 400.0, 300.0])
    widths = np.array([36.0, 60.0, 36.0, 36.0])
    heights = np.full(4, 36.0)
    layout = declutter.spread(cx, cy, widths, heights, size, bounds=(0.0, 0.0, 500.0, 500.0))
    assert not layout.moved[2] and not layout.moved[3]
    assert layout.moved[:2].sum() >= 1
    rects = _rects(cx, cy, widths, heights, size, layout)
    assert not rects[0].colliderect(rects[1])
    assert all(r.left >= 0 and r.top >= 0 for r in rects[:2])


def test_a_counter_on_the_maps_edge_keeps_its_true_place_when_it_covers_no_other() -> None:
    size = 36
    # the first sticks out over the map's left edge; the second overlaps it but its true place is clear
    cx, cy = np.array([10.0, 40.0]), np.array([100.0, 100.0])
    widths, heights = np.full(2, 36.0), np.full(2, 36.0)
    layout = declutter.spread(cx, cy, widths, heights, size, bounds=(0.0, 0.0, 500.0, 500.0))
    assert not layout.moved[0] and layout.moved[1]
    rects = _rects(cx, cy, widths, heights, size, layout)
    assert not rects[0].colliderect(rects[1]) and rects[1].left >= 0


def test_aiming_at_a_moved_counter_takes_it_where_it_is_drawn(app: App) -> None:
    app.run_console_line("force move c1 > 4.2,2.8")  # a Crown infantry among r1, r4 and r5: in reach of r1
    app.run(max_frames=app.frames + 1)
    at = drawn(app)
    tx, ty = true_place(app, "c1")
    x, y = at["c1"]
    assert ((x - tx) ** 2 + (y - ty) ** 2) ** 0.5 > app._counter_px() * 0.7, "c1 must be drawn away from its place"
    click(app, (round(at["r1"][0]), round(at["r1"][1])))
    assert app.selected == "r1"
    post_and_step(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
    assert app.tools.aiming.order is not None and app.tools.aiming.order.word == "attack"
    click(app, (round(x), round(y)))
    assert app.tools.aiming.order.chosen == ["c1"], app.status


def test_a_ctrl_drag_box_around_a_moved_counter_selects_it(app: App) -> None:
    at = drawn(app)
    size = app._counter_px()
    for unit_id in CLUSTER:
        x, y = at[unit_id]
        tx, ty = true_place(app, unit_id)
        if (x, y) == pytest.approx((tx, ty)):
            continue
        # from open ground beyond the counter (away from its true place) to just past its centre
        ux, uy = (x - tx) / np.hypot(x - tx, y - ty), (y - ty) / np.hypot(x - tx, y - ty)
        a = (round(x + ux * size * 1.6 + uy * size), round(y + uy * size * 1.6 - ux * size))
        b = (round(x - ux * 3 - uy * 4), round(y - uy * 3 + ux * 4))
        box = pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(a[0] - b[0]) + 1, abs(a[1] - b[1]) + 1)
        if app.unit_at(a) is None and box.collidepoint(round(x), round(y)) and not box.collidepoint(round(tx), round(ty)):
            break
    else:
        pytest.fail("no moved counter with open ground beside it")
    post_and_step(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LCTRL, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    post_and_step(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    assert app.carry.box is not None
    post_and_step(app, pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0)))
    post_and_step(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    assert unit_id in [app.selected, *app.shooters], app.status


def test_a_zone_name_crowded_along_its_edges_finds_the_gap_past_the_zones_end() -> None:
    from kriegsspiel.render.camera import Viewport
    from kriegsspiel.render.overlays import _free_place

    tag = pygame.Rect(0, 0, 80, 20)
    xs, ys = np.array([100.0, 300.0, 300.0, 100.0]), np.array([100.0, 100.0, 200.0, 200.0])
    view = Viewport(0, 0, 800, 600)
    assert _free_place(tag, xs, ys, np.empty((0, 4)), view).midbottom == (200, 98)  # free: above the top edge
    # counters all along the top and bottom edges and past the ends; one gap under the bottom edge, past the
    # zone's right end
    boxes = np.array([[x, y, x + 30, y + 30] for x in range(-200, 600, 32) for y in (70, 96, 170, 196)], dtype=float)
    keep = ~((boxes[:, 0] >= 280) & (boxes[:, 0] < 350) & (boxes[:, 1] == 196))
    place = _free_place(tag, xs, ys, boxes[keep], view)
    covered = lambda r: int(((boxes[keep][:, 0] < r.right) & (boxes[keep][:, 2] > r.left) & (boxes[keep][:, 1] < r.bottom) & (boxes[keep][:, 3] > r.top)).sum())
    assert covered(place) == 0
    assert place.top >= 196, "under the bottom edge, where the gap is"


def test_a_counter_drawn_apart_moves_by_the_mouse_not_from_its_dot(app: App) -> None:
    """Issue 30 item 6: a 40-pixel drag of a counter drawn apart from its true place is a 40-pixel move from
    the true place (it cost 9.9 when measured from the dot to the mouse); the drop lands it there."""
    from kriegsspiel.core.geometry import distance

    at = drawn(app)
    unit_id = next(u for u in CLUSTER if at[u] != pytest.approx(true_place(app, u)))
    start = tuple(round(v) for v in at[unit_id])
    true = app.session.state.unit(unit_id).position
    gap = distance(true, app.camera.to_world(*start))
    assert gap * app.camera.scale > 10, "the counter is drawn well apart from its dot"
    post_and_step(app, pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    assert app.selected == unit_id
    end = (start[0], start[1] + 40)
    for y in range(start[1] + 5, end[1] + 1, 5):
        post_and_step(app, pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0], y), rel=(0, 5), buttons=(1, 0, 0)))
    assert app.carry.dragging and app.carry.drag is not None and app.carry.drag.verdict is not None
    moved = distance(true, app.carry.drag.verdict.target)
    assert moved == pytest.approx(40 / app.camera.scale, abs=1.5 / app.camera.scale), "measured from where it is drawn"
    post_and_step(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    after = app.session.state.unit(unit_id).position
    assert distance(true, after) == pytest.approx(40 / app.camera.scale, abs=1.5 / app.camera.scale)
    assert after.y > true.y and after.x == pytest.approx(true.x, abs=0.05)
