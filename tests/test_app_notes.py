"""Notes and drawings (W) in the umpire's window, driven headless by posted key and mouse events, and the fog
of war around them: a player's note is in that player's picture and report alone."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from kriegsspiel.app.app import App
from kriegsspiel.core.commands import EraseNote, Note, NotationError, format_command, parse_command
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.game import apply
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.sight import player_view
from kriegsspiel.store.round_desk import report_text
from kriegsspiel.pov import player_picture
from kriegsspiel.render.notes import NOTE_INK, UMPIRE_INK
from kriegsspiel.store import Game
from test_app import drag, key, post, screen_of
from test_app_support import map_loader
from test_app_viewas import make_app


@pytest.fixture
def app(tmp_path: Path):
    window = make_app(tmp_path, (1400, 900))
    yield window
    window.session.game.close()
    pygame.event.clear()


def click(app: App, pos: tuple[int, int]) -> None:
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.run(max_frames=app.frames + 1)


def type_text(app: App, text: str) -> None:
    for ch in text:
        post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()) if ch.isalnum() else pygame.K_SPACE, mod=0))
        post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.run(max_frames=app.frames + 1)


def journal(app: App) -> list[str]:
    return [r.command for r in app.session.game.journal_entries()]


def test_a_drag_in_the_note_mode_draws_an_arrow_for_the_chosen_player(app: App) -> None:
    key(app, pygame.K_w)
    assert app.tools.is_active(app.tools.notes)
    key(app, pygame.K_2)  # the scenario's second player
    a, b = screen_of(app, WorldPoint(12, 12)), screen_of(app, WorldPoint(18, 6))
    drag(app, a, b)
    assert journal(app) == ["note arrow Howe 12,12 > 18,6"]
    (note,) = app.session.state.notes
    assert (note.id, note.shape, note.audience) == ("n1", "arrow", "Howe")
    assert app.selected is None and app.session.state.unit("r1").position == WorldPoint(3.5, 3.5)  # nothing moved
    middle = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    assert tuple(app.surface.get_at(middle))[:3] == NOTE_INK  # drawn on the umpire's map
    assert "n1: Howe" in app.status or "for Howe" in app.status


def test_a_click_writes_a_text_note_and_undo_takes_it_back(app: App) -> None:
    key(app, pygame.K_w)  # the umpire only (0) is the first choice
    click(app, screen_of(app, WorldPoint(4, 2)))
    assert app.tools.notes.typing_at is not None
    type_text(app, "Check the ford")
    assert app.session.state.notes == ()  # nothing journaled while typing, and no key reached the map
    assert app.tools.aiming.order is None and not app.tools.is_active(app.tools.ruler)
    key(app, pygame.K_RETURN)
    assert journal(app) == ["note text umpire 4,2 Check the ford"]
    assert app.session.state.notes[0].text == "Check the ford"
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert app.session.state.notes == ()
    assert app.undo_banner is not None and "note text umpire 4,2 Check the ford" in app.undo_banner[1]
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)
    assert [n.text for n in app.session.state.notes] == ["Check the ford"]


def test_escape_drops_a_text_and_w_leaves_the_mode(app: App) -> None:
    key(app, pygame.K_w)
    click(app, screen_of(app, WorldPoint(4, 2)))
    type_text(app, "x")
    key(app, pygame.K_ESCAPE)
    assert app.tools.notes.typing_at is None and app.tools.is_active(app.tools.notes)
    key(app, pygame.K_w)
    assert not app.tools.is_active(app.tools.notes)
    assert app.session.state.notes == () and journal(app) == []


def test_a_line_for_the_umpire_and_delete_erases_the_note_under_the_mouse(app: App) -> None:
    key(app, pygame.K_w)
    key(app, pygame.K_l)
    key(app, pygame.K_0)
    a, b = screen_of(app, WorldPoint(16, 1)), screen_of(app, WorldPoint(22, 1))
    drag(app, a, b)
    assert journal(app) == ["note line umpire 16,1 > 22,1"]
    middle = ((a[0] + b[0]) // 2, a[1])
    assert tuple(app.surface.get_at(middle))[:3] == UMPIRE_INK
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=middle, rel=(0, 0), buttons=(0, 0, 0)))
    key(app, pygame.K_DELETE)
    assert journal(app)[-1] == "unnote n1"
    assert app.session.state.notes == ()
    assert tuple(app.surface.get_at(middle))[:3] != UMPIRE_INK


def test_start_note_then_enter_places_a_text_there(app: App) -> None:
    """The entry the right-click menu's "note here" calls."""
    app.tools.notes.start(app, WorldPoint(10.5, 2.25))
    type_text(app, "Here")
    key(app, pygame.K_RETURN)
    assert journal(app) == ["note text umpire 10.5,2.25 Here"]


