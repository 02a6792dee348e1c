"""The air and transport orders from the window's right-click menu (headless, real mouse events): takeoff and
survey go at once, land and load aim at a friendly base or ship, a unit aboard is reached through its carrier's
menu, disembark aims at a point. Every order is journaled exactly as the console line would be.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest

from kriegsspiel.app.app import App
from kriegsspiel.app.session import TableSession
from kriegsspiel.core.battlefield import Structure
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.store import Game
from test_app import post, records, screen_of
from test_app_support import small_battlefield
from test_combat_mouse import click, right_click, shift_click
from kriegsspiel.rulesets.modern_4e.state import airborne as airborne_of

SIZE = (1280, 800)

SCENARIO = """
[scenario]
name = "Test airlift"
map = "small.tmx"
ruleset = "modern-4e"
seed = 7
first_side = "Rebel"
air_theatre = true

[[sides]]
name = "Rebel"
colour = "#3050c0"

[[sides]]
name = "Crown"
colour = "#c03030"

[[players]]
name = "Washington"
side = "Rebel"
units = "all"

[[players]]
name = "Howe"
side = "Crown"
units = "all"

[[units]]
id = "f1"
type = "light-fighter"
side = "Rebel"
at = [3.5, 3.5]

[[units]]
id = "cv1"
type = "carrier"
side = "Rebel"
at = [21.5, 13.5]
heading = 90

[[units]]
id = "f2"
type = "light-fighter"
side = "Rebel"
aboard = "cv1"

[[units]]
id = "lst"
type = "amphibious"
side = "Rebel"
at = [18.5, 12.5]
heading = 90

[[units]]
id = "va1"
type = "infantry"
side = "Rebel"
at = [17.5, 10.5]

[[units]]
id = "tr"
type = "transport"
side = "Rebel"
at = [2.5, 4.5]

[[units]]
id = "b1"
type = "bomber"
side = "Rebel"
at = [2.5, 2.5]

[[units]]
id = "rc"
type = "reconnaissance"
side = "Rebel"
at = [4.5, 2.5]

[[units]]
id = "va2"
type = "infantry"
side = "Rebel"
at = [4.5, 5.5]

[[units]]
id = "c1"
type = "infantry"
side = "Crown"
at = [10.5, 8.5]

[[units]]
id = "c2"
type = "infantry"
side = "Crown"
at = [6.5, 2.5]
"""

FIELD = Structure("Rebel field", "airfield", (WorldPoint(2, 2), WorldPoint(5, 2), WorldPoint(5, 5), WorldPoint(2, 5)))
F1, CV1, LST, VA1 = WorldPoint(3.5, 3.5), WorldPoint(21.5, 13.5), WorldPoint(18.5, 12.5), WorldPoint(17.5, 10.5)
TR, B1, VA2, C1, C2 = WorldPoint(2.5, 4.5), WorldPoint(2.5, 2.5), WorldPoint(4.5, 5.5), WorldPoint(10.5, 8.5), WorldPoint(6.5, 2.5)


def map_loader(path: Path, ruleset):
    field = small_battlefield(str(path))
    return dataclasses.replace(field, structures=(*field.structures, FIELD))


@pytest.fixture
def app(tmp_path: Path):
    pygame.display.init()
    pygame.font.init()
    pygame.event.clear()
    (tmp_path / "small.tmx").write_text("<map/>\n", encoding="utf-8")
    (tmp_path / "air.toml").write_text(SCENARIO, encoding="utf-8")
    game = Game.new(tmp_path / "air.toml", tmp_path / "air.kssave", map_loader=map_loader)
    window = App(TableSession(game, "Test airlift"), pygame.Surface(SIZE))
    window.run(max_frames=1)
    yield window
    game.close()
    pygame.event.clear()


def choose_row(app: App, row: str) -> None:
    """A left click on the open menu's row ``row``."""
    assert app.tools.menu.shown is not None and row in app.tools.menu.shown.items, (row, app.tools.menu.shown)
    centre = app.tools.menu.shown.rect(app.tools.menu.shown.items.index(row)).center
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=1))
    app.run(max_frames=app.frames + 1)


def test_takeoff_goes_from_the_menu_and_land_aims_at_the_carrier(app: App) -> None:
    right_click(app, F1)
    aimed = app.tools.menu.shown.items[:app.tools.menu.shown.items.index("move...")]  # the unit's other orders follow (unit_menu)
    assert aimed[-2:] == ("takeoff", "land") and "dogfight" in aimed
    assert app.tools.menu.shown.refusal("takeoff") is None
    assert app.tools.menu.shown.refusal("land") == "f1 is not in the air"  # greyed with the rules' reason
    choose_row(app, "land")  # a greyed row says why and aims nothing
    assert app.tools.aiming.order is None and app.status == "land: f1 is not in the air" and app.status_is_error
    right_click(app, F1)
    choose_row(app, "takeoff")
    assert app.tools.aiming.order is None and records(app)[-1].command == "takeoff f1"
    assert airborne_of(app.session.state.units["f1"])
    right_click(app, F1)
    assert app.tools.menu.shown.refusal("takeoff") == "f1 is already in the air" and app.tools.menu.shown.refusal("land") is None
    choose_row(app, "land")
    verdicts = app.tools.aiming.order.verdicts(app.session.state)
    assert set(verdicts) == {"Rebel field", "cv1"} and verdicts["cv1"] is None  # friendly bases only
    click(app, CV1)  # one target: it goes at once
    assert app.tools.aiming.order is None and records(app)[-1].command == "land f1 > cv1"
    f1 = app.session.state.units["f1"]
    assert not airborne_of(f1) and f1.carried_by == "cv1"


