"""Turning a ship with the mouse: drag the round handle on the selected ship, or hold R and turn the wheel
over a ship (5 degrees a notch, released with R).

R alone still toggles the ruler, at once, as before: the first wheel notch while R is held takes that toggle
back and turns the ship instead, so the two gestures never fight. While turning, the ship shows the cone of
bearings its heading limit lets a move take this turn (from its heading when the turn began), the heading it
would get, and the cone it would have from there. The rules say what may be done: the new heading is the
``heading ID DEG`` order (a heading order may turn any amount, and the ship may not move for the rest of the
turn: docs/rulings.md, "Heading limits"), journaled through the game session like every order; a refusal is shown
before the release, and Shift forces it as Shift forces a drop.
"""
from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from kriegsspiel.app import confirm
from kriegsspiel.core.geometry import WorldPoint, bearing, heading_change
from kriegsspiel.core.state import GameState, UnitState
from kriegsspiel.render import overlays

if TYPE_CHECKING:
    from kriegsspiel.app.table import Table
    from kriegsspiel.app.tool import Tool

#: Degrees one wheel notch turns the ship (R + wheel).
WHEEL_STEP_DEG = 5.0
#: The handle: a disc this far beyond the tip of the ship's heading arrow, this big (pixels), grabbed
#: within GRAB_PX of its centre.
HANDLE_GAP_PX = 16
HANDLE_RADIUS_PX = 7
GRAB_PX = 11
#: Okabe-Ito orange for the handle and the heading it would take; sky blue for the cone it would have.
HANDLE = (230, 159, 0)
NEW_CONE = (86, 180, 233)


@dataclass(frozen=True, slots=True)
class Turning:
    """A turn in progress: the ship, the heading it would take (degrees clockwise from north), how it was
    started (``"handle"`` or ``"wheel"``) and the rules' answer (None: accepted; else the refusal and whether
    Shift may force it)."""

    unit: str
    heading: float
    by: str
    refusal: str | None
    forceable: bool


def turns_by_heading(state: GameState, unit: UnitState | None) -> bool:
    """True for a unit whose type has a heading limit (a ship that must turn by a heading order)."""
    return unit is not None and state.ruleset.unit_type(unit.type_id).heading_limit is not None


def heading_line(unit_id: str, degrees: float) -> str:
    """The heading order in the Umpire shell's notation, whole degrees: ``heading dd1 135``."""
    return f"heading {unit_id} {round(degrees) % 360}"


def describe_turn(state: GameState, turning: Turning) -> str:
    """A turn in words: from and to, how far, what the heading limit means for it, the refusal."""
    unit = state.unit(turning.unit)
    if unit is None:
        return f"{turning.unit}: no longer in the game"
    limit = state.ruleset.unit_type(unit.type_id).heading_limit
    start = unit.heading or 0.0
    change = heading_change(start, turning.heading)
    text = f"{unit.id}: heading {overlays.short_number(start)} > {overlays.short_number(turning.heading)} deg (turns {overlays.short_number(change)})"
    if limit is not None and change <= limit + 1e-9:
        text += f"; within its {overlays.short_number(limit)} deg, a move that way turns it without this order"
    elif limit is not None:
        text += f"; beyond the {overlays.short_number(limit)} deg a move may turn"
    if turning.refusal is not None:
        return f"{text}: refused: {turning.refusal}" + ("; Shift+release forces it" if turning.forceable else "")
    return f"{text}; a heading order: {unit.id} may not move again this turn"


