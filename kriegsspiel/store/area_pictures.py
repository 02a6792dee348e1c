"""Former home of the area games' pictures, kept for callers not yet moved (removed once they are): use
``session.attach_pictures()`` and ``kriegsspiel.store.area.write_phase_pictures``."""
from __future__ import annotations

from pathlib import Path

from kriegsspiel.store.area import AreaSession, picture_inputs, write_phase_pictures


def attach_area_pictures(game: AreaSession) -> Path:
    """``game.attach_pictures()``."""
    return game.attach_pictures()


__all__ = ["attach_area_pictures", "picture_inputs", "write_phase_pictures"]
