"""The debrief from the window (issue 33 item 3): Ctrl+D, or the row of a right click on open ground, opens a
menu over either board that writes the debrief page (and the film, with the extra) into ``<save>-debrief/``
and says where on the status line; a finished game's menu also publishes it to the players' links. Headless:
the events are posted to the window frame's loop, the writing runs in its own process as in the window."""
from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from test_debrief_publish import finish, one_round_game

from kriegsspiel.app import debrief_menu, window
from kriegsspiel.app.area_keys import AREA_KEYS
from kriegsspiel.app.keys import KEYS
from kriegsspiel.app.window_frame import WindowFrame
from kriegsspiel.debrief.publish import MARK, published_folder
from kriegsspiel.store import open_session

SIZE = (1280, 800)


def _key(key: int, mod: int = 0, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)


def _click(pos: tuple[int, int], button: int = 1) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]


def _status(board: object) -> str:
    """The board's status line: the ruler table's, or the area board's last log line."""
    status = getattr(board, "status", None)
    return status if isinstance(status, str) else board.log[-1][0]  # type: ignore[attr-defined]


def _frames(frame: WindowFrame, board: object, *events: pygame.event.Event, count: int = 1) -> None:
    pygame.event.clear()
    for event in events:
        pygame.event.post(event)
    frame.run(board, max_frames=count)  # type: ignore[arg-type]


def _until_written(frame: WindowFrame, board: object, seconds: float = 240.0) -> str:
    """Run the window's frames until the debrief being written is done; its status line then."""
    end = time.monotonic() + seconds
    while frame.debrief is not None and frame.debrief.busy and time.monotonic() < end:
        _frames(frame, board)
        time.sleep(0.05)
    assert frame.debrief is not None and not frame.debrief.busy, "the debrief was not written in time"
    return _status(board)


@pytest.fixture
def opened(tmp_path: Path, request: pytest.FixtureRequest):
    """A window (frame and board) on a ruler game of one round (finished or not, as the test's parameter)."""
    save = one_round_game(tmp_path)
    if getattr(request, "param", "over") == "over":
        finish(save)
    pygame.display.init()
    pygame.font.init()
    game = open_session(save)
    board = window.make_board(game, "field", pygame.Surface(SIZE))
    frame = WindowFrame(None, False, None, SIZE)
    frame.debrief = debrief_menu.DebriefMenu(save, game)
    try:
        yield save, frame, board
    finally:
        if frame.debrief.busy:
            frame.debrief.wait(board, 240)
        game.close()


def test_the_key_is_in_both_boards_help() -> None:
    assert debrief_menu.HELP_ROW in KEYS and debrief_menu.HELP_ROW in AREA_KEYS
    assert "Ctrl+D" in debrief_menu.HELP_ROW[0]


def test_ctrl_d_writes_the_page_beside_the_save_and_says_where(opened) -> None:
    save, frame, board = opened
    _frames(frame, board, _key(pygame.K_d, pygame.KMOD_CTRL))
    assert frame.debrief.rows is not None
    labels = [row.label for row in frame.debrief.rows]
    assert labels[0] == "Write the debrief page" and any(label.startswith("Publish") for label in labels)
    box = frame.debrief._box(board.surface)
    assert board.surface.get_at(box.center)[:3] != (0, 0, 0) and board.surface.get_at((box.x, box.y + 1))[:3] == (90, 80, 50)
    _frames(frame, board, _key(pygame.K_1, unicode="1"), pygame.event.Event(pygame.TEXTINPUT, text="1"))
    assert frame.debrief.rows is None and frame.debrief.busy
    folder = published_folder(save)
    assert _status(board).startswith(f"writing the debrief into {folder}")
    assert "1" not in board.console.text  # the digit chose the row; it was not typed anywhere
    said = _until_written(frame, board)
    assert said == f"debrief written: {folder / 'index.html'} (open it in a browser)", said
    assert (folder / "index.html").is_file() and (folder / "frames" / "001-umpire.png").is_file()
    assert not (folder / MARK).exists()  # the umpire's own copy: not the players' until published


