"""The unit-profiles wargame as a rule set the program finds through its entry point (``unit-profiles`` in the
group ``kriegsspiel.rulesets``): its data (49 units, d12 combat) and what ``kriegsspiel rules`` shows of it."""
from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from importlib.abc import Traversable
from typing import Any

from kriegsspiel.core.area import AreaRules
from kriegsspiel.core.plugin import CommandLine, RuleSet
from kriegsspiel.rulesets.unit_profiles import command
from kriegsspiel.rulesets.unit_profiles.area import UnitProfilesArea
from kriegsspiel.rulesets.unit_profiles.board import check_board, read_board
from kriegsspiel.rulesets.unit_profiles.data import describe, load_rules


#: the one-line help of ``kriegsspiel battle``
HELP = "fight a unit-profiles battle given as JSON, or give its odds (--odds)"


class UnitProfiles(RuleSet):
    """A wargame of territories and sea zones (unit-profiles-7.0 as its rulings settle it): 49 unit types
    with cost, attack, defence and move, battles fought with twelve-sided dice."""

    name = "unit-profiles"
    version = "7.0"
    title = "Unit profiles (d12 wargame)"
    kind = "area"
    # the data file before its comments stopped citing documents outside the repository (2026-11-29); the
    # numbers are the same, so the saves of before are saves of this rule set
    earlier_data_fingerprints = ("bd846f0d66daa3bae6ca174ac972d9e5c4337e169b9255a56650175a18374f79",)

    def data_file(self) -> Traversable:
        return resources.files(__package__) / "unit-profiles.toml"

    def check_provinces(self, powers: tuple[str, ...], provinces: Mapping[str, Mapping[str, Any]],
                        source: str) -> list[str]:
        board, problems = read_board(provinces)
        return problems + check_board(powers, board)

    def area_rules(self) -> AreaRules:
        return UnitProfilesArea()

    def command_lines(self) -> Mapping[str, CommandLine]:
        return {"battle": CommandLine(HELP, command.add_arguments, command.run)}

    def describe(self) -> dict[str, Any]:
        return {"kind": self.kind, "version": self.version, **describe(load_rules())}

    def describe_lines(self) -> list[str]:
        data = describe(load_rules())
        rows = [[str(u["number"]), key, u["domain"], *(_value(u[k]) for k in ("cost", "attack", "defense", "move", "hits"))]
                for key, u in data["units"].items()]
        head = ["no.", "type", "domain", "cost", "att", "def", "move", "hits"]
        widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(head)]

        def line(cells: list[str]) -> str:  # the numbers right-aligned, the words left
            return "  " + "  ".join(c.rjust(w) if i in (0, 3, 4, 5, 6, 7) else c.ljust(w)
                                    for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

        return [f"{data['name']} ({self.name}): an area game, d{data['die']} combat, {len(rows)} unit types "
                "('-': the unit has no such value)", "", line(head), line(["-" * w for w in widths]),
                *(line(r) for r in rows)]


def _value(value: Any) -> str:
    return "-" if value is None else str(value)


#: the object the entry point publishes
RULESET = UnitProfiles()
