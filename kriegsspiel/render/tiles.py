"""Drawing Tiled tile layers with pygame, headless: the map as its author drew it, and the map as the rules read it.

Images are loaded here, never by the map loader: ``kriegsspiel.tiled`` reads terrain without a display. Our
pytmx image loader uses ``pygame.image.load`` and converts nothing, so it works with SDL_VIDEODRIVER=dummy
and before any window exists. Tiles are drawn as Tiled draws them: each tile's bottom-left corner on its
cell's bottom-left corner (tiles taller than the grid reach up), flips applied, hex cells laid out by
``kriegsspiel.core.battlefield._hexgrid``.
"""
from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import pygame

from kriegsspiel.core import battlefield as hexgrid
from kriegsspiel.core.battlefield import Battlefield
from kriegsspiel.render.palette import ROAD, TERRAIN_COLOURS, UNKNOWN_TERRAIN
from kriegsspiel.render.terrain import BaseImage

#: Colours of the rules' view (``kriegsspiel preview --terrain``) beyond the terrain colours.
IMPASSABLE_HATCH = (20, 20, 30)
ZONE_OUTLINE = (200, 30, 140)
STRUCTURE_OUTLINE = (40, 30, 20)
UNIT_MARK = (230, 230, 240)
LEGEND_BACKGROUND = (250, 250, 245)
LEGEND_TEXT = (20, 20, 20)
OFF_MAP = (38, 40, 46)


class TileImageError(ValueError):
    """A tileset image cannot be loaded; the message names the file and what to do."""


def _image_loader(filename: str, colorkey: Any, **kwargs: Any) -> Callable[..., pygame.Surface | None]:
    """pytmx image loader: one ``pygame.image.load`` per image file, subsurfaces per tile, flips applied.

    ``kwargs`` is pytmx's loader protocol (it passes ``tileset=``); nothing here reads it.
    """
    from pytmx.util_pygame import handle_transformation

    try:
        image = pygame.image.load(filename)
    except (pygame.error, FileNotFoundError, OSError) as exc:
        what = "save the image again as PNG" if os.path.isfile(filename) else "check the path in the tileset"
        raise TileImageError(f"{filename}: cannot load the tileset image ({exc}); {what}") from None
    if colorkey:
        image.set_colorkey(pygame.Color(f"#{str(colorkey).lstrip('#')}"))

    def load(rect: tuple[int, int, int, int] | None = None, flags: Any = None) -> pygame.Surface:
        tile = image
        if rect:
            bounds = pygame.Rect(rect).clip(image.get_rect())
            tile = image.subsurface(bounds)
        if flags:
            tile = handle_transformation(tile, flags)
        return tile

    return load


def load_tiled_images(path: str | os.PathLike[str]) -> Any:
    """The pytmx map with every tile image loaded as a pygame Surface (no display needed).

    Call after ``kriegsspiel.tiled`` accepted the map. Raises TileImageError naming an image that cannot
    be loaded.
    """
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pytmx

    try:
        return pytmx.TiledMap(os.fspath(path), image_loader=_image_loader)
    except TileImageError:
        raise
    except Exception as exc:  # pytmx raises bare Exceptions
        raise TileImageError(f"{os.fspath(path)}: cannot draw the map ({exc}); run kriegsspiel check on it") from None


def _cell_origins(tmx: Any, columns: np.ndarray, rows: np.ndarray, grid: Any) -> tuple[np.ndarray, np.ndarray]:
    """Bottom-left corners (pixels) of the cells, where Tiled anchors a tile's image."""
    if grid.orientation == "hexagonal":
        x, y = hexgrid.top_left_pixel(grid, columns, rows)
        return x, y + hexgrid.hex_params(grid).tile_height
    return columns * float(tmx.tilewidth), (rows + 1) * float(tmx.tileheight)


class _ScaledImages:
    """Tile images scaled once per gid; at scale 1 the images themselves."""

    def __init__(self, tmx: Any, scale: float) -> None:
        self.tmx = tmx
        self.scale = scale
        self.cache: dict[int, pygame.Surface | None] = {}

    def get(self, gid: int) -> pygame.Surface | None:
        if gid in self.cache:
            return self.cache[gid]
        images = self.tmx.images
        image = images[gid] if 0 <= gid < len(images) else None
        if image is not None and self.scale != 1.0:
            # one pixel more than the exact size, so that neighbouring tiles overlap rather than leave seams
            size = (max(1, math.ceil(image.get_width() * self.scale)), max(1, math.ceil(image.get_height() * self.scale)))
            # nearest pixels: smoothing each tile alone would leave see-through seams at its edges
            image = pygame.transform.scale(image, size)
        self.cache[gid] = image
        return image


