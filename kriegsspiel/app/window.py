"""Opening a game of any kind in the real window (:class:`~kriegsspiel.app.window_frame.WindowFrame` around
the game's board), and headless screenshots."""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from kriegsspiel.app import placement
from kriegsspiel.app.app import App
from kriegsspiel.app.console import load_history, save_history
from kriegsspiel.app.session import TableSession
from kriegsspiel.app.start_menu import Row, StartMenu
from kriegsspiel.app.debrief_menu import DebriefMenu
from kriegsspiel.app.window_frame import WindowFrame, shots_folder_of_save, window_position
from kriegsspiel.errors import UserError
from kriegsspiel.kernels import missing_notice
from kriegsspiel.render.fonts import forget_fonts
from kriegsspiel.render.terrain import BaseImage
from kriegsspiel.userdirs import config_dir

if TYPE_CHECKING:
    from kriegsspiel.app.area_window import AreaApp
    from kriegsspiel.store import AreaSession, RulerSession


def open_game(path: Path, scratch: Path | None = None) -> tuple[Any, str]:
    """Open ``path`` as the session of its kind (:mod:`kriegsspiel.store.opening`): a scenario (``.toml``)
    starts a new game whose save goes to the user's games folder (:func:`kriegsspiel.userdirs.new_game_path`,
    named by scenario and date) or into ``scratch`` when given; anything else is continued as a save. Every
    player's picture is written next to the save after each round or phase (not for a scratch game).

    Returns (session, title). Raises UserError (ScenarioError, SaveError) with the file and the problem.
    """
    from kriegsspiel.store.opening import is_scenario_path, new_session, open_session
    from kriegsspiel.userdirs import new_game_path

    if is_scenario_path(path):
        save = new_game_path(path) if scratch is None else scratch / (path.stem + ".kssave")
        game = new_session(path, save)
    else:
        game = open_session(path)
    if scratch is None:
        game.attach_pictures()
    return game, title_of(game)


def look_at_save(path: Path) -> tuple[Any, str]:
    """A save of any kind opened read-only (a screenshot of it writes nothing to it): (session, title)."""
    from kriegsspiel.store.opening import look_at

    game = look_at(path)
    return game, title_of(game)


def title_of(game: Any) -> str:
    """The window's title of a session: its scenario's name and its save's file name."""
    return f"{game.scenario.name} ({Path(game.path).name})"


def base_image_for(game: Any) -> tuple[BaseImage | None, str | None]:
    """The map drawn from its Tiled tiles (``render/tiles.py``), or (None, why) to draw flat terrain colours.

    A map whose tiles cannot be drawn (a missing tileset image) falls back to flat colours rather than
    failing, and the returned note tells the umpire: the rules read the map either way.
    """
    map_path = getattr(getattr(game, "scenario", None), "map_path", None)
    if map_path is None:
        return None, None
    try:
        from kriegsspiel.render.tiles import tile_base_image

        return tile_base_image(Path(map_path), game.state.battlefield), None
    except Exception as exc:  # noqa: BLE001 - a map without drawable tiles is still playable in flat colours
        return None, f"map tiles not drawn ({exc}); showing flat terrain colours"


def make_app(game: RulerSession, title: str, surface: pygame.Surface, projector: bool = False) -> App:
    """An App on ``surface`` for ``game``, its map drawn from its tiles when they can be drawn."""
    base, note = base_image_for(game)
    if note is None:
        from kriegsspiel.tiled.loader import terrain_note

        note = terrain_note(game.state.battlefield)  # a map without terrain plays as open ground: say so
    app = App(TableSession(game, title), surface, base_image=base, projector=projector)
    if note:
        app.status, app.status_is_error = note, True
    return app


def save_screenshot(
    game: Any, title: str, out: Path, *, size: tuple[int, int], frames: int, projector: bool = False
) -> None:
    """Draw ``frames`` frames of ``game``'s board (of either kind) headless at ``size`` and save the last one
    as a PNG at ``out``."""
    pygame.display.init()
    pygame.font.init()
    try:
        surface = pygame.Surface(size)
        board = make_board(game, title, surface, projector=projector)
        board.run(max_frames=frames)
        if isinstance(board, App):
            board.map_layer.refine_all(board.camera.scale)
        board.render()
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(surface, str(out))
        except (OSError, pygame.error) as exc:
            raise UserError(f"--screenshot: {out}: cannot write it ({exc}); give a path in a folder you can write") from None
    finally:
        forget_fonts()
        pygame.quit()


#: how long a closing window waits for a debrief being written (seconds): a long game's film takes minutes
DEBRIEF_WAIT_SECONDS = 600.0

#: SDL's drivers that draw into memory only: a window there is one nobody can see.
INVISIBLE_DRIVERS = ("offscreen", "dummy")


def refuse_an_invisible_window() -> None:
    """Start SDL's display and raise UserError when SDL fell back to a driver that shows nothing (no desktop: no DISPLAY nor Wayland),
    unless SDL_VIDEODRIVER asked for it by name (the tests and benchmarks do): an umpire would otherwise wait
    before a window that never appears."""
    pygame.display.init()
    driver = pygame.display.get_driver()
    if driver in INVISIBLE_DRIVERS and os.environ.get("SDL_VIDEODRIVER", "").lower() != driver:
        raise UserError(
            f"no desktop to open a window on (SDL found only its {driver!r} driver); run it on a desktop, "
            "or draw headless with --screenshot FILE.png"
        )


