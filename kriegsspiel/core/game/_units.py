"""Handlers of the meta-commands that change units: hide, reveal, convert, merge, split.

Hide rules: docs/rulings.md house rules and the manual's hide table (see :mod:`kriegsspiel.core.game._ruling`). Convert keeps
the fraction of health; merge adds health and size; split divides them (health remainder to the first new
unit). Distances are world units.
"""
from __future__ import annotations

import math

from kriegsspiel.core.commands import Convert, Hide, Merge, Reveal, Split
from kriegsspiel.core.dice import Dice
from kriegsspiel.core import events as ev
from kriegsspiel.core.events import Accepted, Rejected
from kriegsspiel.core.geometry import distance
from kriegsspiel.core.game._ruling import (
    Ruling,
    can_hide,
    enemy_within,
    exposure_distance,
    find_unit,
    hiding_place,
    is_land_unit,
    new_id_problem,
    order_problem,
    rule_number,
)
from kriegsspiel.core.ruleset import UnitType, convert_target, may
from kriegsspiel.core.state import GameState, UnitState


def hide(state: GameState, command: Hide, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Hide a unit. Refused (forceable) when its type cannot hide, it is already hidden, it stands where its type
    cannot hide (or the building is full), or an enemy unit stands within attack distance of a land unit."""
    unit = find_unit(state, command.unit)
    if isinstance(unit, Rejected):
        return unit
    ruling = Ruling(forced)
    unit_type = state.ruleset.unit_type(unit.type_id)
    place = hiding_place(state, unit)
    reach = exposure_distance(state.ruleset)
    enemy = enemy_within(state, unit, reach) if is_land_unit(state, unit) else None
    terrain = state.battlefield.terrain_at(unit.position) or "off the map"
    where = ", ".join(unit_type.hide_terrain)
    for problem in (
        order_problem(state, unit),
        f"{unit.id} is already hidden" if unit.hidden else None,
        f"{unit_type.name} cannot hide" if not can_hide(unit_type) else None,
        (
            f"{unit_type.name} cannot hide on {terrain}; it hides in: {where}"
            if can_hide(unit_type) and place is None
            else None
        ),
        f"enemy {enemy.id} is within {reach:g} of {unit.id}" if enemy is not None else None,
    ):
        if problem and (refusal := ruling.refuse(problem)):
            return refusal
    return ruling.accept(state.with_units(unit.replace(hidden=True)), [ev.Hidden(unit.id, place or "by the umpire")])


def reveal(state: GameState, command: Reveal, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Reveal a hidden unit. Only a hidden unit can be revealed (not forceable: there is nothing to do)."""
    unit = find_unit(state, command.unit)
    if isinstance(unit, Rejected):
        return unit
    if not unit.hidden:
        return Rejected(f"{unit.id} is not hidden; only a hidden unit can be revealed", forceable=False)
    ruling = Ruling(forced)
    problem = order_problem(state, unit)
    if problem and (refusal := ruling.refuse(problem)):
        return refusal
    return ruling.accept(state.with_units(unit.replace(hidden=False)), [ev.Revealed(unit.id, "by order")])


def convert(state: GameState, command: Convert, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Convert a unit (artillery, cavalry) to infantry, keeping the fraction of its health:
    new health = round(health / type maximum x infantry maximum), at least 1. Not forceable for a type that
    has nothing to convert into."""
    unit = find_unit(state, command.unit)
    if isinstance(unit, Rejected):
        return unit
    old_type = state.ruleset.unit_type(unit.type_id)
    target_id = convert_target(state.ruleset, unit.type_id)
    if target_id is None:
        return Rejected(f"{old_type.name} cannot be converted; only artillery and cavalry convert", forceable=False)
    ruling = Ruling(forced)
    problem = order_problem(state, unit)
    if problem and (refusal := ruling.refuse(problem)):
        return refusal
    new_type = state.ruleset.unit_type(target_id)
    health = max(1, math.floor(unit.health / old_type.health * new_type.health + 0.5))
    converted = unit.replace(type_id=target_id, health=health, local_name=None)
    if converted.hidden and hiding_place(state, converted) is None:
        converted = converted.replace(hidden=False)
    return ruling.accept(
        state.with_units(converted), [ev.Converted(unit.id, unit.type_id, target_id, unit.health, health)]
    )


def merge(state: GameState, command: Merge, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Merge land units of one type into ``new_unit`` at the first unit's place: health and size add up, the
    allowance used is the largest of theirs, and the new unit is hidden only when all of them were.

    Refused (forceable) for different types or sides, types that cannot merge, a unit farther than the merge distance
    from the first, or not the side's turn. Not forceable: unknown units, a new id already taken."""
    found: list[UnitState] = []
    for unit_id in command.units:
        unit = find_unit(state, unit_id)
        if isinstance(unit, Rejected):
            return unit
        found.append(unit)
    taken = new_id_problem(state, command.new_unit, freed=command.units)
    if taken:
        return taken
    ruling = Ruling(forced)
    first = found[0]
    reach = rule_number(state.ruleset, "merge_distance", "attack_distance")
    problems = [order_problem(state, u) for u in found]
    problems += [f"{u.id} ({u.type_id}) cannot merge" for u in found if not may(state.ruleset, _type(state, u), "merge")]
    problems += [f"{u.id} is {u.type_id}, {first.id} is {first.type_id}; only one type merges" for u in found[1:] if u.type_id != first.type_id]
    problems += [f"{u.id} belongs to {u.side}, {first.id} to {first.side}" for u in found[1:] if u.side != first.side]
    problems += [
        f"{u.id} is {distance(u.position, first.position):.1f} from {first.id}; merging units stand within {reach:g}"
        for u in found[1:]
        if distance(u.position, first.position) > reach
    ]
    for problem in dict.fromkeys(p for p in problems if p):
        if refusal := ruling.refuse(problem):
            return refusal
    merged = first.replace(
        id=command.new_unit,
        health=sum(u.health for u in found),
        size=sum(u.size for u in found),
        movement_used=max(u.movement_used for u in found),
        moved_this_turn=any(u.moved_this_turn for u in found),
        fired_this_turn=any(u.fired_this_turn for u in found),
        attacked_this_turn=any(u.attacked_this_turn for u in found),
        heading_changed_this_turn=any(u.heading_changed_this_turn for u in found),
        disabled_rounds=max(u.disabled_rounds for u in found),
        hidden=all(u.hidden for u in found),
    )
    new_state = state.with_units(removed=command.units).with_units(merged)
    return ruling.accept(new_state, [ev.Merged(command.units, command.new_unit, merged.health, merged.size)])


def split(state: GameState, command: Split, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Split a land unit into the new units at its place: health divides by n (remainder to the first new unit),
    size divides by n. Refused (forceable) for a type that cannot split, or when it is not the side's turn. Not forceable:
    fewer health points than new units, ids already taken."""
    unit = find_unit(state, command.unit)
    if isinstance(unit, Rejected):
        return unit
    for new_id in command.new_units:
        taken = new_id_problem(state, new_id, freed=(command.unit,))
        if taken:
            return taken
    n = len(command.new_units)
    if unit.health < n:
        return Rejected(
            f"{unit.id} has {unit.health} health; it cannot split into {n} units of at least 1 each", forceable=False
        )
    ruling = Ruling(forced)
    for problem in (
        order_problem(state, unit),
        f"{unit.id} ({unit.type_id}) cannot split" if not may(state.ruleset, _type(state, unit), "split") else None,
    ):
        if problem and (refusal := ruling.refuse(problem)):
            return refusal
    share, remainder = divmod(unit.health, n)
    healths = tuple(share + (remainder if i == 0 else 0) for i in range(n))
    new_state = state.with_units(removed=(unit.id,))
    events: list[ev.Event] = [ev.Split(unit.id, command.new_units, healths)]
    for new_id, health in zip(command.new_units, healths):
        part = unit.replace(id=new_id, health=health, size=unit.size / n)
        # a building hides as many units as it hides: the parts it has no room for stand in the open
        if part.hidden and hiding_place(new_state, part) is None:
            part = part.replace(hidden=False)
            events.append(ev.Revealed(new_id, "no room to hide here"))
        new_state = new_state.with_units(part)
    return ruling.accept(new_state, events)


def _type(state: GameState, unit: UnitState) -> UnitType:
    return state.ruleset.unit_type(unit.type_id)
