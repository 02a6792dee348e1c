"""What the Fourth Edition's turn adds around every order: the air turn, and attacks that end a unit's turn.

- An attack ends the attackers' turn: any later order naming them as actors is refused (forceable).
- With an air theatre, each side's turn begins with its air turn: orders of aircraft (and units leaving an
  airborne plane) come first. The side's first other order, or the end of its turn, closes the air turn: its
  planes still in the air crash (docs/rulings.md). Aircraft orders after that are refused "not in the air turn".
  A plane on the ground does not move (take off first).
- At the end of a round the once-a-turn marks reset and the next side's air turn opens.
"""
from __future__ import annotations

from kriegsspiel.rulesets.modern_4e.commands import Disembark, acting_units
from kriegsspiel.rulesets.modern_4e.events import AirTurnEnded
from kriegsspiel.core.commands import Command, EndTurn, Message, Move
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.events import Accepted, Event, Rejected
from kriegsspiel.core.game import Handler, Ruling
from kriegsspiel.core.state import GameState
from kriegsspiel.rulesets.modern_4e.state import air_turn_over, airborne, with_air_turn_over

#: orders that never close the air turn (they do not belong to either part of it)
_NEUTRAL = (Message,)


def is_air_order(state: GameState, command: Command) -> bool:
    """True when ``command`` belongs to the air turn: an aircraft acts, or a unit leaves a plane in the air."""
    if isinstance(command, Disembark):
        unit = state.unit(command.unit)
        carrier = state.unit(unit.carried_by) if unit is not None and unit.carried_by else None
        return carrier is not None and airborne(carrier)
    for unit_id in acting_units(command):
        unit = state.unit(unit_id)
        if unit is not None and state.ruleset.unit_types.get(unit.type_id) is not None \
                and state.ruleset.unit_type(unit.type_id).theatre == "air":
            return True
    return False


def run(state: GameState, command: Command, dice: Dice, forced: bool, handler: Handler) -> Accepted | Rejected:
    """Carry out ``command`` with ``handler`` inside the turn's structure (air turn, attacks ending turns)."""
    ruling = Ruling(forced)
    for unit_id in acting_units(command):
        unit = state.unit(unit_id)
        if unit is not None and unit.attacked_this_turn and unit.side == state.side_to_move:
            if refusal := ruling.refuse(f"{unit.id} attacked this turn; an attack ends its turn"):
                return refusal
    before: list[Event] = []
    closing = False
    if state.setup.air_theatre and not isinstance(command, _NEUTRAL) and _is_order_with_actor(command):
        if is_air_order(state, command):
            if air_turn_over(state) and (refusal := ruling.refuse(
                    "not in the air turn: air orders come before the side's other orders")):
                return refusal
            problem = _grounded_move(state, command)
            if problem and (refusal := ruling.refuse(problem)):
                return refusal
        elif not air_turn_over(state):
            closing = True
    working = state
    if closing:
        working, before = close_air_turn(state)
    outcome = handler(working, command, dice, forced)
    if isinstance(outcome, Rejected):
        return outcome
    new_state, events = outcome.state, list(outcome.events)
    if isinstance(command, EndTurn):
        new_state = _new_turn(state, new_state)
    overridden = "; ".join(x for x in (*ruling.overridden, outcome.overridden or "") if x) or None
    return Accepted(new_state, tuple(before + events), overridden)


def _is_order_with_actor(command: Command) -> bool:
    return isinstance(command, EndTurn) or bool(acting_units(command))


def _grounded_move(state: GameState, command: Command) -> str | None:
    if isinstance(command, Move):
        unit = state.unit(command.unit)
        if unit is not None and not airborne(unit):
            return f"{unit.id} is on the ground; take off first"
    return None


def close_air_turn(state: GameState) -> tuple[GameState, list[Event]]:
    """Close the side to move's air turn: its planes still in the air crash."""
    from kriegsspiel.rulesets.modern_4e.air import crash_airborne

    crashed, events = crash_airborne(state, state.side_to_move)
    has_planes = any(u.side == state.side_to_move and state.ruleset.unit_type(u.type_id).theatre == "air"
                     for u in state.units.values())
    # a side without aircraft has no air turn to speak of: close it quietly
    announced = [AirTurnEnded(state.side_to_move)] if has_planes else []
    return with_air_turn_over(crashed, True), announced + events


def _new_turn(before: GameState, after: GameState) -> GameState:
    """After ``turn``: the next side's air turn opens; at a round's end the once-a-turn marks reset."""
    if after.round != before.round:
        fresh = [u.replace(used_this_turn=()) for u in after.units.values() if u.used_this_turn]
        after = after.with_units(*fresh) if fresh else after
    return with_air_turn_over(after, False) if air_turn_over(after) else after


def preview(state: GameState) -> list[str]:
    """What ending the side's turn opens besides its events: with an air theatre, the next side's air turn
    (its aircraft orders come first)."""
    if not state.setup.air_theatre or state.finished:
        return []
    from kriegsspiel.core.state import turn_order

    order = [s for s in turn_order(state) if s not in state.sides_done and s != state.side_to_move]
    if order:
        return [f"{order[0]}'s air turn opens: its aircraft orders come before its other orders"]
    return ["the next round begins with the first side's air turn"]


__all__ = ["run", "is_air_order", "close_air_turn", "preview"]
