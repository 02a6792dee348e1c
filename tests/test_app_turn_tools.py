"""The briefing and victory panel (I), ending a turn (E and the panel's button), Ctrl+Q, the undone line, and the
players' second window (F8), driven headless by posted key and mouse events."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from kriegsspiel.app.app import App
from kriegsspiel.app.briefing import briefing_lines
from kriegsspiel.app.end_turn import end_turn_preview
from kriegsspiel.app.session import TableSession
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.pov import player_picture
from kriegsspiel.scenario.load import load_scenario
from kriegsspiel.scenario.model import ScenarioError
from kriegsspiel.store import Game
from test_app import drag, key, post, screen_of
from test_app_support import SCENARIO, map_loader

REPO = Path(__file__).resolve().parents[1]
BRIEFED = SCENARIO.replace(
    '[[sides]]\nname = "Rebel"\ncolour = "#3050c0"\n',
    '[[sides]]\nname = "Rebel"\ncolour = "#3050c0"\nbriefing = """\nHold Hill 2 until the third round ends.\n"""\n',
).replace('[scenario]\n', '[scenario]\ndescription = "A crossing for the tests."\nrounds = 5\n') + """
[[victory]]
side = "Rebel"
kind = "hold"
zone = "Hill 2"
by_round = 3

[[victory]]
side = "Crown"
kind = "destroy"
"""


def make_app(tmp_path: Path, text: str = BRIEFED, size: tuple[int, int] = (1400, 900)) -> App:
    pygame.display.init()
    pygame.font.init()
    pygame.event.clear()
    (tmp_path / "small.tmx").write_text("<map/>\n", encoding="utf-8")
    scenario = tmp_path / "test.toml"
    scenario.write_text(text, encoding="utf-8")
    game = Game.new(scenario, tmp_path / "test.kssave", map_loader=map_loader)
    window = App(TableSession(game, "Test crossing"), pygame.Surface(size))
    window.run(max_frames=1)
    return window


@pytest.fixture
def app(tmp_path: Path):
    window = make_app(tmp_path)
    yield window
    if window.second.window is not None:
        window.second.close()
    window.session.game.close()
    pygame.event.clear()


def journal(app: App) -> list[str]:
    return [r.command for r in app.session.game.journal_entries()]


def click(app: App, pos: tuple[int, int]) -> None:
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.run(max_frames=app.frames + 1)


# --- the briefing and victory panel ---------------------------------------------------------------------


def test_i_shows_the_briefing_the_conditions_and_where_each_side_stands(app: App) -> None:
    plain = pygame.surfarray.array3d(app.surface).copy()
    key(app, pygame.K_i)
    assert app.briefing_on and app.drawn
    assert not np.array_equal(plain, pygame.surfarray.array3d(app.surface))
    texts = [line.text for line in briefing_lines(app.session.state)]
    assert "A crossing for the tests." in texts
    assert "Hold Hill 2 until the third round ends." in texts
    assert "Victory: Rebel holds Hill 2 at the end of round 3" in texts
    assert "   now: nobody is in Hill 2" in texts
    assert "   now: 4 enemy units left" in texts  # the Crown's condition: every Rebel unit destroyed
    assert "(the scenario gives this side no briefing)" in texts  # the Crown has none
    key(app, pygame.K_ESCAPE)
    assert not app.briefing_on
    assert np.array_equal(plain, pygame.surfarray.array3d(app.surface))


def test_the_standing_follows_the_game(app: App) -> None:
    assert app.run_console_line("force move r2 > 8,12").accepted  # into Hill 2
    lines = briefing_lines(app.session.state)
    standing = next(line for line in lines if line.text.startswith("   now: Rebel alone"))
    assert standing.text == "   now: Rebel alone holds it (1 of Rebel)" and standing.style == "met"


@pytest.mark.parametrize("name", ["demo.toml", "coastal.toml", "v3-weistritz.toml"])  # the ruler games' scenarios
def test_the_shipped_scenarios_brief_every_side(name: str) -> None:
    for path in [REPO / "kriegsspiel" / "data" / "scenarios" / name]:
        scenario = load_scenario(path)
        assert scenario.setup.description, path.name
        for side in scenario.setup.sides:
            assert len(side.briefing) > 80, f"{path.name}: {side.name} has no briefing"


def test_a_briefing_that_is_not_text_is_named_with_its_line(tmp_path: Path) -> None:
    (tmp_path / "small.tmx").write_text("<map/>\n", encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(SCENARIO.replace('name = "Crown"\n', 'name = "Crown"\nbriefing = 3\n'), encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(bad, map_loader=map_loader)
    assert "sides[1]" in str(caught.value) and "briefing" in str(caught.value) and "must be text" in str(caught.value)


# --- end turn ------------------------------------------------------------------------------------------


def test_e_asks_says_what_follows_and_enter_ends_the_turn(app: App) -> None:
    key(app, pygame.K_e)
    assert app.confirming is not None and app.confirming.line == "turn"
    assert app.confirming.lines[0] == "End Rebel's turn?"
    assert "  Rebel ends its turn; Crown to move" in app.confirming.lines
    assert journal(app) == []  # nothing until the umpire says yes
    key(app, pygame.K_RETURN)
    assert journal(app) == ["turn"]
    assert app.session.state.side_to_move == "Crown"


def test_the_last_side_ends_the_round_and_the_question_says_so(app: App) -> None:
    assert app.run_console_line("turn").accepted
    key(app, pygame.K_e)
    assert app.confirming.lines[0] == "End Crown's turn and round 1?"
    assert "  round 1 ends; allowances reset" in app.confirming.lines
    key(app, pygame.K_ESCAPE)
    assert journal(app) == ["turn"] and app.session.state.round == 1


def test_the_end_turn_button_on_the_panel(app: App) -> None:
    rect = app.end_turn_button
    assert rect is not None and rect.left > app.camera.viewport.width  # on the side panel
    assert tuple(app.surface.get_at((rect.left + 1, rect.centery)))[:3] == (255, 200, 120)  # its frame
    click(app, rect.center)
    assert app.confirming is not None and app.confirming.line == "turn"
    key(app, pygame.K_y)
    assert journal(app) == ["turn"]


def test_the_preview_is_what_the_turn_does(app: App) -> None:
    """The dry run's events are the ones the journal then records, with the same dice."""
    game = app.session.game
    preview = end_turn_preview(app.session.state, game.seed, 1)
    outcome = game.submit("turn")
    assert preview == [e.describe() for e in outcome.events]