def test_start_note_then_a_click_elsewhere_draws_an_arrow_from_there(app: App) -> None:
    key(app, pygame.K_w)
    key(app, pygame.K_1)
    app.tools.notes.start(app, WorldPoint(2, 2))
    click(app, screen_of(app, WorldPoint(6, 4)))
    assert journal(app) == ["note arrow Washington 2,2 > 6,4"]


def test_notes_are_reopened_with_the_save(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    for line in ("note arrow Howe 1,1 > 5,5", "note text Washington 3,3 Hold", "unnote n1"):
        assert app.run_console_line(line).accepted
    app.session.game.close()
    with Game.open(tmp_path / "test.kssave", map_loader=map_loader) as game:
        assert [(n.id, n.audience, n.text) for n in game.state.notes] == [("n2", "Washington", "Hold")]


def test_a_note_for_one_player_is_in_no_other_players_picture_or_report(app: App) -> None:
    state0 = app.session.state
    before = {p: pygame.image.tobytes(player_picture(state0, p), "RGB") for p in ("Washington", "Howe")}
    for line in ("note arrow Howe 12,12 > 18,6", "note text Howe 19,2 Secret plan", "note line umpire 2,14 > 10,14"):
        assert app.run_console_line(line).accepted
    state = app.session.state
    # Washington's picture is the same, pixel for pixel: no line, no text of Howe's or the umpire's notes
    assert pygame.image.tobytes(player_picture(state, "Washington"), "RGB") == before["Washington"]
    assert player_view(state, "Washington").notes == ()
    assert "Secret plan" not in report_text(player_view(state, "Washington"), "Round 1")
    # Howe's shows his two notes, and his report lists them; the umpire's line is in no picture
    assert pygame.image.tobytes(player_picture(state, "Howe"), "RGB") != before["Howe"]
    assert [n.shape for n in player_view(state, "Howe").notes] == ["arrow", "text"]
    assert "Secret plan" in report_text(player_view(state, "Howe"), "Round 1")


def test_the_umpires_note_changes_no_players_picture(app: App) -> None:
    before = pygame.image.tobytes(player_picture(app.session.state, "Howe"), "RGB")
    assert app.run_console_line("note arrow umpire 12,12 > 18,6").accepted
    assert pygame.image.tobytes(player_picture(app.session.state, "Howe"), "RGB") == before


@pytest.mark.parametrize("text", [
    "note arrow umpire 1,2 > 3.5,4", 'note text "Lord Howe" 1,2 Hold > the ford', "note line Alice 0,0>1,1",
    "unnote n3",
])
def test_the_note_notation_reads_back_what_it_writes(text: str) -> None:
    command = parse_command(text)
    assert isinstance(command, (Note, EraseNote))
    assert parse_command(format_command(command)) == command


@pytest.mark.parametrize("text, words", [
    ("note circle umpire 1,1 > 2,2", "an arrow, a line or text"),
    ("note arrow umpire 1,1", "expected one '>'"),
    ("note text umpire 1,1", "no text"),
    ("unnote", "one note id"), ("unnote n1 n2", "one note id"),
    ('note text "Lord Howe 1,1 x', "no closing"),
])
def test_a_bad_note_line_says_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_command(text)
    assert words in str(caught.value)


def test_the_rules_refuse_notes_for_nobody_or_off_the_map(app: App) -> None:
    state = app.session.state
    for command, words in [
        (Note("arrow", "Bob", WorldPoint(1, 1), WorldPoint(2, 2)), "no player 'Bob'"),
        (Note("arrow", "umpire", WorldPoint(1, 1), WorldPoint(99, 2)), "on the map"),
        (Note("line", "umpire", WorldPoint(1, 1), WorldPoint(1, 1)), "two different points"),
        (Note("text", "howe", WorldPoint(1, 1), None, "x" * 201), "at most 200"),
        (EraseNote("n9"), "no note 'n9'"),
    ]:
        outcome = apply(state, command, Dice(1, 1))
        assert not outcome.accepted and words in outcome.reason
        assert outcome.forceable is False
    accepted = apply(state, Note("text", "howe", WorldPoint(1, 1), None, "x"), Dice(1, 1))
    assert accepted.state.notes[0].audience == "Howe"  # the player's name as the scenario writes it


def test_a_snapshot_carries_the_notes_and_a_game_without_notes_writes_none(app: App) -> None:
    from kriegsspiel.store.snapshot import decode_state, encode_state

    start = next(iter(app.session.game.states_in_force()))
    assert "notes" not in encode_state(start, start)  # snapshots of older saves still agree with the replay
    assert app.run_console_line("note text Howe 19,2 Secret plan").accepted
    state = app.session.state
    data = encode_state(state, start)
    assert data is not None and "notes" in data
    assert decode_state(data, start).notes == state.notes


def test_verify_and_the_portal_sheets_of_a_game_with_notes(app: App) -> None:
    from kriegsspiel.store.round_desk import draw_sheets
    from kriegsspiel.store import verify_save

    before = draw_sheets(app.session.state, 1, ["Washington", "Howe"])
    assert app.run_console_line("note text Howe 19,2 Secret plan").accepted
    assert app.run_console_line("note arrow Howe 12,12 > 18,6").accepted
    after = draw_sheets(app.session.state, 1, ["Washington", "Howe"])
    assert after["Washington"] == before["Washington"]  # the page's picture and report: not a byte of it
    assert after["Howe"].png != before["Howe"].png and "Secret plan" in after["Howe"].report
    app.session.game.close()
    verdict = verify_save(app.session.game.path, map_loader=map_loader)
    assert verdict.intact and verdict.records == 2, verdict.describe()


def test_while_viewing_as_a_player_the_numbers_are_the_chooser_s_not_the_notes(app: App) -> None:
    key(app, pygame.K_w)
    key(app, pygame.K_v)
    key(app, pygame.K_2)
    assert app.view_as == "Howe" and app.tools.notes.audience == "umpire"
    key(app, pygame.K_v)
    key(app, pygame.K_2)
    assert app.tools.notes.audience == "Howe"


def test_tab_chooses_whom_a_note_is_for_while_its_text_is_typed(app: App) -> None:
    app.tools.notes.start(app, WorldPoint(5, 5))
    type_text(app, "3 guns")  # a digit while typing is text, not a choice
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert journal(app) == ["note text Howe 5,5 3 guns"]
    key(app, pygame.K_TAB)  # after the last player: the umpire again
    assert app.tools.notes.audience == "umpire"


def test_note_here_in_the_ground_menu_starts_a_text_at_the_point_clicked(app: App) -> None:
    here = WorldPoint(12.5, 10.5)
    pos = screen_of(app, here)
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3))
    app.run(max_frames=app.frames + 1)
    assert app.tools.menu.shown is not None and "note here" in app.tools.menu.shown.items
    click(app, app.tools.menu.shown.rect(app.tools.menu.shown.items.index("note here")).center)
    assert app.tools.is_active(app.tools.notes) and app.tools.notes.typing_at is not None
    type_text(app, "Ford")
    key(app, pygame.K_RETURN)
    (line,) = journal(app)
    assert line.startswith("note text umpire 12.") and line.endswith(" Ford")
    note = app.session.state.notes[0]
    assert abs(note.start.x - here.x) < 0.05 and abs(note.start.y - here.y) < 0.05
