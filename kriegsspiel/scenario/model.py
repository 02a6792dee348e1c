"""A loaded scenario: the GameSetup plus where it came from, and the error that lists every finding."""
from __future__ import annotations

import dataclasses
import hashlib
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from kriegsspiel.core.battlefield import Battlefield
from kriegsspiel.core.ruleset import RuleBook
from kriegsspiel.core.state import GameSetup
from kriegsspiel.errors import UserError
from kriegsspiel.findings import Finding


class ScenarioError(UserError):
    """A scenario cannot be played. ``findings`` holds every problem (errors and warnings), not only the first."""

    def __init__(self, source: str, findings: list[Finding]) -> None:
        errors = [f for f in findings if f.severity == "error"]
        head = f"{source}: {len(errors)} problem{'s' if len(errors) != 1 else ''} in the scenario"
        body = "\n".join("  " + f.format() for f in findings)
        super().__init__(f"{head}\n{body}" if body else head)
        self.source = source
        self.findings = list(findings)


#: the rule set data class's name in every fingerprint (see ``Scenario.ruleset_sha256``)
_FINGERPRINT_NAME = "Ruleset"
#: the tables a rule set reads that were fields of the rule book itself, just after ``structure_classes``,
#: when the fingerprints of the saves of before were taken (Ruleset V3's ``[combat]`` and ``[orders]``; None in
#: every other book): they are in the book's ``extras`` now, and the fingerprint still writes them there
_FORMER_BOOK_FIELDS = ("combat", "orders")


@dataclass(frozen=True, eq=False)
class Scenario:
    """A validated scenario, ready to start a game.

    ``text`` is the file's exact text (a save embeds it); ``sha256`` is the hash of that text in UTF-8, the
    root of a save's hash chain. ``map_ref`` is the map path as the scenario wrote it (relative to
    ``base_dir``); ``map_path`` the file it resolved to. ``seed_drawn`` is True when the scenario gave no seed
    and one was drawn (the save records it). ``ruleset`` already carries the scenario's overrides.
    """

    setup: GameSetup
    source: str  # the file name for messages ("demo.toml", or "<save>: embedded scenario")
    base_dir: Path
    text: str
    sha256: str
    map_ref: str
    map_path: Path
    map_sha256: str
    battlefield: Battlefield
    ruleset: RuleBook
    seed_drawn: bool
    warnings: tuple[Finding, ...] = ()

    @property
    def name(self) -> str:
        return self.setup.name

    @property
    def ruleset_sha256(self) -> str:
        """A fingerprint of every number of the rule set as loaded (overrides included): a save keeps it so
        that a rule set changed in the middle of a game is noticed.

        The data class was called ``Ruleset`` when the fingerprints of the saves of before were taken; it is
        written so here still, or every one of those saves would count as played with another rule set."""
        return self._fingerprint(_FINGERPRINT_NAME)

    @property
    def ruleset_fingerprints(self) -> tuple[str, ...]:
        """Every fingerprint a save of this rule set may carry: :attr:`ruleset_sha256`, and the one taken
        under the class's new name by the program of the hours between its rename and this fix."""
        return self.ruleset_sha256, self._fingerprint(type(self.ruleset).__name__)

    def _fingerprint(self, class_name: str) -> str:
        return hashlib.sha256(_book_text(self.ruleset, class_name).encode("utf-8")).hexdigest()


def _book_text(book: RuleBook, class_name: str) -> str:
    """The rule book's repr as the program wrote it when the saves of before were fingerprinted: under
    ``class_name``, with the tables that were its own fields (:data:`_FORMER_BOOK_FIELDS`) written as fields
    again and left out of ``extras``. A dataclass's repr: each field shown in the repr as ``name=repr(value)``."""
    parts = []
    for f in dataclasses.fields(book):
        if not f.repr:
            continue
        value = getattr(book, f.name)
        if f.name == "extras":
            kept = {key: table for key, table in value.items() if key not in _FORMER_BOOK_FIELDS}
            value = MappingProxyType(kept) if isinstance(value, MappingProxyType) else kept
        parts.append(f"{f.name}={value!r}")
        if f.name == "structure_classes":
            parts += [f"{name}={book.extras.get(name)!r}" for name in _FORMER_BOOK_FIELDS]
    return f"{class_name}({', '.join(parts)})"
