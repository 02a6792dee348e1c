"""A player's picture: their situation map, drawn from their PlayerView and the public map alone.

The whole battlefield (the players have the map); the area their units see at full colour, the rest dimmed;
their own units; the enemy units in sight (kind and side, no designation, no strength); a legend with player,
side, round and game time, a scale bar and a north arrow. The officer's view is the same picture cropped around
one of the player's units, with that unit's sight range drawn.

Everything drawn comes from the :class:`~kriegsspiel.core.sight._fog.PlayerView` (which holds only what the player
may know) and the printed map (:class:`~kriegsspiel.render.picture_map.PrintedMap`, which holds no unit), in an
order fixed by what is drawn; so an enemy the player cannot see changes no pixel.

It is drawn as the umpire's window draws: through a :class:`~kriegsspiel.render.camera.Camera` fitted to the
picture (render/picture_map.py), with the window's counters (render/counters.py), their layout apart from each
other (render/declutter.py), heading arrows (render/overlays.py) and the umpire's notes (render/notes.py); the
legend is render/legend.py. The umpire's marks (hidden hatching, paths,
reasons, moved/fired badges, notes for the umpire or another player) are never drawn here.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pygame

from kriegsspiel.core.sight import OwnUnit, PlayerView
from kriegsspiel.render import declutter
from kriegsspiel.render.camera import Camera
from kriegsspiel.render.counters import LEADER, CounterCache, CounterLook, symbol_for, true_place_dot
from kriegsspiel.render.legend import MIN_PICTURE_WIDTH, PLAYER_KEY, UMPIRE_KEY, LegendKey, legend_height, with_legend
from kriegsspiel.render.notes import draw_notes
from kriegsspiel.render.overlays import draw_heading_arrow, edge_segments
from kriegsspiel.render.picture_map import (
    FOG,
    FOG_ALPHA,
    PrintedMap,
    UnknownUnit,
    base_map,
    cell_block,
    draw_features,
    full_map_camera,
    officer_camera,
    point_marks,
)

__all__ = ["PLAYER_KEY", "UMPIRE_KEY", "LegendKey", "UnknownUnit", "draw_picture", "full_map_camera", "reading_fit"]

#: The pictures are made to be read fitted whole into a screen of this size (pixels): the smallest common
#: laptop screen. Counters, ids and the legend are drawn large enough in the picture's own pixels that they
#: keep the sizes below once the picture is shrunk to fit that screen (a larger screen shows them larger).
READING_SCREEN_PX = (1366, 768)
#: Unit ids are written at least this large on that screen (font size in pixels) ...
MIN_ID_SCREEN_PX = 11
#: ... counters are at least this wide there (pixels) ...
MIN_COUNTER_SCREEN_PX = 24
#: ... the names of settlements and buildings at least this large (font size in pixels) ...
MIN_NAME_SCREEN_PX = 10
#: ... the square marking a structure on one point (a depot, a fort) at least this wide (pixels) ...
MIN_MARK_SCREEN_PX = 6
#: ... and the legend's smallest text at least this large (font size in pixels).
MIN_LEGEND_SCREEN_PX = 11
#: The legend's smallest text, in the legend's own units (it is multiplied by the legend's zoom).
LEGEND_SMALL_TEXT = 16
#: Never smaller than this in the picture (pygame font size): below it the bundled font runs letters together.
MIN_ID_PX = 13
#: The officer's own unit is framed in this colour.
FOCUS = (255, 214, 0)


def draw_picture(view: PlayerView, public: PrintedMap, *, unit: str | None = None,
                 moment: str | None = None, key: LegendKey = PLAYER_KEY) -> pygame.Surface:
    """The player's picture as a new Surface (RGB).

    ``unit``: the id of one of the player's units for the officer's view (cropped around it); None for the
    whole battlefield. ``moment``: the legend's time line (default "Round N", with the game time for timed
    rule sets). ``key``: the legend's key (the umpire's picture says what it shows in its own words). Raises
    UnknownUnit for a unit the player does not command.
    """
    if unit is None:
        camera, focus = full_map_camera(public), None
    else:
        camera, focus = officer_camera(public, view, unit)
    fit = reading_fit(camera, len(view.received))
    picture = base_map(public, camera)
    draw_features(picture, public, camera, view.structures, name_px(fit), mark_px(fit))
    _draw_fog(picture, view, camera, float(public.battlefield.raster().cell_size))
    if focus is not None:
        _draw_sight_ring(picture, public, camera, focus)
    # the umpire's notes for this player (the view holds no one else's), under the counters
    draw_notes(picture, view.notes, camera.to_screen, max(3, math.ceil(3 / fit)), name_px(fit) + 4)
    _draw_units(picture, view, public, camera, focus, fit)
    return with_legend(picture, view, public, camera, moment, focus, legend_zoom(fit), key)


def legend_zoom(fit: float) -> float:
    """How much the legend's text is enlarged (1: its own sizes) so that its smallest text keeps
    :data:`MIN_LEGEND_SCREEN_PX` when the picture is shrunk by ``fit`` to the reading screen."""
    return max(1.0, MIN_LEGEND_SCREEN_PX / (LEGEND_SMALL_TEXT * fit))


def reading_fit(camera: Camera, received: int = 0) -> float:
    """The factor that shrinks the whole picture (map and legend) to fit :data:`READING_SCREEN_PX`; above 1
    for a picture smaller than that screen. The legend grows as the factor falls, so this settles it in a few
    steps. Depends on the camera and the number of messages listed only (nothing of the enemy)."""
    width = max(MIN_PICTURE_WIDTH, camera.viewport.width)
    height = camera.viewport.height
    screen_w, screen_h = READING_SCREEN_PX
    fit = min(screen_w / width, screen_h / height)
    for _ in range(6):
        fit = min(screen_w / width, screen_h / (height + legend_height(legend_zoom(fit), received)))
    return fit


def _draw_fog(picture: pygame.Surface, view: PlayerView, camera: Camera, cell_size: float) -> None:
    block = cell_block(camera, cell_size)
    seen = view.seen[block.row0 : block.row0 + block.rows, block.col0 : block.col0 + block.cols]
    if seen.all():  # no fog and no edge of sight (the umpire's view): a clear overlay is a costly no-op
        return
    small = pygame.Surface((block.cols, block.rows), pygame.SRCALPHA)
    small.fill((*FOG, FOG_ALPHA))
    alpha = pygame.surfarray.pixels_alpha(small)
    alpha[:] = np.where(seen.T, 0, FOG_ALPHA).astype(np.uint8)
    del alpha  # release the surface lock before scaling
    picture.blit(pygame.transform.scale(small, (camera.viewport.width, camera.viewport.height)), (0, 0))
    _draw_sight_edge(picture, seen, block.px_per_cell)


def _draw_sight_edge(picture: pygame.Surface, seen: np.ndarray, k: int) -> None:
    """A thin line along the edge of the seen area (cells of ``k`` pixels), so the limit of sight reads at a
    glance: the window's outline of a cell mask (:func:`kriegsspiel.render.overlays.edge_segments`, runs
    merged), without the sides on the border of the map or of a crop."""
    if k < 3 or not seen.any():
        return
    colour = (250, 250, 250)
    rows, cols = seen.shape
    for (x0, y0), (x1, y1) in edge_segments(seen):
        if x0 == x1:  # a side between two columns
            if 0 < x0 < cols:
                pygame.draw.line(picture, colour, (x0 * k, y0 * k), (x0 * k, y1 * k - 1))
        elif 0 < y0 < rows:  # a side between two rows
            pygame.draw.line(picture, colour, (x0 * k, y0 * k), (x1 * k - 1, y0 * k))


def _draw_sight_ring(picture: pygame.Surface, public: PrintedMap, camera: Camera, unit: OwnUnit) -> None:
    radius = camera.length_to_screen(float(public.ruleset.unit_type(unit.type_id).sight_range))
    centre = camera.to_screen(unit.position)
    steps = max(24, int(radius * 2 * math.pi / 10))
    for i in range(0, steps, 2):
        a0, a1 = 2 * math.pi * i / steps, 2 * math.pi * (i + 1) / steps
        pygame.draw.line(picture, (250, 250, 250),
                         (centre[0] + radius * math.cos(a0), centre[1] + radius * math.sin(a0)),
                         (centre[0] + radius * math.cos(a1), centre[1] + radius * math.sin(a1)), 2)


def counter_px(public: PrintedMap, camera: Camera, fit: float = 1.0) -> int:
    """Counter size on a picture: about one and a half tiles, between 34 and 52 pixels, and never less than
    :data:`MIN_COUNTER_SCREEN_PX` once the picture is shrunk by ``fit`` to the reading screen."""
    tile_px = camera.length_to_screen(public.battlefield.grid.units_per_tile)
    return int(max(min(52, max(34, round(tile_px * 1.5))), math.ceil(MIN_COUNTER_SCREEN_PX / fit)))


def name_px(fit: float) -> int:
    """The type size of the map's names (settlements, buildings) on a picture shrunk by ``fit`` (pixels)."""
    return max(13, math.ceil(MIN_NAME_SCREEN_PX / fit))


