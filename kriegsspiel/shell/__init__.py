"""The Umpire shell: the Fourth Edition's command line, shared by the terminal and the window's console.

:class:`Shell` turns one line into a reply (never a traceback); :func:`run_shell` is the terminal loop with the
manual's prompt ``ROUND ~ COMMAND SIDE % ``.
"""
from __future__ import annotations

from kriegsspiel.shell.loop import run_shell
from kriegsspiel.shell.session import GameSession, Reply, Shell

__all__ = ["GameSession", "Reply", "Shell", "run_shell"]
