"""Drawing Tiled tile layers with pygame, headless: the map as its author drew it, and the map as the rules read it.

Images are loaded here, never by the map loader: ``kriegsspiel.tiled`` reads terrain without a display.
The map is read by the same reader as the rules' (``kriegsspiel.tmx.document``); images are loaded with
``pygame.image.load`` and converted to nothing, so it works with SDL_VIDEODRIVER=dummy and before any window
exists. Tiles are drawn as Tiled draws them: each tile's bottom-left corner on its cell's bottom-left corner
(tiles taller than the grid reach up), flipped and turned (``render.tile_images``), hex cells laid out by
``kriegsspiel.core.battlefield._hexgrid``, layers and tile objects in the file's order.
"""
from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pygame

from kriegsspiel.core import battlefield as hexgrid
from kriegsspiel.core.battlefield import Battlefield
from kriegsspiel.render.palette import ROAD, TERRAIN_COLOURS, UNKNOWN_TERRAIN
from kriegsspiel.render.terrain import BaseImage
from kriegsspiel.render.tile_images import TileImageError, TileImages
from kriegsspiel.tmx.document import FLIP_D, GID_FLAGS, MapDocument, read_document, read_layer_role
from kriegsspiel.tmx.xmltree import Node

__all__ = ["TileImageError", "render_map", "render_rules_view", "tile_base_image"]

#: Colours of the rules' view (``kriegsspiel preview --terrain``) beyond the terrain colours.
IMPASSABLE_HATCH = (20, 20, 30)
ZONE_OUTLINE = (200, 30, 140)
STRUCTURE_OUTLINE = (40, 30, 20)
UNIT_MARK = (230, 230, 240)
LEGEND_BACKGROUND = (250, 250, 245)
LEGEND_TEXT = (20, 20, 20)
OFF_MAP = (38, 40, 46)


def load_document(path: str | os.PathLike[str], allow_outside: bool | None = None) -> MapDocument:
    """The map read for drawing (no image loaded yet). Raises TileImageError when it cannot be read."""
    doc = read_document(os.fspath(path), allow_outside)
    if not doc.readable:
        first = next((f for f in doc.findings if f.severity == "error"), None)
        raise TileImageError(first.format() if first else f"{os.fspath(path)}: cannot draw the map; run kriegsspiel check on it")
    return doc


def _cell_origins(columns: np.ndarray, rows: np.ndarray, grid: Any) -> tuple[np.ndarray, np.ndarray]:
    """Bottom-left corners (pixels) of the cells, where Tiled anchors a tile's image."""
    if grid.orientation == "hexagonal":
        x, y = hexgrid.top_left_pixel(grid, columns, rows)
        return x, y + hexgrid.hex_params(grid).tile_height
    return columns * float(grid.tile_width_px), (rows + 1) * float(grid.tile_height_px)


