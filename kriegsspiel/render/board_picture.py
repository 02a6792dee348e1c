"""A whole board of provinces as one picture (the players' pictures of area games and ``preview``): the
provinces by kind and owner, the orders' lines, each province's name placed clear of the counters and lines
(render/province_labels.py, the umpire's window's placement), then the units as counters and a title.

Everything drawn comes in as plain values: a player's picture hands in only what that power may see, so the
names' places depend on nothing else.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from kriegsspiel.render.area_arrows import arrow_end, draw_order_line
from kriegsspiel.render.area_counters import (
    LegendEntry, counter_px, draw_legend, legend_entries, legend_height, symbol_counter,
)
from kriegsspiel.render.fonts import font
from kriegsspiel.render.province_labels import Segment, paint_labels, place_labels, shapes_of
from kriegsspiel.render.provinces import OrderMark, ProvinceDrawing, UnitMark, fill_provinces, power_colour

_TEXT = (30, 30, 30)
#: the key's sample counters are of no power's colour, the strip under the board of the page's
KEY_COLOUR = (150, 150, 160)
_KEY_BACKGROUND = (250, 248, 240)


def mark_radius(scale: float, symbols: bool = False) -> int:
    """A counter's radius (pixels) on a picture drawn at ``scale`` pixels per map pixel (half the side of
    a symbol counter, larger so that its sign reads, when ``symbols``)."""
    return counter_px(scale) // 2 if symbols else max(6, round(10 * scale))


def stack_offset(scale: float, symbols: bool = False) -> float:
    """Map pixels between two counters of one province on a picture at ``scale``: a gap of three pixels
    between them at any scale, never less than 14 map pixels."""
    return max(14.0, (2 * mark_radius(scale, symbols) + 3) / scale)


def key_of(units: Sequence[UnitMark]) -> list[LegendEntry]:
    """The key of the symbols of ``units`` (those that carry one), as the strip under the board lists it."""
    return legend_entries((u.symbol, u.name) for u in units if u.symbol is not None)


def key_height(units: Sequence[UnitMark], width_px: int) -> int:
    """The pixels the key strip adds under a board ``width_px`` wide drawing ``units`` (0 without symbols)."""
    return legend_height(key_of(units), width_px - 16)


def counter_rects(units: Sequence[UnitMark], scale: float = 1.0) -> list[pygame.Rect]:
    """Where each of ``units``' counters is drawn (pixels on a board at ``scale``, in the order of ``units``):
    the square of the counter's side about its point. The one layout of the picture's counters: the phone's
    tap layer takes its buttons from it, so a tap on a counter lands on that unit."""
    radius = mark_radius(scale, any(u.symbol is not None for u in units))
    rects = []
    for unit in units:
        x, y = round(unit.at[0] * scale), round(unit.at[1] * scale)
        rects.append(pygame.Rect(x - radius, y - radius, 2 * radius, 2 * radius))
    return rects


@dataclass(frozen=True, slots=True)
class DrawnBoard:
    """A board drawn: the ``surface``, and where (pixels on it) each province's name and each counter (in
    the order of the units given) went, for those who check the picture."""

    surface: pygame.Surface
    labels: dict[str, pygame.Rect]
    counters: list[pygame.Rect]
    title: pygame.Rect | None
    key: pygame.Rect | None = None
    key_entries: tuple[LegendEntry, ...] = ()


def paint_board(size_px: tuple[int, int], provinces: Sequence[ProvinceDrawing], scale: float = 1.0,
                units: Sequence[UnitMark] = (), title: str | None = None,
                orders: Sequence[OrderMark] = ()) -> DrawnBoard:
    """Draw the board onto a new surface of ``size_px`` map pixels times ``scale``: provinces filled by kind
    (land owned by a power tinted with its colour) with borders; ``orders`` as arrows from their unit's
    counter to the edge of the counters where they lead; each name on a halo beside its province's
    counters (inside the province, clear of every counter, the title and, where it can, the lines), after
    its supply-centre dot in the owner's colour; the units as round counters (or, where they carry a military
    symbol, square ones, with a key of the symbols drawn in a strip under the board); ``title`` at the top
    left, or in the first other corner where it covers no counter."""
    width, height = max(1, round(size_px[0] * scale)), max(1, round(size_px[1] * scale))
    # the key lists the symbols of the counters drawn here and nothing else: a player's picture gets only
    # the units it may see, so its key names no unit type it may not see
    key = key_of(units)
    key_h = key_height(units, width)
    whole = pygame.Surface((width, height + key_h))
    picture = whole.subsurface(pygame.Rect(0, 0, width, height))
    fill_provinces(picture, provinces, scale)

    def to_screen(at: tuple[float, float]) -> tuple[int, int]:
        return round(at[0] * scale), round(at[1] * scale)

    radius = mark_radius(scale, bool(key))
    circles = counter_rects(units, scale)
    blocks: dict[str, pygame.Rect] = {}
    for unit, rect in zip(units, circles):
        if unit.province:
            blocks[unit.province] = blocks[unit.province].union(rect) if unit.province in blocks else rect
    lines: list[Segment] = []
    for order in orders:
        start = to_screen(order.start)
        end = arrow_end(start, to_screen(order.end), blocks.get(order.to))
        draw_order_line(picture, order.style, power_colour(order.power), start, end, radius)
        lines.append((start, (round(end[0]), round(end[1]))))
    heading, box = None, None
    if title:
        heading = font(max(12, round(18 * scale)), bold=True).render(title, True, _TEXT)
        box = _title_box(heading.get_rect(), picture.get_rect(), circles)
    shapes = shapes_of(provinces)
    placed = place_labels(picture.get_rect(), provinces, to_screen,
                          lambda abbr, at: shapes.contains(abbr, at[0] / scale, at[1] / scale),
                          blocks, circles + ([box] if box else []), scale, lines)
    owners = {p.abbreviation: p.owner for p in provinces if p.owner}
    paint_labels(picture, provinces, owners, placed, scale)
    letters = font(max(9, round(12 * scale)), bold=True)
    for unit, rect in zip(units, circles):
        if unit.symbol is not None:
            ring = (200, 0, 0) if unit.dislodged else (20, 20, 20)
            picture.blit(symbol_counter(unit.symbol, power_colour(unit.power), 2 * radius, unit.hits, ring), rect)
            continue
        pygame.draw.circle(picture, power_colour(unit.power), rect.center, radius)
        pygame.draw.circle(picture, (200, 0, 0) if unit.dislodged else (20, 20, 20), rect.center, radius, 2)
        text = letters.render(unit.letter, True, (255, 255, 255))
        picture.blit(text, text.get_rect(center=rect.center))
    if heading is not None and box is not None:
        pygame.draw.rect(picture, (250, 248, 240), box)
        picture.blit(heading, (box.x + 6, box.y + 4))
    key_rect = None
    if key:
        whole.fill(_KEY_BACKGROUND, pygame.Rect(0, height, width, key_h))
        key_rect = pygame.Rect(8, height + 2, width - 16, key_h - 6)
        draw_legend(whole, key_rect, key, KEY_COLOUR, "Key")
    return DrawnBoard(whole, placed, circles, box, key_rect, tuple(key))


def draw_board(size_px: tuple[int, int], provinces: Sequence[ProvinceDrawing], scale: float = 1.0,
               units: Sequence[UnitMark] = (), title: str | None = None,
               orders: Sequence[OrderMark] = ()) -> pygame.Surface:
    """The surface of :func:`paint_board`."""
    return paint_board(size_px, provinces, scale, units, title, orders).surface


def _title_box(text: pygame.Rect, board: pygame.Rect, counters: Sequence[pygame.Rect]) -> pygame.Rect:
    """Where the title (``text``'s size) is drawn on ``board``: the top left corner, else the top right, bottom
    left or bottom right, the first whose box covers none of ``counters`` (a player must see every counter
    of its picture); the top left when every corner covers one."""
    size = text.inflate(12, 8).size
    corners = [pygame.Rect((2, 4), size), pygame.Rect((board.width - size[0] - 2, 4), size),
               pygame.Rect((2, board.height - size[1] - 4), size),
               pygame.Rect((board.width - size[0] - 2, board.height - size[1] - 4), size)]
    for box in corners:
        if box.collidelist(list(counters)) < 0:
            return box
    return corners[0]
