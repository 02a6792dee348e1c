"""A player's picture: their situation map, drawn from their PlayerView and the public map alone.

The whole battlefield (the players have the map); the area their units see at full colour, the rest dimmed;
their own units; the enemy units in sight (kind and side, no designation, no strength); a legend with player,
side, round and game time, a scale bar and a north arrow. The officer's view is the same picture cropped around
one of the player's units, with that unit's sight range drawn.

Everything drawn comes from the :class:`~kriegsspiel.core.sight._fog.PlayerView` (which holds only what the player
may know) and the :class:`~kriegsspiel.pov.public.PublicMap` (which holds no unit), in an order fixed by what
is drawn; so an enemy the player cannot see changes no pixel. The umpire's marks (hidden hatching, paths,
reasons, moved/fired badges, notes for the umpire or another player) are never drawn here.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pygame

from kriegsspiel.core.sight import OwnUnit, PlayerView, SeenEnemy
from kriegsspiel.pov.basemap import Window, base_map, draw_features, point_marks
from kriegsspiel.pov.public import PublicMap
from kriegsspiel.render.counters import MAX_LABEL_CHARS, PLATE, CounterLook, draw_counter, symbol_for
from kriegsspiel.render.fonts import font
from kriegsspiel.render.notes import draw_notes
from kriegsspiel.render.palette import blend, parse_colour

#: The long side of the whole-map picture, in pixels (a whole number of pixels per cell, at most this).
MAP_LONG_SIDE_PX = 2400
#: The long side of an officer's view, in pixels.
OFFICER_LONG_SIDE_PX = 1100
#: The officer's view shows this much more than the unit's sight range around it.
OFFICER_MARGIN = 1.25
MAX_PX_PER_CELL = 48
LEGEND_HEIGHT = 76
#: The newest messages and orders received listed under the legend (older ones were on earlier pictures).
RECEIVED_LINES = 5
RECEIVED_LINE_HEIGHT = 22
MIN_PICTURE_WIDTH = 860
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
#: A counter that would cover another is moved at most this many counter widths from its place (a line leads
#: back to where the unit stands); when there is no room that near it stays put.
MAX_SHIFT_COUNTERS = 2.0
FOG = (26, 28, 38)
FOG_ALPHA = 132
INK = (20, 20, 24)
PAPER = (248, 246, 238)


class UnknownUnit(ValueError):
    """The officer's view asked for a unit the player does not command. The message lists theirs."""


def full_map_window(public: PublicMap, long_side_px: int = MAP_LONG_SIDE_PX) -> Window:
    """The whole raster at the largest whole number of pixels per cell that fits ``long_side_px``."""
    raster = public.battlefield.raster()
    rows, cols = raster.shape
    k = max(1, min(MAX_PX_PER_CELL, long_side_px // max(rows, cols)))
    return Window(0, 0, rows, cols, k, float(raster.cell_size))


def officer_window(public: PublicMap, view: PlayerView, unit_id: str,
                   long_side_px: int = OFFICER_LONG_SIDE_PX) -> tuple[Window, OwnUnit]:
    """The window around the player's unit ``unit_id``: its sight range times :data:`OFFICER_MARGIN` (at
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
    return Window(r0, c0, r1 - r0, c1 - c0, k, cell), unit


@dataclass(frozen=True, slots=True)
class LegendKey:
    """The legend's key: what the bright ground means (``seen``), the dimmed ground (``unseen``; None: nothing
    is dimmed) and, for a picture with moves drawn on it, what the arrows are (``arrows``; None: no arrows)."""

    seen: str
    unseen: str | None
    arrows: str | None = None


#: a player's picture: their units' sight lit, the rest of the map dimmed
PLAYER_KEY = LegendKey("in sight of your units", "out of sight (the map only)")
#: the umpire's picture (the debrief's truth): nothing is dimmed, the moves are arrows along their paths
UMPIRE_KEY = LegendKey("the whole map and every unit in play", None, "the moves, along the ways they went")


def draw_picture(view: PlayerView, public: PublicMap, *, unit: str | None = None,
                 moment: str | None = None, key: LegendKey = PLAYER_KEY) -> pygame.Surface:
    """The player's picture as a new Surface (RGB).

    ``unit``: the id of one of the player's units for the officer's view (cropped around it); None for the
    whole battlefield. ``moment``: the legend's time line (default "Round N", with the game time for timed
    rule sets). ``key``: the legend's key (the umpire's picture says what it shows in its own words). Raises
    UnknownUnit for a unit the player does not command.
    """
    if unit is None:
        window, focus = full_map_window(public), None
    else:
        window, focus = officer_window(public, view, unit)
    fit = reading_fit(window, len(view.received))
    picture = base_map(public, window)
    draw_features(picture, public, window, view.structures, name_px(fit), mark_px(fit))
    _draw_fog(picture, view, window)
    if focus is not None:
        _draw_sight_ring(picture, public, window, focus)
    # the umpire's notes for this player (the view holds no one else's), under the counters
    draw_notes(picture, view.notes, lambda p: window.to_px(p.x, p.y), max(3, math.ceil(3 / fit)), name_px(fit) + 4)
    _draw_units(picture, view, public, window, focus, fit)
    return _with_legend(picture, view, public, window, moment, focus, legend_zoom(fit), key)


def legend_zoom(fit: float) -> float:
    """How much the legend's text is enlarged (1: its own sizes) so that its smallest text keeps
    :data:`MIN_LEGEND_SCREEN_PX` when the picture is shrunk by ``fit`` to the reading screen."""
    return max(1.0, MIN_LEGEND_SCREEN_PX / (LEGEND_SMALL_TEXT * fit))


def legend_height(z: float, received: int) -> int:
    """The legend's height in pixels at zoom ``z``, with ``received`` messages listed under it."""
    shown = min(received, RECEIVED_LINES)
    extra = round((shown + 1) * RECEIVED_LINE_HEIGHT * z + 8 * z) if shown else 0
    return round(LEGEND_HEIGHT * z) + extra


