"""The players' map: the battlefield as printed for everybody, at a whole number of pixels per raster cell.

The base is the map's Tiled tiles, or one pixel per raster cell in the flat colour of its terrain, roads over
it and a light relief shading from the ground heights, scaled up by a whole factor (so every cell is a crisp
block and the picture is the same bytes every time). It holds nothing about units or structures; it is cached
per (battlefield, rule set, window, scale) so that all players of a round share one drawing. Structures and
zones go over it per player (:func:`draw_features`): the structures a player knows differ (``core/fog.py``).
"""
from __future__ import annotations

import math
import weakref
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pygame

from kriegsspiel.core.battlefield import Battlefield, Structure
from kriegsspiel.core.sight import battlefield_sight_terrain
from kriegsspiel.pov.public import PublicMap
from kriegsspiel.render.fonts import font
from kriegsspiel.render.palette import ROAD, TERRAIN_COLOURS, UNKNOWN_TERRAIN

OFF_MAP = (38, 40, 46)
ZONE_COLOUR = (190, 30, 130)
STRUCTURE_STYLE: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    # kind: (fill, outline)
    "settlement": ((196, 150, 118), (92, 60, 40)),
    "building": ((172, 118, 98), (70, 40, 30)),
    "bridge": ((150, 110, 70), (60, 40, 20)),
    "road": ((150, 110, 70), (90, 60, 30)),
    "fortification": ((120, 110, 100), (30, 30, 30)),
    "port": ((120, 140, 170), (30, 40, 70)),
    "airfield": ((176, 176, 176), (60, 60, 60)),
}
#: Strength of the relief shading: the fraction a full-slope cell is lightened or darkened.
RELIEF = 0.22


@dataclass(frozen=True, slots=True)
class Window:
    """A block of raster cells, [row0, row0 + rows) x [col0, col0 + cols), drawn at ``px_per_cell`` pixels."""

    row0: int
    col0: int
    rows: int
    cols: int
    px_per_cell: int
    cell_size: float  # world units per cell

    @property
    def size_px(self) -> tuple[int, int]:
        return self.cols * self.px_per_cell, self.rows * self.px_per_cell

    @property
    def scale(self) -> float:
        """Pixels per world unit."""
        return self.px_per_cell / self.cell_size

    def to_px(self, x: float, y: float) -> tuple[float, float]:
        """Picture pixel of a world point (float; round when drawing)."""
        return (x / self.cell_size - self.col0) * self.px_per_cell, (y / self.cell_size - self.row0) * self.px_per_cell


def _cells_image(battlefield: Battlefield, ruleset: object) -> np.ndarray:
    """RGB (uint8, [column, row, 3] as pygame's surfarray wants) of the whole raster, one pixel per cell."""
    raster = battlefield.raster()
    lut = np.array([TERRAIN_COLOURS.get(t, UNKNOWN_TERRAIN) for t in raster.terrain_ids] + [OFF_MAP], dtype=np.float64)
    on_map = raster.terrain >= 0
    index = np.where(on_map, raster.terrain, len(raster.terrain_ids)).astype(np.intp)
    rgb = lut[index]
    rgb[raster.road & on_map] = ROAD
    # Relief: light from the north-west, so hills read as hills without an elevation legend.
    try:
        ground = battlefield_sight_terrain(battlefield, ruleset).ground
    except (KeyError, AttributeError):
        ground = raster.elevation.astype(np.float64)
    if ground.shape[0] > 1 and ground.shape[1] > 1 and np.ptp(ground) > 0:
        gy, gx = np.gradient(ground)
        shade = np.clip(-(gx + gy) / math.sqrt(2.0), -1.0, 1.0) * RELIEF
        lighter = rgb + (255.0 - rgb) * np.clip(shade, 0.0, None)[..., None]
        rgb = np.where(shade[..., None] > 0, lighter, rgb * (1.0 + np.clip(shade, None, 0.0))[..., None])
    rgb[~on_map] = OFF_MAP
    return np.ascontiguousarray(np.rint(rgb).astype(np.uint8).transpose(1, 0, 2))


_cells_cache: weakref.WeakKeyDictionary[Battlefield, np.ndarray] = weakref.WeakKeyDictionary()
# Keyed by the battlefield itself (hashed by identity, kept alive by the key) so an id is never reused.
_base_cache: OrderedDict[tuple, tuple[object, pygame.Surface]] = OrderedDict()
_BASE_CACHE_SIZE = 4  # a whole-map base is some 16 MB; officer's views add one each


