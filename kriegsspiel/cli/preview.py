"""``kriegsspiel preview MAP --out FILE.png [--terrain]``: draw a Tiled map to a PNG, headless.

Without ``--terrain`` the picture shows the map as its author drew it (tiles, tile objects, zone outlines
with their names). With ``--terrain`` it shows what the rules read: each terrain in a flat colour, roads
and bridges, terrain land units cannot enter hatched, zones, structures and units, with a legend.
"""
from __future__ import annotations

import argparse
import os

from kriegsspiel.errors import UserError

def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("map", metavar="MAP", help="a Tiled .tmx map")
    parser.add_argument("--out", required=True, metavar="FILE.png", help="where to write the picture")
    parser.add_argument("--terrain", action="store_true", help="draw what the rules read, with a legend")
    parser.add_argument(
        "--ruleset", metavar="NAME", default=None,
        help="rule set whose terrains the map uses (default: the map property 'ruleset', else modern-4e)",
    )
    parser.add_argument("--allow-outside-paths", action="store_true",
                        help="let the map use tilesets and images outside its Tiled project (a map you trust)")
    parser.add_argument(
        "--tile-px", type=int, default=None, metavar="N",
        help="pixels per tile on the picture (default: the tiles' own size; 16 with --terrain)",
    )


#: The largest picture side preview draws, in pixels (a 1000-tile map at 32 px would need 4 GB).
MAX_PICTURE_PX = 16384


def _check_size(pixel_size: tuple[int, int], scale: float, tile_px: int) -> None:
    """Refuse pictures too big to draw, saying which --tile-px fits."""
    longest = max(pixel_size) * scale
    if longest > MAX_PICTURE_PX:
        fits = max(1, int(MAX_PICTURE_PX / max(pixel_size) * tile_px))
        raise UserError(
            f"the picture would be {round(longest)} pixels wide; the most is {MAX_PICTURE_PX}: "
            f"give --tile-px {fits} or less"
        )


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    if not args.out.lower().endswith(".png"):
        raise UserError(f"--out {args.out}: the picture is written as PNG; give a file name ending in .png")
    out_dir = os.path.dirname(os.path.abspath(args.out))
    if not os.path.isdir(out_dir):
        raise UserError(f"--out {args.out}: the folder {out_dir} does not exist; create it first")
    if args.tile_px is not None and not 1 <= args.tile_px <= 512:
        raise UserError(f"--tile-px {args.tile_px}: give a whole number of pixels from 1 to 512")
    from kriegsspiel.tiled.provinces import is_province_map

    if is_province_map(args.map):
        return _preview_provinces(args)
    from kriegsspiel.tiled.map_ruleset import land_impassable, ruleset_for_map

    ruleset = ruleset_for_map(args.map, args.ruleset)

    from kriegsspiel.tiled import load_battlefield

    allow = True if args.allow_outside_paths else None
    battlefield = load_battlefield(args.map, ruleset, allow)

    import pygame

    from kriegsspiel.render import tiles

    grid = battlefield.grid
    if args.terrain:
        impassable = land_impassable(ruleset)
        px_per_tile = args.tile_px or 16
        _check_size(grid.pixel_size, px_per_tile / grid.tile_width_px, grid.tile_width_px)
        picture = tiles.render_rules_view(battlefield, impassable, px_per_tile)
        tiles.draw_zone_labels(picture, battlefield, px_per_tile / grid.tile_width_px)
        title = f"{os.path.basename(args.map)} as the rules read it ({ruleset.id})"
        picture = tiles.add_legend(picture, battlefield, impassable, title)
    else:
        scale = 1.0 if args.tile_px is None else args.tile_px / grid.tile_width_px
        _check_size(grid.pixel_size, scale, grid.tile_width_px)
        try:
            picture = tiles.render_map(args.map, battlefield, scale, allow)
        except tiles.TileImageError as exc:
            raise UserError(str(exc)) from None
        tiles.draw_zone_labels(picture, battlefield, scale)
    try:
        pygame.image.save(picture, args.out)
    except (pygame.error, OSError) as exc:
        raise UserError(f"--out {args.out}: cannot write the picture ({exc})") from None
    print(f"{args.out}: {picture.get_width()}x{picture.get_height()} pixels")
    return 0


def _preview_provinces(args: argparse.Namespace) -> int:
    """A province map (an area game's board): the provinces by kind with their names and supply centres."""
    import pygame

    from kriegsspiel.render.board_picture import draw_board
    from kriegsspiel.render.provinces import ProvinceDrawing
    from kriegsspiel.tiled.provinces import read_province_map

    board, _ = read_province_map(args.map)
    scale = 1.0 if args.tile_px is None else args.tile_px / 32
    _check_size((board.width_px, board.height_px), scale, 32)
    drawings = [
        ProvinceDrawing(abbr, shape.name, str(shape.properties.get("kind", "land")), shape.outline, shape.centre(),
                        bool(shape.properties.get("supply_centre", False)),
                        str(shape.properties["home"]) if shape.properties.get("home") else None,
                        str(shape.properties["home"]) if shape.properties.get("home") else None)
        for abbr, shape in sorted(board.provinces.items())
    ]
    title = f"{os.path.basename(args.map)}: {board.map_name} ({board.ruleset}), {len(drawings)} provinces"
    pygame.font.init()
    picture = draw_board((board.width_px, board.height_px), drawings, scale, title=title)
    pygame.image.save(picture, args.out)
    print(f"wrote {args.out} ({picture.get_width()}x{picture.get_height()} px)")
    return 0
