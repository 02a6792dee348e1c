"""The orders of the classic Kriegsspiel (Ruleset V3) as command values: combat, modify, resolve, rally,
recover, order.

Text form (:mod:`kriegsspiel.rulesets.kriegsspiel_v3.notation`)::

    combat CHART UNIT ... > UNIT ...     roll one d10 for a combat group (attackers > defenders)
    modify [attacker|defender] +N NAME   amend the pending combat's modifiers (0 removes); modify range N
    resolve                              apply the pending combat's result on the map
    rally UNIT                           the umpire lifts one level of disruption (cover, distance from the enemy)
    recover UNIT                         one HP back, near a supply wagon of its side or in cover
    order UNIT TEXT                      write an order to a unit; a courier carries it from the side's officer
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from kriegsspiel.core.commands import Command


@dataclass(frozen=True, slots=True)
class Combat(Command):
    """Roll the die of one combat group on ``chart``: ``attackers`` against ``defenders``."""

    name: ClassVar[str] = "combat"
    chart: str
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Modify(Command):
    """Set the modifier ``label`` of ``side`` ("attacker", "defender", or "range" for the range penalty)."""

    name: ClassVar[str] = "modify"
    side: str
    amount: int
    label: str


@dataclass(frozen=True, slots=True)
class Resolve(Command):
    """Apply the pending combat's result."""

    name: ClassVar[str] = "resolve"


@dataclass(frozen=True, slots=True)
class Rally(Command):
    """Lift one level of a unit's disruption (the umpire judges cover and distance from the enemy)."""

    name: ClassVar[str] = "rally"
    unit: str


@dataclass(frozen=True, slots=True)
class Recover(Command):
    """Give a unit back one HP (near a supply wagon of its side, or in cover)."""

    name: ClassVar[str] = "recover"
    unit: str


@dataclass(frozen=True, slots=True)
class Order(Command):
    """Write ``text`` to ``unit``; a courier carries it from the side's officer over the terrain."""

    name: ClassVar[str] = "order"
    unit: str
    text: str


#: the classic orders by command word (the rule set installs them in the core's table of orders)
V3_ORDERS: dict[str, type[Command]] = {c.name: c for c in (Combat, Modify, Resolve, Rally, Recover, Order)}
