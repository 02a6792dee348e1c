"""The right-click menu of the umpire's board, open: a :class:`kriegsspiel.app.tool.Tool` (``app.tools.menu``).

The menu is built where it is opened (a unit's orders: :mod:`~kriegsspiel.app.targeting` and
:mod:`~kriegsspiel.app.unit_menu`; a rule set's combat charts; the ground's tools: :mod:`~kriegsspiel.app.ground_menu`).
While it is open it has the left button and Esc: a click on a row chooses it (a greyed row says why instead),
a click elsewhere on the map closes it, and the mouse resting on a greyed row says why it is greyed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from kriegsspiel.app import ground_menu, targeting, unit_menu
from kriegsspiel.core.geometry import WorldPoint

if TYPE_CHECKING:
    from kriegsspiel.app.table import Table


class MenuTool:
    """The menu shown (None when closed) and, for the ground's menu, the point it was opened at (world units)."""

    name = "menu"

    def __init__(self) -> None:
        self.shown: targeting.Menu | None = None
        self.ground_at: WorldPoint | None = None

    def open(self, app: Table, menu: targeting.Menu | None) -> None:
        """Show ``menu`` (None: nothing to show; the menu closes)."""
        if menu is None:
            if app.tools.is_active(self):
                app.tools.leave(app)
            return
        app.tools.activate(app, self)
        self.shown = menu

    def handle(self, app: Table, event: pygame.event.Event) -> bool:
        menu = self.shown
        if menu is None:
            return False
        kind = event.type
        if kind == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            app.tools.leave(app)
            return True
        if kind == pygame.MOUSEMOTION:
            word = menu.item_at(event.pos)
            reason = menu.refusal(word) if word is not None else None
            if reason is not None:
                app._set_status(f"{word}: {reason}", error=True)
            return False  # the board follows the mouse too
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1 and app.camera.viewport.contains(*event.pos):
            app.console_focused = False
            word = menu.item_at(event.pos)
            if word is None:
                app.tools.leave(app)
            else:
                self.choose(app, word)
            return True
        return False

    def choose(self, app: Table, word: str) -> None:
        """A click on a row: the unit's other orders, the ground's tools, or an order to aim; a greyed row says
        why it is greyed."""
        reason = self.shown.refusal(word) if self.shown is not None else None
        app.tools.leave(app)
        if reason is not None:
            app._set_status(f"{word}: {reason}", error=True)
            return
        if unit_menu.choose(app, word) or ground_menu.choose(app, word):
            return
        app.tools.aiming.start(app, word)

    def draw(self, app: Table, target: pygame.Surface) -> None:
        if self.shown is not None:
            targeting.draw_menu(target, app.texts, self.shown, app.text_size - 2)

    def status(self, app: Table) -> str:
        return ""

    def frame_key(self, app: Table) -> targeting.Menu | None:
        return self.shown

    def leave(self, app: Table) -> None:
        self.shown = None
