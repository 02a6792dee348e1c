"""The saved games in the user's games folder, newest first: for ``kriegsspiel games`` and the start menu.

:func:`list_games` reads each save's header and journal (quick: no map is loaded); ``replay=True`` also replays
each game to give the round it stands in (slower: every map is loaded). A save that cannot be read is listed
with the reason instead of being skipped, so that the umpire sees it.
"""
from __future__ import annotations

import datetime as _dt
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kriegsspiel.errors import UserError
from kriegsspiel.scenario.load import DEFAULT_RULESET
from kriegsspiel.store.journal import SAVE_SUFFIX, read_save


@dataclass(frozen=True, slots=True)
class SavedGame:
    """One save: its file name, scenario, rule set, round (None unless replayed), when it was last played
    (ISO 8601, UTC: the last journal record's time, else when the game began), and ``problem`` for a save
    that could not be read (then the other fields may be empty)."""

    name: str
    scenario: str
    ruleset: str
    round: int | None
    last_played: str
    path: Path
    records: int = 0
    problem: str | None = None
    phase: str | None = None  # the round or phase it stands in, in words ("Winter 1901, adjustments")

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "scenario": self.scenario, "ruleset": self.ruleset, "round": self.round,
                "last_played": self.last_played, "path": str(self.path), "records": self.records,
                "problem": self.problem, "phase": self.phase}


def list_games(folder: Path, replay: bool = False) -> list[SavedGame]:
    """The saves (``*.kssave``) in ``folder``, the most recently played first, those that cannot be read last;
    [] when the folder is absent."""
    if not folder.is_dir():
        return []
    games = [read_one(path, replay) for path in folder.glob("*" + SAVE_SUFFIX) if path.is_file()]
    games.sort(key=lambda g: (g.last_played, g.name), reverse=True)
    return sorted(games, key=lambda g: g.problem is not None and not g.scenario)  # stable: newest first kept


def read_one(path: Path, replay: bool = False) -> SavedGame:
    """One save as a :class:`SavedGame` (never raises for a bad save: ``problem`` says what is wrong)."""
    try:
        loaded = read_save(path)
    except (UserError, OSError) as exc:
        return SavedGame(path.name, "", "", None, _mtime(path), path, problem=str(exc))
    header = loaded.header
    try:
        data = tomllib.loads(header.scenario_text)
        head = data["scenario"] if isinstance(data.get("scenario"), dict) else data
        ruleset = str(head.get("ruleset", DEFAULT_RULESET))
    except (ValueError, RecursionError):  # TOMLDecodeError, or a number of 5,000 digits
        ruleset = ""
    last = loaded.records[-1].at if loaded.records else header.created
    round_now: int | None = None
    phase: str | None = None
    problem = None
    if replay:  # the round (an area game: the phase, counted) it stands in
        from kriegsspiel.store.opening import open_loaded

        try:
            with open_loaded(loaded, read_only=True) as session:
                round_now, phase = session.phase_number(), session.phase_words()
        except UserError as exc:
            problem = str(exc)
    return SavedGame(path.name, header.scenario_name, ruleset, round_now, last, path, len(loaded.records), problem,
                     phase)


def _mtime(path: Path) -> str:
    try:
        stamp = path.stat().st_mtime
    except OSError:
        return ""
    return _dt.datetime.fromtimestamp(stamp, _dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")  # as the journal writes


def local_time(iso: str) -> str:
    """``2026-11-25T21:03:00Z`` as the local ``2026-11-25 22:03``; the text unchanged when it is no time."""
    try:
        return _dt.datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return iso
