"""Saves on disk and the sessions that play them: the hash-chained journal, one session base for every game
(``session.py``), the ruler and area sessions (``ruler.py``, ``area.py``) and the one door that opens a path
as the right one (``opening.py``)."""
from __future__ import annotations

from kriegsspiel.store.area import AreaSession
from kriegsspiel.store.check import check_save_file
from kriegsspiel.store.journal import SAVE_SUFFIX, JournalRecord, SaveError, SaveHeader, read_save
from kriegsspiel.store.opening import look_at, new_session, open_loaded, open_session, start_or_continue, verify_save
from kriegsspiel.store.ruler import RulerSession
from kriegsspiel.store.session import Outcome, Session, SessionBase, new_save_path

#: the ruler games' session under its former name (many callers and tests use it)
Game = RulerSession

__all__ = ["SAVE_SUFFIX", "AreaSession", "Game", "JournalRecord", "Outcome", "RulerSession", "SaveError",
           "SaveHeader", "Session", "SessionBase", "check_save_file", "look_at", "new_save_path", "new_session",
           "open_loaded", "open_session", "read_save", "start_or_continue", "verify_save"]
