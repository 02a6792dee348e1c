"""Orders by courier (Ruleset V3): written to a unit, carried from the side's officer over the terrain.

``order UNIT TEXT`` starts a courier from the ordering side's officer nearest to the unit. The courier rides
the cheapest path at the courier type's speed table; its allowance per round (its road speed: cavalry road
speed) decides how many rounds the ride takes, and the order arrives as that many rounds end. At the start of
the ride the umpire's dice decide the rest, all in the order's journal record:

- a d10 at or below ``complication_at_most`` (a 1) flags a complication for the umpire to describe;
- when the path passes within sight of an enemy unit no farther than ``interception_reach`` (as the enemy
  stands when the order is written), a d10 at or below ``intercepted_at_most`` means the courier is caught there: the order never arrives and the enemy
  side reads it, when the courier would have reached that point.

The umpire sees every order in transit (``orders_in_transit(state)`` and the events); the players get a message
record only for what reached them (:func:`orders_received`). Distances are world units (metres).
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.events import Accepted, Event, Rejected
from kriegsspiel.core.geometry import WorldPoint, distance
from kriegsspiel.core.game import RuleGap, Ruling, find_unit
from kriegsspiel.core.state import GameState, MessageRecord, SharedLog, UnitState
from kriegsspiel.rulesets.kriegsspiel_v3.commands import Order
from kriegsspiel.rulesets.kriegsspiel_v3.events import (
    MessageArrived,
    MessageCaught,
    OrderDelivered,
    OrderIntercepted,
    OrderSent,
    OrdersRiding,
)
from kriegsspiel.rulesets.kriegsspiel_v3.rules import OrderRules
from kriegsspiel.rulesets.kriegsspiel_v3.state import orders_in_transit, pending_combat, with_orders_in_transit
from kriegsspiel.rulesets.kriegsspiel_v3.rules import order_tables

#: the outcomes of message records that are orders (the recipient is a unit id)
ORDER_OUTCOMES = ("order delivered", "order intercepted")
#: a ride that exceeds whole rounds by less than this fraction of a round still arrives in those rounds
_ROUND_TOLERANCE = 1e-6


@dataclass(frozen=True, slots=True)
class CourierOrder:
    """An order riding by courier. ``due_round``: it arrives as this round begins (the round before it ends).

    ``intercepted_by`` is the enemy side that catches the courier (None: it gets through) at ``caught_at`` as
    ``caught_round`` begins; ``complication`` flags a d10 of 1. A message between players rides the same way:
    ``recipient`` is then the side or player it is for and ``unit`` the officer who receives it (None: an order).
    """

    unit: str
    side: str
    officer: str
    text: str
    sent_round: int
    due_round: int
    metres: float  # the courier's ride, in movement cost (world units at road speed)
    path: tuple[WorldPoint, ...]
    complication: bool
    intercepted_by: str | None = None
    caught_at: WorldPoint | None = None
    caught_round: int | None = None
    recipient: str | None = None


@dataclass(frozen=True, slots=True)
class Ride:
    """A courier's ride: its cost (world units at road speed), its path and the rounds it takes."""

    cost: float
    path: tuple[WorldPoint, ...]
    rounds: int


def order_rules(state: GameState) -> OrderRules:
    """The rule set's courier rules; raises RuleGap when it has none."""
    rules = order_tables(state.ruleset)
    if rules is None:
        raise RuleGap(f"the rule set {state.ruleset.id!r} has no couriers; 'order' belongs to rule sets with an "
                      "[orders] table (kriegsspiel-v3); use 'message' instead")
    return rules


