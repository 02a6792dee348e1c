"""Handlers of ``move`` and ``heading``: movement over the terrain and ships' headings.

Legality comes from :func:`kriegsspiel.core.movement._check.check_move` (allowance left, terrain, heading limit,
move and fire). Costs are in allowance units; headings degrees clockwise from north.
"""
from __future__ import annotations

import math

from kriegsspiel.core.commands import Heading, Move
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.events import Accepted, Carried, Event, HeadingChanged, Moved, Rejected, Revealed
from kriegsspiel.core.geometry import bearing, distance, format_point
from kriegsspiel.core.game._ruling import Ruling, find_unit, first_exposed_point, order_problem
from kriegsspiel.core.state import GameState


def move(state: GameState, command: Move, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Move a unit to a point. Refused (forceable) when it is not the unit's side's turn, the unit is disabled
    or carried, or the rules core finds the move illegal; a forced move goes straight to the point and draws
    its cost (or its straight-line length where the terrain is impassable) from the allowance.

    A hidden mover is exposed at the first point of its path where it cannot hide, and stays exposed where it
    stops (docs/rulings.md 2026-11); exposure by proximity follows every order (``apply``).
    """
    from kriegsspiel.core.movement import check_move  # the movement engine loads its C kernel lazily

    unit = find_unit(state, command.unit)
    if isinstance(unit, Rejected):
        return unit
    ruling = Ruling(forced)
    origin, target = unit.position, command.target
    if distance(origin, target) == 0.0:
        return Rejected(f"{unit.id} already stands at {format_point(target)}", forceable=False)
    for problem in (
        order_problem(state, unit),
        f"{unit.id} is disabled for {unit.disabled_rounds} more round(s)" if unit.disabled_rounds > 0 else None,
        f"{unit.id} is carried by {unit.carried_by}; move the carrier" if unit.carried_by else None,
    ):
        if problem and (refusal := ruling.refuse(problem)):
            return refusal
    unit_type = state.ruleset.unit_type(unit.type_id)
    allowance_left = state.allowance_left(unit)
    verdict = check_move(
        state.battlefield,
        state.ruleset,
        unit.type_id,
        origin,
        target,
        allowance_left=allowance_left,
        heading=unit.turn_heading,
        fired_this_turn=unit.fired_this_turn,
        heading_changed_this_turn=unit.heading_changed_this_turn,
    )
    if not verdict.legal and (refusal := ruling.refuse(f"{unit.id}: {verdict.reason}")):
        return refusal
    cost = verdict.cost if verdict.legal or math.isfinite(verdict.cost) else distance(origin, target)
    heading = unit.heading
    if unit.heading is not None or unit_type.heading_limit is not None:
        heading = bearing(origin, target)
    moved = unit.replace(
        position=target,
        movement_used=unit.movement_used + cost,
        moved_this_turn=True,
        heading=heading,
        heading_at_turn_start=unit.turn_heading,
    )
    events: list[Event] = [Moved(unit.id, origin, target, cost, state.allowance_left(moved), heading)]
    path = verdict.path if verdict.legal and len(verdict.path) >= 2 else (origin, target)
    exposed_at = first_exposed_point(state, unit, path) if moved.hidden else None
    if exposed_at is not None:
        terrain = state.battlefield.terrain_at(exposed_at) or "off the map"
        moved = moved.replace(hidden=False)
        events.append(Revealed(unit.id, f"exposed: {unit_type.name} cannot hide on {terrain}"))
    passengers = [u.replace(position=target) for u in state.units.values() if u.carried_by == unit.id]
    events.extend(Carried(p.id, unit.id, target) for p in passengers)
    return ruling.accept(state.with_units(moved, *passengers), events)


def heading(state: GameState, command: Heading, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Give a ship a new heading. Refused (forceable) for a type without a heading limit, after the ship moved
    this turn, or when its side is not to move; the ship may not move for the rest of the turn."""
    unit = find_unit(state, command.unit)
    if isinstance(unit, Rejected):
        return unit
    ruling = Ruling(forced)
    unit_type = state.ruleset.unit_type(unit.type_id)
    for problem in (
        order_problem(state, unit),
        f"{unit.id} is disabled for {unit.disabled_rounds} more round(s)" if unit.disabled_rounds > 0 else None,
        (
            f"{unit_type.name} turns freely; the heading command is for ships with a heading limit"
            if unit_type.heading_limit is None
            else None
        ),
        f"{unit.id} has moved this turn; a ship changes heading instead of moving" if unit.moved_this_turn else None,
    ):
        if problem and (refusal := ruling.refuse(problem)):
            return refusal
    changed = unit.replace(heading=command.degrees, heading_changed_this_turn=True)
    return ruling.accept(state.with_units(changed), [HeadingChanged(unit.id, unit.heading, command.degrees)])
