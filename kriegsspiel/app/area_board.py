"""The board of an area game in the window: the province map seen through the camera (render/camera.py, the
ruler games' one place where map units become screen pixels and back: zoom about the cursor, pan, fit), units
as counters on their provinces, the orders given drawn as arrows, the provinces' names beside their counters,
and the hit tests the mouse needs (which counter, which province is under the pointer)."""
from __future__ import annotations

import math

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import replace

import numpy as np
import pygame

from kriegsspiel.core.area import AreaPosition, AreaUnit
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.pov.area import order_arrows, province_of, stack_points
from kriegsspiel.render.area_arrows import arrow_end, draw_order_line
from kriegsspiel.render.area_counters import counter_px, hit_marks, symbol_counter
from kriegsspiel.render.camera import Camera, Viewport, fit_camera
from kriegsspiel.render.counters import Symbol
from kriegsspiel.render.province_labels import ProvinceShapes, paint_labels, place_labels
from kriegsspiel.render.provinces import ProvinceDrawing, fill_provinces, power_colour
from kriegsspiel.store.area import AreaTurn

#: map pixels between two counters stacked in one province
STACK_OFFSET = 14.0
#: a click within this many map pixels of a counter's middle picks the counter
PICK_RADIUS = 12.0
#: the closest zoom, as a multiple of the scale that fits the whole board (a province then fills the view;
#: beyond that nothing more is to be read)
MAX_ZOOM_OF_FIT = 8.0
#: the colour around the map, where the view shows more than the board
OUTSIDE = (206, 200, 186)


