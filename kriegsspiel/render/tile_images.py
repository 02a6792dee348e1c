"""Tile images of a map, cut from their sheets (or image-collection files) and turned as Tiled turns them.

Each image file is loaded once with ``pygame.image.load`` (no display needed); each (gid, flags, scale) is
cut, flipped, rotated and scaled once. Tiled's rules (``MapRenderer::CellRenderer``): on square maps the
anti-diagonal flag turns the tile 90 degrees clockwise after swapping its flips; on hexagonal maps it turns
the tile 60 degrees and the fourth bit 120 more, about the tile's centre, after the flips.
"""
from __future__ import annotations

import math
import os

import pygame

from kriegsspiel.tmx.document import FLIP_D, FLIP_H, FLIP_V, GID_FLAGS, ROTATE_120, MapDocument
from kriegsspiel.tmx.tilesets import TilesetInfo


class TileImageError(ValueError):
    """A tileset image cannot be loaded; the message names the file and what to do."""


class TileImages:
    """The pictures of a map's tiles by raw gid (flags included), scaled by ``scale``."""

    def __init__(self, doc: MapDocument, scale: float = 1.0) -> None:
        self.doc = doc
        self.scale = scale
        self.hexagonal = doc.root is not None and doc.root.get("orientation") == "hexagonal"
        self.files: dict[str, pygame.Surface] = {}
        self.plain: dict[int, pygame.Surface | None] = {}
        self.turned: dict[tuple[int, tuple[int, int] | None], tuple[pygame.Surface, int] | None] = {}

    def _file(self, path: str) -> pygame.Surface:
        image = self.files.get(path)
        if image is None:
            try:
                image = pygame.image.load(path)
            except (pygame.error, FileNotFoundError, OSError) as exc:
                what = "save the image again as PNG" if os.path.isfile(path) else "check the path in the tileset"
                raise TileImageError(f"{path}: cannot load the tileset image ({exc}); {what}") from None
            self.files[path] = image
        return image

    def _cut(self, ts: TilesetInfo, local: int) -> pygame.Surface | None:
        own = ts.tile_images.get(local)
        if own is not None:
            if not os.path.isfile(own):
                return None
            image = self._file(own)
            node = ts.tile_nodes[local]
            if node.get("width") and node.get("height"):
                # Tiled 1.9+: a tile of an image collection may be a part of its image
                try:
                    part = pygame.Rect(*(int(node.get(k) or 0) for k in ("x", "y", "width", "height")))
                except ValueError:
                    return image
                part = part.clip(image.get_rect())
                return image.subsurface(part) if part.width > 0 and part.height > 0 else None
            return image
        if ts.image_source is None or not os.path.isfile(ts.image_source):
            return None
        sheet = self._file(ts.image_source)
        trans = ts.node.find("image")
        if trans is not None and trans.get("trans"):
            sheet = sheet.copy()
            sheet.set_colorkey(pygame.Color(f"#{str(trans.get('trans')).lstrip('#')}"))
        width, height = ts.attr("tilewidth", 1), ts.attr("tileheight", 1)
        spacing, margin = ts.attr("spacing"), ts.attr("margin")
        columns = ts.attr("columns") or max(1, (sheet.get_width() - 2 * margin + spacing) // (width + spacing))
        x = margin + (local % columns) * (width + spacing)
        y = margin + (local // columns) * (height + spacing)
        rect = pygame.Rect(x, y, width, height).clip(sheet.get_rect())
        if rect.width <= 0 or rect.height <= 0:
            return None
        return sheet.subsurface(rect)

    def base(self, gid: int) -> pygame.Surface | None:
        """The unturned, unscaled picture of a gid (flags ignored), or None when it has none."""
        bare = gid & ~GID_FLAGS
        if bare not in self.plain:
            found = self.doc.tileset_of(bare) if bare else None
            self.plain[bare] = self._cut(*found) if found else None
        return self.plain[bare]

    def get(self, gid: int, size: tuple[int, int] | None = None) -> tuple[pygame.Surface, int] | None:
        """The picture of a raw gid turned as Tiled turns it and scaled (to ``size`` when given, else by the
        scale), with the degrees it was turned by (0 when it keeps the tile's box), or None."""
        key = (gid, size)
        if key in self.turned:
            return self.turned[key]
        image = self.base(gid)
        result = None
        if image is not None:
            w, h = size or (max(1, math.ceil(image.get_width() * self.scale)), max(1, math.ceil(image.get_height() * self.scale)))
            if (w, h) != image.get_size():
                # nearest pixels: smoothing each tile alone would leave see-through seams at its edges
                image = pygame.transform.scale(image, (w, h))
            result = self._turn(image, gid)
        self.turned[key] = result
        return result

    def _turn(self, image: pygame.Surface, gid: int) -> tuple[pygame.Surface, int]:
        flip_h, flip_v, flip_d = bool(gid & FLIP_H), bool(gid & FLIP_V), bool(gid & FLIP_D)
        rotation = 0
        if self.hexagonal:
            rotation = (60 if flip_d else 0) + (120 if gid & ROTATE_120 else 0)
        elif flip_d:
            rotation = 90
            flip_h, flip_v = flip_v, not flip_h
        if flip_h or flip_v:
            image = pygame.transform.flip(image, flip_h, flip_v)
        if rotation:
            image = pygame.transform.rotate(image, -rotation)  # pygame turns counter-clockwise
        return image, rotation

    def offset(self, gid: int) -> tuple[float, float]:
        """The tileset's drawing offset (``<tileoffset>``) for a gid, in picture pixels."""
        found = self.doc.tileset_of(gid & ~GID_FLAGS)
        if found is None:
            return 0.0, 0.0
        node = found[0].node.find("tileoffset")
        if node is None:
            return 0.0, 0.0
        try:
            return float(node.get("x") or 0) * self.scale, float(node.get("y") or 0) * self.scale
        except ValueError:
            return 0.0, 0.0
