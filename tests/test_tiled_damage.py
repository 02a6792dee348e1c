"""Maps damaged the way hand edits and half-finished work damage them: each gets one exact message naming the
file, the line and what to do, never pytmx's own words or a traceback."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kriegsspiel.cli import main
from kriegsspiel.rulesets import load_ruleset
from kriegsspiel.tiled import MapError, check_map, load_battlefield, read_map

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "maps"
REPO = Path(__file__).resolve().parent.parent
RULESET = load_ruleset("modern-4e")
NO_TERRAIN_TILE_4 = (
    ":6: warning: tileset 'fixture' tile 4 has no terrain property (1 cell); it counts as plains: "
    "select the tile in the tileset editor and set its 'terrain' property"
)


def edited(tmp_path: Path, old: str, new: str, *more: str) -> str:
    """A copy of ortho.tmx with pieces of text replaced (old, new, then more old/new pairs; each must be there)."""
    text = (FIXTURES / "ortho.tmx").read_text(encoding="utf-8")
    pairs = [(old, new)] + list(zip(more[::2], more[1::2]))
    for before, after in pairs:
        assert before in text
        text = text.replace(before, after, 1)
    for name in ("fixture.tsx", "fixture.png"):
        shutil.copy(FIXTURES / name, tmp_path / name)
    path = tmp_path / "edited.tmx"
    path.write_text(text, encoding="utf-8")
    return str(path)


REFUSED = {
    "csv-letter": (
        "1,2,3,6,\n1,1,3,1", "1,2,3,6,\n1,x,3,1",
        ":37: layer 'terrain': its CSV tile data holds 'x' at column 1, row 1, which is not a tile number; "
        "repaint that cell or save the map again from Tiled",
    ),
    "csv-negative": (
        "5,1,3,4", "5,1,-3,4",
        ":37: layer 'terrain': its CSV tile data holds '-3' at column 2, row 2, which is not a tile number; "
        "repaint that cell or save the map again from Tiled",
    ),
    "object-x": (
        'x="16" y="48"', 'x="16px" y="48"',
        ":51: object 1 ('1st Foot') in layer 'units' has x='16px', which is not a number; select the object and "
        "correct its X in the Properties view",
    ),
    "object-rotation": (
        'x="16" y="48"', 'x="16" y="48" rotation="left"',
        ":51: object 1 ('1st Foot') in layer 'units' has rotation='left', which is not a number; select the "
        "object and correct its Rotation in the Properties view",
    ),
    "object-gid-text": (
        'gid="1" x="32"', 'gid="one" x="32"',
        ":59: object 2 ('Guns') in layer 'units' has gid='one', which is not a tile number; delete the object "
        "and insert the tile again",
    ),
    "object-gid-beyond": (
        'gid="1" x="32"', 'gid="7" x="32"',
        ":59: object 2 ('Guns') in layer 'units' is a tile from no tileset (gid 7); a tileset was removed or "
        "replaced: add it again, or delete the object and insert the tile again",
    ),
    "polygon-points": (
        "<point/>", '<polygon points="0,0 16,a 0,16"/>',
        ":57: object 1 ('1st Foot') in layer 'units': its polygon points '0,0 16,a 0,16' are not pairs of "
        "numbers 'x,y'; redraw the polygon in Tiled",
    ),
    "layer-size": (
        '<layer id="1" name="terrain" width="4"', '<layer id="1" name="terrain" width="5"',
        ":36: layer 'terrain' is 5x3 tiles but the map is 4x3; resize the map in Tiled (Map > Resize Map), which "
        "resizes every layer, and save",
    ),
    "tilesets-overlap": (
        ' <layer id="1"',
        ' <tileset firstgid="6" name="more" tilewidth="32" tileheight="32" tilecount="2" columns="2">'
        '<image source="fixture.png" width="64" height="32"/></tileset>\n <layer id="1"',
        ":36: the tilesets 'fixture' and 'more' share tile numbers (firstgid 6 lies inside 'fixture'); remove "
        "'more' in Tiled's Tilesets view and add it again",
    ),
    "nameless-property": (
        '<property name="side" value="Crown"/>', '<property value="Crown"/>',
        ":54: object 1 ('1st Foot') in layer 'units' has a property without a name; delete it or give it a name",
    ),
    "property-value": (
        'type="float" value="2"', 'type="float" value="two"',
        ":4: the map: property 'units_per_tile': 'two' is not a valid float; correct its value",
    ),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_damage_pytmx_would_choke_on_is_refused_by_name(tmp_path, case: str) -> None:
    old, new, message = REFUSED[case]
    path = edited(tmp_path, old, new)
    report = read_map(path, RULESET)
    assert not report.readable and report.battlefield is None
    assert [f.format() for f in report.findings] == [path + message]
    with pytest.raises(MapError) as caught:
        load_battlefield(path, RULESET)
    assert str(caught.value) == path + message


def test_a_tile_object_of_the_last_tile_is_still_fine(tmp_path) -> None:
    path = edited(tmp_path, 'gid="1" x="32"', 'gid="6" x="32"')
    assert [f.format() for f in check_map(path, RULESET)] == [path + NO_TERRAIN_TILE_4]


def test_a_unit_of_a_class_without_its_value_is_told_about_tiled_class_defaults(tmp_path) -> None:
    # Tiled shows the project's class defaults (unit_type infantry) in grey but never writes them.
    path = edited(tmp_path, '<property name="unit_type" value="infantry"/>', "")
    assert [f.format() for f in check_map(path, RULESET)] == [
        path + NO_TERRAIN_TILE_4,
        f"{path}:51: object 1 ('1st Foot') in layer 'units' has no 'unit_type' property; set 'unit_type' in the "
        "object's Properties view (Tiled does not save a class's default values into the map: a value shown in "
        "grey there counts as missing)",
    ]


def test_a_damaged_tileset_image_is_a_warning_and_preview_says_what_to_do(tmp_path, capsys) -> None:
    path = edited(tmp_path, 'source="fixture.png"', 'source="photo.png"')
    (tmp_path / "photo.png").write_bytes(b"GIF89a not really a png")
    assert [f.format() for f in check_map(path, RULESET)] == [
        f"{path}:7: warning: tileset 'fixture': its image photo.png is not a .png file (damaged, or another kind "
        "of file renamed); the map plays but is drawn in flat colours: save the image again as .png",
        path + NO_TERRAIN_TILE_4,
    ]
    assert load_battlefield(path, RULESET).terrain.shape == (3, 4)
    code = main(["preview", path, "--out", str(tmp_path / "p.png")])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert f"{tmp_path / 'photo.png'}: cannot load the tileset image (" in err
    assert err.strip().endswith("); save the image again as PNG")


def test_a_bad_ruleset_property_names_the_map_property_and_its_line(tmp_path, capsys) -> None:
    path = edited(tmp_path, "<properties>\n", '<properties>\n  <property name="ruleset" value="modern4e"/>\n')
    expected = (
        f"{path}:4: the map property ruleset = 'modern4e' cannot be used (unknown rule set 'modern4e'; did you mean "
        "'modern-4e'? shipped rule sets: kriegsspiel-v3, modern-4e (or give the path of a .toml rule-set file)); "
        "correct it in Map > Map Properties, or give --ruleset NAME"
    )
    assert main(["check", path]) == 2
    assert capsys.readouterr().out.splitlines()[:-1] == [expected]  # then the summary
    assert main(["preview", path, "--out", str(tmp_path / "p.png")]) == 2
    assert capsys.readouterr().err.strip() == f"kriegsspiel preview: {expected}"
    # --ruleset overrides the map's own
    assert main(["check", "--ruleset", "modern-4e", path]) == 1


def test_a_ruleset_path_in_the_map_is_relative_to_the_map(tmp_path, capsys) -> None:
    rules = tmp_path / "rules"
    rules.mkdir()
    shutil.copy(REPO / "kriegsspiel" / "rulesets" / "modern_4e" / "modern-4e.toml", rules / "house.toml")
    path = edited(tmp_path, "<properties>\n", '<properties>\n  <property name="ruleset" value="rules/house.toml"/>\n')
    assert main(["check", path]) == 1  # only the tile without terrain: the rule set was found beside the map
    assert capsys.readouterr().out.splitlines()[:-1] == [path + NO_TERRAIN_TILE_4.replace(":6:", ":7:")]


def test_a_unit_without_a_class_is_told_to_add_the_property(tmp_path) -> None:
    path = edited(tmp_path, 'name="1st Foot" type="unit"', 'name="1st Foot"', '<property name="side" value="Crown"/>', "")
    assert [f.format() for f in check_map(path, RULESET)][1:] == [
        f"{path}:51: object 1 ('1st Foot') in layer 'units' has no 'side' property; add a string property 'side' "
        "naming the side",
    ]


def test_a_hex_side_longer_than_the_tile_is_refused(tmp_path) -> None:
    text = (FIXTURES / "hex-y-odd.tmx").read_text(encoding="utf-8").replace('hexsidelength="32"', 'hexsidelength="65"')
    path = tmp_path / "hex.tmx"
    path.write_text(text, encoding="utf-8")
    assert [f.format() for f in check_map(path, RULESET)] == [
        f"{path}:2: the Hex Side Length 65 is longer than the tile height 64, which makes no hexagon; set a Hex "
        "Side Length of at most 64 in Map > Map Properties (the shipped hex tiles use 32)"
    ]


def test_a_terrain_layer_drawn_off_the_grid_is_pointed_out(tmp_path) -> None:
    path = edited(tmp_path, 'name="terrain" width="4" height="3">', 'name="terrain" width="4" height="3" offsetx="16">')
    assert [f.format() for f in check_map(path, RULESET)][0] == (
        f"{path}:36: warning: layer 'terrain' is drawn shifted by its offset (16, 0 px) but the rules read its "
        "tiles on the map's grid; set the layer's Offset to 0, 0 in its Properties view"
    )


def test_a_map_size_edited_by_hand_is_refused_before_anything_that_big_is_made(tmp_path) -> None:
    path = edited(tmp_path, 'width="4" height="3" tilewidth', 'width="100000" height="100000" tilewidth')
    assert [f.format() for f in check_map(path, RULESET)] == [
        f"{path}:2: the map is 100000x100000 tiles; the most the rules can hold is 67108864 tiles (e.g. 8192x8192) "
        "and 65536 along a side: make the map smaller (Map > Resize Map) or use bigger tiles with a larger "
        "units_per_tile"
    ]


def _square_map_with(tmp_path: Path, tileset: str, layer: str) -> str:
    path = tmp_path / "square.tmx"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="2" '
        'height="1" tilewidth="32" tileheight="32" infinite="0" nextlayerid="3" nextobjectid="1">\n'
        ' <tileset firstgid="1" source="../assets/terrain-square.tsx"/>\n'
        f' <tileset firstgid="11" source="../assets/{tileset}"/>\n'
        ' <layer id="1" name="terrain" width="2" height="1">\n  <data encoding="csv">\n1,2\n</data>\n </layer>\n'
        f' <layer id="2" name="{layer}" width="2" height="1">\n  <data encoding="csv">\n11,0\n</data>\n </layer>\n'
        "</map>\n",
        encoding="utf-8",
    )
    maps = tmp_path.parent / "assets"
    if not maps.exists():
        shutil.copytree(REPO / "kriegsspiel" / "data" / "assets", maps)
    return str(path)


def test_the_hex_tileset_painted_on_a_square_map_is_pointed_out(tmp_path) -> None:
    folder = tmp_path / "maps"
    folder.mkdir()
    path = _square_map_with(folder, "terrain-hex.tsx", "roads")
    assert [f.format() for f in check_map(path, RULESET)] == [
        f"{path}:10: warning: layer 'roads' is painted with tileset 'terrain-hex', whose tiles are 56x64 pixels, on "
        "a map whose tiles are 32x32: the picture will not fit the grid the rules read; use the tileset made for "
        "this map's tile size (assets/*-square.tsx for square maps, *-hex.tsx for hex maps)",
        f"{folder.parent / 'assets' / 'terrain-hex.tsx'}:4: warning: tileset 'terrain-hex' tile 0 on roads layer 'roads' has terrain 'plains'; the roads "
        "layer only marks roads: paint that tile on the terrain layer instead",
    ]
    # a decoration layer may use tiles of any size
    assert check_map(_square_map_with(folder, "terrain-hex.tsx", "trees"), RULESET) == []