def _scale(image: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    try:
        return pygame.transform.smoothscale(image, size)
    except ValueError:  # smoothscale needs 24 or 32 bit images
        return pygame.transform.scale(image, size)


def draw_tile_layers(
    surface: pygame.Surface, tmx: Any, battlefield: Battlefield, hidden: bool = False, scale: float = 1.0
) -> None:
    """Draw every tile layer of ``tmx`` onto ``surface`` at ``scale`` surface pixels per Tiled pixel.

    Layers are drawn bottom to top in the map's order with their opacity and offsets; invisible layers
    are skipped unless ``hidden``.
    """
    import pytmx

    grid = battlefield.grid
    images = _ScaledImages(tmx, scale)
    for layer in _layers_in_order(tmx):
        if not isinstance(layer, pytmx.TiledTileLayer):
            continue
        if not hidden and not _truthy(getattr(layer, "visible", True)):
            continue
        gids = np.asarray(layer.data, dtype=np.int64)
        rows, cols = np.nonzero(gids)
        if rows.size == 0:
            continue
        ox, oy = _cell_origins(tmx, cols, rows, grid)
        ox = (ox + float(getattr(layer, "offsetx", 0) or 0)) * scale
        oy = (oy + float(getattr(layer, "offsety", 0) or 0)) * scale
        opacity = float(getattr(layer, "opacity", 1.0) or 0.0)
        target = surface
        if opacity < 1.0:
            target = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        blits = []
        for gid, x, y in zip(gids[rows, cols].tolist(), ox.tolist(), oy.tolist()):
            image = images.get(gid)
            if image is None:
                continue
            # anchor the tile's exact (unrounded) height on the cell's bottom; any extra pixel overlaps below
            native_height = tmx.images[gid].get_height()
            blits.append((image, (math.floor(x), math.floor(y - native_height * scale))))
        target.blits(blits, doreturn=False)
        if target is not surface:
            target.set_alpha(round(255 * opacity))
            surface.blit(target, (0, 0))


def draw_tile_objects(surface: pygame.Surface, tmx: Any, hidden: bool = False, scale: float = 1.0) -> None:
    """Draw the tile objects (objects with a gid: structures, decoration) of the object layers, as Tiled does.

    Units are left out: counters come from the game state, and a unit drawn into the map picture would show
    players where the map's author put the enemy. pytmx has already moved tile objects' origin from the
    bottom-left to the top-left corner.
    """
    import pytmx

    for layer in _layers_in_order(tmx):
        if not isinstance(layer, pytmx.TiledObjectGroup):
            continue
        if not hidden and not _truthy(getattr(layer, "visible", True)):
            continue
        role = str(layer.properties.get("role", "") or layer.name or "").strip().lower()
        for obj in layer:
            image = obj.image if obj.gid else None
            if image is None or _is_unit(obj, role):
                continue
            size = (max(1, round(obj.width * scale)), max(1, round(obj.height * scale)))
            if image.get_size() != size:
                image = _scale(image, size)
            if obj.rotation:
                # Tiled turns tile objects about their bottom-left corner, clockwise.
                pivot = pygame.math.Vector2(obj.x, obj.y + obj.height) * scale
                turned = pygame.transform.rotate(image, -obj.rotation)
                centre = pivot + pygame.math.Vector2(size[0] / 2, -size[1] / 2).rotate(obj.rotation)
                surface.blit(turned, turned.get_rect(center=(round(centre.x), round(centre.y))))
            else:
                surface.blit(image, (round(obj.x * scale), round(obj.y * scale)))


def _is_unit(obj: Any, layer_role: str) -> bool:
    kind = obj.type or getattr(obj, "class", None) or obj.properties.get("type") or obj.properties.get("class")
    if kind:
        return str(kind).strip().lower() == "unit"
    return layer_role == "units"


def _truthy(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip() not in ("0", "false", "")
    return bool(value)


def _layers_in_order(tmx: Any) -> list[Any]:
    """pytmx groups layers by kind; Tiled's draw order is the order of their ids in the file."""
    return sorted(tmx.layers, key=lambda layer: int(getattr(layer, "id", 0) or 0))


def render_map(path: str | os.PathLike[str], battlefield: Battlefield, scale: float = 1.0) -> pygame.Surface:
    """The map as its author drew it, ``scale`` picture pixels per Tiled pixel, on the off-map colour.

    Tiles are scaled before they are drawn, so a small picture of a big map never needs the big one.
    Raises TileImageError when a tileset image cannot be loaded, ValueError for a scale that is not positive.
    """
    if not scale > 0:
        raise ValueError(f"the scale must be positive, got {scale}")
    tmx = load_tiled_images(path)
    width, height = battlefield.grid.pixel_size
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    if scale != 1.0 and width * height <= FULL_SIZE_FIRST_PX:
        # Smoothing the whole picture once keeps hex edges and tile seams clean.
        return _scale(_draw_map(tmx, battlefield, (width, height), 1.0), size)
    return _draw_map(tmx, battlefield, size, scale)


#: Up to this many Tiled pixels a scaled picture is drawn full size first and then smoothed.
FULL_SIZE_FIRST_PX = 40_000_000


def _draw_map(tmx: Any, battlefield: Battlefield, size: tuple[int, int], scale: float) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill(OFF_MAP)
    draw_tile_layers(surface, tmx, battlefield, scale=scale)
    draw_tile_objects(surface, tmx, scale=scale)
    return surface


def tile_base_image(path: str | os.PathLike[str], battlefield: Battlefield) -> BaseImage:
    """The map's tiles as the window's base image (``render.terrain.BaseImage``), at the tiles' own resolution.

    Raises TileImageError when a tileset image cannot be loaded.
    """
    return BaseImage(render_map(path, battlefield), battlefield.grid.world_per_px)


# ---- the rules' view ---------------------------------------------------------------------------------

def terrain_colour(terrain_id: str) -> tuple[int, int, int]:
    """The flat colour of a terrain id in the rules' view."""
    return TERRAIN_COLOURS.get(terrain_id, UNKNOWN_TERRAIN)


def render_rules_view(battlefield: Battlefield, impassable: Sequence[str] = (), px_per_tile: int = 16) -> pygame.Surface:
    """What the rules read: each tile in its terrain's flat colour, roads and bridges in road brown over it,
    terrain in ``impassable`` hatched, zones outlined, structures and unit placements marked.

    ``px_per_tile`` is the size of one tile's width on the picture.
    """
    grid = battlefield.grid
    scale = px_per_tile / grid.tile_width_px
    width, height = grid.pixel_size
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    surface = pygame.Surface(size)
    surface.fill(OFF_MAP)
    lut = np.array([terrain_colour(t) for t in battlefield.terrain_ids], dtype=np.uint8)
    blocked = np.array([t in impassable for t in battlefield.terrain_ids], dtype=bool)
    rgb = lut[battlefield.terrain]
    if grid.orientation == "orthogonal":
        cell = pygame.surfarray.make_surface(np.ascontiguousarray(rgb.transpose(1, 0, 2)))
        surface.blit(pygame.transform.scale(cell, size), (0, 0))
        _hatch_cells(surface, battlefield, blocked, scale)
        _road_cells(surface, battlefield, scale)
    else:
        for row in range(grid.rows):
            for col in range(grid.columns):
                pts = [(x * scale, y * scale) for x, y in hexgrid.corners_pixel(grid, col, row)]
                colour = tuple(int(v) for v in rgb[row, col])
                pygame.draw.polygon(surface, colour, pts)
                if blocked[battlefield.terrain[row, col]]:
                    _hatch_polygon(surface, pts)
                if px_per_tile >= 24:
                    pygame.draw.polygon(surface, (0, 0, 0), pts, 1)
        _road_hexes(surface, battlefield, scale, px_per_tile)
    _draw_objects(surface, battlefield, scale)
    return surface


def _hatch_cells(surface: pygame.Surface, battlefield: Battlefield, blocked: np.ndarray, scale: float) -> None:
    """Diagonal hatching over impassable tiles, continuous across neighbouring tiles."""
    mask_cells = blocked[battlefield.terrain] & ~battlefield.road
    if not mask_cells.any():
        return
    w, h = surface.get_size()
    grid = battlefield.grid
    xs = np.arange(w)
    ys = np.arange(h)
    cols = np.minimum((xs / (grid.tile_width_px * scale)).astype(int), grid.columns - 1)
    rows = np.minimum((ys / (grid.tile_height_px * scale)).astype(int), grid.rows - 1)
    inside = mask_cells[rows[None, :], cols[:, None]]  # [x, y]
    spacing = max(6, round(grid.tile_width_px * scale / 3))
    stripes = ((xs[:, None] + ys[None, :]) % spacing) < max(1, spacing // 5)
    pixels = pygame.surfarray.pixels3d(surface)
    pixels[inside & stripes] = IMPASSABLE_HATCH
    del pixels


def _hatch_polygon(surface: pygame.Surface, pts: list[tuple[float, float]]) -> None:
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    spacing = max(6.0, (x1 - x0) / 3)
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(x0, y0, x1 - x0 + 1, y1 - y0 + 1))
    mask = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), pts)
    lines = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    d = -(y1 - y0)
    while d < x1 - x0:
        pygame.draw.line(lines, (*IMPASSABLE_HATCH, 255), (x0 + d, y1), (x0 + d + (y1 - y0), y0), 1)
        d += spacing
    lines.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(lines, (0, 0))
    surface.set_clip(clip)


