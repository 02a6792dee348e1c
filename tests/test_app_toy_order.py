"""An order a rule set adds shows in the window by its hint alone (issue 27 item 4): the toy rule set of the tests
(tests/toy, a package outside the program) gives ``cheer`` with ``OrderSpec(key="c", targets=0)``, and the
window lists it in a walker's menu, labels it with its key and sends it on C, knowing nothing of the word."""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pygame
import pytest

from app_events import click, new_app, orders, press, screen_of
from kriegsspiel.app import targeting
from kriegsspiel.app.app import App
from kriegsspiel.app.session import TableSession
from kriegsspiel.core import registry
from kriegsspiel.store import Game
from test_architecture import _TOY_MAP, _TOY_SCENARIO

TESTS = Path(__file__).resolve().parent


@pytest.fixture
def toy_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A window on a toy game: the toy rule set found by its name, as an installed one would be."""
    monkeypatch.syspath_prepend(str(TESTS / "toy"))
    import toy_rules

    monkeypatch.setitem(registry._rulesets, "toy", toy_rules.RULESET)
    shutil.copy(TESTS / "fixtures" / "maps" / "fixture.png", tmp_path / "fixture.png")
    (tmp_path / "meadow.tmx").write_text(_TOY_MAP, encoding="utf-8")
    (tmp_path / "toy.toml").write_text(_TOY_SCENARIO, encoding="utf-8")
    pygame.display.init()
    pygame.font.init()
    pygame.event.clear()
    game = Game.new(tmp_path / "toy.toml", tmp_path / "toy.kssave")
    window = App(TableSession(game, "Toy meadow"), pygame.Surface((1280, 800)))
    window.run(max_frames=1)
    yield window
    game.close()
    pygame.event.clear()


def test_the_toy_order_is_in_the_menu_with_its_key_and_the_key_sends_it(toy_app: App) -> None:
    app = toy_app
    state = app.session.state
    assert targeting.key_orders(state) == {pygame.K_c: "cheer"}
    w1 = screen_of(app, state.unit("w1").position)
    click(app, w1, button=3)
    assert app.tools.menu.shown is not None and app.tools.menu.shown.items[0] == "cheer"
    assert app.tools.menu.shown.labels[0] == "cheer  (C)" and app.tools.menu.shown.refusal("cheer") is None
    press(app, pygame.K_ESCAPE)
    click(app, w1)
    assert app.selected == "w1"
    press(app, pygame.K_c)  # no target: it goes at once
    assert orders(app) == ["cheer w1"]
    assert "w1 cheers: hurrah!" in app.status


def test_a_menu_row_of_the_toy_order_sends_it_too(toy_app: App) -> None:
    app = toy_app
    w1 = screen_of(app, app.session.state.unit("w1").position)
    click(app, w1, button=3)
    click(app, app.tools.menu.shown.rect(app.tools.menu.shown.items.index("cheer")).center)
    assert orders(app) == ["cheer w1"]


def test_a_shipped_game_knows_nothing_of_the_toy_order(tmp_path: Path) -> None:
    app, game = new_app(tmp_path)
    try:
        assert "cheer" not in targeting.key_orders(app.session.state).values()
        assert targeting.key_orders(app.session.state)[pygame.K_c] == "depthcharge"
    finally:
        game.close()
