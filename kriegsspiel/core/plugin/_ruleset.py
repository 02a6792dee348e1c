"""The rule-set interface: what a rule set gives the program, and how the core takes it in.

A rule set is a package (``kriegsspiel/rulesets/modern_4e/`` or a pip package of its own) that publishes one
:class:`RuleSet` object under the entry-point group ``kriegsspiel.rulesets``. The core, the shell and the
window know rule sets only through this class: never through a rule set's modules.

A ruler game (the two shipped ones) is driven by the engine of the core: movement and sight over the
terrain, the base orders (move, heading, hide, reveal, convert, merge, split, message, turn), fog of war and
victory by zones. A rule set adds to it:

- its data: the TOML file inside its package (:meth:`RuleSet.data_file`), read by the core's table reader,
  plus the extra tables only it understands (:meth:`RuleSet.table_readers`);
- its commands: the order classes by command word, their parsers and formatter (the notation), the handlers
  that validate and apply them, the events they produce, and their manual pages;
- its turn structure: :meth:`RuleSet.turn` runs around every order (the Fourth Edition's air turn);
- what the umpire is shown besides the units (:meth:`RuleSet.umpire_notes`) and scenario warnings.

What a player may see (the fog of war, ``kriegsspiel.core.sight.player_view``) and victory (the scenario's
zones, ``kriegsspiel.core.state.scores``) are the core's for every ruler game: a rule set changes them through
its data (sight ranges, what may hide where), not through code.
"""
from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from importlib.abc import Traversable
from types import ModuleType
from typing import Any, ClassVar, Literal

from kriegsspiel.core.commands import FORMATTERS, ORDERS, PARSERS, Command
from kriegsspiel.core.area import AreaRules
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.events import EVENT_KINDS, Accepted, Event, Rejected
from kriegsspiel.core.game import (
    FORECASTS, HANDLERS, RIDING_ORDERS, SCENARIO_WARNINGS, TURN_PREVIEWS, TURN_STRUCTURES, UMPIRE_NOTES, Handler,
)
from kriegsspiel.core.manual import APPLIES, PAGES, ManPage
from kriegsspiel.core.ruleset import TABLE_READERS, RuleBook, TableReader
from kriegsspiel.core.registry import installed
from kriegsspiel.core.state import GameState

@dataclass(frozen=True, slots=True)
class CommandLine:
    """A command a rule set adds to the ``kriegsspiel`` command line (``kriegsspiel adjudicate``): its one-line
    help, the function that declares its arguments on an ``argparse.ArgumentParser``, and the one that runs it
    with the parsed arguments and returns the exit status (raising ``kriegsspiel.errors.UserError`` for bad
    input, as the program's own commands do)."""

    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


@dataclass(frozen=True, slots=True)
class MovementBand:
    """One band of the area a picked-up unit may reach this turn, shaded in a tone of its own (the window's
    movement bands).

    ``kind`` ``"move"``: the ground the unit reaches spending at most ``amount`` times its allowance left
    (1.0 is the full move; a rule set with a part-move, such as a distance that still lets a unit attack, gives
    a fraction below 1). ``kind`` ``"reach"``: the ground within ``amount`` world units (straight line) of the
    full move's area and beyond it (what the unit could attack from where it may stop). ``label`` is the
    band's name in the legend.
    """

    label: str
    kind: Literal["move", "reach"]
    amount: float


