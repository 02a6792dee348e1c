"""Points and bearings in world coordinates (the rule set's distance unit; y downwards, as in Tiled).

This is the package's public face: import from ``kriegsspiel.core.geometry``, not from its modules.
"""
from __future__ import annotations

from kriegsspiel.core.geometry._plane import (
    WorldPoint,
    bearing,
    distance,
    format_point,
    heading_change,
    normalize_bearing,
    parse_point,
)

__all__ = [
    "WorldPoint",
    "bearing",
    "distance",
    "format_point",
    "heading_change",
    "normalize_bearing",
    "parse_point",
]
