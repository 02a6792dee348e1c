"""Hex maps read the terrain of the hexagon Tiled draws under a point, for both stagger axes and indices and
for hexes of other proportions, checked against point-in-hexagon with Tiled's own layout formulas."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.rulesets import load_ruleset
from kriegsspiel.tiled import load_battlefield

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "maps"
RULESET = load_ruleset("modern-4e")
#: The fixture tileset's gids and their terrains; every hex fixture's terrain layer is 1,2,3 / 6,1,2 / 3,6,1.
TERRAIN_OF_GID = {1: "plains", 2: "forest", 3: "water", 6: "hills"}
LAYER = [[1, 2, 3], [6, 1, 2], [3, 6, 1]]


def tiled_hexagon(width: int, height: int, side: int, axis: str, index: str, col: int, row: int) -> np.ndarray:
    """The hexagon Tiled draws for (col, row), in pixels, written out from Tiled's HexagonalRenderer
    (tileToScreenCoords and tileToScreenPolygon): tile sizes rounded down to even, integer half offsets."""
    tw, th = width & ~1, height & ~1
    side_x, side_y = (side, 0) if axis == "x" else (0, side)
    off_x, off_y = (tw - side_x) // 2, (th - side_y) // 2
    pushed = bool(((col if axis == "x" else row) & 1) ^ (index == "even"))
    if axis == "x":
        x0, y0 = col * (off_x + side_x), row * (th + side_y) + ((off_y + side_y) if pushed else 0)
    else:
        x0, y0 = col * (tw + side_x) + ((off_x + side_x) if pushed else 0), row * (off_y + side_y)
    corners = [(0, th - off_y), (0, off_y), (off_x, 0), (tw - off_x, 0), (tw, off_y), (tw, th - off_y),
               (tw - off_x, th), (off_x, th)]
    return np.array([(x0 + x, y0 + y) for x, y in corners], dtype=float)


def signed_inside(poly: np.ndarray, xs: np.ndarray, ys: np.ndarray, margin: float) -> np.ndarray:
    """Per point: 1 inside, 0 outside, -1 within ``margin`` pixels of an edge (convex polygon, either winding)."""
    dists = []
    for (ax, ay), (bx, by) in zip(poly, np.roll(poly, -1, axis=0)):
        length = float(np.hypot(bx - ax, by - ay))
        if length:
            dists.append(((bx - ax) * (ys - ay) - (by - ay) * (xs - ax)) / length)
    d = np.array(dists)
    inside = (d > 0).all(axis=0) | (d < 0).all(axis=0)
    return np.where(np.abs(d).min(axis=0) < margin, -1, inside.astype(int))


LAYOUTS = [
    ("hex-x-odd.tmx", None), ("hex-x-even.tmx", None), ("hex-y-odd.tmx", None), ("hex-y-even.tmx", None),
    # other proportions: squat and tall hexes, a short straight side
    ("hex-x-odd.tmx", (60, 52, 20)), ("hex-y-even.tmx", (52, 60, 20)), ("hex-y-odd.tmx", (48, 40, 8)),
]


@pytest.mark.parametrize("name,size", LAYOUTS)
def test_every_point_reads_the_hexagon_tiled_draws_around_it(tmp_path, name: str, size) -> None:
    path = FIXTURES / name
    text = path.read_text(encoding="utf-8")
    axis = "x" if 'staggeraxis="x"' in text else "y"
    index = "even" if 'staggerindex="even"' in text else "odd"
    width, height, side = (64, 56, 32) if axis == "x" else (56, 64, 32)
    if size is not None:
        old = f'hexsidelength="32" staggeraxis="{axis}" staggerindex="{index}" renderorder="right-down" width="3" ' \
              f'height="3" tilewidth="{width}" tileheight="{height}"'
        assert old in text
        width, height, side = size
        text = text.replace(old, f'hexsidelength="{side}" staggeraxis="{axis}" staggerindex="{index}" '
                                 f'renderorder="right-down" width="3" height="3" tilewidth="{width}" tileheight="{height}"')
        for extra in ("fixture.tsx", "fixture.png"):
            (tmp_path / extra).write_bytes((FIXTURES / extra).read_bytes())
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
    bf = load_battlefield(path, RULESET)
    per_px = bf.grid.world_per_px
    ys, xs = np.meshgrid(np.arange(-3.5, 3 * height + 4, 0.7), np.arange(-3.5, 3 * width + 4, 0.9), indexing="ij")
    xs, ys = xs.ravel(), ys.ravel()
    expected = np.full(xs.shape, "", dtype=object)  # "" off the map
    clear = np.ones(xs.shape, dtype=bool)
    holders = np.zeros(xs.shape, dtype=int)
    for c in range(3):
        for r in range(3):
            verdict = signed_inside(tiled_hexagon(width, height, side, axis, index, c, r), xs, ys, 0.25)
            clear &= verdict >= 0  # points on an edge may go to either hex
            expected[verdict == 1] = TERRAIN_OF_GID[LAYER[r][c]]
            holders += verdict == 1
    assert holders.max() == 1  # Tiled's hexagons tile the plane without overlap
    cols, rows = bf.grid.cells_at(xs * per_px, ys * per_px)
    names = np.array(bf.terrain_ids, dtype=object)[bf.terrain[rows, cols]]
    read = np.where(cols >= 0, names, "")
    wrong = np.nonzero(clear & (read != expected))[0]
    assert wrong.size == 0, [(xs[i], ys[i], read[i], expected[i]) for i in wrong[:5]]
    assert clear.sum() > 20000
    # and through the Battlefield's own lookup, at a few of those points
    for i in np.nonzero(clear)[0][:: 997]:
        assert bf.terrain_at(WorldPoint(xs[i] * per_px, ys[i] * per_px)) == (expected[i] or None)
