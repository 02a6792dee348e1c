"""The umpire's notes on a map (``note``): arrows, lines and text, drawn the same way on the umpire's window and
on a player's picture. Only the point transform differs (the window's camera, the picture's window), so
what the player receives is what the umpire drew.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

import pygame

from kriegsspiel.core.game import UMPIRE_ONLY
from kriegsspiel.render.fonts import font

#: a player's note: a deep orange that no terrain, side or zone colour uses, on a white halo
NOTE_INK = (214, 72, 0)
#: a note for the umpire alone, in the umpire's window: violet, so it is never mistaken for a player's
UMPIRE_INK = (128, 40, 170)
HALO = (255, 255, 255)

ToPixels = Callable[[Any], tuple[float, float]]


def draw_notes(target: pygame.Surface, notes: Iterable[Any], to_px: ToPixels, width_px: int, text_px: int,
               tag: Callable[[Any], str | None] | None = None) -> None:
    """Draw ``notes`` (``MapNote`` values: shape, start, end, text, audience) on ``target``; ``to_px`` turns
    a world point into pixels of ``target``. ``width_px`` is the line width, ``text_px`` the font size.
    ``tag(note)``: a small label beside each note (the umpire's window names whom it is for), None: none."""
    for note in notes:
        ink = UMPIRE_INK if note.audience == UMPIRE_ONLY else NOTE_INK
        start = to_px(note.start)
        if note.shape == "text":
            _text(target, note.text, start, ink, text_px)
            anchor = start
        else:
            end = to_px(note.end)
            _line(target, start, end, ink, width_px, arrow=note.shape == "arrow")
            anchor = end
        label = tag(note) if tag is not None else None
        if label:
            small = font(max(10, text_px * 2 // 3))
            surface = small.render(label, True, ink, HALO)
            target.blit(surface, (round(anchor[0]) + 6, round(anchor[1]) + 4))


def _line(target: pygame.Surface, a: tuple[float, float], b: tuple[float, float], ink: tuple[int, int, int],
          width: int, arrow: bool) -> None:
    for colour, w in ((HALO, width + 4), (ink, width)):
        pygame.draw.line(target, colour, a, b, w)
    if not arrow:
        return
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    size = max(10.0, 4.0 * width)
    head = [b] + [(b[0] - size * math.cos(angle + s * 0.45), b[1] - size * math.sin(angle + s * 0.45)) for s in (-1, 1)]
    pygame.draw.polygon(target, HALO, head, 0)
    pygame.draw.polygon(target, HALO, head, 4)
    pygame.draw.polygon(target, ink, head, 0)


def _text(target: pygame.Surface, text: str, at: tuple[float, float], ink: tuple[int, int, int], size: int) -> None:
    face = font(size, bold=True)
    surface = face.render(text, True, ink, HALO)
    rect = surface.get_rect()
    # the point is the start of the text's baseline side: a small pin marks it
    rect.midleft = (round(at[0]) + 6, round(at[1]))
    pygame.draw.circle(target, HALO, (round(at[0]), round(at[1])), 5)
    pygame.draw.circle(target, ink, (round(at[0]), round(at[1])), 3)
    target.blit(surface, rect)
