"""What the installed rule sets add to what the umpire is shown: notes beside the units, scenario warnings.

Both are lists of the rule sets' hooks (``RuleSet.umpire_notes`` and ``RuleSet.scenario_warnings``), filled
when the rule sets are installed; the shell, the window and ``kriegsspiel check`` call every one.
"""
from __future__ import annotations

from collections.abc import Callable

from kriegsspiel.core.registry import LazyList
from kriegsspiel.core.state import GameState

#: each installed rule set's notes for the umpire: state -> lines (combat pending, orders riding)
UMPIRE_NOTES: LazyList[Callable[[GameState], list[str]]] = LazyList()

#: each installed rule set's orders still on their way to their units: state -> one line each (umpire only)
RIDING_ORDERS: LazyList[Callable[[GameState], list[str]]] = LazyList()

#: each installed rule set's forecast of the action waiting to be resolved: state -> a line, or None
FORECASTS: LazyList[Callable[[GameState], "str | None"]] = LazyList()

#: each installed rule set's words on what ending the side's turn will do besides its events: state -> lines
TURN_PREVIEWS: LazyList[Callable[[GameState], list[str]]] = LazyList()

#: each installed rule set's scenario warnings: state -> (unit id, scenario key, problem) each
SCENARIO_WARNINGS: LazyList[Callable[[GameState], list[tuple[str, str, str]]]] = LazyList()


def umpire_notes(state: GameState) -> list[str]:
    """Every installed rule set's notes for the umpire about ``state``, in installation order."""
    return [line for hook in UMPIRE_NOTES for line in hook(state)]


def riding_orders(state: GameState) -> list[str]:
    """Every installed rule set's orders still riding to their units, one line each (the umpire's eyes only)."""
    return [line for hook in RIDING_ORDERS for line in hook(state)]


def forecast(state: GameState) -> str | None:
    """What the action waiting to be resolved would do if resolved now (the first rule set that says), or None."""
    for hook in FORECASTS:
        if (line := hook(state)) is not None:
            return line
    return None


def scenario_warnings(state: GameState) -> list[tuple[str, str, str]]:
    """Every installed rule set's warnings about a scenario's starting ``state``: (unit id, key, problem)."""
    return [warning for hook in SCENARIO_WARNINGS for warning in hook(state)]


def turn_preview(state: GameState) -> list[str]:
    """Every installed rule set's lines on what ending the side's turn in ``state`` sets going (the next air
    turn, the clock), in installation order; the window shows them before the umpire ends a turn."""
    return [line for hook in TURN_PREVIEWS for line in hook(state)]
