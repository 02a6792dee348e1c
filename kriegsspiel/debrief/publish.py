"""The debrief published to the players: written next to the save (``<save>-debrief/``) once the game is over,
and served by the portal to every player's link only while the game stays over.

The umpire's own copy may be written into the same folder (the window does); only :func:`publish` marks it
published (the file :data:`MARK`, written last), and the portal serves nothing of a folder without the mark. A
game in play is never published: its debrief shows the whole truth, which is the umpire's alone.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kriegsspiel.errors import UserError

#: the files of a published debrief the portal may serve (the page, its style and script, its pictures, its film)
SERVED_NAME = re.compile(r"index\.html|debrief\.(js|css|mp4|webm|gif)|frames/[0-9]{3,4}-(umpire|player-[0-9]{1,3})\.png")
CONTENT_TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".png": "image/png",
                 ".mp4": "video/mp4", ".webm": "video/webm", ".gif": "image/gif"}
#: written last by :func:`publish`: the folder is the players' from then on
MARK = "published"
#: the published film's name, by its suffix (one at most: publishing again takes away the one before)
FILM_NAMES = ("debrief.mp4", "debrief.webm", "debrief.gif")


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


def publish(save: Path, film: Path | None = None,
            progress: Callable[[int, int], None] | None = None) -> Path:
    """Write the debrief of the finished game ``save`` into :func:`published_folder` and mark it published;
    returns the page. ``film``: a film of this debrief (:func:`kriegsspiel.debrief.write_movie`) to publish
    with it, copied in as ``debrief.<suffix>`` and linked from the page; a film published before is taken
    away. Raises GameInPlay for a game not over, SaveError for a save that does not open, OSError when the
    folder cannot be written."""
    from kriegsspiel.debrief import load_debrief, write_page
    from kriegsspiel.pov.png import write_atomically

    debrief = load_debrief(Path(save))
    if not debrief.finished:
        raise GameInPlay(f"{save}: the game is still in play ({debrief.result}); a debrief is published to the "
                         "players only once the game is over (--out DIR writes the umpire's own copy)")
    folder = published_folder(Path(save))
    folder.mkdir(parents=True, exist_ok=True)
    (folder / MARK).unlink(missing_ok=True)  # nothing is served while the folder is rewritten
    name = None if film is None else "debrief" + film.suffix.lower()
    if name is not None and name not in FILM_NAMES:
        raise UserError(f"{film}: a film is .mp4, .webm or .gif")
    for old in FILM_NAMES:
        if old != name:
            (folder / old).unlink(missing_ok=True)
    if film is not None and name is not None and Path(film).resolve() != (folder / name).resolve():
        write_atomically(folder / name, Path(film).read_bytes(), root=folder)
    page = write_page(debrief, folder, progress, film=name)
    write_atomically(folder / MARK, b"published by the umpire\n", root=folder)
    return page


def is_published(save: Path) -> bool:
    """True when the umpire published the debrief of ``save`` (its folder holds the mark)."""
    mark = published_folder(Path(save)) / MARK
    return mark.is_file() and not mark.is_symlink()


def published_file(save: Path, name: str) -> Path | None:
    """The file ``name`` (one of :data:`SERVED_NAME`) of the debrief published for ``save``, or None (also
    when the folder holds the umpire's own copy, not published)."""
    if not SERVED_NAME.fullmatch(name) or not is_published(save):
        return None
    path = published_folder(Path(save)) / name
    return path if path.is_file() and not path.is_symlink() else None


def published_film(save: Path) -> str | None:
    """The name of the film published with the debrief of ``save`` (``debrief.mp4``...), or None."""
    return next((name for name in FILM_NAMES if published_file(save, name) is not None), None)