def courier_ride(state: GameState, rules: OrderRules, origin: WorldPoint, target: WorldPoint) -> Ride | None:
    """The courier's cheapest ride from ``origin`` to ``target`` and the rounds it takes; None when no path.

    A ride of cost C takes ceil(C / A) rounds, A being the courier type's allowance per round (its move).
    """
    from kriegsspiel.core.movement import cheapest_path, cost_field, speed_field

    allowance = state.ruleset.unit_type(rules.courier_type).move
    if distance(origin, target) == 0.0:
        return Ride(0.0, (origin,), 0)
    raster = state.battlefield.raster()
    if not (raster.contains(origin) and raster.contains(target)):
        return None
    speeds = speed_field(raster, state.ruleset.speed_table(rules.courier_type))
    positive = speeds[speeds > 0.0]
    if positive.size == 0:
        return None
    rows, cols = raster.shape
    # the dearest ride crosses the whole map at the slowest speed: search no further
    limit = math.hypot(rows, cols) * raster.cell_size * 2.0 / float(positive.min())
    result = cheapest_path(cost_field(raster, speeds, origin, limit), target)
    if not result.reachable:
        return None
    rounds = max(1, math.ceil(result.cost / allowance - _ROUND_TOLERANCE))
    return Ride(result.cost, result.points, rounds)


def issuing_officer(state: GameState, rules: OrderRules, unit: UnitState, side: str) -> UnitState | None:
    """The officer of ``side`` nearest to ``unit`` (the unit itself when it is an officer), or None."""
    officers = [u for u in state.units.values() if u.side == side and u.type_id == rules.issued_by]
    if not officers:
        return None
    return min(officers, key=lambda o: (distance(o.position, unit.position), o.id))


