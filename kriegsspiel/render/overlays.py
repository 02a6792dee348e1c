"""The umpire's marks over the map: reachable area, path, cursor text, ruler, range rings, heading cone,
scale bar, zone names.

These draw what the app hands them (a reachable mask, a path in world units, a reason); they decide nothing.
The reachable shading is built once per pick-up (:class:`ReachableShading`) and scaled once per camera.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Sequence

import numpy as np
import pygame

from kriegsspiel.core.battlefield import Structure, Zone
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.render.camera import Camera, Viewport
from kriegsspiel.render.fonts import fit_lines, font

LEGAL = (40, 170, 60)
ILLEGAL = (210, 40, 40)
SHADE = (255, 236, 90, 95)
SHADE_EDGE = (230, 160, 0, 220)
RULER = (20, 20, 20)
RULER_BAND = (255, 255, 255)
RING_COLOURS = [(200, 40, 40), (40, 90, 200), (150, 60, 170), (220, 120, 20), (20, 140, 140), (110, 110, 110)]


class TextCache:
    """Rendered text surfaces by (text, size, colour, background), least recently used dropped."""

    def __init__(self, capacity: int = 512) -> None:
        self._surfaces: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.capacity = capacity

    def get(
        self,
        text: str,
        size: int,
        colour: tuple[int, int, int] = (20, 20, 20),
        background: tuple[int, int, int, int] | None = None,
        bold: bool = False,
        pad: int = 3,
    ) -> pygame.Surface:
        """``text`` rendered at ``size`` px, optionally on a rounded box of ``background`` (RGBA)."""
        key = (text, size, colour, background, bold, pad)
        surface = self._surfaces.get(key)
        if surface is not None:
            self._surfaces.move_to_end(key)
            return surface
        rendered = font(size, bold).render(text, True, colour)
        if background is not None:
            w, h = rendered.get_size()
            boxed = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
            pygame.draw.rect(boxed, background, boxed.get_rect(), border_radius=pad)
            boxed.blit(rendered, (pad, pad))
            rendered = boxed
        self._surfaces[key] = rendered
        if len(self._surfaces) > self.capacity:
            self._surfaces.popitem(last=False)
        return rendered


class ReachableShading:
    """The area a picked-up unit can reach, shaded over the map, with its edge drawn darker.

    ``mask`` is a boolean array [row, col] of raster cells of ``cell_size`` world units whose cell (0, 0) has
    its top-left corner at world ``(left, top)``. The coloured image is made once; scaled images are kept per
    camera (only the part in view is scaled, so zooming far in stays cheap).
    """

    def __init__(self, mask: np.ndarray, left: float, top: float, cell_size: float) -> None:
        self.left = left
        self.top = top
        self.cell_size = cell_size
        rows, cols = mask.shape
        # A surface in pygame's own per-pixel-alpha format: blitting a foreign byte order is many times slower.
        self.image = pygame.Surface((max(1, cols), max(1, rows)), pygame.SRCALPHA)
        if mask.size:
            colour = pygame.surfarray.pixels3d(self.image)
            colour[...] = SHADE[:3]
            del colour
            alpha = pygame.surfarray.pixels_alpha(self.image)
            alpha[...] = np.where(mask.T, SHADE[3], 0).astype(np.uint8)
            del alpha
        self.cells = int(mask.sum())
        self.edges = edge_segments(mask)
        self._scaled: tuple[Camera, pygame.Surface | None, tuple[int, int]] | None = None

    def draw(self, target: pygame.Surface, camera: Camera) -> None:
        """Blit the shading for ``camera`` (scaled once per camera)."""
        if self._scaled is None or self._scaled[0] != camera:
            self._scaled = (camera, *self._scale_for(camera))
        _, surface, pos = self._scaled
        if surface is not None:
            target.blit(surface, pos)

    def _scale_for(self, camera: Camera) -> tuple[pygame.Surface | None, tuple[int, int]]:
        cols, rows = self.image.get_size()
        wl, wt, wr, wb = camera.visible_world_rect()
        c0 = max(0, math.floor((wl - self.left) / self.cell_size))
        r0 = max(0, math.floor((wt - self.top) / self.cell_size))
        c1 = min(cols, math.ceil((wr - self.left) / self.cell_size))
        r1 = min(rows, math.ceil((wb - self.top) / self.cell_size))
        if c1 <= c0 or r1 <= r0:
            return None, (0, 0)
        x0, y0 = camera.to_screen(WorldPoint(self.left + c0 * self.cell_size, self.top + r0 * self.cell_size))
        x1, y1 = camera.to_screen(WorldPoint(self.left + c1 * self.cell_size, self.top + r1 * self.cell_size))
        left, top = round(x0), round(y0)
        size = (max(1, round(x1) - left), max(1, round(y1) - top))
        piece = self.image.subsurface(pygame.Rect(c0, r0, c1 - c0, r1 - r0))
        scaled = pygame.transform.scale(piece, size)
        # The edge is drawn after scaling so that it stays a thin line at every zoom.
        # The edge is drawn after scaling as lines along cell sides, so it stays thin at every zoom.
        kx = (x1 - x0) / (c1 - c0)
        ky = (y1 - y0) / (r1 - r0)
        ox, oy = x0 - left - c0 * kx, y0 - top - r0 * ky
        for (a, b), (c, d) in self.edges:
            pygame.draw.line(scaled, SHADE_EDGE, (ox + a * kx, oy + b * ky), (ox + c * kx, oy + d * ky), 2)
        return scaled, (left, top)


def edge_segments(mask: np.ndarray) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The outline of a boolean cell mask [row, col] as straight segments along cell sides, in cell units
    ((x, y) with x = column, y = row; cell (c, r) spans [c, c+1] x [r, r+1]). Runs are merged."""
    padded = np.pad(mask.astype(bool), 1, constant_values=False)
    across = padded[1:, 1:-1] != padded[:-1, 1:-1]  # (rows + 1, cols): a side between row y-1 and row y
    down = padded[1:-1, 1:] != padded[1:-1, :-1]  # (rows, cols + 1): a side between column x-1 and column x
    segments: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for sides, transpose in ((across, False), (down.T, True)):
        # Runs along each line: +1 where a run starts, -1 where it ends; argwhere pairs them in order.
        change = np.diff(np.pad(sides.astype(np.int8), ((0, 0), (1, 1))), axis=1)
        starts = np.argwhere(change == 1).tolist()
        ends = np.argwhere(change == -1).tolist()
        for (line, a), (_, b) in zip(starts, ends):
            segments.append(((line, a), (line, b)) if transpose else ((a, line), (b, line)))
    return segments


