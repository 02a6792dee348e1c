"""What happened when a command was carried out: events for people and for the journal, and the
Accepted/Rejected outcome of ``apply``.

This is the package's public face: import from ``kriegsspiel.core.events``, not from its modules.
"""
from __future__ import annotations

from kriegsspiel.core.events._events import (
    Accepted,
    Carried,
    Converted,
    EVENT_KINDS,
    Event,
    Forced,
    GameOver,
    HeadingChanged,
    Hidden,
    Merged,
    MessageAltered,
    MessageDelivered,
    MessageIntercepted,
    MessageLost,
    Moved,
    Recovered,
    Rejected,
    Revealed,
    RoundEnded,
    Split,
    TurnEnded,
    Victory,
    event_from_json,
    event_kind,
    format_num,
)

__all__ = [
    "Accepted",
    "Carried",
    "Converted",
    "EVENT_KINDS",
    "Event",
    "Forced",
    "GameOver",
    "HeadingChanged",
    "Hidden",
    "Merged",
    "MessageAltered",
    "MessageDelivered",
    "MessageIntercepted",
    "MessageLost",
    "Moved",
    "Recovered",
    "Rejected",
    "Revealed",
    "RoundEnded",
    "Split",
    "TurnEnded",
    "Victory",
    "event_from_json",
    "event_kind",
    "format_num",
]
