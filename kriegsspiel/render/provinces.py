"""Drawing a board of provinces (an area game's map): polygons by kind, borders, supply centres, names, and
the units standing on them.

The data come in as plain values (:class:`ProvinceDrawing`, :class:`UnitMark`), so this module knows neither
the Tiled file nor a rule set. Coordinates are the map's pixels, scaled by ``scale`` onto the picture.
"""
from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygame

from kriegsspiel.render.fonts import font

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
_TEXT = (30, 30, 30)


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
    """A unit on the board: its kind letter (A, F, W), power, and where it stands (map pixels)."""

    letter: str
    power: str
    at: tuple[float, float]


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


def draw_board(size_px: tuple[int, int], provinces: Sequence[ProvinceDrawing], scale: float = 1.0,
               units: Sequence[UnitMark] = (), title: str | None = None) -> pygame.Surface:
    """The board as a new surface of ``size_px`` map pixels times ``scale``: provinces filled by kind (land
    owned by a power tinted with its colour), borders, supply centres (a ring; filled with the owner's colour),
    abbreviations, then the units as round counters with their letter."""
    width, height = max(1, round(size_px[0] * scale)), max(1, round(size_px[1] * scale))
    picture = pygame.Surface((width, height))
    fill_provinces(picture, provinces, scale)
    label = font(max(9, round(13 * scale)), bold=True)
    for province in provinces:
        cx, cy = province.centre[0] * scale, province.centre[1] * scale
        if province.supply_centre:
            radius = max(3, round(6 * scale))
            centre = (round(cx), round(cy + 11 * scale))
            pygame.draw.circle(picture, power_colour(province.owner) if province.owner else (250, 250, 250),
                               centre, radius)
            pygame.draw.circle(picture, _TEXT, centre, radius, 1)
        text = label.render(province.abbreviation, True, _TEXT)
        picture.blit(text, text.get_rect(center=(round(cx), round(cy - 4 * scale))))
    counter = font(max(9, round(12 * scale)), bold=True)
    for unit in units:
        x, y = round(unit.at[0] * scale), round(unit.at[1] * scale)
        radius = max(6, round(10 * scale))
        pygame.draw.circle(picture, power_colour(unit.power), (x, y), radius)
        pygame.draw.circle(picture, (20, 20, 20), (x, y), radius, 2)
        text = counter.render(unit.letter, True, (255, 255, 255))
        picture.blit(text, text.get_rect(center=(x, y)))
    if title:
        heading = font(max(12, round(18 * scale)), bold=True).render(title, True, _TEXT)
        box = heading.get_rect(topleft=(8, 8)).inflate(12, 8)
        pygame.draw.rect(picture, (250, 248, 240), box)
        picture.blit(heading, (box.x + 6, box.y + 4))
    return picture
