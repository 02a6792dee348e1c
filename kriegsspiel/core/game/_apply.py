"""The one door for change: ``apply(state, command, rng) -> Accepted | Rejected``.

Every order has one handler, registered in :data:`HANDLERS`: the core's base orders here, a rule set's orders
by its package when it is installed (``RuleSet.install_handlers``). Each installed rule set's turn structure
(:data:`TURN_STRUCTURES`) runs around every order. A refusal is a value with a reason a person
can read, never an exception. ``apply_forced`` carries out a refused order anyway (the umpire's word is final)
and says which refusal it overrode.
"""
from __future__ import annotations

import functools
from collections.abc import Callable

from kriegsspiel.core.commands import (
    Command,
    Convert,
    EndTurn,
    EraseNote,
    Force,
    Heading,
    Hide,
    Merge,
    Message,
    Move,
    Note,
    Reveal,
    Split,
)
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.events import Accepted, Forced, Rejected
from kriegsspiel.core.game import _message, _move, _notes, _turn, _units
from kriegsspiel.core.game._ruling import Handler, RuleGap, expose_by_proximity
from kriegsspiel.core.registry import LazyList, LazyRegistry
from kriegsspiel.core.state import GameState

__all__ = ["Accepted", "Rejected", "HANDLERS", "TURN_STRUCTURES", "apply", "apply_forced"]

#: order type -> handler(state, command, dice, forced): the core's base orders; each installed rule set adds
#: the handlers of its orders (and may wrap one that is there) through ``RuleSet.install_handlers``
HANDLERS: LazyRegistry[type[Command], Handler] = LazyRegistry({
    Move: _move.move,
    Heading: _move.heading,
    Hide: _units.hide,
    Reveal: _units.reveal,
    Convert: _units.convert,
    Merge: _units.merge,
    Split: _units.split,
    Message: _message.message,
    EndTurn: _turn.end_turn,
    Note: _notes.note,
    EraseNote: _notes.erase_note,
})

#: the installed rule sets' turn structures, each run around every order (``RuleSet.turn``): the first one
#: listed is the outermost
TURN_STRUCTURES: LazyList[Callable[[GameState, Command, Dice, bool, Handler], "Accepted | Rejected"]] = LazyList()


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
    handler = HANDLERS.get(type(command))
    if handler is None:
        return Rejected(f"{command.name or type(command).__name__!r} is not an order; it changes nothing", forceable=False)
    try:
        outcome = _within_turns(handler)(state, command, rng, forced)
        if isinstance(outcome, Rejected):
            return outcome
        # whatever changed where units stand (move, disembark, an airlift drop, split, merge, retreat), hidden
        # land units within the exposure distance of an enemy are exposed (RULINGS.md 2026-11)
        exposed_state, exposed = expose_by_proximity(state, outcome.state)
    except RuleGap as exc:
        return Rejected(str(exc), forceable=False)
    if not exposed:
        return outcome
    return Accepted(exposed_state, outcome.events + tuple(exposed), outcome.overridden)


def _within_turns(handler: Handler) -> Handler:
    """``handler`` wrapped in every installed rule set's turn structure, the first listed outermost."""
    for structure in reversed(TURN_STRUCTURES):
        handler = functools.partial(_in_structure, structure, handler)
    return handler


def _in_structure(structure: Callable[..., Accepted | Rejected], inner: Handler, state: GameState,
                  command: Command, dice: Dice, forced: bool) -> Accepted | Rejected:
    return structure(state, command, dice, forced, inner)