#: a parser of one command word: the text after the word -> the command (raises NotationError)
Parser = Callable[[str], Command]
#: a formatter: a command -> its text, or None when the command is not this rule set's
Formatter = Callable[[Command], "str | None"]


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

    # --- commands ----------------------------------------------------------------------------------------

    def orders(self) -> Mapping[str, type[Command]]:
        """The rule set's orders by command word (they go through ``apply`` and into the journal)."""
        return {}

    def parsers(self) -> Mapping[str, Parser]:
        """The notation: a parser per command word of :meth:`orders`."""
        return {}

    def formatter(self) -> Formatter | None:
        """The inverse of :meth:`parsers`: a command of this rule set -> its text (None for others')."""
        return None

    def install_handlers(self, handlers: dict[type[Command], Handler]) -> None:
        """Add the handlers that validate and carry out :meth:`orders` to ``handlers``; a rule set may also
        wrap a handler that is there (Ruleset V3 wraps ``turn`` to hand over the orders due)."""

    def events(self) -> Iterable[type[Event]]:
        """The event classes its handlers produce (each with a unique ``kind``, for the journal)."""
        return ()

    def manual_pages(self) -> Iterable[ManPage]:
        """The manual page of each of its commands (``man COMMAND``)."""
        return ()

    def manual_applies(self) -> Mapping[str, Callable[[RuleBook], bool]]:
        """Command word -> whether it has a use under a rule set's data (for ``help``'s short list)."""
        return {}

    # --- the turn ----------------------------------------------------------------------------------------

    def turn(self, state: GameState, command: Command, dice: Dice, forced: bool,
             handler: Handler) -> Accepted | Rejected:
        """Carry out ``command`` with ``handler`` inside this rule set's turn structure. The default adds no
        structure; the Fourth Edition opens and closes the air turn here."""
        return handler(state, command, dice, forced)

    def turn_preview(self, state: GameState) -> list[str]:
        """What ending the side's turn in ``state`` sets going under this rule set that its events do not say
        (the next side's air turn opening, the clock moving on), one line each, for the umpire's question
        before a turn ends. The default says nothing."""
        return []

    # --- the umpire's window ----------------------------------------------------------------------------

    def movement_bands(self, ruleset: RuleBook, unit_type_id: str) -> tuple[MovementBand, ...]:
        """The bands the window shades when the umpire picks up a unit of ``unit_type_id``, innermost first.

        The default, read from the rule set's data: the full move, then, for a unit type with an ``attack``
        command, the ground within the rule set's ``[constants] attack_distance`` of it. Raises KeyError
        (with the known ids) for an unknown unit type.
        """
        bands = [MovementBand("full move", "move", 1.0)]
        reach = float(ruleset.constants.get("attack_distance", 0.0))
        if reach > 0.0 and "attack" in ruleset.unit_type(unit_type_id).commands:
            bands.append(MovementBand(f"attack distance ({_short(reach)} {ruleset.distance_unit})", "reach", reach))
        return tuple(bands)

    # --- what people see ------------------------------------------------------------------------------

    def umpire_notes(self, state: GameState) -> list[str]:
        """Lines the umpire is shown besides the units (combat pending, orders riding); players never."""
        return []

    def riding_orders(self, state: GameState) -> list[str]:
        """Orders still on their way to their units, one line each (the umpire's side panel; players never)."""
        return []

    def forecast(self, state: GameState) -> str | None:
        """What the action waiting to be resolved (a pending combat) would do if resolved now, or None."""
        return None

    def scenario_warnings(self, state: GameState) -> list[tuple[str, str, str]]:
        """Warnings about a scenario's starting state: (unit id, scenario key, problem) each."""
        return []

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

    # --- installation ---------------------------------------------------------------------------------

    def install(self) -> None:
        """Add everything above to the core's tables. Called once per process by the registry; a name that
        another rule set already took is an error (raised, so the registry reports this rule set)."""
        orders = dict(self.orders())
        parsers = dict(self.parsers())
        taken = [w for w in (*orders, *parsers) if dict.__contains__(PARSERS, w) or dict.__contains__(ORDERS, w)]
        if taken:
            raise ValueError(f"command words already taken by another rule set: {', '.join(sorted(set(taken)))}")
        ORDERS.update(orders)
        PARSERS.update(parsers)
        if (formatter := self.formatter()) is not None:
            FORMATTERS.append(formatter)
        for event in self.events():
            EVENT_KINDS[event.kind] = event
        PAGES.update({page.name: page for page in self.manual_pages()})
        APPLIES.update(self.manual_applies())
        TABLE_READERS.update(self.table_readers())
        self.install_handlers(HANDLERS)
        if type(self).turn is not RuleSet.turn:
            TURN_STRUCTURES.append(self.turn)
        if type(self).umpire_notes is not RuleSet.umpire_notes:
            UMPIRE_NOTES.append(self.umpire_notes)
        if type(self).riding_orders is not RuleSet.riding_orders:
            RIDING_ORDERS.append(self.riding_orders)
        if type(self).turn_preview is not RuleSet.turn_preview:
            TURN_PREVIEWS.append(self.turn_preview)
        if type(self).forecast is not RuleSet.forecast:
            FORECASTS.append(self.forecast)
        if type(self).scenario_warnings is not RuleSet.scenario_warnings:
            SCENARIO_WARNINGS.append(self.scenario_warnings)


def _short(value: float) -> str:
    return f"{value:g}"


def movement_bands(ruleset: RuleBook, unit_type_id: str) -> tuple[MovementBand, ...]:
    """The movement bands of a unit type under ``ruleset`` (a game's data): those of the installed rule set of
    the same id, else the interface's default (a house-rules copy of a shipped file under a name of its own).
    Raises KeyError for an unknown unit type."""
    plugin = find_ruleset(ruleset.id)
    return (plugin if plugin is not None else RuleSet()).movement_bands(ruleset, unit_type_id)


def installed_rulesets() -> dict[str, RuleSet]:
    """The rule sets installed beside the program (entry-point group ``kriegsspiel.rulesets``) that loaded,
    by name. Loading them installs them in the core's tables, once per process."""
    return {name: ruleset for name, ruleset in installed().items() if isinstance(ruleset, RuleSet)}


def find_ruleset(name: str) -> RuleSet | None:
    """The installed rule set called ``name``, or None."""
    return installed_rulesets().get(name)


def events_defined_in(module: ModuleType) -> list[type[Event]]:
    """The event classes ``module`` defines (not those it imports), for ``RuleSet.events``."""
    return [value for value in vars(module).values()
            if isinstance(value, type) and issubclass(value, Event) and value.__module__ == module.__name__]
