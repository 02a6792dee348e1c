"""The program's own settings files (the window's size and place, the console's history): read through the
safe-open helper and a schema like every outside input, and never lost.

A settings file that cannot be used (not a regular file, too large, not JSON or text, a value of the wrong type
or out of range, a control character in a line) costs one message and the defaults; the file is first moved
aside to ``NAME.broken`` (``NAME.broken-2``, ... when that is taken), so that the next write of the settings
does not overwrite what the umpire may want back. A file that cannot even be moved aside is not overwritten:
the writers refuse to replace a file that does not read as its schema, and never write what the reader
would refuse.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

import msgspec

from kriegsspiel.border.files import CAPS, InputFileError, display_path, read_input, read_input_text, replace_file
from kriegsspiel.border.schema import SchemaError, convert, decode_json
from kriegsspiel.errors import UserError

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class SettingsRead(Generic[T]):
    """What reading a settings file gave: ``value`` (None: none saved, or unusable) and ``problem`` (None, or
    the one message for the umpire: the file, what is wrong, that the defaults are used and where the file went)."""

    value: T | None
    problem: str | None = None


def aside_path(path: Path) -> Path:
    """The first free name ``NAME.broken``, ``NAME.broken-2``, ... beside ``path``."""
    candidate = path.with_name(path.name + ".broken")
    number = 2
    while os.path.lexists(candidate):
        candidate = path.with_name(f"{path.name}.broken-{number}")
        number += 1
    return candidate


def move_aside(path: Path) -> tuple[Path | None, str]:
    """Rename ``path`` (whatever it is: a file, a folder, a pipe) to :func:`aside_path`; returns the new path
    and "", or None and why it could not be moved."""
    target = aside_path(path)
    try:
        os.rename(path, target)
    except OSError as exc:
        return None, exc.strerror or str(exc)
    return target, ""


def _refused(path: Path, problem: str, defaults: str) -> str:
    """The one message for a settings file that cannot be used, after moving it aside."""
    moved, why = move_aside(path)
    kept = (f"it is kept as {display_path(moved)}" if moved is not None
            else f"it could not be moved aside ({why}) and will not be overwritten")
    return f"{problem}; {defaults}; {kept}"


def read_json_settings(path: Path, schema: type[T], defaults: str) -> SettingsRead[T]:
    """The settings file ``path`` (JSON) decoded as ``schema`` (a msgspec Struct). ``defaults`` says what is
    used instead ("the window opens at its default size"). Never raises."""
    if not os.path.lexists(path):
        return SettingsRead(None)
    try:
        return SettingsRead(decode_json(read_input(path, "settings"), schema, display_path(path)))
    except (InputFileError, SchemaError) as exc:
        return SettingsRead(None, _refused(path, str(exc), defaults))
    except UserError as exc:  # any other refusal of the border: still one message, never a traceback
        return SettingsRead(None, _refused(path, f"{display_path(path)}: {exc}", defaults))


def read_line_settings(path: Path, line: type[str] | object, defaults: str) -> SettingsRead[list[str]]:
    """The settings file ``path`` as lines of text, each checked as ``line`` (an annotated ``str``: its length
    and characters); blank lines are skipped. Never raises."""
    if not os.path.lexists(path):
        return SettingsRead(None)
    try:
        text = read_input_text(path, "settings")
    except InputFileError as exc:
        return SettingsRead(None, _refused(path, str(exc), defaults))
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for number, raw in enumerate(lines, 1):
        entry = raw.removesuffix("\r")
        try:
            convert(entry, line, f"{display_path(path)} line {number}")
        except SchemaError as exc:
            return SettingsRead(None, _refused(path, str(exc), defaults))
    return SettingsRead([entry.removesuffix("\r") for entry in lines if entry.strip()])


def write_json_settings(path: Path, value: object, schema: type[T]) -> str | None:
    """Write ``value`` (a ``schema`` Struct) to the settings file ``path`` as JSON; returns None, or the one
    message for the umpire (why it was not written, or where a broken file found there was moved)."""
    text = msgspec.json.encode(value).decode("utf-8") + "\n"
    try:
        decode_json(text, schema, display_path(path))  # never write what the reader would refuse
    except SchemaError as exc:
        return f"not written: {exc}"
    return _replace(path, text, read_json_settings(path, schema, "the new settings are written in its place"))


def write_line_settings(path: Path, lines: list[str], line: type[str] | object) -> str | None:
    """Write ``lines`` to the settings file ``path``, one a line: those the reader would refuse (a control
    character, too long) are left out, and the oldest are dropped until the file is within the settings cap.
    Returns None, or the one message for the umpire."""
    kept = [entry for entry in lines if entry.strip() and _fits(entry, line)]
    cap = CAPS["settings"].cap
    sizes = [len(entry.encode("utf-8")) + 1 for entry in kept]
    total, start = sum(sizes), 0
    while total > cap:
        total -= sizes[start]
        start += 1
    text = "".join(entry + "\n" for entry in kept[start:])
    return _replace(path, text, read_line_settings(path, line, "the new lines are written in its place"))


def _fits(value: object, schema: object) -> bool:
    try:
        convert(value, schema, "")
    except SchemaError:
        return False
    return True


def _replace(path: Path, text: str, current: SettingsRead[Any]) -> str | None:
    """Write ``text`` over ``path`` atomically (a crash leaves the old file or the new one, never half of one),
    unless ``current`` (the file there, read as its schema) is broken and is still there: it could not be
    moved aside, and its content is never lost by a write."""
    if current.problem is not None and os.path.lexists(path):
        return f"{current.problem}; the settings were not written"
    try:
        replace_file(path, text.encode("utf-8"))
    except OSError as exc:
        return f"{display_path(path)}: not written ({exc.strerror or exc})"
    return current.problem
