"""The battle JSON of ``kriegsspiel battle`` (docs/battle-json.md) as typed objects, decoded
by the schema layer (kriegsspiel.border) before :func:`parse_battle` reads its meaning: a list where a unit
type belongs, a feature that is not a string, a count of units beyond the maxima below is refused naming the
key and what was expected, never met by the rules.

Maxima (docs/limits.md): :data:`MAX_UNITS_PER_SIDE` units on each side (cargo included), cargo nested
:data:`MAX_CARGO_DEPTH` deep (a ship carrying a carrier's aircraft is 2), :data:`MAX_DICE` listed dice.
"""
from __future__ import annotations

from typing import Annotated, Union

import msgspec
from msgspec import UNSET, UnsetType

from kriegsspiel.border import SchemaError
from kriegsspiel.border.types import Name, Whole

#: units on one side of a battle, cargo included; a real battle has tens
MAX_UNITS_PER_SIDE = 500
#: cargo inside cargo: an air transport's paratroopers are 1, a carrier's aircraft aboard a ship 2
MAX_CARGO_DEPTH = 3
#: dice listed in a battle
MAX_DICE = 100_000

_Ids = Annotated[list[Name], msgspec.Meta(max_length=100_000)]


class Unit(msgspec.Struct, forbid_unknown_fields=True):
    id: Name
    type: Name
    supplied: bool | UnsetType = UNSET
    damage: Whole | UnsetType = UNSET
    landed: bool | UnsetType = UNSET
    bombard: bool | UnsetType = UNSET
    escort: bool | UnsetType = UNSET
    cargo: Annotated[list["Unit"], msgspec.Meta(max_length=MAX_UNITS_PER_SIDE)] | UnsetType = UNSET


class Force(msgspec.Struct, forbid_unknown_fields=True):
    units: Annotated[list[Unit], msgspec.Meta(max_length=MAX_UNITS_PER_SIDE)]
    power: Name | UnsetType = UNSET


class Place(msgspec.Struct, forbid_unknown_fields=True):
    kind: Name
    name: Name | UnsetType = UNSET
    features: Annotated[list[Name], msgspec.Meta(max_length=16)] | UnsetType = UNSET
    amphibious_from: Name | None | UnsetType = UNSET


class RetreatAfter(msgspec.Struct, forbid_unknown_fields=True):
    after_round: Whole


class Policy(msgspec.Struct, forbid_unknown_fields=True):
    casualties: _Ids | UnsetType = UNSET
    targets: _Ids | UnsetType = UNSET
    rerolls: Name | UnsetType = UNSET
    priority: _Ids | UnsetType = UNSET
    priority_by_bonus: dict[Name, _Ids] | UnsetType = UNSET
    retreat: Union[Name, RetreatAfter] | UnsetType = UNSET
    interceptors: _Ids | UnsetType = UNSET
    withdraw: bool | UnsetType = UNSET


class Policies(msgspec.Struct, forbid_unknown_fields=True):
    attacker: Policy | None | UnsetType = UNSET
    defender: Policy | None | UnsetType = UNSET


class BattleInput(msgspec.Struct, forbid_unknown_fields=True):
    """One battle object."""

    place: Place
    attacker: Force
    defender: Force
    id: Name | int | None | UnsetType = UNSET
    switches: dict[Name, bool] | UnsetType = UNSET
    policy: Policies | UnsetType = UNSET
    dice: Annotated[list[Whole], msgspec.Meta(max_length=MAX_DICE)] | UnsetType = UNSET
    seed: Annotated[int, msgspec.Meta(ge=0)] | None | UnsetType = UNSET
    max_rounds: Whole | UnsetType = UNSET


def check_counts(battle: BattleInput, where: str) -> None:
    """Refuse (SchemaError) a side of more than MAX_UNITS_PER_SIDE units counting cargo, or cargo nested
    deeper than MAX_CARGO_DEPTH."""
    for side, force in (("attacker", battle.attacker), ("defender", battle.defender)):
        count = 0
        stack = [(unit, f"{side}.units[{n}]", 0) for n, unit in enumerate(force.units)]
        while stack:
            unit, key, depth = stack.pop()
            count += 1
            if count > MAX_UNITS_PER_SIDE:
                raise SchemaError(where, f"{side}.units", f"more than {MAX_UNITS_PER_SIDE} units (cargo included); "
                                  "a battle may have at most that many on each side")
            cargo = unit.cargo if unit.cargo is not UNSET else []
            if cargo and depth >= MAX_CARGO_DEPTH:
                raise SchemaError(where, f"{key}.cargo", f"cargo nested more than {MAX_CARGO_DEPTH} deep")
            stack.extend((child, f"{key}.cargo[{n}]", depth + 1) for n, child in enumerate(cargo))
