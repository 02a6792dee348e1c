"""Generate the standard Diplomacy board as a Tiled province map: ``python maps/make_diplomacy_map.py``.

``diplomacy-standard.tmx`` is drawn by us: no other program's map art or data is used. Each province is given
one or more seed points (longitude, latitude, placed by hand from the geography of the board); every cell of a
fine grid over Europe belongs to the province of the nearest seed, and each province's polygon is the outline
of its cells. Borders are therefore shared exactly between neighbours (no gaps, no overlaps) and shapes follow
the seeds (a long Norway, Italy's boot). The province data (names, kinds, supply centres, home powers, named
coasts and the adjacency per unit kind) come from the Diplomacy rule set's ``standard.toml`` and are written as
the polygons' custom properties (docs/authoring.md, "Province maps"): adjacency is never read from the shapes.
"""
from __future__ import annotations

import sys
import tomllib
from pathlib import Path
from xml.sax.saxutils import quoteattr

import numpy as np

ROOT = Path(__file__).resolve().parents[1]  # the repository (this script is a developer's tool, not shipped)
HERE = ROOT / "kriegsspiel" / "data" / "maps"  # where the board is written
STANDARD = ROOT / "kriegsspiel" / "rulesets" / "diplomacy" / "standard.toml"

#: the frame in degrees, and pixels per degree (latitude stretched as a map of Europe is at 50 degrees north)
WEST, EAST, SOUTH, NORTH = -26.0, 48.0, 29.5, 73.5
PX_PER_LON, PX_PER_LAT = 20.0, 31.0
#: the raster the provinces are assigned on, in pixels per cell
CELL_PX = 3
TILE_PX = 32

