"""Right-click menus in the window: every order that applies to a unit (audited against the commands), and the
ground menu's tools (driven headless by posted events)."""
from __future__ import annotations

import pygame

from app_events import app, click, move_to, orders, press, screen_of, type_text  # app: the fixture
from kriegsspiel.app import ground_menu, unit_menu
from kriegsspiel.app.app import App
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.render import overlays

R1, R3 = WorldPoint(3.5, 3.5), WorldPoint(6.5, 8.5)


def choose(app: App, row: str) -> None:
    assert app.tools.menu.shown is not None and row in app.tools.menu.shown.items, app.tools.menu.shown
    click(app, app.tools.menu.shown.rect(app.tools.menu.shown.items.index(row)).center)


def test_every_command_is_a_menu_row_or_listed_as_no_order_of_one_unit() -> None:
    """The audit: a command word added to the game without a place in the menu fails here."""
    from kriegsspiel.core.game import rules_for
    from kriegsspiel.rulesets import load_ruleset

    words = sorted({w for name in ("modern-4e", "kriegsspiel-v3") for w in rules_for(load_ruleset(name)).words()})
    rows = {order.word for order in unit_menu.UNIT_ORDERS}
    aimed = {w for name in ("modern-4e", "kriegsspiel-v3") for w in rules_for(load_ruleset(name)).order_specs}
    missing = [w for w in words if w not in rows | aimed | set(unit_menu.NOT_UNIT_ORDERS)]
    assert missing == []


def test_a_units_menu_lists_its_other_orders_greyed_with_the_rules_reason(app: App) -> None:
    click(app, screen_of(app, R3), button=3)
    items = app.tools.menu.shown.items
    assert items[:3] == ("attack", "fire", "load")  # the aimed orders first, as before
    assert {"move...", "hide", "convert", "merge...", "split...", "details"} <= set(items)
    assert "heading..." not in items and "reveal" not in items  # a gun has no heading; r3 is not hidden
    assert "cannot hide on plains" in app.tools.menu.shown.refusal("hide")
    assert app.tools.menu.shown.refusal("convert") is None
    ship = app.session.state.units["dd1"]
    click(app, screen_of(app, ship.position), button=3)
    assert "heading..." in app.tools.menu.shown.items and "hide" not in app.tools.menu.shown.items


def test_a_row_with_no_argument_is_journaled_at_once(app: App) -> None:
    click(app, screen_of(app, R3), button=3)
    before = app.surface.copy()
    choose(app, "convert")
    assert orders(app) == ["convert r3"]
    assert app.session.state.units["r3"].type_id == "infantry"
    assert app.tools.menu.shown is None and app.surface.get_at(screen_of(app, R3)) != before.get_at(screen_of(app, R3))


def test_a_greyed_row_says_why_and_journals_nothing(app: App) -> None:
    click(app, screen_of(app, R1), button=3)
    choose(app, "hide")
    assert orders(app) == [] and app.status_is_error and "cannot hide on plains" in app.status


def test_a_row_that_needs_more_words_begins_the_line_in_the_console(app: App) -> None:
    click(app, screen_of(app, R1), button=3)
    choose(app, "move...")
    assert app.console_focused and app.console.text == "move r1 > "
    type_text(app, "5,4")
    press(app, pygame.K_RETURN)
    assert orders(app) == ["move r1 > 5,4"]


def test_details_answers_in_the_console(app: App) -> None:
    click(app, screen_of(app, R1), button=3)
    choose(app, "details")
    assert app.console_output[0] == "> details r1"
    assert any("Infantry" in line or "infantry" in line for line in app.console_output[1:])
    assert orders(app) == []


def test_the_ground_menu_measures_from_the_point_clicked(app: App) -> None:
    here = WorldPoint(12.5, 10.5)
    click(app, screen_of(app, here), button=3)
    assert app.tools.menu.shown.items == tuple(label for label, _ in ground_menu.GROUND_ENTRIES)
    assert app.tools.menu.shown.items[:2] == ("measure from here", "line of sight from here")
    choose(app, "measure from here")
    assert app.tools.is_active(app.tools.ruler) and app.tools.ruler.measuring
    there = WorldPoint(18.5, 10.5)
    move_to(app, screen_of(app, there), held=False)
    assert abs(app.tools.ruler.line[0].x - here.x) < 0.05 and abs(app.tools.ruler.line[1].x - there.x) < 0.05
    mid = screen_of(app, WorldPoint(15.5, 10.5))
    assert tuple(app.surface.get_at(mid))[:3] in (overlays.RULER, overlays.RULER_BAND)
    click(app, screen_of(app, there))  # the click ends it; the ruler stays drawn
    assert not app.tools.ruler.measuring and app.tools.ruler.line is not None and abs(app.tools.ruler.line[1].x - there.x) < 0.05


def test_the_ground_menu_looks_from_the_point_clicked(app: App) -> None:
    here = WorldPoint(12.5, 10.5)
    click(app, screen_of(app, here), button=3)
    choose(app, "line of sight from here")
    assert app.tools.is_active(app.tools.sight) and app.tools.sight.from_unit is None
    assert abs(app.tools.sight.from_point.x - here.x) < 0.05
    assert app.selected is None