def test_a_rule_sets_turn_preview_is_asked(tmp_path: Path) -> None:
    coastal = REPO / "kriegsspiel" / "data" / "scenarios" / "coastal.toml"
    with Game.new(coastal, tmp_path / "c.kssave") as game:
        lines = end_turn_preview(game.state, game.seed, 1)
    assert "Red's air turn opens: its aircraft orders come before its other orders" in lines


# --- Ctrl+Q, undo and redo -------------------------------------------------------------------------------


def test_ctrl_q_places_the_note_being_typed_and_quits(app: App, capsys) -> None:
    key(app, pygame.K_w)
    click(app, screen_of(app, WorldPoint(4, 2)))
    post(pygame.event.Event(pygame.TEXTINPUT, text="Ford"))
    key(app, pygame.K_q, mod=pygame.KMOD_CTRL)
    assert not app.running
    assert journal(app) == ["note text umpire 4,2 Ford"]
    assert "every command is already in the save" in app.status and "note being typed was placed" in app.status
    assert "every command is already in the save" in capsys.readouterr().err


def test_ctrl_q_keeps_an_unsent_console_line_and_drops_an_open_question(app: App) -> None:
    key(app, pygame.K_e)  # a question open
    key(app, pygame.K_q, mod=pygame.KMOD_CTRL)
    assert not app.running and journal(app) == []
    assert "the unanswered question (turn) was not done" in app.status


def test_the_line_undone_and_redone_is_shown_over_the_map(app: App) -> None:
    drag(app, screen_of(app, WorldPoint(3.5, 3.5)), screen_of(app, WorldPoint(5.5, 3.5)))
    assert journal(app)[-1].startswith("move r1 > ")
    plain = pygame.surfarray.array3d(app.surface).copy()
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert app.undo_banner[1].startswith("undone: move r1 > ")
    area = app._chooser_area()
    band = pygame.Rect(area.left, area.top + 44, area.width, 30)
    after = pygame.surfarray.array3d(app.surface)
    assert not np.array_equal(plain[band.left:band.right, band.top:band.bottom], after[band.left:band.right, band.top:band.bottom])
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)
    assert app.undo_banner[1].startswith("redone: move r1 > ")
    assert app.run_console_line("turn").accepted
    assert app._table_frame_key()[1] is None  # gone with the next command


# --- the players' second window -----------------------------------------------------------------------


