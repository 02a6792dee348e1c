"""The one door to every game: a scenario or a save opened as the session of its kind.

The kind is read from the scenario (or the save's embedded scenario): a rule set of kind ``area`` makes an
:class:`~kriegsspiel.store.area.AreaSession`, any other a :class:`~kriegsspiel.store.ruler.RulerSession`.
Nothing above this module asks which kind a game is.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from kriegsspiel.errors import UserError
from kriegsspiel.scenario.area import area_ruleset_of_text, is_area_scenario
from kriegsspiel.store.area import AreaSession
from kriegsspiel.store.journal import LoadedSave, SaveError, read_save
from kriegsspiel.store.ruler import RulerSession
from kriegsspiel.scenario.load import MapLoader, RulesetLoader
from kriegsspiel.store.session import Session, SessionBase, new_save_path
from kriegsspiel.store.verify import Verdict

SCENARIO_SUFFIX = ".toml"


def session_class_of_save(loaded: LoadedSave) -> type[SessionBase]:
    """The session class of a save already read (by its embedded scenario's rule set)."""
    return AreaSession if area_ruleset_of_text(loaded.header.scenario_text) is not None else RulerSession


def session_class_of_scenario(path: Path) -> type[SessionBase]:
    """The session class of a scenario file."""
    return AreaSession if is_area_scenario(path) else RulerSession


def is_scenario_path(path: Path) -> bool:
    """Whether ``path`` names a scenario (to start a game from) rather than a save."""
    return path.suffix.lower() == SCENARIO_SUFFIX


def new_session(scenario_path: str | Path, save_path: str | Path) -> Session:
    """Start the game of a scenario file and create its save (never overwriting a file). Raises the
    scenario's error listing every problem, SaveError when the save exists or cannot be created."""
    scenario_path = Path(scenario_path)
    cls: Any = session_class_of_scenario(scenario_path)
    return cls.new(scenario_path, save_path)


def open_session(path: str | Path, *, read_only: bool = False, upto: int | None = None) -> Session:
    """Open a save and replay its journal as the session of its kind (``upto``: only the first N records,
    read-only). Raises SaveError for a file that is not a save or does not replay."""
    return open_loaded(read_save(path), read_only=read_only, upto=upto)


def open_loaded(loaded: LoadedSave, *, read_only: bool = False, upto: int | None = None) -> Session:
    """:func:`open_session` for a save already read."""
    cls: Any = session_class_of_save(loaded)
    return cls.from_loaded(loaded, read_only=read_only, upto=upto)


def look_at(path: str | Path) -> Session:
    """A scenario's game before its first order (no save is written) or a save, read-only."""
    path = Path(path)
    if is_scenario_path(path):
        cls: Any = session_class_of_scenario(path)
        return cls.unsaved(path)
    return open_session(path, read_only=True)


def start_or_continue(path: Path, save: Path | None, default_save: Path) -> tuple[Session, str]:
    """A scenario's new game (saved to ``save``, else ``default_save``) or a save continued, and the line
    that says which. Raises UserError for ``save`` given with a save (a save continues in its own file)."""
    from kriegsspiel.wording import count

    if is_scenario_path(path):
        target = save or default_save
        session: Any = new_session(path, target)
        return session, f"new game {session.scenario.name!r}, saved to {target}"
    if save:
        raise UserError(f"--save {save}: a save continues in its own file; --save is for a scenario")
    session = open_session(path)
    return session, f"continuing {session.scenario.name!r} from {path} ({count(session.record_count, 'record')})"


def verify_save(path: str | Path, *, map_loader: MapLoader | None = None,
                ruleset_loader: RulesetLoader | None = None) -> Verdict:
    """Check a save of any game end to end without writing anything: replays every record from the start
    (snapshots are compared with the replay, never used in its place) and checks the seals with this
    machine's key (the session of the save's kind does it: ``SessionBase.verify``).

    Raises SaveError (a UserError) only when the file is not a save at all; damage inside a save is a Verdict
    naming the first record that does not match.
    """
    path = Path(path)
    try:
        loaded = read_save(path)
    except SaveError as exc:
        if exc.record is None:
            raise
        return Verdict(path, 0, {}, "", first_bad=str(exc).removeprefix(f"{path}: "), bad_record=exc.record)
    return session_class_of_save(loaded).verify(loaded, map_loader=map_loader, ruleset_loader=ruleset_loader)


__all__ = ["look_at", "new_save_path", "new_session", "open_loaded", "open_session", "session_class_of_save",
           "session_class_of_scenario", "start_or_continue", "verify_save"]
