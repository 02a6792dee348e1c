"""Decoding outside JSON into typed objects (msgspec), with the error a person can act on: the file or line,
the key, and what was expected there.

Why msgspec: of the schema libraries it decodes a save's 20,000 records fastest, checking every type and
range in C (benchmarks/schema_choice.py, docs/schema.md: msgspec typed 0.21 s, msgspec decode then convert
0.34 s, pydantic 2 strict 0.40 s from the bytes and 0.59 s from dicts; cattrs is not installed here), and its
errors carry the path of the key. Types say what a value may be (:mod:`kriegsspiel.border.types`).
"""
from __future__ import annotations

import itertools
import re
import typing
from dataclasses import dataclass
from typing import Any, TypeVar

import msgspec

from kriegsspiel.border.types import HEX, LINES, NO_CONTROL
from kriegsspiel.errors import UserError

T = TypeVar("T")

#: the deepest nesting of arrays and objects read from an untyped JSON input (a battle, a phase); a real one
#: needs 5 (a battle's unit carrying units carrying units), a typed schema bounds its own
MAX_JSON_NESTING = 64

_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_OPENING = frozenset(b"[{")
#: brackets counted by a Python loop up to this many (about a millisecond); numpy's cumsum beyond
_SMALL_SKELETON = 1 << 16
_PATTERN_WORDS = {
    NO_CONTROL: "a string without control characters (no NUL, escape or line break)",
    LINES: "a string without control characters other than line breaks and tabs",
    HEX: "a string of lower-case hexadecimal digits",
}


_TYPE_WORDS = {"str": "a string", "int": "a whole number", "float": "a number", "bool": "true or false",
               "array": "a list", "object": "an object", "null": "null"}


class SchemaError(UserError):
    """A JSON input of the wrong shape: ``where`` (file and line), ``key`` (a path like ``units[3].type``, ""
    for the whole value) and ``expected`` (what belongs there)."""

    def __init__(self, where: str, key: str, expected: str) -> None:
        at = f"{where}: {key}: " if key else f"{where}: "
        super().__init__(f"{at}{expected}")
        self.where = where
        self.key = key
        self.expected = expected


def json_nesting(data: bytes) -> int:
    """The deepest nesting of arrays and objects in the JSON text ``data`` (brackets inside strings are not
    counted); one pass in C, no recursion."""
    skeleton = _STRING.sub(b"", data).translate(None, _NOT_BRACKETS)
    if not skeleton:
        return 0
    if len(skeleton) <= _SMALL_SKELETON:  # a loop costs less than importing numpy, for what scripts send most
        return max(itertools.accumulate(1 if code in _OPENING else -1 for code in skeleton))
    import numpy as np

    codes = np.frombuffer(skeleton, dtype=np.uint8)
    steps = np.where((codes == ord("[")) | (codes == ord("{")), 1, -1).astype(np.int64)
    return int(np.cumsum(steps).max())


def _key_and_words(message: str) -> tuple[str, str]:
    """msgspec's "Expected `int`, got `str` - at `$.units[0].type`" as ("units[0].type", "expected int, got
    str")."""
    text, _, at = message.partition(" - at `")
    key = at.rstrip("`").removeprefix("$").removeprefix(".")
    text = text.replace(" | null`", "`")  # an optional key: what it must be when given
    for pattern, words in _PATTERN_WORDS.items():
        text = text.replace(f"`str` matching regex {pattern!r}", words)
    for word, plain in _TYPE_WORDS.items():
        text = text.replace(f"`{word}`", plain)
    text = text.replace("`", "")
    if text.startswith("Object missing required field"):
        field = text.rsplit(" ", 1)[-1]
        key, text = (f"{key}.{field}" if key else field), "missing; it is required"
    elif text.startswith("Object contains unknown field"):
        field = text.rsplit(" ", 1)[-1]
        key, text = (f"{key}.{field}" if key else field), "unknown key"
    elif text == "Integer value out of range" or text == "Number out of range":
        text = "a number out of range"
    elif text.startswith("Invalid enum value"):
        text = "not one of the values allowed here: " + text.removeprefix("Invalid enum value ")
    return key, text[:1].lower() + text[1:]


def decode_json(data: bytes | str, schema: type[T] | Any, where: str, *, max_nesting: int | None = None) -> T:
    """``data`` (JSON text) decoded as ``schema`` (a msgspec Struct, a typed container or ``Any``).

    Raises SchemaError naming ``where``, the key and what was expected: for bytes that are not UTF-8, text that
    is not JSON (NaN and Infinity included), a value of the wrong type or out of its range, and nesting deeper
    than ``max_nesting`` (checked before decoding) or than the interpreter's stack allows.
    """
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    if max_nesting is not None and json_nesting(raw) > max_nesting:
        raise SchemaError(where, "", f"nested more than {max_nesting} deep; no input of this kind is")
    try:
        return msgspec.json.decode(raw, type=schema)
    except msgspec.ValidationError as exc:
        key, words = _key_and_words(str(exc))
        raise SchemaError(where, key, words) from None
    except msgspec.DecodeError as exc:
        text, line, column = _decode_words(raw, str(exc))
        if b"\n" in raw.rstrip(b"\n"):  # a file of several lines: name the line as files are named
            raise SchemaError(f"{where} line {line}", "", f"not JSON ({text} at column {column})") from None
        raise SchemaError(where, "", f"not JSON ({text} at column {column})") from None
    except UnicodeDecodeError as exc:  # inside a string: msgspec checks UTF-8 as it goes
        at = raw.find(exc.object[exc.start:exc.end]) if isinstance(exc.object, bytes) else -1
        at_line = f" at line {raw.count(bytes([10]), 0, at) + 1}" if at >= 0 else ""
        raise SchemaError(where, "", f"not JSON (bytes that are not UTF-8{at_line})") from None
    except RecursionError:
        raise SchemaError(where, "", "nested too deeply to be read; no input of this kind is") from None


