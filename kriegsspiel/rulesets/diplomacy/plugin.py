"""Diplomacy as a rule set the program finds through its entry point (``diplomacy`` in the group
``kriegsspiel.rulesets``): the standard board's data, and the checks of a province map drawn in Tiled."""
from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from importlib.abc import Traversable
from typing import Any

from kriegsspiel.core.area import AreaRules
from kriegsspiel.core.plugin import CommandLine, RuleSet
from kriegsspiel.errors import UserError
from kriegsspiel.rulesets.diplomacy import command
from kriegsspiel.rulesets.diplomacy.mapfile import map_from_properties, standard_map, validate_map


class Diplomacy(RuleSet):
    """Diplomacy (Allan B. Calhamer's rules as the DATC settles them): seven powers, armies and fleets on a
    board of provinces, simultaneous orders adjudicated each phase."""

    name = "diplomacy"
    version = "2.4"  # the DATC version whose preferred choices it follows
    title = "Diplomacy"
    kind = "area"

    def data_file(self) -> Traversable:
        return resources.files(__package__) / "standard.toml"

    def check_provinces(self, powers: tuple[str, ...], provinces: Mapping[str, Mapping[str, Any]],
                        source: str) -> list[str]:
        try:
            board = map_from_properties("map", list(powers), provinces, source)
        except UserError as exc:
            return [str(exc).removeprefix(f"{source}: ")]
        problems = validate_map(board)
        if not powers:
            problems.insert(0, "the map has no property 'powers'; list the powers, separated by spaces")
        return problems

    def area_rules(self) -> AreaRules:
        """Diplomacy and Air Power Diplomacy as the program plays them (:mod:`.area`)."""
        from kriegsspiel.rulesets.diplomacy.area import DiplomacyRules

        return DiplomacyRules()

    def command_lines(self) -> Mapping[str, CommandLine]:
        return {"adjudicate": CommandLine("adjudicate Diplomacy phases given as JSON (one, or JSON Lines with --batch)",
                                          command.add_arguments, command.run)}

    def describe(self) -> dict[str, Any]:
        board = standard_map()
        return {
            "id": self.name, "title": self.title, "version": self.version, "kind": self.kind,
            "unit_kinds": {"A": "army", "F": "fleet"},
            "phases": ["movement", "retreats", "adjustments"],
            "standard_board": {
                "powers": list(board.powers),
                "provinces": sum(p.kind != "impassable" for p in board.provinces.values()),
                "impassable": sorted(p.abbr for p in board.provinces.values() if p.kind == "impassable"),
                "supply_centres": sum(p.supply_centre for p in board.provinces.values()),
            },
        }

    def describe_lines(self) -> list[str]:
        facts = self.describe()["standard_board"]
        return [
            f"{self.title} ({self.name}): an area game, adjudicated as the DATC {self.version} prefers",
            "  units: A (army), F (fleet); phases: movement, retreats, adjustments",
            f"  standard board: {facts['provinces']} provinces and {len(facts['impassable'])} impassable "
            f"({', '.join(facts['impassable'])}), {facts['supply_centres']} supply centres, "
            f"powers {', '.join(facts['powers'])}",
        ]


#: the object the entry point publishes
RULESET = Diplomacy()