def _road_hexes(surface: pygame.Surface, battlefield: Battlefield, scale: float, px_per_tile: int) -> None:
    """Roads on a hex map: a band from each road hex's centre to each neighbouring road hex's centre."""
    grid = battlefield.grid
    width = max(2, round(px_per_tile * 0.3))
    # Neighbours are the nearby cells whose centres are less than a tile and a quarter apart.
    reach = 1.25 * max(grid.tile_width_px, grid.tile_height_px)
    rows, cols = np.nonzero(battlefield.road)
    road = battlefield.road
    for r, c in zip(rows.tolist(), cols.tolist()):
        cx, cy = hexgrid.centre_pixel(grid, c, r)
        pygame.draw.circle(surface, ROAD, (cx * scale, cy * scale), width / 2)
        for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < grid.rows and 0 <= cc < grid.columns and road[rr, cc]:
                nx, ny = hexgrid.centre_pixel(grid, cc, rr)
                if np.hypot(nx - cx, ny - cy) <= reach:
                    pygame.draw.line(surface, ROAD, (cx * scale, cy * scale), (nx * scale, ny * scale), width)


def _road_cells(surface: pygame.Surface, battlefield: Battlefield, scale: float) -> None:
    """Roads as a band through each road tile, joined to neighbouring road tiles (8 directions)."""
    grid = battlefield.grid
    road = battlefield.road
    tw, th = grid.tile_width_px * scale, grid.tile_height_px * scale
    width = max(2, round(min(tw, th) * 0.3))
    rows, cols = np.nonzero(road)
    for r, c in zip(rows.tolist(), cols.tolist()):
        cx, cy = (c + 0.5) * tw, (r + 0.5) * th
        pygame.draw.circle(surface, ROAD, (cx, cy), width / 2)
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < grid.rows and 0 <= cc < grid.columns and road[rr, cc]:
                if dr and dc and (road[r, cc] or road[rr, c]):
                    continue  # the orthogonal pair already joins them
                pygame.draw.line(surface, ROAD, (cx, cy), ((cc + 0.5) * tw, (rr + 0.5) * th), width)


