"""Movement bands: on pick-up, the ground a unit reaches this turn shaded in bands, with a small legend.

The bands come from the rule set (``kriegsspiel.core.plugin.movement_bands``): the full move (Ruleset V3's
march), a part-move where the rule set has one, and the ground within its attack distance of the full move
(V3's hand to hand reach). They are worked out once per pick-up from the cost field the drag already holds
(no new search) and kept as one image, which :class:`kriegsspiel.render.overlays.ReachableShading` scales
once per camera: a mouse motion costs nothing here. Ctrl+B turns the shading off and on.

Colours are the Okabe-Ito palette, told apart by people with any common colour blindness.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
import pygame

from kriegsspiel.core.plugin import MovementBand, movement_bands
from kriegsspiel.core.state import GameState
from kriegsspiel.render.camera import Camera, Viewport
from kriegsspiel.render.overlays import ReachableShading, TextCache

if TYPE_CHECKING:
    from kriegsspiel.app.drag import Drag

#: Okabe-Ito colours (RGB) with the alpha of the shading: full move bluish green, part-moves blue then sky
#: blue, reach bands reddish purple.
FULL_MOVE = (0, 158, 115, 110)
PART_MOVES = ((0, 114, 178, 120), (86, 180, 233, 120))
REACH = (204, 121, 167, 125)
#: The legend's box (RGBA) and its place below the top bar (pixels).
LEGEND_BACKGROUND = (250, 246, 232, 230)
LEGEND_MARGIN = 10


def band_colour(band: MovementBand, index_among_part_moves: int) -> tuple[int, int, int, int]:
    """The RGBA tone of ``band`` (the n-th part-move band takes the n-th part-move colour)."""
    if band.kind == "reach":
        return REACH
    if band.amount >= 1.0:
        return FULL_MOVE
    return PART_MOVES[min(index_among_part_moves, len(PART_MOVES) - 1)]


class BandShading(ReachableShading):
    """The bands of one pick-up as one image over raster cells, the full move's edge drawn as today.

    ``cost`` is the drag's cost field window (world units, inf where unreached), whose cell (0, 0) is raster
    cell (``row0``, ``col0``); ``allowance`` the allowance left. ``legend`` lists (label, RGBA) innermost
    first, only for bands that shade at least one cell.
    """

    def __init__(self, cost: np.ndarray, row0: int, col0: int, raster_shape: tuple[int, int], cell_size: float,
                 allowance: float, tolerance: float, bands: tuple[MovementBand, ...]) -> None:
        reach = max((b.amount for b in bands if b.kind == "reach"), default=0.0)
        pad = int(math.ceil(reach / cell_size)) if reach > 0 else 0
        # grow the window by the reach, but never past the map's edge
        top, left = max(0, row0 - pad), max(0, col0 - pad)
        bottom = min(raster_shape[0], row0 + cost.shape[0] + pad)
        right = min(raster_shape[1], col0 + cost.shape[1] + pad)
        grown = np.full((bottom - top, right - left), np.inf)
        grown[row0 - top : row0 - top + cost.shape[0], col0 - left : col0 - left + cost.shape[1]] = cost
        full = grown <= allowance + tolerance
        super().__init__(full, left * cell_size, top * cell_size, cell_size)
        rgba = np.zeros((*grown.shape, 4), dtype=np.uint8)
        self.legend: list[tuple[str, tuple[int, int, int, int]]] = []
        part = 0
        painted: list[tuple[np.ndarray, tuple[int, int, int, int], str]] = []
        for band in bands:
            if band.kind == "reach":
                mask = dilate(full, band.amount / cell_size) & ~full
                colour = band_colour(band, part)
            else:
                mask = grown <= band.amount * allowance + tolerance
                colour = band_colour(band, part)
                part += band.amount < 1.0
            painted.append((mask, colour, band.label))
        # outer bands first, so that an inner band (a part-move inside the full move) shows over them
        for mask, colour, _ in sorted(painted, key=lambda p: -int(p[0].sum())):
            rgba[mask] = colour
        self.legend = [(label, colour) for mask, colour, label in painted if mask.any()]
        self.cells = int(full.sum())
        if rgba.size:
            pixels = pygame.surfarray.pixels3d(self.image)
            pixels[...] = rgba[..., :3].transpose(1, 0, 2)
            del pixels
            alpha = pygame.surfarray.pixels_alpha(self.image)
            alpha[...] = rgba[..., 3].T
            del alpha
        self._legend_surface: tuple[int, pygame.Surface] | None = None

    def legend_surface(self, texts: TextCache, size: int) -> pygame.Surface:
        """The legend (a swatch and a label per band) on a light box, made once per text size."""
        if self._legend_surface is None or self._legend_surface[0] != size:
            rows = [texts.get(label, size, (20, 20, 20)) for label, _ in self.legend]
            swatch = size
            width = max((r.get_width() for r in rows), default=0) + swatch + 18
            height = sum(max(r.get_height(), swatch) + 4 for r in rows) + 8
            box = pygame.Surface((width, height), pygame.SRCALPHA)
            pygame.draw.rect(box, LEGEND_BACKGROUND, box.get_rect(), border_radius=5)
            y = 6
            for row, (_, colour) in zip(rows, self.legend):
                line = max(row.get_height(), swatch)
                cell = pygame.Rect(6, y + (line - swatch) // 2, swatch, swatch)
                pygame.draw.rect(box, (*colour[:3], 255), cell)
                pygame.draw.rect(box, (20, 20, 20), cell, 1)
                box.blit(row, (swatch + 12, y + (line - row.get_height()) // 2))
                y += line + 4
            self._legend_surface = (size, box)
        return self._legend_surface[1]


def dilate(mask: np.ndarray, radius: float) -> np.ndarray:
    """Cells whose centre lies within ``radius`` cells (straight line) of a True cell of ``mask`` [row, col].

    One horizontal run per row offset (a running sum), so the cost grows with the radius, not its square."""
    if radius <= 0 or not mask.any():
        return mask.copy()
    rows, cols = mask.shape
    r = int(math.floor(radius))
    out = np.zeros_like(mask)
    padded = np.concatenate([np.zeros((rows, 1), dtype=np.int32), np.cumsum(mask, axis=1, dtype=np.int32)], axis=1)
    by_width: dict[int, np.ndarray] = {}
    for dr in range(-r, r + 1):
        half = int(math.floor(math.sqrt(max(0.0, radius * radius - dr * dr))))
        wide = by_width.get(half)
        if wide is None:
            lo = np.clip(np.arange(cols) - half, 0, cols)
            hi = np.clip(np.arange(cols) + half + 1, 0, cols)
            wide = by_width[half] = (padded[:, hi] - padded[:, lo]) > 0
        if dr >= 0:
            out[dr:, :] |= wide[: rows - dr, :]
        else:
            out[:dr, :] |= wide[-dr:, :]
    return out


class Bands:
    """The movement bands of the window: on or off (Ctrl+B), and the shading of the unit picked up."""

    def __init__(self) -> None:
        self.on = True
        self._cached: tuple[Drag, BandShading] | None = None

    def toggle(self) -> str:
        """Ctrl+B: bands off or on again; returns the status line."""
        self.on = not self.on
        return "movement bands on (Ctrl+B)" if self.on else "movement bands off (Ctrl+B)"

    def shading(self, drag: Drag, state: GameState) -> BandShading:
        """The shading of ``drag``'s pick-up, made on its first call for this drag."""
        if self._cached is None or self._cached[0] is not drag:
            from kriegsspiel.core.movement import COST_TOLERANCE

            field = drag.field
            row0, col0 = field.window_offset
            bands = movement_bands(state.ruleset, drag.unit.type_id)
            tolerance = COST_TOLERANCE * max(1.0, abs(field.allowance))
            shading = BandShading(field.cost, row0, col0, field.raster.shape, field.raster.cell_size,
                                  field.allowance, tolerance, bands)
            self._cached = (drag, shading)
        return self._cached[1]

    def draw(self, target: pygame.Surface, camera: Camera, drag: Drag, state: GameState) -> None:
        """The bands of ``drag`` (when on)."""
        if self.on:
            self.shading(drag, state).draw(target, camera)

    def draw_legend(self, target: pygame.Surface, texts: TextCache, viewport: Viewport, top: int, drag: Drag | None,
                    state: GameState, size: int) -> None:
        """The legend at the top left of the map, ``top`` pixels below the view's top (the top bar)."""
        if not self.on or drag is None:
            return
        shading = self.shading(drag, state)
        if shading.legend:
            target.blit(shading.legend_surface(texts, size), (viewport.left + LEGEND_MARGIN, viewport.top + top + LEGEND_MARGIN))
