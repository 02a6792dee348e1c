"""Generate the shipped Tiled tilesets (PNG + external .tsx) so that they can be restyled in one place.

Run ``python tools/make_tilesets.py``. It writes, in ``kriegsspiel/data/assets/``:

- ``terrain-square.png/.tsx``: one 32x32 tile per terrain of the rule set (property ``terrain``).
- ``roads-square.png/.tsx``: 256 transparent road tiles, one per set of directions (N, NE, E, SE, S, SW, W,
  NW = bits 0..7 of the tile id), property ``terrain`` = road, for the ``roads`` layer. The 16 tiles without
  diagonals form a Tiled edge Wang set "Roads", so roads can be painted with the Terrain brush.
- ``terrain-hex.png/.tsx``: the same terrains as pointy-topped hexes of 56x64 pixels (hex side 32).
- ``roads-hex.png/.tsx``: 64 hex road tiles (E, SE, SW, W, NW, NE = bits 0..5 of the tile id).
- ``structures.png/.tsx``: settlement, building, bridge (east-west, north-south), fortification, port and
  airfield, each a tile of class ``structure`` with its ``kind``: drop them on the ``structures`` layer as
  tile objects and they carry their kind with them.

Colours are strong and textures simple (tree dots, hill hachures, swamp dashes, waves) so that a map reads
well on a projector. Everything is drawn with pygame, headless.
"""
from __future__ import annotations

import math
import os
import random
import sys
from collections.abc import Callable
from pathlib import Path
from xml.sax.saxutils import quoteattr

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]  # the repository (this script is a developer's tool, not shipped)
HERE = ROOT / "kriegsspiel" / "data" / "assets"  # where the tilesets are written
SQUARE = 32
HEX_W, HEX_H, HEX_SIDE = 56, 64, 32
TILED_VERSION = ("1.10", "1.10.2")

Colour = tuple[int, int, int]

#: Base colour and mark colour of every terrain; terrains not listed get a neutral style with their initial.
STYLE: dict[str, tuple[Colour, Colour]] = {
    "plains": ((196, 222, 138), (150, 186, 92)),
    "forest": ((46, 122, 50), (24, 78, 30)),
    "hills": ((222, 190, 118), (142, 98, 46)),
    "forest-hills": ((112, 146, 58), (70, 92, 30)),
    "swamp": ((132, 176, 156), (40, 92, 110)),
    "desert": ((244, 224, 160), (206, 160, 80)),
    "mountains": ((158, 142, 128), (70, 60, 56)),
    "water": ((52, 118, 206), (150, 196, 240)),
    "road": ((204, 168, 112), (130, 88, 44)),
    "ford": ((132, 190, 236), (120, 84, 50)),
}
ROAD_FILL = (150, 96, 44)
ROAD_EDGE = (92, 58, 26)


def terrain_ids() -> list[str]:
    """The terrains of the shipped rule set, in its order (the drop-down order in Tiled)."""
    sys.path.insert(0, str(ROOT))
    from kriegsspiel.rulesets import load_ruleset

    return list(load_ruleset("modern-4e").terrain)


# ---- texture marks ------------------------------------------------------------------------------------

def _tree(s: pygame.Surface, x: float, y: float, r: float, dark: Colour, base: Colour) -> None:
    pygame.draw.circle(s, dark, (x, y + 1), r + 1)
    light = tuple(min(255, c + 40) for c in base)
    pygame.draw.circle(s, light, (x - 1, y - 1), r)
    pygame.draw.circle(s, dark, (x - 1, y - 1), r, 1)


def _hachure(s: pygame.Surface, x: float, y: float, w: float, colour: Colour) -> None:
    """A hill sign: an arc with short strokes falling away from it, as on old military maps."""
    rect = pygame.Rect(0, 0, w, w * 0.7)
    rect.center = (round(x), round(y))
    pygame.draw.arc(s, colour, rect, math.radians(15), math.radians(165), 2)
    for a in range(25, 160, 22):
        t = math.radians(a)
        px = rect.centerx + math.cos(t) * rect.width / 2
        py = rect.centery - math.sin(t) * rect.height / 2
        pygame.draw.line(s, colour, (px, py), (px + math.cos(t) * 4, py - math.sin(t) * 4 + 5), 1)


