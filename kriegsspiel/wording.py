"""Words of the program's messages that depend on a number: "1 unit", "2 units"."""
from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and ``noun`` in the right number: ``count(1, "unit") == "1 unit"``, ``count(0, "unit") == "0 units"``;
    ``plural`` for an irregular one (``count(2, "die", "dice")``)."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"
