"""Kriegsspiel Ruleset V3 (the classic Prussian game) as a rule-set package: the data (``kriegsspiel-v3.toml``),
the d10 combat charts, rallies and recoveries, and orders carried by courier.

The program finds it through the entry point ``kriegsspiel-v3`` of the group ``kriegsspiel.rulesets``
(pyproject.toml); :data:`RULESET` is the object it publishes. Nothing outside this package imports its modules.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import resources
from importlib.abc import Traversable
from typing import Any

from kriegsspiel.core.commands import Command, EndTurn, Message
from kriegsspiel.core.events import Accepted, Rejected
from kriegsspiel.core.game import CORE_RULES, MovementBand, OrderKind, OrderSpec, RulerRules
from kriegsspiel.core.plugin import RuleSet, events_defined_in
from kriegsspiel.core.ruleset import RuleBook, Table
from kriegsspiel.core.state import GameState, UnitState
from kriegsspiel.rulesets.kriegsspiel_v3 import commands, events, handlers, manual, messages, notation, orders, panel, rules, state as slots
from kriegsspiel.rulesets.kriegsspiel_v3.combat import outcome, pending_summary
from kriegsspiel.rulesets.kriegsspiel_v3.rules import combat_tables


def _read_combat(top: Table, key: str, context: Mapping[str, Any]) -> Any:
    return rules.parse_combat(top.table(key), context["unit_types"], context["places"])


def _read_orders(top: Table, key: str, context: Mapping[str, Any]) -> Any:
    return rules.parse_orders(top.table(key), context["unit_types"])


def movement_bands(ruleset: RuleBook, unit_type_id: str) -> tuple[MovementBand, ...]:
    """The march (the full move of a round) and, for a unit type that may fight hand to hand, the ground
    within ``[combat] melee_reach`` of it: where it could close with an enemy this round."""
    ruleset.unit_type(unit_type_id)  # an unknown type: KeyError with the known ids
    bands = [MovementBand("march (full move)", "move", 1.0)]
    combat = combat_tables(ruleset)
    if combat is not None and combat.melee_reach > 0 and any(
        chart.range_kind == "contact" and chart.may_attack(unit_type_id) for chart in combat.charts.values()
    ):
        bands.append(MovementBand(f"hand to hand ({combat.melee_reach:g} m)", "reach", float(combat.melee_reach)))
    return tuple(bands)


def umpire_notes(state: GameState) -> list[str]:
    """The combat pending and the orders riding (only the umpire sees these)."""
    lines: list[str] = []
    combat = combat_tables(state.ruleset)
    pending = slots.pending_combat(state)
    if pending is not None and combat is not None:
        lines += ["combat pending:", *(f"  {line}" for line in pending_summary(combat, pending))]
    if slots.orders_in_transit(state):
        lines += ["orders riding (only the umpire sees these):",
                  *(f"  {row}" for row in orders.transit_rows(state))]
    return lines


def riding_orders(state: GameState) -> list[str]:
    """The orders still riding to their units, one line each."""
    return orders.transit_rows(state) if slots.orders_in_transit(state) else []


def forecast(state: GameState) -> str | None:
    """What the pending combat would do if resolved now, or None."""
    combat = combat_tables(state.ruleset)
    pending = slots.pending_combat(state)
    if pending is None or combat is None:
        return None
    return outcome(combat, pending).describe()


#: order type -> its handler(state, command, dice, forced); each takes its own command type, which a mapping's
#: value type cannot say per key, hence ``...``
_HANDLERS: Mapping[type[Command], Callable[..., Accepted | Rejected]] = {
    commands.Combat: handlers.combat, commands.Modify: handlers.modify, commands.Resolve: handlers.resolve,
    commands.Rally: handlers.rally, commands.Recover: handlers.recover, commands.Order: orders.order,
}


def weapon_ranges(ruleset: RuleBook, unit_type_id: str) -> list[tuple[str, float]]:
    """The unit type's weapons' effective and maximum ranges (metres), for the window's range rings."""
    combat = combat_tables(ruleset)
    out: list[tuple[str, float]] = []
    for weapon in combat.ranges.get(unit_type_id, ()) if combat is not None else ():
        out += [(f"{weapon.weapon} effective", float(weapon.effective)), (f"{weapon.weapon} maximum", float(weapon.maximum))]
    return out


