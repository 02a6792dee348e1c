"""Hex grids laid out as Tiled lays them out: sizes, centres and which hex holds a point."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kriegsspiel.core.battlefield import _hexgrid as hexgrid
from kriegsspiel.core.battlefield import MapGrid
from kriegsspiel.core.geometry import WorldPoint


def grid(axis: str, index: str, tw: int = 56, th: int = 64, side: int = 32, cols: int = 7, rows: int = 5) -> MapGrid:
    return MapGrid("hexagonal", cols, rows, tw, th, 1.0 / tw, side, axis, index)


# Sizes Tiled shows in Map > Map Properties for these grids (width x height in pixels).
@pytest.mark.parametrize(
    "axis,index,tw,th,side,cols,rows,size",
    [
        ("y", "odd", 56, 64, 32, 7, 5, (7 * 56 + 28, 5 * 48 + 16)),
        ("y", "even", 56, 64, 32, 7, 5, (7 * 56 + 28, 5 * 48 + 16)),
        ("x", "odd", 64, 56, 32, 7, 5, (7 * 48 + 16, 5 * 56 + 28)),
        ("x", "even", 64, 56, 32, 7, 5, (7 * 48 + 16, 5 * 56 + 28)),
        ("y", "odd", 56, 64, 32, 7, 1, (7 * 56, 48 + 16)),  # one row: nothing is staggered
        ("x", "odd", 64, 56, 32, 1, 5, (48 + 16, 5 * 56)),
        ("y", "odd", 57, 65, 32, 2, 2, (2 * 56 + 28, 2 * 48 + 16)),  # odd sizes round down like Tiled
    ],
)
def test_pixel_size_matches_tiled(axis, index, tw, th, side, cols, rows, size) -> None:
    assert hexgrid.pixel_size(grid(axis, index, tw, th, side, cols, rows)) == size


@pytest.mark.parametrize(
    "axis,index,col,row,centre",
    [
        ("y", "odd", 0, 0, (28, 32)),
        ("y", "odd", 0, 1, (56, 80)),  # odd rows shift right by half a tile
        ("y", "even", 0, 0, (56, 32)),  # even rows shift
        ("y", "even", 0, 1, (28, 80)),
        ("x", "odd", 1, 0, (80, 56)),  # grid("x") below uses tw=64, th=56; odd columns shift down
        ("x", "even", 0, 0, (32, 56)),
        ("x", "even", 1, 0, (80, 28)),
    ],
)
def test_centre_pixel(axis, index, col, row, centre) -> None:
    g = grid(axis, index) if axis == "y" else grid(axis, index, 64, 56, 32)
    assert hexgrid.centre_pixel(g, col, row) == centre


def _point_in_polygon(x: float, y: float, pts: list[tuple[float, float]]) -> bool:
    inside = False
    for i in range(len(pts)):
        (ax, ay), (bx, by) = pts[i], pts[(i + 1) % len(pts)]
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


GRIDS = [
    grid("y", "odd"),
    grid("y", "even"),
    grid("x", "odd", 64, 56, 32),
    grid("x", "even", 64, 56, 32),
    grid("y", "odd", 40, 70, 10),  # far from regular
    grid("x", "even", 90, 30, 60),
    grid("y", "even", 32, 32, 0),  # degenerate: diamonds
]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(GRIDS), st.floats(0, 1), st.floats(0, 1))
def test_every_point_lies_in_the_hex_found_for_it(g: MapGrid, fx: float, fy: float) -> None:
    w, h = hexgrid.pixel_size(g)
    x, y = fx * w, fy * h
    cols, rows = hexgrid.cells_at_pixels(g, np.array([x]), np.array([y]))
    col, row = int(cols[0]), int(rows[0])
    owners = [
        (c, r)
        for c in range(-1, g.columns + 1)
        for r in range(-1, g.rows + 1)
        if _point_in_polygon(x, y, hexgrid.corners_pixel(g, c, r))
    ]
    if owners:  # points on an edge may belong to either neighbour
        assert (col, row) in owners or _near_edge(g, col, row, x, y)
    else:  # on an edge exactly, or the ragged border outside every hex
        assert _near_edge(g, col, row, x, y) or not (0 <= col < g.columns and 0 <= row < g.rows)


def _near_edge(g: MapGrid, col: int, row: int, x: float, y: float) -> bool:
    pts = hexgrid.corners_pixel(g, col, row)
    for i in range(6):
        (ax, ay), (bx, by) = pts[i], pts[(i + 1) % 6]
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy or 1.0)))
        if np.hypot(ax + t * dx - x, ay + t * dy - y) < 1e-6:
            return True
    return False


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(GRIDS), st.integers(0, 6), st.integers(0, 4))
def test_a_hex_centre_is_in_its_own_hex(g: MapGrid, col: int, row: int) -> None:
    centre = g.cell_centre(col, row)
    assert g.cell_at(centre) == (col, row)
    assert g.cell_at(WorldPoint(centre.x, centre.y)) == (col, row)


def test_points_off_the_map_are_minus_one() -> None:
    g = grid("y", "odd")
    cols, rows = g.cells_at(np.array([-0.1, 0.01, 100.0]), np.array([0.5, 0.01, 0.5]))
    # (0.01, 0.01) world = (0.56, 0.56) px: the corner above the first pointy hex, outside every hex
    assert cols.tolist() == [-1, -1, -1] and rows.tolist() == [-1, -1, -1]


def test_vectorized_lookup_has_the_input_shape() -> None:
    g = grid("x", "even", 64, 56, 32)
    xs = np.linspace(0, 300, 12).reshape(3, 4)
    cols, rows = hexgrid.cells_at_pixels(g, xs, xs * 0.5)
    assert cols.shape == (3, 4) and rows.shape == (3, 4)
    cx, cy = hexgrid.centre_pixel(g, np.arange(3), np.zeros(3, dtype=int))
    assert cx.shape == (3,)


def test_orthogonal_grid_is_refused() -> None:
    with pytest.raises(ValueError, match="not a hexagonal grid"):
        hexgrid.pixel_size(MapGrid("orthogonal", 2, 2, 32, 32, 1 / 32))
