"""The map under the counters: terrain, structures and zone outlines, cached per zoom in square chunks.

A :class:`MapLayer` starts from a *base image* of the whole map (the Tiled tiles drawn by
``render/tiles.py`` at their own resolution, or, for a map without tile images, one flat-coloured pixel per
raster cell) and draws it at the camera's scale in chunks of ``CHUNK_PX`` screen pixels. A chunk is drawn once
per zoom level and then only blitted, so panning costs a few blits and zooming costs one redraw of the chunks in
view. Chunk edges fall on whole pixels of the zoomed map, so neighbouring chunks join without seams.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pygame

from kriegsspiel.core.battlefield import Battlefield, Structure, Zone
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.render.camera import Camera
from kriegsspiel.render.palette import ROAD, TERRAIN_COLOURS, UNKNOWN_TERRAIN

CHUNK_PX = 512
#: (left, top, right, bottom) in world units
WorldRect = tuple[float, float, float, float]
OFF_MAP = (38, 40, 46)
ZONE_COLOUR = (200, 30, 140)

_STRUCTURE_STYLE: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    # kind: (fill, outline)
    "settlement": ((190, 150, 120), (90, 60, 40)),
    "building": ((170, 120, 100), (70, 40, 30)),
    "bridge": ((150, 110, 70), (60, 40, 20)),
    "road": ((150, 110, 70), (90, 60, 30)),
    "fortification": ((120, 110, 100), (30, 30, 30)),
    "port": ((120, 140, 170), (30, 40, 70)),
    "airfield": ((170, 170, 170), (60, 60, 60)),
}


@dataclass(frozen=True, slots=True)
class BaseImage:
    """The whole map as one image: ``world_per_px`` world units per image pixel in both axes."""

    surface: pygame.Surface
    world_per_px: float


def flat_base_image(battlefield: Battlefield) -> BaseImage:
    """One pixel per raster cell in the flat colour of its terrain (roads drawn over it); what the rules see.

    Used when a map has no tile images to draw. Hexagonal maps are sampled finer (``HEX_SAMPLES`` pixels
    across a hex) so that the hexes keep their shape."""
    grid = battlefield.grid
    if grid.orientation != "orthogonal":
        return _sampled_hex_image(battlefield)
    raster = battlefield.raster()
    lut = np.array([TERRAIN_COLOURS.get(t, UNKNOWN_TERRAIN) for t in raster.terrain_ids] + [OFF_MAP], dtype=np.uint8)
    index = np.where(raster.terrain >= 0, raster.terrain, len(raster.terrain_ids)).astype(np.intp)
    rgb = lut[index]
    rgb[raster.road & (raster.terrain >= 0)] = ROAD
    surface = pygame.surfarray.make_surface(np.ascontiguousarray(rgb.transpose(1, 0, 2)))
    return BaseImage(surface, raster.cell_size)


HEX_SAMPLES = 12


def _sampled_hex_image(battlefield: Battlefield) -> BaseImage:
    grid = battlefield.grid
    step = grid.units_per_tile / HEX_SAMPLES
    width, height = grid.world_size
    cols = max(1, int(math.ceil(width / step)))
    rows = max(1, int(math.ceil(height / step)))
    xs = (np.arange(cols) + 0.5) * step
    ys = (np.arange(rows) + 0.5) * step
    gx, gy = np.meshgrid(xs, ys)
    tc, tr = grid.cells_at(gx, gy)
    off = tc < 0
    tc0, tr0 = np.where(off, 0, tc), np.where(off, 0, tr)
    lut = np.array([TERRAIN_COLOURS.get(t, UNKNOWN_TERRAIN) for t in battlefield.terrain_ids] + [OFF_MAP], dtype=np.uint8)
    index = np.where(off, len(battlefield.terrain_ids), battlefield.terrain[tr0, tc0]).astype(np.intp)
    rgb = lut[index]
    rgb[~off & battlefield.road[tr0, tc0]] = ROAD
    surface = pygame.surfarray.make_surface(np.ascontiguousarray(rgb.transpose(1, 0, 2)))
    return BaseImage(surface, step)


class MapLayer:
    """Draws the map for a camera; chunks are cached per zoom level (least recently used dropped)."""

    def __init__(
        self,
        battlefield: Battlefield,
        base: BaseImage,
        capacity: int = 48,
        smooth_below: float = 1.0,
        structure_style: str = "filled",
    ) -> None:
        self.battlefield = battlefield
        self.base = base
        # "filled" over flat colours; "outline" over Tiled tiles, whose own art must not be painted over.
        self.structure_style = structure_style
        self.capacity = capacity
        self.smooth_below = smooth_below
        self._chunks: OrderedDict[tuple[float, int, int], pygame.Surface] = OrderedDict()
        self.chunks_drawn = 0  # for tests: how many chunks were actually drawn
        self.chunks_refined = 0
        self._rough: set[tuple[float, int, int]] = set()

    def draw(self, target: pygame.Surface, camera: Camera) -> None:
        """Blit the visible chunks at ``camera`` onto ``target`` (clipped to the camera's viewport)."""
        vp = camera.viewport
        scale = camera.scale
        base_x = round(camera.origin.x * scale)
        base_y = round(camera.origin.y * scale)
        first_i = math.floor(base_x / CHUNK_PX)
        first_j = math.floor(base_y / CHUNK_PX)
        last_i = math.floor((base_x + vp.width - 1) / CHUNK_PX)
        last_j = math.floor((base_y + vp.height - 1) / CHUNK_PX)
        clip = target.get_clip()
        target.set_clip(pygame.Rect(vp.left, vp.top, vp.width, vp.height))
        target.fill(OFF_MAP, pygame.Rect(vp.left, vp.top, vp.width, vp.height))
        width_px, height_px = self._map_size_px(scale)
        blits = []
        for j in range(max(first_j, 0), min(last_j, (height_px - 1) // CHUNK_PX) + 1):
            for i in range(max(first_i, 0), min(last_i, (width_px - 1) // CHUNK_PX) + 1):
                chunk = self._chunk(scale, i, j)
                blits.append((chunk, (vp.left + i * CHUNK_PX - base_x, vp.top + j * CHUNK_PX - base_y)))
        target.fblits(blits)
        target.set_clip(clip)

    def _map_size_px(self, scale: float) -> tuple[int, int]:
        w, h = self.battlefield.world_size
        return max(1, math.ceil(w * scale)), max(1, math.ceil(h * scale))

    def _chunk(self, scale: float, i: int, j: int) -> pygame.Surface:
        key = (scale, i, j)
        chunk = self._chunks.get(key)
        if chunk is not None:
            self._chunks.move_to_end(key)
            return chunk
        # A new zoom level is first drawn with the fast nearest-pixel scaling, so the wheel never waits for
        # smooth scaling; :meth:`refine` redraws those chunks smoothly in the frames that follow.
        rough = self._needs_smoothing(scale)
        chunk = self._draw_chunk(scale, i, j, smooth=not rough)
        self.chunks_drawn += 1
        self._chunks[key] = chunk
        if rough:
            self._rough.add(key)
        if len(self._chunks) > self.capacity:
            old, _ = self._chunks.popitem(last=False)
            self._rough.discard(old)
        return chunk

    def _needs_smoothing(self, scale: float) -> bool:
        return scale * self.base.world_per_px < self.smooth_below

    def refine(self, scale: float, budget_seconds: float = 0.008) -> bool:
        """Redraw roughly drawn chunks of zoom ``scale`` smoothly until ``budget_seconds`` are spent.

        Returns True when a chunk was redrawn (the frame must be drawn again). Rough chunks of other zoom levels
        are left alone; they are refined if that zoom comes back."""
        import time

        start = time.perf_counter()
        done = False
        for key in [k for k in self._rough if k[0] == scale]:
            if time.perf_counter() - start > budget_seconds:
                break
            if key in self._chunks:
                self._chunks[key] = self._draw_chunk(*key, smooth=True)
                self.chunks_refined += 1
                done = True
            self._rough.discard(key)
        return done

    def refine_all(self, scale: float) -> None:
        """Redraw every rough chunk of ``scale`` smoothly (for screenshots)."""
        self.refine(scale, budget_seconds=float("inf"))

    def _draw_chunk(self, scale: float, i: int, j: int, smooth: bool = True) -> pygame.Surface:
        width_px, height_px = self._map_size_px(scale)
        w = min(CHUNK_PX, width_px - i * CHUNK_PX)
        h = min(CHUNK_PX, height_px - j * CHUNK_PX)
        chunk = pygame.Surface((w, h))
        chunk.fill(OFF_MAP)
        # Screen pixels of the zoomed map covered by this chunk, as base-image pixels.
        k = scale * self.base.world_per_px  # screen pixels per base pixel
        base_w, base_h = self.base.surface.get_size()
        bx0 = (i * CHUNK_PX) / k
        by0 = (j * CHUNK_PX) / k
        sx0, sy0 = max(0, math.floor(bx0)), max(0, math.floor(by0))
        sx1 = min(base_w, math.ceil((i * CHUNK_PX + w) / k))
        sy1 = min(base_h, math.ceil((j * CHUNK_PX + h) / k))
        if sx1 > sx0 and sy1 > sy0:
            piece = self.base.surface.subsurface(pygame.Rect(sx0, sy0, sx1 - sx0, sy1 - sy0))
            # Size from rounded absolute edges, so neighbouring chunks agree to the pixel.
            left, top = round(sx0 * k), round(sy0 * k)
            size = (max(1, round(sx1 * k) - left), max(1, round(sy1 * k) - top))
            if smooth and k < self.smooth_below:
                scaled = pygame.transform.smoothscale(piece, size)
            else:
                scaled = pygame.transform.scale(piece, size)
            chunk.blit(scaled, (left - i * CHUNK_PX, top - j * CHUNK_PX))
        offset = (i * CHUNK_PX, j * CHUNK_PX)
        world_rect = (offset[0] / scale, offset[1] / scale, (offset[0] + w) / scale, (offset[1] + h) / scale)
        for zone in self.battlefield.zones:
            draw_zone_outline(chunk, zone, scale, offset, world_rect)
        for structure in self.battlefield.structures:
            if self.structure_style == "filled":
                draw_structure(chunk, structure, scale, offset, world_rect)
            else:
                draw_structure_outline(chunk, structure, scale, offset, world_rect)
        return chunk


def _to_chunk(points: Sequence[WorldPoint], scale: float, offset: tuple[int, int]) -> list[tuple[float, float]]:
    return [(p.x * scale - offset[0], p.y * scale - offset[1]) for p in points]


def _touches(points: Sequence[WorldPoint], world_rect: WorldRect, margin_world: float) -> bool:
    xs = [p.x for p in points]
    ys = [p.y for p in points]
    left, top, right, bottom = world_rect
    return not (
        max(xs) < left - margin_world
        or min(xs) > right + margin_world
        or max(ys) < top - margin_world
        or min(ys) > bottom + margin_world
    )


def draw_zone_outline(surface: pygame.Surface, zone: Zone, scale: float, offset: tuple[int, int], world_rect: WorldRect) -> None:
    """A zone as a dashed magenta outline (names are drawn per frame, above the counters)."""
    if len(zone.outline) < 2 or not _touches(zone.outline, world_rect, 4 / scale):
        return
    dashed_outline(surface, ZONE_COLOUR, _to_chunk(zone.outline, scale, offset), 3, 10.0)


def dashed_outline(surface: pygame.Surface, colour: tuple[int, int, int], points: Sequence[tuple[float, float]],
                   width: int, dash: float) -> None:
    """A closed outline through ``points`` (pixels) in dashes of about ``dash`` pixels and gaps as long: the
    zones of the window's map and of the players' pictures."""
    for a, b in zip(points, [*points[1:], *points[:1]]):
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        if length == 0:
            continue
        steps = max(1, int(length // dash))
        for n in range(0, steps, 2):
            t0, t1 = n / steps, min(1.0, (n + 1) / steps)
            pygame.draw.line(
                surface,
                colour,
                (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1),
                width,
            )


def draw_structure(
    surface: pygame.Surface, structure: Structure, scale: float, offset: tuple[int, int], world_rect: WorldRect
) -> None:
    """A structure: its polygon filled in the colour of its kind, or an icon when it is a single point."""
    icon = 7
    if not structure.outline or not _touches(structure.outline, world_rect, (icon + 2) / scale):
        return
    fill, edge = _STRUCTURE_STYLE.get(structure.kind, ((180, 180, 180), (60, 60, 60)))
    pts = _to_chunk(structure.outline, scale, offset)
    if len(pts) >= 3:
        pygame.draw.polygon(surface, fill, pts)
        pygame.draw.polygon(surface, edge, pts, 2)
    elif len(pts) == 2:
        pygame.draw.line(surface, edge, pts[0], pts[1], 6)
        pygame.draw.line(surface, fill, pts[0], pts[1], 3)
    else:
        x, y = pts[0]
        rect = pygame.Rect(0, 0, 2 * icon, 2 * icon)
        rect.center = (round(x), round(y))
        if structure.kind in ("settlement", "building"):
            pygame.draw.rect(surface, fill, rect)
            pygame.draw.rect(surface, edge, rect, 2)
            pygame.draw.polygon(surface, edge, [rect.topleft, (rect.centerx, rect.top - icon), rect.topright])
        elif structure.kind == "airfield":
            pygame.draw.line(surface, edge, rect.bottomleft, rect.topright, 5)
            pygame.draw.line(surface, fill, rect.bottomleft, rect.topright, 2)
        elif structure.kind == "port":
            pygame.draw.circle(surface, fill, rect.center, icon)
            pygame.draw.circle(surface, edge, rect.center, icon, 2)
            pygame.draw.line(surface, edge, (rect.centerx, rect.top + 3), (rect.centerx, rect.bottom - 3), 2)
            pygame.draw.arc(surface, edge, rect.inflate(-4, -4), math.pi, 2 * math.pi, 2)
        elif structure.kind == "fortification":
            pygame.draw.polygon(surface, edge, [rect.midtop, rect.midright, rect.midbottom, rect.midleft], 3)
        else:
            pygame.draw.rect(surface, fill, rect)
            pygame.draw.rect(surface, edge, rect, 2)


def draw_structure_outline(
    surface: pygame.Surface, structure: Structure, scale: float, offset: tuple[int, int], world_rect: WorldRect
) -> None:
    """A structure's extent as a thin dark outline, leaving the tiles' own picture of it visible."""
    if len(structure.outline) < 3 or not _touches(structure.outline, world_rect, 2 / scale):
        return
    pygame.draw.polygon(surface, (60, 45, 30), _to_chunk(structure.outline, scale, offset), 1)
