"""Generate the shipped battlefields as Tiled maps: ``python maps/make_maps.py``.

The maps are designed, not noise: every river, ford, bridge, road, village, wood and hill is placed here by
hand (positions in tiles) and only its outline is roughened. Roads are laid by a cheapest-path search between
the places they link, so they bend around woods and cross rivers only at the fords and bridges placed for
them. The output is plain TMX as Tiled 1.10 writes it (CSV layers, external tilesets from ``assets/``).

- ``brandywine.tmx``: 120x80 tiles, after the battle of 11 September 1777. The Brandywine runs north to
  south with its two branches meeting in the north; the Crown comes from Kennett Square in the west, the
  Rebels hold the east bank around Chadds Ford and Birmingham Hill.
- ``coast.tmx``: 100x70 tiles of sea, a mainland coast with a harbour, an island with a port and an
  airfield, for naval and air play.
- ``hex-valley.tmx``: 40x30 pointy-topped hexes: a river valley between two mountain ranges.
"""
from __future__ import annotations

import heapq
import math
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

import numpy as np

ROOT = Path(__file__).resolve().parents[1]  # the repository (this script is a developer's tool, not shipped)
HERE = ROOT / "kriegsspiel" / "data" / "maps"  # where the maps are written
ASSETS = HERE.parent / "assets"
TILED_VERSION = ("1.10", "1.10.2")

Cell = tuple[int, int]  # (column, row)


def tileset_ids(name: str) -> dict[str, int]:
    """``terrain`` (or ``kind``) value -> local tile id, read from a shipped .tsx."""
    text = (ASSETS / f"{name}.tsx").read_text(encoding="utf-8")
    ids: dict[str, int] = {}
    for tile_id, value in re.findall(r'<tile id="(\d+)"[^>]*>\s*<properties>\s*<property name="\w+"[^>]*value="([^"]+)"', text):
        ids.setdefault(value, int(tile_id))
    return ids


def tile_count(name: str) -> int:
    text = (ASSETS / f"{name}.tsx").read_text(encoding="utf-8")
    return int(re.search(r'tilecount="(\d+)"', text).group(1))  # type: ignore[union-attr]


# ---- shapes on a grid -----------------------------------------------------------------------------------

class Grid:
    """Cell centres of a map, in tile units, for painting shapes (square or pointy-topped hex layout)."""

    def __init__(self, columns: int, rows: int, hex_odd: bool = False) -> None:
        self.columns, self.rows = columns, rows
        self.hex = hex_odd
        cols, rows_ = np.meshgrid(np.arange(columns), np.arange(rows))
        if hex_odd:
            # pointy hexes of width 1: rows 0.75 * (64/56) apart in width units, odd rows pushed by half
            self.x = cols + 0.5 + 0.5 * (rows_ % 2)
            self.y = rows_ * (48 / 56) + 32 / 56
        else:
            self.x = cols + 0.5
            self.y = rows_ + 0.5
        # A smooth random field in [-1, 1] that roughens the edges of woods and hills.
        field_rng = np.random.default_rng(columns * 1000 + rows)
        noise = field_rng.standard_normal((rows, columns))
        for _ in range(3):
            noise = (noise + np.roll(noise, 1, 0) + np.roll(noise, -1, 0) + np.roll(noise, 1, 1) + np.roll(noise, -1, 1)) / 5
        self.noise = noise / max(1e-9, float(np.abs(noise).max()))

    def trace(self, points: Sequence[tuple[float, float]]) -> np.ndarray:
        """The chain of cells a polyline passes through (nearest centres of dense samples): always connected."""
        inside = np.zeros(self.x.shape, dtype=bool)
        flat_x, flat_y = self.x.ravel(), self.y.ravel()
        for (ax, ay), (bx, by) in zip(points[:-1], points[1:]):
            n = max(2, int(math.hypot(bx - ax, by - ay) / 0.1))
            for t in np.linspace(0.0, 1.0, n):
                px, py = ax + (bx - ax) * t, ay + (by - ay) * t
                i = int(np.argmin((flat_x - px) ** 2 + (flat_y - py) ** 2))
                inside.flat[i] = True
        return inside

    def blob(self, cx: float, cy: float, rx: float, ry: float, rng: random.Random, rough: float = 0.22) -> np.ndarray:
        """Cells inside a roughened ellipse centred on (cx, cy) with radii (rx, ry)."""
        phases = [rng.uniform(0, 2 * math.pi) for _ in range(3)]
        dx, dy = (self.x - cx) / rx, (self.y - cy) / ry
        angle = np.arctan2(dy, dx)
        wobble = 1 + rough * (
            0.5 * np.sin(2 * angle + phases[0]) + 0.3 * np.sin(3 * angle + phases[1]) + 0.2 * np.sin(5 * angle + phases[2])
        )
        return np.hypot(dx, dy) <= wobble + 0.35 * rough * 3 * self.noise

    def band(self, points: Sequence[tuple[float, float]], widths: Sequence[float] | float) -> np.ndarray:
        """Cells within half the width of a polyline (a river), width interpolated along its vertices."""
        if isinstance(widths, (int, float)):
            widths = [float(widths)] * len(points)
        inside = np.zeros(self.x.shape, dtype=bool)
        for (ax, ay), (bx, by), wa, wb in zip(points[:-1], points[1:], widths[:-1], widths[1:]):
            vx, vy = bx - ax, by - ay
            t = np.clip(((self.x - ax) * vx + (self.y - ay) * vy) / (vx * vx + vy * vy), 0.0, 1.0)
            dist = np.hypot(self.x - (ax + t * vx), self.y - (ay + t * vy))
            inside |= dist <= (wa + (wb - wa) * t) / 2
        return inside

    def polygon(self, points: Sequence[tuple[float, float]]) -> np.ndarray:
        inside = np.zeros(self.x.shape, dtype=bool)
        n = len(points)
        for i in range(n):
            (ax, ay), (bx, by) = points[i], points[(i + 1) % n]
            if ay == by:
                continue
            crosses = (ay > self.y) != (by > self.y)
            inside ^= crosses & (self.x < ax + (self.y - ay) * (bx - ax) / (by - ay))
        return inside