def draw_path(target: pygame.Surface, camera: Camera, points: Sequence[WorldPoint], legal: bool) -> None:
    """The path a drag would take: a thick line, green when legal, red when not, with a dark outline."""
    if len(points) < 2:
        return
    screen = [camera.to_screen(p) for p in points]
    pygame.draw.lines(target, (20, 20, 20), False, screen, 7)
    pygame.draw.lines(target, LEGAL if legal else ILLEGAL, False, screen, 4)
    for p in screen[1:-1]:
        pygame.draw.circle(target, (20, 20, 20), p, 4)


def draw_cursor_text(
    target: pygame.Surface,
    texts: TextCache,
    pos: tuple[int, int],
    lines: Sequence[str],
    legal: bool,
    size: int,
    clear_px: int = 0,
    area: pygame.Rect | None = None,
    avoid: tuple[tuple[float, float], tuple[float, float]] | None = None,
) -> pygame.Rect | None:
    """The drag's figures (and, when refused, the reason) in a box beside the cursor; returns the box.

    ``clear_px``: half the side of a counter carried at the cursor (pixels); the box keeps out of it, so the
    counter and its heading stay in sight. ``area``: the part of the window the map is seen in (default: the
    target's clip); the box stays wholly inside it, on the cursor's left near its right edge, and a line
    wider than the area wraps, so that the reason is never cut by the side panel. ``avoid``: a line (screen
    points) the box should not cover, when a place beside the cursor keeps it clear (a ruler's own line).
    """
    area = area or target.get_clip()
    colour = (255, 255, 255)
    background = (20, 110, 40, 225) if legal else (170, 25, 25, 235)
    face_width = max(40, area.width - 8)
    rows: list[tuple[str, bool]] = []
    for i, line in enumerate(lines):
        for part in fit_lines(line, font(size, bold=(i == 0)), face_width):
            rows.append((part, i == 0))
    surfaces = [texts.get(line, size, colour, background, bold=bold) for line, bold in rows]
    if not surfaces:
        return None
    width = max(s.get_width() for s in surfaces)
    height = sum(s.get_height() for s in surfaces)
    dx = max(18, clear_px + 8)
    dy = 14 if clear_px == 0 else -clear_px
    right, left = pos[0] + dx, pos[0] - dx - width
    below, above = pos[1] + dy, pos[1] - max(14, clear_px + 8) - height
    places = [(right, below), (left, below), (right, above), (left, above)]
    inside = [pygame.Rect(x, y, width, height) for x, y in places
              if area.left <= x <= area.right - width and area.top <= y <= area.bottom - height]
    clear = [r for r in inside if avoid is None or not r.clipline(avoid[0], avoid[1])]
    if clear or inside:
        box = (clear or inside)[0]
    else:  # nowhere beside the cursor: as near as the area allows
        x = right if right + width <= area.right else left
        box = pygame.Rect(max(area.left, min(x, area.right - width)), max(area.top, min(below, area.bottom - height)), width, height)
    x, y = box.topleft
    for surface in surfaces:
        target.blit(surface, (x, y))
        y += surface.get_height()
    return box


