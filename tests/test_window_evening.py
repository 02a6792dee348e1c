"""The window's defects of a first evening (issue 16, items 7 and 9), driven headless with posted events:
a decluttered counter keeps its place under the arrow keys, the V3 combat panel keeps its rows in place,
a ship dragged during the air turn asks before it ends it, and a forced move says the rule it breaks and
waits for the umpire's yes."""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pygame
import pytest

from kriegsspiel.app import combat_v3
from kriegsspiel.app.app import App
from kriegsspiel.app.session import TableSession
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.store import Game
from test_app import drag, key, records, screen_of
from test_app_declutter import CLUSTER, app as crowded, post_and_step, true_place  # noqa: F401 - a fixture
from test_v3_combat_mouse import app as v3_app, button, click_at  # noqa: F401 - a fixture
from kriegsspiel.rulesets.kriegsspiel_v3.state import pending_combat
from kriegsspiel.rulesets.modern_4e.state import air_turn_over, with_air_turn_over
from kriegsspiel.rulesets.kriegsspiel_v3.rules import combat_tables

REPO = Path(__file__).resolve().parent.parent


def _offsets(app: App) -> dict[str, tuple[int, int]]:
    """Each clustered counter's drawn place less its dot's, in whole pixels as they are drawn."""
    units, sx, sy = app._screen_positions()
    out = {}
    for unit, x, y in zip(units, sx, sy):
        if unit.id in CLUSTER:
            tx, ty = true_place(app, unit.id)
            out[unit.id] = (int(np.rint(x)) - int(np.rint(tx)), int(np.rint(y)) - int(np.rint(ty)))
    return out


def test_a_decluttered_counter_keeps_its_place_when_the_arrow_keys_pan(crowded: App) -> None:  # noqa: F811
    first = _offsets(crowded)
    assert any(offset != (0, 0) for offset in first.values()), "the cluster is spread out"
    seen = []
    for _ in range(6):
        for arrow in (pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT):
            post_and_step(crowded, pygame.event.Event(pygame.KEYDOWN, key=arrow, mod=0, unicode="", scancode=0))
            seen.append(_offsets(crowded))
    assert all(offsets == first for offsets in seen)


def test_the_v3_combat_panel_keeps_its_rows_in_place(v3_app: App) -> None:  # noqa: F811
    app = v3_app
    # roll a volley (the set-up of test_v3_combat_mouse), then give modifiers and watch the rows
    assert app.run_console_line("combat volley jaeger > grenzer").accepted
    rules = combat_tables(app.session.state.ruleset)

    def places() -> list[tuple[str, str]]:
        section = combat_v3.combat_section(app.session.state)
        return [r.key for r in section.rows]

    before = places()
    judged = [n for n in rules.modifiers if n not in rules.automatic]
    last = judged[-1]
    click_at(app, button(app, f"modify defender {rules.modifiers[last]:+d} {last}"))
    app.run(max_frames=app.frames + 1)
    assert any(m.label == last for m in pending_combat(app.session.state).modifiers)
    after = places()
    assert after == before, "giving a modifier must not move the rows under the umpire's eyes"
    section = combat_v3.combat_section(app.session.state)
    assert section.rows[app.combat.row].present and last in section.rows[app.combat.row].text


@pytest.fixture
def coastal(tmp_path: Path):
    pygame.display.init()
    pygame.font.init()
    pygame.event.clear()
    game = Game.new(REPO / "kriegsspiel" / "data" / "scenarios" / "coastal.toml", tmp_path / "coastal.kssave")
    window = App(TableSession(game, "Coastal"), pygame.Surface((1400, 900)))
    window.run(max_frames=1)
    yield window
    game.close()
    pygame.event.clear()


def _drag_destroyer(app: App) -> WorldPoint:
    ship = app.session.state.unit("b-destroyer1")
    end = WorldPoint(ship.position.x + 1.4, ship.position.y + 1.4)  # ahead on its heading of 135
    app.select(None)
    drag(app, screen_of(app, ship.position), screen_of(app, end))
    return end


def test_dragging_a_ship_in_the_air_turn_asks_before_it_ends_it(coastal: App) -> None:
    app = coastal
    assert not air_turn_over(app.session.state)
    _drag_destroyer(app)
    assert records(app) == [] and app.confirming is not None
    assert "before b-destroyer1 moves: Blue's air turn ends" in app.status
    app.render()  # the question is drawn over the map
    key(app, pygame.K_ESCAPE)
    assert app.confirming is None and records(app) == [] and not air_turn_over(app.session.state)
    assert app.session.state.unit("b-destroyer1").position == WorldPoint(18.5, 8.5)
    _drag_destroyer(app)
    key(app, pygame.K_RETURN)
    journal = records(app)
    assert len(journal) == 1 and journal[0].command.startswith("move b-destroyer1 >") and not journal[0].forced
    assert air_turn_over(app.session.state)
    # the air turn is over: the next ship moves without a question
    _drag_destroyer(app)
    assert app.confirming is None and len(records(app)) == 2


