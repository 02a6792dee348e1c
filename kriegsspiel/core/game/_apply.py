"""The one door for change: ``apply(state, command, rng) -> Accepted | Rejected``.

Every order has one handler in the rules of its game (:func:`kriegsspiel.core.game.rules_of`): the core's base
orders, and the orders of the game's own rule set. That rule set's turn structure runs around every order of
its games, and no other's. A refusal is a value with a reason a person can read, never an exception.
``apply_forced`` carries out a refused order anyway (the umpire's word is final) and says which refusal it
overrode.
"""
from __future__ import annotations

from kriegsspiel.core.commands import Command, Force
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.events import Accepted, Forced, Rejected
from kriegsspiel.core.game._rules import rules_of
from kriegsspiel.core.game._ruling import RuleGap, expose_by_proximity
from kriegsspiel.core.state import GameState

__all__ = ["Accepted", "Rejected", "apply", "apply_forced"]


def apply(state: GameState, command: Command, rng: Dice) -> Accepted | Rejected:
    """Carry out ``command`` on ``state`` with the dice ``rng``.

    Returns Accepted(new state, events) or Rejected(reason). A :class:`Force` wrapper goes to
    :func:`apply_forced`. Queries (score, details, man, help) and session commands (undo, redo, quit) are not
    orders: they are refused here (not forceable) and answered by the shell or the game session. Raises
    DiceMismatch only when ``rng`` is replaying a journal record whose rolls differ.
    """
    if isinstance(command, Force):
        return apply_forced(state, command.order, rng)
    return _run(state, command, rng, forced=False)


def apply_forced(state: GameState, command: Command, rng: Dice) -> Accepted | Rejected:
    """Carry out ``command`` even where the rules refuse it: moves ignore the allowance and the terrain, hides
    ignore the terrain, and so on. The events begin with :class:`Forced` naming the overridden refusal.

    Still Rejected (not forceable) where nothing can be done: an unknown unit, an id already taken, a message
    to nobody, a split into more units than health points.
    """
    outcome = _run(state, command, rng, forced=True)
    if isinstance(outcome, Accepted) and outcome.overridden:
        return Accepted(outcome.state, (Forced(outcome.overridden),) + outcome.events, outcome.overridden)
    return outcome


def _run(state: GameState, command: Command, rng: Dice, forced: bool) -> Accepted | Rejected:
    rules = rules_of(state)
    handler = rules.handlers.get(type(command))
    if handler is None:
        return Rejected(f"{command.name or type(command).__name__!r} is not an order; it changes nothing", forceable=False)
    try:
        outcome = rules.turn(state, command, rng, forced, handler)
        if isinstance(outcome, Rejected):
            return outcome
        # whatever changed where units stand (move, disembark, an airlift drop, split, merge, retreat), hidden
        # land units within the exposure distance of an enemy are exposed (docs/rulings.md 2026-11)
        exposed_state, exposed = expose_by_proximity(state, outcome.state)
    except RuleGap as exc:
        return Rejected(str(exc), forceable=False)
    if not exposed:
        return outcome
    return Accepted(exposed_state, outcome.events + tuple(exposed), outcome.overridden)
