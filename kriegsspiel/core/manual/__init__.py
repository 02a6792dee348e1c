"""The manual pages of the Umpire shell (``man COMMAND``, ``help``), read against the rule set in play.

This is the package's public face: import from ``kriegsspiel.core.manual``, not from its modules.
"""
from __future__ import annotations

from kriegsspiel.core.manual._pages import (
    BASE_APPLIES,
    BASE_MANUAL,
    ManPage,
    NO_UNIT_TYPE,
    BASE_PAGES,
    Manual,
    WIDTH,
    applies,
    fixed_text,
    help_text,
    man_page,
    syntax,
)

__all__ = [
    "BASE_APPLIES",
    "BASE_MANUAL",
    "ManPage",
    "NO_UNIT_TYPE",
    "BASE_PAGES",
    "Manual",
    "WIDTH",
    "applies",
    "fixed_text",
    "help_text",
    "man_page",
    "syntax",
]
