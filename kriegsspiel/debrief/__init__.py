"""The debrief: a finished (or paused) game replayed for everyone, turn by turn.

``load_debrief(save)`` reads a save of either kind into a :class:`Debrief` (frames drawn on demand);
``write_page(debrief, folder)`` writes a self-contained page (``index.html`` and its pictures, no outside
request); ``write_movie(debrief, file)`` renders the same sequence as a film (needs the ``debrief`` extra).
See ``docs/umpire.md``, "Debrief".
"""
from __future__ import annotations

from pathlib import Path

from kriegsspiel.debrief.model import Debrief, Frame, Move
from kriegsspiel.debrief.movie import MissingEncoder, write_movie
from kriegsspiel.debrief.page import write_page

__all__ = ["Debrief", "Frame", "MissingEncoder", "Move", "load_debrief", "write_movie", "write_page"]


def load_debrief(path: Path) -> Debrief:
    """The debrief of the save at ``path``, of a ruler or an area game (opened read-only as the session of its
    kind). Raises SaveError (a UserError) for a save that does not open or replay."""
    from kriegsspiel.store import AreaSession, open_session

    with open_session(path, read_only=True) as game:
        if isinstance(game, AreaSession):
            from kriegsspiel.debrief.area import area_debrief

            return area_debrief(game)
        from kriegsspiel.debrief.ruler import ruler_debrief

        return ruler_debrief(game)
