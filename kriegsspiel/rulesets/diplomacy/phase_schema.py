"""The phase JSON of ``kriegsspiel adjudicate`` (docs/diplomacy.md) as typed objects, decoded by the schema
layer (kriegsspiel.border) before :func:`run_phase` reads its meaning: a value of the wrong type, a name with
control characters, more units or orders than the maxima below are refused naming the key.

Maxima (docs/limits.md): :data:`MAX_UNITS` units (dislodged ones included), :data:`MAX_ORDERS` orders in all,
:data:`MAX_POWERS` powers, orders of at most :data:`MAX_ORDER_CHARS` characters.
"""
from __future__ import annotations

from typing import Annotated

import msgspec
from msgspec import UNSET, UnsetType

from kriegsspiel.border import SchemaError
from kriegsspiel.border.types import NO_CONTROL, Name, PathText

#: units on the board (the standard game has at most 34)
MAX_UNITS = 1000
#: orders in one phase, every power's together
MAX_ORDERS = 2000
#: powers named in one phase
MAX_POWERS = 64
#: characters of one order ("F STP/SC S A MOS - LVN" is 22)
MAX_ORDER_CHARS = 200

_Order = Annotated[str, msgspec.Meta(max_length=MAX_ORDER_CHARS, pattern=NO_CONTROL)]
_Places = Annotated[list[Name], msgspec.Meta(max_length=MAX_UNITS)]


class UnitEntry(msgspec.Struct):
    power: Name
    type: Name
    loc: Name
    retreats: _Places | UnsetType = UNSET


class Before(msgspec.Struct):
    units: Annotated[list[UnitEntry], msgspec.Meta(max_length=MAX_UNITS)] | UnsetType = UNSET
    dislodged: Annotated[list[UnitEntry], msgspec.Meta(max_length=MAX_UNITS)] | UnsetType = UNSET
    centers: Annotated[dict[Name, _Places], msgspec.Meta(max_length=MAX_POWERS)] | UnsetType = UNSET
    homes: Annotated[dict[Name, _Places], msgspec.Meta(max_length=MAX_POWERS)] | UnsetType = UNSET


class PhaseInput(msgspec.Struct):
    """One phase object (keys the format does not define are ignored, as the format allows)."""

    phase: Name
    before: Before
    id: Name | int | None | UnsetType = UNSET
    map: PathText | UnsetType = UNSET
    phase_type: Name | UnsetType = UNSET
    orders: Annotated[dict[Name, Annotated[list[_Order], msgspec.Meta(max_length=MAX_ORDERS)]],
                      msgspec.Meta(max_length=MAX_POWERS)] | UnsetType = UNSET


def check_counts(phase: PhaseInput, where: str) -> None:
    """Refuse (SchemaError) a phase of more than MAX_UNITS units or MAX_ORDERS orders in all."""
    before = phase.before
    units = len(before.units or []) + len(before.dislodged or [])
    if units > MAX_UNITS:
        raise SchemaError(where, "before.units", f"{units} units; a phase may have at most {MAX_UNITS}")
    orders = sum(len(o) for o in (phase.orders or {}).values())
    if orders > MAX_ORDERS:
        raise SchemaError(where, "orders", f"{orders} orders; a phase may have at most {MAX_ORDERS}")