def meander(points: Sequence[tuple[float, float]], rng: random.Random, amplitude: float, step: float = 2.0) -> list[tuple[float, float]]:
    """Densify a polyline and bend it sideways with a smooth random wave (a river's course)."""
    out: list[tuple[float, float]] = []
    phase = rng.uniform(0, 2 * math.pi)
    travelled = 0.0
    for (ax, ay), (bx, by) in zip(points[:-1], points[1:]):
        length = math.hypot(bx - ax, by - ay)
        n = max(1, int(length / step))
        nx, ny = -(by - ay) / length, (bx - ax) / length
        for i in range(n):
            t = i / n
            s = travelled + t * length
            off = amplitude * (math.sin(s / 4.5 + phase) * 0.7 + math.sin(s / 2.3 + 2 * phase) * 0.3)
            fade = min(1.0, t * 3, (1 - t) * 3) if len(points) == 2 else 1.0
            out.append((ax + (bx - ax) * t + nx * off * fade, ay + (by - ay) * t + ny * off * fade))
        travelled += length
    out.append(points[-1])
    return out


# ---- roads ----------------------------------------------------------------------------------------------

SQUARE_STEPS = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)]  # bit i = direction i


def hex_steps(row: int) -> list[tuple[int, int]]:
    """Neighbour offsets E, SE, SW, W, NW, NE of a cell in a pointy-topped, odd-row-shifted hex grid."""
    if row % 2:
        return [(1, 0), (1, 1), (0, 1), (-1, 0), (0, -1), (1, -1)]
    return [(1, 0), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1)]


@dataclass
class RoadNet:
    """Road connections between cells: each cell's bitmask of directions the road leaves it by."""

    columns: int
    rows: int
    hex: bool = False
    mask: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.mask = np.zeros((self.rows, self.columns), dtype=np.int32)

    def steps(self, row: int) -> list[tuple[int, int]]:
        return hex_steps(row) if self.hex else SQUARE_STEPS

    def route(self, cost: np.ndarray, waypoints: Sequence[Cell]) -> list[Cell]:
        """Lay a road through ``waypoints`` along the cheapest cells; returns the cells it runs over."""
        cells: list[Cell] = [waypoints[0]]
        for a, b in zip(waypoints[:-1], waypoints[1:]):
            cells.extend(self._cheapest(cost, a, b)[1:])
        for (c0, r0), (c1, r1) in zip(cells[:-1], cells[1:]):
            steps = self.steps(r0)
            bit = steps.index((c1 - c0, r1 - r0))
            self.mask[r0, c0] |= 1 << bit
            back = self.steps(r1).index((c0 - c1, r0 - r1))
            self.mask[r1, c1] |= 1 << back
        return cells

    def _cheapest(self, cost: np.ndarray, start: Cell, goal: Cell) -> list[Cell]:
        best = {start: 0.0}
        came: dict[Cell, Cell] = {}
        queue = [(0.0, start)]
        while queue:
            d, cell = heapq.heappop(queue)
            if cell == goal:
                break
            if d > best.get(cell, math.inf):
                continue
            c, r = cell
            for dc, dr in self.steps(r):
                nc, nr = c + dc, r + dr
                if not (0 <= nc < self.columns and 0 <= nr < self.rows):
                    continue
                diagonal = not self.hex and dc != 0 and dr != 0
                if diagonal and (cost[r, nc] > 50 or cost[nr, c] > 50):
                    continue  # no cutting a corner of a river
                step = cost[nr, nc] * (1.4142 if diagonal else 1.0)
                # a road that keeps its bearing reads better than one that zig-zags over equal costs
                nd = d + step + 0.05
                if nd < best.get((nc, nr), math.inf):
                    best[(nc, nr)] = nd
                    came[(nc, nr)] = cell
                    heapq.heappush(queue, (nd, (nc, nr)))
        path = [goal]
        while path[-1] != start:
            path.append(came[path[-1]])
        return path[::-1]


# ---- TMX writing ----------------------------------------------------------------------------------------

@dataclass
class MapObject:
    """One Tiled object; ``shape`` is "rect", "point", "polygon", "ellipse" or "tile"."""

    name: str
    type: str
    x: float
    y: float
    width: float = 0.0
    height: float = 0.0
    shape: str = "rect"
    points: Sequence[tuple[float, float]] = ()
    gid: int = 0
    properties: Sequence[tuple[str, str | None, str]] = ()


def _props(items: Iterable[tuple[str, str | None, str]], indent: str) -> str:
    items = list(items)
    if not items:
        return ""
    lines = [f"{indent}<properties>\n"]
    for name, kind, value in sorted(items):
        kind_attr = f' type="{kind}"' if kind else ""
        lines.append(f"{indent} <property name={quoteattr(name)}{kind_attr} value={quoteattr(value)}/>\n")
    lines.append(f"{indent}</properties>\n")
    return "".join(lines)


