"""The air and transport rows of the window's right-click menu (the rule set's orders hinted ``menu="transport"``:
under the Fourth Edition takeoff, land, survey, pulse, airlift, load, disembark).

Which rows a unit's menu offers comes from the rule set's hints (``OrderSpec.may_give``, else the unit type's
command tables) and from the state: a carrier or a plane lists ``WORD ID`` for each unit aboard that may give an
order hinted ``aboard`` (``takeoff f1``, ``disembark i1``), since a unit aboard has no counter of its own to
right-click. Whether the rules accept an order comes from a dry run through ``apply``, as for the combat
orders, so a refused row is greyed with the rules' own reason.
"""
from __future__ import annotations

from kriegsspiel.core.game import OrderSpec, rules_of
from kriegsspiel.core.state import GameState, UnitState


def gives(state: GameState, unit: UnitState, spec: OrderSpec) -> bool:
    """True when ``unit`` may give the order: the rule set's ``may_give``, else its type's command tables."""
    if spec.may_give is not None:
        return spec.may_give(state, unit)
    return state.ruleset.unit_type(unit.type_id).can(spec.word)


def menu_rows(state: GameState, unit: UnitState) -> tuple[str, ...]:
    """The transport rows of ``unit``'s menu: its own orders (a word), then for each unit aboard it the orders
    given from aboard that that unit may give (``"takeoff ID"``, ``"disembark ID"``)."""
    specs = [spec for spec in rules_of(state).order_specs.values() if spec.menu == "transport"]
    rows = [spec.word for spec in specs if gives(state, unit, spec)]
    for aboard in sorted(u.id for u in state.units.values() if u.carried_by == unit.id):
        rider = state.units[aboard]
        rows += [f"{spec.word} {aboard}" for spec in specs if spec.aboard and gives(state, rider, spec)]
    return tuple(rows)


def split_row(row: str) -> tuple[str, str | None]:
    """A menu row -> (the order word, the unit aboard it names or None)."""
    word, _, rider = row.partition(" ")
    return word, rider or None


def friendly_targets(state: GameState, spec: OrderSpec, shooters: tuple[str, ...]) -> list[str]:
    """The possible targets of an order aimed at the shooters' own side: the rule set's ``friends`` (airfields
    and carriers to land on, ships to load onto), else every unit of that side that is not aboard."""
    if spec.friends is not None:
        return spec.friends(state, shooters)
    first = state.unit(shooters[0]) if shooters else None
    if first is None:
        return []
    return [u.id for u in state.units.values() if u.side == first.side and u.id not in shooters and u.carried_by is None]


def point_token(x: float, y: float) -> str:
    """A map point as the shell writes it after '>' (world units, one decimal)."""
    return f"{x:.1f},{y:.1f}"