def base_map(public: PublicMap, window: Window) -> pygame.Surface:
    """The map of ``window`` (tiles, or terrain, relief and roads) as a new Surface the caller may draw on."""
    key = (public.battlefield, id(public.ruleset), window)
    hit = _base_cache.get(key)
    if hit is None or hit[0] is not public.ruleset:
        hit = (public.ruleset, _draw_base(public, window))
        _base_cache[key] = hit
        if len(_base_cache) > _BASE_CACHE_SIZE:
            _base_cache.popitem(last=False)
    else:
        _base_cache.move_to_end(key)
    return hit[1].copy()


_tiles_cache: weakref.WeakKeyDictionary[Battlefield, pygame.Surface | None] = weakref.WeakKeyDictionary()


def tile_image(battlefield: Battlefield) -> pygame.Surface | None:
    """The map as its author drew it in Tiled (``render/tiles.py``), one pixel per Tiled pixel, when the
    battlefield came from a .tmx file whose tileset images load; else None (flat colours are drawn instead).
    Cached per battlefield."""
    if battlefield in _tiles_cache:
        return _tiles_cache[battlefield]
    image = None
    source = Path(str(battlefield.source))
    if source.suffix.lower() == ".tmx" and source.is_file():
        try:
            from kriegsspiel.render.tiles import render_map

            image = render_map(source, battlefield)
        except Exception:  # noqa: BLE001 - a map whose tiles cannot be drawn is still drawn in flat colours
            image = None
    _tiles_cache[battlefield] = image
    return image


def _draw_base(public: PublicMap, window: Window) -> pygame.Surface:
    battlefield = public.battlefield
    tiles = tile_image(battlefield)
    if tiles is not None:
        surface = _tiles_in_window(tiles, battlefield, window)
    else:
        cells = _cells_cache.get(battlefield)
        if cells is None:
            cells = _cells_image(battlefield, public.ruleset)
            _cells_cache[battlefield] = cells
        block = cells[window.col0 : window.col0 + window.cols, window.row0 : window.row0 + window.rows]
        small = pygame.surfarray.make_surface(np.ascontiguousarray(block))
        surface = pygame.transform.scale(small, window.size_px)
    return surface


def draw_features(surface: pygame.Surface, public: PublicMap, window: Window,
                  structures: tuple[Structure, ...], name_px: int = 13, mark_px: int = 4) -> None:
    """Draw ``structures`` (those a player knows: ``PlayerView.structures``), the names the printed map gives
    its settlements and buildings, and the zones over a :func:`base_map`. ``name_px``: the type size of the
    settlements' names (pixels); zones' names are a size larger. ``mark_px``: the least side of the square
    that marks a structure standing on one point (pixels; else half a tile).

    Where the base is the map's Tiled tiles, the printed structures are already in the tiles: only the others
    (built during the game) get a mark. A structure built during the game carries no name on the picture.
    """
    printed = {(s.name, s.kind) for s in (public.battlefield.printed_structures or ())}
    _draw_structures(surface, public, window, marked_structures(public, structures), mark_px)
    _draw_structure_names(surface, window, tuple(s for s in structures if (s.name, s.kind) in printed), name_px)
    _draw_zones(surface, public, window, name_px + 1)


def _tiles_in_window(tiles: pygame.Surface, battlefield: Battlefield, window: Window) -> pygame.Surface:
    """The part of the Tiled image under ``window``, scaled to the window's pixels (smoothly)."""
    surface = pygame.Surface(window.size_px)
    surface.fill(OFF_MAP)
    tile_px_per_world = 1.0 / battlefield.grid.world_per_px
    x0 = window.col0 * window.cell_size * tile_px_per_world
    y0 = window.row0 * window.cell_size * tile_px_per_world
    x1 = (window.col0 + window.cols) * window.cell_size * tile_px_per_world
    y1 = (window.row0 + window.rows) * window.cell_size * tile_px_per_world
    src = pygame.Rect(math.floor(x0), math.floor(y0), math.ceil(x1) - math.floor(x0), math.ceil(y1) - math.floor(y0))
    src = src.clip(tiles.get_rect())
    if src.width <= 0 or src.height <= 0:
        return surface
    factor = window.scale / tile_px_per_world  # picture pixels per Tiled pixel
    dest = pygame.Rect(round((src.x - x0) * factor), round((src.y - y0) * factor),
                       max(1, round(src.width * factor)), max(1, round(src.height * factor)))
    piece = tiles.subsurface(src)
    scaled = pygame.transform.smoothscale(piece, dest.size) if factor < 1.0 else pygame.transform.scale(piece, dest.size)
    surface.blit(scaled, dest)
    return surface


