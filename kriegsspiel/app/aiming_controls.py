"""Aiming an order with the mouse: a command key or a menu row starts it, clicks choose targets, Enter sends.

A mix-in of :class:`kriegsspiel.app.app.App`. Which targets an order may take, and why one is refused, comes
from :mod:`kriegsspiel.app.targeting` (a dry run through the rules); the order goes through the game session.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from kriegsspiel.app import targeting
from kriegsspiel.app.combat_v3 import charts as combat_v3_charts

if TYPE_CHECKING:
    from kriegsspiel.app.app import App


class AimingControls:
    """Aiming orders at targets (mixed into the App)."""

    def _explain_target(self: App, pos: tuple[int, int]) -> None:
        """While aiming, the mouse resting on a greyed target shows why the rules refuse it."""
        state = self.session.state
        name = self._target_under(pos)
        if name is not None:
            reason = self.aiming.verdicts(state).get(name)
            self._set_status(f"{name}: {reason}" if reason else f"{name}: in reach; click to aim", error=bool(reason))

    def _target_under(self: App, pos: tuple[int, int]) -> str | None:
        """While aiming: the target whose counter is drawn under the mouse (where decluttering put it), else
        the target whose true place (its ring) is nearest the mouse, or None."""
        state = self.session.state
        unit = self.unit_at(pos)
        if unit is not None and unit.id in self.aiming.verdicts(state):
            return unit.id
        return targeting.target_at(state, self.camera, self.aiming, pos, max(8, self._counter_px() * 0.7))

    def _aiming_key(self: App, key: int, mod: int, ctrl: bool) -> bool:
        """Keys of aiming: a command key starts it, Enter sends (Shift+Enter forces), Esc leaves."""
        if self.menu is not None and key == pygame.K_ESCAPE:
            self.menu = None
            return True
        if self.aiming is not None:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._fire_aimed(forced=bool(mod & pygame.KMOD_SHIFT) or self._shift())
                return True
            if key == pygame.K_ESCAPE:
                self.aiming = None
                self._set_status("aiming cancelled")
                return True
            return False
        word = self._order_for_key(key)
        if word is None or ctrl or self.selected is None or self.view_as is not None:
            return False
        self._start_aiming(word)
        return True

    def _start_aiming(self: App, word: str) -> None:
        """Begin aiming ``word`` with the selection (and, for orders of several shooters, the Ctrl+clicked).
        A menu row naming a unit aboard (``takeoff f1``) aims with that unit; an order with no target goes at
        once."""
        if self.selected is None:
            return
        state = self.session.state
        charted = word in combat_v3_charts(state)
        order = targeting.transport.split_row(word)[0]
        spec = targeting.spec_of(state, order)
        group = [self.selected, *self.shooters] if spec.shooters == "many" or charted else [self.selected]
        self.aiming = targeting.row_targeting(state, word, group) if spec.menu == "transport" \
            else self._aiming_for(word, group)
        word = order
        if self.aiming.hints.targets == 0:
            self._fire_aimed(forced=False)
            return
        if self.aiming.hints.aim == "point":
            self._set_status(f"{self.aiming.line(['X,Y'])}: click the point (Shift+click forces; Esc cancels)")
            return
        open_targets = [n for n, r in self.aiming.verdicts(self.session.state).items() if r is None]
        self._set_status(
            f"{word} with {' '.join(self.aiming.shooters)}: click the targets ({len(open_targets)} in reach; grey: "
            "refused, rest the mouse on one for the reason)"
            + (f"; Enter {self.aiming.enter_verb}" if not self.aiming.goes_at_once else "")
            + (f"; Enter with none sends '{self.aiming.line([])}'" if self.aiming.hints.optional else "")
            + "; Esc cancels"
        )

    def _aim(self: App, pos: tuple[int, int]) -> None:
        """A click while aiming: choose (or drop) the target under the mouse; a refused one says why."""
        aiming = self.aiming
        assert aiming is not None
        state = self.session.state
        if aiming.hints.aim == "point":
            self._aim_at_point(pos)
            return
        name = self._target_under(pos)
        if name is None:
            self._set_status(f"no target of {aiming.word} there; Esc cancels", error=True)
            return
        insist = self._shift()
        reason = aiming.choose(state, name, insist=insist)
        if reason is not None and name not in aiming.chosen:
            self._set_status(f"{name}: {reason} (Shift+click to choose it all the same)", error=True)
            return
        if aiming.goes_at_once and aiming.chosen:
            # A refused target chosen with Shift goes forced, as a Shift-drop forces a move.
            self._fire_aimed(forced=reason is not None)
            return
        if reason is not None:
            self._set_status(f"{name}: {reason}; chosen all the same: Shift+Enter forces the order", error=True)
            return
        self._set_status(f"{aiming.line()}  (Enter {aiming.enter_verb}, Shift+Enter forces, Esc cancels)")

    def _aim_at_point(self: App, pos: tuple[int, int]) -> None:
        """A click while aiming an order at a point (disembark): the point goes at once when the rules accept
        it there (a dry run), or forced with Shift; else the status says why."""
        aiming = self.aiming
        assert aiming is not None
        point = self.camera.to_world(*pos)
        token = targeting.transport.point_token(point.x, point.y)
        reason = aiming.refusal(self.session.state, [token])
        if reason is not None and not self._shift():
            self._set_status(f"{aiming.line([token])}: {reason} (Shift+click forces)", error=True)
            return
        aiming.chosen = [token]
        self._fire_aimed(forced=reason is not None)

    def _fire_aimed(self: App, forced: bool) -> None:
        """Send the aimed order through the game session; the result goes to the status line and the journal."""
        aiming = self.aiming
        if aiming is None or not aiming.ready:
            self._set_status("choose at least one target first (click it)", error=True)
            return
        reply = self.session.submit(aiming.line(), forced=forced)
        self.aiming = None
        self._console_says(f"> {aiming.line()}", reply.lines)
        self._show(reply)
        self._refresh_selection()