def _num(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


@dataclass
class TmxMap:
    """A map being written: size, tilesets (name -> firstgid), layers in order."""

    columns: int
    rows: int
    tile_w: int
    tile_h: int
    properties: list[tuple[str, str | None, str]]
    hex_side: int = 0
    tilesets: list[tuple[str, int]] = field(default_factory=list)
    layers: list[str] = field(default_factory=list)
    next_layer: int = 1
    next_object: int = 1

    def add_tileset(self, name: str) -> int:
        firstgid = 1
        if self.tilesets:
            last, first = self.tilesets[-1]
            firstgid = first + tile_count(last)
        self.tilesets.append((name, firstgid))
        return firstgid

    def tile_layer(self, name: str, gids: np.ndarray) -> None:
        rows = [",".join(str(int(g)) for g in row) for row in gids]
        self.layers.append(
            f' <layer id="{self.next_layer}" name="{name}" width="{self.columns}" height="{self.rows}">\n'
            '  <data encoding="csv">\n' + ",\n".join(rows) + "\n</data>\n </layer>\n"
        )
        self.next_layer += 1

    def object_layer(self, name: str, objects: Sequence[MapObject], colour: str) -> None:
        out = [f' <objectgroup id="{self.next_layer}" name="{name}" color="{colour}">\n']
        self.next_layer += 1
        for obj in objects:
            attrs = f'id="{self.next_object}"'
            self.next_object += 1
            if obj.name:
                attrs += f" name={quoteattr(obj.name)}"
            if obj.type:
                attrs += f' type="{obj.type}"'
            if obj.gid:
                attrs += f' gid="{obj.gid}"'
            attrs += f' x="{_num(obj.x)}" y="{_num(obj.y)}"'
            if obj.shape in ("rect", "ellipse", "tile"):
                attrs += f' width="{_num(obj.width)}" height="{_num(obj.height)}"'
            body = _props(obj.properties, "   ")
            if obj.shape == "point":
                body += "   <point/>\n"
            elif obj.shape == "ellipse":
                body += "   <ellipse/>\n"
            elif obj.shape == "polygon":
                pts = " ".join(f"{_num(px)},{_num(py)}" for px, py in obj.points)
                body += f'   <polygon points="{pts}"/>\n'
            out.append(f"  <object {attrs}>\n{body}  </object>\n" if body else f"  <object {attrs}/>\n")
        out.append(" </objectgroup>\n")
        self.layers.append("".join(out))

    def write(self, path: Path) -> None:
        if self.hex_side:
            orient = f'orientation="hexagonal" renderorder="right-down" width="{self.columns}" height="{self.rows}" ' \
                     f'tilewidth="{self.tile_w}" tileheight="{self.tile_h}" infinite="0" ' \
                     f'hexsidelength="{self.hex_side}" staggeraxis="y" staggerindex="odd"'
        else:
            orient = f'orientation="orthogonal" renderorder="right-down" width="{self.columns}" height="{self.rows}" ' \
                     f'tilewidth="{self.tile_w}" tileheight="{self.tile_h}" infinite="0"'
        text = (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<map version="{TILED_VERSION[0]}" tiledversion="{TILED_VERSION[1]}" {orient} '
            f'nextlayerid="{self.next_layer}" nextobjectid="{self.next_object}">\n'
            + _props(self.properties, " ")
            + "".join(f' <tileset firstgid="{first}" source="../assets/{name}.tsx"/>\n' for name, first in self.tilesets)
            + "".join(self.layers)
            + "</map>\n"
        )
        path.write_text(text, encoding="utf-8")


# ---- pieces shared by the maps ------------------------------------------------------------------------

@dataclass
class Land:
    """Terrain names per cell while a map is designed."""

    grid: Grid
    names: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.names = np.full((self.grid.rows, self.grid.columns), "plains", dtype=object)

    def paint(self, where: np.ndarray, terrain: str, over: Sequence[str] | None = None) -> None:
        mask = where if over is None else where & np.isin(self.names, list(over))
        self.names[mask] = terrain


def road_cost(names: np.ndarray, crossings: Iterable[Cell] = ()) -> np.ndarray:
    """Cost of laying a road over each cell: open ground cheap, woods and hills dearer, water barred."""
    table = {"plains": 1.0, "desert": 1.2, "road": 0.6, "hills": 2.5, "forest": 3.0, "forest-hills": 4.0,
             "swamp": 8.0, "mountains": 12.0, "water": 1000.0, "ford": 1000.0}
    cost = np.vectorize(lambda n: table.get(n, 2.0), otypes=[float])(names)
    for c, r in crossings:
        cost[r, c] = 1.0
    return cost


def road_gids(net: RoadNet, names: np.ndarray, firstgid: int) -> np.ndarray:
    """Road tiles by mask; none on fords, where the ford's own terrain is what units cross."""
    gids = np.where(net.mask > 0, net.mask + firstgid, 0)
    gids[names == "ford"] = 0
    return gids


def nearest_land(names: np.ndarray, cell: Cell) -> Cell:
    """``cell``, or the nearest cell to it that is not water (a town placed a little off the coast)."""
    rows, cols = np.nonzero(names != "water")
    c, r = cell
    i = int(np.argmin((cols - c) ** 2 + (rows - r) ** 2))
    return int(cols[i]), int(rows[i])


def terrain_gids(names: np.ndarray, ids: dict[str, int], firstgid: int) -> np.ndarray:
    return np.vectorize(lambda n: ids[n] + firstgid, otypes=[np.int64])(names)


def zone_rect(name: str, x0: float, y0: float, x1: float, y1: float, tile: int, props=()) -> MapObject:
    return MapObject(name, "zone", x0 * tile, y0 * tile, (x1 - x0) * tile, (y1 - y0) * tile, "rect", properties=props)


def zone_polygon(name: str, points: Sequence[tuple[float, float]], tile_w: float, tile_h: float, props=()) -> MapObject:
    ox, oy = points[0]
    rel = [((x - ox) * tile_w, (y - oy) * tile_h) for x, y in points]
    return MapObject(name, "zone", ox * tile_w, oy * tile_h, shape="polygon", points=rel, properties=props)


def structure_tile(name: str, gid: int, cx: float, cy: float, w_tiles: float, h_tiles: float, tile_w: float,
                   tile_h: float, props=()) -> MapObject:
    """A tile object centred on (cx, cy) tiles; Tiled's tile objects hang from their bottom-left corner."""
    w, h = w_tiles * tile_w, h_tiles * tile_h
    return MapObject(name, "", cx * tile_w - w / 2, cy * tile_h + h / 2, w, h, "tile", gid=gid, properties=props)


# ---- Brandywine -----------------------------------------------------------------------------------------

def brandywine() -> None:
    cols, rows, tile = 120, 80, 32
    rng = random.Random(1777)
    grid = Grid(cols, rows)
    land = Land(grid)
    terrain_ids = tileset_ids("terrain-square")

    # Hills first, woods over them (forest on a hill becomes forest-hills).
    hills = [
        ("Birmingham Hill", 89, 31, 7, 5), ("Osborne's Hill", 81, 16, 6, 4), ("Battle Hill", 100, 44, 5, 4),
        ("Chadds heights", 52, 58, 4, 7), ("Sconnelltown ridge", 70, 22, 4, 3), ("Marlborough hills", 24, 30, 8, 5),
        ("Street Road ridge", 45, 38, 5, 4), ("Dilworth knoll", 106, 60, 4, 3), ("Kennett hills", 18, 52, 5, 3),
    ]
    for _, cx, cy, rx, ry in hills:
        land.paint(grid.blob(cx, cy, rx, ry, rng), "hills")
    woods = [
        (86, 36, 4, 3), (94, 26, 5, 3), (76, 12, 4, 3), (60, 30, 5, 4), (30, 22, 6, 4), (14, 40, 6, 5),
        (38, 64, 7, 4), (102, 70, 8, 5), (110, 36, 5, 6), (56, 8, 6, 4), (22, 72, 6, 4), (80, 62, 5, 3),
        (46, 48, 4, 3), (100, 12, 7, 4), (8, 14, 6, 5), (67, 44, 3, 3),
    ]
    for cx, cy, rx, ry in woods:
        blob = grid.blob(cx, cy, rx, ry, rng, rough=0.35)
        land.paint(blob & (land.names == "hills"), "forest-hills")
        land.paint(blob & (land.names == "plains"), "forest")

    # The Brandywine: two branches meeting at the forks, then south past the fords to the map's edge.
    east_branch = meander([(82, -1), (76, 8), (70, 17)], rng, 1.2)
    west_branch = meander([(44, -1), (52, 7), (64, 14), (70, 17)], rng, 1.5)
    main = meander([(70, 17), (66, 30), (64, 44), (64, 56), (60, 68), (57, 81)], rng, 3.2)
    river = grid.band(east_branch, 2.2) | grid.band(west_branch, 2.2) | grid.band(main, [2.6] * 3 + [3.0] * (len(main) - 3))
    # Swampy meadows in the bends near the water.
    for cx, cy, rx, ry in ((60, 47, 3, 2), (69, 36, 2.5, 2), (61, 73, 3, 2)):
        land.paint(grid.blob(cx, cy, rx, ry, rng), "swamp", over=("plains", "forest"))
    land.paint(river, "water")

    def crossing_row(row: int, lo: int = 0, hi: int = cols) -> list[Cell]:
        return [(c, row) for c in range(lo, hi) if land.names[row, c] == "water"]

    fords = {
        "Chadds Ford": crossing_row(57, 50, 80),
        "Brinton's Ford": crossing_row(45, 50, 80),
        "Wistar's Ford": crossing_row(33, 55, 80),
        "Trimble's Ford": crossing_row(4, 40, 60),
        "Jeffries' Ford": crossing_row(5, 72, 90),
    }
    for cells in fords.values():
        for c, r in cells:
            land.names[r, c] = "ford"
    bridges = {"Buffington's Bridge": crossing_row(24, 55, 80), "Pyle's Bridge": crossing_row(70, 45, 75)}

    net = RoadNet(cols, rows)
    crossings = [cell for cells in list(fords.values()) + list(bridges.values()) for cell in cells]
    cost = road_cost(land.names, crossings)

    def ends(cells: list[Cell]) -> tuple[Cell, Cell]:
        (c0, r), (c1, _) = cells[0], cells[-1]
        return (c0 - 1, r), (c1 + 1, r)

    chadds_w, chadds_e = ends(fords["Chadds Ford"])
    brinton_w, brinton_e = ends(fords["Brinton's Ford"])
    wistar_w, wistar_e = ends(fords["Wistar's Ford"])
    trimble_w, trimble_e = ends(fords["Trimble's Ford"])
    jeffries_w, jeffries_e = ends(fords["Jeffries' Ford"])
    buff_w, buff_e = ends(bridges["Buffington's Bridge"])
    pyle_w, pyle_e = ends(bridges["Pyle's Bridge"])
    places = {
        "Kennett Square": (10, 64), "Welch's Tavern": (34, 60), "Chadds Ford": (chadds_e[0] + 3, 57),
        "Dilworth": (96, 54), "Birmingham": (88, 24), "Sconnelltown": (72, 26), "Marlborough": (28, 12),
        "Trimble's": (trimble_w[0] - 2, 4), "Jefferis": (jeffries_e[0] + 3, 6), "Village Green": (112, 18),
        "Pyle's Mill": (pyle_e[0] + 4, 72), "Street Road": (44, 44),
    }
    P = places
    layouts = [
        # Great Road (Nottingham Road) from Kennett Square over Chadds Ford to Dilworth and out east
        [(0, 65), P["Kennett Square"], P["Welch's Tavern"], chadds_w, chadds_e, P["Chadds Ford"], P["Dilworth"], (119, 50)],
        # the flank march: Welch's Tavern north by Street Road and Marlborough to Trimble's and Jeffries' fords
        [P["Welch's Tavern"], P["Street Road"], (38, 26), P["Marlborough"], P["Trimble's"], trimble_w, trimble_e,
         (56, 3), (66, 6), jeffries_w, jeffries_e, P["Jefferis"]],
        # from Jefferis south over Osborne's Hill to Birmingham meeting house and Dilworth
        [P["Jefferis"], (80, 19), P["Birmingham"], (92, 38), P["Dilworth"]],
        # Birmingham to Sconnelltown, Buffington's Bridge and the west bank
        [P["Birmingham"], P["Sconnelltown"], buff_e, buff_w, (48, 26), (38, 26)],
        # the river road on the east bank, ford to ford
        [P["Chadds Ford"], brinton_e, (74, 38), wistar_e, P["Sconnelltown"]],
        # Brinton's and Wistar's fords to the west bank roads
        [brinton_e, brinton_w, P["Street Road"]],
        [wistar_e, wistar_w, (52, 33), P["Street Road"]],
        # south: Chadds Ford down the east bank to Pyle's Bridge and back to Kennett Square
        [P["Chadds Ford"], (72, 66), P["Pyle's Mill"], pyle_e, pyle_w, (40, 72), P["Kennett Square"]],
        # north-east: Birmingham to the Village Green and out
        [P["Birmingham"], P["Village Green"], (119, 14)],
        # north-west: Marlborough out to the west edge
        [P["Marlborough"], (0, 10)],
        [P["Dilworth"], (104, 79)],
    ]
    for waypoints in layouts:
        net.route(cost, waypoints)

    tmx = TmxMap(cols, rows, tile, tile, [("units_per_tile", "float", "1"), ("ruleset", None, "modern-4e"),
                                           ("title", None, "Brandywine, 11 September 1777")])
    first_terrain = tmx.add_tileset("terrain-square")
    first_roads = tmx.add_tileset("roads-square")
    first_structures = tmx.add_tileset("structures")
    kinds = tileset_ids("structures")  # kind -> first tile with that kind (bridge = east-west)
    tmx.tile_layer("terrain", terrain_gids(land.names, terrain_ids, first_terrain))
    road = road_gids(net, land.names, first_roads)
    # The bridges carry the road over the water: road tiles there, and the bridge structures below.
    tmx.tile_layer("roads", road)

    structures: list[MapObject] = []
    for name, cells in bridges.items():
        (c0, r), (c1, _) = cells[0], cells[-1]
        n = c1 - c0 + 1
        structures.append(structure_tile(name, first_structures + kinds["bridge"], (c0 + c1 + 1) / 2, r + 0.5, n, 1,
                                         tile, tile, [("health", "int", "6")]))
    villages = [("Kennett Square", 2.5), ("Chadds Ford", 2), ("Dilworth", 2), ("Birmingham", 1.5),
                ("Sconnelltown", 1.5), ("Marlborough", 1.5), ("Jefferis", 1.2), ("Village Green", 1.5),
                ("Welch's Tavern", 1.0)]
    for name, size in villages:
        c, r = P[name]
        structures.append(structure_tile(name, first_structures + kinds["settlement"], c + 0.5, r - 1.0, size, size,
                                         tile, tile))
    buildings = [("Birmingham Meeting House", P["Birmingham"][0] + 2.5, P["Birmingham"][1] + 2.5),
                 ("Pyle's Mill", P["Pyle's Mill"][0] + 0.5, P["Pyle's Mill"][1] - 1.2),
                 ("Ring House", 99.5, 50.5), ("Gilpin House", 92.5, 58.5), ("Trimble's Farm", P["Trimble's"][0] - 1.5, 7.5)]
    for name, cx, cy in buildings:
        structures.append(structure_tile(name, first_structures + kinds["building"], cx, cy, 1, 1, tile, tile))
    tmx.object_layer("structures", structures, "#7a4a1e")

    zones = [
        zone_rect("Crown deployment", 0, 56, 22, 78, tile, [("side", None, "Crown")]),
        zone_rect("Rebel deployment", 70, 46, 98, 68, tile, [("side", None, "Rebel")]),
        zone_polygon("Birmingham Hill", [(83, 27), (92, 25), (97, 31), (93, 37), (85, 36)], tile, tile,
                     [("objective", "bool", "true")]),
        zone_rect("Chadds Ford", chadds_w[0] - 2, 54, chadds_e[0] + 5, 61, tile, [("objective", "bool", "true")]),
        zone_rect("Dilworth", 92, 50, 100, 58, tile, [("objective", "bool", "true")]),
        zone_polygon("Osborne's Hill", [(76, 13), (86, 12), (87, 19), (77, 20)], tile, tile),
    ]
    tmx.object_layer("zones", zones, "#c81e8c")
    tmx.object_layer("units", [], "#303030")
    tmx.write(HERE / "brandywine.tmx")


# ---- Coast ----------------------------------------------------------------------------------------------

def coast() -> None:
    cols, rows, tile = 100, 70, 32
    rng = random.Random(1916)
    grid = Grid(cols, rows)
    land = Land(grid)
    terrain_ids = tileset_ids("terrain-square")
    land.names[:] = "water"

    # The mainland fills the east and north-east; its coast is a polygon roughened per cell.
    coastline = [(58, -1), (56, 8), (62, 14), (60, 22), (66, 28), (64, 36), (70, 42), (67, 50), (74, 56),
                 (72, 64), (78, 71), (101, 71), (101, -1)]
    coastline = meander(coastline[:-2], rng, 1.8, 1.5) + coastline[-2:]
    mainland = grid.polygon(coastline)
    land.paint(mainland, "plains")
    # The harbour: a bay cut into the coast with a narrow mouth.
    harbour = grid.blob(72, 33, 6, 4.5, rng, rough=0.15) | grid.band([(63, 34), (68, 33)], 3.2)
    land.paint(harbour, "water")
    # Islands: Great Island with hills, a wood and a port; three islets; a reef chain.
    great = grid.blob(26, 38, 11, 7, rng, rough=0.3)
    land.paint(great, "plains")
    land.paint(grid.blob(22, 36, 5, 3, rng) & great, "hills")
    land.paint(grid.blob(31, 41, 4, 2.5, rng) & great, "forest")
    land.paint(grid.blob(19, 41, 3, 2, rng) & great, "swamp")
    for cx, cy, rx, ry in ((12, 14, 3, 2), (40, 18, 2.5, 2), (44, 56, 4, 3)):
        land.paint(grid.blob(cx, cy, rx, ry, rng), "plains")
    land.paint(grid.blob(44, 56, 2, 1.5, rng), "forest")
    for cx, cy in ((8, 58), (11, 60), (14, 61)):
        land.paint(grid.blob(cx, cy, 1.2, 1.0, rng), "desert")
    # The mainland: mountains inland, hills and woods, dunes along the southern beach, a river to the harbour.
    land.paint(grid.blob(92, 14, 7, 12, rng) & mainland, "mountains")
    land.paint(grid.blob(84, 24, 5, 4, rng) & mainland, "hills")
    land.paint(grid.blob(86, 46, 6, 5, rng) & mainland, "forest")
    land.paint(grid.blob(80, 8, 5, 4, rng) & mainland, "forest")
    land.paint(grid.blob(90, 60, 5, 4, rng) & mainland, "forest-hills")
    beach = grid.band([(72, 60), (78, 70)], 2.4) & mainland
    land.paint(beach, "desert", over=("plains",))
    river = meander([(90, 30), (84, 32), (77, 33)], rng, 0.8)
    land.paint(grid.band(river, 1.6), "water")
    ford = [(c, 31) for c in range(80, 92) if land.names[31, c] == "water"][:1]

    net = RoadNet(cols, rows)
    bridge_cells = [(c, r) for c, r in [(84, 30), (84, 31), (84, 32), (84, 33), (84, 34)] if land.names[r, c] == "water"]
    cost = road_cost(land.names, bridge_cells + ford)
    places = {"Port Royal": (78, 30), "Eastport": (79, 38), "Northhaven": (63, 9), "Mainland airfield": (80, 52),
              "Fort Point": (70, 44), "Great Island port": (33, 36), "Island airfield": (24, 40)}
    P = {name: nearest_land(land.names, cell) for name, cell in places.items()}
    for a, b in (("Port Royal", "Eastport"), ("Port Royal", "Northhaven"), ("Eastport", "Fort Point"),
                 ("Fort Point", "Mainland airfield"), ("Eastport", "Mainland airfield")):
        waypoints = [P[a], P[b]]
        if {a, b} == {"Port Royal", "Eastport"}:
            waypoints = [P[a], (86, 31), (86, 36), P[b]]  # round the head of the harbour, over the bridge
        net.route(cost, waypoints)
    net.route(cost, [P["Mainland airfield"], (99, 62)])
    net.route(cost, [P["Island airfield"], P["Great Island port"]])

    tmx = TmxMap(cols, rows, tile, tile, [("units_per_tile", "float", "1"), ("ruleset", None, "modern-4e"),
                                           ("title", None, "The coast: a harbour, an island and the sea lanes")])
    first_terrain = tmx.add_tileset("terrain-square")
    first_roads = tmx.add_tileset("roads-square")
    first_structures = tmx.add_tileset("structures")
    kinds = tileset_ids("structures")
    tmx.tile_layer("terrain", terrain_gids(land.names, terrain_ids, first_terrain))
    tmx.tile_layer("roads", road_gids(net, land.names, first_roads))
    st = first_structures
    road_water = [(c, r) for r in range(rows) for c in range(cols) if net.mask[r, c] and land.names[r, c] == "water"]
    structures = [
        structure_tile("Port Royal", st + kinds["port"], 75.5, 30.5, 2, 2, tile, tile, [("capacity", "int", "8")]),
        structure_tile("Eastport", st + kinds["port"], 76.5, 38.0, 2, 2, tile, tile),
        structure_tile("Northhaven", st + kinds["port"], 60.5, 9.5, 2, 2, tile, tile),
        structure_tile("Great Island port", st + kinds["port"], 35.5, 34.5, 2, 2, tile, tile),
        # an airfield's side: only that side's planes land there (RULINGS.md 2026-11, "its own side's airfield")
        structure_tile("Mainland airfield", st + kinds["airfield"], 81.5, 52.5, 3, 3, tile, tile,
                       [("side", "string", "Red")]),
        structure_tile("Island airfield", st + kinds["airfield"], 24.5, 40.0, 3, 3, tile, tile,
                       [("side", "string", "Blue")]),
        structure_tile("Fort Point", st + kinds["fortification"], P["Fort Point"][0] + 0.5, P["Fort Point"][1] + 0.5, 2, 2, tile, tile),
        structure_tile("Port Royal town", st + kinds["settlement"], 80.5, 28.0, 2, 2, tile, tile),
        structure_tile("Northhaven town", st + kinds["settlement"], 64.0, 12.0, 1.5, 1.5, tile, tile),
    ]
    for c, r in road_water:
        structures.append(structure_tile("River bridge", st + kinds["bridge"], c + 0.5, r + 0.5, 1, 1, tile, tile))
    tmx.object_layer("structures", structures, "#7a4a1e")
    zones = [
        zone_rect("Blue fleet deployment", 2, 2, 24, 26, tile, [("side", None, "Blue")]),
        zone_rect("Red fleet deployment", 30, 60, 64, 69, tile, [("side", None, "Red")]),
        zone_polygon("Harbour", [(62, 29), (70, 27), (79, 29), (79, 37), (70, 39), (62, 37)], tile, tile,
                     [("objective", "bool", "true")]),
        zone_polygon("Great Island", [(14, 31), (38, 30), (38, 46), (14, 46)], tile, tile, [("objective", "bool", "true")]),
        zone_rect("Northern sea lane", 26, 2, 54, 12, tile),
    ]
    tmx.object_layer("zones", zones, "#c81e8c")
    tmx.object_layer("units", [], "#303030")
    tmx.write(HERE / "coast.tmx")


# ---- Hex valley -----------------------------------------------------------------------------------------

def hex_valley() -> None:
    cols, rows, tw, th, side = 40, 30, 56, 64, 32
    rng = random.Random(1866)
    grid = Grid(cols, rows, hex_odd=True)
    land = Land(grid)
    ids = tileset_ids("terrain-hex")
    # y in grid units: row r sits at about 0.857 r; the valley floor runs west to east around y 12.
    land.paint(grid.band([(-1, 2), (14, 3.5), (26, 1.5), (41, 3)], 7.0), "mountains")
    land.paint(grid.band([(-1, 23.5), (16, 25), (30, 22.5), (41, 24.5)], 6.0), "mountains")
    land.paint(grid.band([(-1, 6.5), (14, 8), (26, 6), (41, 7.5)], 3.5), "forest-hills", over=("plains",))
    land.paint(grid.band([(-1, 19.5), (16, 21), (30, 18.5), (41, 20)], 3.0), "hills", over=("plains",))
    for cx, cy, rx, ry in ((8, 18, 3, 2), (24, 19.5, 4, 1.8), (33, 8, 3, 2)):
        land.paint(grid.blob(cx, cy, rx, ry, rng), "forest", over=("plains", "hills"))
    land.paint(grid.blob(30, 14.5, 2.5, 1.3, rng), "swamp", over=("plains",))
    river = meander([(-1, 11), (12, 13), (22, 11.5), (41, 13.5)], rng, 0.6, 1.0)
    land.paint(grid.trace(river), "water")

    # One ford in the west, one bridge in the east; the valley road crosses at both.
    def water_cells_in_column(c: int) -> list[Cell]:
        return [(c, r) for r in range(rows) if land.names[r, c] == "water"]

    ford = water_cells_in_column(9)
    bridge = water_cells_in_column(29)
    for c, r in ford:
        land.names[r, c] = "ford"
    net = RoadNet(cols, rows, hex=True)
    cost = road_cost(land.names, ford + bridge)
    north_w, south_w = (9, ford[0][1] - 1), (9, ford[-1][1] + 1)
    north_e, south_e = (29, bridge[0][1] - 1), (29, bridge[-1][1] + 1)
    towns = {"Altdorf": (4, 9), "Mittelbach": (18, 10), "Oberhof": (36, 10), "Unterau": (14, 16), "Kreuzweg": (33, 16)}
    T = towns
    net.route(cost, [(0, 9), T["Altdorf"], T["Mittelbach"], T["Oberhof"], (39, 10)])
    net.route(cost, [(0, 16), T["Unterau"], T["Kreuzweg"], (39, 16)])
    net.route(cost, [T["Altdorf"], north_w, *ford, south_w, T["Unterau"]])
    net.route(cost, [T["Oberhof"], north_e, *bridge, south_e, T["Kreuzweg"]])
    net.route(cost, [T["Mittelbach"], (20, 4), (21, 0)])  # the pass road north

    tmx = TmxMap(cols, rows, tw, th, [("units_per_tile", "float", "1"), ("ruleset", None, "modern-4e"),
                                       ("title", None, "A hex valley between two ranges")], hex_side=side)
    first_terrain = tmx.add_tileset("terrain-hex")
    first_roads = tmx.add_tileset("roads-hex")
    first_structures = tmx.add_tileset("structures")
    kinds = tileset_ids("structures")
    tmx.tile_layer("terrain", terrain_gids(land.names, ids, first_terrain))
    tmx.tile_layer("roads", road_gids(net, land.names, first_roads))

    def centre(c: int, r: int) -> tuple[float, float]:
        return c * tw + tw / 2 + (tw / 2 if r % 2 else 0), r * 48 + th / 2

    structures = []
    for name, (c, r) in towns.items():
        x, y = centre(c, r)
        structures.append(MapObject(name, "", x - 24, y + 24, 48, 48, "tile", gid=first_structures + kinds["settlement"]))
    for c, r in bridge:
        x, y = centre(c, r)
        structures.append(MapObject("Valley bridge", "", x - 20, y + 20, 40, 40, "tile",
                                    gid=first_structures + kinds["bridge-ns"] if "bridge-ns" in kinds else first_structures + kinds["bridge"] + 1))
    tmx.object_layer("structures", structures, "#7a4a1e")
    px_w = cols * tw + tw / 2
    zones = [
        MapObject("West deployment", "zone", 0, 5 * 48, 7 * tw, 14 * 48, properties=[("side", None, "West")]),
        MapObject("East deployment", "zone", px_w - 7 * tw, 5 * 48, 7 * tw, 14 * 48, properties=[("side", None, "East")]),
        MapObject("Mittelbach", "zone", centre(*T["Mittelbach"])[0] - 90, centre(*T["Mittelbach"])[1] - 70, 180, 140,
                  "ellipse", properties=[("objective", "bool", "true")]),
        MapObject("The pass", "zone", centre(20, 2)[0] - 80, 0, 160, 4 * 48, properties=[("objective", "bool", "true")]),
    ]
    tmx.object_layer("zones", zones, "#c81e8c")
    tmx.object_layer("units", [], "#303030")
    tmx.write(HERE / "hex-valley.tmx")


def write_project() -> None:
    """``kriegsspiel.tiled-project``: the rule set's terrains, unit types and structure kinds as drop-downs,
    and the classes ``unit``, ``structure``, ``zone``, ``province`` (objects) and ``TerrainTile`` (tiles) with their
    members."""
    import json
    import sys

    sys.path.insert(0, str(ROOT))
    from kriegsspiel.rulesets import load_ruleset

    ruleset = load_ruleset("modern-4e")

    def enum(type_id: int, name: str, values: list[str]) -> dict:
        return {"id": type_id, "name": name, "storageType": "string", "type": "enum", "values": values,
                "valuesAsFlags": False}

    def member(name: str, kind: str, value: object, property_type: str | None = None) -> dict:
        out = {"name": name, "type": kind, "value": value}
        if property_type:
            out["propertyType"] = property_type
        return out

    def cls(type_id: int, name: str, colour: str, use_as: list[str], members: list[dict]) -> dict:
        return {"color": colour, "drawFill": True, "id": type_id, "members": members, "name": name, "type": "class",
                "useAs": use_as}

    project = {
        "automappingRulesFile": "",
        "commands": [],
        "compatibilityVersion": 1100,
        "extensionsPath": "extensions",
        "folders": [".", "../assets"],
        "properties": [],
        "propertyTypes": [
            enum(1, "Terrain", list(ruleset.terrain)),
            enum(2, "UnitType", list(ruleset.unit_types)),
            enum(3, "StructureKind", list(ruleset.structures)),
            cls(4, "TerrainTile", "#ff8fbf5a", ["tile"], [
                member("terrain", "string", "plains", "Terrain"),
                member("elevation", "int", 0),
                member("blocks_sight", "bool", False),
            ]),
            cls(5, "unit", "#ff3050c0", ["object"], [
                member("side", "string", ""),
                member("unit_type", "string", "infantry", "UnitType"),
                member("heading", "float", 0),
                member("health", "int", 0),
                member("hidden", "bool", False),
            ]),
            cls(6, "structure", "#ff7a4a1e", ["object", "tile"], [
                member("kind", "string", "settlement", "StructureKind"),
                member("health", "int", 0),
                member("side", "string", ""),  # an airfield's side (empty: any side's planes land there)
            ]),
            cls(7, "zone", "#ffc81e8c", ["object"], [
                member("side", "string", ""),
                member("objective", "bool", False),
            ]),
            # A province of an area game's map (docs/authoring.md). Tiled does not write a member left at its
            # default into the map, so every default here is what the reader takes for a missing property:
            # hence kind is a plain string (the reader names its values when it is missing), not a drop-down.
            cls(8, "province", "#ff6c8ebf", ["object"], [
                member("abbreviation", "string", ""),
                member("kind", "string", ""),
                member("supply_centre", "bool", False),
                member("home", "string", ""),
                member("army", "string", ""),
                member("fleet", "string", ""),
                member("coasts", "string", ""),
            ]),
        ],
    }
    (HERE / "kriegsspiel.tiled-project").write_text(json.dumps(project, indent=4) + "\n", encoding="utf-8")


def main() -> None:
    brandywine()
    coast()
    hex_valley()
    write_project()
    print("wrote brandywine.tmx, coast.tmx, hex-valley.tmx and kriegsspiel.tiled-project in", HERE)


if __name__ == "__main__":
    main()