#: seeds per province: (longitude, latitude); a province owns the cells nearest to one of its seeds
SEEDS: dict[str, list[tuple[float, float]]] = {
    # seas and oceans
    "NAO": [(-22, 60), (-18, 54), (-14, 62), (-24, 50)],
    "NWG": [(-2, 67), (6, 68), (-8, 65), (12, 71)],
    "BAR": [(35, 72), (42, 71.5), (28, 72.5)],
    "NTH": [(3, 56), (3, 53.8), (1, 58.5)],
    "IRI": [(-6.5, 52), (-10, 51), (-4.9, 53.8)],
    "MAO": [(-16, 45), (-20, 40), (-12, 36), (-22, 46), (-11, 49)],
    "ENG": [(-4, 49.7), (-1, 50.2), (-6, 49.2)],
    "HEL": [(7, 54.6), (6.5, 55.5)],
    "SKA": [(9, 58), (10.5, 57.6)],
    "BAL": [(18, 56), (15, 55), (20, 57.5)],
    "BOT": [(20, 62), (21, 64), (19.5, 60.5)],
    "WES": [(3, 38.5), (0, 37.5), (6, 38.7)],
    "LYO": [(5, 42), (7, 43)],
    "TYS": [(12, 40), (10.5, 41.5), (13, 38.5)],
    "TUN": [(9.5, 35.3), (8.5, 33.5)],
    "ION": [(18, 37), (20, 35), (16, 34), (22, 34.5), (13.5, 35.5), (15.5, 37)],
    "ADR": [(15.5, 43), (17.5, 42.3), (13.5, 44.6)],
    "AEG": [(25, 38.5), (25.5, 36.5), (24.5, 40.2)],
    "EAS": [(31, 34), (28, 34.5), (34, 34)],
    "BLA": [(34, 43), (31, 44), (37, 42.5), (30, 42.5)],
    # England
    "CLY": [(-5, 57.5), (-4.8, 56)],
    "EDI": [(-2.6, 56.8), (-2.4, 55.5)],
    "LVP": [(-3, 54), (-3.4, 53)],
    "YOR": [(-0.9, 54), (-0.8, 53)],
    "WAL": [(-3.8, 52.2), (-4.3, 51.8)],
    "LON": [(0.2, 51.6), (0.8, 52.3)],
    # France, the Low Countries, Iberia
    "BRE": [(-3.3, 48.2), (-1.8, 48)],
    "PIC": [(2, 50), (1.5, 49.4)],
    "PAR": [(2.4, 48.3), (1.7, 47.3)],
    "BUR": [(5, 47), (4.8, 48.6), (4.2, 45.8)],
    "GAS": [(-0.3, 44.4), (0.8, 45.8), (-0.5, 43.3)],
    "MAR": [(4.8, 43.9), (2.8, 43.3), (6.5, 44)],
    "BEL": [(4.5, 50.7), (3.4, 51)],
    "HOL": [(5.6, 52.3), (6.5, 53)],
    "SPA": [(-3.8, 40.3), (-1.5, 41.8), (-5, 38), (-2.5, 38.6)],
    "POR": [(-8.2, 39.6), (-8.3, 41.3), (-8.3, 37.8)],
    "NAF": [(-2, 34.5), (-6, 33.5), (3, 33.5), (-8, 31.5)],
    # Germany
    "KIE": [(9.7, 53.8), (9, 52.5)],
    "BER": [(13.5, 52.8), (12.2, 53.6)],
    "PRU": [(20, 54), (21.5, 54.4), (17.5, 54.1)],
    "RUH": [(7.3, 51.2), (7, 50)],
    "MUN": [(11, 48.6), (9.5, 49.5), (12.2, 49.8), (9, 48)],
    "SIL": [(16.8, 51), (15.8, 51.9)],
    # Scandinavia
    "DEN": [(9.5, 56), (10.1, 55.3)],
    "NWY": [(8.5, 60), (12.5, 64.5), (17, 68.5), (24, 70.5)],
    "SWE": [(15, 59.3), (14.5, 62.5), (18, 65.5), (13.5, 56.8)],
    "FIN": [(26, 62.5), (26.5, 65.5), (23, 61)],
    # Italy, the Alps
    "SWI": [(8, 46.7)],
    "PIE": [(7.8, 45), (8.5, 44.4)],
    "VEN": [(11.7, 45.5), (10.3, 45.2)],
    "TUS": [(11, 43.4), (10.8, 44.1)],
    "ROM": [(12.6, 42), (13.4, 42.4)],
    "APU": [(16.5, 41), (15.6, 41.7), (17.8, 40.4)],
    "NAP": [(15.3, 40.4), (16.2, 39), (14.6, 41)],
    # Austria-Hungary, the Balkans
    "TYR": [(12, 47.1), (13.2, 46.7)],
    "BOH": [(14.5, 49.8), (13.5, 50.2)],
    "VIE": [(16.5, 48), (15, 47.5)],
    "TRI": [(14.5, 45.6), (17, 44.2), (15.5, 44.6)],
    "BUD": [(19.5, 47.3), (21.5, 47.8), (18.2, 46.3)],
    "GAL": [(23.5, 49.6), (21, 49.8)],
    "SER": [(20.8, 44), (21.5, 43)],
    "ALB": [(19.9, 41.2), (19.8, 40.3)],
    "GRE": [(22, 39.4), (22.5, 37.6), (23, 40.5)],
    "BUL": [(25, 42.7), (27, 42.5), (23.5, 42.3)],
    "RUM": [(25, 45.5), (27.5, 46.5), (23, 45.8)],
    # Russia
    "STP": [(31, 60), (34, 64), (30, 67), (38, 66), (26, 59)],
    "MOS": [(37, 55.5), (41, 58), (33, 56), (44, 54)],
    "LVN": [(25, 57.2), (24, 55.5), (27.5, 57.5)],
    "WAR": [(21, 52.2), (23.5, 51.6)],
    "UKR": [(29.5, 49.5), (27, 50.5), (32, 51)],
    "SEV": [(36, 47), (40, 47), (33.5, 46.3), (44, 49), (45, 45.2)],
    # Turkey and beyond
    "CON": [(28.5, 41), (27.3, 40.5)],
    "ANK": [(33, 41.2), (36, 41.3), (31.5, 40.5)],
    "SMY": [(29, 38.5), (33, 37.5), (27.5, 37.3)],
    "ARM": [(42, 40), (40, 39.5), (44, 41.5)],
    "SYR": [(38.5, 36.2), (43, 36.5), (36.5, 35)],
}


def to_px(lon: float, lat: float) -> tuple[float, float]:
    """Degrees -> map pixels (x to the east, y downwards, as in Tiled)."""
    return (lon - WEST) * PX_PER_LON, (NORTH - lat) * PX_PER_LAT


def label_grid(abbrs: list[str]) -> np.ndarray:
    """The raster of province indices: each cell belongs to the province of its nearest seed."""
    width, height = to_px(EAST, SOUTH)
    cols, rows = int(round(width / CELL_PX)), int(round(height / CELL_PX))
    xs = (np.arange(cols) + 0.5) * CELL_PX
    ys = (np.arange(rows) + 0.5) * CELL_PX
    gx, gy = np.meshgrid(xs, ys)
    best = np.full((rows, cols), np.inf)
    labels = np.zeros((rows, cols), dtype=np.int32)
    for index, abbr in enumerate(abbrs):
        for lon, lat in SEEDS[abbr]:
            sx, sy = to_px(lon, lat)
            d = (gx - sx) ** 2 + (gy - sy) ** 2
            closer = d < best
            best[closer] = d[closer]
            labels[closer] = index
    return labels


