"""Where a thing is, in words a player understands ("350 metres north-east of Birmingham"), for the reports
of the ruler games' portal in place of raw map coordinates. The names come from the printed map only (its
named structures as drawn and its named zones), so the words tell nothing the map handed to every player does
not; what is placed is only what the report already tells (the player's units, what they see).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

#: the eight points of the compass, clockwise from north
COMPASS = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")


@dataclass(frozen=True, slots=True)
class Landmark:
    """A named place of the printed map and where it stands (world units)."""

    name: str
    x: float
    y: float


def landmarks_of(battlefield: Any) -> tuple[Landmark, ...]:
    """The printed map's named structures (as drawn, not as they stand now) and named zones, by name."""
    printed = battlefield.printed_structures if battlefield.printed_structures is not None else battlefield.structures
    out: dict[str, Landmark] = {}
    for thing in (*printed, *battlefield.zones):
        name = str(thing.name).strip()
        if name and thing.outline and name not in out:
            xs = [p.x for p in thing.outline]
            ys = [p.y for p in thing.outline]
            out[name] = Landmark(name, sum(xs) / len(xs), sum(ys) / len(ys))
    return tuple(out.values())


def compass_point(dx: float, dy: float) -> str:
    """The compass point from a place to a point ``dx`` east and ``dy`` south of it (map y grows southward)."""
    degrees = math.degrees(math.atan2(dx, -dy)) % 360.0
    return COMPASS[int((degrees + 22.5) // 45.0) % 8]


def _rounded(distance: float) -> str:
    """Two significant figures: 347 -> 350, 1234 -> 1200, 8.4 -> 8.4."""
    if distance < 10:
        return f"{distance:.1f}".rstrip("0").rstrip(".")
    digits = int(math.floor(math.log10(distance))) - 1
    return f"{round(distance, -digits):,.0f}"


def where_words(x: float, y: float, landmarks: tuple[Landmark, ...], distance_unit: str,
                size: tuple[float, float], per_world_unit: float = 1.0) -> str:
    """``x, y`` (world units) as "at Chadds Ford" (within 2% of the map's width of it), "350 metres
    north-east of Birmingham" (the nearest named place), or, on a map without names, the part of the map
    ("in the north-west of the map"). ``size`` is the map's width and height in world units;
    ``per_world_unit`` how many ``distance_unit`` one world unit is (the scenario's scale)."""
    near = min(landmarks, key=lambda m: (m.x - x) ** 2 + (m.y - y) ** 2, default=None)
    if near is not None:
        distance = math.hypot(x - near.x, y - near.y)
        if distance <= 0.02 * max(size):
            return f"at {near.name}"
        return f"{_rounded(distance * per_world_unit)} {distance_unit} {compass_point(x - near.x, y - near.y)} of {near.name}"
    width, height = size
    column = ("west", "", "east")[min(2, max(0, int(3 * x / width)))] if width > 0 else ""
    row = ("north", "", "south")[min(2, max(0, int(3 * y / height)))] if height > 0 else ""
    part = "-".join(w for w in (row, column) if w)
    return f"in the {part} of the map" if part else "in the middle of the map"
