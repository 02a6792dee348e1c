"""Opening an area game for the window (``kriegsspiel play diplomacy-1901``): a new game or a save
continued. The window itself is every game's (:func:`kriegsspiel.app.window.run_window`)."""
from __future__ import annotations

from pathlib import Path

from kriegsspiel.store.area_game import AreaGame, is_area_path
from kriegsspiel.store.area_pictures import attach_area_pictures


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
