"""A toy area rule set for the architecture tests and the walkthrough of docs/architecture.md ("Add an area
rule set"): two powers, six fields on a Tiled province map of its own (fields.tmx), two orders (``hold`` and
``march``), one phase a round, and a winner by farms held.

Like the ruler toy beside it, it is a package outside the program, found only through its entry point
(``kriegsspiel.rulesets``)."""
from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from importlib.abc import Traversable
from typing import Any

from kriegsspiel.core.area import AreaRules
from kriegsspiel.core.plugin import RuleSet

from .orders import HOLD, MARCH
from .rules import FieldRules


class ToyArea(RuleSet):
    """Walkers on six fields, fighting for the farms."""

    name = "toy-area"
    version = "1.0"
    title = "Toy fields"
    kind = "area"

    def data_file(self) -> Traversable:
        return resources.files(__package__) / "fields.tmx"

    def check_provinces(self, powers: tuple[str, ...], provinces: Mapping[str, Mapping[str, Any]],
                        source: str) -> list[str]:
        problems = [] if len(powers) >= 2 else ["the map needs the property 'powers' with two powers or more"]
        for abbr, props in provinces.items():
            for near in str(props.get("adjacent", "")).replace(",", " ").upper().split():
                if near not in provinces:
                    problems.append(f"{abbr}: 'adjacent' names {near}, which is no field of the map")
                elif abbr not in str(provinces[near].get("adjacent", "")).upper().split():
                    problems.append(f"{abbr}: next to {near}, but {near} is not next to {abbr}")
        return problems

    def area_rules(self) -> AreaRules:
        return RULES

    def describe(self) -> dict[str, Any]:
        return {"id": self.name, "title": self.title, "version": self.version, "kind": self.kind,
                "orders": [o.syntax for o in RULES.orders.values()], "phases": ["round"]}

    def describe_lines(self) -> list[str]:
        return [f"{self.title} ({self.name}), version {self.version}: an area game of walkers on fields",
                "  orders: " + "; ".join(o.syntax for o in RULES.orders.values())]


#: the rules its games are played by: an order is a row added here
RULES = FieldRules([HOLD, MARCH])

#: the object the entry point publishes
RULESET = ToyArea()
