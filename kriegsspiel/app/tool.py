"""The tools of the umpire's board: one :class:`Tool` protocol, and the :class:`ToolBox` that holds one active.

A tool is a way the left button and a few keys are used for a while (the ruler, the line of sight, a set-up
mode): it takes the events it wants (:meth:`Tool.handle`), draws over the map (:meth:`Tool.draw`) and may add
words to the status line (:meth:`Tool.status`). The board keeps one active tool at a time, like arcade's Views:
turning one on leaves the one before. The window's own layers come first (a question waiting for its answer,
an open menu, an order being aimed, the selected ship's handle); then the active tool; then the board's own
gestures (select, carry, pan, the Ctrl+drag box). A new tool is an object with these five methods handed to
:meth:`ToolBox.activate`; nothing is registered in module-level tables.
"""
from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import pygame

from kriegsspiel.app.aiming_controls import AimingTool
from kriegsspiel.app.menu_tool import MenuTool
from kriegsspiel.app.notes_tool import NoteTool
from kriegsspiel.app.ruler_tool import RulerTool
from kriegsspiel.app.sight_line import SightTool

if TYPE_CHECKING:
    from kriegsspiel.app.table import Table


@runtime_checkable
class Tool(Protocol):
    """One tool of the board: its events, its drawing, its words on the status line."""

    #: what the tool is, in the umpire's words ("ruler", "line of sight")
    name: str

    def handle(self, app: Table, event: pygame.event.Event) -> bool:
        """Take ``event`` if it is the tool's (a press, a motion, a release, a key): True when it was used up
        (nothing else sees it), False to let the board handle it as ever."""
        ...

    def draw(self, app: Table, target: pygame.Surface) -> None:
        """Draw over the map (clipped to it), after the counters."""
        ...

    def status(self, app: Table) -> str:
        """Words the status line ends with while the tool is active (``"  [RULER]"``), or ``""``."""
        ...

    def frame_key(self, app: Table) -> Hashable:
        """Everything the tool's drawing depends on: an unchanged key lets an idle window draw nothing."""
        ...

    def leave(self, app: Table) -> None:
        """The tool stops (Esc, its key again, another tool taking over): forget what it was doing."""
        ...


class ToolBox:
    """The board's tools: the built-in ones by name, and the one active (None: the board's own gestures)."""

    def __init__(self) -> None:
        self.ruler: RulerTool = RulerTool()  # R
        self.sight: SightTool = SightTool()  # L
        self.notes: NoteTool = NoteTool()  # W
        self.aiming: AimingTool = AimingTool()  # an order's key, or a row of a unit's menu
        self.menu: MenuTool = MenuTool()  # the right button
        self.active: Tool | None = None

    def activate(self, app: Table, tool: Tool | None) -> None:
        """Make ``tool`` the active one (None: none), leaving the one before."""
        if self.active is not None and self.active is not tool:
            self.active.leave(app)
        self.active = tool

    def leave(self, app: Table) -> bool:
        """No tool active any more (Esc); True when one was."""
        was = self.active is not None
        self.activate(app, None)
        return was

    def is_active(self, tool: Tool) -> bool:
        return self.active is tool

    def handle(self, app: Table, event: pygame.event.Event) -> bool:
        """Offer ``event`` to the active tool; True when it used it up."""
        return self.active is not None and self.active.handle(app, event)

    def draw(self, app: Table, target: pygame.Surface) -> None:
        if self.active is not None:
            self.active.draw(app, target)

    def status(self, app: Table) -> str:
        return self.active.status(app) if self.active is not None else ""

    def frame_key(self, app: Table) -> Hashable:
        return (self.active.name, self.active.frame_key(app)) if self.active is not None else None
