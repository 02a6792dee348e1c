"""Saves on disk: the hash-chained journal, the Game session that ties state and journal together."""
from __future__ import annotations

from kriegsspiel.store.check import check_save_file
from kriegsspiel.store.game import Game, Outcome, new_save_path
from kriegsspiel.store.journal import SAVE_SUFFIX, JournalRecord, SaveError, SaveHeader, read_save

__all__ = ["SAVE_SUFFIX", "Game", "JournalRecord", "Outcome", "SaveError", "SaveHeader", "check_save_file",
           "new_save_path", "read_save"]
