"""``kriegsspiel preview``: headless PNGs of a map as drawn and as the rules read it."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from kriegsspiel.cli import main
from kriegsspiel.render.palette import ROAD, TERRAIN_COLOURS

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "maps"


def test_author_view_draws_the_tiles_at_their_size(tmp_path, capsys) -> None:
    out = tmp_path / "b.png"
    assert main(["preview", str(REPO / "kriegsspiel" / "data" / "maps" / "brandywine.tmx"), "--out", str(out)]) == 0
    assert capsys.readouterr().out.strip() == f"{out}: 3840x2560 pixels"
    image = pygame.image.load(str(out))
    assert image.get_size() == (3840, 2560)
    # Tile (0, 0) is plains: its base colour from the shipped tileset, not the off-map colour.
    r, g, b, *_ = image.get_at((1, 1))
    assert g > r > b and g > 150


def test_author_view_of_a_hex_map_has_the_hex_map_size(tmp_path, capsys) -> None:
    out = tmp_path / "h.png"
    assert main(["preview", str(REPO / "kriegsspiel" / "data" / "maps" / "hex-valley.tmx"), "--out", str(out), "--tile-px", "28"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (1134, 728)  # (40 * 56 + 28) x (30 * 48 + 16), halved


def test_rules_view_colours_terrain_and_roads_with_a_legend(tmp_path) -> None:
    out = tmp_path / "t.png"
    assert main(["preview", str(FIXTURES / "external.tmx"), "--out", str(out), "--terrain", "--tile-px", "20"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_width() > 80 and image.get_height() >= 60  # the 4x3 map plus its legend
    assert tuple(image.get_at((10, 10)))[:3] == TERRAIN_COLOURS["plains"]  # column 0, row 0
    assert tuple(image.get_at((10, 30)))[:3] == ROAD  # the road through row 1
    water = [tuple(image.get_at((x, 8)))[:3] for x in range(41, 59)]
    assert TERRAIN_COLOURS["water"] in water and (20, 20, 30) in water  # water, hatched: impassable


@pytest.mark.parametrize("args,message", [
    (["--out", "x.jpg"], "--out x.jpg: the picture is written as PNG; give a file name ending in .png"),
    (["--out", "/no/such/dir/x.png"], "--out /no/such/dir/x.png: the folder /no/such/dir does not exist; create it first"),
])
def test_bad_output_is_one_line(capsys, args, message) -> None:
    assert main(["preview", str(FIXTURES / "ortho.tmx"), *args]) == 2
    assert capsys.readouterr().err.strip() == f"kriegsspiel preview: {message}"


def test_a_refused_map_is_one_line_not_a_traceback(capsys, tmp_path) -> None:
    path = str(FIXTURES / "isometric.tmx")
    assert main(["preview", path, "--out", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"kriegsspiel preview: {path}:2: the map's orientation is isometric, which the rules cannot play")


def test_the_map_picture_leaves_units_out(tmp_path) -> None:
    # players' pictures start from this image: a unit drawn in the map file must not show on it
    from kriegsspiel.render.tiles import render_map
    from kriegsspiel.rulesets import load_ruleset
    from kriegsspiel.tiled import load_battlefield

    path = FIXTURES / "tile-objects.tmx"
    battlefield = load_battlefield(path, load_ruleset("modern-4e"))
    assert [u.name for u in battlefield.placements] == ["Hidden guns"]
    picture = render_map(path, battlefield)
    # the unit stands on the plains tile at column 3, row 2: the same pixel of the plains tile at (0, 0)
    assert tuple(picture.get_at((112, 80))) == tuple(picture.get_at((16, 16)))
    r, g, b = tuple(picture.get_at((64, 48)))[:3]
    assert (r, g, b) == (120, 80, 44)  # the bridge deck is


def test_a_picture_too_big_to_draw_says_which_tile_size_fits(capsys, tmp_path) -> None:
    out = tmp_path / "big.png"
    assert main(["preview", str(REPO / "kriegsspiel" / "data" / "maps" / "brandywine.tmx"), "--out", str(out), "--tile-px", "200"]) == 2
    assert capsys.readouterr().err.strip() == (
        "kriegsspiel preview: the picture would be 24000 pixels wide; the most is 16384: give --tile-px 136 or less"
    )
    assert not out.exists()


def test_scaled_tiles_are_drawn_without_a_full_size_picture(monkeypatch) -> None:
    # above FULL_SIZE_FIRST_PX the tiles themselves are scaled: same picture size, no seams of off-map colour
    from kriegsspiel.render import tiles
    from kriegsspiel.rulesets import load_ruleset
    from kriegsspiel.tiled import load_battlefield

    monkeypatch.setattr(tiles, "FULL_SIZE_FIRST_PX", 0)
    path = REPO / "kriegsspiel" / "data" / "maps" / "coast.tmx"
    picture = tiles.render_map(path, load_battlefield(path, load_ruleset("modern-4e")), 0.25)
    assert picture.get_size() == (800, 560)
    off_map = sum(1 for x in range(0, 800, 7) for y in range(0, 560, 7) if tuple(picture.get_at((x, y)))[:3] == tiles.OFF_MAP)
    assert off_map == 0


def test_rules_view_of_a_hex_map_colours_each_hex() -> None:
    from kriegsspiel.render import tiles
    from kriegsspiel.rulesets import load_ruleset
    from kriegsspiel.tiled import load_battlefield

    bf = load_battlefield(FIXTURES / "hex-y-odd.tmx", load_ruleset("modern-4e"))
    picture = tiles.render_rules_view(bf, ["water"], px_per_tile=56)  # one picture pixel per Tiled pixel
    assert picture.get_size() == (196, 160)
    colour = lambda x, y: tuple(picture.get_at((x, y)))[:3]  # noqa: E731
    assert colour(28, 32) == TERRAIN_COLOURS["plains"]  # hex (0, 0)
    assert colour(84, 32) == TERRAIN_COLOURS["forest"]  # hex (1, 0)
    assert colour(56, 60) == TERRAIN_COLOURS["hills"]  # hex (0, 1), pushed right by half a hex
    assert colour(2, 2) == tiles.OFF_MAP  # the ragged corner outside every hex
    water = {colour(x, 32) for x in range(120, 160)}
    assert water == {TERRAIN_COLOURS["water"], tiles.IMPASSABLE_HATCH}


def test_the_legend_counts_structures_by_kind() -> None:
    from kriegsspiel.render.tiles import legend_entries
    from kriegsspiel.rulesets import load_ruleset
    from kriegsspiel.tiled import load_battlefield

    bf = load_battlefield(REPO / "kriegsspiel" / "data" / "maps" / "coast.tmx", load_ruleset("modern-4e"))
    assert ("structure", "structures: 4 port, 2 airfield, 2 bridge, 2 settlement, 1 fortification") in legend_entries(bf, ["water"])
