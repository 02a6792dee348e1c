"""Modern Kriegsspiel, Fourth Edition, as a rule-set package: the data (``modern-4e.toml``) and the combat
orders of land, sea and air, with the air turn that opens each side's turn.

The program finds it through the entry point ``modern-4e`` of the group ``kriegsspiel.rulesets``
(pyproject.toml); :data:`RULESET` is the object it publishes. Nothing outside this package imports its modules.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from importlib import resources
from importlib.abc import Traversable

from kriegsspiel.core.commands import Command
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.events import Accepted, Event, Rejected
from kriegsspiel.core.game import Handler
from kriegsspiel.core.manual import ManPage
from kriegsspiel.core.plugin import Formatter, Parser, RuleSet, events_defined_in
from kriegsspiel.core.ruleset import RuleBook, TableReader
from kriegsspiel.core.state import GameState
from kriegsspiel.rulesets.modern_4e import air, commands, events, house, land, manual, naval, notation, turn, warnings


class ModernFourthEdition(RuleSet):
    """Modern Kriegsspiel, Fourth Edition (2021): land, sea and air combat by command tables, the air turn."""

    name = "modern-4e"
    version = "4.0"
    title = "Modern Kriegsspiel, Fourth Edition"

    def data_file(self) -> Traversable:
        return resources.files(__package__) / "modern-4e.toml"

    def table_readers(self) -> Mapping[str, TableReader]:
        # the procedures RULINGS.md makes house rules: [house_rules] of the rule-set file (house.py)
        return {house.TABLE: house.read_house_rules}

    def orders(self) -> Mapping[str, type[Command]]:
        return commands.COMBAT_ORDERS

    def parsers(self) -> Mapping[str, Parser]:
        return notation.PARSERS

    def formatter(self) -> Formatter:
        return notation.format_combat

    def install_handlers(self, table: dict[type[Command], Handler]) -> None:
        c = commands
        table.update({
            c.Attack: land.attack, c.Fire: land.fire, c.Spy: land.spy, c.Build: land.build, c.Missile: land.missile,
            c.Torpedo: naval.torpedo, c.Sortie: naval.sortie, c.DepthCharge: naval.depthcharge,
            c.Board: naval.board, c.Nuke: naval.nuke, c.Load: naval.load, c.Disembark: naval.disembark,
            c.Takeoff: air.takeoff, c.Land: air.land, c.Dogfight: air.dogfight, c.Bomb: air.bomb,
            c.Pulse: air.pulse, c.Airlift: air.airlift, c.Kamikaze: air.kamikaze, c.Survey: air.survey,
        })

    def events(self) -> Iterable[type[Event]]:
        return events_defined_in(events)

    def manual_pages(self) -> Iterable[ManPage]:
        return manual.PAGES

    def manual_applies(self) -> Mapping[str, Callable[[RuleBook], bool]]:
        return manual.APPLIES

    def turn(self, state: GameState, command: Command, dice: Dice, forced: bool,
             handler: Handler) -> Accepted | Rejected:
        # the air turn first; an attack ends the attackers' turn (turn.py)
        return turn.run(state, command, dice, forced, handler)

    def turn_preview(self, state: GameState) -> list[str]:
        return turn.preview(state)

    def scenario_warnings(self, state: GameState) -> list[tuple[str, str, str]]:
        return warnings.grounded_planes(state)


#: the object the entry point publishes
RULESET = ModernFourthEdition()

__all__ = ["RULESET", "ModernFourthEdition"]
