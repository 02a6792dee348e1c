"""A second window (or the projector's screen) showing one player's view live (F8, then the player's number),
for a table where the players sit in the room.

It shows exactly that player's picture (``kriegsspiel.pov.player_picture``: drawn from their PlayerView alone,
the same drawing as "view as" and the pictures written at the end of a round), redrawn whenever the game
changes, and nothing of the umpire's board. It opens with pygame-ce's ``pygame.Window`` beside the umpire's
window, on the second screen when there is one; where SDL cannot open a second window the status line says
so and what to use instead. F8 and a number switch to another player; F8 and 0 (or closing it) close it.
"""
from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pygame

from kriegsspiel.app import chrome
from kriegsspiel.app.viewas import BACKGROUND, ViewAs
from kriegsspiel.render.camera import Viewport
from kriegsspiel.render.overlays import TextCache

DEFAULT_SIZE = (1280, 800)
TITLE = "kriegsspiel: players' window"


class SecondWindow:
    """The players' window: closed, or open on one player's picture. ``choosing`` is True after F8 until a
    number picks the player (or 0 closes the window)."""

    def __init__(self) -> None:
        self.window: Any = None  # a pygame.Window while open
        self.view = ViewAs()  # the picture drawing and its caches, shared with "view as"
        self.choosing = False
        self._shown: tuple[Any, str | None, tuple[int, int]] | None = None
        self.texts = TextCache()

    @property
    def player(self) -> str | None:
        """The player whose picture the window shows (None: closed)."""
        return self.view.player if self.window is not None else None

    def frame_key(self) -> tuple[Hashable, ...]:
        return self.choosing, self.player

    def open(self, state: Any, index: int) -> str:
        """Show the ``index``-th player (0-based) in the window, opening it when needed; returns the status
        line (what is shown, or why nothing could be)."""
        players = ViewAs.players(state)
        if not 0 <= index < len(players):
            return f"no player {index + 1}: the scenario has {len(players)}"
        if self.window is None:
            problem = self._open_window()
            if problem is not None:
                return problem
        self.view.pick(state, index)
        self._shown = None
        return (f"the second window shows {self.view.player}'s view, live: only what they may see "
                "(F8 and another number: another player; F8 and 0: close it)")

    def _open_window(self) -> str | None:
        maker = getattr(pygame, "Window", None)
        if maker is None:
            return ("no second window: this pygame has no multiple-window support (pygame-ce 2.4 or later has); "
                    "use V (view as) on this window instead")
        sizes = pygame.display.get_desktop_sizes() if pygame.display.get_init() else []
        try:
            if len(sizes) > 1:
                # the projector or second screen: the window goes there, at its size
                window = maker(TITLE, tuple(sizes[1]), position=(sizes[0][0], 0))
            else:
                # one screen: 1280x800 at most, fitted to it as the umpire's window is (a laptop's 1366x768)
                window = maker(TITLE, second_window_size([(w, h) for w, h in sizes]), resizable=True)
        except (pygame.error, TypeError, ValueError) as exc:
            return f"no second window could be opened ({exc}); use V (view as) on this window instead"
        self.window = window
        return None

    def close(self) -> str:
        """Close the window (if open); returns the status line."""
        if self.window is None:
            return "the second window is not open"
        try:
            self.window.destroy()
        except pygame.error:
            pass  # already gone with the display
        self.window = None
        self.view.leave()
        self._shown = None
        return "second window closed"

    def invalidate(self) -> None:
        """Draw the picture again at the next refresh (the window was uncovered or resized)."""
        self._shown = None

    def owns(self, event: pygame.event.Event) -> bool:
        """True when ``event`` happened in the second window (its mouse and close button are its own)."""
        return self.window is not None and getattr(event, "window", None) is self.window

    def refresh(self, state: Any) -> bool:
        """Draw the player's picture of ``state`` in the window when the game or the window's size changed;
        returns True when it drew."""
        if self.window is None or self.view.player is None:
            return False
        try:
            surface = self.window.get_surface()
        except pygame.error:  # closed behind our back (the display went away)
            self.window = None
            return False
        key = (state, self.view.player, surface.get_size())
        if self._shown is not None and self._shown[0] is key[0] and self._shown[1:] == key[1:]:
            return False
        surface.fill(BACKGROUND)
        self.view.draw_picture(surface, self.texts, state, 18, "", False)
        # the players read this window: its bars name whose view it is, not the umpire's keys
        w, h = surface.get_size()
        surface.fill(BACKGROUND, pygame.Rect(0, 0, w, chrome.TOP_BAR))
        surface.fill(BACKGROUND, pygame.Rect(0, h - chrome.STATUS_BAR, w, chrome.STATUS_BAR))
        banner = f"{self.view.player}: what you see, round {state.round}"
        chrome.draw_status(surface, self.texts, Viewport(0, 0, w, chrome.TOP_BAR), text=banner, error=False,
                           text_size=20, projector=False)
        chrome.draw_status(surface, self.texts, Viewport(0, 0, w, h), text="", error=False, text_size=18,
                           projector=False)
        self.window.flip()
        self._shown = key
        return True

    def snapshot(self) -> pygame.Surface | None:
        """A copy of what the window shows now (for tests and screenshots), or None when closed."""
        if self.window is None:
            return None
        return self.window.get_surface().copy()


def second_window_size(screens: list[tuple[int, int]]) -> tuple[int, int]:
    """The players' second window on a single screen: 1280x800 shrunk to fit it, as the umpire's window."""
    from kriegsspiel.app.placement import fit_to_screen

    return fit_to_screen(DEFAULT_SIZE, screens[0]) if screens else DEFAULT_SIZE
