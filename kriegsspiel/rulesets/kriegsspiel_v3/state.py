"""Ruleset V3's own part of a game's state, in the state slots the core keeps for it (``core.state.StateSlot``):
the game's :class:`V3State` (the combat rolled and waiting for the umpire, the orders riding by courier) and a
unit's :class:`V3Unit` (its disruption level).

A unit's disruption lives in a slot of the unit itself, not in a map of the game's slot: a unit carries it
through everything the core does to a unit (a split copies it, a merge or a destruction drops it with the
unit), a change of one unit's level replaces that unit alone (no map of every unit copied), and a unit with
no disruption holds no slot at all (None), so that units the core makes compare equal to units set back.
The accessors below are how this package reads and writes its state; everything outside it goes through
the rules object (``rules_of(state).slot_of``, ``unit_slot_of``).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from kriegsspiel.core.state import GameState, StateSlot, UnitState
from kriegsspiel.rulesets.kriegsspiel_v3.rules import combat_tables

if TYPE_CHECKING:
    from kriegsspiel.rulesets.kriegsspiel_v3.combat import PendingCombat
    from kriegsspiel.rulesets.kriegsspiel_v3.orders import CourierOrder


@dataclass(frozen=True, slots=True)
class V3State(StateSlot):
    """A V3 game's own state: ``pending_combat``, a combat rolled but not yet applied (the umpire may amend its
    modifiers, then resolve; None: none), and ``orders_in_transit``, the orders riding by courier, not yet
    delivered, in the order they were written."""

    pending_combat: PendingCombat | None = None
    orders_in_transit: tuple[CourierOrder, ...] = ()

    def movement_factor(self, state: GameState, unit: UnitState) -> float:
        """A disrupted unit moves at the share of its allowance the ``[combat.disruption] movement`` row gives
        for its level (1.0 with no ``[combat]`` table)."""
        combat = combat_tables(state.ruleset)
        return 1.0 if combat is None else combat.movement_factor(disruption(unit))

    @classmethod
    def migrated(cls, legacy: Mapping[str, Any]) -> V3State:
        """The slot of a snapshot written when the pending combat and the couriers were fields of the core."""
        return cls(legacy.get("pending_combat"), tuple(legacy.get("orders_in_transit") or ()))


@dataclass(frozen=True, slots=True)
class V3Unit(StateSlot):
    """A V3 unit's own state: its ``disruption`` level (0 none), which slows its movement and weakens it in
    combat until it rallies."""

    disruption: int = 0

    @classmethod
    def migrated(cls, legacy: Mapping[str, Any]) -> V3Unit | None:
        """The slot of a unit of a snapshot written when disruption was a field of the core's units."""
        return unit_slot(int(legacy.get("disruption") or 0))


_NO_STATE = V3State()


def v3_state(state: GameState) -> V3State:
    """The V3 slot of ``state`` (its defaults for a state built without one)."""
    slot = state.slot
    return slot if isinstance(slot, V3State) else _NO_STATE


def pending_combat(state: GameState) -> PendingCombat | None:
    """The combat rolled and waiting for the umpire, or None."""
    return v3_state(state).pending_combat


def orders_in_transit(state: GameState) -> tuple[CourierOrder, ...]:
    """The orders riding by courier, in the order they were written."""
    return v3_state(state).orders_in_transit


def with_pending_combat(state: GameState, pending: PendingCombat | None) -> GameState:
    """``state`` with ``pending`` as its pending combat (None: none)."""
    return state.replace(slot=replace(v3_state(state), pending_combat=pending))


def with_orders_in_transit(state: GameState, riding: tuple[CourierOrder, ...]) -> GameState:
    """``state`` with ``riding`` as the orders in transit."""
    return state.replace(slot=replace(v3_state(state), orders_in_transit=riding))


def disruption(unit: UnitState) -> int:
    """The unit's disruption level (0: none)."""
    slot = unit.slot
    return slot.disruption if isinstance(slot, V3Unit) else 0


def unit_slot(level: int) -> V3Unit | None:
    """The slot of a unit at disruption ``level``: None at 0 (the defaults), so that equal units compare equal."""
    return None if level == 0 else V3Unit(level)


def start_slots(state: GameState) -> GameState:
    """A V3 game starts with nothing pending, no courier riding and no unit disrupted."""
    return state.replace(slot=_NO_STATE)


def summary_columns(state: GameState, unit: UnitState) -> Mapping[str, Any]:
    """``replay --json`` gives each unit's disruption level under a rule book with ``[combat]``."""
    return {"disruption": disruption(unit)} if combat_tables(state.ruleset) is not None else {}
