""""View as" in the umpire's window: V opens a chooser of the scenario's players; the chosen player's picture
then fills the window, drawn by ``kriegsspiel.pov`` from their PlayerView alone (nothing of the umpire's board
is drawn under or over it); F12 saves that picture itself, byte for byte as ``kriegsspiel pov`` writes it.

:class:`ViewAs` holds what is shown (the chooser, a player, or nothing) and draws it; the App routes keys and
mouse clicks to it while it is active, so no click reaches the umpire's counters under a picture.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from kriegsspiel.app import chrome
from kriegsspiel.render.camera import Viewport
from kriegsspiel.render.overlays import TextCache
from kriegsspiel.render.palette import parse_colour

#: The number keys that pick the first nine players (1..9), top row and keypad.
NUMBER_KEYS: dict[int, int] = {
    **{pygame.K_1 + i: i for i in range(9)},
    **{pygame.K_KP1 + i: i for i in range(9)},
}
CHOOSER_TITLE = "View as which player? (click or number key; V or Esc: back)"
#: Padding inside the chooser and between its rows, in pixels.
CHOOSER_PAD = 14
SWATCH_PX = 18
BACKGROUND = (30, 30, 34)


@dataclass(frozen=True, slots=True)
class ChooserRow:
    """One player in the chooser: where its row is on screen (pixels), its number, name and side."""

    rect: pygame.Rect
    number: int  # 1-based; the number key that picks it (1..9), shown for the first nine
    name: str
    side: str


class ViewAs:
    """What "view as" shows: ``chooser`` open (the list of players over the umpire's map), ``player`` (their
    picture fills the window), or neither (the umpire's map)."""

    def __init__(self) -> None:
        self.chooser = False
        self.player: str | None = None
        # (state, player): the picture at full size; (state, player, window size): it fitted to the window
        self._picture: tuple[Any, str, pygame.Surface] | None = None
        self._fitted: tuple[Any, str, tuple[int, int], pygame.Surface] | None = None

    @property
    def active(self) -> bool:
        """True while the chooser or a picture covers the umpire's map (it takes the keys and the mouse)."""
        return self.chooser or self.player is not None

    def frame_key(self) -> tuple[bool, str | None]:
        return self.chooser, self.player

    def leave(self) -> None:
        """Back to the umpire's map."""
        self.chooser = False
        self.player = None

    # ------------------------------------------------------------------------------------------- choosing
    @staticmethod
    def players(state: Any) -> list[tuple[str, str]]:
        """The scenario's players as (name, side), in the scenario's order."""
        return [(p.name, p.side) for p in state.setup.players]

    def pick(self, state: Any, index: int) -> str | None:
        """Show the picture of the ``index``-th player (0-based); returns their name, None when out of range."""
        players = self.players(state)
        if not 0 <= index < len(players):
            return None
        self.chooser = False
        self.player = players[index][0]
        return self.player

    def rows(self, texts: TextCache, state: Any, text_size: int, area: pygame.Rect) -> tuple[pygame.Rect, list[ChooserRow]]:
        """The chooser's box and its rows, centred in ``area`` (screen pixels); the same for drawing and for
        finding the row under a click."""
        line_h = text_size + 2 * (CHOOSER_PAD // 2) + 4
        labels = [_row_text(i + 1, name, side) for i, (name, side) in enumerate(self.players(state))]
        title = texts.get(CHOOSER_TITLE, text_size, (255, 255, 255), bold=True)
        width = max([title.get_width()] + [texts.get(t, text_size, (255, 255, 255)).get_width() + SWATCH_PX + 12 for t in labels])
        width += 2 * CHOOSER_PAD
        height = title.get_height() + CHOOSER_PAD * 3 + line_h * len(labels)
        box = pygame.Rect(0, 0, min(width, area.width), min(height, area.height))
        box.center = area.center
        top = box.top + CHOOSER_PAD * 2 + title.get_height()
        rows = [
            ChooserRow(pygame.Rect(box.left + CHOOSER_PAD // 2, top + i * line_h, box.width - CHOOSER_PAD, line_h), i + 1, name, side)
            for i, (name, side) in enumerate(self.players(state))
        ]
        return box, rows

    def draw_chooser(self, target: pygame.Surface, texts: TextCache, state: Any, text_size: int, area: pygame.Rect,
                     colours: dict[str, str], hover: tuple[int, int] | None = None) -> None:
        """The list of players over the umpire's map, each with a swatch of their side's colour."""
        box, rows = self.rows(texts, state, text_size, area)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        panel.fill((20, 22, 28, 235))
        target.blit(panel, box.topleft)
        pygame.draw.rect(target, (255, 230, 120), box, 2)
        target.blit(texts.get(CHOOSER_TITLE, text_size, (255, 255, 255), bold=True), (box.left + CHOOSER_PAD, box.top + CHOOSER_PAD))
        for row in rows:
            if hover is not None and row.rect.collidepoint(hover):
                pygame.draw.rect(target, (70, 74, 90), row.rect, border_radius=4)
            swatch = pygame.Rect(row.rect.left + CHOOSER_PAD // 2, row.rect.centery - SWATCH_PX // 2, SWATCH_PX, SWATCH_PX)
            pygame.draw.rect(target, parse_colour(colours.get(row.side, "#808080")), swatch)
            pygame.draw.rect(target, (255, 255, 255), swatch, 1)
            text = texts.get(_row_text(row.number, row.name, row.side), text_size, (255, 255, 255))
            target.blit(text, (swatch.right + 12, row.rect.centery - text.get_height() // 2))

    def row_at(self, texts: TextCache, state: Any, text_size: int, area: pygame.Rect, pos: tuple[int, int]) -> int | None:
        """The 0-based index of the player whose chooser row is under ``pos``, or None."""
        _, rows = self.rows(texts, state, text_size, area)
        return next((row.number - 1 for row in rows if row.rect.collidepoint(pos)), None)

    # ------------------------------------------------------------------------------------------- the picture
    def picture(self, state: Any) -> pygame.Surface:
        """The shown player's picture at full size: ``kriegsspiel.pov.player_picture`` of ``state`` (the round
        in play, as it stands), drawn once per state."""
        from kriegsspiel.pov import player_picture

        assert self.player is not None
        cached = self._picture
        if cached is None or cached[0] is not state or cached[1] != self.player:
            cached = (state, self.player, player_picture(state, self.player))
            self._picture = cached
        return cached[2]

    def draw_picture(self, target: pygame.Surface, texts: TextCache, state: Any, text_size: int, status: str,
                     error: bool) -> None:
        """The whole window: a bar naming whose picture it is, the picture fitted whole between the bars (never
        enlarged), the status line. Nothing of the umpire's board."""
        assert self.player is not None  # the window draws a picture only while a player is chosen
        w, h = target.get_size()
        top, bottom = chrome.TOP_BAR, chrome.STATUS_BAR
        cached = self._fitted
        if cached is None or cached[0] is not state or cached[1] != self.player or cached[2] != (w, h):
            full = self.picture(state)
            pw, ph = full.get_size()
            fit = min(1.0, (w - 8) / pw, (h - top - bottom - 8) / ph)
            size = (max(1, round(pw * fit)), max(1, round(ph * fit)))
            fitted = full if size == (pw, ph) else pygame.transform.smoothscale(full, size)
            cached = (state, self.player, (w, h), fitted)
            self._fitted = cached
        fitted = cached[3]
        target.fill(BACKGROUND)
        target.blit(fitted, ((w - fitted.get_width()) // 2, top + (h - top - bottom - fitted.get_height()) // 2))
        whole = Viewport(0, 0, w, h)
        banner = f"What {self.player} receives, round {state.round} as it stands   (V or Esc: the umpire's map; number: another player; F12: save this picture)"
        chrome.draw_status(target, texts, Viewport(0, 0, w, top), text=banner, error=False, text_size=text_size, projector=False)
        chrome.draw_status(target, texts, whole, text=status, error=error, text_size=text_size, projector=False)

    def save_picture(self, state: Any, folder: Path, number: int) -> Path:
        """Write the shown player's picture as ``<folder>/shot-NNN-<player>.png``: the same bytes as
        ``kriegsspiel pov SAVE --player NAME`` writes for the round in play as it stands (same drawing, same
        metadata-free PNG encoder). Raises OSError when the folder cannot be written."""
        from kriegsspiel.pov.png import player_file_names, write_png

        assert self.player is not None
        names = player_file_names(name for name, _ in self.players(state))
        path = Path(folder) / f"shot-{number:03d}-{names[self.player]}"
        folder.mkdir(parents=True, exist_ok=True)
        write_png(self.picture(state), path)
        return path


def _row_text(number: int, name: str, side: str) -> str:
    key = f"{number}" if number <= 9 else " "
    return f"{key}   {name}  ({side})"


def next_shot_number(folder: Path) -> int:
    """The first N for which no ``shot-NNN*.png`` is in ``folder`` (window frames and players' pictures share
    the numbering, so the files sort in the order they were taken)."""
    n = 1
    while folder.is_dir() and any(folder.glob(f"shot-{n:03d}*.png")):
        n += 1
    return n
