"""What the combat orders do (land, sea, air), as events for the umpire and the journal.

Registered with :mod:`kriegsspiel.core.events._events` like every other event (``describe``, ``to_json``,
``event_from_json``). Health in health points; strengths are a roll times the unit's size; positions world units.
"""
from __future__ import annotations

from dataclasses import dataclass

from kriegsspiel.core.events import Event, event_kind, format_num
from kriegsspiel.core.geometry import WorldPoint, format_point


@event_kind("rolled")
@dataclass(frozen=True, slots=True)
class Rolled(Event):
    """A unit rolled its die for ``purpose`` (attack, defence, fire, ...): ``value`` on a d``sides``, times its
    size gives ``strength``."""

    unit: str
    purpose: str
    sides: int
    value: int
    strength: float

    def describe(self) -> str:
        times = "" if self.strength == self.value else f" x size = {format_num(self.strength)}"
        return f"{self.unit} {self.purpose}: d{self.sides} = {self.value}{times}"


@event_kind("outcome")
@dataclass(frozen=True, slots=True)
class Outcome(Event):
    """The result of a combat order in one sentence (``command`` is its word)."""

    command: str
    summary: str

    def describe(self) -> str:
        return f"{self.command}: {self.summary}"


@event_kind("damaged")
@dataclass(frozen=True, slots=True)
class Damaged(Event):
    """A unit lost ``damage`` health points; ``health`` is what it has left."""

    unit: str
    damage: int
    health: int

    def describe(self) -> str:
        return f"{self.unit} takes {self.damage} damage, health {self.health}"


@event_kind("destroyed")
@dataclass(frozen=True, slots=True)
class Destroyed(Event):
    """A unit left the map: ``cause`` is destroyed, sunk, crashed, captured, lost with its carrier, ..."""

    unit: str
    cause: str

    def describe(self) -> str:
        if self.cause.startswith("crashed"):
            # a crash is something the plane does, not something done to it: "f1 crashes into dd (kamikaze) and
            # leaves the map", "f1 crashes, still in the air at the end of the air turn, and leaves the map"
            rest = self.cause[len("crashed"):]
            if rest.startswith(":"):
                rest = "," + rest[1:] + ","
            return f"{self.unit} crashes{rest} and leaves the map"
        return f"{self.unit} is {self.cause} and leaves the map"


@event_kind("structure-damaged")
@dataclass(frozen=True, slots=True)
class StructureDamaged(Event):
    """A structure lost ``damage`` health points; ``health`` is what it has left."""

    structure: str
    damage: int
    health: int

    def describe(self) -> str:
        return f"structure {self.structure} takes {self.damage} damage, health {self.health}"


@event_kind("structure-fell")
@dataclass(frozen=True, slots=True)
class StructureFell(Event):
    """A structure lost its last health point and is gone from the map."""

    structure: str
    cause: str

    def describe(self) -> str:
        return f"structure {self.structure} falls ({self.cause})"


@event_kind("built")
@dataclass(frozen=True, slots=True)
class Built(Event):
    """A unit built a structure where it stands."""

    unit: str
    structure: str
    structure_kind: str
    health: int
    position: WorldPoint

    def describe(self) -> str:
        return f"{self.unit} built {self.structure_kind} {self.structure} at {format_point(self.position)}, health {self.health}"


@event_kind("disabled")
@dataclass(frozen=True, slots=True)
class Disabled(Event):
    """A unit may not act for ``rounds`` rounds."""

    unit: str
    rounds: int

    def describe(self) -> str:
        return f"{self.unit} is disabled for {self.rounds} round(s)"


@event_kind("seized")
@dataclass(frozen=True, slots=True)
class Seized(Event):
    """A ship was taken by boarders and changed sides."""

    unit: str
    old_side: str
    new_side: str

    def describe(self) -> str:
        return f"{self.unit} is seized: it now belongs to {self.new_side} (was {self.old_side})"


@event_kind("spy-report")
@dataclass(frozen=True, slots=True)
class SpyReport(Event):
    """A spy or survey report: ``found`` are the hidden enemy units exposed; a ``false_report`` tells the player
    nothing was found while ``missed`` went unreported."""

    unit: str
    searched: tuple[str, ...]
    found: tuple[str, ...]
    false_report: bool = False

    def describe(self) -> str:
        if self.false_report:
            return (f"{self.unit} reports nothing; the report is false (hidden within reach: "
                    f"{', '.join(self.searched) or 'none'})")
        if not self.found:
            return f"{self.unit} finds no hidden enemy unit ({len(self.searched)} hidden within reach)"
        return f"{self.unit} finds {', '.join(self.found)} ({len(self.searched)} hidden within reach)"


@event_kind("warhead-used")
@dataclass(frozen=True, slots=True)
class WarheadUsed(Event):
    """A side launched a nuclear warhead at ``aim``; ``left`` remain."""

    side: str
    aim: WorldPoint
    left: int

    def describe(self) -> str:
        return f"{self.side} launches a nuclear warhead at {format_point(self.aim)}; {self.left} left"


@event_kind("loaded")
@dataclass(frozen=True, slots=True)
class Loaded(Event):
    """A unit went aboard a ship or plane."""

    unit: str
    carrier: str

    def describe(self) -> str:
        return f"{self.unit} goes aboard {self.carrier}"


@event_kind("unloaded")
@dataclass(frozen=True, slots=True)
class Unloaded(Event):
    """A unit left its ship or plane for ``target``."""

    unit: str
    carrier: str
    target: WorldPoint

    def describe(self) -> str:
        return f"{self.unit} leaves {self.carrier} for {format_point(self.target)}"


@event_kind("took-off")
@dataclass(frozen=True, slots=True)
class TookOff(Event):
    """A plane is in the air; it must land by the end of the air turn."""

    unit: str
    base: str

    def describe(self) -> str:
        return f"{self.unit} takes off from {self.base}; it must land by the end of the air turn"


@event_kind("landed")
@dataclass(frozen=True, slots=True)
class Landed(Event):
    """A plane landed at an airfield or on a carrier."""

    unit: str
    base: str
    position: WorldPoint

    def describe(self) -> str:
        return f"{self.unit} lands at {self.base} ({format_point(self.position)})"


@event_kind("air-turn-ended")
@dataclass(frozen=True, slots=True)
class AirTurnEnded(Event):
    """The side's air turn is over: from now on only its other commands."""

    side: str

    def describe(self) -> str:
        return f"{self.side}'s air turn ends"