def test_only_what_the_rules_do_before_the_move_is_asked_about(coastal: App) -> None:
    from kriegsspiel.app.confirm import before_the_move

    state = coastal.session.state
    assert before_the_move(state, "move b-cruiser > 9.5,7.5", "b-cruiser") == "before b-cruiser moves: Blue's air turn ends"
    assert before_the_move(state, "takeoff b-fighter", "b-fighter") is None  # an air order: the air turn goes on
    assert before_the_move(state, "move r-destroyer > 46.5,62.5", "r-destroyer") is None  # refused: not Red's turn
    after = with_air_turn_over(state, True)
    assert before_the_move(after, "move b-cruiser > 9.5,7.5", "b-cruiser") is None


def test_a_forced_move_answered_no_journals_nothing(tmp_path: Path) -> None:
    from test_app_support import map_loader, write_scenario

    pygame.display.init()
    pygame.font.init()
    game = Game.new(write_scenario(tmp_path), tmp_path / "f.kssave", map_loader=map_loader)
    try:
        app = App(TableSession(game, "t"), pygame.Surface((1000, 640)))
        app.run(max_frames=1)
        drag(app, screen_of(app, WorldPoint(3.5, 3.5)), screen_of(app, WorldPoint(14.5, 3.5)), shift=True)
        assert app.confirming is not None and "it breaks the rule" in app.status
        app.render()
        pygame.image.save(app.surface, os.environ.get("KS_SHOT", str(tmp_path / "forced.png")))  # looked at: the box over the map
        post_and_step(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(20, 300), button=1))  # a click: no
        assert app.confirming is None and records(app) == [] and "not done" in app.status
        assert app.session.state.unit("r1").position == WorldPoint(3.5, 3.5)
    finally:
        game.close()


# --- the ruler, the ship's cone, the help and the console (item 8) ---------------------------------------------

def _ruler(app: App, a: WorldPoint, b: WorldPoint) -> None:
    key(app, pygame.K_r)
    sa, sb = screen_of(app, a), screen_of(app, b)
    post_and_step(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=sa, button=1),
                  pygame.event.Event(pygame.MOUSEMOTION, pos=sb, rel=(0, 0), buttons=(1, 0, 0)))


def test_the_ruler_is_readable_on_every_terrain_and_names_its_unit(coastal: App, tmp_path: Path) -> None:
    from kriegsspiel.render.overlays import RULER, RULER_BAND

    app = coastal
    # from the sea (blue) over the mainland (green, forest, hills): every terrain under it
    a, b = WorldPoint(10.5, 40.5), WorldPoint(95.5, 30.5)
    _ruler(app, a, b)
    assert app.tools.ruler.line is not None
    lines: list[list[str]] = []
    from kriegsspiel.render import overlays as ov
    real = ov.draw_ruler
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ov, "draw_ruler", lambda t, c, x, p, q, texts, s, **kw: lines.append(list(texts)) or real(t, c, x, p, q, texts, s, **kw))
        app.render()
    assert lines and lines[-1][0].endswith(" units straight")
    sa, sb = app.camera.to_screen(a), app.camera.to_screen(b)
    length = ((sb[0] - sa[0]) ** 2 + (sb[1] - sa[1]) ** 2) ** 0.5
    nx, ny = -(sb[1] - sa[1]) / length, (sb[0] - sa[0]) / length  # across the ruler
    for t in np.linspace(0.1, 0.9, 17):
        cx, cy = sa[0] + (sb[0] - sa[0]) * t, sa[1] + (sb[1] - sa[1]) * t
        across = [tuple(app.surface.get_at((round(cx + nx * d), round(cy + ny * d))))[:3] for d in range(-6, 7)]
        band = [i for i, colour in enumerate(across) if colour == RULER_BAND]
        dark = [i for i, colour in enumerate(across) if colour == RULER]
        # a white band edged dark on both sides: on light ground the edges show, on dark ground the band
        assert band and any(i < min(band) for i in dark) and any(i > max(band) for i in dark), (t, across)


def test_the_rulers_distance_has_its_unit() -> None:
    from kriegsspiel.app.ruler_tool import distance_text

    assert distance_text(350.0, "metres") == "350 m"
    # the Fourth Edition's "units" are the map's: "20 units" beside a scale bar read as twenty units of troops
    assert distance_text(12.5, "units") == "12.5 map units" and distance_text(1.0, "units") == "1 map unit"


