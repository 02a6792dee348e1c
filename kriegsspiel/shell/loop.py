"""The terminal loop of the Umpire shell: prompt, read a line, print the reply, until quit or end of input.

The prompt is printed also when input is not a terminal, and then the line read is echoed after it, so that
a script's transcript reads like a session. Output is flushed after every reply: what the umpire sees has
already been journaled by the game session.
"""
from __future__ import annotations

import sys
from typing import Protocol, TextIO

from kriegsspiel.errors import printable
from kriegsspiel.shell.session import Reply


class LineShell(Protocol):
    """What :func:`run_shell` needs of a shell: :class:`kriegsspiel.shell.Shell`, or one with more commands in
    front of it (the portal's terminal)."""

    def prompt(self) -> str: ...
    def completions(self, prefix: str) -> list[str]: ...
    def handle(self, line: str) -> Reply: ...


def run_shell(shell: LineShell, stdin: TextIO, stdout: TextIO, *, echo: bool | None = None) -> int:
    """Read commands from ``stdin`` until ``quit`` or end of input; returns the number of lines refused.

    ``echo`` (default: when ``stdin`` is not a terminal) writes each line read after the prompt. At a
    terminal the line can be edited, with history (Up/Down) and Tab completion of commands and unit ids.
    """
    terminal = _is_terminal(stdin)
    if echo is None:
        echo = not terminal
    editing = terminal and stdin is sys.stdin and stdout is sys.stdout and _line_editing(shell)
    refused = 0
    while True:
        if editing:
            try:
                line = input(shell.prompt()) + "\n"
            except EOFError:
                line = ""
            except KeyboardInterrupt:  # Ctrl-C drops the line being typed, as in any shell; Ctrl-D leaves
                stdout.write("^C\n")
                continue
        else:
            stdout.write(shell.prompt())
            stdout.flush()
            line = stdin.readline()
        if not line:  # end of input
            stdout.write("\n")
            stdout.flush()
            return refused
        if echo:
            stdout.write(line if line.endswith("\n") else line + "\n")
        reply = shell.handle(line)
        if reply.text:  # text from players or files never drives the terminal (an escape, a carriage return)
            stdout.write(printable(reply.text) + "\n")
        stdout.flush()
        if not reply.ok:
            refused += 1
        if reply.quit:
            return refused


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _line_editing(shell: LineShell) -> bool:
    """Turn on readline's history and Tab completion for :func:`input`; False where readline is missing."""
    try:
        import readline
    except ImportError:  # Windows without pyreadline: plain input still works
        return True
    matches: list[str] = []

    def complete(text: str, index: int) -> str | None:
        if index == 0:
            matches[:] = shell.completions(text)
        return matches[index] if index < len(matches) else None

    readline.set_completer(complete)
    readline.set_completer_delims(" >,")
    readline.parse_and_bind("tab: complete")
    return True