def reading_fit(window: Window, received: int = 0) -> float:
    """The factor that shrinks the whole picture (map and legend) to fit :data:`READING_SCREEN_PX`; above 1
    for a picture smaller than that screen. The legend grows as the factor falls, so this settles it in a few
    steps. Depends on the window and the number of messages listed only (nothing of the enemy)."""
    width = max(MIN_PICTURE_WIDTH, window.size_px[0])
    screen_w, screen_h = READING_SCREEN_PX
    fit = min(screen_w / width, screen_h / window.size_px[1])
    for _ in range(6):
        fit = min(screen_w / width, screen_h / (window.size_px[1] + legend_height(legend_zoom(fit), received)))
    return fit


def _draw_fog(picture: pygame.Surface, view: PlayerView, window: Window) -> None:
    seen = view.seen[window.row0 : window.row0 + window.rows, window.col0 : window.col0 + window.cols]
    if seen.all():  # no fog and no edge of sight (the umpire's view): a clear overlay is a costly no-op
        return
    small = pygame.Surface((window.cols, window.rows), pygame.SRCALPHA)
    small.fill((*FOG, FOG_ALPHA))
    alpha = pygame.surfarray.pixels_alpha(small)
    alpha[:] = np.where(seen.T, 0, FOG_ALPHA).astype(np.uint8)
    del alpha  # release the surface lock before scaling
    picture.blit(pygame.transform.scale(small, window.size_px), (0, 0))
    _draw_sight_edge(picture, seen, window)


def _draw_sight_edge(picture: pygame.Surface, seen: np.ndarray, window: Window) -> None:
    """A thin line along the edge of the seen area, so the limit of sight reads at a glance."""
    k = window.px_per_cell
    if k < 3 or not seen.any():
        return
    colour = (250, 250, 250)
    padded = np.pad(seen, 1, mode="edge")  # no line along the border of the map or of a crop
    # vertical edges: between columns c-1 and c where seen differs
    rows, cols = np.nonzero(padded[1:-1, 1:] != padded[1:-1, :-1])
    for r, c in zip(rows.tolist(), cols.tolist()):
        x = c * k
        pygame.draw.line(picture, colour, (x, r * k), (x, r * k + k - 1))
    rows, cols = np.nonzero(padded[1:, 1:-1] != padded[:-1, 1:-1])
    for r, c in zip(rows.tolist(), cols.tolist()):
        y = r * k
        pygame.draw.line(picture, colour, (c * k, y), (c * k + k - 1, y))


