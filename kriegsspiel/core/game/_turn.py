"""Handler of ``turn``: the side to move ends its turn; when every side has moved, the round ends.

At the end of a round every unit's allowance and what it did this turn reset, disabled counters tick down,
victory conditions are checked, and the game ends after the scenario's last round. The round number always
advances with a round's end (also the last one), so "round N ended" is exactly "state.round went past N".
"""
from __future__ import annotations

from kriegsspiel.core.commands import EndTurn
from kriegsspiel.core.dice import Dice
from kriegsspiel.core import events as ev
from kriegsspiel.core.events import Accepted, Rejected
from kriegsspiel.core.game._ruling import Ruling
from kriegsspiel.core.ruleset import RuleBook
from kriegsspiel.core.state import GameState, turn_order
from kriegsspiel.core.state import describe_condition, met_conditions


def end_turn(state: GameState, command: EndTurn, dice: Dice, forced: bool) -> Accepted | Rejected:
    """End the side's turn. Refused (forceable) once the game is over; forcing plays on past the end."""
    ruling = Ruling(forced)
    if state.finished and (refusal := ruling.refuse("the game is over")):
        return refusal
    order = turn_order(state)
    side = state.side_to_move
    done = state.sides_done + (side,)
    remaining = [s for s in order if s not in done]
    if remaining:
        next_side = remaining[0]
        return ruling.accept(state.replace(sides_done=done, side_to_move=next_side), [ev.TurnEnded(side, next_side)])
    return ruling.accept(*_end_round(state, side))


def _end_round(state: GameState, side: str) -> tuple[GameState, list[ev.Event]]:
    order = turn_order(state)
    ended = state.round
    events: list[ev.Event] = [ev.TurnEnded(side, order[0]), ev.RoundEnded(ended)]
    fresh = []
    for unit in state.units.values():
        disabled = max(0, unit.disabled_rounds - 1)
        if unit.disabled_rounds > 0 and disabled == 0:
            events.append(ev.Recovered(unit.id))
        fresh.append(
            unit.replace(
                movement_used=0.0,
                moved_this_turn=False,
                fired_this_turn=False,
                attacked_this_turn=False,
                heading_changed_this_turn=False,
                used_this_turn=(),
                disabled_rounds=disabled,
            )
        )
    new_state = state.with_units(*fresh).replace(round=ended + 1, side_to_move=order[0], sides_done=())
    if state.finished:
        return new_state, events
    met = met_conditions(new_state, ended)
    winners = tuple(dict.fromkeys(c.side for c in met))
    events.extend(ev.Victory(c.side, describe_condition(c, state)) for c in met)
    if winners:
        events.append(ev.GameOver(f"victory in round {ended}", winners))
        return new_state.replace(winners=winners, finished=True), events
    if state.setup.rounds is not None and ended >= state.setup.rounds:
        events.append(ev.GameOver(f"round {ended} was the last", ()))
        return new_state.replace(finished=True), events
    return new_state, events


def round_change_line(ruleset: RuleBook, before: int, after: int) -> str | None:
    """The game clock where the round changed from ``before`` to ``after``, for a rule set with a clock
    (Ruleset V3: ``"round 3 begins, 08:20"``; an undo back over a round's end: ``"back in round 2, 08:10"``);
    None when the round did not change or the rule set keeps no time (the Fourth Edition)."""
    if before == after:
        return None
    clock = ruleset.game_clock(after)
    if clock is None:
        return None
    return f"round {after} begins, {clock}" if after > before else f"back in round {after}, {clock}"
