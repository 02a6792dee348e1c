"""Unit counters in the style of NATO APP-6, drawn with pygame.draw and cached per look.

A counter is a small square plate: on top the frame of the unit's dimension in its side's colour (land: a
rectangle; surface ships: a circle; submarines: an open U; aircraft: a dome) with the arm's symbol inside
(infantry: a cross, cavalry: a slash, artillery: a dot, engineers: a bridge, mechanized: a cross over a track,
special forces: "SF"; ships and aircraft: their class letters), below it the unit id, at the bottom the health
pips. Badges mark what the unit already did this turn (M moved, F fired); a hidden unit is hatched (only the
umpire sees it); a disabled unit a purple X badge, a disrupted unit (Ruleset V3) an amber D1 or D2.

Drawing a counter is slow next to blitting one, so :class:`CounterCache` keeps one Surface per
:class:`CounterLook` (everything that changes the picture, including the size in pixels). Sizes on screen are
clamped (:func:`counter_size_px`) so counters stay legible at every zoom.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass

import pygame

from kriegsspiel.render.fonts import font
from kriegsspiel.render.palette import Colour, blend, parse_colour

#: On-screen counter size bounds in pixels (before the projector's enlargement).
MIN_COUNTER_PX = 36
MAX_COUNTER_PX = 64
#: A counter covers this fraction of a tile when that is within the bounds above.
COUNTER_TILE_FRACTION = 0.9
#: The projector mode enlarges counters and labels by this factor for reading at a distance.
PROJECTOR_SCALE = 1.5

#: Unit ids are written at least this large (pygame font size); longer ids widen the counter's label tag instead.
#: Not less than 12: at 11 the bundled font packs letters into each other ("cruiser" reads "cru ser").
MIN_LABEL_PX = 12
MAX_LABEL_CHARS = 18
#: The light / medium / heavy letter beside the arm's symbol is at least this large (pygame font size).
MIN_WEIGHT_PX = 12
#: Badges (moved, fired, disabled, disruption) are at least this large (radius, pixels), so their letters read.
MIN_BADGE_RADIUS_PX = 7

PLATE = (244, 238, 220)
INK = (20, 20, 24)
MOVED_BADGE = (70, 70, 78)
FIRED_BADGE = (226, 110, 20)
LOW_HEALTH = (210, 30, 30)
DISABLED_BADGE = (150, 40, 170)
DISRUPTION_BADGE = (200, 120, 0)
#: A counter drawn away from where its unit stands (render/declutter.py): the leader line to its true place
#: and the ring of the dot there; the dot's halo.
LEADER = (20, 20, 24)
LEADER_HALO = (245, 245, 240)


@dataclass(frozen=True, slots=True)
class Symbol:
    """What an APP-6 counter shows for a unit type.

    ``frame``: one of :data:`FRAMES`. ``glyph``: one of :data:`GLYPHS`, or "text" (then ``text`` is drawn,
    e.g. "DD"). ``weight``: "", "L", "M" or "H" (light, medium, heavy) or another short modifier, shown
    beside the glyph.
    """

    frame: str
    glyph: str
    text: str = ""
    weight: str = ""


#: the frames (APP-6 dimensions) :func:`draw_symbol` draws; "installation" is a land frame with a bar on top
FRAMES = ("land", "sea", "subsurface", "air", "installation")
#: the arms' signs it draws inside a frame (besides "text")
GLYPHS = ("infantry", "cavalry", "artillery", "engineers", "mechanized", "motorized", "armour",
          "armoured-reconnaissance", "self-propelled-artillery", "anti-tank", "air-defence", "airborne",
          "mountain", "amphibious", "supply", "headquarters", "airship", "fortification", "fortress")


# Type ids of the Fourth Edition (kriegsspiel/rulesets/modern-4e.toml). These are pictures, not rule numbers.
_SYMBOLS: dict[str, Symbol] = {
    "infantry": Symbol("land", "infantry"),
    "engineers": Symbol("land", "engineers"),
    "mechanized": Symbol("land", "mechanized"),
    "light-artillery": Symbol("land", "artillery", weight="L"),
    "medium-artillery": Symbol("land", "artillery", weight="M"),
    "heavy-artillery": Symbol("land", "artillery", weight="H"),
    "light-cavalry": Symbol("land", "cavalry", weight="L"),
    "medium-cavalry": Symbol("land", "cavalry", weight="M"),
    "heavy-cavalry": Symbol("land", "cavalry", weight="H"),
    "special": Symbol("land", "text", "SF"),
    "corvette": Symbol("sea", "text", "FS"),
    "amphibious": Symbol("sea", "text", "LS"),
    "patrol": Symbol("sea", "text", "PB"),
    "cruiser": Symbol("sea", "text", "CG"),
    "destroyer": Symbol("sea", "text", "DD"),
    "battleship": Symbol("sea", "text", "BB"),
    "carrier": Symbol("sea", "text", "CV"),
    "attack-submarine": Symbol("subsurface", "text", "SS"),
    "missile-submarine": Symbol("subsurface", "text", "SSB"),
    "light-fighter": Symbol("air", "text", "F", "L"),
    "heavy-fighter": Symbol("air", "text", "F", "H"),
    "bomber": Symbol("air", "text", "B"),
    "stealth-bomber": Symbol("air", "text", "B", "S"),
    "transport": Symbol("air", "text", "C"),
    "reconnaissance": Symbol("air", "text", "R"),
    "drone": Symbol("air", "text", "UAV"),
    # Kriegsspiel Ruleset V3 (kriegsspiel/rulesets/kriegsspiel-v3.toml)
    "skirmishers": Symbol("land", "infantry", weight="SK"),
    "cavalry": Symbol("land", "cavalry"),
    "artillery": Symbol("land", "artillery"),
    "pioneers": Symbol("land", "engineers"),
    "officer": Symbol("land", "text", "HQ"),
    "courier": Symbol("land", "text", "DR"),
    "supply-wagon": Symbol("land", "text", "SUP"),
}

_THEATRE_FRAMES = {"army": "land", "navy": "sea", "air": "air"}


def symbol_for(type_id: str, theatre: str) -> Symbol:
    """The APP-6 symbol of a unit type. Unknown types (another rule set) get the frame of their theatre and
    the arm guessed from the id (…infantry, …cavalry, …artillery, pioneer/engineer), else their initials."""
    known = _SYMBOLS.get(type_id)
    if known is not None:
        return known
    frame = _THEATRE_FRAMES.get(theatre, "land")
    lowered = type_id.lower()
    for word, glyph in (
        ("mechani", "mechanized"),
        ("infantry", "infantry"),
        ("skirmish", "infantry"),
        ("cavalry", "cavalry"),
        ("artillery", "artillery"),
        ("engineer", "engineers"),
        ("pioneer", "engineers"),
    ):
        if word in lowered:
            return Symbol(frame, glyph)
    initials = "".join(part[0] for part in lowered.replace("_", "-").split("-") if part).upper()[:3]
    return Symbol(frame, "text", initials or "?")


@dataclass(frozen=True, slots=True)
class CounterLook:
    """Everything that decides how one counter looks; the cache key. ``size_px`` is the plate's side."""

    symbol: Symbol
    colour: str  # the side's colour, "#rrggbb"
    label: str  # the unit id
    health: int
    max_health: int
    size_px: int
    moved: bool = False
    fired: bool = False
    hidden: bool = False
    disabled: bool = False
    disruption: int = 0  # Ruleset V3 disruption level, shown as a D1 / D2 badge
    projector: bool = False
    #: > 0: the id goes on a tag under the plate in type of this many pixels (the players' pictures, read
    #: shrunk to a laptop screen), not inside it
    id_tag_px: int = 0
    #: False for an enemy seen by a player: its strength is not known, so no health is drawn
    strength_known: bool = True


