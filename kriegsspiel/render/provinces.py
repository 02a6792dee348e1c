"""Drawing a board of provinces (an area game's map): the plain values a board is drawn from, the powers'
colours, and the provinces filled by kind and owner with their borders (render/board_picture.py draws a whole
board with its names, orders and counters on it).

The data come in as plain values (:class:`ProvinceDrawing`, :class:`UnitMark`), so this module knows neither
the Tiled file nor a rule set. Coordinates are the map's pixels, scaled by ``scale`` onto the picture.
"""
from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygame

from kriegsspiel.render.counters import Symbol


#: fill colours by province kind: sea, coast and inland land, impassable
KIND_COLOURS: Mapping[str, tuple[int, int, int]] = {
    "sea": (160, 196, 228),
    "coast": (233, 222, 186),
    "land": (216, 204, 160),
    "impassable": (150, 150, 150),
}
#: home-centre tints of the seven standard powers; other powers get a grey
POWER_COLOURS: Mapping[str, tuple[int, int, int]] = {
    "AUSTRIA": (196, 72, 72),
    "ENGLAND": (80, 80, 200),
    "FRANCE": (70, 160, 220),
    "GERMANY": (90, 90, 90),
    "ITALY": (70, 160, 70),
    "RUSSIA": (150, 90, 170),
    "TURKEY": (210, 170, 40),
}
_BORDER = (70, 60, 50)


@dataclass(frozen=True, slots=True)
class ProvinceDrawing:
    """One province to draw: outline (map pixels), kind, label, supply centre and its owner (if any)."""

    abbreviation: str
    name: str
    kind: str
    outline: tuple[tuple[float, float], ...]
    centre: tuple[float, float]
    supply_centre: bool = False
    home: str | None = None
    owner: str | None = None


@dataclass(frozen=True, slots=True)
class UnitMark:
    """A unit on the board: its kind letter (A, F, W), power, where it stands (map pixels), the province it
    stands in (its counters form a block the province's name stands beside) and whether it was dislodged
    (a red ring); in games whose rule set names symbols, its military ``symbol``, its type's ``name`` (for
    the legend) and the ``hits`` it took (red pips) instead of the letter."""

    letter: str
    power: str
    at: tuple[float, float]
    province: str = ""
    dislodged: bool = False
    symbol: Symbol | None = None
    name: str = ""
    hits: int = 0


@dataclass(frozen=True, slots=True)
class OrderMark:
    """An order's line on the board: ``style`` ``move``, ``support`` or ``convoy``, the ordering ``power``,
    from ``start`` (map pixels, the ordered unit's counter) to ``end`` (the centre of the province ``to``,
    whose counters the line stops at)."""

    style: str
    power: str
    start: tuple[float, float]
    end: tuple[float, float]
    to: str = ""


#: colours for the powers of other area games (unit profiles' NORD and SUD...), chosen by the name's hash
_OTHER_COLOURS = ((200, 60, 60), (60, 90, 200), (60, 150, 70), (200, 140, 30), (140, 70, 170), (40, 150, 160),
                  (150, 100, 60), (200, 80, 150))


def power_colour(power: str | None) -> tuple[int, int, int]:
    """The colour of a power: the standard seven's own; any other power's one of a palette, the same in every
    run (by a hash of its name); grey for no power."""
    name = (power or "").upper()
    if not name:
        return (120, 120, 120)
    if name in POWER_COLOURS:
        return POWER_COLOURS[name]
    digest = int(hashlib.sha256(name.encode("utf-8")).hexdigest(), 16)
    return _OTHER_COLOURS[digest % len(_OTHER_COLOURS)]


def province_fill(province: ProvinceDrawing) -> tuple[int, int, int]:
    """The colour a province is filled with: its kind's, land tinted with its owner's colour."""
    fill = KIND_COLOURS.get(province.kind, KIND_COLOURS["land"])
    if province.owner and province.kind != "sea":
        tint = power_colour(province.owner)
        return (round(fill[0] * 0.65 + tint[0] * 0.35), round(fill[1] * 0.65 + tint[1] * 0.35),
                round(fill[2] * 0.65 + tint[2] * 0.35))
    return fill


def fill_provinces(target: pygame.Surface, provinces: Sequence[ProvinceDrawing], scale: float,
                   origin: tuple[float, float] = (0.0, 0.0), border_px: int | None = None) -> None:
    """Fill ``target`` with the sea, then each province by kind (and owner) with its border: map point ``origin``
    at the target's top-left corner, ``scale`` target pixels per map pixel (the window draws only the part
    of the board in view this way). ``border_px``: the borders' width (default: the scale, at least 1)."""
    target.fill(KIND_COLOURS["sea"])
    ox, oy = origin
    outlines = [[((x - ox) * scale, (y - oy) * scale) for x, y in p.outline] for p in provinces]
    for province, points in zip(provinces, outlines):
        pygame.draw.polygon(target, province_fill(province), points)
    width = border_px if border_px is not None else max(1, round(scale))
    for points in outlines:
        pygame.draw.polygon(target, _BORDER, points, width)
