"""The text of commands: the Umpire shell's syntax, parsed and formatted (a parse/format pair).

``format_command(parse_command(text))`` is the canonical text the journal stores, and
``parse_command(format_command(c)) == c`` for every command: coordinates are written with Python's shortest
round-trip float text, so a drag's exact target survives the journal. Syntax (``man COMMAND`` shows it)::

    move UNIT > X,Y            heading UNIT DEG          hide UNIT        reveal UNIT      convert UNIT
    merge UNIT UNIT ... > NEW  split UNIT > NEW NEW ...  message SIDE|PLAYER TEXT         turn
    note arrow|line umpire|PLAYER X,Y > X,Y    note text umpire|PLAYER X,Y TEXT    unnote NOTE
    force ORDER                score    details [UNIT]   man [COMMAND]    help   undo   redo   quit
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from kriegsspiel.core.commands._commands import (
    BASE_ORDERS,
    Command,
    Convert,
    Details,
    EndTurn,
    EraseNote,
    Force,
    Heading,
    Help,
    Hide,
    Man,
    Merge,
    Message,
    Move,
    Note,
    Quit,
    Redo,
    Reveal,
    Score,
    Split,
    Undo,
)
from kriegsspiel.core.geometry import WorldPoint, normalize_bearing

#: a unit id: no spaces, no '>', no quotes, no commas (a comma would read as a point)
UNIT_ID = re.compile(r"^[^\s>\"',]+$")

#: every command word the parser knows, with the words it also accepts
ALIASES: dict[str, str] = {"end": "turn", "exit": "quit", "?": "help"}


class NotationError(ValueError):
    """A line that is not a command. ``command`` is the command word when it was recognised (so the shell can
    show that command's syntax), else None. The message says what is wrong in words."""

    def __init__(self, message: str, command: str | None = None) -> None:
        super().__init__(message)
        self.command = command


#: a parser of one command word: the text after the word -> the command (raises NotationError)
Parser = Callable[[str], Command]
#: a formatter of a rule set's orders: a command -> its text, or None when the command is not one of them
Formatter = Callable[[Command], "str | None"]


@dataclass(frozen=True)
class Notation:
    """The text of one game's commands: a parser per command word and the formatters of the rule set's
    orders, on top of the core's own. Each game has its own (``RulerRules.notation``); nothing is shared
    between the rule sets of one process.

    ``orders`` are the order classes by word (they go through ``apply`` and may be forced).
    """

    parsers: Mapping[str, Parser]
    orders: Mapping[str, type[Command]]
    formatters: tuple[Formatter, ...] = ()

    def extended(self, orders: Mapping[str, type[Command]], parsers: Mapping[str, Parser],
                 formatters: Iterable[Formatter] = ()) -> Notation:
        """This notation with a rule set's ``orders``, their ``parsers`` and ``formatters`` added. Raises
        ValueError for a word already taken (the core's words are the same in every game) or an order
        without a parser."""
        taken = sorted({w for w in (*orders, *parsers) if w in self.parsers or w == "force"})
        if taken:
            raise ValueError(f"command words already taken: {', '.join(taken)}")
        if missing := sorted(set(orders) - set(parsers)):
            raise ValueError(f"orders without a parser: {', '.join(missing)}")
        return Notation(MappingProxyType({**self.parsers, **parsers}), MappingProxyType({**self.orders, **orders}),
                        (*self.formatters, *formatters))

    def words(self) -> list[str]:
        """Every command word this notation reads, sorted (for completion and the list of commands)."""
        return sorted({*self.parsers, "force"})

    def parse(self, text: str) -> Command:
        """Parse one line of the Umpire shell into a Command.

        Command words are case-insensitive; unit ids are case-sensitive. ``>`` may stand with or without
        spaces. Raises NotationError (naming the command when recognised) for an empty line, an unknown
        command word, a wrong number of arguments, a bad unit id or a bad number.
        """
        line = text.strip().replace("\t", " ")  # a tab (a line pasted from a table) separates words like a space
        if not line:
            raise NotationError("empty line; type 'help' for the list of commands")
        word, _, rest = line.partition(" ")
        name = ALIASES.get(word.lower(), word.lower())
        rest = rest.strip()
        if name == "force":
            return self._parse_force(rest)
        parser = self.parsers.get(name)
        if parser is None:
            import difflib

            close = difflib.get_close_matches(word.lower(), self.words(), n=1, cutoff=0.6)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            known = ", ".join(self.words())
            raise NotationError(f"unknown command {word!r}{hint}; commands: {known}")
        return parser(rest)

    def _parse_force(self, rest: str) -> Command:
        if not rest:
            raise NotationError("force: name the order to carry out, e.g. 'force move va1 > 3,4'", "force")
        order = self.parse(rest)
        if isinstance(order, Force):
            raise NotationError("force: an order is forced once, not twice", "force")
        if self.orders.get(type(order).name) is not type(order):
            raise NotationError(f"force: {order.name!r} is not an order; only orders can be forced", "force")
        return Force(order)

    def format(self, command: Command) -> str:
        """The canonical text of ``command``, which :meth:`parse` reads back to an equal value.

        Raises TypeError for a value that is not a command of this notation.
        """
        if isinstance(command, Force):
            return f"force {self.format(command.order)}"
        text = _format_core(command)
        for formatter in self.formatters:
            if text is not None:
                break
            text = formatter(command)
        if text is None:
            raise TypeError(f"not a command: {command!r}")
        return text


def parse_command(text: str, notation: Notation | None = None) -> Command:
    """Parse one line with ``notation`` (the game's: ``RulerRules.notation``), by default the core's own,
    which knows the base orders, queries and session commands only. See :meth:`Notation.parse`."""
    return (notation or BASE_NOTATION).parse(text)


def format_command(command: Command, notation: Notation | None = None) -> str:
    """The canonical text of ``command`` under ``notation`` (by default the core's own). See
    :meth:`Notation.format`; raises TypeError for a value that is not a known command."""
    return (notation or BASE_NOTATION).format(command)


def _format_core(command: Command) -> str | None:
    if isinstance(command, Move):
        return f"move {command.unit} > {format_number(command.target.x)},{format_number(command.target.y)}"
    if isinstance(command, Heading):
        return f"heading {command.unit} {format_number(command.degrees)}"
    if isinstance(command, (Hide, Reveal, Convert)):
        return f"{command.name} {command.unit}"
    if isinstance(command, Merge):
        return f"merge {' '.join(command.units)} > {command.new_unit}"
    if isinstance(command, Split):
        return f"split {command.unit} > {' '.join(command.new_units)}"
    if isinstance(command, Message):
        return f"message {_quote(command.recipient)} {command.text}"
    if isinstance(command, Note):
        return _format_note(command)
    if isinstance(command, EraseNote):
        return f"unnote {command.note}"
    if isinstance(command, Details):
        return "details" if command.unit is None else f"details {command.unit}"
    if isinstance(command, Man):
        return "man" if command.topic is None else f"man {command.topic}"
    if isinstance(command, (EndTurn, Score, Help, Undo, Redo, Quit)):
        return command.name
    return None


# --- pieces -------------------------------------------------------------------------------------------


def format_number(value: float) -> str:
    # repr() is the shortest text that reads back to the same float: the journal keeps exact positions.
    text = repr(float(value))
    if text.endswith(".0"):
        text = text[:-2]
    return "0" if text == "-0" else text


def _quote(name: str) -> str:
    return f'"{name}"' if (not name or any(c.isspace() for c in name)) else name


def unit_token(token: str, command: str, what: str = "unit") -> str:
    if not UNIT_ID.match(token):
        raise NotationError(f"{command}: {token!r} is not a {what} id (no spaces, '>', quotes or commas)", command)
    return token


def split_arrow(rest: str, command: str) -> tuple[str, str]:
    if rest.count(">") != 1:
        raise NotationError(f"{command}: expected one '>'", command)
    left, right = rest.split(">")
    return left.strip(), right.strip()


def finite_number(text: str, command: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise NotationError(f"{command}: {what} must be a number, got {text!r}", command) from None
    if not math.isfinite(value):
        raise NotationError(f"{command}: {what} must be a finite number, got {text!r}", command)
    return value


def _no_arguments(name: str, command_type: Callable[[], Command]) -> Callable[[str], Command]:
    def parse(rest: str) -> Command:
        if rest:
            raise NotationError(f"{name} takes no arguments, got {rest!r}", name)
        return command_type()

    return parse


def _one_unit(name: str, command_type: Callable[[str], Command]) -> Callable[[str], Command]:
    def parse(rest: str) -> Command:
        parts = rest.split()
        if len(parts) != 1:
            raise NotationError(f"{name}: expected one unit id", name)
        return command_type(unit_token(parts[0], name))

    return parse


def _parse_move(rest: str) -> Command:
    left, right = split_arrow(rest, "move")
    units = left.split()
    if len(units) != 1:
        raise NotationError("move: expected one unit id before '>'", "move")
    parts = right.replace(" ", "").split(",")
    if len(parts) != 2 or not all(parts):
        raise NotationError(f"move: expected a point X,Y after '>', got {right!r}", "move")
    x = finite_number(parts[0], "move", "X")
    y = finite_number(parts[1], "move", "Y")
    return Move(unit_token(units[0], "move"), WorldPoint(x, y))


def _parse_heading(rest: str) -> Command:
    parts = rest.split()
    if len(parts) != 2:
        raise NotationError("heading: expected a unit id and a bearing in degrees", "heading")
    degrees = finite_number(parts[1].rstrip("°"), "heading", "the bearing")
    return Heading(unit_token(parts[0], "heading"), normalize_bearing(degrees))


def _parse_merge(rest: str) -> Command:
    left, right = split_arrow(rest, "merge")
    units = left.split()
    news = right.split()
    if len(units) < 2:
        raise NotationError("merge: name at least two units before '>'", "merge")
    if len(news) != 1:
        raise NotationError("merge: name exactly one new unit after '>'", "merge")
    if len(set(units)) != len(units):
        raise NotationError("merge: a unit is named twice", "merge")
    return Merge(tuple(unit_token(u, "merge") for u in units), unit_token(news[0], "merge", "new unit"))


def _parse_split(rest: str) -> Command:
    left, right = split_arrow(rest, "split")
    units = left.split()
    news = right.split()
    if len(units) != 1:
        raise NotationError("split: name exactly one unit before '>'", "split")
    if len(news) < 2:
        raise NotationError("split: name at least two new units after '>'", "split")
    if len(set(news)) != len(news):
        raise NotationError("split: a new unit is named twice", "split")
    return Split(unit_token(units[0], "split"), tuple(unit_token(u, "split", "new unit") for u in news))


def _parse_message(rest: str) -> Command:
    if rest.startswith('"'):
        end = rest.find('"', 1)
        if end < 0:
            raise NotationError('message: the recipient\'s name has no closing \'"\'', "message")
        recipient, text = rest[1:end], rest[end + 1 :]
    else:
        recipient, _, text = rest.partition(" ")
    recipient = recipient.strip()
    text = " ".join(text.split())
    if not recipient:
        raise NotationError("message: name a side or a player", "message")
    if not text:
        raise NotationError("message: the message has no text", "message")
    return Message(recipient, text)


#: the shapes of a note
NOTE_SHAPES = ("arrow", "line", "text")


def _format_point(point: WorldPoint) -> str:
    return f"{format_number(point.x)},{format_number(point.y)}"


def _format_note(note: Note) -> str:
    head = f"note {note.shape} {_quote(note.audience)} {_format_point(note.start)}"
    if note.shape == "text":
        return f"{head} {note.text}"
    assert note.end is not None
    return f"{head} > {_format_point(note.end)}"


def _note_point(text: str, what: str) -> WorldPoint:
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2 or not all(parts):
        raise NotationError(f"note: expected {what} X,Y, got {text!r}", "note")
    return WorldPoint(finite_number(parts[0], "note", "X"), finite_number(parts[1], "note", "Y"))


def _parse_note(rest: str) -> Command:
    shape, _, rest = rest.partition(" ")
    shape, rest = shape.lower(), rest.strip()
    if shape not in NOTE_SHAPES:
        raise NotationError(f"note: draw an arrow, a line or text, not {shape!r} (unnote ID erases one)", "note")
    if rest.startswith('"'):
        end = rest.find('"', 1)
        if end < 0:
            raise NotationError('note: the player\'s name has no closing \'"\'', "note")
        audience, rest = rest[1:end].strip(), rest[end + 1:].strip()
    else:
        audience, _, rest = rest.partition(" ")
        rest = rest.strip()
    if not audience:
        raise NotationError("note: say whom it is for: umpire or a player's name", "note")
    if shape == "text":
        point, _, text = rest.partition(" ")
        text = " ".join(text.split())
        if not text:
            raise NotationError("note text: the note has no text", "note")
        return Note("text", audience, _note_point(point, "a point"), None, text)
    left, right = split_arrow(rest, "note")
    return Note(shape, audience, _note_point(left, "a point"), _note_point(right, "a point after '>'"))


def _parse_unnote(rest: str) -> Command:
    parts = rest.split()
    if len(parts) != 1:
        raise NotationError("unnote: name one note id (n1, n2 ...)", "unnote")
    return EraseNote(unit_token(parts[0], "unnote", "note"))


def _parse_details(rest: str) -> Command:
    parts = rest.split()
    if len(parts) > 1:
        raise NotationError("details: expected at most one unit id", "details")
    return Details(unit_token(parts[0], "details") if parts else None)


def _parse_man(rest: str) -> Command:
    parts = rest.split()
    if len(parts) > 1:
        raise NotationError("man: expected at most one command name", "man")
    if not parts:
        return Man(None)
    return Man(ALIASES.get(parts[0].lower(), parts[0].lower()))


#: command word -> parser of the text after it: the core's commands, the same in every game (``force`` is
#: read by :meth:`Notation.parse` itself, as it parses the order it carries)
BASE_PARSERS: Mapping[str, Parser] = MappingProxyType({
    "move": _parse_move,
    "heading": _parse_heading,
    "hide": _one_unit("hide", Hide),
    "reveal": _one_unit("reveal", Reveal),
    "convert": _one_unit("convert", Convert),
    "merge": _parse_merge,
    "split": _parse_split,
    "message": _parse_message,
    "note": _parse_note,
    "unnote": _parse_unnote,
    "turn": _no_arguments("turn", EndTurn),
    "score": _no_arguments("score", Score),
    "details": _parse_details,
    "man": _parse_man,
    "help": _no_arguments("help", Help),
    "undo": _no_arguments("undo", Undo),
    "redo": _no_arguments("redo", Redo),
    "quit": _no_arguments("quit", Quit),
})


#: the core's notation: base orders, queries and session commands (a game's own adds its rule set's orders)
BASE_NOTATION = Notation(BASE_PARSERS, BASE_ORDERS)


def command_words() -> list[str]:
    """Every command word of the core's notation, sorted (a game's own: ``RulerRules.notation.words()``)."""
    return BASE_NOTATION.words()