def draw_zone_labels(surface: pygame.Surface, battlefield: Battlefield, scale: float) -> None:
    """Zone outlines with their names, ``scale`` picture pixels per Tiled pixel."""
    pygame.font.init()
    font = pygame.font.Font(None, max(16, min(30, round(battlefield.grid.tile_width_px * scale))))
    k = scale / battlefield.grid.world_per_px
    for zone in battlefield.zones:
        pts = [(p.x * k, p.y * k) for p in zone.outline]
        if len(pts) < 3:
            continue
        pygame.draw.polygon(surface, ZONE_OUTLINE, pts, 2)
        label = font.render(zone.name, True, (255, 255, 255))
        x = min(p[0] for p in pts) + 4
        y = min(p[1] for p in pts) + 3
        box = label.get_rect(topleft=(x, y)).inflate(6, 2)
        surface.fill(ZONE_OUTLINE, box)
        surface.blit(label, (x, y))


def _draw_objects(surface: pygame.Surface, battlefield: Battlefield, scale: float) -> None:
    k = scale / battlefield.grid.world_per_px  # picture pixels per world unit
    for zone in battlefield.zones:
        pts = [(p.x * k, p.y * k) for p in zone.outline]
        if len(pts) >= 3:
            pygame.draw.polygon(surface, ZONE_OUTLINE, pts, 2)
    for structure in battlefield.structures:
        pts = [(p.x * k, p.y * k) for p in structure.outline]
        if len(pts) >= 3:
            pygame.draw.polygon(surface, STRUCTURE_OUTLINE, pts, 2)
        else:
            c = structure.centre
            pygame.draw.rect(surface, STRUCTURE_OUTLINE, pygame.Rect(c.x * k - 4, c.y * k - 4, 8, 8))
    for unit in battlefield.placements:
        centre = (unit.position.x * k, unit.position.y * k)
        pygame.draw.circle(surface, UNIT_MARK, centre, 5)
        pygame.draw.circle(surface, (0, 0, 0), centre, 5, 1)


