"""Maps shaped like real Tiled maps (tests/fixtures/realish, made by make_realish.py): each through ``check``,
``terrain``, ``preview`` and a headless ``play --screenshot``, with what each feature must give."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from kriegsspiel.cli import main
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.rulesets import load_ruleset
from kriegsspiel.tiled import check_map, load_battlefield, read_map
from kriegsspiel.tmx.document import FLIP_D, FLIP_H, ROTATE_120, read_document
from kriegsspiel.tiled.loader import terrain_note

HERE = Path(__file__).resolve().parent / "fixtures" / "realish"
RULESET = load_ruleset("modern-4e")
GRASS, TREE, WATER, ROCK, MARK = (90, 170, 70), (20, 90, 30), (40, 90, 200), (120, 120, 120), (250, 40, 40)


def fixture(name: str) -> str:
    return str(HERE / name)


def terrain_rows(name: str) -> list[list[str]]:
    bf = load_battlefield(fixture(name), RULESET)
    return [[bf.terrain_ids[t] for t in row] for row in bf.terrain.tolist()]


def test_an_image_collection_with_gaps_in_its_ids_reads_each_tile_by_its_id() -> None:
    # ids 0, 3, 7, 9 of a collection with tilecount 4: the old precheck took gids 8 and 10 for unknown tiles
    assert check_map(fixture("sparse.tmx"), RULESET) == []
    assert terrain_rows("sparse.tmx") == [
        ["plains", "forest", "water", "mountains"],
        ["plains", "plains", "water", "water"],
        ["forest", "forest", "plains", "mountains"],
    ]


def test_tile_classes_map_to_terrain_through_the_map_property() -> None:
    assert check_map(fixture("classes.tmx"), RULESET) == []
    assert terrain_rows("classes.tmx") == [["plains", "forest", "water"], ["hills", "plains", "forest"]]
    assert terrain_note(load_battlefield(fixture("classes.tmx"), RULESET)) == (
        "terrain from the map's tile names ('kriegsspiel terrain' lists them)")


def test_terrain_brushes_name_the_tiles_they_cover_most() -> None:
    # tile 0 is three corners Water, one Woods; tile 1 the other way round; Woods is mapped to forest
    assert check_map(fixture("brushes.tmx"), RULESET) == []
    assert terrain_rows("brushes.tmx") == [["water", "forest"]]


def test_a_map_without_any_terrain_plays_as_open_ground_with_one_warning() -> None:
    path = fixture("no-terrain.tmx")
    assert [f.format() for f in check_map(path, RULESET)] == [
        f"{path}:2: warning: the map has no terrain layer (its tile layers: 'Tile Layer 1') and no tile names a "
        f"terrain; it plays as plains everywhere: run 'kriegsspiel terrain {path}' to see its tiles' classes and map "
        "them to terrains in no-terrain.terrain.toml, or name the ground layer 'terrain' and give its tiles a "
        "'terrain' property"
    ]
    bf = load_battlefield(path, RULESET)
    assert (bf.terrain == bf.terrain_ids.index("plains")).all()
    assert "open ground" in (terrain_note(bf) or "")


def test_a_bad_mapping_entry_names_the_table_and_the_known_terrains(tmp_path) -> None:
    for name in ("sparse.tmx", "sparse.tsx", "grass.png", "tree.png", "water.png", "sheet.png"):
        (tmp_path / name).write_bytes((HERE / name).read_bytes())
    (tmp_path / "sparse.terrain.toml").write_text('[terrain]\nGrass = "meadow"\n')
    found = [f.format() for f in check_map(tmp_path / "sparse.tmx", RULESET)]
    assert found[0] == (f"{tmp_path / 'sparse.terrain.toml'}: [terrain] Grass: Grass = 'meadow' is not a terrain of "
                        "the rule set; known terrains: plains, forest, hills, forest-hills, swamp, desert, mountains, "
                        "water, road, ford")


def test_templates_give_their_objects_everything_the_instance_does_not_change() -> None:
    bf = load_battlefield(fixture("templates.tmx"), RULESET)
    units = {u.name: u for u in bf.placements}
    assert set(units) == {"Guard", "Scout"}
    assert (units["Guard"].side, units["Guard"].unit_type) == ("Blue", "infantry")
    assert (units["Scout"].side, units["Scout"].unit_type) == ("Red", "infantry")  # the instance's own side
    assert units["Scout"].position == WorldPoint(80 / 32, 48 / 32)
    # the tree template's tileset is not the map's: it is added after the map's own, its gid renumbered
    doc = read_document(fixture("templates.tmx"))
    tree = next(o for layer in doc.object_layers for o in layer.findall("object") if o.get("name") == "tree")
    ts, local = doc.tileset_of(int(tree.get("gid") or 0)) or (None, None)
    assert ts is not None and ts.name == "sparse" and local == 3 and ts.firstgid == 2


def test_a_missing_template_is_refused_by_name(tmp_path) -> None:
    text = (HERE / "templates.tmx").read_text().replace('template="unit.tx" x="16"', 'template="gone.tx" x="16"')
    (tmp_path / "t.tmx").write_text(text)
    for name in ("grass.png", "tree.tx", "sparse.tsx", "unit.tx"):
        (tmp_path / name).write_bytes((HERE / name).read_bytes())
    report = read_map(tmp_path / "t.tmx", RULESET)
    assert not report.readable
    assert report.errors[0].format().startswith(
        f"{tmp_path / 't.tmx'}:21: object 2 in layer 'units': its template gone.tx is missing")


def test_hex_tiles_turned_by_tiled_read_their_terrain_and_draw_turned() -> None:
    assert check_map(fixture("hex-turned.tmx"), RULESET) == []
    assert terrain_rows("hex-turned.tmx") == [["plains", "plains", "water"], ["plains", "water", "plains"]]
    from kriegsspiel.render.tile_images import TileImages

    images = TileImages(read_document(fixture("hex-turned.tmx")))
    plain = images.get(1)
    assert plain is not None and plain[1] == 0 and tuple(plain[0].get_at((2, 2)))[:3] == MARK
    for gid, degrees in ((1 | ROTATE_120, 120), (2 | FLIP_D, 60), (1 | FLIP_D | ROTATE_120, 180)):
        turned = images.get(gid)
        assert turned is not None and turned[1] == degrees
        expected = pygame.transform.rotate(images.base(gid), -degrees)
        assert turned[0].get_size() == expected.get_size()
    # turned half a turn, the mark is in the bottom-right corner
    half = images.get(1 | FLIP_D | ROTATE_120)
    assert half is not None and tuple(half[0].get_at((61, 61)))[:3] == MARK
    flipped = images.get(2 | ROTATE_120 | FLIP_H)
    assert flipped is not None and flipped[1] == 120


def test_an_infinite_map_opens_at_its_used_extent_with_its_objects_moved_along() -> None:
    bf = load_battlefield(fixture("infinite.tmx"), RULESET)
    assert (bf.grid.columns, bf.grid.rows) == (4, 4)  # chunks at -4 and 0; painted cells -2..1
    # the unit at Tiled's (-48, -48) px is in the used extent's first cell (-2, -2) -> (0, 0) here
    assert bf.placements[0].position == WorldPoint(-48 / 32 + 2, -48 / 32 + 2)
    # only Water names a terrain without a mapping table: cell (-1, -1) and the chunk at 0's second row
    assert terrain_rows("infinite.tmx") == [["plains"] * 4, ["plains", "water", "plains", "plains"], ["plains"] * 4,
                                            ["plains", "plains", "water", "water"]]


def test_an_isometric_map_is_refused_by_name_with_exit_2(capsys) -> None:
    path = fixture("isometric.tmx")
    assert main(["check", path]) == 2
    out = capsys.readouterr().out
    assert out.startswith(f"{path}:2: the map's orientation is isometric, which the rules cannot play")


def test_terrain_lists_the_names_found_and_what_each_becomes(capsys) -> None:
    assert main(["terrain", fixture("sparse.tmx")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{fixture('sparse.tmx')}: terrain from the tiles' names (classes, properties, terrain brushes) (modern-4e)"
    assert "  Grass  class                 1  plains (by the mapping)" in out
    assert "  Water  class                 1  water (by the rule set)" in out
    assert "  the map: plains 33%, forest 25%, mountains 17%, water 25%" in out


PLAYABLE = ["sparse.tmx", "classes.tmx", "no-terrain.tmx", "templates.tmx", "hex-turned.tmx", "infinite.tmx"]
#: A colour each map's picture must show (a tile of it), and where in the preview.
SEEN = {
    "sparse.tmx": ((48, 16), TREE), "classes.tmx": ((80, 16), WATER), "no-terrain.tmx": ((16, 16), TREE),
    "templates.tmx": ((48, 48), TREE), "hex-turned.tmx": ((32, 100), GRASS), "infinite.tmx": ((48, 16), TREE),
}


@pytest.mark.parametrize("name", PLAYABLE)
def test_each_map_checks_previews_and_plays(tmp_path, capsys, name: str) -> None:
    path = fixture(name)
    assert main(["check", path]) in (0, 1)  # warnings allowed
    assert ": 0 errors," in capsys.readouterr().out
    assert not [f for f in check_map(path, RULESET) if f.severity == "error"]
    out = tmp_path / "p.png"
    assert main(["preview", path, "--out", str(out)]) == 0
    picture = pygame.image.load(str(out))
    where, colour = SEEN[name]
    assert tuple(picture.get_at(where))[:3] == colour
    scenario = tmp_path / "s.toml"
    scenario.write_text(f'[scenario]\nname = "t"\nmap = "{path}"\nruleset = "modern-4e"\nseed = 1\nfirst_side = "Blue"\n'
                        '[[sides]]\nname = "Blue"\ncolour = "#3050c0"\n[[sides]]\nname = "Red"\ncolour = "#c03030"\n')
    shot = tmp_path / "shot.png"
    assert main(["play", str(scenario), "--screenshot", str(shot), "--size", "640x400", "--frames", "1"]) == 0
    pixels = pygame.surfarray.array3d(pygame.image.load(str(shot)))
    assert (np.abs(pixels.astype(int) - np.array(colour)).sum(axis=2) < 30).any()  # the map's art is on screen