def mark_px(fit: float) -> int:
    """The least side of a structure's square mark on a picture shrunk by ``fit`` (pixels)."""
    return max(4, math.ceil(MIN_MARK_SCREEN_PX / fit))


def id_px(fit: float) -> int:
    """The type size of the unit ids on a picture shrunk by ``fit`` to the reading screen (pixels)."""
    return max(MIN_ID_PX, math.ceil(MIN_ID_SCREEN_PX / fit))


#: The counters of the players' pictures, drawn once per look (the window keeps its own cache of the same kind).
_counters = CounterCache()


@dataclass(frozen=True, slots=True)
class _Counter:
    """A counter to place: its picture, where the unit stands (picture pixels), its heading and side."""

    surface: pygame.Surface
    at: tuple[float, float]
    heading: float | None
    colour: str


def _own_look(public: PrintedMap, unit: OwnUnit, size: int, text_px: int) -> CounterLook:
    """The player's own counter, its id on a tag under the plate in type of ``text_px`` (the plate's own label
    would be too small to read on a whole-map picture)."""
    unit_type = public.ruleset.unit_type(unit.type_id)
    return CounterLook(symbol=symbol_for(unit.type_id, str(unit_type.theatre)), colour=public.colour_of(unit.side),
                       label=unit.id, health=int(unit.health), max_health=int(unit_type.health), size_px=size,
                       id_tag_px=text_px)


