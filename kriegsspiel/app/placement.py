"""The window's size and place: fitted to the screen it opens on, remembered between sessions.

The size is ``--size`` when given, else the size the umpire left the window at last time, else 1600x1000;
each shrinks to fit the screen and the place is moved onto it (a window must never run off a 1366x768
laptop). The size, position and fullscreen flag the umpire chose are kept in ``<config>/window.json``
(:func:`kriegsspiel.userdirs.config_dir`); :mod:`kriegsspiel.app.window_frame` decides what is kept.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import msgspec

from kriegsspiel.border import read_json_settings, write_json_settings
from kriegsspiel.userdirs import config_dir

DEFAULT_SIZE = (1600, 1000)
#: The smallest window the table is laid out for (pixels).
MIN_SIZE = (640, 480)
#: Room left on the screen for the window's title bar and the desktop's task bar (pixels).
SCREEN_MARGIN = (16, 80)
FILE_NAME = "window.json"
#: a window's width or height as remembered (pixels): far beyond any screen, never 0
_Side = Annotated[int, msgspec.Meta(ge=1, le=100_000)]
#: a window's corner on the desktop (pixels; negative on a screen left of or above the main one)
_Corner = Annotated[int, msgspec.Meta(ge=-100_000, le=100_000)]


class WindowFile(msgspec.Struct, frozen=True):
    """``window.json``: the size, place and fullscreen flag the umpire left the window at."""

    size: tuple[_Side, _Side]
    position: tuple[_Corner, _Corner] | None = None
    fullscreen: bool = False


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


def load(folder: Path | None = None) -> tuple[Placement | None, str | None]:
    """The placement saved last time (None: none saved) and the one message for the umpire when the file was
    there but could not be used (then the window opens at its default and the file is moved aside to
    ``window.json.broken``, never overwritten)."""
    read = read_json_settings((folder or config_dir()) / FILE_NAME, WindowFile,
                              "the window opens at its default size and place")
    if read.value is None:
        return None, read.problem
    return Placement(read.value.size, read.value.position, read.value.fullscreen), None


def save(placement: Placement, folder: Path | None = None) -> str | None:
    """Remember ``placement``; returns None, or the reason it could not be written (the caller says it once)."""
    path = (folder or config_dir()) / FILE_NAME
    problem = write_json_settings(path, WindowFile(placement.size, placement.position, placement.fullscreen),
                                  WindowFile)
    return f"the window's size was not remembered: {problem}" if problem and "not written" in problem else problem
