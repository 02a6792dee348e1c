"""Generate the unit-profiles scenario board as a Tiled province map: ``python maps/make_unit_profiles_map.py``
writes ``maps/unit-profiles-borderlands.tmx``.

The board is drawn by us on a raster of cells, one letter per cell (``RASTER`` below). Each cell has a seed
point near its centre (a fixed pseudo-random jitter, so borders wander as on a real map); every pixel cell of
a finer grid belongs to the letter of its nearest seed, each province is the cells of its letter and its
polygon is their outline, so neighbours share borders exactly. The province
properties (docs/unit-profiles.md, "The map") are in ``PROVINCES``; ``adjacent`` is computed from the raster
(cells that share a side) and written out, so the map states its borders as the convention asks (they are
never read from the shapes). Track borders are given by hand.
"""
from __future__ import annotations

import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

import numpy as np

HERE = Path(__file__).resolve().parents[1] / "kriegsspiel" / "data" / "maps"  # where the map is written
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the sibling generator scripts
from make_diplomacy_map import outline  # noqa: E402  (the same outline tracer as the Diplomacy board)

CELL_PX = 40
#: the fine grid: cells per raster cell, and how far (in raster cells) a seed may stray from its cell's centre
FINE = 8
JITTER = 0.32
POWERS = ("NORD", "SUD")
RASTER = """
KKwwwwwwNNNNNNNNHHHHHHeeee
KKwwwwwwNNNNNNNNHHHHHHeeee
KKwwwwwwNNNNNNNNHHHHHHeeee
wwwwwwwwWWWWWWWWWBBBBBeeee
wwwwwwwwWWWWWWWWWBBBBBeeee
wwwwwwwwWWWWWWWWWBBBBBeeee
wwwwwwwwMMMMMMMMMMMMMMeeee
wwwwwwwwMMMMMMMMMMMMMeeeee
sssssssssFFFFFFFFFFFFFoooo
ssssssssFFFFFFFFFFFFFFoooo
ssssssssRRRRRRRRGGGGGGoooo
ssssssssRRRRRRRRGGGGGGoooo
IIssssssRRRRRRRRGGGGGGoooo
IIssssssSSSSSSSSSPPPPPoooo
IIssssssSSSSSSSSSPPPPPoooo
ssssssssSSSSSSSSSPPPPPoooo
sssssssssssssssooooooooooo
sssssssssssssssooooooooooo
"""
#: no four provinces meet at one corner (the jitter would pick a diagonal neighbour at random)
#: letter -> (abbreviation, full name, properties)
PROVINCES: dict[str, tuple[str, str, dict[str, object]]] = {
    "K": ("KOL", "Kolonia", {"kind": "land", "income": 2, "national": "NORD"}),
    "N": ("NHM", "Nordheim", {"kind": "land", "income": 10, "home": "NORD", "capital": True, "industry": "major",
                              "air_base": True, "naval_base": True}),
    "H": ("HAF", "Hafenstadt", {"kind": "land", "income": 5, "home": "NORD", "industry": "minor",
                                "naval_base": True}),
    "W": ("WAL", "Waldkreis", {"kind": "land", "income": 3, "home": "NORD"}),
    "B": ("BRG", "Bergland", {"kind": "land", "income": 2, "home": "NORD", "mountain": True}),
    "M": ("MIT", "Mittelmark", {"kind": "land", "income": 3, "home": "NORD", "air_base": True}),
    "F": ("FEL", "Feldmark", {"kind": "land", "income": 3, "home": "SUD"}),
    "R": ("RHN", "Rheinau", {"kind": "land", "income": 3, "home": "SUD"}),
    "G": ("GRB", "Grauberg", {"kind": "land", "income": 2, "home": "SUD", "mountain": True}),
    "S": ("SUH", "Sudhaven", {"kind": "land", "income": 10, "home": "SUD", "capital": True, "industry": "major",
                              "air_base": True, "naval_base": True}),
    "P": ("POR", "Portoria", {"kind": "land", "income": 5, "home": "SUD", "industry": "minor"}),
    "I": ("INS", "Insula", {"kind": "land", "income": 2, "national": "SUD", "air_base": True}),
    "w": ("WNS", "Western Nordic Sea", {"kind": "sea"}),
    "e": ("ENS", "Eastern Nordic Sea", {"kind": "sea"}),
    "s": ("WSS", "Western Southern Sea", {"kind": "sea"}),
    "o": ("ESS", "Eastern Southern Sea", {"kind": "sea"}),
}
#: track borders (R11.1): the river between Mittelmark and Feldmark
TRACKS = (("MIT", "FEL"),)


def raster() -> np.ndarray:
    """The raster as an array of letters."""
    rows = [list(line) for line in RASTER.strip().splitlines()]
    return np.array(rows)