def counter_size_px(scale: float, tile_world: float, projector: bool = False) -> int:
    """The side of a counter on screen in pixels for a camera ``scale`` (pixels per world unit) on a map
    whose tiles span ``tile_world`` world units: most of a tile, clamped to stay legible."""
    size = scale * tile_world * COUNTER_TILE_FRACTION
    size = min(MAX_COUNTER_PX, max(MIN_COUNTER_PX, size))
    if projector:
        size *= PROJECTOR_SCALE
    return int(round(size))


class CounterCache:
    """Counter surfaces by look, least recently used dropped beyond ``capacity``."""

    def __init__(self, capacity: int = 4096) -> None:
        self._surfaces: OrderedDict[CounterLook, pygame.Surface] = OrderedDict()
        self.capacity = capacity
        self.drawn = 0  # how many counters were actually drawn (not found in the cache); for tests

    def get(self, look: CounterLook) -> pygame.Surface:
        """The counter surface for ``look`` (per-pixel alpha), drawn once."""
        surface = self._surfaces.get(look)
        if surface is not None:
            self._surfaces.move_to_end(look)
            return surface
        surface = draw_counter(look)
        self.drawn += 1
        self._surfaces[look] = surface
        if len(self._surfaces) > self.capacity:
            self._surfaces.popitem(last=False)
        return surface

    def __len__(self) -> int:
        return len(self._surfaces)


