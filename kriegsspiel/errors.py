"""The one exception type that reaches the user as a message rather than a traceback (and the one that ends
a command when the system asks the program to stop)."""
from __future__ import annotations


class UserError(Exception):
    """Bad input from a person (a file, an argument, a command line).

    The message is one line that names the file (or argument), the line or key where known, what is
    wrong and what to do. The command line prints it on stderr and exits with ``exit_code``.
    """

    def __init__(self, message: str, exit_code: int = 2) -> None:
        super().__init__(message)
        self.exit_code = exit_code


class Terminated(BaseException):
    """SIGTERM or SIGHUP arrived (a logout, ``kill``, a closed terminal): the command ends as after Ctrl-C,
    through every ``finally`` (a BaseException, so that no ``except Exception`` takes it for a failure)."""

    def __init__(self, signal_number: int) -> None:
        super().__init__(signal_number)
        self.signal_number = signal_number


def printable(text: str) -> str:
    """``text`` safe to print on a terminal: control characters (a NUL, an escape sequence from a hostile
    file name) become ``\\x..``/``\\u....`` escapes; line breaks and tabs of a multi-line message stay."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch in "\n\t" else ascii(ch)[1:-1] for ch in text)
