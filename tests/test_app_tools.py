"""The board's tools (app/tool.py): one active at a time, each taking its events, drawing over the map and
adding to the status line; a tool written outside the window (here, in the test) plugs in the same way."""
from __future__ import annotations

import pygame
import pytest

from app_events import app, click, move_to, orders, press, screen_of  # app: the fixture
from kriegsspiel.app.app import App
from kriegsspiel.app.tool import Tool
from kriegsspiel.core.geometry import WorldPoint

R1 = WorldPoint(3.5, 3.5)
MARK = (255, 0, 255)


class PinTool:
    """A toy tool: a click puts a magenta pin on the map; it counts the events it saw and when it was left."""

    name = "pin"

    def __init__(self) -> None:
        self.pins: list[tuple[int, int]] = []
        self.left = 0

    def handle(self, app: App, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pins.append(event.pos)
            return True
        return False

    def draw(self, app: App, target: pygame.Surface) -> None:
        for pin in self.pins:
            pygame.draw.circle(target, MARK, pin, 6)

    def status(self, app: App) -> str:
        return f"  [PINS {len(self.pins)}]"

    def frame_key(self, app: App) -> tuple:
        return tuple(self.pins)

    def leave(self, app: App) -> None:
        self.left += 1
        self.pins = []


def test_a_tool_of_its_own_takes_the_clicks_draws_and_says_so(app: App) -> None:
    pin = PinTool()
    assert isinstance(pin, Tool) and isinstance(app.tools.ruler, Tool) and isinstance(app.tools.sight, Tool)
    app.tools.activate(app, pin)
    at = screen_of(app, R1)  # on r1's counter: the tool has it, the board does not pick it up
    click(app, at)
    assert pin.pins == [at] and app.selected is None and orders(app) == []
    assert tuple(app.surface.get_at(at))[:3] == MARK
    assert app.tools.status(app) == "  [PINS 1]"
    press(app, pygame.K_ESCAPE)  # Esc leaves the active tool
    assert app.tools.active is None and pin.left == 1 and pin.pins == []
    assert tuple(app.surface.get_at(at))[:3] != MARK
    click(app, at)  # and the board picks counters up again
    assert app.selected == "r1"


def test_one_tool_at_a_time_the_next_leaves_the_one_before(app: App) -> None:
    pin = PinTool()
    app.tools.activate(app, pin)
    press(app, pygame.K_r)  # the ruler takes over
    assert app.tools.is_active(app.tools.ruler) and pin.left == 1
    press(app, pygame.K_l)  # then the line of sight: the ruler is left with its line
    assert app.tools.is_active(app.tools.sight) and app.tools.ruler.line is None
    press(app, pygame.K_l)
    assert app.tools.active is None


def test_the_ruler_line_follows_the_mouse_until_the_release(app: App) -> None:
    press(app, pygame.K_r)
    a, b = screen_of(app, WorldPoint(1.0, 1.0)), screen_of(app, WorldPoint(4.0, 5.0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    app.run(max_frames=app.frames + 1)
    move_to(app, b)
    assert app.tools.ruler.measuring and "[RULER]" in app.status + app.tools.status(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    app.run(max_frames=app.frames + 1)
    line = app.tools.ruler.line
    assert line is not None and not app.tools.ruler.measuring
    assert (line[1].x - line[0].x, line[1].y - line[0].y) == pytest.approx((3.0, 4.0), abs=0.05)
    move_to(app, screen_of(app, WorldPoint(8.0, 8.0)), held=False)  # fixed: the mouse no longer moves it
    assert app.tools.ruler.line == line