def draw_ruler(
    target: pygame.Surface, camera: Camera, texts: TextCache, a: WorldPoint, b: WorldPoint, lines: Sequence[str], size: int,
    area: pygame.Rect | None = None,
) -> None:
    """A ruler from ``a`` to ``b`` with tick marks at round distances and its figures at the far end (kept
    inside ``area``, as :func:`draw_cursor_text`).

    Readable on every terrain colour: a dark edge, a white band and a dark core, so that either the band (on
    forest, water) or the edges (on plains, desert) stand out."""
    sa, sb = camera.to_screen(a), camera.to_screen(b)
    pygame.draw.line(target, RULER, sa, sb, 9)
    pygame.draw.line(target, RULER_BAND, sa, sb, 5)
    pygame.draw.line(target, RULER, sa, sb, 1)
    length = math.hypot(b.x - a.x, b.y - a.y)
    if length > 0:
        step = nice_length(length / 8)
        ux, uy = (b.x - a.x) / length, (b.y - a.y) / length
        n = 1
        while n * step < length and n < 200:
            px, py = camera.to_screen(WorldPoint(a.x + ux * n * step, a.y + uy * n * step))
            tick = ((px - uy * 7, py + ux * 7), (px + uy * 7, py - ux * 7))
            pygame.draw.line(target, RULER_BAND, *tick, 5)
            pygame.draw.line(target, RULER, *tick, 2)
            n += 1
    for point in (sa, sb):
        pygame.draw.circle(target, RULER_BAND, point, 7)
        pygame.draw.circle(target, RULER, point, 7, 2)
        pygame.draw.circle(target, RULER, point, 2)
    draw_cursor_text(target, texts, (round(sb[0]), round(sb[1])), lines, True, size, area=area, avoid=(sa, sb))


def draw_range_rings(
    target: pygame.Surface,
    camera: Camera,
    texts: TextCache,
    centre: WorldPoint,
    rings: Sequence[tuple[str, float]],
    size: int,
) -> None:
    """Circles of the unit's ranges (label, world units), each labelled where it crosses north."""
    cx, cy = camera.to_screen(centre)
    for index, (label, radius) in enumerate(sorted(rings, key=lambda r: r[1])):
        r = camera.length_to_screen(radius)
        if r < 2 or r > 40000:
            continue
        colour = RING_COLOURS[index % len(RING_COLOURS)]
        pygame.draw.circle(target, (255, 255, 255), (cx, cy), r, 4)
        pygame.draw.circle(target, colour, (cx, cy), r, 2)
        tag = texts.get(f"{label} {short_number(radius)}", size, (255, 255, 255), (*colour, 220))
        target.blit(tag, tag.get_rect(midbottom=(cx, cy - r - 2)))