def fight_lines(state: GameState, unit: UnitState) -> list[str]:
    """How the unit may fight, for the umpire's panel: the charts whose ``attackers`` take its type, each with
    its digit key (the window aims a rule set's charts by the digits, in order), or why it may not attack."""
    combat = combat_tables(state.ruleset)
    if combat is None:
        return []
    effect = combat.health_effect(unit.health) if unit.type_id in combat.hp_types else None
    if effect is not None and not effect.can_attack:
        return [f"not attack ({unit.health} HP)"]
    usable = [f"{i + 1} {chart.id}" if i < 9 else chart.id
              for i, chart in enumerate(combat.charts.values()) if chart.may_attack(unit.type_id)]
    return [f"fight: right-click or key {', '.join(usable)}"] if usable else []


def unit_details(state: GameState, unit: UnitState) -> list[str]:
    """``details`` of a disrupted unit: its disruption level, its combat modifier and the share of its movement
    allowance left."""
    level = getattr(RULES.unit_slot_of(unit), "disruption", 0)
    if not level:
        return []
    combat = combat_tables(state.ruleset)
    factor = 1.0 if combat is None else combat.movement_factor(level)
    parts = [f"moves at {factor:.0%} of its allowance"]
    if combat is not None:
        parts.insert(0, f"combat {combat.disruption_combat[min(level, combat.max_disruption)]:+d}")
    return [f"disruption {level}: " + ", ".join(parts)]


def chart_names(ruleset: RuleBook) -> tuple[str, ...]:
    """The combat charts (``[combat.charts]``) in the rule set's order: what ``combat`` is aimed on."""
    combat = combat_tables(ruleset)
    return tuple(combat.charts) if combat is not None else ()


def _every_unit(state: GameState, unit: UnitState) -> bool:
    """Every unit rallies, recovers and is written orders (the rule set has no command tables to say who)."""
    return True


#: how the window offers the orders: a combat aimed on a chart (several attackers, several defenders), its steps
#: from the side panel, and a unit's rally, recovery and written order among its other orders
ORDER_SPECS: tuple[OrderSpec, ...] = (
    OrderSpec("combat", shooters="many", targets=-1, charts=chart_names),
    OrderSpec("modify", menu="panel"),
    OrderSpec("resolve", menu="panel"),
    OrderSpec("rally", targets=0, aim="none", menu="unit", may_give=_every_unit),
    OrderSpec("recover", targets=0, aim="none", menu="unit", may_give=_every_unit),
    OrderSpec("order", aim="none", menu="unit", begin="order {id} ", may_give=_every_unit),
)

#: the rules a V3 game is played by: the core's, with the d10 combat orders, rallies and recoveries, orders by
#: courier; the end of a round also hands over the orders due, and messages ride by courier like orders
RULES: RulerRules = CORE_RULES.extended(
    "kriegsspiel-v3",
    [OrderKind(command, notation.PARSERS[word], notation.format_v3, _HANDLERS[command])
     for word, command in commands.V3_ORDERS.items()],
    wrap={EndTurn: orders.delivering, Message: messages.by_courier},
    events=events_defined_in(events),
    pages=manual.PAGES,
    uses=manual.APPLIES,
    umpire_notes=umpire_notes,
    riding_orders=riding_orders,
    turn_preview=orders.turn_preview,
    forecast=forecast,
    movement_bands=movement_bands,
    # a combat is aimed with the mouse: a group of attackers, any number of defenders (its chart from a menu)
    specs=ORDER_SPECS,
    weapon_ranges=weapon_ranges,
    fight_lines=fight_lines,
    unit_details=unit_details,
    pending_panel=panel.pending_panel,
    slot=slots.V3State,
    unit_slot=slots.V3Unit,
    start_slots=slots.start_slots,
    summary_columns=slots.summary_columns,
)


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

    def rules(self) -> RulerRules:
        return RULES


#: the object the entry point publishes
RULESET = KriegsspielV3()

__all__ = ["RULES", "RULESET", "KriegsspielV3"]
