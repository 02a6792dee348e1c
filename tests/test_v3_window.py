"""Ruleset V3 in the umpire's window, driven headless: a combat rolled at the console stays on the side panel
with its die, every modifier and the result as it stands, follows each 'modify' and goes when it is resolved."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from kriegsspiel.app.app import App
from kriegsspiel.app.session import TableSession
from kriegsspiel.rulesets.kriegsspiel_v3.combat import outcome
from kriegsspiel.store import Game
from kriegsspiel.rulesets.kriegsspiel_v3.state import orders_in_transit, pending_combat
from kriegsspiel.rulesets.kriegsspiel_v3.rules import combat_tables

REPO = Path(__file__).resolve().parent.parent
SCENARIO = REPO / "kriegsspiel" / "data" / "scenarios" / "v3-weistritz.toml"


@pytest.fixture
def app(tmp_path: Path):
    pygame.display.init()
    pygame.font.init()
    pygame.event.clear()
    game = Game.new(SCENARIO, tmp_path / "v3.kssave")
    window = App(TableSession(game, "Weistritz"), pygame.Surface((1400, 900)))
    window.run(max_frames=1)
    yield window
    game.close()
    pygame.event.clear()


def type_line(app: App, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.run(max_frames=app.frames + 1)


def panel_texts(app: App) -> list[str]:
    """Every text the side panel draws in a fresh frame."""
    drawn: list[str] = []
    real_get = app.texts.get

    def recording(text, *args, **kwargs):
        drawn.append(text)
        return real_get(text, *args, **kwargs)

    app.texts.get = recording  # type: ignore[method-assign]
    try:
        app._panel_cache = None
        app._draw_panel(pygame.Surface(app.surface.get_size()), app.session.state)
    finally:
        app.texts.get = real_get  # type: ignore[method-assign]
    return drawn


def test_a_pending_combat_is_on_the_panel_with_its_modifiers_until_resolved(app: App) -> None:
    assert "Combat pending" not in panel_texts(app)
    type_line(app, "force move grenzer > 560,812")
    type_line(app, "combat volley jaeger > grenzer")
    state = app.session.state
    pending = pending_combat(state)
    assert pending is not None, app.console_output
    shown = panel_texts(app)
    assert "Combat pending" in shown
    assert "volley: jaeger > grenzer" in shown
    assert f"d10 = {pending.roll}" in shown
    assert f"=> {outcome(combat_tables(state.ruleset), pending).describe()}" in shown

    type_line(app, "modify defender +2 square")
    state = app.session.state
    shown = panel_texts(app)
    assert "defender +2 square (-2 on the die)" in shown
    assert f"=> {outcome(combat_tables(state.ruleset), pending_combat(state)).describe()}" in shown

    type_line(app, "modify attacker +1 intel")
    assert "attacker +1 intel (+1 on the die)" in panel_texts(app)
    type_line(app, "modify defender +0 square")
    shown = panel_texts(app)
    assert "defender +2 square (-2 on the die)" not in shown and "attacker +1 intel (+1 on the die)" in shown

    type_line(app, "resolve")
    assert pending_combat(app.session.state) is None
    assert "Combat pending" not in panel_texts(app)


def test_orders_riding_are_on_the_umpires_panel_until_they_arrive(app: App) -> None:
    assert "Orders riding" not in panel_texts(app)
    type_line(app, "order ir-wedel advance to the stone bridge")
    assert orders_in_transit(app.session.state), app.console_output
    shown = panel_texts(app)
    assert "Orders riding" in shown
    assert any(t.startswith("ferdinand -> ir-wedel: due round 2") for t in shown), shown
    type_line(app, "turn")
    type_line(app, "turn")  # round 1 ends: the order arrives
    assert app.session.state.round == 2 and not orders_in_transit(app.session.state)
    assert "Orders riding" not in panel_texts(app)


def test_a_right_click_on_a_counter_lists_the_rule_sets_charts(app: App) -> None:
    unit = app.session.state.units["jaeger"]
    x, y = (round(v) for v in app.camera.to_screen(unit.position))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=3))
    app.run(max_frames=app.frames + 1)
    assert app.tools.menu.shown is not None and app.tools.menu.shown.items[:4] == ("firefight", "melee", "artillery", "volley")
    assert not app.status_is_error and app.status.startswith("jaeger: combat on no chart (all greyed)")
    # no enemy within reach at the start: each chart greyed with the rules' reason (the nearest enemy)
    assert app.tools.menu.shown.refusal("volley").startswith("jaeger is ") and "maximum range of 150 m" in app.tools.menu.shown.refusal("volley")
