"""Former home of the area games' pictures, kept for the window's modules until they move (removed then): use
``session.attach_pictures()`` and ``kriegsspiel.store.pictures``."""
from __future__ import annotations

from pathlib import Path

from kriegsspiel.store.area import AreaSession
from kriegsspiel.store.pictures import picture_inputs, write_phase_pictures


def attach_area_pictures(game: AreaSession) -> Path:
    """``game.attach_pictures()``."""
    return game.attach_pictures()


__all__ = ["attach_area_pictures", "picture_inputs", "write_phase_pictures"]
