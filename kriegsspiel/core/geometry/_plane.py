"""World geometry: points, distances, bearings and heading changes.

World coordinates are floats in the rule set's distance unit (Fourth Edition: dimensionless units;
Ruleset V3: metres), origin at the map's top-left corner, x to the right, y downwards, as in Tiled.
Bearings and headings are degrees clockwise from north, where north is up on the screen (-y), in [0, 360).
"""
from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class WorldPoint:
    """A position on the battlefield in world units."""

    x: float
    y: float

    def __iter__(self) -> Iterator[float]:  # allows ``x, y = point``
        yield self.x
        yield self.y


def distance(a: WorldPoint, b: WorldPoint) -> float:
    """Straight-line distance between two points, in world units."""
    return math.hypot(b.x - a.x, b.y - a.y)


def normalize_bearing(degrees: float) -> float:
    """Fold any angle into [0, 360) degrees."""
    folded = math.fmod(degrees, 360.0)
    if folded < 0.0:
        folded += 360.0
    # fmod(-1e-18, 360) + 360 rounds to exactly 360.0; keep the half-open interval.
    return 0.0 if folded >= 360.0 else folded


def bearing(origin: WorldPoint, target: WorldPoint) -> float:
    """Bearing from ``origin`` to ``target`` in degrees clockwise from north (screen up), in [0, 360).

    Raises ValueError when the two points coincide: a move of length zero has no bearing.
    """
    dx = target.x - origin.x
    dy = target.y - origin.y
    if dx == 0.0 and dy == 0.0:
        raise ValueError("a bearing needs two different points")
    # North is -y, east is +x: atan2(east, north).
    return normalize_bearing(math.degrees(math.atan2(dx, -dy)))


def heading_change(current_heading: float, new_bearing: float) -> float:
    """The smallest turn from ``current_heading`` to ``new_bearing``, in degrees, in [0, 180].

    Wraps at 360: a turn from 350 to 10 degrees is 20 degrees.
    """
    diff = abs(normalize_bearing(new_bearing) - normalize_bearing(current_heading))
    return 360.0 - diff if diff > 180.0 else diff


def parse_point(text: str) -> WorldPoint:
    """Parse ``"X,Y"`` (world units) into a WorldPoint.

    Raises ValueError with a message a person can act on when the text is not two numbers.
    """
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2:
        raise ValueError(f"expected a point as X,Y (two numbers separated by a comma), got {text!r}")
    try:
        x, y = float(parts[0]), float(parts[1])
    except ValueError:
        raise ValueError(f"expected a point as X,Y (two numbers separated by a comma), got {text!r}") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ValueError(f"a point needs finite coordinates, got {text!r}")
    return WorldPoint(x, y)


def format_point(point: WorldPoint) -> str:
    """Format a WorldPoint as ``"X,Y"``, the inverse of :func:`parse_point`. Uses at most 3 decimals."""
    return f"{_short(point.x)},{_short(point.y)}"


def _short(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
