"""The players' map: the battlefield as printed for everybody, at a whole number of pixels per raster cell.

A picture is drawn through a :class:`~kriegsspiel.render.camera.Camera` fitted to it, as the window draws
through its own: :func:`full_map_camera` (the whole map) and :func:`officer_camera` (around one unit) give
cameras whose scale is a whole number of pixels per raster cell and whose top-left corner is a cell's. The base is the map's Tiled tiles, or one pixel per raster cell in the flat colour of its terrain, roads over
it and a light relief shading from the ground heights, scaled up by a whole factor (so every cell is a crisp
block and the picture is the same bytes every time). It holds nothing about units or structures; it is cached
per (battlefield, rule set, camera) so that all players of a round share one drawing. Structures and
zones go over it per player (:func:`draw_features`): the structures a player knows differ (``core/fog.py``).
"""
from __future__ import annotations

import math
import weakref
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import pygame

from kriegsspiel.core.battlefield import Battlefield, Structure
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.sight import OwnUnit, PlayerView, battlefield_sight_terrain
from kriegsspiel.render.camera import Camera, Viewport
from kriegsspiel.render.fonts import font
from kriegsspiel.render.palette import ROAD, TERRAIN_COLOURS, UNKNOWN_TERRAIN
from kriegsspiel.render.terrain import OFF_MAP, dashed_outline

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


class PrintedMap(Protocol):
    """What every player may know besides their PlayerView (``kriegsspiel.pov.public.PublicMap``): the map as
    printed, the rule set, the sides' colours, the scenario's name and its unit of distance."""

    @property
    def battlefield(self) -> Battlefield: ...

    @property
    def ruleset(self) -> Any: ...

    @property
    def scenario_name(self) -> str: ...

    @property
    def distance_unit(self) -> str: ...

    @property
    def distance_per_world_unit(self) -> float: ...

    def colour_of(self, side: str) -> str: ...


#: The long side of the whole-map picture, in pixels (a whole number of pixels per cell, at most this).
MAP_LONG_SIDE_PX = 2400
#: The long side of an officer's view, in pixels.
OFFICER_LONG_SIDE_PX = 1100
#: The officer's view shows this much more than the unit's sight range around it.
OFFICER_MARGIN = 1.25
MAX_PX_PER_CELL = 48
FOG = (26, 28, 38)
FOG_ALPHA = 132


class UnknownUnit(ValueError):
    """The officer's view asked for a unit the player does not command. The message lists theirs."""


@dataclass(frozen=True, slots=True)
class CellBlock:
    """The raster cells a picture's camera shows, [row0, row0 + rows) x [col0, col0 + cols), at
    ``px_per_cell`` pixels each."""

    row0: int
    col0: int
    rows: int
    cols: int
    px_per_cell: int


def cells_camera(block: CellBlock, cell_size: float) -> Camera:
    """The camera of a picture of ``block`` (cells of ``cell_size`` world units): its viewport is the whole
    picture, its origin the block's top-left corner; it does not zoom."""
    scale = block.px_per_cell / cell_size
    viewport = Viewport(0, 0, block.cols * block.px_per_cell, block.rows * block.px_per_cell)
    return Camera(scale, WorldPoint(block.col0 * cell_size, block.row0 * cell_size), viewport, scale, scale)


