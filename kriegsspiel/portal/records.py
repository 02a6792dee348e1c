"""The portal's records in the journal: orders received, links issued and revoked (by hash), rounds closed,
deadlines set. Each is a journal record of kind ``portal`` whose one event is a dict with a "portal" key, so
that it survives a crash with the game, is replayed (and skipped by the rules) and is read back from the save
alone by ``kriegsspiel inbox`` (:mod:`kriegsspiel.portal.inbox`).

A player's orders are kept whole in the journal (the umpire needs them); a token never is: a link is recorded
by the sha256 of its token only.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from kriegsspiel.store.desk import LineVerdict
from kriegsspiel.store.journal import PORTAL_KIND, JournalRecord

ORDERS = "orders"
LINK = "link"
CLOSE = "close"
DEADLINE = "deadline"
NOTE = "note"

#: Writes one portal record (a log line and its data) to the journal, on disk before it returns.
Append = Callable[[str, dict[str, Any]], JournalRecord]


@dataclass(frozen=True, slots=True)
class ReceivedOrders:
    """One sending of a player's orders: ``at`` is the UTC time it was journaled, ``record`` its seq."""

    player: str
    round: int
    text: str
    ready: bool
    digest: str
    at: str
    record: int

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "round": self.round, "text": self.text, "ready": self.ready,
                "digest": self.digest, "at": self.at, "record": self.record}


def digest_of(text: str) -> str:
    """The receipt's short digest of an order text: the first 12 hex digits of its sha256 (UTF-8)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def portal_data(record: JournalRecord) -> dict[str, Any] | None:
    """The data of a portal record, or None for any other record."""
    if record.kind != PORTAL_KIND or not record.events or not isinstance(record.events[0], dict):
        return None
    data = record.events[0]
    return data if isinstance(data.get("portal"), str) else None


def _portal(records: Iterable[JournalRecord], what: str) -> Iterable[tuple[JournalRecord, dict[str, Any]]]:
    for record in records:
        data = portal_data(record)
        if data is not None and data["portal"] == what:
            yield record, data


def received_orders(records: Iterable[JournalRecord]) -> list[ReceivedOrders]:
    """Every sending of orders in the journal, in the order received."""
    found = []
    for record, data in _portal(records, ORDERS):
        text = str(data.get("text", ""))
        found.append(ReceivedOrders(player=str(data.get("player", "")), round=int(data.get("round", 0)),
                                    text=text, ready=bool(data.get("ready", False)), digest=digest_of(text),
                                    at=record.at, record=record.seq))
    return found


def line_verdicts(records: Iterable[JournalRecord]) -> dict[int, tuple[LineVerdict, ...]]:
    """The verdict of each line of every sending that has them, by the sending's record seq."""
    found = {}
    for record, data in _portal(records, ORDERS):
        if isinstance(data.get("lines"), list):
            found[record.seq] = tuple(LineVerdict.from_json(x) for x in data["lines"] if isinstance(x, dict))
    return found


def closed_rounds(records: Iterable[JournalRecord]) -> set[int]:
    """The rounds the umpire closed to orders."""
    return {int(data.get("round", 0)) for _, data in _portal(records, CLOSE)}


def deadlines(records: Iterable[JournalRecord]) -> dict[int, str]:
    """Each round's deadline for orders (UTC, ISO 8601), the last one set; a deadline taken back is absent."""
    found: dict[int, str] = {}
    for _, data in _portal(records, DEADLINE):
        until = data.get("until")
        if isinstance(until, str):
            found[int(data.get("round", 0))] = until
        else:
            found.pop(int(data.get("round", 0)), None)
    return found


def umpire_notes(records: Iterable[JournalRecord]) -> dict[tuple[str, int], list[str]]:
    """The umpire's words to each player, by (player, round), in the order written."""
    found: dict[tuple[str, int], list[str]] = {}
    for _, data in _portal(records, NOTE):
        found.setdefault((str(data.get("player", "")), int(data.get("round", 0))), []).append(str(data.get("text", "")))
    return found


def note_entry(player: str, round_number: int, text: str) -> tuple[str, dict[str, Any]]:
    """The log line and data of the umpire's words to one player, added to their report of the round."""
    return (f"portal: the umpire to {player!r} (round {round_number}): {text}",
            {"portal": NOTE, "player": player, "round": round_number, "text": text})


def link_hashes(records: Iterable[JournalRecord]) -> dict[str, str]:
    """Each player's link in force as the journal knows it: player -> sha256 of the token."""
    found: dict[str, str] = {}
    for _, data in _portal(records, LINK):
        player = str(data.get("player", ""))
        if data.get("action") == "issue":
            found[player] = str(data.get("token_sha256", ""))
        elif data.get("action") == "revoke":
            found.pop(player, None)
    return found


def orders_entry(player: str, round_number: int, text: str, ready: bool) -> tuple[str, dict[str, Any]]:
    """The log line and data of a sending of orders."""
    line = f"portal: orders from {player!r} for round {round_number} ({len(text)} characters, " \
           f"digest {digest_of(text)}{', ready' if ready else ''})"
    return line, {"portal": ORDERS, "player": player, "round": round_number, "text": text, "ready": ready}


def close_entry(round_number: int) -> tuple[str, dict[str, Any]]:
    """The log line and data of closing a round to orders."""
    return f"portal: round {round_number} closed to orders", {"portal": CLOSE, "round": round_number}


def deadline_entry(round_number: int, until: str | None) -> tuple[str, dict[str, Any]]:
    """The log line and data of setting (or, with None, taking back) a round's deadline for orders."""
    line = f"portal: orders for round {round_number} due by {until}" if until else \
        f"portal: no deadline for round {round_number}"
    return line, {"portal": DEADLINE, "round": round_number, "until": until}


def reconcile_links(append: Append, records: Iterable[JournalRecord], hashes: dict[str, str],
                    known: dict[str, str] | None = None) -> list[str]:
    """Journal what changed in the players' links since the journal last heard: a revocation of every link
    replaced or gone, an issue (by hash) of every new one. ``hashes`` are the link book's; ``known`` the
    links the journal holds when the caller keeps them (else read from ``records``). Returns a line per
    change, for the umpire."""
    known = link_hashes(records) if known is None else known
    said = []
    for player in sorted(set(known) | set(hashes)):
        old, new = known.get(player), hashes.get(player)
        if old == new:
            continue
        if old is not None:
            append(f"portal: link of {player!r} revoked", {"portal": LINK, "action": "revoke", "player": player,
                                                           "token_sha256": old})
            said.append(f"revoked the link of {player}")
        if new is not None:
            append(f"portal: link issued to {player!r}", {"portal": LINK, "action": "issue", "player": player,
                                                          "token_sha256": new})
            said.append(f"issued a link to {player}")
    return said