def _decode_words(raw: bytes, message: str) -> tuple[str, int, int]:
    """msgspec's "JSON is malformed: invalid character (byte 12)" as (what, line, column) of the byte, with a
    word on bytes that are not UTF-8; the end of the input for "truncated"."""
    found = re.search(r"\(byte (\d+)\)", message)
    text = message.removeprefix("JSON is malformed: ").split(" (byte")[0]
    at = int(found.group(1)) if found else len(raw)
    if not found and "truncated" in text:
        text = "it ends before the value does"
    line = raw.count(b"\n", 0, at) + 1
    column = at - (raw.rfind(b"\n", 0, at) + 1) + 1
    try:
        raw[: at + 4].decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.start <= at:
            text = "bytes that are not UTF-8"
    return text, line, column


def convert(value: Any, schema: type[T] | Any, where: str) -> T:
    """A value already decoded (a TOML table, a form's fields) checked and converted as ``schema``; raises
    SchemaError as :func:`decode_json` does."""
    try:
        return msgspec.convert(value, type=schema, strict=True)
    except msgspec.ValidationError as exc:
        key, words = _key_and_words(str(exc))
        raise SchemaError(where, key, words) from None
    except RecursionError:
        raise SchemaError(where, "", "nested too deeply to be read") from None


def to_plain(value: Any) -> Any:
    """A decoded object as plain JSON values (dicts, lists, strings, numbers), for code that takes those."""
    return msgspec.to_builtins(value)


@dataclass(frozen=True, slots=True)
class FieldProblem:
    """A key of a table whose value its schema refuses: ``key`` ("" for the table itself), the ``value`` the
    file holds, ``wanted`` (what belongs there, in words) and ``reason`` (the schema's own words)."""

    key: str
    value: Any
    wanted: str
    reason: str


def convert_table(value: Any, schema: type[T]) -> tuple[T | None, list[FieldProblem]]:
    """A table already read (a TOML table) as ``schema`` (a msgspec Struct whose fields all have defaults),
    key by key, so that every bad key is a problem and the others are still read: the object (bad keys at
    their defaults; None when ``value`` is not a table at all) and the problems. Unknown keys are ignored (the
    caller warns about them: :func:`unknown_keys`)."""
    wanted: dict[str, str] = getattr(schema, "WANTED", {})
    try:
        return msgspec.convert(value, type=schema, strict=True), []
    except msgspec.ValidationError as exc:
        key, words = _key_and_words(str(exc))
        if not key:  # not a table at all
            return None, [FieldProblem("", value, "a table", words)]
    except RecursionError:
        return None, [FieldProblem("", "...", "a table", "nested too deeply to be read")]
    hints = typing.get_type_hints(schema, include_extras=True)
    good: dict[str, Any] = {}
    problems: list[FieldProblem] = []
    for name in schema.__struct_fields__:  # type: ignore[attr-defined]  # every msgspec Struct has it; the schema is typed as any type
        if name not in value:
            continue
        try:
            msgspec.convert(value[name], type=hints[name], strict=True)
        except msgspec.ValidationError as exc:
            inner, words = _key_and_words(str(exc))
            problems.append(FieldProblem(name, value[name], wanted.get(name, words),
                                         f"{inner}: {words}" if inner else words))
            continue
        except RecursionError:
            problems.append(FieldProblem(name, "...", wanted.get(name, ""), "nested too deeply to be read"))
            continue
        good[name] = value[name]
    return msgspec.convert(good, type=schema, strict=True), problems


def convert_entries(value: Any, entry: Any) -> tuple[dict[str, Any] | None, list[FieldProblem]]:
    """A table of ``name = value`` entries (a TOML table), each value checked as ``entry``: the good entries
    (None when ``value`` is not a table) and a problem for each bad one (its key the entry's name)."""
    try:
        table = msgspec.convert(value, type=dict[str, Any], strict=True)
    except msgspec.ValidationError as exc:
        return None, [FieldProblem("", value, "a table", _key_and_words(str(exc))[1])]
    good: dict[str, Any] = {}
    problems: list[FieldProblem] = []
    for name, item in table.items():
        try:
            good[name] = msgspec.convert(item, type=entry, strict=True)
        except msgspec.ValidationError as exc:
            problems.append(FieldProblem(name, item, "", _key_and_words(str(exc))[1]))
    return good, problems


def unknown_keys(value: Any, schema: type[Any]) -> list[str]:
    """The keys of the table ``value`` that ``schema`` does not know, in the file's order."""
    known = set(schema.__struct_fields__)
    return [key for key in value if key not in known] if isinstance(value, dict) else []  # not a table: said already


def shown(value: Any, most: int = 60) -> str:
    """A value from a file as a message may quote it: its repr, cut to ``most`` characters (a number of
    thousands of digits, which repr refuses, in words)."""
    try:
        text = repr(value)
    except ValueError:  # an int beyond Python's digit limit for str()
        return "a whole number of thousands of digits"
    return text if len(text) <= most else text[: most - 3] + "..."


def holds_unwritable_text(value: Any) -> bool:
    """Whether a value read from outside (a literal of a gamefile) holds a string that is not text: a lone
    surrogate, which a Python or JSON escape can make and no UTF-8 file can hold. Walked without recursion."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)
    return False
