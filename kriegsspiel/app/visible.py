"""Where labels, readouts and menus may stand: inside the part of the map a person sees, never under the side
panel, the top bar or the status line, never off the window (issue 30 item 4).

One rule for every box the window draws near the mouse: :func:`place_inside` moves it (as little as may be)
into :func:`map_area`; a menu opens at the mouse and moves up or left when it would run out.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from kriegsspiel.app import chrome

if TYPE_CHECKING:
    from kriegsspiel.app.table import Table


def place_inside(rect: pygame.Rect, area: pygame.Rect) -> pygame.Rect:
    """``rect`` moved into ``area`` (its top-left kept inside when it is larger than the area)."""
    x = max(area.left, min(rect.left, area.right - rect.width))
    y = max(area.top, min(rect.top, area.bottom - rect.height))
    return pygame.Rect(x, y, rect.width, rect.height)


def map_area(app: Table) -> pygame.Rect:
    """The part of the ruler board's map that is seen (screen pixels): the map view less the top bar and the
    status line (as tall as its text wraps)."""
    vp = app.camera.viewport
    extra = chrome.PROJECTOR_EXTRA if app.projector else 0
    top = vp.top + chrome.TOP_BAR + extra
    bottom = vp.top + vp.height - chrome.status_height(app.status, vp.width, app.text_size, app.projector)
    return pygame.Rect(vp.left, top, vp.width, max(1, bottom - top))


def menu_origin(app: Table, pos: tuple[int, int], width: int, height: int) -> tuple[int, int]:
    """Where a menu of ``width`` x ``height`` pixels opened at the mouse's ``pos`` stands, wholly seen."""
    return place_inside(pygame.Rect(pos, (width, height)), map_area(app)).topleft

