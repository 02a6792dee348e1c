"""Hexagonal tile grids laid out exactly as the Tiled editor lays them out (pure numpy, no I/O).

Tiled's hexagonal orientation staggers every other column (``stagger_axis`` "x", flat-topped hexes) or every
other row (``stagger_axis`` "y", pointy-topped hexes); ``stagger_index`` says whether the "odd" or the "even"
ones are pushed by half a tile. ``hex_side_px`` is the length of the hex's straight sides along the stagger
axis. Like Tiled (``HexagonalRenderer``), tile sizes are rounded down to even pixels and the offsets use integer
halves, so a point lands in the hex that Tiled draws under it.

Every function here takes and returns Tiled pixels (not world units); ``MapGrid`` converts.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from kriegsspiel.core.battlefield._battlefield import MapGrid


@dataclass(frozen=True, slots=True)
class HexParams:
    """Tiled's RenderParams for one hexagonal grid, in pixels."""

    stagger_x: bool
    stagger_even: bool
    tile_width: int
    tile_height: int
    side_length_x: int
    side_length_y: int
    side_offset_x: int
    side_offset_y: int
    column_width: int
    row_height: int


def hex_params(grid: MapGrid) -> HexParams:
    """Tiled's layout numbers for ``grid``.

    Raises ValueError when the grid is not a hexagonal grid with a stagger axis and index.
    """
    if grid.orientation != "hexagonal":
        raise ValueError(f"not a hexagonal grid: orientation {grid.orientation!r}")
    if grid.stagger_axis not in ("x", "y"):
        raise ValueError(f"a hexagonal grid needs stagger axis 'x' or 'y', got {grid.stagger_axis!r}")
    if grid.stagger_index not in ("odd", "even"):
        raise ValueError(f"a hexagonal grid needs stagger index 'odd' or 'even', got {grid.stagger_index!r}")
    stagger_x = grid.stagger_axis == "x"
    # Tiled rounds tile sizes down to even numbers so that halves stay whole pixels.
    tw = int(grid.tile_width_px) & ~1
    th = int(grid.tile_height_px) & ~1
    side = int(grid.hex_side_px)
    slx = side if stagger_x else 0
    sly = 0 if stagger_x else side
    sox = (tw - slx) // 2
    soy = (th - sly) // 2
    return HexParams(
        stagger_x=stagger_x,
        stagger_even=grid.stagger_index == "even",
        tile_width=tw,
        tile_height=th,
        side_length_x=slx,
        side_length_y=sly,
        side_offset_x=sox,
        side_offset_y=soy,
        column_width=sox + slx,
        row_height=soy + sly,
    )


def pixel_size(grid: MapGrid) -> tuple[int, int]:
    """The size of the whole hex map in Tiled pixels (width, height), as Tiled's map size.

    Raises ValueError for a grid that is not hexagonal.
    """
    p = hex_params(grid)
    if p.stagger_x:
        width = grid.columns * p.column_width + p.side_offset_x
        height = grid.rows * (p.tile_height + p.side_length_y)
        if grid.columns > 1:
            height += p.row_height
    else:
        width = grid.columns * (p.tile_width + p.side_length_x)
        height = grid.rows * p.row_height + p.side_offset_y
        if grid.rows > 1:
            width += p.column_width
    return int(width), int(height)


def _staggered(index: np.ndarray, even: bool) -> np.ndarray:
    """True where a column (stagger x) or row (stagger y) is pushed by half a tile."""
    odd = (np.asarray(index, dtype=np.int64) & 1).astype(bool)
    return ~odd if even else odd


def top_left_pixel(grid: MapGrid, columns: np.ndarray | int, rows: np.ndarray | int) -> tuple[np.ndarray, np.ndarray]:
    """The top-left corner (pixels) of the bounding box of each hex (column, row); arrays broadcast.

    Raises ValueError for a grid that is not hexagonal.
    """
    p = hex_params(grid)
    cols = np.asarray(columns, dtype=np.int64)
    rows_ = np.asarray(rows, dtype=np.int64)
    if p.stagger_x:
        px = cols * p.column_width
        py = rows_ * (p.tile_height + p.side_length_y) + np.where(_staggered(cols, p.stagger_even), p.row_height, 0)
    else:
        px = cols * (p.tile_width + p.side_length_x) + np.where(_staggered(rows_, p.stagger_even), p.column_width, 0)
        py = rows_ * p.row_height
    return px.astype(np.float64), py.astype(np.float64)