def cell_block(camera: Camera, cell_size: float) -> CellBlock:
    """The cells a camera of :func:`cells_camera` shows."""
    k = max(1, round(camera.scale * cell_size))
    return CellBlock(round(camera.origin.y / cell_size), round(camera.origin.x / cell_size),
                     max(1, camera.viewport.height // k), max(1, camera.viewport.width // k), k)


def full_map_camera(public: PrintedMap, long_side_px: int = MAP_LONG_SIDE_PX) -> Camera:
    """The whole raster at the largest whole number of pixels per cell that fits ``long_side_px``."""
    raster = public.battlefield.raster()
    rows, cols = raster.shape
    k = max(1, min(MAX_PX_PER_CELL, long_side_px // max(rows, cols)))
    return cells_camera(CellBlock(0, 0, rows, cols, k), float(raster.cell_size))


def officer_camera(public: PrintedMap, view: PlayerView, unit_id: str,
                   long_side_px: int = OFFICER_LONG_SIDE_PX) -> tuple[Camera, OwnUnit]:
    """The camera around the player's unit ``unit_id``: its sight range times :data:`OFFICER_MARGIN` (at
    least six tiles) each way, clipped to the map. Raises UnknownUnit when the player does not command it."""
    unit = next((u for u in view.own_units if u.commanded and u.id == unit_id), None)
    if unit is None:
        mine = ", ".join(u.id for u in view.own_units if u.commanded) or "none"
        raise UnknownUnit(f"{view.player} commands no unit {unit_id!r}; their units: {mine}")
    raster = public.battlefield.raster()
    rows, cols = raster.shape
    cell = float(raster.cell_size)
    sight_range = float(public.ruleset.unit_type(unit.type_id).sight_range)
    reach = max(sight_range * OFFICER_MARGIN, 6.0 * public.battlefield.grid.units_per_tile)
    c0 = max(0, int(math.floor((unit.position.x - reach) / cell)))
    c1 = min(cols, int(math.ceil((unit.position.x + reach) / cell)))
    r0 = max(0, int(math.floor((unit.position.y - reach) / cell)))
    r1 = min(rows, int(math.ceil((unit.position.y + reach) / cell)))
    c1, r1 = max(c1, c0 + 1), max(r1, r0 + 1)
    k = max(1, min(MAX_PX_PER_CELL, long_side_px // max(r1 - r0, c1 - c0)))
    return cells_camera(CellBlock(r0, c0, r1 - r0, c1 - c0, k), cell), unit


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


def base_map(public: PrintedMap, camera: Camera) -> pygame.Surface:
    """The map under ``camera`` (of :func:`cells_camera`: tiles, or terrain, relief and roads) as a new Surface
    the caller may draw on."""
    key = (public.battlefield, id(public.ruleset), camera)
    hit = _base_cache.get(key)
    if hit is None or hit[0] is not public.ruleset:
        hit = (public.ruleset, _draw_base(public, camera))
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


def _draw_base(public: PrintedMap, camera: Camera) -> pygame.Surface:
    battlefield = public.battlefield
    tiles = tile_image(battlefield)
    block = cell_block(camera, float(battlefield.raster().cell_size))
    if tiles is not None:
        surface = _tiles_in_view(tiles, battlefield, camera)
    else:
        cells = _cells_cache.get(battlefield)
        if cells is None:
            cells = _cells_image(battlefield, public.ruleset)
            _cells_cache[battlefield] = cells
        part = cells[block.col0 : block.col0 + block.cols, block.row0 : block.row0 + block.rows]
        small = pygame.surfarray.make_surface(np.ascontiguousarray(part))
        surface = pygame.transform.scale(small, (camera.viewport.width, camera.viewport.height))
    return surface


def draw_features(surface: pygame.Surface, public: PrintedMap, camera: Camera,
                  structures: tuple[Structure, ...], name_px: int = 13, mark_px: int = 4) -> None:
    """Draw ``structures`` (those a player knows: ``PlayerView.structures``), the names the printed map gives
    its settlements and buildings, and the zones over a :func:`base_map`. ``name_px``: the type size of the
    settlements' names (pixels); zones' names are a size larger. ``mark_px``: the least side of the square
    that marks a structure standing on one point (pixels; else half a tile).

    Where the base is the map's Tiled tiles, the printed structures are already in the tiles: only the others
    (built during the game) get a mark. A structure built during the game carries no name on the picture.
    """
    printed = {(s.name, s.kind) for s in (public.battlefield.printed_structures or ())}
    _draw_structures(surface, public, camera, marked_structures(public, structures), mark_px)
    _draw_structure_names(surface, camera, tuple(s for s in structures if (s.name, s.kind) in printed), name_px)
    _draw_zones(surface, public, camera, name_px + 1)


def _tiles_in_view(tiles: pygame.Surface, battlefield: Battlefield, camera: Camera) -> pygame.Surface:
    """The part of the Tiled image under ``camera``, scaled to the picture's pixels (smoothly)."""
    surface = pygame.Surface((camera.viewport.width, camera.viewport.height))
    surface.fill(OFF_MAP)
    tile_px_per_world = 1.0 / battlefield.grid.world_per_px
    left, top, right, bottom = camera.visible_world_rect()
    x0, y0 = left * tile_px_per_world, top * tile_px_per_world
    x1, y1 = right * tile_px_per_world, bottom * tile_px_per_world
    src = pygame.Rect(math.floor(x0), math.floor(y0), math.ceil(x1) - math.floor(x0), math.ceil(y1) - math.floor(y0))
    src = src.clip(tiles.get_rect())
    if src.width <= 0 or src.height <= 0:
        return surface
    factor = camera.scale / tile_px_per_world  # picture pixels per Tiled pixel
    dest = pygame.Rect(round((src.x - x0) * factor), round((src.y - y0) * factor),
                       max(1, round(src.width * factor)), max(1, round(src.height * factor)))
    piece = tiles.subsurface(src)
    scaled = pygame.transform.smoothscale(piece, dest.size) if factor < 1.0 else pygame.transform.scale(piece, dest.size)
    surface.blit(scaled, dest)
    return surface


def _draw_structure_names(surface: pygame.Surface, camera: Camera, structures: tuple[Structure, ...],
                          size: int = 13) -> None:
    """Names of settlements and buildings under them, as on a printed map, in type of ``size`` pixels."""
    label_font = font(size)
    for structure in structures:
        if not structure.name or structure.kind not in ("settlement", "building") or not structure.outline:
            continue
        bottom = max(p.y for p in structure.outline)
        cx = sum(p.x for p in structure.outline) / len(structure.outline)
        x, y = camera.to_screen(WorldPoint(cx, bottom))
        text = label_font.render(structure.name, True, (40, 28, 20))
        plate = pygame.Surface((text.get_width() + 4, text.get_height()), pygame.SRCALPHA)
        plate.fill((255, 250, 235, 170))
        plate.blit(text, (2, 0))
        # kept whole inside the picture: a name at the map's edge is not cut
        surface.blit(plate, plate.get_rect(midtop=(round(x), round(y) + 1)).clamp(surface.get_rect()))


def marked_structures(public: PrintedMap, structures: tuple[Structure, ...]) -> tuple[Structure, ...]:
    """The structures :func:`draw_features` draws a mark for: all of ``structures`` over flat colours; over
    the map's tiles only those not printed on the map (built during the game)."""
    if tile_image(public.battlefield) is None:
        return structures
    printed = {(s.name, s.kind) for s in (public.battlefield.printed_structures or ())}
    return tuple(s for s in structures if (s.name, s.kind) not in printed)


def point_marks(public: PrintedMap, camera: Camera, structures: tuple[Structure, ...],
                mark_px: int = 4) -> list[pygame.Rect]:
    """Where :func:`draw_features` draws the squares of the structures standing on one point (picture
    pixels), so that counters can keep off them."""
    side = _mark_side(public, camera, mark_px)
    marks = []
    for structure in marked_structures(public, structures):
        if len(structure.outline) == 1:
            x, y = camera.to_screen(structure.outline[0])
            rect = pygame.Rect(0, 0, side, side)
            rect.center = (round(x), round(y))
            marks.append(rect)
    return marks


def _mark_side(public: PrintedMap, camera: Camera, mark_px: int) -> int:
    return max(mark_px, round(camera.scale * public.battlefield.grid.units_per_tile * 0.5))


def _draw_structures(surface: pygame.Surface, public: PrintedMap, camera: Camera,
                     structures: tuple[Structure, ...], mark_px: int = 4) -> None:
    mark = _mark_side(public, camera, mark_px)
    for structure in structures:
        fill, edge = STRUCTURE_STYLE.get(structure.kind, ((160, 160, 160), (60, 60, 60)))
        points = [camera.to_screen(p) for p in structure.outline]
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


def _draw_zones(surface: pygame.Surface, public: PrintedMap, camera: Camera, size: int = 14) -> None:
    label_font = font(size, bold=True)
    for zone in public.battlefield.zones:
        if len(zone.outline) < 2:
            continue
        points = [camera.to_screen(p) for p in zone.outline]
        dashed_outline(surface, ZONE_COLOUR, points, 2, 8)
        top = min(points, key=lambda p: p[1])
        cx = sum(p[0] for p in points) / len(points)
        text = label_font.render(zone.name, True, (255, 255, 255))
        plate = pygame.Surface((text.get_width() + 6, text.get_height() + 2), pygame.SRCALPHA)
        plate.fill((*ZONE_COLOUR, 200))
        plate.blit(text, (3, 1))
        surface.blit(plate, plate.get_rect(midbottom=(round(cx), round(top[1]) - 2)).clamp(surface.get_rect()))
