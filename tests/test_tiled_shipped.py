"""The shipped maps and tilesets are TMX/TSX as Tiled writes them, and hold what the issue asks for."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest

from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.rulesets import load_ruleset
from kriegsspiel.tiled import load_battlefield

REPO = Path(__file__).resolve().parent.parent
MAPS = ["brandywine.tmx", "coast.tmx", "hex-valley.tmx"]
TILESETS = sorted((REPO / "kriegsspiel" / "data" / "assets").glob("*.tsx"))


@pytest.fixture(scope="module")
def ruleset():
    return load_ruleset("modern-4e")


@pytest.mark.parametrize("name", MAPS)
def test_maps_follow_the_tmx_format(name: str) -> None:
    root = ET.parse(REPO / "kriegsspiel" / "data" / "maps" / name).getroot()
    assert root.tag == "map" and root.get("version") == "1.10" and root.get("tiledversion")
    assert root.get("infinite") == "0"
    width, height = int(root.get("width")), int(root.get("height"))
    # tilesets: external, existing, firstgids ascending without overlap
    end = 1
    for ts in root.findall("tileset"):
        first = int(ts.get("firstgid"))
        assert first >= end
        tsx = ET.parse((REPO / "kriegsspiel" / "data" / "maps" / ts.get("source")).resolve()).getroot()
        end = first + int(tsx.get("tilecount"))
    layer_ids, object_ids = [], []
    for layer in root.iter():
        if layer.tag in ("layer", "objectgroup"):
            layer_ids.append(int(layer.get("id")))
        if layer.tag == "layer":
            data = layer.find("data")
            assert data.get("encoding") == "csv" and data.get("compression") is None
            gids = [int(g) for g in data.text.split(",")]
            assert len(gids) == width * height and all(0 <= g < end for g in gids)
        if layer.tag == "object":
            object_ids.append(int(layer.get("id")))
            gid = layer.get("gid")
            assert gid is None or 0 < int(gid) < end
    assert len(set(layer_ids)) == len(layer_ids) and max(layer_ids) < int(root.get("nextlayerid"))
    assert len(set(object_ids)) == len(object_ids) and max(object_ids) < int(root.get("nextobjectid"))


@pytest.mark.parametrize("tsx", TILESETS, ids=lambda p: p.name)
def test_tilesets_match_their_images(tsx: Path) -> None:
    root = ET.parse(tsx).getroot()
    image = root.find("image")
    surface = pygame.image.load(str(tsx.parent / image.get("source")))
    assert surface.get_size() == (int(image.get("width")), int(image.get("height")))
    tw, th, columns, count = (int(root.get(k)) for k in ("tilewidth", "tileheight", "columns", "tilecount"))
    assert columns * tw == surface.get_width() and -(-count // columns) * th == surface.get_height()


def test_terrain_tilesets_cover_every_terrain_of_the_rule_set(ruleset) -> None:
    for name in ("terrain-square.tsx", "terrain-hex.tsx"):
        root = ET.parse(REPO / "kriegsspiel" / "data" / "assets" / name).getroot()
        values = [p.get("value") for p in root.iter("property") if p.get("name") == "terrain"]
        assert values == list(ruleset.terrain), name


def test_brandywine_is_a_land_battle(ruleset) -> None:
    bf = load_battlefield(REPO / "kriegsspiel" / "data" / "maps" / "brandywine.tmx", ruleset)
    assert bf.terrain.shape == (80, 120) and bf.world_size == (120.0, 80.0)
    present = {bf.terrain_ids[t] for t in set(bf.terrain.ravel().tolist())}
    assert {"plains", "forest", "hills", "forest-hills", "water", "ford", "swamp"} <= present
    kinds = [s.kind for s in bf.structures]
    assert kinds.count("bridge") == 2 and kinds.count("settlement") >= 6 and "building" in kinds
    for name in ("Rebel deployment", "Crown deployment", "Birmingham Hill", "Chadds Ford"):
        assert bf.zone(name) is not None, name
    # every bridge carries a road over water
    for bridge in (s for s in bf.structures if s.kind == "bridge"):
        c = bridge.centre
        assert bf.terrain_at(c) == "water" and bf.road_at(c)
    # the river is continuous from the top edge to the bottom edge (water or ford), through 4-neighbours
    wet = (bf.terrain == bf.terrain_ids.index("water")) | (bf.terrain == bf.terrain_ids.index("ford"))
    assert _connected_top_to_bottom(wet)
    # the fords carry no road: units wade them at the ford's speed
    ford = bf.terrain == bf.terrain_ids.index("ford")
    assert ford.sum() >= 10 and not (ford & bf.road).any()


def _connected_top_to_bottom(mask) -> bool:
    rows, cols = mask.shape
    seen = set()
    stack = [(0, c) for c in range(cols) if mask[0, c]]
    while stack:
        r, c = stack.pop()
        if (r, c) in seen:
            continue
        seen.add((r, c))
        if r == rows - 1:
            return True
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < rows and 0 <= nc < cols and mask[nr, nc]:
                stack.append((nr, nc))
    return False


def test_coast_is_for_ships_and_aircraft(ruleset) -> None:
    bf = load_battlefield(REPO / "kriegsspiel" / "data" / "maps" / "coast.tmx", ruleset)
    assert bf.terrain.shape == (70, 100)
    water = (bf.terrain == bf.terrain_ids.index("water")).mean()
    assert 0.5 < water < 0.8
    kinds = [s.kind for s in bf.structures]
    assert kinds.count("port") >= 3 and kinds.count("airfield") == 2
    for name in ("Blue fleet deployment", "Red fleet deployment", "Harbour"):
        assert bf.zone(name) is not None
    for structure in bf.structures:  # ports and airfields stand on (or at the edge of) land
        if structure.kind == "airfield":
            assert bf.terrain_at(structure.centre) != "water", structure.name


def test_hex_valley_is_hexagonal(ruleset) -> None:
    bf = load_battlefield(REPO / "kriegsspiel" / "data" / "maps" / "hex-valley.tmx", ruleset)
    assert bf.grid.orientation == "hexagonal" and bf.terrain.shape == (30, 40)
    assert len(bf.zones) >= 3 and bf.road.sum() > 40
    assert bf.terrain_at(WorldPoint(20.0, 0.5)) == "mountains"
