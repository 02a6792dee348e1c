"""The way a journaled move went: the journal keeps a move's origin, target and cost, not its route, so the
route is found again with the movement search the rules ran (deterministic: the same state and arguments give
the same path). The window's trails and the debrief's arrows draw it.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.state import GameState


def walked_path(state: GameState, moved: Mapping[str, Any], forced: bool) -> tuple[WorldPoint, ...]:
    """The path (world units) of one ``moved`` event (its JSON in the journal) of a record applied to ``state``.

    When ``state`` is the game just before the move (the unit still stands at the move's origin), the search is
    the rules' own call (the unit's allowance left then), so the path is the one the rules walked. Otherwise
    (``state`` is later: the window's trails of the turn) the search is bounded by the move's cost. Straight for
    a forced move the rules refused (carried out straight; from a later state every forced move), a unit not in
    ``state`` or a move the terrain does not allow there."""
    from kriegsspiel.core.movement import COST_TOLERANCE, check_move  # the C kernel loads on first use

    origin, target = WorldPoint(*moved["origin"]), WorldPoint(*moved["target"])
    straight = (origin, target)
    unit = state.unit(str(moved["unit"]))
    cost = float(moved.get("cost", math.inf))
    if unit is None or not math.isfinite(cost):
        return straight
    tolerance = COST_TOLERANCE * max(1.0, cost)
    before = unit.position == origin and state.allowance_left(unit) + tolerance >= cost
    if forced and not before:
        return straight  # a forced move the rules refused went straight; a later state cannot tell which
    if before:  # the rules' own call (core.game's move): the same arguments find the same path
        verdict = check_move(state.battlefield, state.ruleset, unit.type_id, origin, target,
                             allowance_left=state.allowance_left(unit), heading=unit.turn_heading,
                             fired_this_turn=unit.fired_this_turn,
                             heading_changed_this_turn=unit.heading_changed_this_turn)
    else:
        verdict = check_move(state.battlefield, state.ruleset, unit.type_id, origin, target,
                             allowance_left=cost + tolerance)
    if not verdict.legal or len(verdict.path) < 2:
        return straight
    return tuple(verdict.path)
