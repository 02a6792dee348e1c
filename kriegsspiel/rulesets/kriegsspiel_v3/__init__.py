"""Kriegsspiel Ruleset V3 (the classic Prussian game) as a rule-set package: the data (``kriegsspiel-v3.toml``),
the d10 combat charts, rallies and recoveries, and orders carried by courier.

The program finds it through the entry point ``kriegsspiel-v3`` of the group ``kriegsspiel.rulesets``
(pyproject.toml); :data:`RULESET` is the object it publishes. Nothing outside this package imports its modules.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from importlib import resources
from importlib.abc import Traversable
from typing import Any

from kriegsspiel.core.commands import Command, EndTurn, Message
from kriegsspiel.core.events import Event
from kriegsspiel.core.game import Handler
from kriegsspiel.core.manual import ManPage
from kriegsspiel.core.plugin import Formatter, MovementBand, Parser, RuleSet, events_defined_in
from kriegsspiel.core.ruleset import RuleBook, Table
from kriegsspiel.core.state import GameState
from kriegsspiel.rulesets.kriegsspiel_v3 import commands, events, handlers, manual, messages, notation, orders, rules
from kriegsspiel.rulesets.kriegsspiel_v3.combat import outcome, pending_summary


def _read_combat(top: Table, key: str, context: Mapping[str, Any]) -> Any:
    return rules.parse_combat(top.table(key), context["unit_types"], context["places"])


def _read_orders(top: Table, key: str, context: Mapping[str, Any]) -> Any:
    return rules.parse_orders(top.table(key), context["unit_types"])


class KriegsspielV3(RuleSet):
    """Kriegsspiel Ruleset V3: d10 charts, disruption, rally and recovery, orders by courier (metres, 2-minute
    rounds)."""

    name = "kriegsspiel-v3"
    version = "3.0"
    title = "Kriegsspiel Ruleset V3"

    def data_file(self) -> Traversable:
        return resources.files(__package__) / "kriegsspiel-v3.toml"

    def table_readers(self) -> Mapping[str, Callable[[Table, str, Mapping[str, Any]], Any]]:
        return {"combat": _read_combat, "orders": _read_orders}

    def orders(self) -> Mapping[str, type[Command]]:
        return commands.V3_ORDERS

    def parsers(self) -> Mapping[str, Parser]:
        return notation.PARSERS

    def formatter(self) -> Formatter:
        return notation.format_v3

    def install_handlers(self, table: dict[type[Command], Handler]) -> None:
        table.update({commands.Combat: handlers.combat, commands.Modify: handlers.modify,
                      commands.Resolve: handlers.resolve, commands.Rally: handlers.rally,
                      commands.Recover: handlers.recover, commands.Order: orders.order})
        # the end of a round also hands over the orders due (nothing for rule sets without couriers)
        table[EndTurn] = orders.delivering(dict.__getitem__(table, EndTurn))
        # messages between players ride by courier like orders (RULINGS.md); other rule sets keep the core's
        table[Message] = messages.by_courier(dict.__getitem__(table, Message))

    def events(self) -> Iterable[type[Event]]:
        return events_defined_in(events)

    def manual_pages(self) -> Iterable[ManPage]:
        return manual.PAGES

    def manual_applies(self) -> Mapping[str, Callable[[RuleBook], bool]]:
        return manual.APPLIES

    def movement_bands(self, ruleset: RuleBook, unit_type_id: str) -> tuple[MovementBand, ...]:
        """The march (the full move of a round) and, for a unit type that may fight hand to hand, the ground
        within ``[combat] melee_reach`` of it: where it could close with an enemy this round."""
        ruleset.unit_type(unit_type_id)  # an unknown type: KeyError with the known ids
        bands = [MovementBand("march (full move)", "move", 1.0)]
        combat = ruleset.combat
        if combat is not None and combat.melee_reach > 0 and any(
            chart.range_kind == "contact" and chart.may_attack(unit_type_id) for chart in combat.charts.values()
        ):
            bands.append(MovementBand(f"hand to hand ({combat.melee_reach:g} m)", "reach", float(combat.melee_reach)))
        return tuple(bands)

    def umpire_notes(self, state: GameState) -> list[str]:
        lines: list[str] = []
        combat = getattr(state.ruleset, "combat", None)
        if state.pending_combat is not None and combat is not None:
            lines += ["combat pending:", *(f"  {line}" for line in pending_summary(combat, state.pending_combat))]
        if state.orders_in_transit:
            lines += ["orders riding (only the umpire sees these):",
                      *(f"  {row}" for row in orders.transit_rows(state))]
        return lines

    def riding_orders(self, state: GameState) -> list[str]:
        return orders.transit_rows(state) if state.orders_in_transit else []

    def turn_preview(self, state: GameState) -> list[str]:
        return orders.turn_preview(state)

    def forecast(self, state: GameState) -> str | None:
        combat = getattr(state.ruleset, "combat", None)
        if state.pending_combat is None or combat is None:
            return None
        return outcome(combat, state.pending_combat).describe()


#: the object the entry point publishes
RULESET = KriegsspielV3()

__all__ = ["RULESET", "KriegsspielV3"]
