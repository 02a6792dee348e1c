"""What happened when a command was carried out: small frozen values for people and for the journal.

Every event has ``describe()`` (one line for the umpire) and ``to_json()`` (a dict for the journal,
``{"event": KIND, ...fields}``); :func:`event_from_json` is the inverse of ``to_json``. Positions are world
units; headings are degrees clockwise from north.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

from kriegsspiel.core.geometry import WorldPoint, format_point

E = TypeVar("E", bound="Event")

#: kind -> event class: the core's own events (:func:`_event`), the same in every game; a game's rule set
#: adds its events to that game's table (``RulerRules.event_kinds``)
BASE_EVENT_KINDS: dict[str, type[Event]] = {}


def _event(kind: str) -> Callable[[type[E]], type[E]]:
    def register(cls: type[E]) -> type[E]:
        cls.kind = kind
        BASE_EVENT_KINDS[kind] = cls
        return cls

    return register


def event_kind(kind: str) -> Callable[[type[E]], type[E]]:
    """Class decorator of a rule set's event: its ``kind`` in the journal. The rule set lists the class among
    its rules' events (``RulerRules.extended(events=...)``), which reads it back for its games alone."""

    def mark(cls: type[E]) -> type[E]:
        cls.kind = kind
        return cls

    return mark


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events."""

    kind: ClassVar[str] = "event"

    def describe(self) -> str:
        """One line for the umpire."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: ``{"event": kind, field: value...}`` with points as [x, y] and tuples as lists."""
        data: dict[str, Any] = {"event": self.kind}
        for f in dataclasses.fields(self):
            data[f.name] = _to_json_value(getattr(self, f.name))
        return data


def _to_json_value(value: Any) -> Any:
    if isinstance(value, WorldPoint):
        return [value.x, value.y]
    if isinstance(value, tuple):
        return [_to_json_value(v) for v in value]
    return value


def event_from_json(data: dict[str, Any], kinds: Mapping[str, type[Event]] | None = None) -> Event:
    """Rebuild an event from :meth:`Event.to_json`, by the event classes of ``kinds`` (a game's:
    ``RulerRules.event_kinds``; by default the core's own). Raises ValueError for an unknown kind or wrong
    fields."""
    kind = data.get("event")
    cls = (BASE_EVENT_KINDS if kinds is None else kinds).get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"unknown event kind {kind!r}")
    values: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            if f.default is not dataclasses.MISSING:
                continue
            raise ValueError(f"event {kind!r} lacks the field {f.name!r}")
        raw = data[f.name]
        annotation = str(f.type)
        if "WorldPoint" in annotation and isinstance(raw, list):
            if len(raw) != 2:
                raise ValueError(f"event {kind!r}: {f.name} must be a point [x, y], not {raw!r}")
            raw = WorldPoint(float(raw[0]), float(raw[1]))
        elif annotation.startswith("tuple") and isinstance(raw, list):
            raw = tuple(raw)
        values[f.name] = raw
    return cls(**values)


@dataclass(frozen=True, slots=True)
class Accepted:
    """A command was carried out: the new state and what happened.

    ``overridden`` is the refusal a forced command overrode (None when the rules allowed it).
    """

    state: Any  # GameState (not imported here: the state module builds on events)
    events: tuple[Event, ...]
    overridden: str | None = None

    @property
    def accepted(self) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class Rejected:
    """A command was refused; ``reason`` is one sentence a person can act on.

    ``forceable`` is False when not even the umpire can carry it out (an unknown unit, an id already taken).
    """

    reason: str
    forceable: bool = True

    @property
    def accepted(self) -> bool:
        return False


