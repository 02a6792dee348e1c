"""The rule-set interface: what a rule set gives the program, and how a game finds its own.

A rule set is a package (``kriegsspiel/rulesets/modern_4e/`` or a pip package of its own) that publishes one
:class:`RuleSet` object under the entry-point group ``kriegsspiel.rulesets``. The core, the shell and the
window know rule sets only through this class and the rules object it gives: never through its modules.

A :class:`RuleSet` is small: its identity (name, title, version, kind), its data (the TOML file inside its
package, the extra tables only it reads and the columns its command tables require), and :meth:`RuleSet.rules`,
the rules its games are played by: a ``RulerRules`` for a game of terrain and measured moves (its orders with
their words, parsers, formatters, handlers and window hints; its events and manual pages; its turn structure;
what the umpire is shown), an ``AreaRules`` for a board of provinces. Nothing of it is written into a table of
the program: each game asks its own rule set (by its rule book's ``rules_id``: its ``based_on``, else its
``id``), so two games of different rule sets in one process never see each other's rules.

What a player may see (the fog of war, ``kriegsspiel.core.sight.player_view``) and victory (the scenario's
zones, ``kriegsspiel.core.state.scores``) are the core's for every ruler game: a rule set changes them through
its data (sight ranges, what may hide where), not through code.
"""
from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib.abc import Traversable
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

from kriegsspiel.core.area import AreaRules
from kriegsspiel.core.registry import ensure_loaded, find, installed, load_for_command, loaded

if TYPE_CHECKING:  # the ruler engine (and numpy with it) is imported when a ruler game asks: `battle` needs none
    from kriegsspiel.core.events import Event
    from kriegsspiel.core.game import MovementBand, RulerRules
    from kriegsspiel.core.ruleset import RuleBook, TableReader

@dataclass(frozen=True, slots=True)
class CommandLine:
    """A command a rule set adds to the ``kriegsspiel`` command line (``kriegsspiel adjudicate``): its one-line
    help, the function that declares its arguments on an ``argparse.ArgumentParser``, and the one that runs it
    with the parsed arguments and returns the exit status (raising ``kriegsspiel.errors.UserError`` for bad
    input, as the program's own commands do)."""

    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


