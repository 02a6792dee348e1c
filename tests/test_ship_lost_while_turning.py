"""A ship lost while the umpire turns it: an order journaled meanwhile (a player's, from the portal, which the
window runs between its frames) destroys it. The turn ends without an internal error and without an order.

Before, the handle's next motion read the lost ship's position and R + wheel's next notch described the turn of
a ship no longer in the game: both ended in "internal error" on the status line."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from kriegsspiel.app.app import App
from kriegsspiel.core.geometry import WorldPoint
from app_events import new_app, screen_of, step
from test_app_support import SCENARIO

#: The test crossing with a Rebel missile submarine and one warhead: its nuke at 21.5,13.5 sinks dd1 (2 away).
NUCLEAR_SCENARIO = SCENARIO.replace('name = "Rebel"\ncolour = "#3050c0"\n',
                                    'name = "Rebel"\ncolour = "#3050c0"\nwarheads = 1\n') + """
[[units]]
id = "ms1"
type = "missile-submarine"
side = "Rebel"
at = [16.5, 12.5]
"""
SHIP = WorldPoint(19.5, 13.5)
BLAST = "nuke ms1 > 21.5,13.5"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    window, game = new_app(tmp_path, NUCLEAR_SCENARIO, "Nuclear crossing")
    yield window
    game.close()
    pygame.event.clear()


def sink_the_ship(app: App) -> None:
    """The player's order, journaled as the portal journals it (on the window's thread, between frames)."""
    outcome = app.session.game.submit(BLAST)
    assert outcome.accepted, outcome.describe()
    assert app.session.state.unit("dd1") is None


def headings(app: App) -> list[str]:
    return [r.command for r in app.session.game.journal_entries() if r.command.startswith("heading")]


def test_the_handle_of_a_ship_sunk_while_it_is_dragged_turns_nothing(app: App) -> None:
    ship = screen_of(app, SHIP)
    step(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=ship, button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=ship, button=1))
    assert app.selected == "dd1"
    handle = app.rotation.handle_at(app)
    assert handle is not None
    step(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(round(handle[0]), round(handle[1])), button=1))
    to = (ship[0] + 60, ship[1] + 60)
    step(app, pygame.event.Event(pygame.MOUSEMOTION, pos=to, rel=(0, 0), buttons=(1, 0, 0)))
    assert app.rotation.turning is not None and app.rotation.turning.heading == 135.0
    sink_the_ship(app)
    step(app, pygame.event.Event(pygame.MOUSEMOTION, pos=(ship[0] - 60, ship[1] + 60), rel=(0, 0), buttons=(1, 0, 0)))
    assert app.internal_errors == 0, app.status
    step(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(ship[0] - 60, ship[1] + 60), button=1))
    assert app.internal_errors == 0, app.status
    assert app.rotation.turning is None
    assert headings(app) == []  # the lost ship got no order
    assert app.status_is_error and "dd1" in app.status


def test_r_and_the_wheel_on_a_ship_sunk_meanwhile_say_so_and_turn_nothing(app: App) -> None:
    ship = screen_of(app, SHIP)
    step(app, pygame.event.Event(pygame.MOUSEMOTION, pos=ship, rel=(0, 0), buttons=(0, 0, 0)))
    step(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0))
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    step(app, wheel)
    assert app.rotation.turning is not None and app.rotation.turning.heading == 95.0
    sink_the_ship(app)
    step(app, wheel)  # the next notch asks the rules about a ship they no longer have
    assert app.internal_errors == 0, app.status
    assert "dd1" in app.status and app.status_is_error
    step(app, pygame.event.Event(pygame.KEYUP, key=pygame.K_r, mod=0, unicode="", scancode=0))
    assert app.internal_errors == 0, app.status
    assert app.rotation.turning is None
    assert headings(app) == []
