"""The window's size and place: fitted to the screen it opens on, remembered between sessions.

The size is ``--size`` when given, else the size the umpire left the window at last time, else 1600x1000;
each shrinks to fit the screen and the place is moved onto it (a window must never run off a 1366x768
laptop). The size, position and fullscreen flag the umpire chose are kept in ``<config>/window.json``
(:func:`kriegsspiel.userdirs.config_dir`); :mod:`kriegsspiel.app.window_frame` decides what is kept.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from kriegsspiel.userdirs import config_dir

DEFAULT_SIZE = (1600, 1000)
#: The smallest window the table is laid out for (pixels).
MIN_SIZE = (640, 480)
#: Room left on the screen for the window's title bar and the desktop's task bar (pixels).
SCREEN_MARGIN = (16, 80)
FILE_NAME = "window.json"


@dataclass(frozen=True, slots=True)
class Placement:
    """A window's size (pixels), its top-left corner on the desktop (None: where the system puts it) and
    whether it was fullscreen."""

    size: tuple[int, int]
    position: tuple[int, int] | None = None
    fullscreen: bool = False


def fit_to_screen(size: tuple[int, int], screen: tuple[int, int]) -> tuple[int, int]:
    """``size`` shrunk (never grown) to fit ``screen`` less :data:`SCREEN_MARGIN`, but not below :data:`MIN_SIZE`."""
    room_w, room_h = screen[0] - SCREEN_MARGIN[0], screen[1] - SCREEN_MARGIN[1]
    return max(MIN_SIZE[0], min(size[0], room_w)), max(MIN_SIZE[1], min(size[1], room_h))


def clamp_position(position: tuple[int, int], size: tuple[int, int], screen: tuple[int, int]) -> tuple[int, int]:
    """``position`` moved (as little as may be) so that a window of ``size`` lies wholly on ``screen``, less
    :data:`SCREEN_MARGIN` for the title and task bars."""
    room_w, room_h = screen[0] - SCREEN_MARGIN[0], screen[1] - SCREEN_MARGIN[1]
    return max(0, min(position[0], room_w - size[0])), max(0, min(position[1], room_h - size[1]))


def choose(requested: tuple[int, int] | None, remembered: Placement | None, screen: tuple[int, int],
           fullscreen: bool = False) -> Placement:
    """Where the window opens: ``--size`` (else the remembered size, else 1600x1000) fitted to ``screen``, at
    the remembered place moved onto the screen (None: where the system puts it). ``fullscreen``
    (``--fullscreen``) or a window the umpire left fullscreen opens fullscreen."""
    size = fit_to_screen(requested or (remembered.size if remembered is not None else DEFAULT_SIZE), screen)
    position = remembered.position if remembered is not None else None
    if position is not None:
        position = clamp_position(position, size, screen)
    return Placement(size, position, fullscreen or (remembered is not None and remembered.fullscreen))


def load(folder: Path | None = None) -> Placement | None:
    """The placement saved last time, or None (none saved, or a file that does not read: it is not worth a
    message, the window simply opens at its default)."""
    path = (folder or config_dir()) / FILE_NAME
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        size = (int(data["size"][0]), int(data["size"][1]))
        raw = data.get("position")
        position = (int(raw[0]), int(raw[1])) if raw is not None else None
        if size[0] < 1 or size[1] < 1:
            return None
        return Placement(size, position, bool(data.get("fullscreen", False)))
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return None


def save(placement: Placement, folder: Path | None = None) -> str | None:
    """Remember ``placement``; returns None, or the reason it could not be written (the caller says it once)."""
    folder = folder or config_dir()
    data = {"size": list(placement.size), "position": list(placement.position) if placement.position else None,
            "fullscreen": placement.fullscreen}
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / FILE_NAME).write_text(json.dumps(data) + "\n", encoding="utf-8")
    except OSError as exc:
        return f"{folder / FILE_NAME}: the window's size was not remembered ({exc.strerror or exc})"
    return None