class ShipRotation:
    """The rotation tool of the window (one per App)."""

    def __init__(self) -> None:
        self.turning: Turning | None = None
        self.r_held = False
        #: (the tool active before R was pressed,) while R is held: R + wheel puts it back
        self._tool_before: tuple[Tool | None] | None = None

    def frame_key(self) -> tuple[Hashable, ...]:
        return (self.turning, self.r_held)

    # --- the handle -------------------------------------------------------------------------------------
    def handle_at(self, app: Table) -> tuple[float, float] | None:
        """Where the selected ship's handle is drawn (screen pixels), or None (no ship selected)."""
        found = self._ship_and_handle(app)
        return found[1] if found is not None else None

    def _ship_and_handle(self, app: Table) -> tuple[UnitState, tuple[float, float]] | None:
        """The selected ship (not aboard another) and where its handle is drawn (screen pixels), or None."""
        state = app.session.state
        unit = state.unit(app.selected) if app.selected else None
        if unit is None or not turns_by_heading(state, unit) or unit.carried_by is not None:
            return None
        heading = self.turning.heading if self.turning is not None and self.turning.unit == unit.id else (unit.heading or 0.0)
        x, y = app.camera.to_screen(unit.position)
        reach = app._counter_px() * 0.95 + HANDLE_GAP_PX  # beyond the tip of the heading arrow
        angle = math.radians(heading)
        return unit, (x + reach * math.sin(angle), y - reach * math.cos(angle))

    def press(self, app: Table, pos: tuple[int, int]) -> bool:
        """A left press: on the selected ship's handle starts turning it (True); elsewhere nothing (False)."""
        found = self._ship_and_handle(app)
        if found is None:
            return False
        unit, at = found
        if math.hypot(pos[0] - at[0], pos[1] - at[1]) > GRAB_PX:
            return False
        self._start(app, unit, unit.heading or 0.0, "handle")
        return True

    def motion(self, app: Table, pos: tuple[int, int]) -> None:
        """The handle follows the mouse: the heading is the bearing from the ship to it, in whole degrees."""
        turning = self.turning
        if turning is None or turning.by != "handle":
            return
        unit = app.session.state.unit(turning.unit)
        if unit is None:
            return  # the ship is gone from the game (an order from the portal took it): nothing to aim
        centre = app.camera.to_screen(unit.position)
        if math.hypot(pos[0] - centre[0], pos[1] - centre[1]) < 3:
            return  # too near the ship to say where it points
        # the camera scales both axes alike and flips neither, so the screen bearing is the world bearing
        self._set(app, turning, bearing(WorldPoint(*centre), WorldPoint(float(pos[0]), float(pos[1]))))

    def release(self, app: Table) -> bool:
        """A left release: ends a handle turn with the order (True), else nothing (False)."""
        if self.turning is None or self.turning.by != "handle":
            return False
        self._commit(app)
        return True

    # --- R + wheel ------------------------------------------------------------------------------------
    def r_pressed(self, app: Table, tool_before: Tool | None) -> None:
        """R went down (remember the tool active before R toggled the ruler)."""
        self.r_held = True
        self._tool_before = (tool_before,)

    def wheel(self, app: Table, notches: int) -> bool:
        """The wheel while R is held: turn the ship under the mouse (else the selected ship); True when used
        (with no ship there the wheel zooms as ever)."""
        if not self.r_held or notches == 0:
            return False
        state = app.session.state
        turning = self.turning
        if turning is None:
            under = app.unit_at(app.cursor)
            unit = under if turns_by_heading(state, under) else (state.unit(app.selected) if app.selected else None)
            if unit is None or not turns_by_heading(state, unit):
                return False
            if self._tool_before is not None:  # R was meant for the ship, not the ruler
                app.tools.activate(app, None)
                app.tools.activate(app, self._tool_before[0])
            turning = self._start(app, unit, unit.heading or 0.0, "wheel")
        self._set(app, turning, turning.heading + WHEEL_STEP_DEG * notches)
        return True

    def r_released(self, app: Table) -> None:
        """R came up: a wheel turn ends with the order."""
        self.r_held = False
        self._tool_before = None
        if self.turning is not None and self.turning.by == "wheel":
            self._commit(app)

    def focus_lost(self, app: Table) -> None:
        """The window lost the keyboard: R's release will not be seen, so a wheel turn is dropped."""
        self.r_held = False
        self._tool_before = None
        if self.turning is not None and self.turning.by == "wheel":
            self.cancel(app)

    def cancel(self, app: Table) -> bool:
        """Esc: drop the turn in progress (True when there was one)."""
        if self.turning is None:
            return False
        self.turning = None
        app._set_status("turn cancelled")
        return True

    # --- the order ------------------------------------------------------------------------------------
    def _start(self, app: Table, unit: UnitState, heading: float, by: str) -> Turning:
        """Begin turning ``unit`` (selected now) at ``heading``; returns the turn, as the rules judged it."""
        if app.selected != unit.id:
            app.select(unit.id)
        return self._set(app, Turning(unit.id, heading % 360.0, by, None, False), heading)

    def _set(self, app: Table, turning: Turning, heading: float) -> Turning:
        """Aim ``turning`` at ``heading`` and ask the rules (a dry run through the one door: nothing journaled);
        returns the turn as it stands now."""
        from kriegsspiel.core.dice import Dice
        from kriegsspiel.core.events import Rejected
        from kriegsspiel.core.game import apply, rules_of

        degrees = float(round(heading) % 360)
        state = app.session.state
        outcome = apply(state, rules_of(state).parse(heading_line(turning.unit, degrees)), Dice(0, 0))
        if isinstance(outcome, Rejected):
            refusal, forceable = outcome.reason, bool(outcome.forceable)
        else:
            refusal, forceable = None, False
        self.turning = aimed = Turning(turning.unit, degrees, turning.by, refusal, forceable)
        app._set_status(describe_turn(state, aimed), error=isinstance(outcome, Rejected))
        return aimed

    def describe(self, state: GameState) -> str:
        """The turn in progress in words (:func:`describe_turn`); "" when there is none."""
        return describe_turn(state, self.turning) if self.turning is not None else ""

    def _commit(self, app: Table) -> None:
        turning, self.turning = self.turning, None
        if turning is None:
            return
        unit = app.session.state.unit(turning.unit)
        if unit is not None and unit.heading is not None and turning.heading == round(unit.heading) % 360:
            app._set_status(f"{turning.unit} keeps its heading")
            return
        line = heading_line(turning.unit, turning.heading)
        if turning.refusal is None:
            app._show(app.session.submit(line))
        elif turning.forceable and app._shift():
            app._ask(confirm.Confirmation(line, True, (f"force {line}?", f"it breaks the rule: {turning.refusal}")))
            return
        else:
            app._set_status(f"{turning.unit} not turned: {turning.refusal}", error=True)
        app._refresh_selection()

    # --- drawing ----------------------------------------------------------------------------------------
    def draw(self, app: Table, target: pygame.Surface) -> None:
        """The handle on the selected ship and, while turning, the cones and the heading it would take."""
        state = app.session.state
        camera = app.camera
        if self.turning is not None:
            unit = state.unit(self.turning.unit)
            if unit is not None:
                self._draw_turning(app, target, state, unit, self.turning)
        if app.carry.dragging or self.turning is not None:
            return
        found = self._ship_and_handle(app)
        if found is None:
            return
        unit, at = found
        centre = camera.to_screen(unit.position)
        pygame.draw.line(target, (20, 20, 20), centre, at, 3)
        pygame.draw.line(target, HANDLE, centre, at, 1)
        pygame.draw.circle(target, (20, 20, 20), at, HANDLE_RADIUS_PX + 2)
        pygame.draw.circle(target, HANDLE, at, HANDLE_RADIUS_PX)

    def _draw_turning(self, app: Table, target: pygame.Surface, state: GameState, unit: UnitState,
                      turning: Turning) -> None:
        """The cone it would have after the turn (outlined; the cone of this turn is the pick-up's, shaded),
        the heading it would take and the handle at its tip, orange when the rules accept, red when not."""
        unit_type = state.ruleset.unit_type(unit.type_id)
        size = app._counter_px()
        centre = app.camera.to_screen(unit.position)
        if unit_type.heading_limit is not None:
            radius = max(app.camera.length_to_screen(unit_type.move), 3.0 * size)
            _outline_cone(target, centre, turning.heading, unit_type.heading_limit, radius)
        length = size * 2.0
        overlays.draw_heading_arrow(target, centre, turning.heading, length)
        colour = HANDLE if turning.refusal is None else overlays.ILLEGAL
        angle = math.radians(turning.heading)
        reach = length + HANDLE_RADIUS_PX + 4
        tip = (centre[0] + reach * math.sin(angle), centre[1] - reach * math.cos(angle))
        pygame.draw.circle(target, (20, 20, 20), tip, HANDLE_RADIUS_PX + 2)
        pygame.draw.circle(target, colour, tip, HANDLE_RADIUS_PX)


def _outline_cone(target: pygame.Surface, centre: tuple[float, float], heading: float, limit: float, r: float) -> None:
    """The cone the ship would have after the turn: its outline only, thin, in sky blue."""
    r = min(max(24.0, r), 20000.0)
    cx, cy = centre
    points = [(cx, cy)]
    steps = max(4, int(limit // 5))
    for i in range(-steps, steps + 1):
        b = math.radians(heading + limit * i / steps)
        points.append((cx + r * math.sin(b), cy - r * math.cos(b)))
    pygame.draw.polygon(target, (20, 20, 20), points, 4)
    pygame.draw.polygon(target, NEW_CONE, points, 2)
