"""The Fourth Edition's combat orders as command values: land, sea and air.

Text form (:mod:`kriegsspiel.rulesets.modern_4e.notation`)::

    attack UNIT ... > TARGET ...     fire UNIT ... > TARGET ...     spy UNIT     build UNIT > KIND NAME
    missile UNIT > TARGET            torpedo UNIT > TARGET          sortie UNIT > TARGET
    depthcharge UNIT > TARGET        board UNIT > TARGET            nuke UNIT > TARGET|X,Y
    load UNIT ... > CARRIER          disembark UNIT > X,Y
    takeoff PLANE    land PLANE [> BASE]    dogfight PLANE ... > PLANE ...    bomb PLANE > TARGET ...
    pulse PLANE [> TARGET ...]       airlift PLANE > UNIT ...       kamikaze PLANE > TARGET    survey PLANE

A TARGET is a unit id or the name of a structure on the map.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from kriegsspiel.core.commands import Command
from kriegsspiel.core.geometry import WorldPoint


@dataclass(frozen=True, slots=True)
class Attack(Command):
    """Both sides roll: ``units`` attack ``targets`` (attack distance); the attack ends the attackers' turn."""

    name: ClassVar[str] = "attack"
    units: tuple[str, ...]
    targets: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Fire(Command):
    """One-sided fire of ``units`` at ``targets`` (units or structures) within each firer's fire range."""

    name: ClassVar[str] = "fire"
    units: tuple[str, ...]
    targets: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Spy(Command):
    """Search for hidden enemy units around ``unit``."""

    name: ClassVar[str] = "spy"
    unit: str


@dataclass(frozen=True, slots=True)
class Build(Command):
    """``unit`` builds a structure of ``kind`` called ``structure`` where it stands."""

    name: ClassVar[str] = "build"
    unit: str
    kind: str
    structure: str


@dataclass(frozen=True, slots=True)
class Missile(Command):
    """``unit`` fires a missile at one target; a target that can fire missiles defends."""

    name: ClassVar[str] = "missile"
    unit: str
    target: str


@dataclass(frozen=True, slots=True)
class Torpedo(Command):
    """A submarine torpedoes a ship."""

    name: ClassVar[str] = "torpedo"
    unit: str
    target: str


@dataclass(frozen=True, slots=True)
class Sortie(Command):
    """A carrier launches a sortie against a ship, which answers with its air defence."""

    name: ClassVar[str] = "sortie"
    unit: str
    target: str


@dataclass(frozen=True, slots=True)
class DepthCharge(Command):
    """A ship drops depth charges on a submarine nearby."""

    name: ClassVar[str] = "depthcharge"
    unit: str
    target: str


@dataclass(frozen=True, slots=True)
class Board(Command):
    """A ship boards another ship close by: seize, sink, disable or damage."""

    name: ClassVar[str] = "board"
    unit: str
    target: str


@dataclass(frozen=True, slots=True)
class Nuke(Command):
    """Launch a nuclear warhead at a unit, a structure (``target``) or a point (``point``)."""

    name: ClassVar[str] = "nuke"
    unit: str
    target: str | None = None
    point: WorldPoint | None = None


@dataclass(frozen=True, slots=True)
class Load(Command):
    """Land units go aboard a ship."""

    name: ClassVar[str] = "load"
    units: tuple[str, ...]
    carrier: str


@dataclass(frozen=True, slots=True)
class Disembark(Command):
    """A carried unit leaves its ship or plane for the point ``target`` next to it."""

    name: ClassVar[str] = "disembark"
    unit: str
    target: WorldPoint


@dataclass(frozen=True, slots=True)
class Takeoff(Command):
    """A plane takes off from an airfield or a carrier (air turn)."""

    name: ClassVar[str] = "takeoff"
    unit: str


@dataclass(frozen=True, slots=True)
class Land(Command):
    """A plane lands at an airfield or a carrier (``base``; None: the nearest within its range)."""

    name: ClassVar[str] = "land"
    unit: str
    base: str | None = None


@dataclass(frozen=True, slots=True)
class Dogfight(Command):
    """Planes fight planes (dogfight range); both sides roll."""

    name: ClassVar[str] = "dogfight"
    units: tuple[str, ...]
    targets: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Bomb(Command):
    """A plane bombs units or structures within its bomb range."""

    name: ClassVar[str] = "bomb"
    unit: str
    targets: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Pulse(Command):
    """A plane drops an electromagnetic pulse on the enemy units within its radius (``targets``: checked)."""

    name: ClassVar[str] = "pulse"
    unit: str
    targets: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Airlift(Command):
    """Land units go aboard a transport plane."""

    name: ClassVar[str] = "airlift"
    unit: str
    units: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Kamikaze(Command):
    """A fighter flies into a ship; the plane is lost."""

    name: ClassVar[str] = "kamikaze"
    unit: str
    target: str


@dataclass(frozen=True, slots=True)
class Survey(Command):
    """A reconnaissance plane or drone searches for hidden enemy units within its flight range."""

    name: ClassVar[str] = "survey"
    unit: str


#: the combat orders by command word (the rule set installs them in the core's table of orders)
COMBAT_ORDERS: dict[str, type[Command]] = {
    c.name: c
    for c in (
        Attack, Fire, Spy, Build, Missile, Torpedo, Sortie, DepthCharge, Board, Nuke, Load, Disembark,
        Takeoff, Land, Dogfight, Bomb, Pulse, Airlift, Kamikaze, Survey,
    )
}


def acting_units(command: Command) -> tuple[str, ...]:
    """The ids of the units that act in ``command`` (the firers, the plane, the units going aboard)."""
    if hasattr(command, "units") and isinstance(getattr(command, "units"), tuple) and not isinstance(command, Airlift):
        return tuple(getattr(command, "units"))
    unit = getattr(command, "unit", None)
    return (unit,) if isinstance(unit, str) else ()