def _scale(image: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    try:
        return pygame.transform.smoothscale(image, size)
    except ValueError:  # smoothscale needs 24 or 32 bit images
        return pygame.transform.scale(image, size)


def _float_attr(node: Node, key: str, default: float) -> float:
    try:
        value = float(node.get(key) or default)
    except ValueError:
        return default
    return value if math.isfinite(value) else default


def _tile_blit(images: TileImages, gid: int, x: float, y: float) -> tuple[pygame.Surface, tuple[int, int]] | None:
    """Where a tile anchored at its cell's bottom-left (x, y) in picture pixels lands, as Tiled draws it."""
    turned = images.get(gid)
    if turned is None:
        return None
    image, rotation = turned
    base = images.base(gid)
    assert base is not None
    # the tile's exact (unrounded) size on the picture; any extra pixel of the scaled image overlaps below
    w, h = base.get_width() * images.scale, base.get_height() * images.scale
    dx, dy = images.offset(gid)
    if rotation in (0, 90):
        # unturned, or a quarter turn on a square map: the bottom-left corner stays on the cell's
        return image, (math.floor(x + dx), math.floor(y + dy - (w if rotation else h)))
    centre = (x + dx + w / 2, y + dy - h / 2)  # hex turns are about the tile's centre
    rect = image.get_rect(center=(round(centre[0]), round(centre[1])))
    return image, rect.topleft


def _draw_tile_layer(target: pygame.Surface, images: TileImages, gids: np.ndarray, grid: Any,
                     shift: tuple[float, float]) -> None:
    rows, cols = np.nonzero(gids)
    if rows.size == 0:
        return
    ox, oy = _cell_origins(cols, rows, grid)
    ox = (ox + shift[0]) * images.scale
    oy = (oy + shift[1]) * images.scale
    blits = []
    for gid, x, y in zip(gids[rows, cols].tolist(), ox.tolist(), oy.tolist()):
        placed = _tile_blit(images, gid, x, y)
        if placed is not None:
            blits.append(placed)
    target.blits(blits, doreturn=False)


def _draw_tile_objects(target: pygame.Surface, images: TileImages, layer: Node, shift: tuple[float, float]) -> None:
    """The tile objects of an object layer (structures, decoration) as Tiled draws them; units are left out:
    counters come from the game state, and a unit drawn into the map picture would show players where the
    map's author put the enemy. Tiled anchors a tile object at its bottom-left corner and turns it about it."""
    scale = images.scale
    role = read_layer_role(layer)
    for obj in layer.findall("object"):
        gid_text = obj.get("gid") or ""
        if not gid_text.isdigit() or _is_unit(obj, images, role) or not _truthy(obj.get("visible", "1")):
            continue
        gid = int(gid_text)
        base = images.base(gid)
        if base is None:
            continue
        w = _float_attr(obj, "width", base.get_width())
        h = _float_attr(obj, "height", base.get_height())
        size = (max(1, round(w * scale)), max(1, round(h * scale)))
        turned = images.get(gid & ~FLIP_D, size)  # objects only flip; the diagonal bit means nothing on them
        if turned is None:
            continue
        image = turned[0]
        x = (_float_attr(obj, "x", 0.0) - shift[0]) * scale
        y = (_float_attr(obj, "y", 0.0) - shift[1]) * scale
        rotation = _float_attr(obj, "rotation", 0.0)
        if rotation:
            pivot = pygame.math.Vector2(x, y)
            turned_image = pygame.transform.rotate(image, -rotation)
            centre = pivot + pygame.math.Vector2(size[0] / 2, -size[1] / 2).rotate(rotation)
            target.blit(turned_image, turned_image.get_rect(center=(round(centre.x), round(centre.y))))
        else:
            target.blit(image, (round(x), round(y - size[1])))


def _is_unit(obj: Node, images: TileImages, layer_role: str) -> bool:
    kind = obj.get("type") or obj.get("class") or ""
    if not kind:
        found = images.doc.tileset_of(int(obj.get("gid") or 0) & ~GID_FLAGS)
        if found is not None:
            ts, local = found
            kind = str(ts.tile_properties.get(local, {}).get("type") or ts.tile_classes.get(local, ""))
    if kind:
        return kind.strip().lower() == "unit"
    return layer_role == "units"


def _truthy(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip() not in ("0", "false", "")
    return bool(value)


def _draw_layers(surface: pygame.Surface, images: TileImages, parent: Node, battlefield: Battlefield,
                 layer_gids: Mapping[int, np.ndarray], opacity: float, shift: tuple[float, float], hidden: bool) -> None:
    """Draw the tile layers and tile objects under ``parent`` in the file's order (Tiled's drawing order)."""
    doc = images.doc
    for node in parent.children:
        if node.tag not in ("layer", "objectgroup", "group"):
            continue
        if not hidden and not _truthy(node.get("visible", "1")):
            continue
        alpha = opacity * min(1.0, max(0.0, _float_attr(node, "opacity", 1.0)))
        at = (shift[0] + _float_attr(node, "offsetx", 0.0), shift[1] + _float_attr(node, "offsety", 0.0))
        if node.tag == "group":
            _draw_layers(surface, images, node, battlefield, layer_gids, alpha, at, hidden)
            continue
        target = surface if alpha >= 1.0 else pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        if node.tag == "layer":
            gids = layer_gids.get(id(node))
            if gids is not None:
                _draw_tile_layer(target, images, gids, battlefield.grid, at)
        else:
            _draw_tile_objects(target, images, node, (doc.shift_px[0] - at[0], doc.shift_px[1] - at[1]))
        if target is not surface:
            target.set_alpha(round(255 * alpha))
            surface.blit(target, (0, 0))


def render_map(path: str | os.PathLike[str], battlefield: Battlefield, scale: float = 1.0,
               allow_outside: bool | None = None) -> pygame.Surface:
    """The map as its author drew it, ``scale`` picture pixels per Tiled pixel, on the off-map colour.

    Tiles are scaled before they are drawn, so a small picture of a big map never needs the big one.
    Raises TileImageError when the map or a tileset image cannot be read, ValueError for a scale that is not
    positive.
    """
    if not scale > 0:
        raise ValueError(f"the scale must be positive, got {scale}")
    doc = load_document(path, allow_outside)
    width, height = battlefield.grid.pixel_size
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    if scale != 1.0 and width * height <= FULL_SIZE_FIRST_PX:
        # Smoothing the whole picture once keeps hex edges and tile seams clean.
        return _scale(_draw_map(doc, battlefield, (width, height), 1.0), size)
    return _draw_map(doc, battlefield, size, scale)


#: Up to this many Tiled pixels a scaled picture is drawn full size first and then smoothed.
FULL_SIZE_FIRST_PX = 40_000_000


def _draw_map(doc: MapDocument, battlefield: Battlefield, size: tuple[int, int], scale: float) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill(OFF_MAP)
    assert doc.root is not None
    layer_gids = {id(node): gids for node, gids in doc.tile_layers}
    _draw_layers(surface, TileImages(doc, scale), doc.root, battlefield, layer_gids, 1.0, (0.0, 0.0), False)
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