def centre_pixel(grid: MapGrid, column: np.ndarray | int, row: np.ndarray | int) -> tuple:
    """The centre (pixels) of hex (column, row). Scalars give floats, arrays give float arrays.

    Raises ValueError for a grid that is not hexagonal.
    """
    p = hex_params(grid)
    px, py = top_left_pixel(grid, column, row)
    cx = px + p.tile_width / 2.0
    cy = py + p.tile_height / 2.0
    if np.ndim(cx) == 0:
        return float(cx), float(cy)
    return cx, cy


def corners_pixel(grid: MapGrid, column: int, row: int) -> list[tuple[float, float]]:
    """The six corners (pixels) of hex (column, row), clockwise from the left-most or top-most one.

    Raises ValueError for a grid that is not hexagonal.
    """
    p = hex_params(grid)
    x0, y0 = (float(v) for v in top_left_pixel(grid, column, row))
    tw, th = p.tile_width, p.tile_height
    pts: list[tuple[float, float]]
    if p.stagger_x:
        sox = p.side_offset_x
        pts = [(0, th / 2), (sox, 0), (tw - sox, 0), (tw, th / 2), (tw - sox, th), (sox, th)]
    else:
        soy = p.side_offset_y
        pts = [(tw / 2, 0), (tw, soy), (tw, th - soy), (tw / 2, th), (0, th - soy), (0, soy)]
    return [(x0 + x, y0 + y) for x, y in pts]


def cells_at_pixels(grid: MapGrid, px: np.ndarray, py: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The (column, row) of the hex containing each pixel point; int64 arrays shaped like the inputs.

    Exact for Tiled's hexes of any proportions (not only regular ones). Points beyond the map get
    columns or rows outside [0, columns) x [0, rows); the caller masks them. Raises ValueError for a
    grid that is not hexagonal.
    """
    p = hex_params(grid)
    x = np.asarray(px, dtype=np.float64)
    y = np.asarray(py, dtype=np.float64)
    if p.stagger_x:
        cols, rows = _locate(x, y, p.column_width, p.tile_height, p.side_offset_x, p.tile_width, p.stagger_even)
        return cols, rows
    # A pointy-topped grid is the flat-topped one with the axes swapped.
    rows, cols = _locate(y, x, p.row_height, p.tile_width, p.side_offset_y, p.tile_height, p.stagger_even)
    return cols, rows


def _locate(
    along: np.ndarray,
    across: np.ndarray,
    pitch: int,
    tile_across: int,
    slope_run: int,
    tile_along: int,
    stagger_even: bool,
) -> tuple[np.ndarray, np.ndarray]:
    """Hex lookup for a grid staggered along the first axis (the flat-topped case, axes named generically).

    ``pitch`` is the distance between neighbouring lines of hexes along the stagger axis, ``tile_across`` the
    hex's extent across it, ``slope_run`` how far its slanted edges reach along it, ``tile_along`` its
    extent along it.
    """
    # Each band of width ``pitch`` holds the straight part of one line of hexes and, at its start, the
    # zig-zag where that line's slanted edges meet the previous line's.
    line = np.floor(along / pitch).astype(np.int64)
    half = tile_across / 2.0
    shift_a = np.where(_staggered(line, stagger_even), half, 0.0)
    shift_b = np.where(_staggered(line - 1, stagger_even), half, 0.0)
    pos_a = np.floor((across - shift_a) / tile_across).astype(np.int64)
    pos_b = np.floor((across - shift_b) / tile_across).astype(np.int64)
    if slope_run <= 0:
        return line, pos_a
    # Inside hex A of this line when the point is within A's half-width at that height.
    centre_along = line * pitch + tile_along / 2.0
    centre_across = pos_a * tile_across + shift_a + half
    d_across = np.abs(across - centre_across)
    half_width = tile_along / 2.0 - slope_run * d_across / half
    inside_a = np.abs(along - centre_along) <= half_width
    return np.where(inside_a, line, line - 1), np.where(inside_a, pos_a, pos_b)