def draw_counter(look: CounterLook) -> pygame.Surface:
    """Draw one counter on a new transparent square surface of ``look.size_px`` pixels."""
    s = look.size_px
    surface = pygame.Surface((s, s), pygame.SRCALPHA)
    side = parse_colour(look.colour)
    fill = blend(side, (255, 255, 255), 0.55)
    edge = blend(side, (0, 0, 0), 0.35)
    plate = pygame.Rect(0, 0, s, s).inflate(-2, -2)
    radius = max(2, s // 10)

    plate_colour = (*PLATE, 150) if look.hidden else (*PLATE, 255)
    pygame.draw.rect(surface, plate_colour, plate, border_radius=radius)
    pygame.draw.rect(surface, edge, plate, width=max(2, s // 16), border_radius=radius)

    frame_box = pygame.Rect(round(s * 0.13), round(s * 0.09), round(s * 0.74), round(s * 0.46))
    draw_symbol(surface, look.symbol, frame_box, fill if not look.hidden else (*fill, 170), s)
    if look.strength_known:
        _draw_health(surface, look.health, look.max_health, pygame.Rect(round(s * 0.12), round(s * 0.84), round(s * 0.76), max(3, round(s * 0.08))), edge)

    if look.hidden:
        _hatch(surface, plate, radius)
    if look.id_tag_px > 0:
        surface = _with_id_tag(surface, look.label, look.id_tag_px, edge)
    else:
        surface = _with_label(surface, look.label, s, edge)
    # Badges last, so a long id's tag never covers them. The lower ones hang over the plate's bottom corners
    # (the surface grows by ``pad`` below and on both sides; the plate stays centred at the top), so they
    # cover neither the id nor most of the health pips.
    badge_r = max(MIN_BADGE_RADIUS_PX, round(s * 0.14))
    if look.disabled or look.disruption > 0:
        pad = badge_r // 2 + 1
        # beside a tag wider than the plate, out of the way of its letters
        margin = pad if surface.get_width() == s else 2 * badge_r - 3
        grown = pygame.Surface((surface.get_width() + 2 * margin, s + pad), pygame.SRCALPHA)
        grown.blit(surface, (margin, 0))
        surface = grown
        low = s + pad - badge_r
        if look.disabled:
            _badge(surface, (surface.get_width() - badge_r, low), badge_r, DISABLED_BADGE, "X")
        if look.disruption > 0:
            _badge(surface, (badge_r, low), badge_r, DISRUPTION_BADGE, f"D{look.disruption}")
    left = (surface.get_width() - s) // 2
    if look.moved:
        _badge(surface, (left + s - badge_r, badge_r), badge_r, MOVED_BADGE, "M")
    if look.fired:
        _badge(surface, (left + badge_r, badge_r), badge_r, FIRED_BADGE, "F")
    return surface


def _with_label(surface: pygame.Surface, label: str, s: int, edge: Colour) -> pygame.Surface:
    """Write the unit id under the frame: smaller type for a long id, and when even the smallest type does
    not fit, on a tag wider than the plate (the surface widens, the plate stays centred) so ids are never cut."""
    label = label if len(label) <= MAX_LABEL_CHARS else label[: MAX_LABEL_CHARS - 1] + "…"
    top = round(s * 0.57)
    largest = max(MIN_LABEL_PX, round(s * 0.26))
    for size in range(largest, MIN_LABEL_PX - 1, -1):
        text = font(size, bold=True).render(label, True, INK)
        if text.get_width() <= s - 6:
            surface.blit(text, text.get_rect(midtop=(s // 2, top + (largest - size) // 2)))
            return surface
    wide = pygame.Surface((text.get_width() + 10, s), pygame.SRCALPHA)
    w = wide.get_width()
    wide.blit(surface, ((w - s) // 2, 0))
    place = text.get_rect(midtop=(w // 2, top + (largest - MIN_LABEL_PX) // 2))
    tag = place.inflate(6, 2)
    pygame.draw.rect(wide, (*PLATE, 240), tag, border_radius=3)
    pygame.draw.rect(wide, edge, tag, 1, border_radius=3)
    wide.blit(text, place)
    return wide


def true_place_dot(colour: str, radius: int) -> pygame.Surface:
    """The mark of where a unit stands when its counter is drawn away from it: a dot of ``radius`` pixels in
    the side's colour ("#rrggbb"), ringed dark on a light halo; a square of ``2 * radius + 3`` pixels with the
    dot's centre at ``radius + 1``."""
    dot = pygame.Surface((2 * radius + 3, 2 * radius + 3), pygame.SRCALPHA)
    centre = (radius + 1, radius + 1)
    pygame.draw.circle(dot, LEADER_HALO, centre, radius + 1)
    pygame.draw.circle(dot, parse_colour(colour), centre, radius)
    pygame.draw.circle(dot, LEADER, centre, radius, max(1, radius // 5))
    return dot


def _with_id_tag(plate: pygame.Surface, label: str, text_px: int, edge: Colour) -> pygame.Surface:
    """``plate`` with ``label`` on a tag just under it in type of ``text_px`` (the surface widens for a long id;
    the plate stays centred at the top)."""
    label = label if len(label) <= MAX_LABEL_CHARS else label[: MAX_LABEL_CHARS - 1] + "…"
    text = font(text_px, bold=True).render(label, True, INK)
    s = plate.get_width()
    tag = pygame.Rect(0, 0, text.get_width() + 8, text.get_height() + 2)
    out = pygame.Surface((max(s, tag.width), s - 2 + tag.height), pygame.SRCALPHA)
    out.blit(plate, ((out.get_width() - s) // 2, 0))
    tag.midtop = (out.get_width() // 2, s - 2)
    pygame.draw.rect(out, (*PLATE, 255), tag, border_radius=3)
    pygame.draw.rect(out, edge, tag, 1, border_radius=3)
    out.blit(text, text.get_rect(center=tag.center))
    return out


def draw_symbol(surface: pygame.Surface, symbol: Symbol, box: pygame.Rect, fill: Colour, s: int,
                min_weight_px: int = MIN_WEIGHT_PX) -> None:
    """Draw ``symbol``'s frame filled with ``fill`` in ``box`` and its arm's sign inside: the one symbol
    painter of the ruler counters and of the area games' counters and legends. ``s`` is the counter's size
    in pixels (line widths follow it); ``min_weight_px`` the least type size of the weight letter."""
    _draw_frame(surface, symbol.frame, box, fill, INK, s)
    _draw_glyph(surface, symbol, box, s, min_weight_px)


def _draw_frame(surface: pygame.Surface, frame: str, box: pygame.Rect, fill: Colour, ink: Colour, s: int) -> None:
    width = max(1, s // 24)
    if frame == "sea":
        radius = min(box.width, box.height) // 2 + max(1, s // 40)
        pygame.draw.circle(surface, fill, box.center, radius)
        pygame.draw.circle(surface, ink, box.center, radius, width)
    elif frame == "subsurface":
        # APP-6 subsurface: a U open at the top (the waterline).
        cup = pygame.Rect(box.left + box.width // 8, box.top - box.height // 2, box.width * 3 // 4, box.height * 3 // 2)
        pygame.draw.polygon(surface, fill, _half_ellipse(cup, lower=True))
        pygame.draw.lines(surface, ink, False, _half_ellipse(cup, lower=True, closed=False), width + 1)
    elif frame == "air":
        dome = pygame.Rect(box.left + box.width // 8, box.top, box.width * 3 // 4, box.height * 2)
        pygame.draw.polygon(surface, fill, _half_ellipse(dome, lower=False))
        pygame.draw.lines(surface, ink, False, _half_ellipse(dome, lower=False, closed=False), width + 1)
    else:
        if frame == "installation":  # APP-6: a land frame with a filled bar centred on its top edge
            bar = pygame.Rect(0, 0, box.width // 3, max(2, box.height // 6))
            bar.midbottom = (box.centerx, box.top + 1)
            pygame.draw.rect(surface, ink, bar)
        pygame.draw.rect(surface, fill, box)
        pygame.draw.rect(surface, ink, box, width)


def _half_ellipse(rect: pygame.Rect, lower: bool, closed: bool = True, steps: int = 24) -> list[tuple[float, float]]:
    """Points of the lower (or upper) half of the ellipse inscribed in ``rect``, left to right."""
    cx, cy = rect.centerx, rect.centery
    rx, ry = rect.width / 2.0, rect.height / 2.0
    sign = 1.0 if lower else -1.0
    points = [(cx - rx * math.cos(math.pi * i / steps), cy + sign * ry * math.sin(math.pi * i / steps)) for i in range(steps + 1)]
    return points if not closed else points + [points[0]]


def _draw_glyph(surface: pygame.Surface, symbol: Symbol, box: pygame.Rect, s: int,
                min_weight_px: int = MIN_WEIGHT_PX) -> None:
    width = max(1, round(s / 22))
    inner = box.inflate(-2 * width, -2 * width)
    glyph = symbol.glyph
    if symbol.frame == "subsurface":
        inner = pygame.Rect(box.left + box.width // 4, box.top, box.width // 2, box.height * 3 // 4)
    elif symbol.frame == "air":
        inner = pygame.Rect(box.left + box.width // 4, box.top + box.height // 4, box.width // 2, box.height * 3 // 4)
    elif symbol.frame == "sea":
        inner = box.inflate(-box.width // 3, -box.height // 5)
    if glyph in ("infantry", "mechanized"):
        pygame.draw.line(surface, INK, inner.topleft, inner.bottomright, width)
        pygame.draw.line(surface, INK, inner.bottomleft, inner.topright, width)
        if glyph == "mechanized":
            track = inner.inflate(-inner.width // 3, -inner.height // 3)
            pygame.draw.ellipse(surface, INK, track, width)
    elif glyph == "cavalry":
        pygame.draw.line(surface, INK, inner.bottomleft, inner.topright, width + 1)
    elif glyph == "artillery":
        pygame.draw.circle(surface, INK, inner.center, max(2, round(min(inner.width, inner.height) * 0.2)))
    elif glyph == "engineers":
        # The APP-6 engineer sign: a bridge span on three piers.
        span = inner.inflate(-inner.width // 3, -inner.height // 2)
        pygame.draw.line(surface, INK, span.topleft, span.topright, width + 1)
        for x in (span.left, span.centerx, span.right):
            pygame.draw.line(surface, INK, (x, span.top), (x, span.bottom), width + 1)
    elif glyph in _MORE_GLYPHS:
        _MORE_GLYPHS[glyph](surface, inner, box, width)
    else:
        size = max(8, round(min(inner.height, inner.width / max(1, len(symbol.text)) * 1.6)))
        text = font(size, bold=True).render(symbol.text, True, INK)
        surface.blit(text, text.get_rect(center=inner.center))
    if symbol.weight:
        # L / M / H (light, medium, heavy) matter to the rules: never smaller than MIN_WEIGHT_PX, and on a
        # patch of the plate's colour so the arm's lines do not run through the letters.
        tag = font(max(min_weight_px, round(s * 0.17)), bold=True).render(symbol.weight, True, INK)
        if symbol.frame == "land":
            place = tag.get_rect(bottomright=(box.right - width, box.bottom - width))
        else:  # beside a round frame, in the plate's corner
            place = tag.get_rect(bottomright=(box.right + max(1, s // 30), box.bottom))
        pygame.draw.rect(surface, PLATE, place.inflate(2, 0))
        surface.blit(tag, place)


def _draw_health(surface: pygame.Surface, health: int, max_health: int, bar: pygame.Rect, edge: Colour) -> None:
    """Health as pips (one per point) when they fit, else as a bar split in fifths."""
    max_health = max(1, max_health)
    health = max(0, min(health, max_health))
    good = (40, 150, 60)
    lost = (200, 200, 200)
    if max_health <= 12 and bar.width // max_health >= 3:
        step = bar.width / max_health
        for i in range(max_health):
            cell = pygame.Rect(round(bar.left + i * step), bar.top, max(2, round(step) - 1), bar.height)
            pygame.draw.rect(surface, good if i < health else lost, cell)
    else:
        pygame.draw.rect(surface, lost, bar)
        filled = bar.copy()
        filled.width = round(bar.width * health / max_health)
        pygame.draw.rect(surface, good, filled)
        for i in range(1, 5):
            x = bar.left + round(bar.width * i / 5)
            pygame.draw.line(surface, PLATE, (x, bar.top), (x, bar.bottom - 1))
    if health < max_health * 0.34:
        pygame.draw.rect(surface, LOW_HEALTH, bar.inflate(2, 2), 1)


def _badge(surface: pygame.Surface, centre: tuple[int, int], radius: int, colour: Colour, letter: str) -> None:
    """A round badge with a white letter (M moved, F fired, X disabled, D1 / D2 disruption)."""
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, (255, 255, 255), centre, radius, 1)
    size = max(MIN_LABEL_PX, round(radius * 1.6)) if len(letter) == 1 else max(MIN_LABEL_PX - 1, round(radius * 1.2))
    text = font(size, bold=True).render(letter, True, (255, 255, 255))
    surface.blit(text, text.get_rect(center=centre))


def _hatch(surface: pygame.Surface, plate: pygame.Rect, radius: int) -> None:
    """Diagonal hatching over the plate: the umpire's sign that the players cannot see this unit."""
    s = surface.get_width()
    hatch = pygame.Surface((s, s), pygame.SRCALPHA)
    step = max(4, s // 8)
    for offset in range(-s, s, step):
        pygame.draw.line(hatch, (60, 60, 60, 150), (offset, s), (offset + s, 0), max(1, s // 24))
    mask = pygame.Surface((s, s), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), plate, border_radius=radius)
    hatch.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(hatch, (0, 0))
    dash = max(3, s // 10)
    for x in range(plate.left + radius, plate.right - radius, dash * 2):
        pygame.draw.line(surface, (0, 0, 0), (x, plate.top), (min(x + dash, plate.right - radius), plate.top), 2)
        pygame.draw.line(surface, (0, 0, 0), (x, plate.bottom - 1), (min(x + dash, plate.right - radius), plate.bottom - 1), 2)


# --- the APP-6 signs of the area games' arms (armour, air defence, airborne...), drawn in the frame's
# ``inner`` rectangle (``box`` is the frame, ``width`` the line width)


def _track(inner: pygame.Rect) -> pygame.Rect:
    """The oval of tracks (armour), the same as the mechanized sign's."""
    return inner.inflate(-inner.width // 3, -inner.height // 3)


def _cross(surface: pygame.Surface, inner: pygame.Rect, width: int) -> None:
    pygame.draw.line(surface, INK, inner.topleft, inner.bottomright, width)
    pygame.draw.line(surface, INK, inner.bottomleft, inner.topright, width)


def _glyph_armour(surface: pygame.Surface, inner: pygame.Rect, box: pygame.Rect, width: int) -> None:
    pygame.draw.ellipse(surface, INK, _track(inner), width + 1)


def _glyph_motorized(surface: pygame.Surface, inner: pygame.Rect, box: pygame.Rect, width: int) -> None:
    _cross(surface, inner, width)
    pygame.draw.line(surface, INK, (inner.centerx, inner.top), (inner.centerx, inner.bottom), width)


def _glyph_armoured_reconnaissance(surface: pygame.Surface, inner: pygame.Rect, box: pygame.Rect, width: int) -> None:
    pygame.draw.line(surface, INK, inner.bottomleft, inner.topright, width + 1)
    pygame.draw.ellipse(surface, INK, _track(inner), width)


def _glyph_self_propelled(surface: pygame.Surface, inner: pygame.Rect, box: pygame.Rect, width: int) -> None:
    pygame.draw.ellipse(surface, INK, _track(inner), width)
    pygame.draw.circle(surface, INK, inner.center, max(2, round(min(inner.width, inner.height) * 0.14)))


def _glyph_anti_tank(surface: pygame.Surface, inner: pygame.Rect, box: pygame.Rect, width: int) -> None:
    # APP-6 anti-armour: an upturned V from the bottom corners to the top's middle
    pygame.draw.lines(surface, INK, False, [inner.bottomleft, inner.midtop, inner.bottomright], width + 1)


def _glyph_air_defence(surface: pygame.Surface, inner: pygame.Rect, box: pygame.Rect, width: int) -> None:
    # APP-6 air defence: a dome standing on the frame's bottom edge
    dome = pygame.Rect(inner.left + inner.width // 6, inner.top + inner.height // 4, inner.width * 2 // 3,
                       (inner.height * 3 // 4) * 2)
    pygame.draw.lines(surface, INK, False, _half_ellipse(dome, lower=False, closed=False), width + 1)


def _glyph_airborne(surface: pygame.Surface, inner: pygame.Rect, box: pygame.Rect, width: int) -> None:
    # infantry under a canopy: APP-6's airborne sign, an arch at the foot of the frame
    _cross(surface, inner, width)
    canopy = pygame.Rect(inner.left + inner.width // 4, inner.bottom - inner.height // 3, inner.width // 2,
                         (inner.height // 3) * 2)
    pygame.draw.lines(surface, INK, False, _half_ellipse(canopy, lower=False, closed=False), width + 1)


def _glyph_mountain(surface: pygame.Surface, inner: pygame.Rect, box: pygame.Rect, width: int) -> None:
    _cross(surface, inner, width)
    half = max(2, inner.width // 6)
    peak = max(3, inner.height // 2)
    pygame.draw.polygon(surface, INK, [(inner.centerx - half, box.bottom - 1), (inner.centerx + half, box.bottom - 1),
                                       (inner.centerx, box.bottom - 1 - peak)])


def _glyph_amphibious(surface: pygame.Surface, inner: pygame.Rect, box: pygame.Rect, width: int) -> None:
    # infantry over waves (APP-6 amphibious / naval infantry)
    _cross(surface, pygame.Rect(inner.left, inner.top, inner.width, inner.height * 2 // 3), width)
    amplitude = max(1, inner.height // 8)
    y = inner.bottom - amplitude
    wave = [(inner.left + i * inner.width / 12, y + amplitude * math.sin(i * math.pi / 2)) for i in range(13)]
    pygame.draw.lines(surface, INK, False, wave, width)


def _glyph_supply(surface: pygame.Surface, inner: pygame.Rect, box: pygame.Rect, width: int) -> None:
    # APP-6 supply: a bar across the frame's lower part
    y = box.bottom - box.height // 3
    pygame.draw.line(surface, INK, (box.left, y), (box.right - 1, y), width + 1)


def _glyph_headquarters(surface: pygame.Surface, inner: pygame.Rect, box: pygame.Rect, width: int) -> None:
    # APP-6 headquarters: a staff down from the frame's bottom left corner, "HQ" inside
    pygame.draw.line(surface, INK, box.bottomleft, (box.left, box.bottom + box.height // 2), width + 1)
    text = font(max(8, inner.height), bold=True).render("HQ", True, INK)
    surface.blit(text, text.get_rect(center=inner.center))


def _glyph_airship(surface: pygame.Surface, inner: pygame.Rect, box: pygame.Rect, width: int) -> None:
    # a lighter-than-air ship seen from the side: the envelope and its tail fins
    envelope = pygame.Rect(inner.left, inner.top + inner.height // 6, inner.width * 5 // 6, inner.height * 2 // 3)
    pygame.draw.ellipse(surface, INK, envelope)
    fin = [(envelope.right - 2, envelope.centery), (inner.right, envelope.top), (inner.right, envelope.bottom)]
    pygame.draw.polygon(surface, INK, fin)


def _battlements(inner: pygame.Rect, top: int, bottom: int) -> list[tuple[int, int]]:
    """A square wave along ``inner`` between the heights ``top`` and ``bottom`` (merlons and gaps)."""
    points = []
    for i in range(5):
        y = top if i % 2 == 0 else bottom
        points += [(inner.left + i * inner.width // 5, y), (inner.left + (i + 1) * inner.width // 5, y)]
    return points


def _glyph_fortification(surface: pygame.Surface, inner: pygame.Rect, box: pygame.Rect, width: int) -> None:
    third = inner.height // 3
    pygame.draw.lines(surface, INK, False, _battlements(inner, inner.top + third, inner.bottom - third), width + 1)


def _glyph_fortress(surface: pygame.Surface, inner: pygame.Rect, box: pygame.Rect, width: int) -> None:
    # a whole castle: the wall filled below its merlons
    third = inner.height // 3
    wall = _battlements(inner, inner.top, inner.top + third)
    pygame.draw.polygon(surface, INK, [*wall, inner.bottomright, inner.bottomleft])


_MORE_GLYPHS = {
    "armour": _glyph_armour, "motorized": _glyph_motorized, "armoured-reconnaissance": _glyph_armoured_reconnaissance,
    "self-propelled-artillery": _glyph_self_propelled, "anti-tank": _glyph_anti_tank,
    "air-defence": _glyph_air_defence, "airborne": _glyph_airborne, "mountain": _glyph_mountain,
    "amphibious": _glyph_amphibious, "supply": _glyph_supply, "headquarters": _glyph_headquarters,
    "airship": _glyph_airship, "fortification": _glyph_fortification, "fortress": _glyph_fortress,
}
