"""The console line: text editing, history (Up/Down) and completion (Tab) of command words and unit ids.

It only edits text; the App hands a finished line to the game session, which runs it through the same parser
and handling as ``kriegsspiel shell``.
"""
from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Annotated

import msgspec

from kriegsspiel.border import read_line_settings, write_line_settings
from kriegsspiel.border.save_schema import MAX_COMMAND_CHARS
from kriegsspiel.border.types import NO_CONTROL


#: Lines of the console's output kept to scroll back to.
CONSOLE_KEEP = 1000
#: Entered lines remembered between sessions (in the config folder).
HISTORY_FILE = "console-history.txt"


_FIELD = re.compile(r"^  [a-z]+:\s")


def reflow_man_page(lines: Iterable[str]) -> list[str]:
    """A ``man`` page as the panel should wrap it: the shell fills each field to 100 columns for a terminal,
    its later lines hanging under the first; here they are joined again, so that the narrow panel breaks a
    field between words of one sentence rather than where the terminal's line ended (mid-phrase)."""
    lines = list(lines)
    if not lines or not lines[0].isupper():  # not a page (an unknown command's list): as it is
        return lines
    out: list[str] = []
    hang: int | None = None  # the indent of the current field's later lines
    for line in lines:
        stripped = line.lstrip(" ")
        indent = len(line) - len(stripped)
        if not out or not stripped:
            out.append(line)
            hang = None
        elif _FIELD.match(line):
            out.append(line)
            hang = 2 + max(8, len(line.split(":")[0].strip()) + 2)  # "  " + the label padded to 8
        elif hang is not None and indent == hang:
            out[-1] += " " + stripped
        else:
            out.append(line)
            hang = indent
    return out


#: a line of the history file: what the console takes, one printable line (a command's length at most)
HistoryLine = Annotated[str, msgspec.Meta(max_length=MAX_COMMAND_CHARS, pattern=NO_CONTROL)]


def load_history(folder: Path, limit: int = 200) -> tuple[list[str], str | None]:
    """The lines entered in earlier sessions, oldest first ([] when none were saved), and the one message for
    the umpire when the file was there but could not be used (it is then moved aside, never overwritten)."""
    read = read_line_settings(folder / HISTORY_FILE, HistoryLine, "the console starts without its history")
    return (read.value or [])[-limit:], read.problem


def save_history(folder: Path, history: Sequence[str]) -> str | None:
    """Keep ``history`` for the next session; returns None, or why it could not be written."""
    problem = write_line_settings(folder / HISTORY_FILE, list(history), HistoryLine)
    if problem and "not written" in problem:
        return f"the console's history was not kept: {problem}"
    return problem


class ConsoleLine:
    """One line of input with a caret, a history of entered lines and Tab completion."""

    def __init__(self, history_limit: int = 200) -> None:
        self.text = ""
        self.caret = 0
        self.history: list[str] = []
        self.history_limit = history_limit
        self._browse: int | None = None  # index into history while browsing with Up/Down
        self._draft = ""

    # --- editing ----------------------------------------------------------------------------------------
    def insert(self, typed: str) -> None:
        """Insert ``typed`` at the caret (control characters are dropped)."""
        typed = "".join(ch for ch in typed if ch.isprintable())
        self.text = self.text[: self.caret] + typed + self.text[self.caret :]
        self.caret += len(typed)

    def backspace(self) -> None:
        if self.caret > 0:
            self.text = self.text[: self.caret - 1] + self.text[self.caret :]
            self.caret -= 1

    def delete(self) -> None:
        self.text = self.text[: self.caret] + self.text[self.caret + 1 :]

    def move_caret(self, delta: int) -> None:
        self.caret = max(0, min(len(self.text), self.caret + delta))

    def home(self) -> None:
        self.caret = 0

    def end(self) -> None:
        self.caret = len(self.text)

    def clear(self) -> None:
        self.text, self.caret, self._browse = "", 0, None

    def submit(self) -> str:
        """The entered line (stripped); it joins the history (no immediate repeats) and the line is cleared."""
        line = self.text.strip()
        if line and (not self.history or self.history[-1] != line):
            self.history.append(line)
            del self.history[: -self.history_limit]
        self.clear()
        return line

    # --- history ----------------------------------------------------------------------------------------
    def previous(self) -> None:
        """Up: the previous entered line (the draft being typed is kept to come back to)."""
        if not self.history:
            return
        if self._browse is None:
            self._draft = self.text
            self._browse = len(self.history) - 1
        elif self._browse > 0:
            self._browse -= 1
        self._set(self.history[self._browse])

    def next(self) -> None:
        """Down: the next entered line, and after the last one the draft again."""
        if self._browse is None:
            return
        if self._browse < len(self.history) - 1:
            self._browse += 1
            self._set(self.history[self._browse])
        else:
            self._browse = None
            self._set(self._draft)

    def _set(self, text: str) -> None:
        self.text = text
        self.caret = len(text)

    # --- completion -------------------------------------------------------------------------------------
    def complete(self, command_words: Sequence[str], names: Iterable[str]) -> list[str]:
        """Tab: complete the word before the caret: a command word at the start of the line (or after
        ``force``), else one of ``names`` (unit ids, sides, players). A single candidate is inserted with a
        space; several extend the word to their common prefix. Returns the candidates (for the App to show
        when there are several)."""
        before = self.text[: self.caret]
        start = len(before) - len(before.split(" ")[-1]) if before and not before.endswith(" ") else len(before)
        word = before[start:]
        previous = before[:start].split()
        at_command = not previous or previous == ["force"]
        pool = command_words if at_command else sorted(names)
        candidates = sorted({c for c in pool if c.startswith(word)})
        if not candidates:
            return []
        after = self.text[self.caret :]
        if len(candidates) == 1:
            # One candidate: the word is done; step over the space after it (adding one only if none follows).
            fill = candidates[0] + ("" if after.startswith(" ") else " ")
            self.text = self.text[:start] + fill + after
            self.caret = start + len(candidates[0]) + 1
        else:
            fill = os.path.commonprefix(candidates)
            if len(fill) > len(word):
                self.text = self.text[:start] + fill + after
                self.caret = start + len(fill)
        return candidates
