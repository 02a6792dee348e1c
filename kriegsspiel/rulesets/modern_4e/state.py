"""The Fourth Edition's own part of a game's state, in the state slots the core keeps for it
(``core.state.StateSlot``): the game's :class:`FourthState` (each side's nuclear warheads left, whether the
side to move has closed its air turn) and a unit's :class:`FourthUnit` (a plane in the air).

Whether a plane is in the air lives in a slot of the unit itself, not in a map of the game's slot: it goes
with the unit through everything the core does to units (moved, carried, destroyed), a take-off or a landing
replaces that unit alone, and a unit on the ground holds no slot at all (None), so that units the core makes
compare equal to units that landed. The accessors below are how this package reads and writes its state;
everything outside it goes through the rules object (``rules_of(state).slot_of``, ``unit_slot_of``).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from kriegsspiel.core.state import GameState, StateSlot, UnitState


@dataclass(frozen=True, slots=True)
class FourthState(StateSlot):
    """A Fourth Edition game's own state: ``warheads``, each side's nuclear warheads left as (side, number)
    pairs in the scenario's order of sides (a tuple, so that the slot is hashable), and ``air_turn_over``, True
    once the side to move has closed its air turn (no more air orders until the next side's turn)."""

    warheads: tuple[tuple[str, int], ...] = ()
    air_turn_over: bool = False

    @classmethod
    def migrated(cls, legacy: Mapping[str, Any]) -> FourthState:
        """The slot of a snapshot written when the warheads and the air turn were fields of the core."""
        warheads = legacy.get("warheads") or {}
        return cls(tuple((str(side), int(n)) for side, n in warheads.items()), bool(legacy.get("air_turn_over")))


@dataclass(frozen=True, slots=True)
class FourthUnit(StateSlot):
    """A Fourth Edition unit's own state: ``airborne``, a plane in the air (it must land by its air turn's end)."""

    airborne: bool = False

    @classmethod
    def migrated(cls, legacy: Mapping[str, Any]) -> FourthUnit | None:
        """The slot of a unit of a snapshot written when ``airborne`` was a field of the core's units."""
        return unit_slot(bool(legacy.get("airborne")))


_NO_STATE = FourthState()
_AIRBORNE = FourthUnit(True)


def fourth_state(state: GameState) -> FourthState:
    """The Fourth Edition slot of ``state`` (its defaults for a state built without one)."""
    slot = state.slot
    return slot if isinstance(slot, FourthState) else _NO_STATE


def warheads_left(state: GameState, side: str) -> int:
    """The nuclear warheads ``side`` has left."""
    return dict(fourth_state(state).warheads).get(side, 0)


def with_warheads(state: GameState, side: str, left: int) -> GameState:
    """``state`` with ``side`` holding ``left`` warheads (a side not listed goes last)."""
    warheads = dict(fourth_state(state).warheads)
    warheads[side] = left
    return state.replace(slot=replace(fourth_state(state), warheads=tuple(warheads.items())))


def air_turn_over(state: GameState) -> bool:
    """True once the side to move has closed its air turn."""
    return fourth_state(state).air_turn_over


def with_air_turn_over(state: GameState, over: bool) -> GameState:
    """``state`` with the side to move's air turn closed (True) or open (False)."""
    return state.replace(slot=replace(fourth_state(state), air_turn_over=over))


def airborne(unit: UnitState) -> bool:
    """True when ``unit`` is a plane in the air."""
    slot = unit.slot
    return isinstance(slot, FourthUnit) and slot.airborne


def unit_slot(in_the_air: bool) -> FourthUnit | None:
    """The slot of a unit in the air (True) or on the ground (None: the defaults)."""
    return _AIRBORNE if in_the_air else None


def start_slots(state: GameState) -> GameState:
    """A Fourth Edition game starts with each side's ``warheads`` and the planes a scenario puts ``airborne``
    in the air (the scenario loader checked both), its first air turn open."""
    warheads = tuple((side.name, int(side.key("warheads", 0))) for side in state.setup.sides)
    flying = [u.id for u in state.setup.units if u.key("airborne", False)]
    started = state.replace(slot=FourthState(warheads))
    return started.with_units(*(started.units[i].replace(slot=_AIRBORNE) for i in flying)) if flying else started
