"""Commands as values: what the umpire (or a drag, or a replayed journal record) asks the game to do.

Orders (:data:`BASE_ORDERS` and a rule set's) change the game and go through ``apply``; queries (:data:`QUERIES`) only ask and are
answered by the shell or the window; session commands (undo, redo, quit) act on the journal, not on the state.
``Force(order)`` is the umpire carrying out an order the rules refuse. Text form: :mod:`kriegsspiel.core.commands._notation`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from kriegsspiel.core.geometry import WorldPoint
from types import MappingProxyType
from collections.abc import Mapping


@dataclass(frozen=True, slots=True)
class Command:
    """Base of all commands; ``name`` is the command word of the Umpire shell."""

    name: ClassVar[str] = ""


# --- orders: change the game, journaled ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Move(Command):
    """Move ``unit`` to ``target`` (world units) over the terrain."""

    name: ClassVar[str] = "move"
    unit: str
    target: WorldPoint


@dataclass(frozen=True, slots=True)
class Heading(Command):
    """Give a ship a new heading (degrees clockwise from north)."""

    name: ClassVar[str] = "heading"
    unit: str
    degrees: float


@dataclass(frozen=True, slots=True)
class Hide(Command):
    """Hide a unit where its type may hide."""

    name: ClassVar[str] = "hide"
    unit: str


@dataclass(frozen=True, slots=True)
class Reveal(Command):
    """Reveal a hidden unit."""

    name: ClassVar[str] = "reveal"
    unit: str


@dataclass(frozen=True, slots=True)
class Convert(Command):
    """Convert an artillery or cavalry unit to infantry."""

    name: ClassVar[str] = "convert"
    unit: str


@dataclass(frozen=True, slots=True)
class Merge(Command):
    """Merge units of one type into ``new_unit``."""

    name: ClassVar[str] = "merge"
    units: tuple[str, ...]
    new_unit: str


@dataclass(frozen=True, slots=True)
class Split(Command):
    """Split ``unit`` into the ``new_units``."""

    name: ClassVar[str] = "split"
    unit: str
    new_units: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Message(Command):
    """Send ``text`` from the side to move to a side or a player, through the fog of war."""

    name: ClassVar[str] = "message"
    recipient: str
    text: str


@dataclass(frozen=True, slots=True)
class EndTurn(Command):
    """End the side's turn; when every side has moved, the round ends."""

    name: ClassVar[str] = "turn"


@dataclass(frozen=True, slots=True)
class Note(Command):
    """The umpire's drawing on the map, for the umpire alone (``audience`` "umpire") or for one player (their
    name): a ``line`` or an ``arrow`` from ``start`` to ``end``, or ``text`` written at ``start`` (world
    units). It changes nothing of the game; a player's notes are in that player's picture only."""

    name: ClassVar[str] = "note"
    shape: str  # "line", "arrow" or "text"
    audience: str
    start: WorldPoint
    end: WorldPoint | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class EraseNote(Command):
    """Take the note ``note`` (its id, ``n1``...) off the map."""

    name: ClassVar[str] = "unnote"
    note: str


# --- the umpire's override ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Force(Command):
    """Carry out ``order`` even when the rules refuse it; the journal marks it forced."""

    name: ClassVar[str] = "force"
    order: Command


# --- queries and session commands: never applied to the state -----------------------------------------


@dataclass(frozen=True, slots=True)
class Score(Command):
    """Each side's remaining health as a percentage of its starting health."""

    name: ClassVar[str] = "score"


@dataclass(frozen=True, slots=True)
class Details(Command):
    """Everything about one unit, or a list of all units (``unit`` None)."""

    name: ClassVar[str] = "details"
    unit: str | None = None


@dataclass(frozen=True, slots=True)
class Man(Command):
    """The manual page of a command (``topic`` None: the list of commands)."""

    name: ClassVar[str] = "man"
    topic: str | None = None


@dataclass(frozen=True, slots=True)
class Help(Command):
    """The list of commands with their syntax."""

    name: ClassVar[str] = "help"


@dataclass(frozen=True, slots=True)
class Undo(Command):
    """Undo the last order (a journal record too)."""

    name: ClassVar[str] = "undo"


@dataclass(frozen=True, slots=True)
class Redo(Command):
    """Redo the last undone order."""

    name: ClassVar[str] = "redo"


@dataclass(frozen=True, slots=True)
class Quit(Command):
    """Leave the shell; the journal is already on disk."""

    name: ClassVar[str] = "quit"


#: the core's base orders, by command word: these go through ``apply`` and into the journal in every ruler
#: game; a game's rule set adds its own orders to its game alone (``RulerRules.notation.orders``)
BASE_ORDERS: Mapping[str, type[Command]] = MappingProxyType({
    c.name: c for c in (Move, Heading, Hide, Reveal, Convert, Merge, Split, Message, EndTurn, Note, EraseNote)
})
#: queries and session commands, by command word: answered outside ``apply``
QUERIES: dict[str, type[Command]] = {c.name: c for c in (Score, Details, Man, Help, Undo, Redo, Quit)}


def is_order(command: Command) -> bool:
    """True when ``command`` changes the game (an order, or a forced order): every command that is not a
    query or a session command, whichever rule set gives it."""
    return isinstance(command, Force) or type(command) not in _NOT_ORDERS


_NOT_ORDERS = frozenset(QUERIES.values()) | {Command}