def fine_raster(grid: np.ndarray, seed: int = 1) -> np.ndarray:
    """The letters on the fine grid: each fine cell takes the letter of the nearest jittered seed."""
    rows, cols = grid.shape
    rng = np.random.default_rng(seed)
    sy, sx = np.mgrid[0:rows, 0:cols].astype(float) + 0.5
    # the map's edge stays straight: seeds on the border rows and columns keep their distance to the edge
    sx += rng.uniform(-JITTER, JITTER, sx.shape) * ((sx > 1) & (sx < cols - 1))
    sy += rng.uniform(-JITTER, JITTER, sy.shape) * ((sy > 1) & (sy < rows - 1))
    fy, fx = np.mgrid[0:rows * FINE, 0:cols * FINE].astype(float)
    fy, fx = (fy + 0.5) / FINE, (fx + 0.5) / FINE
    out = np.empty(fx.shape, dtype=grid.dtype)
    best = np.full(fx.shape, np.inf)
    for r in range(rows):
        for c in range(cols):
            # only seeds within two cells can be nearest: keeps the loop cheap
            r0, r1, c0, c1 = max(0, (r - 2) * FINE), (r + 3) * FINE, max(0, (c - 2) * FINE), (c + 3) * FINE
            d = (fx[r0:r1, c0:c1] - sx[r, c]) ** 2 + (fy[r0:r1, c0:c1] - sy[r, c]) ** 2
            closer = d < best[r0:r1, c0:c1]
            best[r0:r1, c0:c1][closer] = d[closer]
            out[r0:r1, c0:c1][closer] = grid[r, c]
    return out


def adjacency(grid: np.ndarray) -> dict[str, set[str]]:
    """Abbreviation -> the abbreviations of provinces whose cells share a side with its cells."""
    out: dict[str, set[str]] = {PROVINCES[k][0]: set() for k in PROVINCES}
    rows, cols = grid.shape
    for r in range(rows):
        for c in range(cols):
            a = PROVINCES[grid[r, c]][0]
            for dr, dc in ((0, 1), (1, 0)):
                if r + dr < rows and c + dc < cols:
                    b = PROVINCES[grid[r + dr, c + dc]][0]
                    if a != b:
                        out[a].add(b)
                        out[b].add(a)
    return out


def _property(name: str, value: object) -> str:
    if isinstance(value, bool):
        return f'    <property name="{name}" type="bool" value="{str(value).lower()}"/>'
    if isinstance(value, int):
        return f'    <property name="{name}" type="int" value="{value}"/>'
    return f"    <property name={quoteattr(name)} value={quoteattr(str(value))}/>"


def write_map(path: Path = HERE / "unit-profiles-borderlands.tmx") -> None:
    """Write the board to ``path``."""
    coarse = raster()
    near = adjacency(coarse)
    grid = fine_raster(coarse)
    if adjacency(grid) != near:
        raise SystemExit("the jittered borders changed who borders whom; pick another seed for fine_raster")
    rows, cols = coarse.shape
    cell = CELL_PX / FINE
    tracks: dict[str, list[str]] = {}
    for a, b in TRACKS:
        tracks.setdefault(a, []).append(b)
        tracks.setdefault(b, []).append(a)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{cols}" height="{rows}" tilewidth="{CELL_PX}" tileheight="{CELL_PX}" infinite="0" '
        f'nextlayerid="2" nextobjectid="{len(PROVINCES) + 1}">',
        " <properties>",
        _property("kind", "provinces"),
        _property("ruleset", "unit-profiles"),
        _property("map_name", "borderlands"),
        _property("powers", " ".join(POWERS)),
        " </properties>",
        ' <objectgroup id="1" name="provinces">',
    ]
    for number, letter in enumerate(sorted(PROVINCES, key=lambda k: PROVINCES[k][0]), start=1):
        abbr, name, props = PROVINCES[letter]
        corners = outline(grid == letter)
        x0, y0 = corners[0][0] * cell, corners[0][1] * cell
        points = " ".join(f"{c * cell - x0:g},{r * cell - y0:g}" for c, r in corners)
        out.append(f'  <object id="{number}" name={quoteattr(name)} type="province" x="{x0:g}" y="{y0:g}">')
        out.append("   <properties>")
        out.append(_property("abbreviation", abbr))
        out.append(_property("adjacent", " ".join(sorted(near[abbr]))))
        if abbr in tracks:
            out.append(_property("track", " ".join(sorted(tracks[abbr]))))
        for key in sorted(props):
            out.append(_property(key, props[key]))
        out.append("   </properties>")
        out.append(f'   <polygon points="{points}"/>')
        out.append("  </object>")
    out += [" </objectgroup>", "</map>", ""]
    path.write_text("\n".join(out), encoding="utf-8")


if __name__ == "__main__":
    write_map(*(Path(a) for a in sys.argv[1:2]))
