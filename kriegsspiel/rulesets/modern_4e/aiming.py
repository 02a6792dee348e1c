"""Who gives the Fourth Edition's air and transport orders with the mouse, and at whom they are aimed: the
window's hints (``OrderSpec.may_give`` and ``OrderSpec.friends``), from the unit types' theatres, weights and
capacities. Whether the rules accept an order at a target is still the order's handler's word (the window asks
by a dry run); these only say which rows a unit's menu lists and which counters are marked as targets.
"""
from __future__ import annotations

from kriegsspiel.core.state import GameState, UnitState


def flies(state: GameState, unit: UnitState) -> bool:
    """An aircraft takes off and lands, in a game with the air turn (without it, no aircraft is grounded)."""
    return state.setup.air_theatre and state.ruleset.unit_type(unit.type_id).theatre == "air"


def may_load(state: GameState, unit: UnitState) -> bool:
    """A land unit with a weight, not aboard already, loads onto ships."""
    unit_type = state.ruleset.unit_type(unit.type_id)
    return unit_type.theatre == "army" and unit_type.weight is not None and unit.carried_by is None


def may_disembark(state: GameState, unit: UnitState) -> bool:
    """A land unit aboard disembarks (a plane aboard a carrier leaves it with takeoff)."""
    return unit.carried_by is not None and state.ruleset.unit_type(unit.type_id).theatre == "army"


def may_attack(state: GameState, unit: UnitState) -> bool:
    """A unit type with an attack row, but not an aircraft: an aircraft's attack is its dogfight, and the rules
    refuse the other, so its menu leaves it out."""
    unit_type = state.ruleset.unit_type(unit.type_id)
    return unit_type.can("attack") and unit_type.theatre != "air"


def _own(state: GameState, shooters: tuple[str, ...]) -> list[UnitState]:
    first = state.unit(shooters[0]) if shooters else None
    if first is None:
        return []
    return [u for u in state.units.values() if u.side == first.side and u.id not in shooters and u.carried_by is None]


def landing_places(state: GameState, shooters: tuple[str, ...]) -> list[str]:
    """Where an aircraft may land: the named airfields, then its side's carriers (ships with air capacity)."""
    if not shooters or state.unit(shooters[0]) is None:
        return []
    fields = [s.name for s in state.battlefield.structures if s.kind == "airfield" and s.name and '"' not in s.name]
    kinds = state.ruleset.unit_type
    return fields + [u.id for u in _own(state, shooters)
                     if kinds(u.type_id).theatre == "navy" and kinds(u.type_id).air_capacity > 0]


def ships_with_room(state: GameState, shooters: tuple[str, ...]) -> list[str]:
    """Whom land units load onto: their side's ships with room for land units."""
    kinds = state.ruleset.unit_type
    return [u.id for u in _own(state, shooters) if kinds(u.type_id).theatre == "navy" and kinds(u.type_id).land_capacity > 0]


def carried_units(state: GameState, shooters: tuple[str, ...]) -> list[str]:
    """Whom an airlift carries: its side's land units with a weight."""
    kinds = state.ruleset.unit_type
    return [u.id for u in _own(state, shooters) if kinds(u.type_id).theatre == "army" and kinds(u.type_id).weight is not None]
