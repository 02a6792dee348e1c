"""What the umpire does to the round (or phase) orders go to, in the portal
(:class:`~kriegsspiel.portal.service.Portal`): close it, set its deadline, add words to a player's page.
Each is journaled through the gate, kept in memory for the server's thread, and told to the open pages."""
from __future__ import annotations

import datetime as _dt
import threading
from collections.abc import Callable
from typing import Any, Protocol

from kriegsspiel.portal import records as rec


class _Gate(Protocol):
    def run(self, job: Callable[[], Any]) -> Any: ...


def utc_text(moment: _dt.datetime) -> str:
    """``moment`` as the journal and the pages write it: UTC, ISO 8601 to the second."""
    return moment.astimezone(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class RoundControl:
    """The umpire's actions on the round orders go to now (:meth:`ordering_number`).

    The portal sets ``players``, ``gate``, ``game`` (with ``append_portal``), ``_now``, ``_data``,
    ``_closed``, ``_deadlines``, ``_notes`` and ``changes``, and defines ``_tell`` (wake the pages)."""

    players: list[str]
    gate: _Gate
    game: Any
    changes: int
    _now: Callable[[], _dt.datetime]
    _data: threading.Lock
    _closed: set[int]
    _deadlines: dict[int, str]
    _notes: dict[tuple[str, int], list[str]]

    def ordering_number(self) -> int:
        """The number of the round (ruler games) or phase (area games) orders go to now."""
        raise NotImplementedError

    def _tell(self) -> None:
        raise NotImplementedError

    def close_round(self) -> int:
        """Close the round (or phase) orders go to now (journaled); returns its number."""
        def write() -> int:
            number = self.ordering_number()
            if number not in self._closed:
                self.game.append_portal(*rec.close_entry(number))
                with self._data:
                    self._closed.add(number)
                    self.changes += 1
            return number
        number = self.gate.run(write)
        self._tell()
        return number

    def set_deadline(self, minutes: float | None) -> str | None:
        """Orders for the round (or phase) are due ``minutes`` from now (None: no deadline); journaled.
        Returns the deadline (UTC, ISO 8601) or None."""
        def write() -> str | None:
            number = self.ordering_number()
            until = None if minutes is None else utc_text(self._now() + _dt.timedelta(minutes=minutes))
            self.game.append_portal(*rec.deadline_entry(number, until))
            with self._data:
                self.changes += 1
                if until is None:
                    self._deadlines.pop(number, None)
                else:
                    self._deadlines[number] = until
            return until
        until = self.gate.run(write)
        self._tell()
        return until

    def tell(self, player: str, text: str) -> None:
        """Add the umpire's words to ``player``'s page for the round (or phase) orders go to now (journaled;
        the page shows them at once). Raises KeyError for a name that is not one of ``players``."""
        if player not in self.players:
            raise KeyError(player)

        def write() -> None:
            number = self.ordering_number()
            self.game.append_portal(*rec.note_entry(player, number, text))
            with self._data:
                self._notes.setdefault((player, number), []).append(text)
                self.changes += 1
        self.gate.run(write)
        self._tell()