def _draw_structure_names(surface: pygame.Surface, window: Window, structures: tuple[Structure, ...],
                          size: int = 13) -> None:
    """Names of settlements and buildings under them, as on a printed map, in type of ``size`` pixels."""
    label_font = font(size)
    for structure in structures:
        if not structure.name or structure.kind not in ("settlement", "building") or not structure.outline:
            continue
        bottom = max(p.y for p in structure.outline)
        cx = sum(p.x for p in structure.outline) / len(structure.outline)
        x, y = window.to_px(cx, bottom)
        text = label_font.render(structure.name, True, (40, 28, 20))
        plate = pygame.Surface((text.get_width() + 4, text.get_height()), pygame.SRCALPHA)
        plate.fill((255, 250, 235, 170))
        plate.blit(text, (2, 0))
        # kept whole inside the picture: a name at the map's edge is not cut
        surface.blit(plate, plate.get_rect(midtop=(round(x), round(y) + 1)).clamp(surface.get_rect()))


def marked_structures(public: PublicMap, structures: tuple[Structure, ...]) -> tuple[Structure, ...]:
    """The structures :func:`draw_features` draws a mark for: all of ``structures`` over flat colours; over
    the map's tiles only those not printed on the map (built during the game)."""
    if tile_image(public.battlefield) is None:
        return structures
    printed = {(s.name, s.kind) for s in (public.battlefield.printed_structures or ())}
    return tuple(s for s in structures if (s.name, s.kind) not in printed)


def point_marks(public: PublicMap, window: Window, structures: tuple[Structure, ...],
                mark_px: int = 4) -> list[pygame.Rect]:
    """Where :func:`draw_features` draws the squares of the structures standing on one point (picture
    pixels), so that counters can keep off them."""
    side = _mark_side(public, window, mark_px)
    marks = []
    for structure in marked_structures(public, structures):
        if len(structure.outline) == 1:
            x, y = window.to_px(structure.outline[0].x, structure.outline[0].y)
            rect = pygame.Rect(0, 0, side, side)
            rect.center = (round(x), round(y))
            marks.append(rect)
    return marks


def _mark_side(public: PublicMap, window: Window, mark_px: int) -> int:
    return max(mark_px, round(window.scale * public.battlefield.grid.units_per_tile * 0.5))


def _draw_structures(surface: pygame.Surface, public: PublicMap, window: Window,
                     structures: tuple[Structure, ...], mark_px: int = 4) -> None:
    mark = _mark_side(public, window, mark_px)
    for structure in structures:
        fill, edge = STRUCTURE_STYLE.get(structure.kind, ((160, 160, 160), (60, 60, 60)))
        points = [window.to_px(p.x, p.y) for p in structure.outline]
        if len(points) >= 3:
            pygame.draw.polygon(surface, fill, points)
            pygame.draw.polygon(surface, edge, points, 1)
        elif len(points) == 2:
            pygame.draw.line(surface, edge, points[0], points[1], max(2, mark // 2))
        elif points:
            x, y = points[0]
            rect = pygame.Rect(0, 0, mark, mark)
            rect.center = (round(x), round(y))
            pygame.draw.rect(surface, fill, rect)
            pygame.draw.rect(surface, edge, rect, 1)


def _draw_zones(surface: pygame.Surface, public: PublicMap, window: Window, size: int = 14) -> None:
    label_font = font(size, bold=True)
    for zone in public.battlefield.zones:
        if len(zone.outline) < 2:
            continue
        points = [window.to_px(p.x, p.y) for p in zone.outline]
        _dashed_polygon(surface, ZONE_COLOUR, points, 2, 8)
        top = min(points, key=lambda p: p[1])
        cx = sum(p[0] for p in points) / len(points)
        text = label_font.render(zone.name, True, (255, 255, 255))
        plate = pygame.Surface((text.get_width() + 6, text.get_height() + 2), pygame.SRCALPHA)
        plate.fill((*ZONE_COLOUR, 200))
        plate.blit(text, (3, 1))
        surface.blit(plate, plate.get_rect(midbottom=(round(cx), round(top[1]) - 2)).clamp(surface.get_rect()))


def _dashed_polygon(surface: pygame.Surface, colour: tuple[int, int, int], points: list[tuple[float, float]],
                    width: int, dash: int) -> None:
    for i in range(len(points)):
        (x0, y0), (x1, y1) = points[i], points[(i + 1) % len(points)]
        length = math.hypot(x1 - x0, y1 - y0)
        steps = max(1, int(length // dash))
        for s in range(0, steps, 2):
            a, b = s / steps, min(1.0, (s + 1) / steps)
            pygame.draw.line(surface, colour, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                             (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), width)
