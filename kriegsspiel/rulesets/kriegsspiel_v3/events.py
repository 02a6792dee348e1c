"""What the classic Kriegsspiel's orders do (Ruleset V3), as events for the umpire and the journal.

Registered with :mod:`kriegsspiel.core.events._events` like every other event (``describe``, ``to_json``,
``event_from_json``). Positions are world units (metres); rolls are d10 faces and final rolls.
"""
from __future__ import annotations

from dataclasses import dataclass

from kriegsspiel.core.events import Event, event_kind
from kriegsspiel.core.geometry import WorldPoint, format_point


def _m(value: float) -> str:
    return f"{value:.0f} m"


@event_kind("combat-rolled")
@dataclass(frozen=True, slots=True)
class CombatRolled(Event):
    """A combat group's die was rolled; ``listing`` is the roll and modifiers, ``result`` the result as it stands."""

    chart: str
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    listing: str
    result: str

    def describe(self) -> str:
        return (f"combat ({self.chart}) {' '.join(self.attackers)} > {' '.join(self.defenders)}: {self.listing}"
                f" => {self.result}. Amend with 'modify', apply with 'resolve'")


@event_kind("combat-modified")
@dataclass(frozen=True, slots=True)
class CombatModified(Event):
    """The umpire amended the pending combat."""

    change: str
    listing: str
    result: str

    def describe(self) -> str:
        return f"combat amended ({self.change}): {self.listing} => {self.result}"


@event_kind("combat-resolved")
@dataclass(frozen=True, slots=True)
class CombatResolved(Event):
    """The pending combat's result was applied to ``units`` (the side it hit)."""

    chart: str
    result: str
    units: tuple[str, ...]

    def describe(self) -> str:
        return f"combat resolved ({self.chart}): {self.result}: {' '.join(self.units)}"


@event_kind("unit-hit")
@dataclass(frozen=True, slots=True)
class UnitHit(Event):
    """A unit's HP and disruption after a result; ``out_of_control`` rounds it will not obey orders."""

    unit: str
    health: int
    disruption: int
    out_of_control: int

    def describe(self) -> str:
        text = f"{self.unit}: {self.health} HP, disruption {self.disruption}"
        if self.out_of_control:
            text += f", out of control: obeys no order for {self.out_of_control} more round end(s)"
        return text


@event_kind("unit-retreated")
@dataclass(frozen=True, slots=True)
class UnitRetreated(Event):
    """A unit retreated away from the enemy over the terrain; ``walked`` may fall short of ``wanted``."""

    unit: str
    origin: WorldPoint
    target: WorldPoint
    wanted: float
    walked: float

    def describe(self) -> str:
        text = f"{self.unit} retreats {_m(self.walked)} {format_point(self.origin)} > {format_point(self.target)}"
        if self.walked < self.wanted - 0.5:
            text += f" (hemmed in: {_m(self.wanted)} were due)"
        return text


@event_kind("unit-lost")
@dataclass(frozen=True, slots=True)
class UnitLost(Event):
    """A unit left the game: ``how`` is "surrendered" or "destroyed"."""

    unit: str
    how: str

    def describe(self) -> str:
        return f"{self.unit} {self.how}; it leaves the map"


@event_kind("rallied")
@dataclass(frozen=True, slots=True)
class Rallied(Event):
    """The umpire lifted a level of a unit's disruption."""

    unit: str
    disruption: int

    def describe(self) -> str:
        return f"{self.unit} rallies: disruption {self.disruption}"


@event_kind("recovered-hp")
@dataclass(frozen=True, slots=True)
class RecoveredHealth(Event):
    """A unit won back an HP; ``where`` names the supply wagon or the cover."""

    unit: str
    health: int
    where: str

    def describe(self) -> str:
        return f"{self.unit} recovers: {self.health} HP ({self.where})"


@event_kind("order-sent")
@dataclass(frozen=True, slots=True)
class OrderSent(Event):
    """An order left the officer by courier; the umpire sees when it is due and what may befall it."""

    unit: str
    officer: str
    text: str
    metres: float
    due_round: int
    note: str

    def describe(self) -> str:
        text = (f"order to {self.unit} leaves {self.officer} by courier ({_m(self.metres)} to ride): due at the "
                f"start of round {self.due_round}: {self.text}")
        return f"{text} [{self.note}]" if self.note else text


@event_kind("orders-riding")
@dataclass(frozen=True, slots=True)
class OrdersRiding(Event):
    """At a round's end, the orders still riding, one line each (the umpire's view of the couriers)."""

    orders: tuple[str, ...]

    def describe(self) -> str:
        return "orders still riding: " + "; ".join(self.orders)


@event_kind("order-delivered")
@dataclass(frozen=True, slots=True)
class OrderDelivered(Event):
    """An order reached its unit; ``complication`` asks the umpire to describe one."""

    unit: str
    text: str
    complication: bool

    def describe(self) -> str:
        text = f"order delivered to {self.unit}: {self.text}"
        return text + " [COMPLICATION: the d10 showed 1; the umpire describes what goes wrong]" if self.complication else text


@event_kind("order-intercepted")
@dataclass(frozen=True, slots=True)
class OrderIntercepted(Event):
    """A courier was caught within sight of the enemy: the order never arrives; the enemy side reads it."""

    unit: str
    text: str
    by_side: str
    at: WorldPoint

    def describe(self) -> str:
        return f"the courier to {self.unit} is caught by {self.by_side} near {format_point(self.at)}: {self.text}"


@event_kind("courier-message-sent")
@dataclass(frozen=True, slots=True)
class MessageSent(Event):
    """A message between players left the sender's officer by courier (docs/rulings.md: messages go like orders)."""

    sender: str
    recipient: str
    officer: str
    to_officer: str
    text: str
    metres: float
    due_round: int
    note: str

    def describe(self) -> str:
        text = (f"message of {self.sender} for {self.recipient} leaves {self.officer} by courier for "
                f"{self.to_officer} ({_m(self.metres)} to ride): due at the start of round {self.due_round}: "
                f"{self.text}")
        return f"{text} [{self.note}]" if self.note else text


@event_kind("courier-message-arrived")
@dataclass(frozen=True, slots=True)
class MessageArrived(Event):
    """A message's courier reached the recipient's officer; ``complication`` asks the umpire to describe one."""

    sender: str
    recipient: str
    officer: str
    text: str
    complication: bool

    def describe(self) -> str:
        text = f"message of {self.sender} delivered to {self.recipient} ({self.officer}): {self.text}"
        return text + " [COMPLICATION: the d10 showed 1; the umpire describes what goes wrong]" if self.complication else text


@event_kind("courier-message-caught")
@dataclass(frozen=True, slots=True)
class MessageCaught(Event):
    """A message's courier was caught within sight of a third side: it never arrives; that side reads it."""

    sender: str
    recipient: str
    text: str
    by_side: str
    at: WorldPoint

    def describe(self) -> str:
        return (f"the courier of {self.sender} to {self.recipient} is caught by {self.by_side} near "
                f"{format_point(self.at)}: {self.text}")
