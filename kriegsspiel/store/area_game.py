"""Former name of the area session, kept for callers not yet moved (removed once they are): use
``kriegsspiel.store.area.AreaSession`` and ``kriegsspiel.store.opening``."""
from __future__ import annotations

from pathlib import Path

from kriegsspiel.store.area import AreaSession
from kriegsspiel.store.opening import session_class_of_save, session_class_of_scenario

AreaGame = AreaSession


def is_area_path(path: Path) -> bool:
    """Whether ``path`` is an area game's scenario or save (never raises; other files: False)."""
    from kriegsspiel.store.journal import SaveError, read_save

    if path.suffix.lower() == ".toml":
        return session_class_of_scenario(path) is AreaSession
    try:
        return session_class_of_save(read_save(path)) is AreaSession
    except (SaveError, OSError):
        return False