def draw_terrain(s: pygame.Surface, terrain: str, rng: random.Random) -> None:
    """Fill ``s`` (any size) with the texture of ``terrain``."""
    w, h = s.get_size()
    base, mark = STYLE.get(terrain, ((170, 170, 170), (60, 60, 60)))
    s.fill(base)
    if terrain == "plains":
        for _ in range(int(w * h / 110)):
            x, y = rng.uniform(3, w - 3), rng.uniform(3, h - 3)
            pygame.draw.line(s, mark, (x, y), (x + 1, y - 3), 1)
            pygame.draw.line(s, mark, (x + 2, y), (x + 3, y - 2), 1)
    elif terrain in ("forest", "forest-hills"):
        if terrain == "forest-hills":
            _hachure(s, w * 0.5, h * 0.62, w * 0.7, (150, 110, 50))
        spots = [(0.27, 0.28), (0.72, 0.25), (0.5, 0.52), (0.22, 0.76), (0.76, 0.74)]
        for fx, fy in spots:
            r = min(w, h) * rng.uniform(0.11, 0.14)
            _tree(s, w * fx + rng.uniform(-1.5, 1.5), h * fy + rng.uniform(-1.5, 1.5), r, mark, base)
    elif terrain == "hills":
        _hachure(s, w * 0.5, h * 0.42, w * 0.62, mark)
        _hachure(s, w * 0.25, h * 0.8, w * 0.36, mark)
        _hachure(s, w * 0.76, h * 0.8, w * 0.36, mark)
    elif terrain == "swamp":
        for row, fy in enumerate((0.22, 0.47, 0.72, 0.94)):
            for fx in ((0.12, 0.55) if row % 2 == 0 else (0.32, 0.78)):
                x, y = w * fx, h * fy - 2
                pygame.draw.line(s, mark, (x, y), (x + w * 0.22, y), 2)
                pygame.draw.line(s, (50, 110, 60), (x + w * 0.11, y - 1), (x + w * 0.08, y - 6), 1)
                pygame.draw.line(s, (50, 110, 60), (x + w * 0.11, y - 1), (x + w * 0.14, y - 6), 1)
    elif terrain == "desert":
        for fx, fy in ((0.3, 0.35), (0.72, 0.78)):
            rect = pygame.Rect(0, 0, w * 0.5, h * 0.3)
            rect.center = (round(w * fx), round(h * fy))
            pygame.draw.arc(s, mark, rect, math.radians(20), math.radians(160), 2)
        for _ in range(int(w * h / 70)):
            pygame.draw.circle(s, mark, (rng.uniform(2, w - 2), rng.uniform(2, h - 2)), 1)
    elif terrain == "mountains":
        for fx, fy, size in ((0.32, 0.55, 0.42), (0.7, 0.72, 0.34)):
            cx, cy, half = w * fx, h * fy, w * size / 2
            peak = (cx, cy - half * 1.25)
            pygame.draw.polygon(s, (120, 106, 96), [(cx - half, cy + half * 0.6), peak, (cx + half, cy + half * 0.6)])
            pygame.draw.polygon(s, (245, 245, 250), [peak, (cx - half * 0.35, cy - half * 0.7), (cx + half * 0.35, cy - half * 0.7)])
            pygame.draw.lines(s, mark, False, [(cx - half, cy + half * 0.6), peak, (cx + half, cy + half * 0.6)], 2)
    elif terrain == "water":
        for fy in (0.2, 0.5, 0.8):
            y = h * fy
            pts = [(x, y + math.sin(x / w * 2 * math.pi * 1.5 + fy * 9) * 2) for x in range(0, w + 1, 2)]
            pygame.draw.lines(s, mark, False, pts, 1)
    elif terrain == "ford":
        for fy in (0.2, 0.8):
            y = h * fy
            pts = [(x, y + math.sin(x / w * 2 * math.pi * 1.5) * 1.5) for x in range(0, w + 1, 2)]
            pygame.draw.lines(s, (200, 228, 250), False, pts, 1)
        for i in range(4):  # stepping stones across
            x = w * (0.18 + 0.22 * i)
            pygame.draw.ellipse(s, mark, pygame.Rect(x - 3, h * 0.5 - 2 + (i % 2) * 2, 7, 5))
    elif terrain == "road":
        pygame.draw.rect(s, mark, pygame.Rect(0, 0, w, h), 1)
        for _ in range(int(w * h / 60)):
            pygame.draw.circle(s, mark, (rng.uniform(2, w - 2), rng.uniform(2, h - 2)), 0.7)
    else:
        pygame.font.init()
        label = pygame.font.Font(None, h // 2).render(terrain[:2], True, mark)
        s.blit(label, label.get_rect(center=(w // 2, h // 2)))


# ---- roads --------------------------------------------------------------------------------------------

SQUARE_DIRECTIONS = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)]  # N NE E SE S SW W NW
HEX_DIRECTIONS_DEG = [0, 60, 120, 180, 240, 300]  # E SE SW W NW NE, clockwise from east (y down)


def draw_road(s: pygame.Surface, ends: list[tuple[float, float]], width: float) -> None:
    """A road from the tile's centre to each of ``ends``; a lone crossing dot when there are none."""
    w, h = s.get_size()
    centre = (w / 2, h / 2)
    for colour, wd in ((ROAD_EDGE, width + 2), (ROAD_FILL, width)):
        pygame.draw.circle(s, colour, centre, wd / 2)
        for end in ends:
            pygame.draw.line(s, colour, centre, end, round(wd))
            pygame.draw.circle(s, colour, end, wd / 2 - 0.5) if 0 < end[0] < w and 0 < end[1] < h else None


def square_road(mask: int) -> pygame.Surface:
    s = pygame.Surface((SQUARE, SQUARE), pygame.SRCALPHA)
    ends = []
    for bit, (dx, dy) in enumerate(SQUARE_DIRECTIONS):
        if mask & (1 << bit):
            ends.append((SQUARE / 2 + dx * SQUARE / 2, SQUARE / 2 + dy * SQUARE / 2))
    draw_road(s, ends, 6)
    return s


def hex_road(mask: int) -> pygame.Surface:
    s = pygame.Surface((HEX_W, HEX_H), pygame.SRCALPHA)
    # Pointy-topped hexes: neighbours lie across the six edges, whose midpoints are at these bearings.
    ends = []
    apothem = HEX_W / 2
    for bit, deg in enumerate(HEX_DIRECTIONS_DEG):
        if mask & (1 << bit):
            t = math.radians(deg)
            ends.append((HEX_W / 2 + math.cos(t) * apothem, HEX_H / 2 + math.sin(t) * apothem))
    draw_road(s, ends, 8)
    return s


def hex_mask() -> pygame.Surface:
    m = pygame.Surface((HEX_W, HEX_H), pygame.SRCALPHA)
    soy = (HEX_H - HEX_SIDE) // 2
    pts = [(HEX_W / 2, 0), (HEX_W, soy), (HEX_W, HEX_H - soy), (HEX_W / 2, HEX_H), (0, HEX_H - soy), (0, soy)]
    pygame.draw.polygon(m, (255, 255, 255, 255), pts)
    return m


def hex_terrain(terrain: str, rng: random.Random) -> pygame.Surface:
    tile = pygame.Surface((HEX_W, HEX_H), pygame.SRCALPHA)
    draw_terrain(tile, terrain, rng)
    tile.blit(hex_mask(), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return tile


# ---- structures ---------------------------------------------------------------------------------------

def _house(s: pygame.Surface, x: float, y: float, size: float) -> None:
    body = pygame.Rect(0, 0, size, size * 0.7)
    body.midbottom = (round(x), round(y))
    pygame.draw.rect(s, (236, 226, 206), body)
    pygame.draw.rect(s, (60, 40, 30), body, 1)
    roof = [(body.left - 2, body.top), (body.centerx, body.top - size * 0.55), (body.right + 2, body.top)]
    pygame.draw.polygon(s, (196, 52, 40), roof)
    pygame.draw.polygon(s, (90, 24, 18), roof, 1)


def structure_tile(kind: str) -> pygame.Surface:
    s = pygame.Surface((SQUARE, SQUARE), pygame.SRCALPHA)
    if kind == "settlement":
        pygame.draw.circle(s, (230, 210, 180, 170), (16, 16), 15)
        for x, y, size in ((9, 15, 9), (21, 13, 10), (12, 27, 9), (24, 27, 8)):
            _house(s, x, y, size)
    elif kind == "building":
        _house(s, 16, 27, 18)
    elif kind in ("bridge", "bridge-ns"):
        deck = pygame.Surface((SQUARE, SQUARE), pygame.SRCALPHA)
        pygame.draw.rect(deck, (120, 80, 44), pygame.Rect(0, 10, 32, 12))
        for x in range(2, 32, 5):
            pygame.draw.line(deck, (80, 50, 24), (x, 10), (x, 21), 1)
        pygame.draw.line(deck, (40, 30, 20), (0, 9), (31, 9), 2)
        pygame.draw.line(deck, (40, 30, 20), (0, 22), (31, 22), 2)
        s = deck if kind == "bridge" else pygame.transform.rotate(deck, 90)
    elif kind == "fortification":
        star = []
        for i in range(10):
            r = 14 if i % 2 == 0 else 8
            t = math.radians(i * 36 - 90)
            star.append((16 + math.cos(t) * r, 16 + math.sin(t) * r))
        pygame.draw.polygon(s, (90, 90, 96), star)
        pygame.draw.polygon(s, (20, 20, 24), star, 2)
    elif kind == "port":
        pygame.draw.circle(s, (250, 250, 250), (16, 16), 15)
        pygame.draw.circle(s, (20, 40, 90), (16, 16), 15, 2)
        c = (20, 40, 90)
        pygame.draw.circle(s, c, (16, 8), 3, 2)
        pygame.draw.line(s, c, (16, 11), (16, 26), 2)
        pygame.draw.line(s, c, (11, 14), (21, 14), 2)
        pygame.draw.arc(s, c, pygame.Rect(8, 14, 16, 13), math.radians(180), math.radians(360), 2)
    elif kind == "airfield":
        pygame.draw.circle(s, (250, 250, 250, 220), (16, 16), 15)
        runway = pygame.Surface((28, 8), pygame.SRCALPHA)
        runway.fill((70, 70, 76))
        for x in range(3, 26, 6):
            pygame.draw.line(runway, (250, 250, 250), (x, 4), (x + 3, 4), 1)
        s.blit(pygame.transform.rotate(runway, 35), (1, 6))
        pygame.draw.circle(s, (40, 40, 46), (16, 16), 15, 2)
    elif kind == "road":
        pygame.draw.rect(s, ROAD_EDGE, pygame.Rect(0, 12, 32, 8))
        pygame.draw.rect(s, ROAD_FILL, pygame.Rect(0, 13, 32, 6))
    return s


STRUCTURES = [
    ("settlement", "settlement"),
    ("building", "building"),
    ("bridge", "bridge"),
    ("bridge-ns", "bridge"),
    ("fortification", "fortification"),
    ("port", "port"),
    ("airfield", "airfield"),
    ("road", "road"),
]


# ---- sheets and .tsx ----------------------------------------------------------------------------------

def sheet(tiles: list[pygame.Surface], columns: int) -> pygame.Surface:
    tw, th = tiles[0].get_size()
    rows = math.ceil(len(tiles) / columns)
    out = pygame.Surface((tw * columns, th * rows), pygame.SRCALPHA)
    for i, tile in enumerate(tiles):
        out.blit(tile, ((i % columns) * tw, (i // columns) * th))
    return out


def write_tileset(
    name: str,
    tiles: list[pygame.Surface],
    columns: int,
    tile_xml: Callable[[int], str],
    extra: str = "",
) -> None:
    """Write ``name``.png and ``name``.tsx as Tiled 1.10 writes an external tileset."""
    image = sheet(tiles, columns)
    pygame.image.save(image, str(HERE / f"{name}.png"))
    tw, th = tiles[0].get_size()
    body = "".join(tile_xml(i) for i in range(len(tiles)))
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<tileset version="{TILED_VERSION[0]}" tiledversion="{TILED_VERSION[1]}" name="{name}" '
        f'tilewidth="{tw}" tileheight="{th}" tilecount="{len(tiles)}" columns="{columns}">\n'
        f' <image source="{name}.png" width="{image.get_width()}" height="{image.get_height()}"/>\n'
        f"{body}{extra}</tileset>\n"
    )
    (HERE / f"{name}.tsx").write_text(text, encoding="utf-8")


def terrain_tile_xml(terrain: str, tile_id: int, tile_class: str = "TerrainTile") -> str:
    return (
        f' <tile id="{tile_id}" type="{tile_class}">\n  <properties>\n'
        f'   <property name="terrain" propertytype="Terrain" value={quoteattr(terrain)}/>\n'
        "  </properties>\n </tile>\n"
    )


def road_wangset() -> str:
    """An edge Wang set over the 16 road tiles without diagonals: paint roads with Tiled's Terrain brush."""
    lines = [' <wangsets>\n  <wangset name="Roads" type="edge" tile="5">\n',
             '   <wangcolor name="Road" color="#96602c" tile="-1" probability="1"/>\n']
    for mask in range(256):
        if mask & 0b10101010:
            continue
        wangid = ",".join("1" if mask & (1 << bit) else "0" for bit in range(8))
        lines.append(f'   <wangtile tileid="{mask}" wangid="{wangid}"/>\n')
    lines.append("  </wangset>\n </wangsets>\n")
    return "".join(lines)


def main() -> None:
    pygame.font.init()
    terrains = terrain_ids()
    rng = random.Random(1777)

    square = []
    for t in terrains:
        tile = pygame.Surface((SQUARE, SQUARE), pygame.SRCALPHA)
        draw_terrain(tile, t, rng)
        square.append(tile)
    write_tileset("terrain-square", square, len(terrains), lambda i: terrain_tile_xml(terrains[i], i))

    hexes = [hex_terrain(t, rng) for t in terrains]
    write_tileset("terrain-hex", hexes, len(terrains), lambda i: terrain_tile_xml(terrains[i], i))

    roads = [square_road(mask) for mask in range(256)]
    write_tileset("roads-square", roads, 16, lambda i: terrain_tile_xml("road", i), road_wangset())

    hex_roads = [hex_road(mask) for mask in range(64)]
    write_tileset("roads-hex", hex_roads, 8, lambda i: terrain_tile_xml("road", i))

    structures = [structure_tile(name) for name, _ in STRUCTURES]

    def structure_xml(i: int) -> str:
        name, kind = STRUCTURES[i]
        return (
            f' <tile id="{i}" type="structure">\n  <properties>\n'
            f'   <property name="kind" propertytype="StructureKind" value="{kind}"/>\n'
            "  </properties>\n </tile>\n"
        )

    write_tileset("structures", structures, len(structures), structure_xml)
    print(f"wrote {len(terrains)} terrains, 256 + 64 roads and {len(structures)} structures in {HERE}")


if __name__ == "__main__":
    main()