def screen_size() -> tuple[int, int]:
    """The size of the screen the window opens on (the first desktop), in pixels."""
    sizes = pygame.display.get_desktop_sizes()
    if not sizes:
        return placement.DEFAULT_SIZE
    width, height = sizes[0]
    return width, height


def choose_from_menu(frame: WindowFrame, screen: pygame.Surface, rows: list[Row]) -> tuple[Any, str] | None:
    """The start menu in ``frame`` until a file opens as a game: (game, title), or None when the umpire quits.
    A file that does not open says why in the menu, which stays."""
    menu = StartMenu(screen, rows)
    while True:
        menu.running = True
        frame.run(menu, present=pygame.display.flip, fps=30)
        chosen = menu.chosen
        if chosen is None:
            return None
        try:
            return open_game(chosen)
        except UserError as exc:
            menu.refuse(str(exc))


def make_board(game: RulerSession | AreaSession, title: str, surface: pygame.Surface, projector: bool = False) -> App | AreaApp:
    """The board for ``game``'s kind on ``surface``: the ruler table (:class:`App`) or the province board
    (:class:`~kriegsspiel.app.area_window.AreaApp`); both go in the same :class:`WindowFrame`."""
    from kriegsspiel.app.area_window import AreaApp
    from kriegsspiel.store import AreaSession

    if isinstance(game, AreaSession):
        return AreaApp(game, surface, title)
    return make_app(game, title, surface, projector=projector)


def run_window(game: Any, title: str, *, size: tuple[int, int] | None = None, fullscreen: bool = False,
               projector: bool = False, menu: list[Row] | None = None) -> int:
    """The umpire's window on a game of any kind until it is closed; returns the exit code (0).

    ``game`` None shows the start menu (``menu``'s rows) first; the game chosen there is closed here. ``size``
    (``--size``) and ``fullscreen`` (``--fullscreen``) are for this run; without them the window opens as the
    umpire left it last time, fitted to the screen (:class:`WindowFrame` remembers what they chose).
    """
    # Only what the window uses: pygame.init() would also open the sound mixer, which prints ALSA errors
    # in the umpire's terminal on a machine without a sound card.
    pygame.display.init()
    pygame.font.init()
    opened_here = None
    try:
        refuse_an_invisible_window()
        remembered, settings_problem = placement.load()
        settings_notes = [settings_problem] if settings_problem else []
        for note in settings_notes:  # said in the terminal at once, and in the window once a game is open
            print(f"kriegsspiel: {note}", file=sys.stderr)
        frame = WindowFrame(size, fullscreen, remembered, screen_size())
        screen = frame.open(f"kriegsspiel: {title}" if game is not None else "kriegsspiel")
        pygame.key.start_text_input()
        if game is None:
            chosen = choose_from_menu(frame, screen, menu or [])
            if chosen is None:
                _remember(frame)
                return 0
            game, title = opened_here = chosen
            pygame.display.set_caption(f"kriegsspiel: {title}")
            screen = pygame.display.get_surface() or screen
        while True:  # a scenario saved in the set-up mode and played at once (Ctrl+P) is the next game
            board = make_board(game, title, screen, projector=projector)
            board.screenshot_dir = shots_folder_of_save(Path(game.path))
            for note in getattr(game, "notes", []):
                board.tell(f"note: {note}")
            if isinstance(board, App):
                board.follows_display = True
                kernels = missing_notice()
                if kernels:  # said in the terminal too; a window started from a desktop has none
                    board.status, board.status_is_error = kernels, False
                # the lines typed in earlier sessions: Up brings them
                board.console.history, history_problem = load_history(config_dir())
                if history_problem:
                    print(f"kriegsspiel: {history_problem}", file=sys.stderr)
                    settings_notes.append(history_problem)
            for note in settings_notes:
                board.tell(f"note: {note}")
            pygame.key.set_repeat(350, 35)  # held arrows keep panning, held Backspace keeps deleting
            frame.debrief = DebriefMenu(Path(game.path), game)  # Ctrl+D
            code = frame.run(board, present=pygame.display.flip)
            if frame.debrief.busy:
                print("kriegsspiel: waiting for the debrief being written to finish", file=sys.stderr)
                said = frame.debrief.wait(board, DEBRIEF_WAIT_SECONDS)
                print(f"kriegsspiel: {said or 'the debrief is still being written in the background'}", file=sys.stderr)
            follow = getattr(getattr(board, "setup_mode", None), "play_next", None)
            if follow is None:
                break
            if isinstance(board, App):
                save_history(config_dir(), board.console.history)
            game, title = open_game(follow)
            if opened_here is not None:
                opened_here[0].close()
            opened_here = (game, title)
            pygame.display.set_caption(f"kriegsspiel: {title}")
            screen = pygame.display.get_surface() or screen
            settings_notes = []
        problems = [_remember(frame)]
        if isinstance(board, App):
            problems.append(save_history(config_dir(), board.console.history))
        for problem in problems:
            if problem:
                print(f"kriegsspiel: {problem}", file=sys.stderr)
        return code
    finally:
        if opened_here is not None:
            opened_here[0].close()
        forget_fonts()
        pygame.quit()


def _remember(frame: WindowFrame) -> str | None:
    """Keep what the umpire chose for next time; returns None or why it could not be written."""
    return placement.save(frame.to_remember(window_position()))
