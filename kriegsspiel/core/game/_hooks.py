"""What a game's rule set adds to what the umpire is shown: notes beside the units, orders riding, the forecast
of a pending action, the words before a turn ends, scenario warnings. Each asks the rules of the game of the
state it is given (``RulerRules``); the shell, the window and ``kriegsspiel check`` call them.
"""
from __future__ import annotations

from kriegsspiel.core.game._rules import rules_of
from kriegsspiel.core.state import GameState


def umpire_notes(state: GameState) -> list[str]:
    """The game's rule set's notes for the umpire about ``state`` (combat pending, orders riding)."""
    return rules_of(state).umpire_notes(state)


def riding_orders(state: GameState) -> list[str]:
    """The game's orders still riding to their units, one line each (the umpire's eyes only)."""
    return rules_of(state).riding_orders(state)


def forecast(state: GameState) -> str | None:
    """What the action waiting to be resolved would do if resolved now, or None."""
    return rules_of(state).forecast(state)


def scenario_warnings(state: GameState) -> list[tuple[str, str, str]]:
    """The game's rule set's warnings about a scenario's starting ``state``: (unit id, key, problem)."""
    return rules_of(state).scenario_warnings(state)


def turn_preview(state: GameState) -> list[str]:
    """What ending the side's turn in ``state`` sets going under the game's rule set (the next air turn, the
    clock), one line each; the window shows them before the umpire ends a turn."""
    return rules_of(state).turn_preview(state)