def _draw_sight_ring(picture: pygame.Surface, public: PublicMap, window: Window, unit: OwnUnit) -> None:
    radius = float(public.ruleset.unit_type(unit.type_id).sight_range) * window.scale
    centre = window.to_px(unit.position.x, unit.position.y)
    steps = max(24, int(radius * 2 * math.pi / 10))
    for i in range(0, steps, 2):
        a0, a1 = 2 * math.pi * i / steps, 2 * math.pi * (i + 1) / steps
        pygame.draw.line(picture, (250, 250, 250),
                         (centre[0] + radius * math.cos(a0), centre[1] + radius * math.sin(a0)),
                         (centre[0] + radius * math.cos(a1), centre[1] + radius * math.sin(a1)), 2)


def counter_px(public: PublicMap, window: Window, fit: float = 1.0) -> int:
    """Counter size on a picture: about one and a half tiles, between 34 and 52 pixels, and never less than
    :data:`MIN_COUNTER_SCREEN_PX` once the picture is shrunk by ``fit`` to the reading screen."""
    tile_px = window.scale * public.battlefield.grid.units_per_tile
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


_enemy_counters: dict[tuple[str, str, str, int], pygame.Surface] = {}
_own_counters: dict[tuple[CounterLook, str, int], pygame.Surface] = {}


def _enemy_counter(public: PublicMap, enemy: SeenEnemy, size: int) -> pygame.Surface:
    theatre = str(public.ruleset.unit_type(enemy.type_id).theatre)
    colour = public.colour_of(enemy.side)
    key = (enemy.type_id, theatre, colour, size)
    cached = _enemy_counters.get(key)
    if cached is None:
        look = CounterLook(symbol=symbol_for(enemy.type_id, theatre), colour=colour, label="?", health=1,
                           max_health=1, size_px=size)
        cached = draw_counter(look)
        # The enemy's strength is not known: blank the health strip (same rectangle as render.counters).
        strip = pygame.Rect(round(size * 0.12), round(size * 0.84), round(size * 0.76), max(3, round(size * 0.08)))
        pygame.draw.rect(cached, PLATE, strip.inflate(2, 2))
        _enemy_counters[key] = cached
    return cached


def _own_counter(public: PublicMap, unit: OwnUnit, size: int, text_px: int) -> pygame.Surface:
    """The player's own counter with its id on a tag under the plate, in type of ``text_px`` (the plate's own
    label would be too small to read on a whole-map picture)."""
    unit_type = public.ruleset.unit_type(unit.type_id)
    look = CounterLook(symbol=symbol_for(unit.type_id, str(unit_type.theatre)), colour=public.colour_of(unit.side),
                       label="", health=int(unit.health), max_health=int(unit_type.health), size_px=size)
    key = (look, unit.id, text_px)
    cached = _own_counters.get(key)
    if cached is None:
        if len(_own_counters) > 4096:
            _own_counters.clear()
        cached = _with_id_tag(draw_counter(look), unit.id, text_px, parse_colour(look.colour))
        _own_counters[key] = cached
    return cached