def outline(mask: np.ndarray) -> list[tuple[int, int]]:
    """The outer boundary of a 4-connected region of cells, as grid corners clockwise (on screen), with
    collinear corners dropped. Raises ValueError when the region is not one piece or has a hole."""
    rows, cols = mask.shape
    padded = np.zeros((rows + 2, cols + 2), dtype=bool)
    padded[1:-1, 1:-1] = mask
    edges: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for r, c in zip(*np.nonzero(mask)):
        pr, pc = r + 1, c + 1
        # each side whose neighbour is outside, directed so the region is on the right (clockwise on screen)
        if not padded[pr - 1, pc]:
            edges.setdefault((c, r), []).append((c + 1, r))
        if not padded[pr, pc + 1]:
            edges.setdefault((c + 1, r), []).append((c + 1, r + 1))
        if not padded[pr + 1, pc]:
            edges.setdefault((c + 1, r + 1), []).append((c, r + 1))
        if not padded[pr, pc - 1]:
            edges.setdefault((c, r + 1), []).append((c, r))
    start = min(edges)
    loop = [start]
    point = start
    heading: tuple[int, int] = (1, 0)
    while True:
        nexts = edges[point]
        # at a corner two diagonal cells share, turn right first: the loop keeps to one cell's side
        right, left = (-heading[1], heading[0]), (heading[1], -heading[0])
        preference = {right: 0, heading: 1, left: 2}
        nexts.sort(key=lambda q: preference.get((q[0] - point[0], q[1] - point[1]), 3))
        nxt = nexts.pop(0)
        if not nexts:
            del edges[point]
        heading = (nxt[0] - point[0], nxt[1] - point[1])
        point = nxt
        if point == start:
            break
        loop.append(point)
    if edges:
        raise ValueError("the region is in more than one piece (or has a hole)")
    corners = []
    n = len(loop)
    for i, p in enumerate(loop):
        a, b = loop[i - 1], loop[(i + 1) % n]
        if (p[0] - a[0]) * (b[1] - p[1]) - (p[1] - a[1]) * (b[0] - p[0]) != 0:
            corners.append(p)
    return corners


def _property(name: str, value: object) -> str:
    if isinstance(value, bool):
        return f'    <property name="{name}" type="bool" value="{str(value).lower()}"/>'
    return f"    <property name={quoteattr(name)} value={quoteattr(str(value))}/>"


def write_map(path: Path = HERE / "diplomacy-standard.tmx", data_path: Path = STANDARD) -> None:
    """Write the standard board to ``path`` from the province data in ``data_path``."""
    data = tomllib.loads(data_path.read_text(encoding="utf-8"))
    provinces: dict[str, dict] = data["provinces"]
    missing = sorted(set(provinces) ^ set(SEEDS))
    if missing:
        raise SystemExit(f"seeds and provinces differ: {', '.join(missing)}")
    abbrs = sorted(provinces)
    labels = label_grid(abbrs)
    width, height = to_px(EAST, SOUTH)
    tiles_w, tiles_h = int(np.ceil(width / TILE_PX)), int(np.ceil(height / TILE_PX))
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{tiles_w}" height="{tiles_h}" tilewidth="{TILE_PX}" tileheight="{TILE_PX}" infinite="0" '
        f'nextlayerid="2" nextobjectid="{len(abbrs) + 1}">',
        " <properties>",
        _property("kind", "provinces"),
        _property("ruleset", "diplomacy"),
        _property("map_name", data.get("name", "standard")),
        _property("powers", " ".join(data["powers"])),
        " </properties>",
        ' <objectgroup id="1" name="provinces">',
    ]
    for number, abbr in enumerate(abbrs, start=1):
        props = provinces[abbr]
        corners = outline(labels == abbrs.index(abbr))
        x0, y0 = corners[0][0] * CELL_PX, corners[0][1] * CELL_PX
        points = " ".join(f"{c * CELL_PX - x0},{r * CELL_PX - y0}" for c, r in corners)
        out.append(f'  <object id="{number}" name={quoteattr(props.get("name", abbr))} type="province" '
                   f'x="{x0}" y="{y0}">')
        out.append("   <properties>")
        out.append(_property("abbreviation", abbr))
        for key in sorted(props):
            if key == "name":
                continue
            value = props[key]
            if isinstance(value, list):
                value = " ".join(value)
            out.append(_property(key, value))
        out.append("   </properties>")
        out.append(f'   <polygon points="{points}"/>')
        out.append("  </object>")
    out += [" </objectgroup>", "</map>", ""]
    path.write_text("\n".join(out), encoding="utf-8")


if __name__ == "__main__":
    write_map(*(Path(a) for a in sys.argv[1:3]))
