"""The terminal loop of the Umpire shell: prompt, read a line, print the reply, until quit or end of input.

The prompt is printed also when input is not a terminal, and then the line read is echoed after it, so that
a script's transcript reads like a session. Output is flushed after every reply: what the umpire sees has
already been journaled by the game session.
"""
from __future__ import annotations

from typing import TextIO

from kriegsspiel.shell.session import Shell


def run_shell(shell: Shell, stdin: TextIO, stdout: TextIO, *, echo: bool | None = None) -> int:
    """Read commands from ``stdin`` until ``quit`` or end of input; returns the number of lines refused.

    ``echo`` (default: when ``stdin`` is not a terminal) writes each line read after the prompt.
    """
    if echo is None:
        echo = not _is_terminal(stdin)
    refused = 0
    while True:
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
        if reply.text:
            stdout.write(reply.text + "\n")
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
