"""Colours: parsing side colours and the flat terrain colours used when a map has no tile images."""
from __future__ import annotations

Colour = tuple[int, int, int] | tuple[int, int, int, int]

#: Flat colours for terrain ids (what the rules read); unknown ids get a neutral grey.
TERRAIN_COLOURS: dict[str, tuple[int, int, int]] = {
    "plains": (200, 214, 150),
    "fields": (214, 206, 140),
    "forest": (70, 128, 70),
    "hills": (184, 164, 112),
    "forest-hills": (96, 122, 72),
    "swamp": (120, 150, 130),
    "jungle": (50, 110, 70),
    "desert": (232, 214, 160),
    "mountains": (140, 128, 120),
    "water": (96, 150, 210),
    "ford": (140, 180, 210),
    "urban": (170, 160, 150),
}
UNKNOWN_TERRAIN = (160, 160, 160)
ROAD = (150, 110, 70)


def parse_colour(text: str) -> tuple[int, int, int]:
    """``"#rrggbb"`` (or ``"rrggbb"``) as an RGB triple. Raises ValueError naming the text otherwise."""
    value = text.strip().lstrip("#")
    if len(value) != 6:
        raise ValueError(f"expected a colour as #rrggbb, got {text!r}")
    try:
        return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)
    except ValueError:
        raise ValueError(f"expected a colour as #rrggbb, got {text!r}") from None


def blend(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    """The colour ``t`` of the way from ``a`` to ``b`` (0 = a, 1 = b)."""
    red, green, blue = (round(x + (y - x) * t) for x, y in zip(a, b))
    return red, green, blue