def legend_entries(battlefield: Battlefield, impassable: Sequence[str]) -> list[tuple[str, str]]:
    """(kind, label) pairs for the legend: the terrains present on the map, then roads, impassable, objects."""
    present = sorted(set(np.unique(battlefield.terrain).tolist()))
    counts: Mapping[int, int] = {t: int((battlefield.terrain == t).sum()) for t in present}
    total = max(1, battlefield.terrain.size)
    entries = [
        (f"terrain:{battlefield.terrain_ids[t]}", f"{battlefield.terrain_ids[t]}  {_percent(counts[t], total)}")
        for t in present
    ]
    if battlefield.road.any():
        entries.append(("road", f"road or bridge  {int(battlefield.road.sum())} tiles"))
    if any(battlefield.terrain_ids[t] in impassable for t in present):
        entries.append(("impassable", "impassable to land units"))
    if battlefield.zones:
        entries.append(("zone", f"zones: {len(battlefield.zones)}"))
    if battlefield.structures:
        # by kind, so an author sees that a bridge or a port was read as one
        kinds = Counter(s.kind for s in battlefield.structures)
        listed = ", ".join(f"{n} {kind}" for kind, n in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0])))
        entries.append(("structure", f"structures: {listed}"))
    if battlefield.placements:
        entries.append(("unit", f"units: {len(battlefield.placements)}"))
    return entries


def _percent(count: int, total: int) -> str:
    share = 100.0 * count / total
    if share < 0.1:
        return "<0.1%"
    return f"{share:.1f}%" if share < 10 else f"{share:.0f}%"


def add_legend(picture: pygame.Surface, battlefield: Battlefield, impassable: Sequence[str], title: str) -> pygame.Surface:
    """``picture`` with a legend panel on its right: a swatch and a label per entry, and ``title`` on top."""
    pygame.font.init()
    font = pygame.font.Font(None, 22)
    entries = legend_entries(battlefield, impassable)
    line = 26
    labels = [font.render(label, True, LEGEND_TEXT) for _, label in entries]
    title_img = font.render(title, True, LEGEND_TEXT)
    panel_w = max([title_img.get_width()] + [img.get_width() for img in labels]) + 56
    panel_h = line * (len(entries) + 2)
    out = pygame.Surface((picture.get_width() + panel_w, max(picture.get_height(), panel_h)))
    out.fill(LEGEND_BACKGROUND)
    out.blit(picture, (0, 0))
    x0 = picture.get_width() + 12
    out.blit(title_img, (x0, 10))
    for i, ((kind, _), img) in enumerate(zip(entries, labels)):
        y = 10 + line * (i + 1) + 6
        swatch = pygame.Rect(x0, y, 28, 18)
        if kind.startswith("terrain:"):
            pygame.draw.rect(out, terrain_colour(kind.split(":", 1)[1]), swatch)
        elif kind == "road":
            pygame.draw.line(out, ROAD, swatch.midleft, swatch.midright, 6)
        elif kind == "impassable":
            out.set_clip(swatch)
            for d in range(-18, 28, 6):
                pygame.draw.line(out, IMPASSABLE_HATCH, (x0 + d, y + 18), (x0 + d + 18, y))
            out.set_clip(None)
        elif kind == "zone":
            pygame.draw.rect(out, ZONE_OUTLINE, swatch, 2)
        elif kind == "structure":
            pygame.draw.rect(out, STRUCTURE_OUTLINE, pygame.Rect(x0 + 10, y + 5, 8, 8))
        elif kind == "unit":
            pygame.draw.circle(out, UNIT_MARK, swatch.center, 5)
            pygame.draw.circle(out, (0, 0, 0), swatch.center, 5, 1)
        pygame.draw.rect(out, (0, 0, 0), swatch, 1) if kind.startswith("terrain:") else None
        out.blit(img, (x0 + 40, y))
    return out
