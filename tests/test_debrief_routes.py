"""The debrief draws each move along the way the rules' movement search walked (issue 33, arrows along paths),
and the arrows stay the umpire's: a player's frame is still exactly that player's picture, with no route of a
unit they could not see."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from test_pov_cli import SCENARIO

from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.movement import check_move
from kriegsspiel.debrief import load_debrief
from kriegsspiel.debrief.arrows import ARROW_WIDTH
from kriegsspiel.pov import player_picture, public_map
from kriegsspiel.render.player_picture import full_map_camera
from kriegsspiel.store import Game

COLS, ROWS = 40, 12
ORIGIN, TARGET = WorldPoint(4.5, 7.5), WorldPoint(8.5, 7.5)


def lake_map(folder: Path) -> Path:
    """Plains with a water wall down column 6 from row 5 (the way round it is to the north), and a wood across
    columns 20-21 between the two sides."""
    rows = []
    for r in range(ROWS):
        rows.append(",".join("4" if c == 6 and r >= 5 else "2" if c in (20, 21) else "1" for c in range(COLS)))
    csv = ",\n".join(rows)
    path = folder / "field.tmx"
    path.write_text(f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="{COLS}" height="{ROWS}" tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="1">
 <tileset firstgid="1" name="terrain" tilewidth="16" tileheight="16" tilecount="4" columns="4">
  <image source="terrain.png" width="64" height="16"/>
  <tile id="0"><properties><property name="terrain" value="plains"/></properties></tile>
  <tile id="1"><properties><property name="terrain" value="forest"/></properties></tile>
  <tile id="2"><properties><property name="terrain" value="hills"/></properties></tile>
  <tile id="3"><properties><property name="terrain" value="water"/></properties></tile>
 </tileset>
 <layer id="1" name="terrain" width="{COLS}" height="{ROWS}">
  <data encoding="csv">
{csv}
</data>
 </layer>
</map>
""", encoding="utf-8")
    return path


@pytest.fixture
def lake_game(tmp_path: Path) -> Path:
    """Blue's b1 goes round the lake's northern end; Red's r1 stands far east, behind the wood."""
    lake_map(tmp_path)
    scenario = tmp_path / "field.toml"
    scenario.write_text(SCENARIO.replace("at = [2.5, 5.5]", f"at = [{ORIGIN.x}, {ORIGIN.y}]")
                        .replace("at = [13.5, 5.5]", "at = [36.5, 7.5]"), encoding="utf-8")
    save = tmp_path / "field.kssave"
    with Game.new(scenario, save) as game:
        assert game.submit(f"move b1 > {TARGET.x},{TARGET.y}").accepted
        assert game.submit("turn").accepted
    return save


def _searched_path(save: Path) -> tuple[tuple[float, float], ...]:
    """The movement search's own path for b1's move, from the game as it stood before it, in pixels."""
    with Game.open(save, read_only=True) as game:
        start = next(game.states_in_force())
    unit = start.unit("b1")
    verdict = check_move(start.battlefield, start.ruleset, unit.type_id, ORIGIN, TARGET,
                         allowance_left=start.allowance_left(unit))
    assert verdict.legal
    camera = full_map_camera(public_map(start))
    return tuple((float(x), float(y)) for x, y in (camera.to_screen(p) for p in verdict.path))


def test_a_move_round_an_obstacle_is_drawn_as_the_bent_path_the_search_found(lake_game: Path) -> None:
    searched = _searched_path(lake_game)
    assert len(searched) > 2  # the straight way is under water: the search went round
    debrief = load_debrief(lake_game)
    (move,) = debrief.frames[0].moves
    assert move.path == searched
    # drawn along the bend: the middle of the path's northern leg is the arrow's colour, and the straight line's
    # middle (in the lake) is not
    drawn = debrief.frames[0].umpire()
    (ax, ay), (bx, by) = searched[1], searched[2]
    bend = (round((ax + bx) / 2), round((ay + by) / 2))
    assert drawn.get_at(bend)[:3] == move.colour
    (ox, oy), (tx, ty) = searched[0], searched[-1]
    straight_middle = (round((ox + tx) / 2), round((oy + ty) / 2))
    assert all(drawn.get_at((straight_middle[0] + dx, straight_middle[1] + dy))[:3] != move.colour
               for dx in range(-ARROW_WIDTH, ARROW_WIDTH + 1) for dy in range(-ARROW_WIDTH, ARROW_WIDTH + 1))


def test_an_old_save_without_routes_gets_the_same_path_again(lake_game: Path) -> None:
    """Nothing of the route is in the journal: the debrief of the same save gives the same path every time."""
    first = load_debrief(lake_game).frames[0].moves[0].path
    assert load_debrief(lake_game).frames[0].moves[0].path == first


def test_a_player_who_could_not_see_the_unit_gets_no_arrow_of_its_route(lake_game: Path) -> None:
    debrief = load_debrief(lake_game)
    frame = debrief.frames[0]
    (move,) = frame.moves
    red = frame.player("Red HQ")
    with Game.open(lake_game, read_only=True) as game:
        own = player_picture(game.state, "Red HQ", round_number=None)
    assert pygame.image.tobytes(red, "RGB") == pygame.image.tobytes(own, "RGB")  # exactly Red's own picture
    # nowhere along Blue's route is there a pixel of Blue's arrow on Red's frame
    for (ax, ay), (bx, by) in zip(move.path, move.path[1:]):
        for k in range(11):
            x, y = round(ax + (bx - ax) * k / 10), round(ay + (by - ay) * k / 10)
            assert red.get_at((x, y))[:3] != move.colour, (x, y)
    umpire = frame.umpire()
    (ax, ay), (bx, by) = move.path[1], move.path[2]
    assert umpire.get_at((round((ax + bx) / 2), round((ay + by) / 2)))[:3] == move.colour  # the umpire's has it


def test_the_umpires_frame_has_its_own_legend_not_the_players_words(lake_game: Path) -> None:
    """The umpire's picture says what it shows (everything, the moves as arrows), not "in sight of your units":
    the same view drawn with the players' key differs from it in the legend only."""
    from kriegsspiel.debrief.ruler import umpire_view
    from kriegsspiel.render.player_picture import PLAYER_KEY, UMPIRE_KEY, draw_picture

    with Game.open(lake_game, read_only=True) as game:
        state = game.state
    view, public = umpire_view(state), public_map(state)
    umpire = draw_picture(view, public, key=UMPIRE_KEY)
    players_words = draw_picture(view, public, key=PLAYER_KEY)
    map_height = full_map_camera(public).viewport.height
    width = umpire.get_width()
    top = pygame.Rect(0, 0, width, map_height)
    legend = pygame.Rect(0, map_height, width, umpire.get_height() - map_height)
    assert pygame.image.tobytes(umpire.subsurface(top), "RGB") == pygame.image.tobytes(players_words.subsurface(top), "RGB")
    assert pygame.image.tobytes(umpire.subsurface(legend), "RGB") != pygame.image.tobytes(players_words.subsurface(legend), "RGB")
    assert draw_picture(view, public).get_size() == umpire.get_size()