class RuleSet:
    """One rule set, as the program sees it. Subclass it in your package and publish an instance::

        [project.entry-points."kriegsspiel.rulesets"]
        my-rules = "my_rules:RULESET"

    Every method has a default that adds nothing, so a rule set made of data alone overrides only
    :meth:`data_file`. ``name`` is what scenarios write as ``ruleset = "..."``.
    """

    #: the rule set's name in scenarios and on the command line (``"modern-4e"``)
    name: ClassVar[str] = ""
    #: the version of the rule set's package (shown by ``kriegsspiel rules``)
    version: ClassVar[str] = "0"
    #: the title shown to people (``"Modern Kriegsspiel, Fourth Edition"``)
    title: ClassVar[str] = ""
    #: ``"ruler"``: a battlefield of terrain, moves measured over it (the core's engine plays it);
    #: ``"area"``: a board of provinces (Diplomacy), whose data file is the rule set's own
    kind: ClassVar[str] = "ruler"
    #: sha256 digests of earlier bytes of an area rule set's data file that held the same numbers (only its
    #: comments changed): saves written under them still verify and reopen without a "rule set changed" note
    earlier_data_fingerprints: ClassVar[tuple[str, ...]] = ()

    # --- data ------------------------------------------------------------------------------------------

    def data_file(self) -> Traversable:
        """The rule set's TOML file inside its package (``importlib.resources.files(__package__) / "x.toml"``).

        Raises NotImplementedError when the subclass gives none.
        """
        raise NotImplementedError(f"rule set {self.name!r} gives no data file")

    def table_readers(self) -> Mapping[str, TableReader]:
        """Top-level TOML tables only this rule set reads, by key, each to a reader (see
        :class:`kriegsspiel.core.ruleset.TableReader`); their results are fields of :class:`RuleBook`."""
        return {}

    def required_columns(self) -> Mapping[str, tuple[str, ...]]:
        """The columns every row of one of its command tables must give, by command (the command reads them
        and has no default); the loader refuses a file whose row lacks one, naming the row and the column."""
        return {}

    def command_columns(self) -> Mapping[str, str]:
        """The columns its command rows may have besides ``damage`` and ``range``, by name, each of a kind of
        ``kriegsspiel.core.ruleset.COLUMN_KINDS`` (a column of odds "1 in N" is ``{NAME: "odds"}``)."""
        return {}

    def attack_tables(self) -> tuple[str, ...]:
        """Its command tables of ordinary attacks, first first: a unit type's ``attack`` (the largest damage
        of an ordinary attack, shown by ``kriegsspiel rules``) is its damage in the first that gives one."""
        return ()

    # --- the rules its games are played by ---------------------------------------------------------------

    def rules(self) -> RulerRules | AreaRules:
        """The rules its games are played by: a ``RulerRules`` for a ruler game (built once, from
        ``kriegsspiel.core.game.CORE_RULES.extended(...)``: it is asked on every order), an ``AreaRules`` for
        an area game. The default: the area rules of an area rule set, else the core's own (a rule set of data
        alone)."""
        area = self.area_rules() if self.kind == "area" else None
        if area is not None:
            return area
        from kriegsspiel.core.game import CORE_RULES

        return CORE_RULES

    # --- area games ---------------------------------------------------------------------------------------

    def check_provinces(self, powers: tuple[str, ...], provinces: Mapping[str, Mapping[str, Any]],
                        source: str) -> list[str]:
        """The problems of a province map's properties under this rule set (``kriegsspiel check``), one line
        each naming the province; ``provinces`` maps each abbreviation to its properties (``name`` is the full
        name). A rule set that plays on no province map says so."""
        return [f"the rule set {self.name!r} does not play on province maps; set the map property 'ruleset' "
                "to one that does"]

    def area_rules(self) -> "AreaRules | None":
        """The rules an area game is played by (positions, orders, phases, per-power views: see
        :mod:`kriegsspiel.core.area`), or None for a ruler game, which the core's own engine drives."""
        return None

    def describe(self) -> dict[str, Any]:
        """The rule set as one JSON object, for ``kriegsspiel rules NAME --json`` of an area game (a ruler
        game's is its data file's tables)."""
        return {"id": self.name, "title": self.title, "version": self.version, "kind": self.kind}

    def describe_lines(self) -> list[str]:
        """The rule set as text for people (``kriegsspiel rules NAME``) of an area game."""
        return [f"{self.title} ({self.name}), version {self.version}: an area game"]

    # --- the command line ---------------------------------------------------------------------------------

    def command_lines(self) -> Mapping[str, CommandLine]:
        """Commands this rule set adds to ``kriegsspiel`` (a command the program has already wins)."""
        return {}


def movement_bands(ruleset: RuleBook, unit_type_id: str) -> tuple[MovementBand, ...]:
    """The movement bands of a unit type under ``ruleset`` (a game's data): those of the rules it is played
    by (its rule set's, found by ``rules_id``), else the full move alone. Raises KeyError for an unknown unit
    type."""
    from kriegsspiel.core.game import rules_for

    return rules_for(ruleset).movement_bands(ruleset, unit_type_id)


def installed_rulesets() -> dict[str, RuleSet]:
    """The rule sets installed beside the program (entry-point group ``kriegsspiel.rulesets``) that loaded,
    by name (each is imported once per process; nothing of theirs is written into the program's tables)."""
    return {name: ruleset for name, ruleset in installed().items() if isinstance(ruleset, RuleSet)}


def find_ruleset(name: str) -> RuleSet | None:
    """The installed rule set called ``name``, or None (imports that rule set alone, the first time)."""
    ruleset = find(name)
    return ruleset if isinstance(ruleset, RuleSet) else None


def ruleset_command(word: str) -> CommandLine | None:
    """The command ``kriegsspiel WORD`` an installed rule set adds (``RuleSet.command_lines``), or None;
    imports only the rule set that declares it (entry-point group ``kriegsspiel.commands``), else all."""
    load_for_command(word)
    for _ in range(2):
        for ruleset in loaded().values():
            if isinstance(ruleset, RuleSet) and word in ruleset.command_lines():
                return ruleset.command_lines()[word]
        ensure_loaded()  # declared by none, or declared wrongly: look in every rule set
    return None


def events_defined_in(module: ModuleType) -> list[type[Event]]:
    """The event classes ``module`` defines (not those it imports), for ``RulerRules.extended(events=...)``."""
    from kriegsspiel.core.events import Event

    return [value for value in vars(module).values()
            if isinstance(value, type) and issubclass(value, Event) and value.__module__ == module.__name__]
