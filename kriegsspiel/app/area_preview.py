"""What ``adjudicate`` would give, shown on the board: a tag under each counter whose order would not simply
succeed (bounced, cut, dislodged, no_convoy...), for as long as the orders stay as they were adjudicated.

The tags are read from the result lines the rule set writes for the umpire (``POWER: ORDER: words``, the
order starting with the unit's kind and place, as Diplomacy writes them); a line of another form (a centre
taken, a rule set that words its results otherwise) gives no tag, and the log still has every line.
"""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from kriegsspiel.core.area import AreaUnit
from kriegsspiel.render.fonts import font

_TAG_BG = (170, 20, 20)
_TAG_INK = (255, 255, 255)


def result_tags(lines: Sequence[str], units: Sequence[AreaUnit]) -> dict[str, str]:
    """uid -> the result words of each unit whose line says more than ``succeeded``."""
    tags: dict[str, str] = {}
    for line in lines:
        head, sep, words = line.rpartition(": ")
        power, colon, order = head.partition(": ")
        tokens = order.split()
        if not sep or not colon or len(tokens) < 2:
            continue
        words = words.split(" (")[0].strip()
        unit = next((u for u in units if u.power == power and u.kind == tokens[0] and (
            u.where == tokens[1] or u.where.split("/")[0] == tokens[1].split("/")[0])), None)
        if unit is not None and words and words != "succeeded":
            tags[unit.uid] = words
    return tags


def draw_tags(target: pygame.Surface, tags: dict[str, str], counters: dict[str, pygame.Rect]) -> None:
    """Each tag in a red box under its unit's counter (screen rectangles from the board's last frame)."""
    face = font(12, bold=True)
    for uid, words in tags.items():
        rect = counters.get(uid)
        if rect is None:
            continue
        text = face.render(words, True, _TAG_INK)
        box = text.get_rect(midtop=(rect.centerx, rect.bottom - 4)).inflate(6, 2)
        pygame.draw.rect(target, _TAG_BG, box, border_radius=3)
        target.blit(text, text.get_rect(center=box.center))
