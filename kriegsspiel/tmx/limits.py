"""The ranges of the numbers a map or tileset may hold: those Tiled itself writes, so that no number from a
file sizes a table or an image beyond what a real map needs (docs/limits.md).

Tiled numbers the tiles of a map's tilesets one after another from 1 (``firstgid``), so the highest tile
number is the sum of the tile counts: :data:`MAX_GID` bounds it, and with it every table indexed by tile.
"""
from __future__ import annotations

import math

#: the highest tile number (gid, without its flip flags) a map may use: 2 million tiles over all its tilesets
MAX_GID = 2**21
#: a tile's width or height, and a tileset's spacing and margin, in pixels
MAX_TILE_PX = 4096
#: a tileset image's width or height in pixels
MAX_IMAGE_PX = 65536
#: an object's id (Tiled writes 1, 2, ...)
MAX_OBJECT_ID = 2**31 - 1
#: an object's x, y, width and height and a polygon's points, in pixels either way
MAX_COORDINATE = 1e9
#: an int property (Tiled's are 32-bit)
MAX_INT_PROPERTY = 2**31 - 1


def whole_in(text: str | None, low: int, high: int) -> int | None:
    """``text`` as a whole number in low..high, else None (not a number, too many digits, out of range)."""
    text = (text or "").strip()
    if not text or len(text) > 20:
        return None
    try:
        value = int(text)
    except ValueError:
        return None
    return value if low <= value <= high else None


def finite_in(text: str | None, bound: float) -> float | None:
    """``text`` as a finite number of at most ``bound`` either way, else None."""
    try:
        value = float((text or "").strip())
    except ValueError:
        return None
    return value if math.isfinite(value) and abs(value) <= bound else None
