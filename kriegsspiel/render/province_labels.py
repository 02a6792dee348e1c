"""Province names on an area board, placed where the counters leave them legible: the one placement of the
umpire's window (app/area_board.py) and of the players' pictures (pov/area.py, draw_board).

A province's abbreviation (and its supply-centre dot) stand at its centre when nobody is there; when units
stand there, their counters form a block about the centre, and the name moves beside the block: above it,
else below, right or left, the first place that is inside the province and clear of every counter. Each name
has a light halo, so an arrow or a border running under it does not break it up.

The placement sees only the counters it is given: a player's picture hands it the units that power may see,
so a hidden unit moves no name (a name set aside for it would betray it by a pixel).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial

import pygame

import numpy as np

from kriegsspiel.render.fonts import font
from kriegsspiel.render.provinces import ProvinceDrawing, power_colour

_TEXT = (30, 30, 30)
_HALO = (250, 248, 238)
#: screen pixels between a counter block and the name beside it
GAP = 2


def label_size(scale: float) -> int:
    """The names' type size (points) at ``scale`` screen pixels per map pixel: legible when the whole
    standard board fits a laptop screen, not shouting when zoomed in."""
    return max(11, min(20, round(13 * scale)))


Segment = tuple[tuple[int, int], tuple[int, int]]


def place_label(size: tuple[int, int], centre: tuple[int, int], block: pygame.Rect | None,
                inside: Callable[[tuple[int, int]], bool], counters: Sequence[pygame.Rect],
                lines: Sequence[Segment] = ()) -> pygame.Rect:
    """Where a name of ``size`` (w, h screen pixels) goes: beside ``block`` (the screen rectangle its
    counters cover; None: nobody is there, the name stands at the province's ``centre``), on the first side
    whose middle is ``inside`` the province, that covers none of ``counters`` (every counter on the board)
    and that no order's line crosses (``lines``, so that an arrow's head shows): above, below, right, left;
    failing that, the first side clear of counters, even if a line or border crosses it."""
    w, h = size
    at_centre = pygame.Rect(centre[0] - w // 2, centre[1] - h // 2 - 2, w, h)
    if block is None:
        candidates = [at_centre, at_centre.move(0, -h), at_centre.move(0, h)]
    else:
        candidates = [
            pygame.Rect(block.centerx - w // 2, block.top - GAP - h, w, h),
            pygame.Rect(block.centerx - w // 2, block.bottom + GAP, w, h),
            pygame.Rect(block.right + GAP, block.centery - h // 2, w, h),
            pygame.Rect(block.left - GAP - w, block.centery - h // 2, w, h),
        ]
    others = list(counters)

    def clear(rect: pygame.Rect) -> bool:
        return rect.collidelist(others) < 0

    for rect in candidates:
        if inside(rect.center) and clear(rect) and not any(rect.clipline(a, b) for a, b in lines):
            return rect
    for rect in candidates:
        if inside(rect.center) and clear(rect):
            return rect
    for rect in candidates:  # a small province: clear of the counters, even if it runs over a border
        if clear(rect):
            return rect
    return candidates[0]


def place_labels(view: pygame.Rect, provinces: Sequence[ProvinceDrawing],
                 to_screen: Callable[[tuple[float, float]], tuple[int, int]],
                 inside: Callable[[str, tuple[int, int]], bool], blocks: Mapping[str, pygame.Rect],
                 counters: Sequence[pygame.Rect], scale: float, lines: Sequence[Segment] = ()) -> dict[str, pygame.Rect]:
    """Where each name in (or near) ``view`` goes (screen rectangles, the supply-centre dot's room included),
    by :func:`place_label`. ``blocks``: province -> the screen rectangle of its counters; ``inside(province,
    point)``: whether a screen point is in that province; ``lines``: the orders' segments the names keep clear
    of where they can."""
    face = font(label_size(scale), bold=True)
    placed: dict[str, pygame.Rect] = {}
    dot = _dot(scale)
    near = view.inflate(200, 200)
    for province in provinces:
        centre = to_screen(province.centre)
        if not province.abbreviation or not near.collidepoint(centre):
            continue  # far out of view: nothing of it would show
        w, h = face.size(province.abbreviation)
        extra = 2 * dot + 3 if province.supply_centre else 0
        placed[province.abbreviation] = place_label((w + extra, h), centre, blocks.get(province.abbreviation),
                                                    partial(inside, province.abbreviation), counters, lines)
    return placed


def paint_labels(target: pygame.Surface, provinces: Sequence[ProvinceDrawing], owners: Mapping[str, str],
                 placed: Mapping[str, pygame.Rect], scale: float) -> None:
    """Draw each placed name on its halo, after its supply-centre dot (filled with the owner's colour)."""
    face = font(label_size(scale), bold=True)
    dot = _dot(scale)
    for province in provinces:
        rect = placed.get(province.abbreviation)
        if rect is None:
            continue
        x, y = rect.x + (2 * dot + 3 if province.supply_centre else 0), rect.y
        target.blit(_haloed(province.abbreviation, face, label_size(scale)), (x - 1, y - 1))
        if province.supply_centre:
            at = (rect.x + dot + 1, rect.centery)
            owner = owners.get(province.abbreviation)
            pygame.draw.circle(target, power_colour(owner) if owner else (250, 250, 250), at, dot)
            pygame.draw.circle(target, _TEXT, at, dot, 1)


_HALOED: dict[tuple[str, int], pygame.Surface] = {}


def _haloed(text: str, face: pygame.font.Font, size: int) -> pygame.Surface:
    """``text`` in dark ink on a light halo one pixel wide, made once per text and size (names are drawn
    every frame)."""
    key = (text, size)
    surface = _HALOED.get(key)
    if surface is None:
        if len(_HALOED) > 2000:
            _HALOED.clear()
        ink, halo = face.render(text, True, _TEXT), face.render(text, True, _HALO)
        surface = pygame.Surface((ink.get_width() + 2, ink.get_height() + 2), pygame.SRCALPHA)
        for dx in (0, 1, 2):
            for dy in (0, 1, 2):
                surface.blit(halo, (dx, dy))
        surface.blit(ink, (1, 1))
        _HALOED[key] = surface
    return surface


def _dot(scale: float) -> int:
    return max(3, min(6, round(5 * scale)))


class ProvinceShapes:
    """The provinces' outlines as numpy arrays, for the question "is this map point in that province?" (the
    names' placement asks it several times per name, the window's hit tests on each click)."""

    def __init__(self, provinces: Sequence[ProvinceDrawing]) -> None:
        outlines = {p.abbreviation: np.asarray(p.outline, dtype=float).reshape(-1, 2) for p in provinces}
        #: province -> (left, top, right, bottom) of its outline, map pixels
        self.bounds = {a: (float(o[:, 0].min()), float(o[:, 1].min()), float(o[:, 0].max()), float(o[:, 1].max()))
                       for a, o in outlines.items() if len(o)}
        # each polygon's edges as (x, y, previous x, previous y) arrays
        self._edges = {a: (o[:, 0], o[:, 1], np.roll(o[:, 0], 1), np.roll(o[:, 1], 1))
                       for a, o in outlines.items() if len(o)}

    def contains(self, province: str, x: float, y: float) -> bool:
        """Whether the map point (x, y) is inside ``province`` (False for a province without an outline)."""
        box = self.bounds.get(province)
        return box is not None and box[0] <= x <= box[2] and box[1] <= y <= box[3] and _inside(x, y, self._edges[province])

    def at(self, x: float, y: float) -> str | None:
        """The province the map point (x, y) is in, or None."""
        for abbr in self.bounds:
            if self.contains(abbr, x, y):
                return abbr
        return None


_SHAPES: dict[tuple[tuple[str, int], ...], tuple[list[tuple[tuple[float, float], ...]], ProvinceShapes]] = {}


def shapes_of(provinces: Sequence[ProvinceDrawing]) -> ProvinceShapes:
    """The :class:`ProvinceShapes` of ``provinces``, made once per set of outlines (each picture of a game
    draws the same outlines with other owners; making the arrays took a third of a picture's time)."""
    key = tuple((p.abbreviation, id(p.outline)) for p in provinces)
    cached = _SHAPES.get(key)
    if cached is None:
        if len(_SHAPES) > 8:
            _SHAPES.clear()
        # the outlines are kept with the shapes, so their ids in the key cannot be reused by other tuples
        cached = _SHAPES[key] = ([p.outline for p in provinces], ProvinceShapes(provinces))
    return cached[1]


def _inside(x: float, y: float, edges: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]) -> bool:
    """Whether the map point (x, y) is inside the polygon whose ``edges`` are (x, y, previous x, previous y)
    arrays (even-odd rule)."""
    xs, ys, px, py = edges
    crosses = (ys > y) != (py > y)
    with np.errstate(divide="ignore", invalid="ignore"):
        at = px + (y - py) * (xs - px) / (ys - py)
    return bool(np.count_nonzero(crosses & (x < at)) % 2)
