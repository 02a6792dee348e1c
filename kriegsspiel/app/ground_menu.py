"""The right-click menu on open ground: tools that start from the point clicked.

:data:`GROUND_ENTRIES` is the menu, one (label, action) row each, in order; an action takes the App and the
point clicked (world units). Adding a tool to the menu is one row.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kriegsspiel.app import debrief_menu, sight_line, targeting, visible
from kriegsspiel.core.geometry import WorldPoint

if TYPE_CHECKING:
    from kriegsspiel.app.table import Table

#: Wider than the orders' menu: its rows are phrases.
MENU_WIDTH_PX = 230


def measure_from(app: Table, point: WorldPoint) -> None:
    """The ruler from ``point`` to the mouse; the next click fixes its end (R or Esc leaves)."""
    app.tools.ruler.start_at(app, point)


def sight_from(app: Table, point: WorldPoint) -> None:
    """The line of sight from ``point`` (anyone standing there) to the mouse."""
    sight_line.look_from(app, point)


#: The ground menu: (label, action(app, point)), in order.
GROUND_ENTRIES: tuple[tuple[str, Callable[[Table, WorldPoint], None]], ...] = (
    ("measure from here", measure_from),
    ("line of sight from here", sight_from),
    ("note here", lambda app, point: app.tools.notes.start(app, point)),  # a text there, or an arrow from there (W)
    (debrief_menu.MENU_ROW, lambda app, point: debrief_menu.open_debrief()),  # the window frame's menu
)
_ACTIONS = dict(GROUND_ENTRIES)


def open_at(app: Table, pos: tuple[int, int]) -> targeting.Menu | None:
    """The ground menu at the screen position ``pos`` (kept inside the map view), remembering the point."""
    if not GROUND_ENTRIES:
        return None
    app.tools.menu.ground_at = app.camera.to_world(*pos)
    items = tuple(label for label, _ in GROUND_ENTRIES)
    # the menu opens at the mouse but stays inside the map seen (above the status line)
    x, y = visible.menu_origin(app, pos, MENU_WIDTH_PX, targeting.MENU_ITEM_PX * len(items))
    return targeting.Menu((x, y), items, items, width=MENU_WIDTH_PX)


def choose(app: Table, row: str) -> bool:
    """A click on a ground menu row: run its action at the point clicked. False when it is not one."""
    action = _ACTIONS.get(row)
    tool = app.tools.menu
    if action is None or tool.ground_at is None:
        return False
    point, tool.ground_at = tool.ground_at, None
    action(app, point)
    return True
