"""Tiled maps -> Battlefield: terrain at given world points, roads, heights, objects, and every refusal."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.rulesets import load_ruleset
from kriegsspiel.tiled import MapError, check_map, load_battlefield, read_map

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "maps"


@pytest.fixture(scope="module")
def ruleset():
    return load_ruleset("modern-4e")


def fixture(name: str) -> str:
    return str(FIXTURES / name)


# ---- orthogonal maps, every data encoding -------------------------------------------------------------

# ortho.tmx: 4x3 tiles of 32 px, units_per_tile 2 (a tile is 2 world units). Terrain rows:
#   plains forest water hills / plains plains water plains / (no terrain) plains water road
ORTHO_POINTS = [
    ((0.5, 0.5), "plains"),
    ((2.1, 1.9), "forest"),
    ((5.99, 0.0), "water"),
    ((6.0, 0.0), "hills"),
    ((7.99, 5.99), "road"),
    ((1.0, 5.0), "plains"),  # the tile without a terrain property counts as plains
    ((8.0, 1.0), None),  # off the map
    ((-0.01, 1.0), None),
]


@pytest.mark.parametrize("name", ["ortho.tmx", "ortho-base64-none.tmx", "ortho-base64-zlib.tmx", "ortho-base64-gzip.tmx"])
def test_every_encoding_reads_the_same_terrain(ruleset, name: str) -> None:
    bf = load_battlefield(fixture(name), ruleset)
    scale = 2.0 if name == "ortho.tmx" else 1.0  # only ortho.tmx sets units_per_tile
    for (x, y), terrain in ORTHO_POINTS:
        assert bf.terrain_at(WorldPoint(x * scale / 2.0, y * scale / 2.0)) == terrain, (x, y)


def test_orthogonal_map_fills_every_field(ruleset) -> None:
    bf = load_battlefield(fixture("ortho.tmx"), ruleset)
    assert bf.source == fixture("ortho.tmx")
    assert bf.terrain_ids == tuple(ruleset.terrain)
    assert bf.terrain.dtype == np.int16 and bf.terrain.shape == (3, 4)
    assert bf.grid.orientation == "orthogonal" and bf.grid.world_per_px == 2.0 / 32
    assert bf.world_size == (8.0, 6.0)
    assert bf.grid.units_per_tile == 2.0
    # roads layer on row 1 (not over the water), the road tile of the terrain layer, the bridge over the water
    assert bf.road.astype(int).tolist() == [[0, 0, 0, 0], [1, 1, 1, 1], [0, 0, 0, 1]]
    assert bf.road_at(WorldPoint(5.0, 3.0)) and bf.terrain_at(WorldPoint(5.0, 3.0)) == "water"
    # hills tile: elevation 2 and blocks_sight from its tile properties; forest blocks sight by the rule set
    assert bf.elevation[0, 3] == 2.0 and bf.elevation[0, 0] == 0.0
    assert bf.blocks_sight.astype(int).tolist() == [[0, 1, 0, 1], [0, 0, 0, 0], [0, 0, 0, 0]]
    assert bf.properties == {"units_per_tile": 2.0}


def test_objects_become_units_structures_and_zones(ruleset) -> None:
    bf = load_battlefield(fixture("ortho.tmx"), ruleset)
    foot, guns = bf.placements
    assert (foot.name, foot.side, foot.unit_type, foot.position, foot.heading) == (
        "1st Foot", "Crown", "infantry", WorldPoint(1.0, 3.0), 90.0)  # heading 450 folds to 90
    # a tile object: Tiled's origin is its bottom-left corner; the unit stands at its centre
    assert (guns.side, guns.unit_type, guns.position, guns.health) == ("Rebel", "light-artillery", WorldPoint(3.0, 5.0), 7)
    bridge, mill = bf.structures
    assert (bridge.kind, bridge.outline[0], bridge.outline[2]) == ("bridge", WorldPoint(4.0, 2.5), WorldPoint(6.0, 3.5))
    assert (mill.kind, mill.health, mill.outline) == ("building", 5, (WorldPoint(7.0, 1.0),))
    assert [z.name for z in bf.zones] == ["Crown deployment", "Hill", "Pond"]
    assert bf.zone("Crown deployment").contains(WorldPoint(3.9, 5.9))
    assert bf.zone("Hill").contains(WorldPoint(7.9, 0.5)) and not bf.zone("Hill").contains(WorldPoint(6.5, 1.5))
    pond = bf.zone("Pond")  # an ellipse: its centre is in, its bounding box's corner is not
    assert pond.contains(WorldPoint(7.0, 5.0)) and not pond.contains(WorldPoint(6.1, 4.1))


def test_external_tileset_layers_by_role_and_stacked_terrain(ruleset) -> None:
    bf = load_battlefield(fixture("external.tmx"), ruleset)
    ids = bf.terrain_ids
    assert [[ids[t] for t in row] for row in bf.terrain.tolist()] == [["plains", "plains", "water", "plains"]] * 3
    assert bf.road.astype(int).tolist() == [[0, 0, 0, 0], [1, 1, 0, 1], [0, 0, 0, 0]]


@pytest.mark.parametrize("name", ["flips.tmx", "flips-base64.tmx"])
def test_flipped_tiles_keep_their_terrain(ruleset, name: str) -> None:
    bf = load_battlefield(fixture(name), ruleset)
    ids = bf.terrain_ids
    assert [[ids[t] for t in row] for row in bf.terrain.tolist()] == [
        ["forest"] * 4,
        ["water", "water", "water", "hills"],
    ]
    assert bf.elevation[1, 3] == 2.0


# ---- hexagonal maps: both stagger axes, both indices -------------------------------------------------

# Every hex map is 3x3 with terrain by (column, row): row 0 plains forest water, row 1 hills plains forest,
# row 2 water hills plains. Points in Tiled pixels, worked out by hand from Tiled's layout.
HEX_POINTS = {
    # pointy hexes 56x64, side 32: rows 48 px apart, odd rows pushed right by 28
    "hex-y-odd.tmx": [((28, 32), "plains"), ((50, 40), "plains"), ((56, 52), "hills"), ((30, 62), "plains"),
                      ((84, 80), "plains"), ((2, 60), None), ((160, 130), "plains"), ((190, 140), None)],
    # even rows pushed right instead
    "hex-y-even.tmx": [((56, 32), "plains"), ((28, 80), "hills"), ((2, 70), "hills"), ((2, 60), None), ((2, 20), None),
                       ((56, 58), "plains")],
    # flat hexes 64x56, side 32: columns 48 px apart, odd columns pushed down by 28
    "hex-x-odd.tmx": [((32, 28), "plains"), ((80, 56), "forest"), ((80, 20), None), ((60, 40), "forest"),
                      ((54, 40), "plains"), ((128, 28), "water")],
    "hex-x-even.tmx": [((32, 56), "plains"), ((80, 28), "forest"), ((32, 20), None), ((60, 40), "forest"),
                       ((128, 56), "water")],
}


@pytest.mark.parametrize("name", sorted(HEX_POINTS))
def test_hex_maps_read_terrain_of_the_hex_under_a_point(ruleset, name: str) -> None:
    bf = load_battlefield(fixture(name), ruleset)
    per_px = bf.grid.world_per_px
    assert bf.grid.orientation == "hexagonal" and per_px == 1.0 / bf.grid.tile_width_px
    for (px, py), terrain in HEX_POINTS[name]:
        assert bf.terrain_at(WorldPoint(px * per_px, py * per_px)) == terrain, (px, py)


def test_hex_raster_samples_the_hexes(ruleset) -> None:
    bf = load_battlefield(fixture("hex-y-odd.tmx"), ruleset)
    raster = bf.raster()
    assert raster.contains(WorldPoint(0.5, 0.5)) and not raster.contains(WorldPoint(0.01, 0.01))


# ---- findings: exact messages ----------------------------------------------------------------------

def lines(name: str, ruleset) -> list[str]:
    return [f.format() for f in check_map(fixture(name), ruleset)]


REFUSALS = {
    "infinite.tmx": ":34: layer 'terrain': the map is marked infinite but the layer holds no chunks; uncheck Map > "
    "Map Properties > Infinite (or check it again) and save",
    "zstd.tmx": ":34: layer 'terrain': the layer uses zstd compression, which cannot be read; set Tile Layer "
    "Format to CSV (or Base64 zlib or gzip) in Map > Map Properties and save",
    "isometric.tmx": ":2: the map's orientation is isometric, which the rules cannot play (movement and sight are "
    "measured on square or hexagonal cells); make an orthogonal or hexagonal map in Tiled (Map > Map Properties > "
    "Orientation, then repaint with square or hex tiles)",
    "map.tmj": ": JSON maps cannot be read; in Tiled choose File > Export As (or Save As) and save the map as a "
    ".tmx file",
    "template.tmx": ":39: object 1 in layer 'units': its template unit.tx is missing (looked for {dir}/unit.tx); "
    "put it there, or detach the template objects in Tiled (right-click > Detach) and save",
    "xml-tiles.tmx": ":34: layer 'terrain': the layer stores its tiles as XML elements, which cannot be read; "
    "set Tile Layer Format to CSV in Map > Map Properties and save",
    "broken.tmx": ":37: not well-formed XML (mismatched tag); open the file in Tiled and save it again",
    "missing-tileset.tmx": ":3: the tileset nowhere.tsx is missing (looked for {dir}/nowhere.tsx); put it "
    "there, or add it again with Map > Add External Tileset",
    "nothing-here.tmx": ": no such map file; check the path",
}


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_what_cannot_be_read_is_refused_with_what_to_do(ruleset, name: str) -> None:
    expected = fixture(name) + REFUSALS[name].format(dir=FIXTURES)
    report = read_map(fixture(name), ruleset)
    assert not report.readable and report.battlefield is None
    assert [f.format() for f in report.findings] == [expected]
    with pytest.raises(MapError) as caught:
        load_battlefield(fixture(name), ruleset)
    assert str(caught.value) == expected and caught.value.exit_code == 2


def test_tiles_without_terrain_are_named_by_tileset_and_id(ruleset) -> None:
    assert lines("ortho.tmx", ruleset) == [
        f"{fixture('ortho.tmx')}:6: warning: tileset 'fixture' tile 4 has no terrain property (1 cell); it counts "
        "as plains: select the tile in the tileset editor and set its 'terrain' property"
    ]


def test_unknown_terrain_lists_the_known_ones_and_the_closest(ruleset) -> None:
    expected = (
        f"{fixture('unknown-terrain.tmx')}:10: tileset 'fixture' tile 1 has the unknown terrain 'forrest' "
        "(closest match: 'forest'); known terrains: plains, forest, hills, forest-hills, swamp, desert, "
        "mountains, water, road, ford"
    )
    assert lines("unknown-terrain.tmx", ruleset) == [expected]
    with pytest.raises(MapError, match="unknown terrain 'forrest'"):
        load_battlefield(fixture("unknown-terrain.tmx"), ruleset)


def test_bad_objects_are_all_reported_at_once(ruleset) -> None:
    path = fixture("bad-objects.tmx")
    found = lines("bad-objects.tmx", ruleset)
    assert found[0].startswith(f"{path}:3: warning: tileset 'fixture' tile 4 has no terrain property")
    assert found[1:] == [
        f"{path}:41: object 1 ('Lost') in layer 'units' has no 'side' property; set 'side' in the object's "
        "Properties view (Tiled does not save a class's default values into the map: a value shown in grey there "
        "counts as missing)",
        f"{path}:42: warning: object 2 ('Odd') in layer 'units' has the unit_type 'infantr', not a unit type of the "
        "rule set (closest match: 'infantry'); correct it, or give it in the [unit_names] of each scenario that uses "
        f"this map (e.g. infantr = \"infantry\"); known unit types: {', '.join(ruleset.unit_types)}",
        f"{path}:46: object 4 in layer 'zones' is a zone without a name; scenarios refer to zones by name: give it one",
        f"{path}:47: object 5 ('Spot') in layer 'zones' is a point, but a zone needs an area; draw it as a rectangle, "
        "ellipse or polygon",
        f"{path}:50: object 6 ('Keep') in layer 'structures' has the unknown structure kind 'castle' (closest match: "
        "'settlement'); known kinds: settlement, building, bridge, road, fortification, port, airfield",
        f"{path}:43: warning: object 3 ('Sailor') in layer 'units' (infantry) stands on water at column 2, row 0, "
        "where it cannot move; drag it onto terrain its type can enter",
    ]
    with pytest.raises(MapError, match=r"has no 'side' property.*\(and 3 more problems; run 'kriegsspiel check "):
        load_battlefield(path, ruleset)


def test_a_map_without_terrain_layer_takes_terrain_from_its_tiles_properties(ruleset) -> None:
    # the layer is called 'ground', but its tiles say 'terrain' = plains and forest: nothing to warn about
    assert lines("no-terrain-layer.tmx", ruleset) == []
    bf = load_battlefield(fixture("no-terrain-layer.tmx"), ruleset)
    assert [bf.terrain_ids[t] for t in bf.terrain[0]] == ["plains", "forest"]


#: Maps pytmx could not read (and the old precheck refused) that the one reader now reads.
NOW_READ = {
    "class-property.tmx": ("terrain", ["plains", "plains"]),  # tile 1 has only a class property: no terrain
    "list-property.tmx": ("terrain", ["plains", "plains"]),
    "image-no-size.tmx": ("terrain", ["plains", "forest"]),
    "reserved-name.tmx": ("terrain", ["plains", "forest"]),  # a layer property called 'name' is just a property
}


@pytest.mark.parametrize("name", sorted(NOW_READ))
def test_what_pytmx_could_not_read_is_read(ruleset, name: str) -> None:
    bf = load_battlefield(fixture(name), ruleset)
    assert [bf.terrain_ids[t] for t in bf.terrain[0]] == NOW_READ[name][1]
    assert not [f for f in check_map(fixture(name), ruleset) if f.severity == "error"]


def test_units_per_tile_must_be_positive(ruleset) -> None:
    assert lines("bad-units-per-tile.tmx", ruleset) == [
        f"{fixture('bad-units-per-tile.tmx')}:2: the map property units_per_tile = -3.0 is not a positive number; "
        "set it in Map > Map Properties (world units one tile spans, e.g. 1.0)"
    ]


def test_loading_needs_no_display_and_loads_no_image(ruleset, tmp_path) -> None:
    import subprocess
    import sys

    code = (
        "import os, sys\n"
        "os.environ.pop('DISPLAY', None); os.environ['SDL_VIDEODRIVER'] = 'offscreen-none'\n"
        "from kriegsspiel.rulesets import load_ruleset\n"
        "from kriegsspiel.tiled import load_battlefield\n"
        f"bf = load_battlefield({fixture('ortho.tmx')!r}, load_ruleset('modern-4e'))\n"
        "import pygame\n"
        "print(pygame.display.get_init(), bf.terrain.shape)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False (3, 4)"  # fixture.png does not even exist


def test_tile_objects_take_class_and_kind_from_their_tile(ruleset) -> None:
    # structures.tsx tile 2 is a bridge of class "structure"; the object lies on a layer called "Decor"
    bf = load_battlefield(fixture("tile-objects.tmx"), ruleset)
    (bridge,) = bf.structures
    assert (bridge.name, bridge.kind) == ("Stone bridge", "bridge")
    # 64x32 px from (32, 32) to (96, 64): the two water tiles of row 1 carry the road
    assert bf.road.astype(int).tolist() == [[0, 0, 0, 0], [0, 1, 1, 0], [0, 0, 0, 0]]
    assert bf.terrain_at(WorldPoint(1.5, 1.5)) == "water"


def test_elevation_layer_and_rotated_objects(ruleset) -> None:
    report = read_map(fixture("elevation.tmx"), ruleset)
    bf = report.battlefield
    # the heights layer (role elevation) lifts two cells to its tiles' elevation 2; terrain stays plains
    assert bf.elevation.tolist() == [[0, 2, 2, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    assert bf.terrain_at(WorldPoint(1.5, 0.5)) == "plains"
    assert [f.format() for f in report.findings] == [
        f"{fixture('elevation.tmx')}: warning: layer 'heights' has 1 tiles without an elevation property (first at "
        "column 2, row 1); they are ignored: give those tiles an int property 'elevation'"
    ]
    # a 64x32 px rectangle at (64, 0) turned 90 degrees clockwise about its top-left corner: x 32..64, y 0..64
    turned = bf.zone("Turned")
    assert turned.contains(WorldPoint(1.5, 1.5)) and not turned.contains(WorldPoint(2.5, 0.5))
    # a 32x64 tile object hanging from (0, 64), turned 90 degrees about that corner: centre (32, 80) px
    (unit,) = bf.placements
    assert unit.position == WorldPoint(1.0, 2.5)


def test_layers_the_rules_ignore_and_objects_off_the_map_are_pointed_out(ruleset) -> None:
    path = fixture("hints.tmx")
    assert lines("hints.tmx", ruleset) == [
        f"{path}:38: warning: tile layer 'Road network' is ignored by the rules; if it holds roads, name it 'roads' "
        "or give it the custom property role = roads",
        f"{path}:43: warning: object layer 'Zone markers' is ignored by the rules; if it holds zones, name it "
        "'zones' or give it the custom property role = zones",
        f"{path}: warning: zone 'Far away' lies off the map; move it onto the map or delete it",
    ]
    bf = load_battlefield(path, ruleset)  # warnings do not stop loading
    assert not bf.road.any() and [z.name for z in bf.zones] == ["Far away"]
