"""The window of an area game, headless: posted mouse and key events give orders (drag = move, right-click =
menu), Ctrl+Z undoes, the console adjudicates and confirms; asserted on the session, the journal and the frame."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from kriegsspiel.app.area_window import AreaApp
from kriegsspiel.render.fonts import forget_fonts
from kriegsspiel.store.area import AreaSession
from kriegsspiel.store.journal import read_save

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def app(tmp_path):
    pygame.display.init()
    pygame.font.init()
    (tmp_path / "maps").mkdir()
    shutil.copy(REPO / "kriegsspiel" / "data" / "maps" / "diplomacy-standard.tmx", tmp_path / "maps")
    (tmp_path / "s").mkdir()
    shutil.copy(REPO / "kriegsspiel" / "data" / "scenarios" / "air-power-1901.toml", tmp_path / "s")
    game = AreaSession.new(tmp_path / "s" / "air-power-1901.toml", tmp_path / "g.kssave")
    window = AreaApp(game, pygame.Surface((1400, 900)))
    yield window
    game.close()
    forget_fonts()
    pygame.quit()


def screen_of(app: AreaApp, province: str) -> tuple[int, int]:
    return app.board.to_screen(app.board.centres[province])


def counter_of(app: AreaApp, kind: str, where: str) -> tuple[int, int]:
    for unit, at in app.board.unit_points(app.game.turn.position.units):
        if unit.kind == kind and unit.where == where:
            return app.board.to_screen(at)
    raise AssertionError(f"no {kind} {where}")


def post(app: AreaApp, kind: int, **data) -> None:
    app.handle(pygame.event.Event(kind, **data))
    app.render()


def drag(app: AreaApp, start: tuple[int, int], end: tuple[int, int]) -> None:
    post(app, pygame.MOUSEBUTTONDOWN, button=1, pos=start)
    post(app, pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
    post(app, pygame.MOUSEBUTTONUP, button=1, pos=end)


def right_click(app: AreaApp, pos: tuple[int, int]) -> None:
    """A right click as the window takes it: press and release in place (a right drag pans)."""
    post(app, pygame.MOUSEBUTTONDOWN, button=3, pos=pos)
    post(app, pygame.MOUSEBUTTONUP, button=3, pos=pos)


def type_line(app: AreaApp, text: str) -> None:
    if not app.console_focused:  # the console takes the keys once it has the focus (Enter)
        post(app, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    post(app, pygame.TEXTINPUT, text=text)
    post(app, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")


def test_drag_a_counter_to_move_and_ctrl_z_to_take_it_back(app):
    app.render()
    before = pygame.image.tobytes(app.surface, "RGB")
    drag(app, counter_of(app, "A", "PAR"), screen_of(app, "BUR"))
    assert [(o.power, o.text) for o in app.game.turn.orders] == [("FRANCE", "A PAR - BUR")]
    assert read_save(app.game.path).records[-1].command == "FRANCE: A PAR - BUR"
    after = pygame.image.tobytes(app.surface, "RGB")
    assert after != before  # the arrow is drawn
    # a fleet on a named coast: its move is written from its coast
    drag(app, counter_of(app, "F", "STP/SC"), screen_of(app, "BOT"))
    assert ("RUSSIA", "F STP/SC - BOT") in [(o.power, o.text) for o in app.game.turn.orders]
    post(app, pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="")
    assert [o.text for o in app.game.turn.orders] == ["A PAR - BUR"]
    assert read_save(app.game.path).records[-1].kind == "undo"
    # dragging onto a province it cannot reach: refused in words, nothing journaled
    records = len(read_save(app.game.path).records)
    drag(app, counter_of(app, "A", "MAR"), screen_of(app, "MUN"))
    assert len(read_save(app.game.path).records) == records
    assert app.log[-1][1] and "not next to MAR" in app.log[-1][0]


def test_right_click_menu_gives_support_and_wing_missions(app):
    right_click(app, counter_of(app, "W", "PAR"))
    assert app.menu is not None and app.menu.options[0] == "W PAR S PAR"
    option = "W PAR PATROL MAO"  # far down the list: in a later column of the menu
    index = app.menu.options.index(option)
    assert index >= app.menu.rows()
    column, line = divmod(index, app.menu.rows())
    row = (app.menu.at[0] + column * app.menu.width + 10, app.menu.at[1] + line * app.menu.row_height + 5)
    post(app, pygame.MOUSEBUTTONDOWN, button=1, pos=row)
    assert app.menu is None and ("FRANCE", option) in [(o.power, o.text) for o in app.game.turn.orders]
    right_click(app, counter_of(app, "A", "MAR"))
    assert "A MAR S A PAR - BUR" in app.menu.options or "A MAR S A PAR" in " ".join(app.menu.options)
    post(app, pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    assert app.menu is None


def test_console_adjudicates_then_confirms_and_the_counters_move(app):
    drag(app, counter_of(app, "A", "PAR"), screen_of(app, "BUR"))
    type_line(app, "GERMANY: A MUN - BUR")
    type_line(app, "adjudicate")
    assert any("A PAR - BUR: bounced" in line for line, _ in app.log)
    assert app.game.turn.position.phase == "S1901M"
    type_line(app, "FRANCE: A MAR S A PAR - BUR")
    type_line(app, "confirm")
    assert app.game.turn.position.phase == "F1901M"
    counter_of(app, "A", "BUR")  # the French army stands in Burgundy now
    assert read_save(app.game.path).records[-1].command == "confirm"


def test_play_screenshot_of_an_area_scenario(tmp_path):
    out = tmp_path / "shot.png"
    env = {**os.environ, "PYTHONPATH": str(REPO), "SDL_VIDEODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "kriegsspiel", "play", str(REPO / "kriegsspiel" / "data" / "scenarios" / "diplomacy-1901.toml"),
                           "--screenshot", str(out), "--size", "1200x800"], capture_output=True, text=True, env=env,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (1200, 800)
    # a French counter's blue is on the frame (Paris), as is the sea's
    colours = {tuple(picture.get_at((x, y)))[:3] for x in range(0, 800, 3) for y in range(0, 800, 3)}
    assert (70, 160, 220) in colours and (160, 196, 228) in colours


def test_a_retreat_by_drag_and_a_build_by_right_click(tmp_path):
    pygame.display.init()
    pygame.font.init()
    shutil.copy(REPO / "kriegsspiel" / "data" / "maps" / "diplomacy-standard.tmx", tmp_path)
    scenario = tmp_path / "fall.toml"
    scenario.write_text("\n".join([
        "[scenario]", 'name = "Fall of Belgium"', 'map = "diplomacy-standard.tmx"', 'ruleset = "diplomacy"',
        "seed = 5", "", "[setup]", 'phase = "F1901M"', "[setup.units]", 'FRANCE = ["A BUR", "A PIC"]',
        'GERMANY = ["A BEL", "A BER", "A KIE", "A MUN"]', ""]), encoding="utf-8")
    try:
        with AreaSession.new(scenario, tmp_path / "g.kssave") as game:
            app = AreaApp(game, pygame.Surface((1400, 900)))
            type_line(app, "FRANCE: A PIC - BEL; A BUR S A PIC - BEL")
            type_line(app, "confirm")
            assert game.turn.position.phase == "F1901R"
            german = next(u for u in game.turn.position.units if u.details.get("dislodged"))
            start = next(app.board.to_screen(at) for u, at in app.board.unit_points(game.turn.position.units)
                         if u.uid == german.uid)
            drag(app, start, screen_of(app, "HOL"))
            assert [(o.power, o.text) for o in game.turn.orders] == [("GERMANY", "A BEL R HOL")]
            type_line(app, "confirm")
            assert game.turn.position.phase == "W1901A" and game.turn.position.owners["BEL"] == "FRANCE"
            right_click(app, screen_of(app, "PAR"))
            assert app.menu is not None and app.menu.options == ["A PAR B"]
            post(app, pygame.MOUSEBUTTONDOWN, button=1, pos=(app.menu.at[0] + 5, app.menu.at[1] + 5))
            assert ("FRANCE", "A PAR B") in [(o.power, o.text) for o in game.turn.orders]
            type_line(app, "confirm")
            assert game.turn.position.phase == "S1902M"
            french = sorted(u.where for u in game.turn.position.units if u.power == "FRANCE")
            assert french == ["BEL", "BUR", "PAR"]
            assert any(u.uid == german.uid and u.where == "HOL" for u in game.turn.position.units)
    finally:
        forget_fonts()
        pygame.quit()


def test_two_counters_in_one_province_stand_apart_and_each_is_picked(app):
    """Air Power Diplomacy starts a wing in each capital beside its army or fleet: both counters show whole
    (no overlap at the window's scale) and a click on each picks that unit."""
    from kriegsspiel.app.area_board import counter_radius

    radius = counter_radius(app.board.scale)
    army, wing = counter_of(app, "A", "PAR"), counter_of(app, "W", "PAR")
    assert abs(army[0] - wing[0]) >= 2 * radius and army[1] == wing[1]
    units = app.game.turn.position.units
    assert app.board.unit_at(units, army).kind == "A" and app.board.unit_at(units, wing).kind == "W"
    app.render()
    # inside each counter, left of its letter, is its power's colour, not the other counter's dark ring
    for at in (army, wing):
        assert tuple(app.surface.get_at((at[0] - radius + 4, at[1])))[:3] != (20, 20, 20)


def test_the_panel_wraps_a_long_line_instead_of_cutting_it():
    """The powers to give orders (seven in Diplomacy) are all named: a line wider than the panel wraps."""
    from kriegsspiel.app.area_window import PANEL_WIDTH, _fit
    from kriegsspiel.render.fonts import font

    pygame.font.init()
    face = font(14)
    text = "orders from: AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY"
    lines = _fit(text, face, PANEL_WIDTH - 20)
    assert len(lines) > 1 and " ".join(lines) == text
    assert all(face.size(line)[0] <= PANEL_WIDTH - 20 for line in lines)
    assert "".join(_fit("X" * 400, face, 100)) == "X" * 400
    assert all(face.size(line)[0] <= 100 for line in _fit("X" * 400, face, 100))


def test_a_crowded_province_stacks_its_counters_in_a_block_about_its_centre():
    """A dozen units in one territory (unit profiles) stand in rows about the centre, each a counter apart,
    not in one row running over the neighbours."""
    from kriegsspiel.app.area_board import stack_points
    from kriegsspiel.core.area import AreaUnit

    units = [AreaUnit(f"u{i}", "NORD", "infantry", "ABC", "In") for i in range(12)] + \
            [AreaUnit("v", "SUD", "infantry", "XYZ", "In")]
    points = stack_points(units, {"ABC": (100.0, 100.0), "XYZ": (300.0, 50.0)}, 10.0)
    block = points[:12]
    assert sorted({round(x) for x, _ in block}) == [85, 95, 105, 115]  # 4 columns about x = 100
    assert sorted({round(y) for _, y in block}) == [90, 100, 110]  # 3 rows about y = 100
    assert len(set(block)) == 12 and points[12] == (300.0, 50.0)
