"""The session's handling of choices (store/area_timeline.py), with a small area game of its own: a phase whose
resolution asks a player to choose waits for the answer, refuses other orders meanwhile, and resolves again."""
from __future__ import annotations

import pytest

from kriegsspiel.core.area import AreaPosition, AreaRules, AreaUnit, Choice, OrderVerdict, PhaseResult
from kriegsspiel.core.dice import Dice
from kriegsspiel.store.area import AreaTurn, Refused, apply_command


class Duel(AreaRules):
    """Two powers; resolving the phase asks RED which casualty to take, then rolls a die."""

    def start(self, setup, powers, provinces, source):
        return AreaPosition("1", "turn 1", (AreaUnit("r1", "RED", "inf", "A", "I"), AreaUnit("r2", "RED", "cav", "A", "C")), {})

    def powers_to_order(self, position):
        return ("RED", "BLUE")

    def check_order(self, position, power, text):
        return OrderVerdict(True, text.upper(), uid=None)

    def resolve(self, position, orders, dice):
        answers = [o for o in orders.get("RED", []) if o.startswith("LOSE ")]
        if not answers:
            return PhaseResult(position, ("RED is hit",), {}, choices=(Choice("RED", "which unit is lost?", ("LOSE r1", "LOSE r2")),))
        lost = answers[0].split()[1]
        roll = dice.roll(6)
        units = tuple(u for u in position.units if u.uid != lost)
        nxt = AreaPosition(str(int(position.phase) + 1), "next", units, {})
        return PhaseResult(nxt, (f"RED loses {lost}", f"rolled {roll}"), {})

    def view(self, position, power, blind):
        return position


def test_a_choice_is_waited_for_then_the_phase_resolves_with_the_answer():
    rules = Duel()
    turn = AreaTurn(rules.start({}, ("RED", "BLUE"), {}, "x"))
    step = apply_command(rules, ("RED", "BLUE"), turn, "BLUE: ATTACK", Dice(1, 1))
    step = apply_command(rules, ("RED", "BLUE"), step.turn, "confirm", Dice(1, 2))
    waiting = step.turn
    assert waiting.choices and waiting.position.phase == "1" and step.events[0]["choices"][0]["power"] == "RED"
    with pytest.raises(Refused, match="wait for answers"):
        apply_command(rules, ("RED", "BLUE"), waiting, "BLUE: RETREAT", Dice(1, 3))
    with pytest.raises(Refused, match="wait for answers"):
        apply_command(rules, ("RED", "BLUE"), waiting, "RED: LOSE r3", Dice(1, 3))
    answered = apply_command(rules, ("RED", "BLUE"), waiting, "red: lose r2", Dice(1, 3)).turn
    done = apply_command(rules, ("RED", "BLUE"), answered, "confirm", Dice(1, 4))
    assert done.turn.position.phase == "2" and [u.uid for u in done.turn.position.units] == ["r1"]
    assert done.turn.orders == () and done.turn.choices == () and len(done.rolls) == 1
    assert done.result is not None and done.result.lines[0] == "RED loses r2"
