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
from kriegsspiel.store.game import Game
from test_app import drag, key, records, screen_of
from test_app_declutter import CLUSTER, app as crowded, post_and_step, true_place  # noqa: F401 - a fixture
from test_v3_combat_mouse import app as v3_app, button, click_at  # noqa: F401 - a fixture

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
    rules = app.session.state.ruleset.combat

    def places() -> list[tuple[str, str]]:
        section = combat_v3.combat_section(app.session.state)
        return [tuple(combat_v3.line_key(r.plus or r.minus or "")) for r in section.rows]

    before = places()
    judged = [n for n in rules.modifiers if n not in rules.automatic]
    last = judged[-1]
    click_at(app, button(app, f"modify defender {rules.modifiers[last]:+d} {last}"))
    app.run(max_frames=app.frames + 1)
    assert any(m.label == last for m in app.session.state.pending_combat.modifiers)
    after = places()
    assert after == before, "giving a modifier must not move the rows under the umpire's eyes"
    section = combat_v3.combat_section(app.session.state)
    assert section.rows[app.combat_row].present and last in section.rows[app.combat_row].text


@pytest.fixture
def coastal(tmp_path: Path):
    pygame.display.init()
    pygame.font.init()
    pygame.event.clear()
    game = Game.new(REPO / "scenarios" / "coastal.toml", tmp_path / "coastal.kssave")
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
    assert not app.session.state.air_turn_over
    _drag_destroyer(app)
    assert records(app) == [] and app.confirming is not None
    assert "ends Blue's air turn" in app.status and "may not act again" in app.status
    app.render()  # the question is drawn over the map
    key(app, pygame.K_ESCAPE)
    assert app.confirming is None and records(app) == [] and not app.session.state.air_turn_over
    assert app.session.state.unit("b-destroyer1").position == WorldPoint(18.5, 8.5)
    _drag_destroyer(app)
    key(app, pygame.K_RETURN)
    journal = records(app)
    assert len(journal) == 1 and journal[0].command.startswith("move b-destroyer1 >") and not journal[0].forced
    assert app.session.state.air_turn_over
    # the air turn is over: the next ship moves without a question
    _drag_destroyer(app)
    assert app.confirming is None and len(records(app)) == 2


def test_an_aircraft_in_the_air_turn_is_not_asked_about(coastal: App) -> None:
    from kriegsspiel.app.confirm import air_turn_warning

    state = coastal.session.state
    assert air_turn_warning(state, state.unit("b-fighter")) is None
    assert air_turn_warning(state, state.unit("b-cruiser")) is not None
    assert air_turn_warning(state, state.unit("r-destroyer")) is None  # not the side to move


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
