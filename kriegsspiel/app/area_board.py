"""The board of an area game in the window: the province map fitted to the board's part of the window, units
as counters on their provinces, the orders given drawn as arrows, and the hit tests the mouse needs (which
counter, which province is under the pointer)."""
from __future__ import annotations

import math

from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import pygame

from kriegsspiel.core.area import AreaUnit
from kriegsspiel.pov.area import draw_orders, province_of
from kriegsspiel.render.provinces import ProvinceDrawing, draw_board
from kriegsspiel.store.area_timeline import AreaTurn

#: map pixels between two counters stacked in one province
STACK_OFFSET = 14.0
#: a click within this many map pixels of a counter's middle picks the counter
PICK_RADIUS = 12.0


class AreaBoard:
    """The board drawn at a scale that fits ``view_size`` (screen pixels), map pixels <-> screen pixels."""

    def __init__(self, provinces: Sequence[ProvinceDrawing], size_px: tuple[int, int],
                 view_size: tuple[int, int]) -> None:
        self.provinces = list(provinces)
        self.size_px = size_px
        self.centres = {p.abbreviation: p.centre for p in provinces}
        self._outlines = {p.abbreviation: np.asarray(p.outline, dtype=float) for p in provinces}
        self.scale = 1.0
        self.fit(view_size)
        self._cache: tuple[tuple, pygame.Surface] | None = None

    def fit(self, view_size: tuple[int, int]) -> None:
        """Scale the board to fit ``view_size`` (screen pixels)."""
        self.scale = max(0.1, min(view_size[0] / max(1, self.size_px[0]), view_size[1] / max(1, self.size_px[1])))
        self._cache = None

    def to_screen(self, at: tuple[float, float]) -> tuple[int, int]:
        return round(at[0] * self.scale), round(at[1] * self.scale)

    def to_map(self, at: tuple[int, int]) -> tuple[float, float]:
        return at[0] / self.scale, at[1] / self.scale

    def unit_points(self, units: Sequence[AreaUnit]) -> list[tuple[AreaUnit, tuple[float, float]]]:
        """Each unit with where its counter stands (map pixels), as the pictures place them."""
        on_map = [u for u in units if province_of(u.where) in self.centres]
        # counters a gap apart at any scale (a map-pixel offset would overlap them when small)
        offset = max(STACK_OFFSET, (2 * counter_radius(self.scale) + 3) / self.scale)
        return list(zip(on_map, stack_points(on_map, self.centres, offset)))

    def unit_at(self, units: Sequence[AreaUnit], screen: tuple[int, int]) -> AreaUnit | None:
        """The unit whose counter is under the screen point (the nearest within the pick radius)."""
        x, y = self.to_map(screen)
        best, best_d = None, max(PICK_RADIUS, 14 / self.scale)
        for unit, (ux, uy) in self.unit_points(units):
            d = ((ux - x) ** 2 + (uy - y) ** 2) ** 0.5
            if d <= best_d:
                best, best_d = unit, d
        return best

    def province_at(self, screen: tuple[int, int]) -> str | None:
        """The abbreviation of the province under the screen point, or None."""
        x, y = self.to_map(screen)
        for abbr, pts in self._outlines.items():
            if _inside(x, y, pts):
                return abbr
        return None

    def draw(self, target: pygame.Surface, turn: AreaTurn, selected: str | None = None,
             drag_to: tuple[int, int] | None = None) -> None:
        """Draw the board, the units and the orders of ``turn`` onto ``target`` at (0, 0)."""
        position = turn.position
        key = (tuple(sorted(position.owners.items())), self.scale)
        if self._cache is None or self._cache[0] != key:
            owned = [replace(p, owner=position.owners.get(p.abbreviation)) for p in self.provinces]
            self._cache = (key, draw_board(self.size_px, owned, self.scale))
        target.blit(self._cache[1], (0, 0))
        draw_orders(target, [(o.power, o.text) for o in turn.orders], self.centres, self.scale)
        for unit, at in self.unit_points(position.units):
            _counter(target, unit, self.to_screen(at), self.scale, unit.uid == selected)
        if selected is not None and drag_to is not None:
            start = next((self.to_screen(at) for u, at in self.unit_points(position.units) if u.uid == selected), None)
            if start is not None:
                pygame.draw.line(target, (250, 250, 250), start, drag_to, 5)
                pygame.draw.line(target, (20, 20, 20), start, drag_to, 2)


def counter_radius(scale: float) -> int:
    """A counter's radius on screen (pixels) at ``scale`` screen pixels per map pixel."""
    return max(10, round(12 * scale))


def stack_points(units: Sequence[AreaUnit], centres: dict[str, tuple[float, float]],
                 offset: float) -> list[tuple[float, float]]:
    """Where each unit's counter stands (map pixels), in the order of ``units`` (all on the map): the units of
    one province in a block of rows about its centre, ``offset`` apart (a dozen units in a territory make
    a 4 x 3 block that stays near the province instead of a row running into its neighbours); a dislodged
    unit half a counter lower, so it shows beside the one that took its place."""
    counts: dict[str, int] = {}
    for u in units:
        counts[province_of(u.where)] = counts.get(province_of(u.where), 0) + 1
    seen: dict[str, int] = {}
    points = []
    for u in units:
        province = province_of(u.where)
        n, i = counts[province], seen.get(province, 0)
        seen[province] = i + 1
        columns = math.ceil(math.sqrt(n))
        rows = math.ceil(n / columns)
        row, column = divmod(i, columns)
        in_row = min(columns, n - row * columns)
        cx, cy = centres[province]
        x = cx + (column - (in_row - 1) / 2) * offset
        y = cy + (row - (rows - 1) / 2) * offset + (offset / 2 if u.details.get("dislodged") else 0.0)
        points.append((x, y))
    return points


def _counter(target: pygame.Surface, unit: AreaUnit, at: tuple[int, int], scale: float, selected: bool) -> None:
    from kriegsspiel.render.fonts import font
    from kriegsspiel.render.provinces import power_colour

    radius = counter_radius(scale)
    if selected:
        pygame.draw.circle(target, (255, 230, 0), at, radius + 4)
    pygame.draw.circle(target, power_colour(unit.power), at, radius)
    ring = (200, 0, 0) if unit.details.get("dislodged") else (20, 20, 20)
    pygame.draw.circle(target, ring, at, radius, 2)
    text = font(max(12, round(13 * scale)), bold=True).render(unit.label[:2] or unit.kind[:1], True, (255, 255, 255))
    target.blit(text, text.get_rect(center=at))


def _inside(x: float, y: float, pts: np.ndarray) -> bool:
    inside = False
    x0, y0 = pts[-1]
    for x1, y1 in pts:
        if (y1 > y) != (y0 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
        x0, y0 = x1, y1
    return inside
