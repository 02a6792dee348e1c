"""One Ctrl+Z for a group move: the orders the window journaled together are taken back (and brought back)
together.

The journal stays one entry per unit and one undo record per order taken back (so ``kriegsspiel replay`` and
``verify`` need nothing new); the window only remembers which sequence numbers went in together. Which orders
are in force and which a redo brings back next is worked out from the journal's records alone, as the store
does it, so the ledger can never disagree with the game. The grouping lasts for the window's session: after a
restart, Ctrl+Z takes the orders back one by one again.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def stacks(records: Iterable[Any]) -> tuple[list[int], list[int]]:
    """(orders in force, orders a redo may bring back: the next one last) from journal records in order."""
    applied: list[int] = []
    undone: list[int] = []
    for record in records:
        if record.kind == "order":
            applied.append(record.seq)
            undone.clear()
        elif record.kind == "undo" and applied and record.target == applied[-1]:
            undone.append(applied.pop())
        elif record.kind == "redo" and undone and record.target == undone[-1]:
            applied.append(undone.pop())
    return applied, undone


class GroupLedger:
    """The groups of orders journaled together (their seqs, in the order submitted)."""

    def __init__(self) -> None:
        self.groups: list[tuple[int, ...]] = []

    def add(self, seqs: Iterable[int]) -> None:
        """Remember ``seqs`` as one group (a group of one is no group: nothing to remember)."""
        group = tuple(seqs)
        if len(group) > 1:
            self.groups.append(group)

    def undo_count(self, records: Iterable[Any]) -> int:
        """How many undos the next Ctrl+Z takes: the size of the group at the top of the orders in force, or 1."""
        applied, _ = stacks(records)
        for group in reversed(self.groups):
            if len(applied) >= len(group) and tuple(applied[-len(group):]) == group:
                return len(group)
        return 1

    def redo_count(self, records: Iterable[Any]) -> int:
        """How many redos the next Ctrl+Y takes: the size of the group a redo brings back next, or 1."""
        _, undone = stacks(records)
        for group in reversed(self.groups):
            if len(undone) >= len(group) and tuple(reversed(undone[-len(group):])) == group:
                return len(group)
        return 1
