"""The counters of area games whose rule set names a military symbol for each unit type (unit profiles), and
their legend: a square plate in the power's colour with the APP-6 frame and sign (render/counters.py's
painter, shared with the ruler games) and the unit's hit marks as red pips under it. Games without symbols
(Diplomacy's A and F) keep their lettered discs.

Everything comes in as plain values: the legend is made from the counters drawn, so a player's picture keys
only what that player sees.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import pygame

from kriegsspiel.core.area import UnitSymbol
from kriegsspiel.render.counters import Symbol, draw_symbol
from kriegsspiel.render.fonts import font
from kriegsspiel.render.palette import Colour, blend

INK = (20, 20, 24)
HIT = (210, 30, 30)
#: the weight letter (L, H...) of an area counter is at least this large (pygame font size)
MIN_TAG_PX = 11
#: legend rows: a sample counter of this size (pixels) and its names beside it
LEGEND_SAMPLE_PX = 30
LEGEND_TEXT_PX = 13
LEGEND_COLUMN_PX = 210


def symbol_of(symbol: UnitSymbol) -> Symbol:
    """The drawing's symbol for a rule set's :class:`UnitSymbol`."""
    return Symbol(symbol.frame, symbol.glyph, symbol.text, symbol.weight)


def symbols_by_kind(symbols: Mapping[str, UnitSymbol]) -> dict[str, tuple[Symbol, str]]:
    """A rule set's symbols as the drawing takes them: unit kind -> (symbol, the type's name)."""
    return {kind: (symbol_of(s), s.name or kind) for kind, s in symbols.items()}


def hit_marks(label: str) -> int:
    """The hits a counter's label shows: its trailing ``*`` (a unit-profiles "Inf**" took two)."""
    return len(label) - len(label.rstrip("*"))


#: the frame's height as a fraction of its width, by frame (land and installation: APP-6's 2:3)
_FRAME_HEIGHT = {"sea": 0.86, "air": 0.8, "subsurface": 0.8}


def counter_px(scale: float) -> int:
    """The side (pixels) of a symbol counter on a board drawn at ``scale`` pixels per map pixel: large enough
    that the letters in a ship's circle read (26 at the least), not so large that a stack leaves its province."""
    return max(26, min(44, round(32 * scale)))


_FRAME_ORDER = {"land": 0, "installation": 1, "air": 2, "sea": 3, "subsurface": 4}
_CACHE: dict[tuple[Symbol, Colour, int, int, Colour], pygame.Surface] = {}