def _enemy_look(public: PrintedMap, type_id: str, side: str, size: int) -> CounterLook:
    """An enemy in sight: its kind and side, "?" for its id, no strength (the player knows neither)."""
    theatre = str(public.ruleset.unit_type(type_id).theatre)
    return CounterLook(symbol=symbol_for(type_id, theatre), colour=public.colour_of(side), label="?", health=1,
                       max_health=1, size_px=size, strength_known=False)


def _draw_units(picture: pygame.Surface, view: PlayerView, public: PrintedMap, camera: Camera,
                focus: OwnUnit | None, fit: float = 1.0) -> None:
    """The player's units and the enemies in sight, laid out as the window lays out its counters
    (:func:`kriegsspiel.render.declutter.spread`: one moved off another it would cover, or off a structure's
    mark, with a line to where the unit stands), each kept whole inside the picture. The player's commanded
    units keep their places first, then their side's others, then the enemies; enemies are drawn under
    friends."""
    size = counter_px(public, camera, fit)
    text_px = id_px(fit)
    bounds = picture.get_rect()

    def inside(x: float, y: float) -> bool:
        return 0 <= x < bounds.width and 0 <= y < bounds.height

    own = []
    for unit in sorted(view.own_units, key=lambda u: not u.commanded):  # commanded first; stable otherwise
        at = camera.to_screen(unit.position)
        if inside(*at):
            own.append(_Counter(_counters.get(_own_look(public, unit, size, text_px)), at, unit.heading,
                                public.colour_of(unit.side)))
    enemies = []
    for enemy in view.seen_enemies:
        at = camera.to_screen(enemy.position)
        if inside(*at):
            enemies.append(_Counter(_counters.get(_enemy_look(public, enemy.type_id, enemy.side, size)), at,
                                    enemy.heading, public.colour_of(enemy.side)))
    counters = [*own, *enemies]
    # the squares of structures on one point stay in view: counters keep off them as off each other
    marks = [(r.left, r.top, r.right, r.bottom) for r in point_marks(public, camera, view.structures, mark_px(fit))]
    spots = _layout(counters, size, bounds, np.array(marks, dtype=np.float64).reshape(-1, 4))
    dot_r = max(declutter.DOT_RADIUS_PX, size // 9)
    for counter, rect in zip(counters, spots):  # leader lines under every counter
        _leader(picture, counter, rect, size, dot_r)
    # draw order: enemies, then friends of other commands, then the player's own (reversed priority)
    order = [*range(len(own), len(counters)), *reversed(range(len(own)))]
    for i in order:
        counter, rect = counters[i], spots[i]
        if counter.heading is not None:
            draw_heading_arrow(picture, (rect.centerx, rect.top + size // 2), counter.heading, size)
        picture.blit(counter.surface, rect)
    if focus is not None:
        at = camera.to_screen(focus.position)
        mine = next((spots[i] for i, c in enumerate(own) if c.at == at), None)
        if mine is None:  # (the officer's view is centred on the unit: it is always drawn)
            mine = pygame.Rect(round(at[0]) - size // 2, round(at[1]) - size // 2, size, size)
        # around the whole counter, its id tag too, so the ring covers none of it
        pygame.draw.rect(picture, FOCUS, mine.inflate(8, 8), 3, border_radius=6)


def _layout(counters: list[_Counter], size: int, bounds: pygame.Rect, marks: np.ndarray) -> list[pygame.Rect]:
    """Where each counter's picture goes: the window's layout (:func:`declutter.spread`, in the order given as
    priority, keeping off ``marks``), then kept whole inside ``bounds``."""
    if not counters:
        return []
    cx = np.array([c.at[0] for c in counters])
    cy = np.array([c.at[1] for c in counters])
    widths = np.array([c.surface.get_width() for c in counters], dtype=np.float64)
    heights = np.array([c.surface.get_height() for c in counters], dtype=np.float64)
    edge = (float(bounds.left), float(bounds.top), float(bounds.right), float(bounds.bottom))
    layout = declutter.spread(cx, cy, widths, heights, size, edge, marks)
    placed = []
    for i, counter in enumerate(counters):
        w, h = counter.surface.get_size()
        x, y = cx[i] + layout.dx[i], cy[i] + layout.dy[i]
        placed.append(pygame.Rect(round(x - w / 2), round(y - size / 2), w, h).clamp(bounds))
    return placed


def _leader(picture: pygame.Surface, counter: _Counter, rect: pygame.Rect, size: int, dot_r: int) -> None:
    """A line from where the unit stands to its counter, and the window's dot of its side's colour there,
    when the counter is drawn off its place by more than a tenth of its width."""
    centre = (rect.centerx, rect.top + size / 2)
    x, y = counter.at
    if math.hypot(centre[0] - x, centre[1] - y) <= size / 10:
        return
    pygame.draw.line(picture, LEADER, (x, y), centre, max(2, size // 24))
    key = (counter.colour, dot_r)
    dot = _dots.get(key)
    if dot is None:
        dot = _dots[key] = true_place_dot(counter.colour, dot_r)
    picture.blit(dot, (round(x) - dot_r - 1, round(y) - dot_r - 1))


_dots: dict[tuple[str, int], pygame.Surface] = {}
