"""Where the program writes: the user's data folder (saves, the players' pictures, screenshots) and config
folder (the window's size and place), never the source tree.

The folders are platformdirs' ``user_data_dir("kriegsspiel")`` and ``user_config_dir("kriegsspiel")`` (on Linux
``~/.local/share/kriegsspiel`` and ``~/.config/kriegsspiel``). ``KRIEGSSPIEL_DATA_DIR`` and
``KRIEGSSPIEL_CONFIG_DIR`` replace them (the tests point them at a temporary folder; a user may keep games on
another disk).
"""
from __future__ import annotations

import datetime as _dt
import os
from pathlib import Path

DATA_ENV = "KRIEGSSPIEL_DATA_DIR"
CONFIG_ENV = "KRIEGSSPIEL_CONFIG_DIR"


def data_dir() -> Path:
    """The user's data folder for kriegsspiel (not created here)."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("kriegsspiel", appauthor=False))


def config_dir() -> Path:
    """The user's config folder for kriegsspiel (not created here)."""
    override = os.environ.get(CONFIG_ENV)
    if override:
        return Path(override)
    from platformdirs import user_config_dir

    return Path(user_config_dir("kriegsspiel", appauthor=False))


def games_dir() -> Path:
    """``<data>/games``: every save started without an explicit ``--save``, with its pictures beside it."""
    return data_dir() / "games"


def new_game_path(scenario_path: str | Path, now: _dt.datetime | None = None) -> Path:
    """A new save in :func:`games_dir` named by the scenario and the date, naming no existing file:
    ``games/demo-2026-11-25-2103.kssave``, then ``...-2.kssave``. Creates the folder.

    Raises UserError when the folder cannot be made (naming it and the way out).
    """
    from kriegsspiel.errors import UserError
    from kriegsspiel.store import new_save_path

    folder = games_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(
            f"{folder}: cannot make the games folder ({exc.strerror or exc}); set {DATA_ENV} to a folder you can write"
        ) from None
    # new_save_path names the save beside the path it is given: give it the scenario's name inside the folder
    return new_save_path(folder / Path(scenario_path).name, now)
