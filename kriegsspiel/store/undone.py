"""Which orders of a journal are taken back: the journal is append-only, so an undo does not change the order's
line; an undo record names it (``target``) and a later redo brings it back. The log and the window's journal
mark the orders that stand undone."""
from __future__ import annotations

from collections.abc import Iterable

from kriegsspiel.store.journal import JournalRecord


def undone_orders(records: Iterable[JournalRecord]) -> dict[int, int]:
    """For each order still undone after ``records`` (in journal order): its seq -> the seq of the undo that
    took it back. A redo gives the order back; an order undone, redone and undone again names the last undo."""
    undone: dict[int, int] = {}
    for record in records:
        if record.kind == "undo" and record.target is not None:
            undone[record.target] = record.seq
        elif record.kind == "redo" and record.target is not None:
            undone.pop(record.target, None)
    return undone