def test_a_plane_aboard_takes_off_from_its_carriers_menu(app: App) -> None:
    right_click(app, CV1)
    assert "takeoff f2" in app.tools.menu.shown.items and "disembark f2" not in app.tools.menu.shown.items  # a plane does not go ashore
    choose_row(app, "takeoff f2")
    assert records(app)[-1].command == "takeoff f2"
    f2 = app.session.state.units["f2"]
    assert airborne_of(f2) and f2.carried_by is None


def test_land_with_no_target_chosen_sends_the_bare_line_on_enter(app: App) -> None:
    right_click(app, F1)
    choose_row(app, "takeoff")
    right_click(app, F1)
    choose_row(app, "land")
    assert "Enter with none sends 'land f1'" in app.status
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.run(max_frames=app.frames + 1)
    assert records(app)[-1].command == "land f1" and not airborne_of(app.session.state.units["f1"])


def test_load_aims_at_a_ship_and_disembark_at_a_point(app: App) -> None:
    right_click(app, VA1)
    assert app.tools.menu.shown.items[:2] == ("attack", "load") and app.tools.menu.shown.refusal("load") is None
    choose_row(app, "load")
    verdicts = app.tools.aiming.order.verdicts(app.session.state)
    assert verdicts["lst"] is None and verdicts["cv1"] is not None  # the carrier has no room for land units
    click(app, LST)
    assert app.tools.aiming.order is None and records(app)[-1].command == "load va1 > lst"
    assert app.session.state.units["va1"].carried_by == "lst"
    right_click(app, LST)
    assert "disembark va1" in app.tools.menu.shown.items
    choose_row(app, "disembark va1")
    assert app.tools.aiming.order is not None and app.tools.aiming.order.word == "disembark"
    count = len(records(app))
    click(app, WorldPoint(8.5, 8.5))  # far from the ship: refused, nothing journaled
    assert len(records(app)) == count and app.status_is_error and "disembark va1 > 8.5,8.5" in app.status
    shift_click(app, WorldPoint(8.5, 8.5))  # the umpire insists: forced, the journal keeps it
    entry = records(app)[-1]
    assert entry.command == "disembark va1 > 8.5,8.5" and entry.forced
    va1 = app.session.state.units["va1"]
    assert va1.carried_by is None and va1.position == WorldPoint(8.5, 8.5)


def test_the_menu_rows_send_the_console_line(app: App) -> None:
    """The same order typed at the console journals the same command (the menu is only a gesture for it)."""
    right_click(app, F1)
    choose_row(app, "takeoff")
    by_menu = records(app)[-1]
    app.session.undo()
    app.run_console_line("takeoff f1")
    typed = records(app)[-1]
    assert (by_menu.command, by_menu.forced) == (typed.command, typed.forced) == ("takeoff f1", False)


def enter(app: App) -> None:
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.run(max_frames=app.frames + 1)


def test_airlift_aims_at_friendly_land_units_and_goes_with_enter(app: App) -> None:
    right_click(app, TR)
    assert "airlift" in app.tools.menu.shown.items and app.tools.menu.shown.refusal("airlift") is None
    choose_row(app, "airlift")
    verdicts = app.tools.aiming.order.verdicts(app.session.state)
    assert verdicts["va2"] is None and verdicts["va1"] is not None and "c1" not in verdicts  # own side, in reach
    click(app, VA2)
    assert app.tools.aiming.order is not None and app.tools.aiming.order.chosen == ["va2"]  # several targets: Enter sends
    enter(app)
    assert app.tools.aiming.order is None and records(app)[-1].command == "airlift tr > va2"
    assert app.session.state.units["va2"].carried_by == "tr"


def test_pulse_aims_at_enemies_in_its_radius(app: App) -> None:
    right_click(app, B1)
    choose_row(app, "takeoff")
    assert records(app)[-1].command == "takeoff b1"
    right_click(app, B1)
    assert app.tools.menu.shown.refusal("pulse") is None
    choose_row(app, "pulse")
    verdicts = app.tools.aiming.order.verdicts(app.session.state)
    assert verdicts["c2"] is None and verdicts["c1"] is not None  # c1 is beyond the bomber's radius
    click(app, C1)
    assert app.tools.aiming.order.chosen == [] and app.status_is_error
    click(app, C2)
    enter(app)
    assert app.tools.aiming.order is None and records(app)[-1].command == "pulse b1 > c2"


def test_survey_is_greyed_on_the_ground_and_goes_at_once_in_the_air(app: App) -> None:
    rc = WorldPoint(4.5, 2.5)
    right_click(app, rc)
    assert app.tools.menu.shown.refusal("survey") == "rc is on the ground; take off first"
    choose_row(app, "takeoff")
    right_click(app, rc)
    assert app.tools.menu.shown.refusal("survey") is None
    choose_row(app, "survey")
    assert app.tools.aiming.order is None and records(app)[-1].command == "survey rc" and not app.status_is_error
