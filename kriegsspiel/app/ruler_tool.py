"""The ruler (key R, or "measure from here" on open ground): drag between two points for the straight distance
and, with a unit selected, its terrain cost between them.

A :class:`kriegsspiel.app.tool.Tool` of the board. It measures only: nothing it does reaches the journal.
"""
from __future__ import annotations

import math
from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from kriegsspiel.app import chrome, visible
from kriegsspiel.core.geometry import WorldPoint, distance, format_point
from kriegsspiel.render import overlays

if TYPE_CHECKING:
    from kriegsspiel.app.table import Table

#: How the ruler writes a rule set's distance unit (Ruleset V3's metres as "m"; others in full).
UNIT_SHORT = {"metres": "m"}


def distance_text(length: float, unit: str) -> str:
    """``"350 m"`` (Ruleset V3) or ``"12.5 map units"``, ``"1 map unit"`` (Fourth Edition: the map's own units)."""
    number = overlays.short_number(length)
    if unit in UNIT_SHORT:
        return f"{number} {UNIT_SHORT[unit]}"
    words = chrome.unit_words(unit)
    return f"{number} {words[:-1] if number == '1' and words.endswith('s') else words}"


class RulerTool:
    """The ruler's state: the line measured (world units, from and to) and whether its end still follows the
    mouse (a press starts a line, the release fixes it; from the ground menu the next click fixes it)."""

    name = "ruler"

    def __init__(self) -> None:
        self.line: tuple[WorldPoint, WorldPoint] | None = None
        self.measuring = False  # the end follows the mouse
        self._pressed = False  # the left button went down on the map with the ruler

    def start_at(self, app: Table, point: WorldPoint) -> None:
        """Measure from ``point`` (world units) to the mouse until the next click."""
        app.tools.activate(app, self)
        self.line, self.measuring = (point, point), True
        app._set_status(f"ruler from {format_point(point)}: click where it ends (R or Esc: off)")

    def handle(self, app: Table, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and app.camera.viewport.contains(*event.pos):
            point = app.camera.to_world(*event.pos)
            if self.measuring and self.line is not None:  # from a point of the ground menu: this ends it
                self.line = (self.line[0], point)
            else:
                self.line, self.measuring = (point, point), True
            self._pressed = True
            return True
        if event.type == pygame.MOUSEMOTION and self.measuring and self.line is not None:
            self.line = (self.line[0], app.camera.to_world(*event.pos))
            return False  # the board follows the mouse too (the cursor, the pan of the right button)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._pressed:
            self._pressed = self.measuring = False  # the line stays drawn until R or Esc
            return True
        return False

    def draw(self, app: Table, target: pygame.Surface) -> None:
        if self.line is None:
            return
        a, b = self.line
        lines = [f"{distance_text(distance(a, b), app.session.state.ruleset.distance_unit)} straight"]
        if app.carry.drag is not None and distance(a, b) > 0:
            lines.append(self.cost(app, a, b))
        overlays.draw_ruler(target, app.camera, app.texts, a, b, lines, app.text_size, area=visible.map_area(app))

    def cost(self, app: Table, a: WorldPoint, b: WorldPoint) -> str:
        """The selected unit's terrain cost from ``a`` to ``b`` (at its full move value, ignoring heading)."""
        from kriegsspiel.core.movement import check_move

        drag = app.carry.drag
        assert drag is not None
        state = app.session.state
        verdict = check_move(state.battlefield, state.ruleset, drag.unit.type_id, a, b, allowance_left=max(drag.unit_type.move, 1e-9))
        if not math.isfinite(verdict.cost):
            return f"{drag.unit.id}: {verdict.reason or 'cannot get there'}"
        return f"{drag.unit.id} ({drag.unit_type.name}): cost {overlays.short_number(verdict.cost)} of move {overlays.short_number(drag.unit_type.move)}"

    def status(self, app: Table) -> str:
        return "  [RULER]"

    def frame_key(self, app: Table) -> tuple[Hashable, ...]:
        return (self.line, self.measuring, app.cursor if self.measuring else None)

    def leave(self, app: Table) -> None:
        self.line, self.measuring, self._pressed = None, False, False
