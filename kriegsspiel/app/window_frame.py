"""One window frame around every kind of board: where the window opens and what it remembers, fullscreen
(``--fullscreen``, F11), quitting (Ctrl+Q, the close button), resizing, and the loop that hands the rest of the
events to the board and shows its frames.

A board is the ruler games' :class:`~kriegsspiel.app.app.App` or the area games'
:class:`~kriegsspiel.app.area_window.AreaApp`: both follow :class:`Board`, so a ruler game and a Diplomacy game
open, fit the screen, go fullscreen and quit through this same code.

What is remembered (``window.json``, :mod:`kriegsspiel.app.placement`) is what the umpire chose: the size they
resized the window to, where they left it, and fullscreen when they pressed F11. ``--size`` and
``--fullscreen`` are for one run. The window manager's title bar is not counted into the remembered place (it
would creep down by its height at every start).
"""
from __future__ import annotations

import os
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Protocol

import pygame

from kriegsspiel.app import placement
from kriegsspiel.app.debrief_menu import DebriefMenu
from kriegsspiel.errors import UserError


class Board(Protocol):
    """What the frame needs of a board (the ruler table, the area board)."""

    surface: pygame.Surface
    running: bool
    drawn: bool

    def step(self, events: Iterable[pygame.event.Event]) -> None:
        """Handle ``events`` (those the frame left), then draw a frame when something changed."""

    def resize(self, surface: pygame.Surface) -> None:
        """Lay out again on a new surface (resized, fullscreen on or off)."""

    def quit_saving(self) -> None:
        """Ctrl+Q: finish what belongs in the save, then stop (``running`` False)."""

    def tell(self, text: str, error: bool = False) -> None:
        """Say ``text`` on the status line (red when ``error``)."""

    def invalidate(self) -> None:
        """Draw the next frame whole, even if nothing of the board changed (an overlay went away)."""


def shots_folder_of_save(save: Path) -> Path:
    """Where F12's screenshots go: ``<save without its suffix>-shots`` next to it (``game.kssave`` ->
    ``game-shots/``), as the players' pictures go to ``game-pov/``."""
    return save.with_name(save.stem + "-shots")


def window_position() -> tuple[int, int] | None:
    """Where the window's drawing area (inside any title bar) is on the desktop, or None where SDL cannot say."""
    try:
        with warnings.catch_warnings():  # pygame-ce warns about mixing Window and the display module
            warnings.simplefilter("ignore")
            x, y = pygame.Window.from_display_module().position
            return x, y
    except (pygame.error, AttributeError):
        return None


def is_quit_key(event: pygame.event.Event) -> bool:
    return event.type == pygame.KEYDOWN and event.key == pygame.K_q and bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)


