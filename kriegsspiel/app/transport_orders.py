"""The air and transport orders in the window's right-click menu: takeoff, land, survey, pulse, airlift, load,
disembark.

Which orders a unit's menu offers comes from its type in the rule set (an aircraft takes off and lands; a land
unit with a weight loads onto ships; the pulse, airlift and survey tables list who may use them) and from the
state (a carrier or a plane lists ``takeoff ID`` / ``disembark ID`` for each unit aboard, since a unit aboard
has no counter of its own to right-click). Whether the rules accept an order comes from a dry run through
``apply``, as for the combat orders, so a refused row is greyed with the rules' own reason.
"""
from __future__ import annotations

from kriegsspiel.core.state import GameState, UnitState

#: the orders, in the menu's order
ORDERS = ("takeoff", "land", "survey", "pulse", "airlift", "load", "disembark")
#: orders with no target: the menu sends them at once
NO_TARGET = ("takeoff", "survey")
#: orders whose target is optional: Enter with none chosen sends the bare line (land at the nearest base,
#: pulse every enemy within the radius)
OPTIONAL_TARGETS = ("land", "pulse")
#: orders aimed at units (or airfields) of the unit's own side
AT_FRIENDS = ("land", "load", "airlift")
#: orders aimed at a point X,Y of the map
AT_POINT = ("disembark",)


def may_use(state: GameState, unit: UnitState, word: str) -> bool:
    """True when ``unit``'s type may give the order ``word`` (the rule set's tables and theatres)."""
    unit_type = state.ruleset.unit_type(unit.type_id)
    if word in ("takeoff", "land"):
        return unit_type.theatre == "air"
    if word == "load":
        return unit_type.theatre == "army" and unit_type.weight is not None and unit.carried_by is None
    if word == "disembark":  # land units aboard; a plane aboard a carrier leaves it with takeoff
        return unit.carried_by is not None and unit_type.theatre == "army"
    return unit_type.can(word)


def menu_rows(state: GameState, unit: UnitState) -> tuple[str, ...]:
    """The transport rows of ``unit``'s menu: its own orders (a word), then for each unit aboard it the orders
    that unit may give (``"takeoff ID"``, ``"disembark ID"``)."""
    rows = [w for w in ORDERS if may_use(state, unit, w)]
    for aboard in sorted(u.id for u in state.units.values() if u.carried_by == unit.id):
        rider = state.units[aboard]
        rows += [f"{w} {aboard}" for w in ("takeoff", "disembark") if may_use(state, rider, w)]
    return tuple(rows)


def split_row(row: str) -> tuple[str, str | None]:
    """A menu row -> (the order word, the unit aboard it names or None)."""
    word, _, rider = row.partition(" ")
    return word, rider or None


def friendly_targets(state: GameState, word: str, shooters: tuple[str, ...]) -> list[str]:
    """The possible targets of an order aimed at the shooters' own side: airfields and carriers (land), ships
    with room for land units (load), land units that may be carried (airlift)."""
    first = state.unit(shooters[0]) if shooters else None
    if first is None:
        return []
    own = [u for u in state.units.values()
           if u.side == first.side and u.id not in shooters and u.carried_by is None]
    kinds = {u.id: state.ruleset.unit_type(u.type_id) for u in own}
    if word == "land":
        fields = [s.name for s in state.battlefield.structures if s.kind == "airfield" and s.name and '"' not in s.name]
        return fields + [u.id for u in own if kinds[u.id].theatre == "navy" and kinds[u.id].air_capacity > 0]
    if word == "load":
        return [u.id for u in own if kinds[u.id].theatre == "navy" and kinds[u.id].land_capacity > 0]
    if word == "airlift":
        return [u.id for u in own if kinds[u.id].theatre == "army" and kinds[u.id].weight is not None]
    return []


def point_token(x: float, y: float) -> str:
    """A map point as the shell writes it after '>' (world units, one decimal)."""
    return f"{x:.1f},{y:.1f}"