def format_num(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


@_event("forced")
@dataclass(frozen=True, slots=True)
class Forced(Event):
    """The umpire overrode a refusal."""

    refusal: str

    def describe(self) -> str:
        return f"forced by the umpire (the rules refused: {self.refusal})"


@_event("moved")
@dataclass(frozen=True, slots=True)
class Moved(Event):
    """A unit moved; ``cost`` is the terrain cost drawn from its allowance, ``allowance_left`` what remains,
    ``heading`` a ship's heading after the move (degrees; None for units without one)."""

    unit: str
    origin: WorldPoint
    target: WorldPoint
    cost: float
    allowance_left: float
    heading: float | None = None

    def describe(self) -> str:
        heading = "" if self.heading is None else f", heading {format_num(self.heading)} deg"
        return (
            f"{self.unit} moved {format_point(self.origin)} > {format_point(self.target)}, "
            f"cost {format_num(self.cost)}, {format_num(max(self.allowance_left, 0.0))} left{heading}"
        )


@_event("carried")
@dataclass(frozen=True, slots=True)
class Carried(Event):
    """A unit on board another moved with it."""

    unit: str
    carrier: str
    target: WorldPoint

    def describe(self) -> str:
        return f"{self.unit} moved with {self.carrier} to {format_point(self.target)}"


@_event("heading")
@dataclass(frozen=True, slots=True)
class HeadingChanged(Event):
    """A ship took a new heading (degrees); it may not move again this turn."""

    unit: str
    old: float | None
    new: float

    def describe(self) -> str:
        old = "none" if self.old is None else f"{format_num(self.old)} deg"
        return f"{self.unit} changed heading {old} > {format_num(self.new)} deg; it may not move again this turn"


@_event("hidden")
@dataclass(frozen=True, slots=True)
class Hidden(Event):
    """A unit was hidden (``place`` names the terrain or structure that hides it)."""

    unit: str
    place: str

    def describe(self) -> str:
        return f"{self.unit} is hidden ({self.place})"


@_event("revealed")
@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """A hidden unit was revealed by order or exposed; ``cause`` says why."""

    unit: str
    cause: str

    def describe(self) -> str:
        return f"{self.unit} is revealed: {self.cause}"


@_event("converted")
@dataclass(frozen=True, slots=True)
class Converted(Event):
    """A unit became another type, keeping the fraction of its health."""

    unit: str
    old_type: str
    new_type: str
    old_health: int
    new_health: int

    def describe(self) -> str:
        return (
            f"{self.unit} converted from {self.old_type} to {self.new_type}, "
            f"health {self.old_health} > {self.new_health}"
        )


@_event("merged")
@dataclass(frozen=True, slots=True)
class Merged(Event):
    """Units merged into a new one at the first unit's place."""

    units: tuple[str, ...]
    new_unit: str
    health: int
    size: float

    def describe(self) -> str:
        return f"{' '.join(self.units)} merged into {self.new_unit}: health {self.health}, size {format_num(self.size)}"


@_event("split")
@dataclass(frozen=True, slots=True)
class Split(Event):
    """A unit split into new units with the given healths."""

    unit: str
    new_units: tuple[str, ...]
    healths: tuple[int, ...]

    def describe(self) -> str:
        parts = ", ".join(f"{u} (health {h})" for u, h in zip(self.new_units, self.healths))
        return f"{self.unit} split into {parts}"


@_event("message-delivered")
@dataclass(frozen=True, slots=True)
class MessageDelivered(Event):
    """A message reached its recipient."""

    sender: str
    recipient: str
    text: str

    def describe(self) -> str:
        return f"message from {self.sender} delivered to {self.recipient}: {self.text}"


@_event("message-lost")
@dataclass(frozen=True, slots=True)
class MessageLost(Event):
    """A message failed and never arrived."""

    sender: str
    recipient: str
    text: str

    def describe(self) -> str:
        return f"message from {self.sender} to {self.recipient} was lost (nothing arrives): {self.text}"


@_event("message-intercepted")
@dataclass(frozen=True, slots=True)
class MessageIntercepted(Event):
    """A message failed and reached the enemy instead."""

    sender: str
    recipient: str
    text: str
    interceptor: str

    def describe(self) -> str:
        return (
            f"message from {self.sender} to {self.recipient} was intercepted by {self.interceptor} "
            f"(only {self.interceptor} receives it): {self.text}"
        )


@_event("message-altered")
@dataclass(frozen=True, slots=True)
class MessageAltered(Event):
    """A message failed and arrived altered."""

    sender: str
    recipient: str
    text: str
    delivered_text: str

    def describe(self) -> str:
        return (
            f"message from {self.sender} to {self.recipient} arrived altered: "
            f"{self.delivered_text} (sent: {self.text})"
        )


@_event("turn-ended")
@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """A side ended its turn; ``next_side`` moves next (in the same round or the next)."""

    side: str
    next_side: str

    def describe(self) -> str:
        return f"{self.side} ends its turn; {self.next_side} to move"


@_event("round-ended")
@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """Every side has moved: the round is over, allowances and what units did this turn reset."""

    round: int

    def describe(self) -> str:
        return f"round {self.round} ends; allowances reset"


@_event("recovered")
@dataclass(frozen=True, slots=True)
class Recovered(Event):
    """A disabled unit may act again."""

    unit: str

    def describe(self) -> str:
        return f"{self.unit} is no longer disabled"


@_event("victory")
@dataclass(frozen=True, slots=True)
class Victory(Event):
    """A side met a victory condition."""

    side: str
    condition: str

    def describe(self) -> str:
        return f"VICTORY: {self.side} {self.condition}"


@_event("game-over")
@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game has ended; ``winners`` may be empty (a draw)."""

    reason: str
    winners: tuple[str, ...]

    def describe(self) -> str:
        who = " and ".join(self.winners) + " won" if self.winners else "no side won"
        return f"the game is over ({self.reason}): {who}"



@_event("note-drawn")
@dataclass(frozen=True, slots=True)
class NoteDrawn(Event):
    """The umpire drew a note on the map (world units) for the umpire alone or for one player."""

    note: str
    shape: str
    audience: str
    start: WorldPoint
    end: WorldPoint | None = None
    text: str = ""

    def describe(self) -> str:
        where = format_point(self.start) + ("" if self.end is None else f" > {format_point(self.end)}")
        what = f"text {self.text!r}" if self.shape == "text" else self.shape
        who = "the umpire only" if self.audience == "umpire" else self.audience
        return f"note {self.note} ({what} at {where}) for {who}"


@_event("note-erased")
@dataclass(frozen=True, slots=True)
class NoteErased(Event):
    """The umpire took a note off the map."""

    note: str

    def describe(self) -> str:
        return f"note {self.note} erased"
