"""The toy area game's orders, each a row of one table: what it is called, how it is written, and what it
does in the round's resolution. Adding an order is adding a row (docs/architecture.md, "Add an area rule set")."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FieldOrder:
    """One order of the toy: ``word`` begins it (``march``), ``syntax`` and ``meaning`` are its help line;
    ``fields`` how many fields it names after the unit's own (``march ASH BEL`` names one); ``marches``
    whether the unit tries to enter the last field named; ``defence`` what it adds to the unit's d6 when
    the unit is attacked where it stands."""

    word: str
    syntax: str
    meaning: str
    fields: int = 0
    marches: bool = False
    defence: int = 0


HOLD = FieldOrder("hold", "hold FIELD", "the unit stays and defends with +1", defence=1)
MARCH = FieldOrder("march", "march FIELD FIELD", "the unit marches into the next field (an attack if a unit "
                   "stands there)", fields=1, marches=True)
