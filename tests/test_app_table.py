"""The umpire's table read from across the room: legible ids, names under counters, the map clear of the
bars, a help that fits a projected window, and a window that opens no sound device."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from kriegsspiel.app import chrome
from kriegsspiel.app.app import App
from kriegsspiel.app.keys import KEYS
from kriegsspiel.app.session import TableSession
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.render.counters import MIN_LABEL_PX
from kriegsspiel.render.fonts import font
from kriegsspiel.render.overlays import TextCache
from kriegsspiel.store import Game
from test_app_support import map_loader, write_scenario


@pytest.fixture
def game(tmp_path: Path):
    pygame.display.init()
    pygame.font.init()
    pygame.event.clear()
    game = Game.new(write_scenario(tmp_path), tmp_path / "test.kssave", map_loader=map_loader)
    yield game
    game.close()
    pygame.event.clear()


def _strokes(word: str, size: int) -> int:
    """How many separate dark runs of columns ``word`` makes in the counters' id type (one per letter when
    the letters stand apart)."""
    text = font(size, bold=True).render(word, True, (0, 0, 0), (255, 255, 255))
    dark = (pygame.surfarray.array3d(text)[:, :, 0] < 110).any(axis=1)
    return int(np.count_nonzero(dark[1:] & ~dark[:-1]) + int(dark[0]))


@pytest.mark.parametrize("size", range(MIN_LABEL_PX, MIN_LABEL_PX + 8))
@pytest.mark.parametrize("word", ["cruiser", "garrison", "sullivan"])
def test_the_letters_of_unit_ids_stand_apart_at_every_id_size(word: str, size: int) -> None:
    # At 11 the bundled font packed "cruiser" into "cru ser": an id must be read from across the table.
    pygame.font.init()
    assert _strokes(word, size) == len(word)


def test_a_zone_name_never_hides_a_counter(game: Game) -> None:
    window = App(TableSession(game, "Test crossing"), pygame.Surface((1000, 640)))
    zone = next(z for z in game.state.battlefield.zones if z.name == "Rebel deployment")
    top = min(p.y for p in zone.outline)
    centre_x = sum(p.x for p in zone.outline) / len(zone.outline)
    # r1 stands where the zone's name tag is drawn, just above the zone's top edge
    game.submit("force move r1 > {:.2f},{:.2f}".format(centre_x, top - 0.4))
    window.run(max_frames=1)
    state = game.state
    unit = state.unit("r1")
    size = window.board.counter_px(window.camera, window.projector)
    counter = window.board.counter_surface(state, unit, size, window.projector)
    sx, sy = window.camera.to_screen_int(unit.position)
    left = sx - size // 2 - (counter.get_width() - size) // 2
    placed = counter.get_rect(topleft=(left, sy - size // 2))
    tag = window.texts.get(zone.name, window.text_size - 2, (255, 255, 255), (160, 20, 110, 200))
    zx, zy = window.camera.to_screen(WorldPoint(centre_x, top))
    assert tag.get_rect(midbottom=(round(zx), round(zy) - 2)).colliderect(placed), "the test needs the overlap"
    alpha = pygame.surfarray.array_alpha(counter)
    drawn = pygame.surfarray.array3d(window.surface.subsurface(placed))
    own = pygame.surfarray.array3d(counter)
    opaque = alpha == 255
    assert opaque.sum() > size * size // 2
    assert np.array_equal(drawn[opaque], own[opaque]), "something is drawn over the counter"


@pytest.mark.parametrize("projector", [False, True])
@pytest.mark.parametrize("size", [(1280, 720), (900, 900), (1600, 1000)])
def test_home_fits_the_whole_map_between_the_bars(game: Game, projector: bool, size: tuple[int, int]) -> None:
    window = App(TableSession(game, "Test crossing"), pygame.Surface(size), projector=projector)
    window.camera = window.camera.zoomed_about(100, 100, 3.0).panned(-250, 120)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode="", scancode=0))
    window.run(max_frames=1)
    extra = chrome.PROJECTOR_EXTRA if projector else 0
    width, height = game.state.battlefield.world_size
    vp = window.camera.viewport
    for corner in (WorldPoint(0, 0), WorldPoint(width, height)):
        x, y = window.camera.to_screen(corner)
        assert vp.left <= x <= vp.left + vp.width
        assert chrome.TOP_BAR + extra <= y <= vp.height - chrome.STATUS_BAR - extra, (corner, y)


@pytest.mark.parametrize("window_size, text_size", [((1280, 720), 26), ((1024, 600), 26), ((1600, 1000), 18)])
def test_the_help_fits_the_window(window_size: tuple[int, int], text_size: int) -> None:
    pygame.font.init()
    size, box = chrome.help_layout(TextCache(), text_size, window_size)
    assert pygame.Rect((0, 0), window_size).contains(box)
    assert size >= chrome.HELP_MIN_TEXT
    if window_size == (1600, 1000):
        assert size == text_size  # room enough: nothing shrinks


def test_the_help_lists_the_combat_keys_of_the_window() -> None:
    from kriegsspiel.core.game import rules_for
    from kriegsspiel.rulesets import load_ruleset

    listed = " ".join(k for k, _ in KEYS)
    keys = [spec.key for spec in rules_for(load_ruleset("modern-4e")).order_specs.values() if spec.key]
    assert len(keys) == 11
    for key in keys:
        assert key.upper() in listed.split(), f"F1 help lacks the key {key!r}"


def test_the_window_opens_no_sound_device(game: Game, monkeypatch) -> None:
    from kriegsspiel.app import window as window_module

    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")  # a mixer could open here: it must not be asked to
    pygame.quit()
    seen = {}

    def one_frame(frame: object, board: App, *args, **kwargs) -> int:
        seen["mixer"] = pygame.mixer.get_init()
        seen["display"] = pygame.display.get_init()
        return 0

    monkeypatch.setattr(window_module.WindowFrame, "run", one_frame)
    try:
        assert window_module.run_window(game, "Test crossing", size=(640, 480)) == 0
    finally:
        pygame.display.init()  # run_window shut pygame down; the fixture's teardown needs the display
    assert seen == {"mixer": None, "display": True}


def _post_key(k: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0))


@pytest.mark.parametrize("keys", [[pygame.K_PLUS], [pygame.K_MINUS], [pygame.K_PLUS, pygame.K_PLUS, pygame.K_MINUS]])
def test_plus_and_minus_zoom_about_the_cursor(game: Game, keys: list[int]) -> None:
    window = App(TableSession(game, "Test crossing"), pygame.Surface((1000, 640)))
    cursor = (210, 470)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=cursor, rel=(0, 0), buttons=(0, 0, 0)))
    window.run(max_frames=1)
    before, scale = window.camera.to_world(*cursor), window.camera.scale
    for k in keys:
        _post_key(k, "+" if k == pygame.K_PLUS else "-")
    window.run(max_frames=2)
    after = window.camera.to_world(*cursor)
    assert window.camera.scale != pytest.approx(scale)
    assert (after.x, after.y) == pytest.approx((before.x, before.y))


def test_f11_asks_the_window_for_fullscreen_and_back(game: Game) -> None:
    calls = []
    window = App(TableSession(game, "Test crossing"), pygame.Surface((1000, 640)), on_fullscreen=lambda: calls.append(1))
    _post_key(pygame.K_F11)
    _post_key(pygame.K_F11)
    window.run(max_frames=1)
    assert calls == [1, 1]


def test_picking_up_a_ship_shows_its_heading_cone_and_a_soldier_none(game: Game, monkeypatch) -> None:
    from kriegsspiel.render import overlays

    cones = []
    real = overlays.draw_heading_cone
    monkeypatch.setattr(overlays, "draw_heading_cone", lambda target, camera, origin, heading, limit, radius: cones.append(
        (origin, heading, limit, radius)) or real(target, camera, origin, heading, limit, radius))
    window = App(TableSession(game, "Test crossing"), pygame.Surface((1000, 640)))
    window.run(max_frames=1)
    state = game.state
    for unit_id in ("r1", "dd1"):
        at = window.camera.to_screen_int(state.unit(unit_id).position)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
        window.run(max_frames=window.frames + 1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))
        window.run(max_frames=window.frames + 1)
        if unit_id == "r1":
            assert cones == []
    ship = state.unit("dd1")
    limit = state.ruleset.unit_type("destroyer").heading_limit
    assert cones and cones[-1][:3] == (ship.position, ship.heading, limit)
    assert cones[-1][3] == pytest.approx(state.allowance_left(ship))


@pytest.mark.parametrize("size", [36, 48, 64])
@pytest.mark.parametrize("label", ["knox", "dragoons16"])
def test_badges_leave_the_unit_id_readable(size: int, label: str) -> None:
    from kriegsspiel.render.counters import INK, CounterLook, draw_counter, symbol_for

    pygame.display.init()
    pygame.font.init()
    plain = CounterLook(symbol_for("light-cavalry", "army"), "#c03030", label, 3, 4, size)
    marked = CounterLook(symbol_for("light-cavalry", "army"), "#c03030", label, 3, 4, size,
                         moved=True, fired=True, disabled=True, disruption=2)
    a, b = draw_counter(plain), draw_counter(marked)
    # the plate is centred at the top of both surfaces: line the two up on it
    dx, dy = (b.get_width() - a.get_width()) // 2, 0
    ink_a = pygame.surfarray.array3d(a)
    ink_b = pygame.surfarray.array3d(b)[dx : dx + a.get_width(), dy : dy + a.get_height()]
    near_ink = (np.abs(ink_a.astype(int) - np.array(INK)).sum(axis=2) < 60)
    label_rows = np.zeros_like(near_ink)
    label_rows[:, round(size * 0.55) : round(size * 0.84)] = True  # where the id is written
    id_ink = near_ink & label_rows
    assert id_ink.sum() > 20
    kept = (np.abs(ink_b.astype(int) - np.array(INK)).sum(axis=2) < 60)[id_ink]
    assert kept.mean() > 0.97, f"badges cover {1 - kept.mean():.0%} of the id"


@pytest.mark.parametrize("type_id, theatre", [("medium-artillery", "army"), ("heavy-cavalry", "army"),
                                              ("skirmishers", "army"), ("light-fighter", "air")])
def test_the_light_medium_heavy_letter_reads_on_the_smallest_counter(type_id: str, theatre: str) -> None:
    from kriegsspiel.render.counters import INK, MIN_COUNTER_PX, CounterLook, Symbol, draw_counter, symbol_for

    pygame.display.init()
    pygame.font.init()
    symbol = symbol_for(type_id, theatre)
    assert symbol.weight
    bare = Symbol(symbol.frame, symbol.glyph, symbol.text, "")
    with_letter = pygame.surfarray.array3d(draw_counter(CounterLook(symbol, "#3050c0", "x1", 9, 9, MIN_COUNTER_PX))).astype(int)
    without = pygame.surfarray.array3d(draw_counter(CounterLook(bare, "#3050c0", "x1", 9, 9, MIN_COUNTER_PX))).astype(int)
    letter = (np.abs(with_letter - np.array(INK)).sum(axis=2) < 120) & (np.abs(with_letter - without).sum(axis=2) > 0)
    _, rows = np.nonzero(letter)
    assert rows.size and rows.max() - rows.min() + 1 >= 6, "the weight letter is a speck at the smallest counter size"


def test_a_carried_ship_points_where_the_drop_would_turn_it(game: Game, monkeypatch) -> None:
    from kriegsspiel.render import overlays

    arrows = []
    real = overlays.draw_heading_arrow
    monkeypatch.setattr(overlays, "draw_heading_arrow", lambda target, centre, heading, length: arrows.append(
        (centre, heading)) or real(target, centre, heading, length))
    window = App(TableSession(game, "Test crossing"), pygame.Surface((1000, 640)))
    window.run(max_frames=1)
    ship = game.state.unit("dd1")  # heading 90 (east), on the lake
    start = window.camera.to_screen_int(ship.position)
    # south-east: 45 degrees off its heading, more than a destroyer may turn, so the drop would be refused;
    # the arrow still shows the heading a (forced) drop would give it
    end = window.camera.to_screen_int(WorldPoint(ship.position.x + 1.5, ship.position.y + 1.5))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    window.run(max_frames=window.frames + 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    arrows.clear()
    window.run(max_frames=window.frames + 1)
    assert window.carry.dragging
    at_cursor = [h for centre, h in arrows if (round(centre[0]), round(centre[1])) == end]
    assert at_cursor == [pytest.approx(135.0, abs=1.0)]


@pytest.mark.parametrize("to", [(5.5, 4.5), (13.0, 11.0)])  # a legal drop, and one refused with its reason
def test_the_carried_counter_stays_in_sight_over_its_path_and_beside_its_figures(game: Game, to) -> None:
    window = App(TableSession(game, "Test crossing"), pygame.Surface((1000, 640)))
    window.run(max_frames=1)
    unit = game.state.unit("r1")
    start = window.camera.to_screen_int(unit.position)
    end = window.camera.to_screen_int(WorldPoint(*to))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    window.run(max_frames=window.frames + 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    window.run(max_frames=window.frames + 1)
    assert window.carry.dragging and window.carry.drag.verdict is not None and window.carry.drag.verdict.path
    if to == (13.0, 11.0):
        assert not window.carry.drag.verdict.legal  # the box has three lines then
    size = window.board.counter_px(window.camera, window.projector)
    counter = window.board.counter_surface(game.state, unit, size, window.projector)
    placed = counter.get_rect(topleft=(end[0] - counter.get_width() // 2, end[1] - size // 2))
    opaque = pygame.surfarray.array_alpha(counter) == 255
    drawn = pygame.surfarray.array3d(window.surface.subsurface(placed))
    assert np.array_equal(drawn[opaque], pygame.surfarray.array3d(counter)[opaque])


def test_the_panel_says_how_a_unit_fights_under_ruleset_v3(tmp_path: Path) -> None:
    from kriegsspiel.app.panel import may_still

    repo = Path(__file__).resolve().parent.parent
    v3 = Game.new(repo / "kriegsspiel" / "data" / "scenarios" / "v3-weistritz.toml", tmp_path / "v3.kssave")
    try:
        state = v3.state
        jaeger = state.unit("jaeger")
        said = may_still(state, jaeger, state.allowance_left(jaeger))
        assert "fight: right-click or key 1 firefight, 2 melee, 4 volley" in said  # not the artillery chart
        guns = state.unit("guns-p")
        assert "fight: right-click or key 2 melee, 3 artillery" in may_still(state, guns, state.allowance_left(guns))
        worn = jaeger.replace(health=1)
        assert "not attack (1 HP)" in may_still(state, worn, state.allowance_left(worn))
    finally:
        v3.close()


def test_the_fourth_edition_panel_lists_weapons_not_charts(game: Game) -> None:
    from kriegsspiel.app.panel import may_still

    state = game.state
    said = "; ".join(may_still(state, state.unit("r1"), state.allowance_left(state.unit("r1"))))
    assert "attack" in said and "combat" not in said