def first_sighting(state: GameState, side: str, path: tuple[WorldPoint, ...],
                   reach: float = math.inf, friendly: frozenset[str] = frozenset()) -> tuple[WorldPoint, str, float] | None:
    """The first point of ``path`` in sight of a unit of another side than ``side`` (and than the ``friendly``
    sides: a message's recipient does not catch its own courier) and within ``reach`` of it (world units):
    (point, that side, the ride's length to it). None when the whole path stays unseen."""
    from kriegsspiel.core.sight import battlefield_sight_terrain
    from kriegsspiel.core.sight import Observer, SightRules, seen_area

    enemies_by_side: dict[str, list[UnitState]] = {}
    for u in state.units.values():
        if u.side != side and u.side not in friendly and u.health > 0:
            enemies_by_side.setdefault(u.side, []).append(u)
    if not enemies_by_side or len(path) < 2:
        return None
    terrain = battlefield_sight_terrain(state.battlefield, state.ruleset)
    eye = SightRules.from_ruleset(state.ruleset).eye_height
    seen = {
        enemy_side: seen_area(terrain, [Observer(u.position, min(reach, state.ruleset.unit_type(u.type_id).sight_range))
                                        for u in units], eye)
        for enemy_side, units in enemies_by_side.items()
    }
    step = terrain.cell_size / 2.0
    rows, cols = terrain.shape
    walked = 0.0
    for a, b in zip(path[:-1], path[1:]):
        span = distance(a, b)
        samples = max(1, math.ceil(span / step))
        for i in range(samples + 1):
            t = i / samples
            point = WorldPoint(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
            col, row = terrain.cell_of(point)
            if not (0 <= row < rows and 0 <= col < cols):
                continue
            for enemy_side, area in seen.items():
                if bool(area[row, col]):
                    return point, enemy_side, walked + span * t
        walked += span
    return None


def dispatch(state: GameState, rules: OrderRules, ride: Ride, side: str, officer: str, to: str, text: str,
             dice: Dice, recipient: str | None = None) -> tuple[CourierOrder, str]:
    """Start a courier of ``side`` from ``officer`` to the unit ``to`` along ``ride``: roll the complication d10
    and, where the ride passes in sight of an enemy (never the message's own ``recipient`` side), the
    interception d10. Returns the courier and the umpire's note on the rolls."""
    complication = dice.roll(rules.complication_die) <= rules.complication_at_most
    friendly = frozenset({recipient_side(state, recipient)}) if recipient is not None else frozenset()
    sighting = first_sighting(state, side, ride.path, rules.interception_reach, friendly)
    caught_by = caught_at = caught_round = None
    notes = ["complication (d10 = 1)"] if complication else []
    if sighting is not None:
        point, enemy_side, walked = sighting
        roll = dice.roll(rules.interception_die)
        if roll <= rules.intercepted_at_most:
            # the ride's cost to that point, in the same proportion as its length
            length = sum(distance(a, b) for a, b in zip(ride.path[:-1], ride.path[1:])) or 1.0
            cost_there = ride.cost * walked / length
            allowance = state.ruleset.unit_type(rules.courier_type).move
            caught_by, caught_at = enemy_side, point
            caught_round = state.round + max(1, math.ceil(cost_there / allowance - _ROUND_TOLERANCE))
            notes.append(f"in sight of {enemy_side}: d10 = {roll}, CAUGHT in round {caught_round - 1}")
        else:
            notes.append(f"in sight of {enemy_side}: d10 = {roll}, gets through")
    sent = CourierOrder(to, side, officer, text, state.round, state.round + ride.rounds, ride.cost, ride.path,
                        complication, caught_by, caught_at, caught_round, recipient)
    return sent, "; ".join(notes)


def recipient_side(state: GameState, recipient: str) -> str:
    """The side a message's recipient (a side or a player, as the message names it) belongs to."""
    if recipient in state.sides:
        return recipient
    return next((p.side for p in state.setup.players if p.name == recipient), recipient)


def order(state: GameState, command: Order, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Send an order to a unit of the side to move by courier from the side's nearest officer.

    Not forceable: an unknown unit, a unit of another side, a side without an officer, no path for a courier.
    Forceable: a game that is over.
    """
    rules = order_rules(state)
    unit = find_unit(state, command.unit)
    if isinstance(unit, Rejected):
        return unit
    side = state.side_to_move
    if unit.side != side:
        return Rejected(f"{unit.id} belongs to {unit.side}; {side} writes orders to its own units", forceable=False)
    ruling = Ruling(forced)
    if state.finished and (refusal := ruling.refuse("the game is over")):
        return refusal
    officer = issuing_officer(state, rules, unit, side)
    if officer is None:
        return Rejected(f"{side} has no {rules.issued_by} to write orders; orders leave from an {rules.issued_by}",
                        forceable=False)
    ride = courier_ride(state, rules, officer.position, unit.position)
    if ride is None:
        return Rejected(f"no way for a courier from {officer.id} to {unit.id}", forceable=False)
    sent, note = dispatch(state, rules, ride, side, officer.id, unit.id, command.text, dice)
    event = OrderSent(unit.id, officer.id, command.text, ride.cost, sent.due_round, note)
    return ruling.accept(with_orders_in_transit(state, orders_in_transit(state) + (sent,)), [event])


def deliver(state: GameState) -> tuple[GameState, list[Event]]:
    """At the start of a new round: hand over every order due by now (or catch its courier).

    Delivered and intercepted orders become message records (received by the side, or by the enemy side) of
    the round they reach their reader in (the order's journal record keeps the round it was written).
    """
    riding: list[CourierOrder] = []
    records: list[MessageRecord] = []
    events: list[Event] = []
    for sent in orders_in_transit(state):
        if sent.recipient is not None:
            arrived = _deliver_message(state, sent)
            if arrived is None:
                riding.append(sent)
            else:
                records.append(arrived[0])
                events.append(arrived[1])
            continue
        if sent.intercepted_by is not None and sent.caught_round is not None and sent.caught_round <= state.round:
            at = sent.caught_at or sent.path[0]
            events.append(OrderIntercepted(sent.unit, sent.text, sent.intercepted_by, at))
            records.append(MessageRecord(state.round, sent.side, sent.unit, sent.text, "order intercepted",
                                         sent.intercepted_by, sent.text))
        elif sent.intercepted_by is None and sent.due_round <= state.round:
            events.append(OrderDelivered(sent.unit, sent.text, sent.complication))
            records.append(MessageRecord(state.round, sent.side, sent.unit, sent.text, "order delivered", sent.side,
                                         sent.text))
        else:
            riding.append(sent)
    if not events:
        return state, []
    # a state's messages are a SharedLog (GameState makes them one); a new log shares the old one's past
    messages = SharedLog(state.messages) + tuple(records)
    return with_orders_in_transit(state.replace(messages=messages), tuple(riding)), events


def _deliver_message(state: GameState, sent: CourierOrder) -> tuple[MessageRecord, Event] | None:
    """A message's courier at the start of a round: its record and event when it arrived or was caught, else
    None (still riding). Its records read as the core's messages ("delivered", "intercepted")."""
    recipient = str(sent.recipient)
    if sent.intercepted_by is not None and sent.caught_round is not None and sent.caught_round <= state.round:
        return (MessageRecord(state.round, sent.side, recipient, sent.text, "intercepted", sent.intercepted_by,
                              sent.text),
                MessageCaught(sent.side, recipient, sent.text, sent.intercepted_by, sent.caught_at or sent.path[0]))
    if sent.intercepted_by is None and sent.due_round <= state.round:
        return (MessageRecord(state.round, sent.side, recipient, sent.text, "delivered", recipient, sent.text),
                MessageArrived(sent.side, recipient, sent.unit, sent.text, sent.complication))
    return None


def orders_received(state: GameState, side: str) -> list[MessageRecord]:
    """The orders a side's players may read: those delivered to its units, and enemy orders it intercepted.
    Orders still riding are absent (only the umpire sees them)."""
    return [m for m in state.messages if m.outcome in ORDER_OUTCOMES and m.received_by == side]


def delivering(end_turn: Callable[..., Accepted | Rejected]) -> Callable[..., Accepted | Rejected]:
    """The handler of ``turn`` wrapped so that, when a round ended, the orders due arrive."""

    def end_turn_with_couriers(state: GameState, command: object, dice: Dice, forced: bool) -> Accepted | Rejected:
        result = end_turn(state, command, dice, forced)
        if not isinstance(result, Accepted) or result.state.round == state.round or not orders_in_transit(result.state):
            return result
        new_state, events = deliver(result.state)
        if orders_in_transit(new_state):
            events.append(OrdersRiding(tuple(transit_rows(new_state))))
        return Accepted(new_state, result.events + tuple(events), result.overridden)

    end_turn_with_couriers.__doc__ = end_turn.__doc__
    return end_turn_with_couriers


def transit_rows(state: GameState) -> list[str]:
    """The umpire's list of orders in transit: one line each."""
    lines = []
    for sent in orders_in_transit(state):
        fate = f", caught by {sent.intercepted_by} at the start of round {sent.caught_round}" if sent.intercepted_by else ""
        flag = ", complication" if sent.complication else ""
        what = f"message for {sent.recipient} to {sent.unit}" if sent.recipient is not None else sent.unit
        lines.append(f"{sent.officer} -> {what}: due round {sent.due_round}{fate}{flag}: {sent.text}")
    return lines




def turn_preview(state: GameState) -> list[str]:
    """What ending the side's turn sets going under Ruleset V3 besides its events: where the round ends, the
    clock of the next round and the couriers due then; a combat still pending is said first."""
    from kriegsspiel.core.state import turn_order

    lines = []
    if pending_combat(state) is not None:
        lines.append("a combat is still pending: resolve it (Enter) or undo it (Esc) first, or it stays open")
    if [s for s in turn_order(state) if s not in state.sides_done and s != state.side_to_move]:
        return lines
    clock = state.ruleset.game_clock(state.round + 1)
    if clock is not None:
        lines.append(f"the clock moves on to {clock} (round {state.round + 1})")
    due = [o for o in orders_in_transit(state) if o.due_round <= state.round + 1]
    if due:
        lines.append(f"{len(due)} courier{'s' if len(due) != 1 else ''} arrive{'s' if len(due) == 1 else ''} as "
                     f"round {state.round + 1} begins")
    return lines
