"""The debrief published to the players: written next to the save (``<save>-debrief/``) once the game is over,
and served by the portal to every player's link only while the game stays over.

A game in play is never published: its debrief shows the whole truth, which is the umpire's alone.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from kriegsspiel.errors import UserError

#: the files of a published debrief the portal may serve (the page, its style and script, its pictures)
SERVED_NAME = re.compile(r"index\.html|debrief\.(js|css)|frames/[0-9]{3,4}-(umpire|player-[0-9]{1,3})\.png")
CONTENT_TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".png": "image/png"}


class GameInPlay(UserError):
    """The debrief of a game still in play cannot be published."""


def published_folder(save: Path) -> Path:
    """``<save without its suffix>-debrief/`` beside the save."""
    save = Path(save)
    return save.with_name(save.stem + "-debrief")


def game_over(game: Any) -> bool:
    """True when ``game`` (a ruler or an area game) has ended."""
    state = getattr(game, "state", None)
    if state is not None and hasattr(state, "finished"):
        return bool(state.finished)
    turn = getattr(game, "turn", None)
    return turn is not None and getattr(turn, "winner", None) is not None


def publish(save: Path) -> Path:
    """Write the debrief of the finished game ``save`` into :func:`published_folder`; returns the page.
    Raises GameInPlay for a game not over, SaveError for a save that does not open."""
    from kriegsspiel.debrief import load_debrief, write_page

    debrief = load_debrief(Path(save))
    if not debrief.finished:
        raise GameInPlay(f"{save}: the game is still in play ({debrief.result}); a debrief is published to the "
                         "players only once the game is over (--out DIR writes the umpire's own copy)")
    return write_page(debrief, published_folder(Path(save)))


def published_file(save: Path, name: str) -> Path | None:
    """The file ``name`` (one of :data:`SERVED_NAME`) of the debrief published for ``save``, or None."""
    if not SERVED_NAME.fullmatch(name):
        return None
    path = published_folder(Path(save)) / name
    return path if path.is_file() and not path.is_symlink() else None
