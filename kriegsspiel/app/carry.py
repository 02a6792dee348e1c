"""The board's default gesture (``app.carry``): a counter pressed, carried with the mouse (through waypoints:
Space drops one, Backspace takes it back) and dropped as a ``move``; a Shift+press that becomes a click adds the
counter to the selection; a Ctrl+drag on open ground draws a box around the units to select.

Nothing here decides a rule: the carried :class:`~kriegsspiel.app.drag.Drag` asks the movement engine, and the
drop goes through the game session (the same door as the console). Several counters carried together are the
group move's (:mod:`kriegsspiel.app.group_move`).
"""
from __future__ import annotations

import math
from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from kriegsspiel.app import confirm, waypoints
from kriegsspiel.app.drag import Drag
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.state import GameState, UnitState

if TYPE_CHECKING:
    from kriegsspiel.app.table import Table

#: A press that moves less than this (pixels) before release is a click, not a drag.
CLICK_SLOP = 4


class Carry:
    """The selected counter as the mouse may carry it: its pick-up (``drag``: cost field, verdict, route),
    whether the mouse is carrying it (``dragging``), where the left button went down (``press_at``, screen
    pixels), the Ctrl+drag ``box`` (two screen corners) and a Shift+press that a click turns into adding the
    counter to the selection (``shift_pick``: the selection before, its shooters, the counter)."""

    def __init__(self) -> None:
        self.drag: Drag | None = None
        #: world units from where the picked counter is drawn to its true place: a counter drawn apart
        #: (decluttered) moves by the mouse's own movement, measured from where it is drawn (issue 30 item 6)
        self.grab_offset: tuple[float, float] = (0.0, 0.0)
        self.dragging = False
        self.press_at: tuple[int, int] | None = None
        self.box: tuple[tuple[int, int], tuple[int, int]] | None = None
        self.shift_pick: tuple[str, list[str], str] | None = None

    def frame_key(self, app: Table) -> tuple[Hashable, ...]:
        """What the picture takes from the gesture (an unchanged key: nothing to draw again)."""
        return (self.drag, self.dragging, self.drag.verdict if self.drag is not None else None,
                app.cursor if self.dragging else None, self.box)

    def carried(self) -> UnitState | None:
        """The unit being carried by the mouse, or None."""
        return self.drag.unit if self.dragging and self.drag is not None else None

    def point(self, app: Table, pos: tuple[int, int]) -> WorldPoint:
        """Where a counter carried with the mouse at ``pos`` would be dropped (world units): under the mouse,
        shifted by :attr:`grab_offset` when the counter was drawn apart from its true place."""
        at = app.camera.to_world(*pos)
        return WorldPoint(at.x + self.grab_offset[0], at.y + self.grab_offset[1])

    def take(self, state: GameState, unit: UnitState | None) -> None:
        """The selection changed to ``unit`` (None: nothing): pick it up from ``state``, by its true place."""
        self.grab_offset = (0.0, 0.0)
        self.drag = Drag(state, unit) if unit is not None else None

    def grab(self, app: Table, unit_id: str) -> None:
        """Select ``unit_id`` as picked up by the mouse on its counter: when the counter is drawn apart from its
        true place (crowded counters, a dot and a line), the drag carries the unit by the mouse's movement."""
        app.select(unit_id)
        units, sx, sy = app.board.screen_positions(app.session.state, app.camera, app.projector)
        unit = app.session.state.unit(unit_id)
        index = next((i for i, u in enumerate(units) if u.id == unit_id), None)
        if unit is None or index is None:
            return
        tx, ty = app.camera.to_screen(unit.position)
        if abs(sx[index] - tx) > 0.5 or abs(sy[index] - ty) > 0.5:
            drawn = app.camera.to_world(float(sx[index]), float(sy[index]))
            self.grab_offset = (unit.position.x - drawn.x, unit.position.y - drawn.y)

    def motion(self, pos: tuple[int, int]) -> None:
        """The mouse moved with the button down: the box follows it; past the click slop, a pressed counter is
        being carried."""
        if self.box is not None:
            self.box = (self.box[0], pos)
        elif self.drag is not None and self.press_at is not None and not self.dragging:
            if math.hypot(pos[0] - self.press_at[0], pos[1] - self.press_at[1]) >= CLICK_SLOP:
                self.dragging = True

    def follow(self, app: Table) -> None:
        """Judge the carried counter's path to the mouse (once a frame, however many motion events came)."""
        if self.dragging and self.drag is not None:
            self.drag.follow(self.point(app, app.cursor))

    def stop(self) -> bool:
        """End the carrying under way, dropping nothing (Esc, a changed game); True when a counter was carried."""
        was, self.dragging, self.press_at = self.dragging, False, None
        return was

    def drop(self, app: Table, pos: tuple[int, int], forced: bool) -> None:
        """The button released at ``pos``: a Shift+click adds the counter to the selection; a carried counter is
        dropped as a ``move`` (one per leg of a route) through the game session, after the umpire's yes where
        the rules ask for one, or forced (Shift) after reading the broken rule."""
        pick, self.shift_pick = self.shift_pick, None
        if pick is not None and not self.dragging:  # Shift+click: add to the selection
            previous, shooters, unit_id = pick
            app.select(previous)
            app.shooters = shooters
            app._add_shooter(unit_id)
            return
        if not self.dragging or self.drag is None:
            return
        self.dragging = False
        drag = self.drag
        target = self.point(app, pos)
        verdict = drag.follow(target)
        line, *then = drag.route.command_lines(target) if drag.route is not None else [drag.command_text(target)]
        asked = "; ".join([line, *then])  # a route through waypoints: a move per leg (app/waypoints.py)
        air = confirm.before_the_move(app.session.state, line, drag.unit.id, forced=not verdict.legal)
        if verdict.legal and air is None:
            app._show(waypoints.submit_chain(app.session, [line, *then], False) if then else app.session.submit(line))
        elif verdict.legal and air is not None:
            app._ask(confirm.Confirmation(line, False, (f"{asked}?", air), tuple(then)))
        elif forced:
            # the umpire's word is final, but a forced move is journaled only once the broken rule was read
            app._ask(confirm.Confirmation(line, True, (f"force {asked}?", f"it breaks the rule: {verdict.reason}",
                                                       *((air,) if air else ())), tuple(then)))
        else:
            app._set_status(f"{drag.unit.id} not moved: {verdict.reason}", error=True)
        app._refresh_selection()

    def select_box(self, app: Table, pos: tuple[int, int]) -> bool:
        """The button released at ``pos`` with a box drawn: select what it holds; False when no box is drawn."""
        if self.box is None:
            return False
        corner, self.box = self.box[0], None
        app._select_box(pygame.Rect(corner, (0, 0)).union(pygame.Rect(pos, (0, 0))))
        return True
