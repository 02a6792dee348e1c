"""Opening the window on an area game (``kriegsspiel play diplomacy-1901``): a new game or a
save continued, the window run until closed, or a headless screenshot."""
from __future__ import annotations

from pathlib import Path

import pygame

from kriegsspiel.app.area_window import AreaApp
from kriegsspiel.errors import UserError
from kriegsspiel.render.fonts import forget_fonts
from kriegsspiel.store.area_game import AreaGame, is_area_path
from kriegsspiel.store.area_pictures import attach_area_pictures


def run_area_app(game: AreaGame, screen: pygame.Surface, title: str) -> int:
    """The area board on an open display until it is closed."""
    app = AreaApp(game, screen, title, on_fullscreen=pygame.display.toggle_fullscreen)
    for note in game.notes:
        app.say(f"note: {note}")
    pygame.key.start_text_input()
    return app.run(present=pygame.display.flip)


def open_area_game(path: Path, scratch: Path | None = None) -> AreaGame:
    """A scenario starts a new game (saved in the games folder, or in ``scratch``); a save is continued.
    The players' pictures are written after each phase (not for a scratch game)."""
    from kriegsspiel.userdirs import new_game_path

    if path.suffix.lower() == ".toml":
        save = new_game_path(path) if scratch is None else scratch / (path.stem + ".kssave")
        game = AreaGame.new(path, save)
    else:
        game = AreaGame.open(path)
    if scratch is None:
        attach_area_pictures(game)
    return game


def run_area_window(game: AreaGame, size: tuple[int, int] | None) -> int:
    """The window until it is closed."""
    pygame.display.init()
    pygame.font.init()
    try:
        screen = pygame.display.set_mode(size or (1500, 950), pygame.RESIZABLE)
        pygame.display.set_caption(f"kriegsspiel: {game.scenario.name} ({game.path.name})")
        pygame.key.set_repeat(350, 35)
        return run_area_app(game, screen, game.scenario.name)
    finally:
        forget_fonts()
        pygame.quit()


def save_area_screenshot(game: AreaGame, out: Path, size: tuple[int, int], frames: int) -> None:
    """Draw ``frames`` frames headless and save the last as a PNG."""
    pygame.display.init()
    pygame.font.init()
    try:
        surface = pygame.Surface(size)
        app = AreaApp(game, surface)
        app.run(max_frames=frames)
        try:
            pygame.image.save(surface, str(out))
        except (OSError, pygame.error) as exc:
            raise UserError(f"--screenshot: {out}: cannot write it ({exc})") from None
    finally:
        forget_fonts()
        pygame.quit()