def draw_heading_cone(
    target: pygame.Surface, camera: Camera, origin: WorldPoint, heading: float, limit: float, radius: float
) -> None:
    """The bearings a ship may still take: a wedge of +-``limit`` degrees about ``heading``, out to ``radius``
    world units (its allowance left)."""
    _cone(target, camera, origin, heading, limit, radius, strong=False)


def draw_heading_cone_carried(
    target: pygame.Surface, camera: Camera, origin: WorldPoint, heading: float, limit: float, radius: float
) -> None:
    """The same wedge while the ship is dragged, drawn over the counters with a white and dark edge, so that
    the umpire sees on any water or land where the drop may go."""
    _cone(target, camera, origin, heading, limit, radius, strong=True)


def _cone(target: pygame.Surface, camera: Camera, origin: WorldPoint, heading: float, limit: float, radius: float,
          strong: bool) -> None:
    r = max(24.0, camera.length_to_screen(radius))
    if r > 20000:
        r = 20000
    cx, cy = camera.to_screen(origin)
    points = [(cx, cy)]
    steps = max(4, int(limit // 5))
    for i in range(-steps, steps + 1):
        bearing = math.radians(heading + limit * i / steps)
        points.append((cx + r * math.sin(bearing), cy - r * math.cos(bearing)))
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    pad = 4 if strong else 2
    box = pygame.Rect(math.floor(min(xs)) - pad, math.floor(min(ys)) - pad, math.ceil(max(xs) - min(xs)) + 2 * pad,
                      math.ceil(max(ys) - min(ys)) + 2 * pad)
    box = box.clip(target.get_rect())
    if box.width <= 0 or box.height <= 0:
        return
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    local = [(x - box.left, y - box.top) for x, y in points]
    if strong:
        pygame.draw.polygon(layer, (255, 210, 60, 45), local)
        pygame.draw.polygon(layer, (255, 255, 255, 235), local, 5)
        pygame.draw.polygon(layer, (20, 20, 20, 235), local, 2)
    else:
        pygame.draw.polygon(layer, (40, 110, 220, 60), local)
        pygame.draw.polygon(layer, (30, 70, 170, 220), local, 2)
    target.blit(layer, box.topleft)


def draw_heading_arrow(target: pygame.Surface, centre: tuple[float, float], heading: float, length: float) -> None:
    """A ship's heading as an arrow from its counter's centre."""
    rad = math.radians(heading)
    dx, dy = math.sin(rad), -math.cos(rad)
    tip = (centre[0] + dx * length, centre[1] + dy * length)
    start = (centre[0] + dx * length * 0.45, centre[1] + dy * length * 0.45)
    pygame.draw.line(target, (255, 255, 255), start, tip, 5)
    pygame.draw.line(target, (10, 10, 10), start, tip, 3)
    head = length * 0.22
    left = (tip[0] - dx * head - dy * head * 0.6, tip[1] - dy * head + dx * head * 0.6)
    right = (tip[0] - dx * head + dy * head * 0.6, tip[1] - dy * head - dx * head * 0.6)
    pygame.draw.polygon(target, (10, 10, 10), [tip, left, right])


def nice_length(target: float) -> float:
    """The round length (1, 2 or 5 times a power of ten) at most ``target`` (> 0); 1 for nonsense."""
    if not (target > 0.0 and math.isfinite(target)):
        return 1.0
    power = 10.0 ** math.floor(math.log10(target))
    for factor in (5.0, 2.0, 1.0):
        if factor * power <= target:
            return factor * power
    return power


def short_number(value: float) -> str:
    """A distance for people: at most one decimal, none when whole."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


#: A rule set's distance unit in words nobody reads as a count of troops: the Fourth Edition measures in the
#: map's own units ("20 units" beside a scale bar read as twenty units of troops).
DISTANCE_WORDS = {"units": "map units"}


def distance_words(unit: str) -> str:
    """A rule set's ``distance_unit`` as the window and the players' pictures say it: ``"map units"``,
    ``"metres"``."""
    return DISTANCE_WORDS.get(unit, unit)


def scale_words(length: float, unit_name: str) -> str:
    """A scale bar's length: ``"500 paces"``; no decimals when whole, else at most two (a bar of 0.05)."""
    number = f"{length:.2f}".rstrip("0").rstrip(".") or "0"
    return f"{number} {unit_name}"


def scale_bar_length(px_per_unit: float, about_px: float) -> tuple[float, float]:
    """A scale bar's round length (:func:`nice_length`, in the unit whose length on screen is ``px_per_unit``
    pixels) of at most about ``about_px`` pixels, and its length in pixels."""
    length = nice_length(about_px / px_per_unit)
    return length, length * px_per_unit


def draw_scale_segments(target: pygame.Surface, bottom_left: tuple[int, int], length_px: float, height: int,
                        ink: tuple[int, int, int] = (20, 20, 20), paper: tuple[int, int, int] = (255, 255, 255)) -> None:
    """The bar of a scale bar: four segments, ``ink`` and ``paper`` in turn, outlined in ``ink``."""
    x, y = bottom_left
    for i in range(4):
        seg = pygame.Rect(round(x + length_px * i / 4), y - height, math.ceil(length_px / 4), height)
        pygame.draw.rect(target, ink if i % 2 == 0 else paper, seg)
    pygame.draw.rect(target, ink, pygame.Rect(x, y - height, round(length_px), height), 1)


def draw_scale_bar(
    target: pygame.Surface, camera: Camera, texts: TextCache, bottom_left: tuple[int, int], unit_name: str, size: int,
    units_per_world: float = 1.0,
) -> None:
    """A scale bar of a round length, about 160 px long, on a white box with its length above it.
    ``units_per_world``: how many of ``unit_name`` one world unit is (the map's scale)."""
    length, px = scale_bar_length(camera.scale / units_per_world, 160.0)
    x, y = bottom_left
    h = max(6, size // 2)
    label = texts.get(scale_words(length, unit_name), size, (20, 20, 20), (255, 255, 255, 210))
    pygame.draw.rect(target, (255, 255, 255), pygame.Rect(x - 4, y - h - label.get_height() - 6, px + 8, h + label.get_height() + 10), border_radius=4)
    draw_scale_segments(target, (x, y), px, h)
    target.blit(label, (x, y - h - label.get_height() - 2))


class ZoneNames:
    """Zone names on the map, each on a tag placed where no counter is drawn (:func:`zone_name_places`).

    The places are kept while the camera, the game state and the text size stay the same, so the frames of
    a drag (60 a second, neither changing) only blit the tags.
    """

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._owner: object = None
        self._places: list[tuple[pygame.Surface, pygame.Rect]] = []

    def draw(
        self,
        target: pygame.Surface,
        camera: Camera,
        texts: TextCache,
        zones: Sequence[Zone],
        size: int,
        owner: object,
        avoid: Callable[[], np.ndarray],
    ) -> list[pygame.Rect]:
        """Blit each zone's tag; ``owner`` (the game state) and ``avoid`` (the counters' screen boxes, asked
        only when the places must be found again) as in :func:`zone_name_places`. Returns the tags' rects."""
        key = (camera, size, len(zones))
        if key != self._key or owner is not self._owner:
            self._places = zone_name_places(camera, texts, zones, size, avoid())
            self._key, self._owner = key, owner
        for tag, rect in self._places:
            target.blit(tag, rect)
        return [rect for _, rect in self._places]


def zone_name_places(
    camera: Camera, texts: TextCache, zones: Sequence[Zone], size: int, avoid: np.ndarray | None = None
) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """Each zone's name tag and where it goes on screen (zones out of view get none).

    ``avoid``: (n, 4) left, top, right, bottom screen boxes (pixels) the tag should not cover: the counters as
    drawn. The tag goes above the outline's top edge in the middle when that is free, else to the first free
    place along that edge, just inside it, or under the bottom edge; only when none is free does it keep the
    middle of the top edge, under the counters (a counter's id matters more than a zone's name). Tags do not
    cover each other where they can help it.
    """
    taken = [] if avoid is None else [np.asarray(avoid, dtype=np.float64).reshape(-1, 4)]
    places = []
    for zone in zones:
        if not zone.outline:
            continue
        xs, ys = camera.to_screen_array(np.array([p.x for p in zone.outline]), np.array([p.y for p in zone.outline]))
        tag = texts.get(zone.name, size, (255, 255, 255), (160, 20, 110, 200))
        rect = _free_place(tag.get_rect(), xs, ys, np.concatenate(taken) if taken else np.empty((0, 4)), camera.viewport)
        if rect is not None:
            places.append((tag, rect))
            taken.append(np.array([[rect.left, rect.top, rect.right, rect.bottom]], dtype=np.float64))
    return places


def _free_place(tag: pygame.Rect, xs: np.ndarray, ys: np.ndarray, boxes: np.ndarray, vp: Viewport) -> pygame.Rect | None:
    """Where a zone's name tag goes (see :func:`zone_name_places`): the first free place along the outline's
    top edge (shifted by half tags), just inside it, under the bottom edge or just inside that, within the
    zone's width first, then past its ends; when none is free, the place in view that covers the fewest counters
    (the tag is drawn under them). None when the zone's place is out of view."""
    middle = float(xs.mean())
    top, bottom = float(ys.min()), float(ys.max())
    low, high = float(xs.min()) + tag.width / 2, float(xs.max()) - tag.width / 2
    shifts = np.array([0.0] + [k * sign * tag.width / 2 for k in range(1, 7) for sign in (1, -1)])
    clamped = np.clip(middle + shifts, low, high) if low <= high else np.full(len(shifts), middle)
    # candidates: (centre x, y of the anchor edge, +1 when the tag hangs below that y, -1 when it stands on it);
    # every edge within the zone's width before any place past its ends
    rows = [(top - 2, -1), (top + 3, 1), (bottom + 2, 1), (bottom - 3, -1)]
    cx = np.concatenate([[middle], np.tile(clamped, len(rows)), np.tile(middle + shifts, len(rows))])
    edge = np.concatenate([[top - 2], np.tile(np.repeat([r[0] for r in rows], len(shifts)), 2)])
    down = np.concatenate([[-1], np.tile(np.repeat([r[1] for r in rows], len(shifts)), 2)])
    left = np.round(cx) - tag.width // 2
    upper = np.where(down > 0, np.round(edge), np.round(edge) - tag.height)
    right, lower = left + tag.width, upper + tag.height
    inside = (left >= vp.left) & (right <= vp.left + vp.width) & (upper >= vp.top) & (lower <= vp.top + vp.height)
    covers = np.zeros(len(cx), dtype=np.int64)
    if len(boxes):
        covers = (
            (boxes[None, :, 0] < right[:, None]) & (boxes[None, :, 2] > left[:, None])
            & (boxes[None, :, 1] < lower[:, None]) & (boxes[None, :, 3] > upper[:, None])
        ).sum(axis=1)
    seen = np.nonzero(inside)[0]
    if seen.size:
        k = int(seen[np.argmin(covers[seen])])  # the first free one, else the least covered
        return pygame.Rect(int(left[k]), int(upper[k]), tag.width, tag.height)
    rect = pygame.Rect(int(left[0]), int(upper[0]), tag.width, tag.height)
    return rect if vp.contains(*rect.center) else None


def draw_structure_names(
    target: pygame.Surface, camera: Camera, texts: TextCache, structures: Sequence[Structure], size: int
) -> None:
    """Each named structure's name under it (villages, bridges, ports, airfields), small and dark."""
    for structure in structures:
        if not structure.name or not structure.outline:
            continue
        centre = structure.centre
        bottom = max(p.y for p in structure.outline)
        sx, sy = camera.to_screen(WorldPoint(centre.x, bottom))
        if not camera.viewport.contains(sx, sy):
            continue
        tag = texts.get(structure.name, size, (30, 24, 18), (250, 246, 235, 200), pad=2)
        target.blit(tag, tag.get_rect(midtop=(round(sx), round(sy) + 9)))
