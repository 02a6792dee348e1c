"""Two helps of the area window: the key of the counters' military symbols under the F1 keys (for rule sets
that name a symbol per unit type, e.g. unit profiles), and the "what to do now" line of each power that
orders in the phase, in the rules' own words (``AreaRules.duty``, which the phone page shows too)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

import pygame

from kriegsspiel.app import chrome
from kriegsspiel.core.area import AreaPosition, AreaRules, AreaUnit
from kriegsspiel.render.area_counters import LegendEntry, draw_legend, legend_entries, legend_height
from kriegsspiel.render.counters import Symbol
from kriegsspiel.render.overlays import TextCache

#: the colour of the key's sample counters: no power's, so that the key reads as a key
KEY_COLOUR = (150, 150, 160)
KEY_TITLE = "Key of the counters (the units on the board)"


def duty_lines(rules: AreaRules, position: AreaPosition) -> list[str]:
    """'Nord: Purchase units: type ...' for each power that orders now (powers told the same, on one line)."""
    by_duty: dict[str, list[str]] = {}
    for power in rules.powers_to_order(position):
        duty = rules.duty(position, power)
        if duty:
            by_duty.setdefault(duty, []).append(power.title())
    return [f"{', '.join(powers)}: {duty}" for duty, powers in by_duty.items()]


def board_key(units: Sequence[AreaUnit], symbols: Mapping[str, tuple[Symbol, str]]) -> list[LegendEntry]:
    """The key of the symbols of ``units`` (those on the board), one entry per symbol."""
    return legend_entries(symbols[u.kind] for u in units if u.kind in symbols)


def draw_help_and_key(surface: pygame.Surface, texts: TextCache, text_size: int, scroll: int,
                      keys: Sequence[tuple[str, str]], title: str, key: Sequence[LegendEntry]) -> tuple[int, pygame.Rect | None]:
    """The F1 help, and under it (when the board's counters are symbols) their key, at most half the window
    high: the keys take the rest and scroll there if they must. Returns the help's scroll and the key's
    rectangle (None without a key)."""
    w, h = surface.get_size()
    if not key:
        return chrome.draw_help(surface, texts, text_size, scroll, keys, title), None
    key_h = min(h // 2, legend_height(key, w - 40))
    top = surface.subsurface(pygame.Rect(0, 0, w, h - key_h - 10))
    scroll = chrome.draw_help(top, texts, text_size, scroll, keys, title)
    shade = pygame.Surface((w, key_h + 10), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 170))
    surface.blit(shade, (0, h - key_h - 10))
    area = pygame.Rect(20, h - key_h - 6, w - 40, key_h)
    draw_legend(surface, area, key, KEY_COLOUR, KEY_TITLE)
    return scroll, area