class WindowFrame:
    """The window of one run: its placement on ``screen`` (pixels) from ``--size`` (``requested``),
    ``--fullscreen`` and what was ``remembered``, and what to remember when it closes."""

    def __init__(self, requested: tuple[int, int] | None, fullscreen: bool, remembered: placement.Placement | None,
                 screen: tuple[int, int]) -> None:
        self.remembered = remembered
        self.screen = screen
        self.place = placement.choose(requested, remembered, screen, fullscreen)
        self.fullscreen = self.place.fullscreen
        self.windowed_size = self.place.size  # the size to return to from fullscreen
        self.resized_to: tuple[int, int] | None = None  # the size the umpire dragged the window to, this run
        self.f11_fullscreen: bool | None = None  # fullscreen as F11 left it, this run
        #: how far the window manager put the drawing area from where it was asked to (its title bar, pixels)
        self.decoration: tuple[int, int] | None = None
        self._setting_mode = False
        self.board: Board | None = None
        #: Ctrl+D's menu over the board (the game's debrief), once the window has a game
        self.debrief: DebriefMenu | None = None

    # --- the display ------------------------------------------------------------------------------------
    def open(self, caption: str) -> pygame.Surface:
        """Open the display at the placement; raises UserError when no window can be opened."""
        try:
            pygame.display.set_caption(caption)
            if self.fullscreen:
                return self._set_mode((0, 0), pygame.FULLSCREEN)
            if self.place.position is not None:
                os.environ["SDL_VIDEO_WINDOW_POS"] = f"{self.place.position[0]},{self.place.position[1]}"
            try:
                return self._set_mode(self.place.size, pygame.RESIZABLE)
            finally:
                os.environ.pop("SDL_VIDEO_WINDOW_POS", None)
        except pygame.error as exc:
            raise UserError(
                f"cannot open a window ({exc}); run it on a desktop, or draw headless with --screenshot FILE.png"
            ) from None

    def _set_mode(self, size: tuple[int, int], flags: int) -> pygame.Surface:
        self._setting_mode = True  # a resize event this causes is not the umpire's choice
        try:
            return pygame.display.set_mode(size, flags)
        finally:
            self._setting_mode = False

    def toggle_fullscreen(self) -> None:
        """F11: fullscreen on or off (back at the size the window had)."""
        if self.fullscreen:
            surface = self._set_mode(self.windowed_size, pygame.RESIZABLE)
        else:
            display = pygame.display.get_surface()
            if display is not None:  # the size to come back to
                self.windowed_size = display.get_size()
            surface = self._set_mode((0, 0), pygame.FULLSCREEN)
        self.fullscreen = not self.fullscreen
        self.f11_fullscreen = self.fullscreen
        if self.board is not None:
            self.board.resize(surface)

    # --- events -----------------------------------------------------------------------------------------
    def frame_event(self, event: pygame.event.Event) -> bool:
        """An event of the frame's own (Ctrl+Q, F11; a resize or move is noted and passed on); True when the
        board must not see it."""
        board = self.board
        if is_quit_key(event):
            if board is not None:
                board.quit_saving()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return True
        if self.debrief is not None and board is not None and self.debrief.event(event, board):
            return True
        if event.type == pygame.VIDEORESIZE and not self.fullscreen and not self._setting_mode:
            self.resized_to = (int(event.w), int(event.h))
            self.windowed_size = self.resized_to
        elif event.type == pygame.WINDOWMOVED and self.decoration is None and not self.fullscreen:
            self._note_decoration((int(event.x), int(event.y)))
        return False

    def _note_decoration(self, at: tuple[int, int]) -> None:
        """The first move after opening is the window manager's (framing the window): how far from the place
        asked for it put the drawing area is its title bar, taken off the place remembered."""
        asked = self.place.position
        self.decoration = (at[0] - asked[0], at[1] - asked[1]) if asked is not None else (0, 0)
        if not all(0 <= d <= 100 for d in self.decoration):  # not a frame's size: the umpire moved it
            self.decoration = (0, 0)

    def run(self, board: Board, present: Callable[[], None] | None = None, max_frames: int | None = None,
            fps: int = 60) -> int:
        """The board's events and frames until it stops (or ``max_frames``, headless); returns 0."""
        self.board = board
        clock = pygame.time.Clock() if present is not None else None
        frames = 0
        while board.running and (max_frames is None or frames < max_frames):
            events = [e for e in pygame.event.get() if not self.frame_event(e)]
            board.step(events)
            if self.debrief is not None:
                self._debrief_overlay(board)
            if present is not None and board.drawn:
                present()
            if clock is not None:
                clock.tick(fps)
            frames += 1
        return 0

    def _debrief_overlay(self, board: Board) -> None:
        """The debrief's news on the status line, and its menu over the board's frame while it is open."""
        assert self.debrief is not None
        self.debrief.poll(board)
        if self.debrief.rows is not None:
            self.debrief.draw(board.surface)
            board.drawn = True
            board.invalidate()  # the board is drawn whole under the menu next time, and after it closes

    # --- what is remembered -----------------------------------------------------------------------------
    def to_remember(self, position: tuple[int, int] | None) -> placement.Placement:
        """The placement for next time: the size the umpire resized to (else the one remembered, else the one
        opened without ``--size``), the window's place less the title bar, fullscreen as F11 left it."""
        before = self.remembered
        size = self.resized_to or (before.size if before is not None else placement.fit_to_screen(placement.DEFAULT_SIZE, self.screen))
        fullscreen = self.f11_fullscreen if self.f11_fullscreen is not None else bool(before and before.fullscreen)
        if self.fullscreen or position is None:
            kept = before.position if before is not None else None
        else:
            dx, dy = self.decoration or (0, 0)
            kept = (position[0] - dx, position[1] - dy)
        return placement.Placement(size, kept, fullscreen)
