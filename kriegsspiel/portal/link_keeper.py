"""The links in force of one portal (:class:`~kriegsspiel.portal.service.Portal`), keyed by its players (names
or powers).

The links file beside the save is the umpire's (``kriegsspiel links --revoke`` rewrites it); the journal
keeps each link's hash, never the token. A change of the file is noticed on the next request and journaled.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from kriegsspiel.portal import records as rec
from kriegsspiel.portal.links import LinkBook, links_path


class _Gate(Protocol):
    def run(self, job: Callable[[], Any]) -> Any: ...


class LinkKeeper:
    """Who each link belongs to, for a portal keyed by ``players`` (player names or powers).

    The portal sets ``save``, ``players``, ``gate``, ``game`` (with ``append_portal``) and ``notes`` and
    calls :meth:`_init_links` in its constructor; ``_data`` guards the fields the server's thread reads."""

    save: Path
    players: list[str]
    gate: _Gate
    game: Any
    notes: list[str]
    _data: threading.Lock

    def _init_links(self) -> None:
        self._book = LinkBook(links_path(self.save), {})
        self._book_stamp: int | None = None
        self._link_hashes: dict[str, str] = {}  # the links as the journal knows them (by hash)
        self._link_listeners: list[Callable[[], None]] = []

    def listen_links(self, listener: Callable[[], None]) -> None:
        """Call ``listener()`` (on the thread that noticed it) whenever the links in force change: a revoked
        link's open event stream is then ended at once."""
        self._link_listeners.append(listener)

    def _take_book(self, book: LinkBook) -> list[str]:
        """Use ``book`` and journal (by hash) what changed in it; the notes for the umpire."""
        try:
            stamp = book.path.stat().st_mtime_ns
        except OSError:
            stamp = None
        hashes = book.hashes()

        def write() -> list[str]:  # from the links kept in memory: the whole journal is not read again
            said = rec.reconcile_links(self.game.append_portal, [], hashes, known=self._link_hashes)
            self._link_hashes = dict(hashes)
            return said
        said = self.gate.run(write)
        with self._data:
            self._book, self._book_stamp = book, stamp
        for listener in list(self._link_listeners):
            listener()
        return said

    def player_of(self, token: str) -> str | None:
        """The player (or power) whose link ``token`` is, or None (unknown, revoked or malformed). A links
        file changed by ``kriegsspiel links --revoke`` is read again first, and the change journaled."""
        self.refresh_links()
        with self._data:
            book = self._book
        name = book.player_of(token)
        return name if name in self.players else None

    def refresh_links(self) -> None:
        """Read the links file again when it changed (``kriegsspiel links --revoke``) and journal the change.
        A links file being rewritten or spoilt keeps the links in force."""
        try:
            stamp = self._book.path.stat().st_mtime_ns
        except OSError:
            stamp = None
        if stamp == self._book_stamp:
            return
        try:
            self.notes += self._take_book(LinkBook.load(self.save))
        except Exception:  # noqa: BLE001 - never let a bad file take the links in force away
            pass

    def tokens(self) -> dict[str, str]:
        """Each player's token (for the umpire only: printing links, drawing QR codes)."""
        with self._data:
            return dict(self._book.tokens)

    def revoke(self, player: str) -> str:
        """Give ``player`` a new link (the old one answers 404 at once), journaled by hash; the new token.
        Raises KeyError for a name that is not one of ``players``."""
        if player not in self.players:
            raise KeyError(player)
        book = LinkBook.load(self.save)
        token = book.reissue(player)
        book.save()
        self.notes += self._take_book(book)
        return token