def symbol_counter(symbol: Symbol, colour: Colour, size_px: int, hits: int = 0, ring: Colour = INK) -> pygame.Surface:
    """A counter of ``size_px`` square: the plate in the power's ``colour`` edged with ``ring``, the frame
    (the colour lightened, as on the ruler counters) and its sign, ``hits`` red pips at the foot. Made once
    per look (counters are drawn every frame)."""
    key = (symbol, colour, size_px, hits, ring)
    surface = _CACHE.get(key)
    if surface is not None:
        return surface
    if len(_CACHE) > 2000:
        _CACHE.clear()
    s = size_px
    surface = pygame.Surface((s, s), pygame.SRCALPHA)
    plate = surface.get_rect()
    radius = max(2, s // 6)
    pygame.draw.rect(surface, colour, plate, border_radius=radius)
    pygame.draw.rect(surface, ring, plate, 2, border_radius=radius)
    width = s - 2 * max(2, round(s * 0.1))
    # round frames take the plate's height too, so that their letters are as large as can be
    height = round(width * _FRAME_HEIGHT.get(symbol.frame, 0.68))
    box = pygame.Rect(0, 0, width, height)
    box.center = (s // 2, s // 2 - (max(2, s // 12) if hits else 0) - (height // 8 if symbol.frame == "subsurface" else 0))
    draw_symbol(surface, symbol, box, blend((colour[0], colour[1], colour[2]), (255, 255, 255), 0.6), s, MIN_TAG_PX)
    if hits:
        pip = max(2, s // 12)
        y = s - pip - 2
        for i in range(min(hits, 4)):
            x = s // 2 + round((i - (min(hits, 4) - 1) / 2) * (2 * pip + 2))
            pygame.draw.circle(surface, HIT, (x, y), pip)
            pygame.draw.circle(surface, (255, 255, 255), (x, y), pip, 1)
    _CACHE[key] = surface
    return surface


@dataclass(frozen=True, slots=True)
class LegendEntry:
    """One line of a legend: a ``symbol`` and the names of the unit types it stands for."""

    symbol: Symbol
    names: tuple[str, ...]

    @property
    def words(self) -> str:
        return ", ".join(self.names)


def legend_entries(drawn: Iterable[tuple[Symbol, str]]) -> list[LegendEntry]:
    """The legend of the counters ``drawn`` (symbol, type name): one entry per symbol, its types' names in
    the order met; land units first, then installations, aircraft, ships and submarines, each in the order
    of their first counter; nothing that was not drawn."""
    names: dict[Symbol, list[str]] = {}
    for symbol, name in drawn:
        seen = names.setdefault(symbol, [])
        if name not in seen:
            seen.append(name)
    entries = [LegendEntry(symbol, tuple(n)) for symbol, n in names.items()]
    return sorted(entries, key=lambda e: _FRAME_ORDER.get(e.symbol.frame, len(_FRAME_ORDER)))  # stable: land first


def legend_layout(entries: Sequence[LegendEntry], width_px: int) -> tuple[int, int]:
    """(columns, rows) of the legend's entries in ``width_px``."""
    columns = max(1, min(len(entries), width_px // LEGEND_COLUMN_PX))
    return columns, -(-len(entries) // columns) if entries else 0


def legend_height(entries: Sequence[LegendEntry], width_px: int) -> int:
    """The pixels a legend of ``entries`` takes in a strip ``width_px`` wide (0 for none)."""
    if not entries:
        return 0
    _, rows = legend_layout(entries, width_px)
    return 26 + rows * (LEGEND_SAMPLE_PX + 4) + 6


def draw_legend(target: pygame.Surface, area: pygame.Rect, entries: Sequence[LegendEntry], colour: Colour,
                title: str = "Key", background: Colour = (250, 248, 240), ink: Colour = INK) -> list[pygame.Rect]:
    """The legend in ``area`` of ``target``: ``title``, then in columns each symbol drawn as a counter of
    ``colour`` with its types' names (cut to the column, never running into the next); rows that do not fit
    are left out and the last shown says how many. Returns each entry's rectangle (screen), in order."""
    pygame.draw.rect(target, background, area)
    pygame.draw.rect(target, ink, area, 1)
    head = font(LEGEND_TEXT_PX + 2, bold=True).render(title, True, ink)
    target.blit(head, (area.x + 8, area.y + 5))
    columns, _ = legend_layout(entries, area.width - 16)
    column_w = (area.width - 16) // columns
    step = LEGEND_SAMPLE_PX + 4
    room = max(0, (area.bottom - area.y - 26) // step) * columns
    shown = list(entries) if len(entries) <= room else list(entries)[: max(0, room - 1)]
    face = font(LEGEND_TEXT_PX)
    rects = []
    for i, entry in enumerate(shown):
        column, row = i % columns, i // columns
        at = pygame.Rect(area.x + 8 + column * column_w, area.y + 26 + row * step, column_w - 6, LEGEND_SAMPLE_PX)
        target.blit(symbol_counter(entry.symbol, colour, LEGEND_SAMPLE_PX), at.topleft)
        words = _cut(entry.words, face, at.width - LEGEND_SAMPLE_PX - 6)
        text = face.render(words, True, ink)
        target.blit(text, text.get_rect(midleft=(at.x + LEGEND_SAMPLE_PX + 6, at.centery)))
        rects.append(at)
    if len(shown) < len(entries):
        column, row = len(shown) % columns, len(shown) // columns
        more = face.render(f"... {len(entries) - len(shown)} more", True, ink)
        target.blit(more, (area.x + 8 + column * column_w, area.y + 26 + row * step + 8))
    return rects


def _cut(text: str, face: pygame.font.Font, width_px: int) -> str:
    if face.size(text)[0] <= width_px:
        return text
    while len(text) > 1 and face.size(text + "…")[0] > width_px:
        text = text[:-1]
    return text + "…"
