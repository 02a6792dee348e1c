"""Findings of ``kriegsspiel check``: one line each, ``FILE: what is wrong; what to do``."""
from __future__ import annotations

from dataclasses import dataclass

from kriegsspiel.errors import printable


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem found in a file. ``severity`` is "error" (the file cannot be used) or "warning"."""

    path: str
    message: str  # "what is wrong; what to do", without the file name
    severity: str = "error"
    line: int | None = None
    #: the file could not be read at all (missing, not text, not TOML, not a save): ``check`` exits 2
    unreadable: bool = False

    def format(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        tag = "" if self.severity == "error" else "warning: "
        # a file name or value out of a hostile file must not reach the terminal raw (NUL, escape sequences)
        return printable(f"{where}: {tag}{self.message}")