class AreaBoard:
    """The board in a viewport of the window, through a :class:`Camera` (map pixels <-> screen pixels)."""

    def __init__(self, provinces: Sequence[ProvinceDrawing], size_px: tuple[int, int],
                 view_size: tuple[int, int], symbols: Mapping[str, tuple[Symbol, str]] | None = None,
                 destination: Callable[[AreaPosition, str, str], str | None] | None = None) -> None:
        self.provinces = list(provinces)
        #: where an order takes its unit, as the rules say (``AreaRules.destination``), for its arrow
        self.destination = destination
        #: unit kind -> (its military symbol, its name), when the rule set names them (unit profiles): the
        #: counters then show the symbol, larger; otherwise a lettered disc (Diplomacy's A and F)
        self.symbols = dict(symbols or {})
        self.size_px = size_px
        self.centres = {p.abbreviation: p.centre for p in provinces}
        self._outlines = {p.abbreviation: np.asarray(p.outline, dtype=float) for p in provinces}
        self._shapes = ProvinceShapes(provinces)
        self._cache: tuple[tuple[Hashable, ...], pygame.Surface] | None = None
        self._label_cache: tuple[tuple[Camera, AreaTurn], dict[str, pygame.Rect]] | None = None
        self.camera = self.fitted(view_size)
        #: where the last frame drew each province's name and each unit's counter (screen), for hit tests
        self.label_rects: dict[str, pygame.Rect] = {}
        self.counter_rects: dict[str, pygame.Rect] = {}

    # --- the camera -------------------------------------------------------------------------------------

    def fitted(self, view_size: tuple[int, int]) -> Camera:
        """The camera that shows the whole board in a viewport of ``view_size`` (screen pixels) at the
        window's top-left, zoom bounds from half that scale to MAX_ZOOM_OF_FIT times it."""
        camera = fit_camera(self.size_px, Viewport(0, 0, max(1, view_size[0]), max(1, view_size[1])), margin_px=4)
        return replace(camera, max_scale=camera.scale * MAX_ZOOM_OF_FIT)

    def fit(self, view_size: tuple[int, int]) -> None:
        """Show the whole board in a viewport of ``view_size`` (screen pixels): the fit-to-window key."""
        self.camera = self.fitted(view_size)

    def resize(self, view_size: tuple[int, int]) -> None:
        """The window changed size: a fitted board is fitted again, a zoomed one keeps its scale and the
        point at the middle of the view."""
        before = self.fitted((self.camera.viewport.width, self.camera.viewport.height))
        if math.isclose(before.scale, self.camera.scale) and before.origin == self.camera.origin:
            self.fit(view_size)
        else:
            self.camera = self.camera.with_viewport(Viewport(0, 0, max(1, view_size[0]), max(1, view_size[1])))

    def pan(self, dx_px: float, dy_px: float) -> None:
        """Drag the board by (dx, dy) screen pixels (the board follows the hand)."""
        self.camera = self.camera.panned(dx_px, dy_px)

    def zoom(self, at: tuple[int, int], factor: float) -> None:
        """Multiply the scale by ``factor`` (within the bounds), keeping the map point under ``at`` there."""
        self.camera = self.camera.zoomed_about(at[0], at[1], factor)

    def radius(self) -> int:
        """Half a counter's side on screen (pixels) at the present zoom."""
        return counter_px(self.scale) // 2 if self.symbols else counter_radius(self.scale)

    @property
    def scale(self) -> float:
        """Screen pixels per map pixel."""
        return self.camera.scale

    @property
    def view_rect(self) -> pygame.Rect:
        vp = self.camera.viewport
        return pygame.Rect(vp.left, vp.top, vp.width, vp.height)

    def to_screen(self, at: tuple[float, float]) -> tuple[int, int]:
        """The screen pixel of a map point."""
        return self.camera.to_screen_int(WorldPoint(at[0], at[1]))

    def to_map(self, at: tuple[int, int]) -> tuple[float, float]:
        """The map point under a screen pixel."""
        point = self.camera.to_world(at[0], at[1])
        return point.x, point.y

    # --- hit tests --------------------------------------------------------------------------------------

    def unit_points(self, units: Sequence[AreaUnit]) -> list[tuple[AreaUnit, tuple[float, float]]]:
        """Each unit with where its counter stands (map pixels), as the pictures place them."""
        on_map = [u for u in units if province_of(u.where) in self.centres]
        # counters a gap apart at any scale (a map-pixel offset would overlap them when small)
        offset = max(STACK_OFFSET, (2 * self.radius() + 3) / self.scale)
        return list(zip(on_map, stack_points(on_map, self.centres, offset)))

    def unit_at(self, units: Sequence[AreaUnit], screen: tuple[int, int]) -> AreaUnit | None:
        """The unit whose counter is under the screen point (the nearest within the pick radius)."""
        if not self.view_rect.collidepoint(screen):
            return None
        x, y = self.to_map(screen)
        best, best_d = None, max(PICK_RADIUS, (self.radius() + 2) / self.scale)
        for unit, (ux, uy) in self.unit_points(units):
            d = ((ux - x) ** 2 + (uy - y) ** 2) ** 0.5
            if d <= best_d:
                best, best_d = unit, d
        return best

    def province_at(self, screen: tuple[int, int]) -> str | None:
        """The abbreviation of the province under the screen point, or None."""
        if not self.view_rect.collidepoint(screen):
            return None
        x, y = self.to_map(screen)
        return self._shapes.at(x, y)

    def _inside_screen(self, province: str, screen: tuple[int, int]) -> bool:
        x, y = self.to_map(screen)
        return self._shapes.contains(province, x, y)

    # --- drawing ----------------------------------------------------------------------------------------

    def draw(self, target: pygame.Surface, turn: AreaTurn, selected: str | None = None,
             drag_to: tuple[int, int] | None = None, marked: frozenset[str] = frozenset(),
             reach: Mapping[str, bool] | None = None) -> None:
        """Draw the board, the orders, the units and the names of ``turn`` into the viewport of ``target``;
        ``marked``: uids of units drawn with a small notch (those still without an order); ``reach``: the
        provinces the unit being dragged may be dropped on, outlined (True: only by sea, a convoy)."""
        position = turn.position
        view = self.view_rect
        key = (tuple(sorted(position.owners.items())), self.camera)
        if self._cache is None or self._cache[0] != key:
            owned = [replace(p, owner=position.owners.get(p.abbreviation)) for p in self.provinces]
            surface = pygame.Surface(view.size)
            surface.fill(OUTSIDE)
            # the map's own rectangle in the view (panned or zoomed out, the rest is no sea of the map)
            corner = self.to_screen((0.0, 0.0))
            far = self.to_screen((float(self.size_px[0]), float(self.size_px[1])))
            inner = pygame.Rect(corner[0] - view.x, corner[1] - view.y, far[0] - corner[0], far[1] - corner[1])
            inner = inner.clip(surface.get_rect())
            if inner.width > 0 and inner.height > 0:
                at = self.to_map((inner.x + view.x, inner.y + view.y))
                fill_provinces(surface.subsurface(inner), owned, self.scale, at, max(1, min(3, round(self.scale))))
            self._cache = (key, surface)
        clip = target.get_clip()
        target.set_clip(view.clip(clip))
        target.blit(self._cache[1], view.topleft)
        for province, by_sea in (reach or {}).items():
            outline = self._outlines.get(province)
            if outline is not None:
                corners = [self.to_screen((x, y)) for x, y in outline]
                pygame.draw.polygon(target, (255, 255, 255) if by_sea else (255, 215, 0), corners, 4)
        radius = self.radius()
        points = [(unit, self.to_screen(at)) for unit, at in self.unit_points(position.units)]
        blocks: dict[str, pygame.Rect] = {}
        circles = []
        for unit, at in points:
            rect = pygame.Rect(at[0] - radius, at[1] - radius, 2 * radius, 2 * radius)
            circles.append(rect)
            province = province_of(unit.where)
            blocks[province] = blocks[province].union(rect) if province in blocks else rect
        owned_now = {p.abbreviation: position.owners[p.abbreviation] for p in self.provinces
                     if p.abbreviation in position.owners}
        # the orders, then the names placed clear of them and of the counters, then the counters
        lines = self._draw_orders(target, turn, dict((u.uid, at) for u, at in points), blocks)
        # placing the names asks many point-in-province questions: once per camera and turn, not per frame
        label_key = (self.camera, turn)
        if self._label_cache is None or self._label_cache[0] != label_key:
            self._label_cache = (label_key, place_labels(view, self.provinces, self.to_screen, self._inside_screen,
                                                         blocks, circles, self.scale, lines))
        self.label_rects = self._label_cache[1]
        paint_labels(target, self.provinces, owned_now, self.label_rects, self.scale)
        for unit, at in points:
            _counter(target, unit, at, radius, unit.uid == selected, unit.uid in marked, self.symbols.get(unit.kind))
        self.counter_rects = {unit.uid: rect for (unit, _), rect in zip(points, circles)}
        if selected is not None and drag_to is not None:
            start = next((at for u, at in points if u.uid == selected), None)
            if start is not None:
                pygame.draw.line(target, (250, 250, 250), start, drag_to, 5)
                pygame.draw.line(target, (20, 20, 20), start, drag_to, 2)
        target.set_clip(clip)

    def _draw_orders(self, target: pygame.Surface, turn: AreaTurn, counters: dict[str, tuple[int, int]],
                     blocks: dict[str, pygame.Rect]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """The orders as arrows (moves, retreats, missions) and thin lines (supports, convoys), from the
        ordered unit's own counter to the edge of the counters standing where they lead (a head hidden
        under a counter would not say where the unit goes); returns the segments drawn (screen)."""
        at_centre = {c: a for a, c in self.centres.items()}
        drawn: list[tuple[tuple[int, int], tuple[int, int]]] = []
        radius = self.radius()  # lines and heads grow with the counters, as one zooms in
        for order in turn.orders:
            colour = power_colour(order.power)
            moves_to = self.destination(turn.position, order.power, order.text) if self.destination else None
            for style, a, b in order_arrows(order.text, self.centres, moves_to):
                start = counters.get(order.uid or "", self.to_screen(a))
                end = arrow_end(start, self.to_screen(b), blocks.get(at_centre.get(b, "")))
                draw_order_line(target, style, colour, start, end, radius)
                drawn.append((start, (round(end[0]), round(end[1]))))
        return drawn


def counter_radius(scale: float) -> int:
    """A counter's radius on screen (pixels) at ``scale`` screen pixels per map pixel: it grows as one zooms
    in, up to a size that still leaves the province around it in view."""
    return max(10, min(22, round(12 * scale)))


def _counter(target: pygame.Surface, unit: AreaUnit, at: tuple[int, int], radius: int, selected: bool,
             marked: bool, symbol: tuple[Symbol, str] | None = None) -> None:
    ring = (200, 0, 0) if unit.details.get("dislodged") else (20, 20, 20)
    if symbol is not None:
        if selected:
            pygame.draw.rect(target, (255, 230, 0), pygame.Rect(0, 0, 2 * radius + 8, 2 * radius + 8).move(
                at[0] - radius - 4, at[1] - radius - 4), border_radius=max(3, radius // 3))
        plate = symbol_counter(symbol[0], power_colour(unit.power), 2 * radius, hit_marks(unit.label), ring)
        target.blit(plate, plate.get_rect(center=at))
        if marked:
            _notch(target, at, radius)
        return
    if selected:
        pygame.draw.circle(target, (255, 230, 0), at, radius + 4)
    pygame.draw.circle(target, power_colour(unit.power), at, radius)
    pygame.draw.circle(target, ring, at, radius, 2)
    if marked:
        _notch(target, at, radius)
    text = _letters(unit.label[:2] or unit.kind[:1], max(12, min(22, round(radius * 1.1))))
    target.blit(text, text.get_rect(center=at))


def _notch(target: pygame.Surface, at: tuple[int, int], radius: int) -> None:
    """No order yet: a white notch at the counter's top right."""
    notch = (at[0] + round(radius * 0.7), at[1] - round(radius * 0.7))
    pygame.draw.circle(target, (255, 255, 255), notch, max(3, radius // 4))
    pygame.draw.circle(target, (20, 20, 20), notch, max(3, radius // 4), 1)


_LETTERS: dict[tuple[str, int], pygame.Surface] = {}


def _letters(text: str, size: int) -> pygame.Surface:
    """A counter's letters in white, made once per text and size (counters are drawn every frame)."""
    from kriegsspiel.render.fonts import font

    surface = _LETTERS.get((text, size))
    if surface is None:
        if len(_LETTERS) > 2000:
            _LETTERS.clear()
        surface = _LETTERS[(text, size)] = font(size, bold=True).render(text, True, (255, 255, 255))
    return surface