def test_a_ships_heading_cone_is_drawn_while_it_is_dragged(coastal: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from kriegsspiel.render import overlays

    cones: list[tuple[WorldPoint, float, float]] = []
    real = overlays.draw_heading_cone_carried
    monkeypatch.setattr(overlays, "draw_heading_cone_carried", lambda target, camera, origin, heading, limit, radius:
                        cones.append((origin, heading, limit)) or real(target, camera, origin, heading, limit, radius))
    app = coastal
    ship = app.session.state.unit("b-cruiser")
    start = screen_of(app, ship.position)
    post_and_step(app, pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    assert cones == []  # picked up, not yet carried
    post_and_step(app, pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 30, start[1] + 20), rel=(0, 0),
                                          buttons=(1, 0, 0)))
    assert app.carry.dragging
    limit = app.session.state.ruleset.unit_type("cruiser").heading_limit
    assert cones and cones[-1] == (ship.position, ship.heading, limit)


def test_the_help_is_opaque_and_scrolls_when_it_does_not_fit(tmp_path: Path) -> None:
    from kriegsspiel.app import chrome
    from kriegsspiel.app.keys import KEYS
    from kriegsspiel.render.overlays import TextCache

    pygame.font.init()
    texts = TextCache()
    size, box = chrome.help_layout(texts, 18, (700, 300))
    inside = (box.left - 8, min(box.centery, 150))  # on the panel, left of the keys' column (above the window's edge)
    drawn = []
    for fill in ((250, 250, 250), (10, 120, 10)):  # the same help over a light and a dark map
        small = pygame.Surface((700, 300))
        small.fill(fill)
        assert chrome.draw_help(small, texts, 18, 0) == 0
        drawn.append(tuple(small.get_at(inside))[:3])
    assert drawn == [chrome.HELP_BACKGROUND] * 2  # nothing of the map shows through the panel
    assert chrome.draw_help(small, texts, 18, 5) == 5
    end = chrome.draw_help(small, texts, 18, 1000)
    assert 0 < end < len(KEYS)  # kept within the rows
    big = pygame.Surface((1600, 1000))
    assert chrome.draw_help(big, texts, 18, 7) == 0  # everything fits: nothing to scroll


def test_f1_help_scrolls_with_the_keys_and_the_wheel(tmp_path: Path) -> None:
    from test_app_support import map_loader, write_scenario

    pygame.display.init()
    pygame.font.init()
    game = Game.new(write_scenario(tmp_path), tmp_path / "h.kssave", map_loader=map_loader)
    try:
        app = App(TableSession(game, "t"), pygame.Surface((700, 300)))
        app.run(max_frames=1)
        key(app, pygame.K_F1)
        key(app, pygame.K_DOWN)
        key(app, pygame.K_DOWN)
        assert app.help_on and app.help_scroll == 2
        camera = app.camera
        post_and_step(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
        assert app.help_scroll == 5 and app.camera == camera  # the wheel scrolled the help, not the map
        key(app, pygame.K_F1)
        assert not app.help_on and app.help_scroll == 0
    finally:
        game.close()


def test_the_console_scrolls_back_and_keeps_its_history(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from kriegsspiel.app import window
    from kriegsspiel.app.console import load_history
    from kriegsspiel.userdirs import config_dir
    from test_app import type_line

    pygame.display.init()
    pygame.font.init()
    game = Game.new(REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml", tmp_path / "c.kssave")
    try:
        app = App(TableSession(game, "t"), pygame.Surface((1200, 700)))
        app.run(max_frames=1)
        key(app, pygame.K_RETURN)
        for n in range(30):
            type_line(app, f"message Washington note {n}")
        assert len(app.console_output) > 30 and app.console_scroll == 0
        key(app, pygame.K_PAGEUP)
        assert app.console_scroll == 10
        app.render()  # the panel draws older lines and says how to come back
        key(app, pygame.K_PAGEDOWN)
        assert app.console_scroll == 0
        over_panel = (1200 - 100, 300)
        post_and_step(app, pygame.event.Event(pygame.MOUSEMOTION, pos=over_panel, rel=(0, 0), buttons=(0, 0, 0)),
                      pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
        assert app.console_scroll == 3  # the wheel over the panel scrolls the output back
        # the window keeps what was typed for the next session
        from kriegsspiel.app.window_frame import WindowFrame

        monkeypatch.setattr(WindowFrame, "run", lambda self, board, **kw: setattr(
            board.console, "history", [*board.console.history, "move hessians > 24.5,60.5"]) or 0)
        monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768)])
        assert window.run_window(game, "t") == 0
        assert load_history(config_dir())[0][-1] == "move hessians > 24.5,60.5"
        seen: list[list[str]] = []
        monkeypatch.setattr(WindowFrame, "run", lambda self, board, **kw: seen.append(list(board.console.history)) or 0)
        window.run_window(game, "t")
        assert seen == [["move hessians > 24.5,60.5"]]  # Up brings it back in the next session
    finally:
        game.close()
