"""One Ctrl+Z for a group move: the orders the window journaled together are taken back (and brought back)
together.

The journal stays one entry per unit and one undo record per order taken back (so ``kriegsspiel replay`` and
``verify`` need nothing new); the window only remembers which sequence numbers went in together. Which orders
are in force and which a redo brings back next is the game's own account (``Game.order_stacks``, kept in
memory however long the game), so the ledger can never disagree with the game. The grouping lasts for the window's session: after a
restart, Ctrl+Z takes the orders back one by one again.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence


class GroupLedger:
    """The groups of orders journaled together (their seqs, in the order submitted)."""

    def __init__(self) -> None:
        self.groups: list[tuple[int, ...]] = []

    def add(self, seqs: Iterable[int]) -> None:
        """Remember ``seqs`` as one group (a group of one is no group: nothing to remember)."""
        group = tuple(seqs)
        if len(group) > 1:
            self.groups.append(group)

    def undo_count(self, applied: Sequence[int], undone: Sequence[int]) -> int:
        """How many undos the next Ctrl+Z takes: the size of the group at the top of the orders in force
        (``applied``, seqs oldest first), or 1."""
        for group in reversed(self.groups):
            if len(applied) >= len(group) and tuple(applied[-len(group):]) == group:
                return len(group)
        return 1

    def redo_count(self, applied: Sequence[int], undone: Sequence[int]) -> int:
        """How many redos the next Ctrl+Y takes: the size of the group a redo brings back next (``undone``,
        seqs with the next one last), or 1."""
        for group in reversed(self.groups):
            if len(undone) >= len(group) and tuple(reversed(undone[-len(group):])) == group:
                return len(group)
        return 1
