"""Aiming an order with the mouse: a command key or a menu row starts it, clicks choose targets, Enter sends.

:class:`AimingTool` is a :class:`kriegsspiel.app.tool.Tool` of the board (``app.tools.aiming``). Which targets an
order may take, and why one is refused, comes from :mod:`kriegsspiel.app.targeting` (a dry run through the
rules); how the order is aimed comes from the rule set's hints; the order goes through the game session.
"""
from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from kriegsspiel.app import combat_v3, targeting

if TYPE_CHECKING:
    from kriegsspiel.app.table import Table


class AimingTool:
    """The order being aimed (``order``: its word, shooters and the targets chosen so far; None when off)."""

    name = "aiming"

    def __init__(self) -> None:
        self.order: targeting.Targeting | None = None

    # --- starting -----------------------------------------------------------------------------------------
    def start(self, app: Table, word: str) -> None:
        """Begin aiming ``word`` with the selection (and, for orders of several shooters, the Ctrl+clicked):
        an order word, a menu row naming a unit aboard (``takeoff f1``: that unit gives it) or a chart of the
        rule set (a combat); an order with no target goes at once."""
        if app.selected is None:
            return
        state = app.session.state
        charted = word in combat_v3.charts(state)
        order, _ = targeting.transport.split_row(word)
        spec = targeting.spec_of(state, order)
        group = [app.selected, *app.shooters] if spec.shooters == "many" or charted else [app.selected]
        if charted:
            aimed = combat_v3.chart_targeting(state, word, group)
        else:
            aimed = targeting.row_targeting(state, word, group)
        app.tools.activate(app, self)
        self.order = aimed
        hints = aimed.hints
        if hints.targets == 0:
            self.fire(app, forced=False)
            return
        if hints.aim == "point":
            app._set_status(f"{aimed.line(['X,Y'])}: click the point (Shift+click forces; Esc cancels)")
            return
        open_targets = [n for n, r in aimed.verdicts(state).items() if r is None]
        app._set_status(
            f"{order} with {' '.join(aimed.shooters)}: click the targets ({len(open_targets)} in reach; grey: "
            "refused, rest the mouse on one for the reason)"
            + (f"; Enter {aimed.enter_verb}" if not aimed.goes_at_once else "")
            + (f"; Enter with none sends '{aimed.line([])}'" if hints.optional else "")
            + "; Esc cancels"
        )

    # --- the Tool -----------------------------------------------------------------------------------------
    def handle(self, app: Table, event: pygame.event.Event) -> bool:
        """Enter sends (Shift+Enter forces), Esc leaves, a click on the map chooses a target, the mouse resting
        on a greyed target says why it is refused."""
        kind = event.type
        if kind == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.fire(app, forced=bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT) or app._shift())
            return True
        if kind == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            app.tools.leave(app)
            app._set_status("aiming cancelled")
            return True
        if kind == pygame.MOUSEMOTION and app.camera.viewport.contains(*event.pos):
            self._explain(app, event.pos)
            return False  # the board follows the mouse too
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1 and app.camera.viewport.contains(*event.pos):
            self._aim(app, event.pos)
            return True
        return False

    def draw(self, app: Table, target: pygame.Surface) -> None:
        if self.order is not None:
            targeting.draw(target, app.camera, app.session.state, self.order, max(6, app._counter_px() // 2))

    def status(self, app: Table) -> str:
        return ""

    def frame_key(self, app: Table) -> tuple[Hashable, ...] | None:
        order = self.order
        return (order.word, order.shooters, tuple(order.chosen)) if order is not None else None

    def leave(self, app: Table) -> None:
        self.order = None

    # --- targets ------------------------------------------------------------------------------------------
    def _explain(self, app: Table, pos: tuple[int, int]) -> None:
        """While aiming, the mouse resting on a greyed target shows why the rules refuse it."""
        name = self._target_under(app, pos)
        if name is not None and self.order is not None:
            reason = self.order.verdicts(app.session.state).get(name)
            app._set_status(f"{name}: {reason}" if reason else f"{name}: in reach; click to aim", error=bool(reason))

    def _target_under(self, app: Table, pos: tuple[int, int]) -> str | None:
        """The target whose counter is drawn under the mouse (where decluttering put it), else the target whose
        true place (its ring) is nearest the mouse, or None."""
        state = app.session.state
        assert self.order is not None
        unit = app.unit_at(pos)
        if unit is not None and unit.id in self.order.verdicts(state):
            return unit.id
        return targeting.target_at(state, app.camera, self.order, pos, max(8, app._counter_px() * 0.7))

    def _aim(self, app: Table, pos: tuple[int, int]) -> None:
        """A click: choose (or drop) the target under the mouse; a refused one says why."""
        aiming = self.order
        if aiming is None:
            return
        state = app.session.state
        if aiming.hints.aim == "point":
            self._aim_at_point(app, pos)
            return
        name = self._target_under(app, pos)
        if name is None:
            app._set_status(f"no target of {aiming.word} there; Esc cancels", error=True)
            return
        insist = app._shift()
        reason = aiming.choose(state, name, insist=insist)
        if reason is not None and name not in aiming.chosen:
            app._set_status(f"{name}: {reason} (Shift+click to choose it all the same)", error=True)
            return
        if aiming.goes_at_once and aiming.chosen:
            # A refused target chosen with Shift goes forced, as a Shift-drop forces a move.
            self.fire(app, forced=reason is not None)
            return
        if reason is not None:
            app._set_status(f"{name}: {reason}; chosen all the same: Shift+Enter forces the order", error=True)
            return
        app._set_status(f"{aiming.line()}  (Enter {aiming.enter_verb}, Shift+Enter forces, Esc cancels)")

    def _aim_at_point(self, app: Table, pos: tuple[int, int]) -> None:
        """A click while aiming an order at a point (disembark): the point goes at once when the rules accept
        it there (a dry run), or forced with Shift; else the status says why."""
        aiming = self.order
        assert aiming is not None
        point = app.camera.to_world(*pos)
        token = targeting.transport.point_token(point.x, point.y)
        reason = aiming.refusal(app.session.state, [token])
        if reason is not None and not app._shift():
            app._set_status(f"{aiming.line([token])}: {reason} (Shift+click forces)", error=True)
            return
        aiming.chosen = [token]
        self.fire(app, forced=reason is not None)

    def fire(self, app: Table, forced: bool) -> None:
        """Send the aimed order through the game session; the result goes to the status line and the journal."""
        aiming = self.order
        if aiming is None or not aiming.ready:
            app._set_status("choose at least one target first (click it)", error=True)
            return
        reply = app.session.submit(aiming.line(), forced=forced)
        app.tools.leave(app)
        app._console_says(f"> {aiming.line()}", reply.lines)
        app._show(reply)
        app._refresh_selection()
