"""Former area shell, kept for the window's console until it moves to the one shell (removed then): use
:class:`kriegsspiel.shell.Shell`, which reads an area game's lines too."""
from __future__ import annotations

from typing import Any

from kriegsspiel.shell import Shell


class AreaShell:
    """``Shell(game)`` whose :meth:`handle` returns the text alone."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self._shell = Shell(game)

    def handle(self, line: str) -> str:
        return self._shell.handle(line).text
