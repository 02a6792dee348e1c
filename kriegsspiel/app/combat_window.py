"""The window's side of a Ruleset V3 combat: the chart menu, the digit keys, the pending combat's buttons and keys.

:class:`PendingCombat` is the App's ``combat`` (the row the keys step, the panel's buttons); the key and menu
helpers take the App (its session, selection, status).
What a chart or a row of the pending action is comes from the rule set through :mod:`kriegsspiel.app.combat_v3`;
every change is a shell line the rule set gives, sent through the game session (or its ``undo``), journaled as
if typed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from kriegsspiel.app import combat_v3, targeting, visible

if TYPE_CHECKING:
    from kriegsspiel.app.table import Table

#: the keys that step the framed modifier of a pending combat
PLUS_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
MINUS_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)


def order_for_key(app: Table, key: int) -> str | None:
    """The order (or, under a rule set with charts, the chart) a key aims, or None."""
    state = app.session.state
    if combat_v3.charts(state):
        return combat_v3.chart_for_key(state, key)
    return targeting.key_orders(state).get(key)


def chart_menu(app: Table, unit_id: str, pos: tuple[int, int]) -> targeting.Menu | None:
    """The menu of the rule set's charts for the selection at ``pos`` (the status line says which may be
    used); None without charts."""
    group = [app.selected or unit_id, *app.shooters]
    menu = combat_v3.chart_menu(app.session.state, group, pos)
    if menu is None:
        return None
    usable = [c for c in menu.items if menu.refusal(c) is None]
    app._set_status(f"{' '.join(group)}: combat on " + (", ".join(usable) if usable else "no chart (all greyed)")
                    + "; rest the mouse on a grey chart for the reason")
    # the menu opens at the mouse but stays inside the map seen (above the status line)
    x, y = visible.menu_origin(app, pos, targeting.MENU_WIDTH_PX, targeting.MENU_ITEM_PX * len(menu.items))
    return targeting.Menu((x, y), menu.items, menu.labels, menu.refused)


class PendingCombat:
    """The keys and the side panel's buttons of a pending combat (``app.combat``)."""

    def __init__(self) -> None:
        #: the pending combat's row that +/- step (Up/Down choose it)
        self.row = 0
        #: the panel's buttons as last drawn: (rectangle in window pixels, shell line or ``undo``)
        self.buttons: tuple[tuple[pygame.Rect, str], ...] = ()

    def key(self, app: Table, key: int, mod: int) -> bool:
        """Keys while a combat is pending (and nothing else takes them): Enter resolves, Esc undoes the last
        combat or modify, Up/Down choose a modifier, +/- step it. Returns True when the key was used."""
        if app.help_on or app.view_as is not None or app.carry.dragging or app.tools.active is not None or mod & pygame.KMOD_CTRL:
            return False
        section = combat_v3.combat_section(app.session.state)
        if section is None:
            return False
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.act(app, combat_v3.RESOLVE)
        elif key == pygame.K_ESCAPE:
            if not combat_v3.undoes_combat(app.session.game, section):
                return False
            self.act(app, combat_v3.UNDO)
        elif key in (pygame.K_UP, pygame.K_DOWN) and section.rows:
            self.row = (self.row + (1 if key == pygame.K_DOWN else -1)) % len(section.rows)
        elif key in PLUS_KEYS or key in MINUS_KEYS:
            self.row = min(self.row, max(0, len(section.rows) - 1))
            line = combat_v3.step(section, self.row, 1 if key in PLUS_KEYS else -1)
            if line is None:
                app._set_status("that modifier cannot go further that way", error=True)
            else:
                self.act(app, line)
        else:
            return False
        return True

    def press(self, app: Table, pos: tuple[int, int]) -> bool:
        """A click on one of the panel's combat buttons sends its line; False when no button is there."""
        for rect, action in self.buttons:
            if rect.collidepoint(pos):
                self.act(app, action)
                return True
        return False

    def act(self, app: Table, action: str) -> None:
        """Send a shell line of the pending action (its resolving order for :data:`combat_v3.RESOLVE`, or undo)
        through the game session, as the console would."""
        before = combat_v3.combat_section(app.session.state)
        if before is None and action == combat_v3.RESOLVE:
            return
        line = before.resolve if before is not None and action == combat_v3.RESOLVE else action
        stepped = combat_v3.key_of(before, line) if before is not None else ()
        reply = app.session.undo() if action == combat_v3.UNDO else app.session.submit(line)
        app._console_says(f"> {line}", reply.lines)
        app._show(reply)
        section = combat_v3.combat_section(app.session.state)
        # the keys go on with the row just stepped (which keeps its place)
        row = combat_v3.row_of(section, stepped) if section is not None else None
        self.row = row if row is not None else 0
        app._refresh_selection()
