"""The one door for change: ``apply(state, command, rng) -> Accepted | Rejected``.

Every order has one handler, registered in :data:`HANDLERS`; adding a command (the combat issue adds attack,
fire, ...) is one handler function and one line in that table. A refusal is a value with a reason a person
can read, never an exception. ``apply_forced`` carries out a refused order anyway (the umpire's word is final)
and says which refusal it overrode.
"""
from __future__ import annotations

from kriegsspiel.core import (
    combat_air,
    combat_land,
    combat_naval,
    combat_turn,
    meta_message,
    meta_move,
    meta_turn,
    meta_units,
    v3_handlers,
)
from kriegsspiel.core import combat_commands as cc
from kriegsspiel.core.commands import (
    Command,
    Convert,
    EndTurn,
    Force,
    Heading,
    Hide,
    Merge,
    Message,
    Move,
    Reveal,
    Split,
)
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.events import Accepted, Forced, Rejected
from kriegsspiel.core.meta import Handler, RuleGap
from kriegsspiel.core.state import GameState

__all__ = ["Accepted", "Rejected", "HANDLERS", "apply", "apply_forced"]

#: order type -> handler(state, command, dice, forced)
HANDLERS: dict[type[Command], Handler] = {
    Move: meta_move.move,
    Heading: meta_move.heading,
    Hide: meta_units.hide,
    Reveal: meta_units.reveal,
    Convert: meta_units.convert,
    Merge: meta_units.merge,
    Split: meta_units.split,
    Message: meta_message.message,
    EndTurn: meta_turn.end_turn,
}


# The classic Kriegsspiel (Ruleset V3): combat charts, rallies and orders by courier; the end of a round also
# hands over the orders due (a no-op for rule sets without couriers).
v3_handlers.register(HANDLERS)

# The Fourth Edition's combat orders: land, sea and air. ``combat_turn.run`` wraps every handler with the
# turn's structure (the air turn first; an attack ends the attackers' turn).
HANDLERS.update({
    cc.Attack: combat_land.attack,
    cc.Fire: combat_land.fire,
    cc.Spy: combat_land.spy,
    cc.Build: combat_land.build,
    cc.Missile: combat_land.missile,
    cc.Torpedo: combat_naval.torpedo,
    cc.Sortie: combat_naval.sortie,
    cc.DepthCharge: combat_naval.depthcharge,
    cc.Board: combat_naval.board,
    cc.Nuke: combat_naval.nuke,
    cc.Load: combat_naval.load,
    cc.Disembark: combat_naval.disembark,
    cc.Takeoff: combat_air.takeoff,
    cc.Land: combat_air.land,
    cc.Dogfight: combat_air.dogfight,
    cc.Bomb: combat_air.bomb,
    cc.Pulse: combat_air.pulse,
    cc.Airlift: combat_air.airlift,
    cc.Kamikaze: combat_air.kamikaze,
    cc.Survey: combat_air.survey,
})


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
        return combat_turn.run(state, command, rng, forced, handler)
    except RuleGap as exc:
        return Rejected(str(exc), forceable=False)
