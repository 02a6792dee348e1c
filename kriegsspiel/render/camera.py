"""The camera: the one place where world units become screen pixels and back.

A :class:`Camera` is a frozen value: ``scale`` screen pixels per world unit, the world point at the top-left
corner of the map viewport (``origin``), and the viewport rectangle on the screen (the side panel is outside
it). Panning, zooming and fitting return new cameras, so a frame draws with one consistent camera and tests can
compare cameras. Screen coordinates are pixels of the window, x to the right, y down; world coordinates follow
docs/design.md (x right, y down), so no axis flips here.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from kriegsspiel.core.geometry import WorldPoint

#: One wheel notch or one +/- key press multiplies the scale by this.
ZOOM_STEP = 1.25

#: Screen pixels per world unit are kept within these bounds relative to the fitted scale, so the map can
#: neither vanish to a dot nor be zoomed until one tile fills many screens.
MIN_ZOOM_OF_FIT = 0.5
MAX_ZOOM_OF_FIT = 40.0


@dataclass(frozen=True, slots=True)
class Viewport:
    """The part of the window the map is drawn in, in screen pixels."""

    left: int
    top: int
    width: int
    height: int

    @property
    def centre(self) -> tuple[float, float]:
        return self.left + self.width / 2.0, self.top + self.height / 2.0

    def contains(self, sx: float, sy: float) -> bool:
        """True when the screen point lies inside the viewport."""
        return self.left <= sx < self.left + self.width and self.top <= sy < self.top + self.height


@dataclass(frozen=True, slots=True)
class Camera:
    """World <-> screen conversion.

    ``scale`` is screen pixels per world unit; ``origin`` is the world point shown at the viewport's top-left
    corner; ``min_scale`` and ``max_scale`` bound zooming (pixels per world unit).
    """

    scale: float
    origin: WorldPoint
    viewport: Viewport
    min_scale: float = 1e-6
    max_scale: float = 1e6

    # --- conversion -------------------------------------------------------------------------------------
    def to_screen(self, point: WorldPoint) -> tuple[float, float]:
        """The screen position (pixels, floats) of a world point."""
        return (
            self.viewport.left + (point.x - self.origin.x) * self.scale,
            self.viewport.top + (point.y - self.origin.y) * self.scale,
        )

    def to_screen_int(self, point: WorldPoint) -> tuple[int, int]:
        """The screen pixel of a world point, rounded to the nearest pixel."""
        sx, sy = self.to_screen(point)
        return round(sx), round(sy)

    def to_world(self, sx: float, sy: float) -> WorldPoint:
        """The world point under a screen position (pixels)."""
        return WorldPoint(
            self.origin.x + (sx - self.viewport.left) / self.scale,
            self.origin.y + (sy - self.viewport.top) / self.scale,
        )

    def to_screen_array(self, xs: np.ndarray, ys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Vectorized :meth:`to_screen` for arrays of world coordinates."""
        return (
            self.viewport.left + (np.asarray(xs, dtype=np.float64) - self.origin.x) * self.scale,
            self.viewport.top + (np.asarray(ys, dtype=np.float64) - self.origin.y) * self.scale,
        )

    def length_to_screen(self, world_length: float) -> float:
        """A length in world units as screen pixels."""
        return world_length * self.scale

    def visible_world_rect(self) -> tuple[float, float, float, float]:
        """The world rectangle shown in the viewport: (left, top, right, bottom) in world units."""
        return (
            self.origin.x,
            self.origin.y,
            self.origin.x + self.viewport.width / self.scale,
            self.origin.y + self.viewport.height / self.scale,
        )

    # --- changes ----------------------------------------------------------------------------------------
    def panned(self, dx_px: float, dy_px: float) -> Camera:
        """The camera after dragging the map by (dx, dy) screen pixels: the map follows the hand."""
        return replace(
            self, origin=WorldPoint(self.origin.x - dx_px / self.scale, self.origin.y - dy_px / self.scale)
        )

    def zoomed_about(self, sx: float, sy: float, factor: float) -> Camera:
        """The camera after multiplying the scale by ``factor`` (clamped), keeping the world point under the
        screen position (sx, sy) where it is.

        Raises ValueError when ``factor`` is not a positive finite number.
        """
        if not (math.isfinite(factor) and factor > 0.0):
            raise ValueError(f"a zoom factor must be a positive number, got {factor!r}")
        new_scale = min(self.max_scale, max(self.min_scale, self.scale * factor))
        anchor = self.to_world(sx, sy)
        origin = WorldPoint(
            anchor.x - (sx - self.viewport.left) / new_scale,
            anchor.y - (sy - self.viewport.top) / new_scale,
        )
        return replace(self, scale=new_scale, origin=origin)

    def with_viewport(self, viewport: Viewport) -> Camera:
        """The same camera in a resized viewport, keeping the world point at the viewport centre."""
        centre = self.to_world(*self.viewport.centre)
        moved = replace(self, viewport=viewport)
        cx, cy = viewport.centre
        return replace(
            moved,
            origin=WorldPoint(centre.x - (cx - viewport.left) / self.scale, centre.y - (cy - viewport.top) / self.scale),
        )

    def centred_on(self, point: WorldPoint) -> Camera:
        """The camera moved so that ``point`` is at the centre of the viewport."""
        cx, cy = self.viewport.centre
        return replace(
            self,
            origin=WorldPoint(
                point.x - (cx - self.viewport.left) / self.scale, point.y - (cy - self.viewport.top) / self.scale
            ),
        )


def fit_camera(
    world_size: tuple[float, float], viewport: Viewport, margin_px: int = 8, clear_top: int = 0, clear_bottom: int = 0
) -> Camera:
    """A camera showing the whole map (``world_size`` in world units) centred in ``viewport``.

    ``clear_top`` and ``clear_bottom`` (pixels) are strips of the viewport that bars are drawn over (the round
    and side on top, the status line below): the map is fitted between them, while the camera keeps the whole
    viewport (panning can still bring the map under the bars). The zoom bounds are set relative to this fitted
    scale. Raises ValueError for an empty map or viewport.
    """
    width, height = world_size
    if not (width > 0 and height > 0):
        raise ValueError(f"cannot fit a map of size {width} x {height} world units")
    clear_top = max(0, min(clear_top, viewport.height // 3))
    clear_bottom = max(0, min(clear_bottom, viewport.height // 3))
    usable_w = max(1, viewport.width - 2 * margin_px)
    usable_h = max(1, viewport.height - clear_top - clear_bottom - 2 * margin_px)
    scale = min(usable_w / width, usable_h / height)
    camera = Camera(
        scale=scale,
        origin=WorldPoint(0.0, 0.0),
        viewport=viewport,
        min_scale=scale * MIN_ZOOM_OF_FIT,
        max_scale=scale * MAX_ZOOM_OF_FIT,
    )
    centred = camera.centred_on(WorldPoint(width / 2.0, height / 2.0))
    # the centre of the clear band, not of the viewport, is the map's centre
    shift = (clear_top - clear_bottom) / 2.0 / scale
    return replace(centred, origin=WorldPoint(centred.origin.x, centred.origin.y - shift))