def test_f8_and_a_number_show_that_players_view_live(app: App) -> None:
    key(app, pygame.K_F8)
    assert app.second.choosing
    key(app, pygame.K_2)
    assert app.second.player == "Howe", app.status
    shot = app.second.snapshot()
    assert shot is not None
    # the picture drawn for the window is the player's own picture, pixel for pixel
    own = pygame.image.tobytes(player_picture(app.session.state, "Howe"), "RGB")
    assert pygame.image.tobytes(app.second.view.picture(app.session.state), "RGB") == own
    before = pygame.image.tobytes(shot, "RGB")
    assert app.run_console_line("note arrow Howe 12,12 > 18,6").accepted
    app.run(max_frames=app.frames + 1)
    assert pygame.image.tobytes(app.second.snapshot(), "RGB") != before  # redrawn after the command
    before = pygame.image.tobytes(app.second.snapshot(), "RGB")
    assert app.run_console_line("note arrow Washington 12,12 > 18,6").accepted
    app.run(max_frames=app.frames + 1)
    assert pygame.image.tobytes(app.second.snapshot(), "RGB") == before  # another's note: not a pixel
    key(app, pygame.K_F8)
    key(app, pygame.K_0)
    assert app.second.window is None and app.status == "second window closed"


def test_the_second_windows_mouse_and_close_button_are_its_own(app: App) -> None:
    key(app, pygame.K_F8)
    key(app, pygame.K_1)
    window = app.second.window
    r1 = screen_of(app, WorldPoint(3.5, 3.5))
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=r1, button=1, window=window))
    app.run(max_frames=app.frames + 1)
    assert app.selected is None  # a click in the players' window picks nothing on the umpire's map
    post(pygame.event.Event(pygame.WINDOWCLOSE, window=window))
    app.run(max_frames=app.frames + 1)
    assert app.second.window is None and app.running


def test_no_second_window_says_why(app: App, monkeypatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise pygame.error("no room for another window")

    monkeypatch.setattr(pygame, "Window", refuse)
    key(app, pygame.K_F8)
    key(app, pygame.K_1)
    assert app.second.window is None
    assert app.status_is_error
    assert app.status == "no second window could be opened (no room for another window); use V (view as) on this window instead"


def test_f8_asks_for_a_player_that_exists(app: App) -> None:
    key(app, pygame.K_F8)
    key(app, pygame.K_7)
    assert app.second.window is None and app.status == "no player 7: the scenario has 2" and app.status_is_error


def test_the_second_window_is_drawn_again_when_uncovered(app: App) -> None:
    key(app, pygame.K_F8)
    key(app, pygame.K_1)
    window = app.second.window
    window.get_surface().fill((255, 0, 255))  # what a window on top left behind
    app.run(max_frames=app.frames + 1)
    assert tuple(window.get_surface().get_at((5, 5)))[:3] == (255, 0, 255)  # nothing changed: not redrawn
    post(pygame.event.Event(pygame.WINDOWEXPOSED, window=window))
    app.run(max_frames=app.frames + 1)
    assert tuple(window.get_surface().get_at((5, 5)))[:3] != (255, 0, 255)


def test_the_help_and_the_guide_name_the_table_tools_with_their_keys() -> None:
    from kriegsspiel.app.keys import KEYS

    rows = dict(KEYS)
    assert rows["W"].startswith("notes:")
    assert rows["E or End turn button"].startswith("end turn")
    assert rows["F8, then a number"].startswith("second window:")
    guide = (REPO / "docs" / "umpire.md").read_text(encoding="utf-8")
    for words in ("**Notes and drawings (W)**", "**End turn (E)**", "**Second window (F8)**", "**Quit (Ctrl+Q)**",
                  "**Briefing and victory (I)**"):
        assert words in guide


def test_a_map_path_too_long_for_the_file_system_is_one_finding(tmp_path: Path) -> None:
    """The hostile-input fuzz found it once the briefings moved the shipped scenario's lines."""
    bad = tmp_path / "long.toml"
    bad.write_text(SCENARIO.replace('map = "small.tmx"', f'map = "{"x" * 5000}.tmx"'), encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(bad, map_loader=map_loader)
    # refused by the scenario's schema, before any file system is asked (which said "File name too long")
    assert "scenario.map: must be the Tiled map's path relative to this file, at most 4,096 characters" in str(
        caught.value)
    # within the schema's length, a name longer than the file system takes is one finding too
    bad.write_text(SCENARIO.replace('map = "small.tmx"', f'map = "{"x" * 300}.tmx"'), encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(bad, map_loader=map_loader)
    assert "scenario.map: cannot look for the map (File name too long)" in str(caught.value)
