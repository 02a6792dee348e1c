"""A toy rule set for the architecture test and the walkthrough of docs/architecture.md: one unit type
(a walker), one terrain (meadow) and one command of its own (``cheer UNIT``).

It is a package outside the program, found only through its entry point (``kriegsspiel.rulesets``), exactly as
a rule set published on PyPI would be.
"""
from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from importlib.abc import Traversable
from typing import ClassVar

from kriegsspiel.core.commands import Command, NotationError, unit_token
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.events import Accepted, Event, Rejected, event_kind
from kriegsspiel.core.game import CORE_RULES, OrderKind, OrderSpec, RulerRules, Ruling
from kriegsspiel.core.manual import ManPage, fixed_text
from kriegsspiel.core.plugin import CommandLine, RuleSet
from kriegsspiel.core.state import GameState, UnitState


@dataclass(frozen=True, slots=True)
class Cheer(Command):
    """A unit of the side to move cheers (it changes nothing but the journal)."""

    name: ClassVar[str] = "cheer"
    unit: str


@event_kind("cheered")
@dataclass(frozen=True, slots=True)
class Cheered(Event):
    """A unit cheered."""

    unit: str

    def describe(self) -> str:
        return f"{self.unit} cheers: hurrah!"


def parse_cheer(rest: str) -> Command:
    """``cheer UNIT``; raises NotationError naming the syntax."""
    words = rest.split()
    if len(words) != 1:
        raise NotationError("cheer: expected one unit", "cheer")
    return Cheer(unit_token(words[0], "cheer"))


def format_cheer(command: Command) -> str | None:
    """The text of a Cheer, None for any other command."""
    return f"cheer {command.unit}" if isinstance(command, Cheer) else None


def cheer(state: GameState, command: Command, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Only a unit of the side to move may cheer (forceable)."""
    assert isinstance(command, Cheer)
    ruling = Ruling(forced)
    unit = state.unit(command.unit)
    if unit is None:
        return Rejected(f"no unit {command.unit!r}", forceable=False)
    if unit.side != state.side_to_move and (refusal := ruling.refuse(f"{unit.id} is not of the side to move")):
        return refusal
    return ruling.accept(state, [Cheered(unit.id)])


def _add_meadow_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--walkers", type=int, default=1, help="how many walkers to greet")


def _run_meadow(args: argparse.Namespace) -> int:
    print(f"hello from the meadow, {args.walkers} walker{'s' if args.walkers != 1 else ''}")
    return 0


def cheers(state: GameState, unit: UnitState) -> bool:
    """Every walker may cheer (the window lists it in the unit's menu; the handler judges the side)."""
    return True


#: the rules a toy game is played by: the core's, with one order of its own (the window aims it by its hint:
#: the key C, no target, in every unit's menu)
RULES: RulerRules = CORE_RULES.extended(
    "toy",
    [OrderKind(Cheer, parse_cheer, format_cheer, cheer,
               OrderSpec("cheer", key="c", targets=0, aim="none", may_give=cheers))],
    events=(Cheered,),
    pages=(ManPage("cheer", "cheer UNIT", "The unit cheers; nothing else happens.",
                   fixed_text("every unit of the side to move"), fixed_text("-"), fixed_text("-")),),
)


class ToyRules(RuleSet):
    """One walker, one meadow, one cheer."""

    name = "toy"
    version = "1.0"
    title = "Toy rules"

    def data_file(self) -> Traversable:
        return resources.files(__package__) / "toy.toml"

    def rules(self) -> RulerRules:
        return RULES

    def command_lines(self) -> Mapping[str, CommandLine]:
        return {"meadow": CommandLine("greet the walkers of the toy meadow", _add_meadow_arguments, _run_meadow)}


RULESET = ToyRules()