def test_the_publish_row_publishes_a_finished_game_with_its_film(opened) -> None:
    save, frame, board = opened
    _frames(frame, board, _key(pygame.K_d, pygame.KMOD_CTRL))
    rows = frame.debrief.rows
    index = next(i for i, row in enumerate(rows) if row.publish)
    target = frame.debrief._row_rects(board.surface)[index].center
    _frames(frame, board, *_click(target))
    assert frame.debrief.busy
    said = _until_written(frame, board)
    folder = published_folder(save)
    assert said.startswith(f"published to every player's link: {folder / 'index.html'}"), said
    assert (folder / MARK).is_file()
    if debrief_menu.film_possible():
        assert said.endswith("with the film")
        assert (folder / "debrief.mp4").stat().st_size > 1000
        assert 'href="debrief.mp4"' in (folder / "index.html").read_text(encoding="utf-8")
        assert not list(folder.glob("*.part.mp4"))


@pytest.mark.parametrize("opened", ["in play"], indirect=True)
def test_a_game_in_play_is_not_offered_to_the_players_and_esc_closes_the_menu(opened) -> None:
    save, frame, board = opened
    _frames(frame, board, _key(pygame.K_d, pygame.KMOD_CTRL))
    assert frame.debrief.rows and not any(row.publish for row in frame.debrief.rows)
    _frames(frame, board, _key(pygame.K_ESCAPE))
    assert frame.debrief.rows is None and not frame.debrief.busy
    assert not published_folder(save).exists()


def test_the_ground_menus_row_opens_the_debrief_menu(opened) -> None:
    save, frame, board = opened
    spot = board.camera.to_screen(board.camera.to_world(200, 300))
    _frames(frame, board, *_click((round(spot[0]), round(spot[1])), button=3))
    menu = board.tools.menu.shown
    assert menu is not None and debrief_menu.MENU_ROW in menu.items
    row = menu.rect(menu.items.index(debrief_menu.MENU_ROW)).center
    _frames(frame, board, *_click(row), count=2)  # the row posts the frame's event; the next frame opens it
    assert frame.debrief.rows is not None


def test_the_area_board_writes_its_debrief_from_a_right_click(tmp_path: Path) -> None:
    from debrief_support import diplomacy_save

    save = diplomacy_save(tmp_path)
    pygame.display.init()
    pygame.font.init()
    game = open_session(save)
    board = window.make_board(game, "diplomacy", pygame.Surface(SIZE))
    frame = WindowFrame(None, False, None, SIZE)
    frame.debrief = debrief_menu.DebriefMenu(save, game)
    try:
        view = board.board.view_rect
        sea = next((x, y) for y in range(view.top + 5, view.bottom, 20) for x in range(view.left + 5, view.right, 20)
                   if board.board.province_at((x, y)) is None and board.board.unit_at(game.turn.position.units, (x, y)) is None)
        _frames(frame, board, *_click(sea, button=3))
        assert board.menu is not None and board.menu.options == [debrief_menu.MENU_ROW]
        _frames(frame, board, *_click((board.menu.at[0] + 10, board.menu.at[1] + 5)), count=2)
        assert frame.debrief.rows is not None
        assert not any(row.publish for row in frame.debrief.rows)  # the game is in play
        _frames(frame, board, _key(pygame.K_1, unicode="1"))
        said = _until_written(frame, board)
        folder = published_folder(save)
        assert said == f"debrief written: {folder / 'index.html'} (open it in a browser)", said
        assert (folder / "frames" / "001-umpire.png").is_file()
    finally:
        if frame.debrief.busy:
            frame.debrief.wait(board, 240)
        game.close()


@pytest.mark.parametrize("opened", ["in play"], indirect=True)
def test_a_save_that_cannot_be_read_is_said_in_red_and_leaves_no_folder(opened) -> None:
    save, frame, board = opened
    save.rename(save.with_suffix(".moved"))  # gone from under the window (a mount lost, a careless hand)
    _frames(frame, board, _key(pygame.K_d, pygame.KMOD_CTRL))
    _frames(frame, board, _key(pygame.K_1, unicode="1"))
    said = _until_written(frame, board)
    assert said.startswith(f"debrief not written: {save}") and board.status_is_error, said
    assert not published_folder(save).exists()