def _with_id_tag(plate: pygame.Surface, label: str, text_px: int, side: tuple[int, int, int]) -> pygame.Surface:
    """``plate`` with ``label`` on a tag just under it (the surface widens for a long id; the plate stays
    centred at the top)."""
    label = label if len(label) <= MAX_LABEL_CHARS else label[: MAX_LABEL_CHARS - 1] + "…"
    text = font(text_px, bold=True).render(label, True, INK)
    s = plate.get_width()
    tag = pygame.Rect(0, 0, text.get_width() + 8, text.get_height() + 2)
    out = pygame.Surface((max(s, tag.width), s - 2 + tag.height), pygame.SRCALPHA)
    out.blit(plate, ((out.get_width() - s) // 2, 0))
    tag.midtop = (out.get_width() // 2, s - 2)
    pygame.draw.rect(out, (*PLATE, 255), tag, border_radius=3)
    pygame.draw.rect(out, blend(side, (0, 0, 0), 0.35), tag, 1, border_radius=3)
    out.blit(text, text.get_rect(center=tag.center))
    return out


@dataclass(frozen=True, slots=True)
class _Counter:
    """A counter to place: its surface, where the unit stands (picture pixels), its heading."""

    surface: pygame.Surface
    at: tuple[float, float]
    heading: float | None
    colour: tuple[int, int, int]


def _draw_units(picture: pygame.Surface, view: PlayerView, public: PublicMap, window: Window,
                focus: OwnUnit | None, fit: float = 1.0) -> None:
    """The player's units and the enemies in sight, each counter kept whole inside the picture and moved off
    another it would cover (a line leads to where the unit stands). The player's commanded units keep their
    places first, then their side's others, then the enemies; enemies are drawn under friends."""
    size = counter_px(public, window, fit)
    text_px = id_px(fit)
    bounds = picture.get_rect()

    def inside(x: float, y: float) -> bool:
        return 0 <= x < bounds.width and 0 <= y < bounds.height

    own = []
    for unit in sorted(view.own_units, key=lambda u: not u.commanded):  # commanded first; stable otherwise
        at = window.to_px(unit.position.x, unit.position.y)
        if inside(*at):
            own.append(_Counter(_own_counter(public, unit, size, text_px), at, unit.heading,
                                parse_colour(public.colour_of(unit.side))))
    enemies = []
    for enemy in view.seen_enemies:
        at = window.to_px(enemy.position.x, enemy.position.y)
        if inside(*at):
            enemies.append(_Counter(_enemy_counter(public, enemy, size), at, enemy.heading,
                                    parse_colour(public.colour_of(enemy.side))))
    # the squares of structures on one point stay in view: counters keep off them as off each other
    marks = point_marks(public, window, view.structures, mark_px(fit))
    placed = _layout([*own, *enemies], size, bounds, marks)
    spots = dict(zip(map(id, [*own, *enemies]), placed))
    for counter in [*own, *enemies]:  # leader lines under every counter
        _leader(picture, counter, spots[id(counter)], size)
    # draw order: enemies, then friends of other commands, then the player's own (reversed priority)
    for counter in [*enemies, *reversed(own)]:
        rect = spots[id(counter)]
        centre = (rect.centerx, rect.top + size // 2)
        if counter.heading is not None:
            _heading_arrow(picture, centre, counter.heading, size)
        picture.blit(counter.surface, rect)
    if focus is not None:
        at = window.to_px(focus.position.x, focus.position.y)
        mine = next((spots[id(c)] for c in own if c.at == at), None)
        if mine is None:  # (the officer's view is centred on the unit: it is always drawn)
            mine = pygame.Rect(round(at[0]) - size // 2, round(at[1]) - size // 2, size, size)
        # around the whole counter, its id tag too, so the ring covers none of it
        pygame.draw.rect(picture, (255, 214, 0), mine.inflate(8, 8), 3, border_radius=6)


def _shifts(size: int) -> list[tuple[int, int]]:
    """Where to try a counter, nearest first: its place, then rings of 12 directions out to
    :data:`MAX_SHIFT_COUNTERS` counter widths (pixels, fixed order)."""
    out = [(0, 0)]
    step = max(4, size // 3)
    for ring in range(1, int(MAX_SHIFT_COUNTERS * size / step) + 1):
        r = ring * step
        out += [(round(r * math.sin(math.tau * i / 12)), round(-r * math.cos(math.tau * i / 12))) for i in range(12)]
    return out


def _layout(counters: list[_Counter], size: int, bounds: pygame.Rect,
            keep_clear: list[pygame.Rect] | None = None) -> list[pygame.Rect]:
    """Where each counter's surface goes (in the order given, each keeping clear of those before it and of
    ``keep_clear``), whole inside ``bounds``: the nearest spot of :func:`_shifts` where it covers nothing taken,
    else its own place (kept inside)."""
    taken: list[pygame.Rect] = list(keep_clear or ())
    placed: list[pygame.Rect] = []
    shifts = _shifts(size)
    for counter in counters:
        w, h = counter.surface.get_size()
        x, y = counter.at
        first = None
        for dx, dy in shifts:
            rect = pygame.Rect(round(x + dx - w / 2), round(y + dy - size / 2), w, h).clamp(bounds)
            if first is None:
                first = rect
            if rect.collidelist(taken) < 0:
                break
        else:
            rect = first
        taken.append(rect)
        placed.append(rect)
    return placed


def _leader(picture: pygame.Surface, counter: _Counter, rect: pygame.Rect, size: int) -> None:
    """A line from where the unit stands to its counter, and a dot of its side's colour there, when the
    counter had to move off its place by more than a tenth of its width."""
    centre = (rect.centerx, rect.top + size / 2)
    x, y = counter.at
    if math.hypot(centre[0] - x, centre[1] - y) <= size / 10:
        return
    dot = max(4, size // 9)
    pygame.draw.line(picture, INK, (x, y), centre, max(2, size // 24))
    pygame.draw.circle(picture, counter.colour, (round(x), round(y)), dot)
    pygame.draw.circle(picture, INK, (round(x), round(y)), dot, max(1, dot // 3))


def _heading_arrow(picture: pygame.Surface, centre: tuple[float, float], heading: float, size: int) -> None:
    dx, dy = math.sin(math.radians(heading)), -math.cos(math.radians(heading))
    start = (centre[0] + dx * size * 0.45, centre[1] + dy * size * 0.45)
    tip = (centre[0] + dx * size * 1.0, centre[1] + dy * size * 1.0)
    pygame.draw.line(picture, INK, start, tip, 3)
    head = size * 0.22
    left = (tip[0] - dx * head - dy * head * 0.6, tip[1] - dy * head + dx * head * 0.6)
    right = (tip[0] - dx * head + dy * head * 0.6, tip[1] - dy * head - dx * head * 0.6)
    pygame.draw.polygon(picture, INK, [tip, left, right])


def _draw_north_arrow(out: pygame.Surface, centre: tuple[int, int], z: float) -> None:
    """North is up on every picture: an arrow with an N, in the legend (it covers nothing of the map)."""
    cx, cy = centre
    r = round(26 * z)
    pygame.draw.circle(out, PAPER, (cx, cy), r)
    pygame.draw.circle(out, INK, (cx, cy), r, 1)
    tip, wing = round(r * 0.85), round(r * 0.35)
    pygame.draw.polygon(out, INK, [(cx, cy - tip), (cx - wing, cy + wing // 2), (cx, cy), (cx + wing, cy + wing // 2)])
    label = font(round(17 * z), bold=True).render("N", True, INK)
    out.blit(label, label.get_rect(midtop=(cx, cy + round(3 * z))))


def nice_length(target: float) -> float:
    """The round length (1, 2 or 5 times a power of ten) at most ``target`` (> 0); 1 for nonsense."""
    if not (target > 0.0 and math.isfinite(target)):
        return 1.0
    power = 10.0 ** math.floor(math.log10(target))
    for factor in (5.0, 2.0, 1.0):
        if factor * power <= target:
            return factor * power
    return power


def format_length(value: float) -> str:
    """A length for the scale bar: no decimals when whole, else at most two."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text or "0"


def format_game_time(minutes: int) -> str:
    """Elapsed game time as ``H:MM``."""
    return f"{minutes // 60}:{minutes % 60:02d}"


def game_clock(ruleset: object, round_number: int) -> str | None:
    """The game time at the start of ``round_number``: the time of day for rule sets with a clock
    (``RuleBook.game_clock``), else the elapsed ``H:MM``; None for untimed rule sets."""
    clock = getattr(ruleset, "game_clock", None)
    if callable(clock):
        return clock(round_number)
    minutes = getattr(ruleset, "round_minutes", None)
    return None if minutes is None else format_game_time((int(round_number) - 1) * int(minutes))


def _with_legend(picture: pygame.Surface, view: PlayerView, public: PublicMap, window: Window,
                 moment: str | None, focus: OwnUnit | None = None, z: float = 1.0,
                 key: LegendKey = PLAYER_KEY) -> pygame.Surface:
    """The picture with the legend under it; ``z`` enlarges the legend's text (:func:`legend_zoom`) so that it
    reads when the picture is shown whole."""
    width = max(MIN_PICTURE_WIDTH, picture.get_width())
    height = round(LEGEND_HEIGHT * z)
    received = list(reversed(view.received))[:RECEIVED_LINES]
    out = pygame.Surface((width, picture.get_height() + legend_height(z, len(view.received))))
    out.fill(PAPER)
    out.blit(picture, (0, 0))
    top = picture.get_height()
    pygame.draw.line(out, INK, (0, top), (width, top), 2)

    def px(value: float) -> int:
        return round(value * z)

    colour = parse_colour(public.colour_of(view.side))
    swatch = pygame.Rect(px(14), top + px(14), px(22), px(22))
    pygame.draw.rect(out, colour, swatch)
    pygame.draw.rect(out, INK, swatch, 1)
    title = font(px(24), bold=True).render(f"{view.player}", True, INK)
    out.blit(title, (swatch.right + px(10), top + px(12)))
    side = font(px(20)).render(f"  {view.side}", True, blend(colour, (0, 0, 0), 0.3))
    out.blit(side, (swatch.right + px(10) + title.get_width(), top + px(15)))
    if moment is None:
        moment = f"Round {view.round}"
        clock = game_clock(public.ruleset, view.round)
        if clock is not None:
            moment += f"  ·  game time {clock}"
    where = public.scenario_name if focus is None else f"around {focus.id} (its sight range dashed)"
    line2 = font(px(18)).render(f"{moment}  ·  {where}", True, INK)
    out.blit(line2, (px(14), top + px(46)))

    key_font = font(px(16))
    key_x = max(swatch.right + px(30) + title.get_width() + side.get_width(), line2.get_width() + px(40),
                width // 2 - px(150))
    key_x = min(key_x, width - px(560))
    seen_box = pygame.Rect(key_x, top + px(14), px(18), px(14))
    pygame.draw.rect(out, (200, 214, 150), seen_box)
    pygame.draw.rect(out, INK, seen_box, 1)
    out.blit(key_font.render(key.seen, True, INK), (seen_box.right + px(6), top + px(13)))
    second = pygame.Rect(key_x, top + px(40), px(18), px(14))
    if key.unseen is not None:
        pygame.draw.rect(out, blend((200, 214, 150), FOG, FOG_ALPHA / 255.0), second)
        pygame.draw.rect(out, INK, second, 1)
        out.blit(key_font.render(key.unseen, True, INK), (second.right + px(6), top + px(39)))
    elif key.arrows is not None:
        # the arrows' sign: a line with a head in ink (each move is drawn in its side's colour)
        pygame.draw.line(out, INK, (second.left, second.centery), (second.right - px(4), second.centery), max(1, px(3)))
        pygame.draw.polygon(out, INK, [(second.right, second.centery), (second.right - px(7), second.top + px(2)),
                                       (second.right - px(7), second.bottom - px(2))])
        out.blit(key_font.render(key.arrows, True, INK), (second.right + px(6), top + px(39)))

    _draw_scale_bar(out, public, window, (width - px(330), top + px(44)), z)
    _draw_north_arrow(out, (width - px(40), top + height // 2), z)
    if received:
        _draw_received(out, received, public, top + height, z)
    return out


def _draw_received(out: pygame.Surface, received: list, public: PublicMap, top: int, z: float) -> None:
    """The newest messages and orders the player received, newest first, under the legend, each with the game
    time (timed rule sets) or the round it arrived in."""
    width = out.get_width()
    line_h = round(RECEIVED_LINE_HEIGHT * z)
    pygame.draw.line(out, INK, (round(14 * z), top), (width - round(14 * z), top), 1)
    y = top + round(4 * z)
    out.blit(font(round(16 * z), bold=True).render("Orders and messages received (newest first)", True, INK),
             (round(14 * z), y))
    body = font(round(16 * z))
    room = width - round(28 * z)
    for item in received:
        y += line_h
        when = game_clock(public.ruleset, item.round) or f"round {item.round}"
        text = f"{when}  ·  {item.heading}: {item.text}"
        while text and body.size(text)[0] > room:
            text = text[:-2] + "…"
        out.blit(body.render(text, True, INK), (round(14 * z), y))


def _draw_scale_bar(out: pygame.Surface, public: PublicMap, window: Window, left_bottom: tuple[int, int],
                    z: float = 1.0) -> None:
    length = nice_length(240.0 * z / window.scale)
    px = max(1, round(length * window.scale))
    x, y = left_bottom
    h = round(8 * z)
    for i in range(4):
        seg = pygame.Rect(round(x + px * i / 4), y - h, math.ceil(px / 4), h)
        pygame.draw.rect(out, INK if i % 2 == 0 else PAPER, seg)
    pygame.draw.rect(out, INK, pygame.Rect(x, y - h, px, h), 1)
    label_font = font(round(16 * z))
    out.blit(label_font.render("0", True, INK), (x - 3, y + 3))
    end = label_font.render(f"{format_length(length)} {public.distance_unit}", True, INK)
    out.blit(end, (x + px - end.get_width() // 2 if end.get_width() < 2 * px else x, y + 3))
