"""Messages between players by courier (Ruleset V3; docs/rulings.md "Rulings added after play-testing").

"Players will submit orders and messages to the Umpire. Who will use couriers to reach the destination": a
message rides like an order, from the sender's officer to the recipient's, at the courier's speed over the
cheapest route, with the same d10 complication on a 1 and the same interception by a side that sees the
courier on its way. The recipient's own side never intercepts it (it is the one the courier rides to); between
the only two sides of a game, a message therefore cannot be intercepted. No fog-of-war roll: V3 loses
messages the way it loses orders, to the enemy's eyes.

Rule sets without an ``[orders]`` table (the Fourth Edition) keep the core's message through the fog of war.
"""
from __future__ import annotations

from collections.abc import Callable

from kriegsspiel.core.commands import Message
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.events import Accepted, Rejected
from kriegsspiel.core.game import Ruling, resolve_recipient
from kriegsspiel.core.geometry import distance
from kriegsspiel.core.state import GameState, UnitState
from kriegsspiel.rulesets.kriegsspiel_v3.events import MessageSent
from kriegsspiel.rulesets.kriegsspiel_v3.orders import courier_ride, dispatch, recipient_side
from kriegsspiel.rulesets.kriegsspiel_v3.state import orders_in_transit, with_orders_in_transit
from kriegsspiel.rulesets.kriegsspiel_v3.rules import order_tables


def officers_of(state: GameState, side: str, issued_by: str) -> list[UnitState]:
    """The officers (units of type ``issued_by``) of ``side``."""
    return [u for u in state.units.values() if u.side == side and u.type_id == issued_by]


def courier_message(state: GameState, command: Message, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Send a message of the side to move to a side or a player by courier.

    The courier leaves the sender's officer nearest to the recipient's officers and rides to the nearest of
    them (straight-line distance; ties by unit id). Not forceable: an unknown recipient, a side without an
    officer, no way for a courier. Forceable: a game that is over.
    """
    rules = order_tables(state.ruleset)
    assert rules is not None  # by_courier calls this only for rule sets with couriers
    found = resolve_recipient(state, command.recipient)
    if found is None:
        names = [*state.sides, *(p.name for p in state.setup.players)]
        return Rejected(f"there is no side or player {command.recipient!r}; recipients: {', '.join(names)}",
                        forceable=False)
    recipient = found[1]
    ruling = Ruling(forced)
    if state.finished and (refusal := ruling.refuse("the game is over")):
        return refusal
    sender = state.side_to_move
    to_side = recipient_side(state, recipient)
    senders, receivers = officers_of(state, sender, rules.issued_by), officers_of(state, to_side, rules.issued_by)
    for side, officers in ((sender, senders), (to_side, receivers)):
        if not officers:
            return Rejected(f"{side} has no {rules.issued_by}; messages ride by courier from an {rules.issued_by} "
                            f"to an {rules.issued_by}", forceable=False)
    origin, target = min(((a, b) for a in senders for b in receivers),
                         key=lambda pair: (distance(pair[0].position, pair[1].position), pair[0].id, pair[1].id))
    ride = courier_ride(state, rules, origin.position, target.position)
    if ride is None:
        return Rejected(f"no way for a courier from {origin.id} to {target.id}", forceable=False)
    sent, note = dispatch(state, rules, ride, sender, origin.id, target.id, command.text, dice, recipient)
    event = MessageSent(sender, recipient, origin.id, target.id, command.text, ride.cost, sent.due_round, note)
    return ruling.accept(with_orders_in_transit(state, orders_in_transit(state) + (sent,)), [event])


def by_courier(message: Callable[..., Accepted | Rejected]) -> Callable[..., Accepted | Rejected]:
    """The handler of ``message`` wrapped so that games of a rule set with couriers send messages by courier."""

    def message_by_courier(state: GameState, command: Message, dice: Dice, forced: bool) -> Accepted | Rejected:
        if order_tables(state.ruleset) is None:  # a house copy without [orders]: messages go as in the core
            return message(state, command, dice, forced)
        return courier_message(state, command, dice, forced)

    message_by_courier.__doc__ = message.__doc__
    return message_by_courier
