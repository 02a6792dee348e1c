"""What every command handler shares: the ruling (refuse, or record the refusal when forced), finding the
unit an order names, rule numbers from the rule set, and the hide rules that several commands apply.

A handler is ``handler(state, command, dice, forced) -> Accepted | Rejected``; ``apply`` picks it from one
table. Distances are world units.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

from kriegsspiel.core.battlefield import Structure
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.events import Accepted, Event, Rejected, Revealed
from kriegsspiel.core.geometry import WorldPoint, distance
from kriegsspiel.core.ruleset import RuleBook, UnitType
from kriegsspiel.core.state import GameState, UnitState

#: an order's handler(state, command, dice, forced); each takes its own command type, which a table of handlers
#: by command type cannot say per key, hence ``Any`` for the command
Handler = Callable[[GameState, Any, Dice, bool], "Accepted | Rejected"]


class RuleGap(Exception):
    """The rule set lacks a number a command needs. The message names the rule set and the key to add."""


class Ruling:
    """The verdict being built for one command.

    :meth:`refuse` returns a Rejected to hand back, or, when the umpire forces the command, records the reason
    and returns None so the handler carries on.
    """

    def __init__(self, forced: bool) -> None:
        self.forced = forced
        self.overridden: list[str] = []

    def refuse(self, reason: str) -> Rejected | None:
        """A forceable refusal for ``reason``, or None (reason recorded) when the umpire forces the order."""
        if self.forced:
            self.overridden.append(reason)
            return None
        return Rejected(reason + " (force to override)")

    def accept(self, state: GameState, events: Iterable[Event]) -> Accepted:
        """The order carried out: the new state, its events and the refusals the umpire overrode."""
        return Accepted(state, tuple(events), "; ".join(self.overridden) or None)


def rule_number(ruleset: RuleBook, key: str, *fallbacks: str) -> float:
    """The constant ``key`` of the rule set's ``[constants]`` table, else the first of ``fallbacks`` it has
    (a rule set without an ``exposure_distance`` uses its ``attack_distance``).

    Raises RuleGap naming the rule set and the key when the rule set defines none of them.
    """
    for name in (key, *fallbacks):
        if name in ruleset.constants:
            return float(ruleset.constants[name])
    raise RuleGap(f"the rule set {ruleset.id!r} has no constant {key!r}; add it to its [constants] table")


def exposure_distance(ruleset: RuleBook) -> float:
    """How close an enemy unit exposes a hidden land unit (world units): ``exposure_distance``, else the
    attack distance (docs/rulings.md house rule)."""
    return rule_number(ruleset, "exposure_distance", "attack_distance")


def find_unit(state: GameState, unit_id: str) -> UnitState | Rejected:
    """The unit ``unit_id``, or a refusal (not forceable) naming the units that exist."""
    unit = state.unit(unit_id)
    if unit is not None:
        return unit
    return Rejected(f"there is no unit {unit_id!r}{_suggest(unit_id, state.units)}", forceable=False)


def _suggest(unit_id: str, known: Iterable[str]) -> str:
    import difflib

    close = sorted(difflib.get_close_matches(unit_id, list(known), n=3, cutoff=0.6))
    return f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""


def order_problem(state: GameState, unit: UnitState) -> str | None:
    """Why the side to move may not give ``unit`` an order now (a forceable refusal), or None."""
    if state.finished:
        return "the game is over"
    if unit.side != state.side_to_move:
        return f"{unit.id} belongs to {unit.side}; it is {state.side_to_move}'s turn"
    return None


def new_id_problem(state: GameState, new_id: str, freed: Iterable[str] = ()) -> Rejected | None:
    """A refusal (not forceable) when ``new_id`` is already a unit's id, unless that unit is among ``freed``."""
    if new_id in state.units and new_id not in set(freed):
        return Rejected(f"the id {new_id!r} is already taken by a unit; choose another", forceable=False)
    return None


# --- the hide rules (docs/rulings.md house rules and the manual's hide table) ------------------------------


def can_hide(unit_type: UnitType) -> bool:
    """True when the type may hide at all (it has hide terrain, or is hidden by default)."""
    return unit_type.hidden_by_default or bool(unit_type.hide_terrain)


def hiding_place(state: GameState, unit: UnitState, at: WorldPoint | None = None) -> str | None:
    """What would hide ``unit`` at ``at`` (default: where it stands): a terrain id, "structure NAME (kind)",
    or "hidden by default" for types that are always hidden; None when it cannot hide there.

    A building hides only as many units as its structure type's ``hides`` (-1 any number).
    """
    point = unit.position if at is None else at
    unit_type = state.ruleset.unit_type(unit.type_id)
    if unit_type.hidden_by_default:
        return "hidden by default"
    for structure in structures_at(state, point):
        if structure.kind in unit_type.hide_terrain and _room_to_hide(state, structure, unit):
            return f"{structure.kind} {structure.name}"
    terrain = state.battlefield.terrain_at(point)
    if terrain is not None and terrain in unit_type.hide_terrain:
        return terrain
    return None


def structures_at(state: GameState, point: WorldPoint) -> list[Structure]:
    """The structures whose outline contains ``point``; a structure drawn as a point covers its map tile."""
    found = []
    grid = state.battlefield.grid
    for structure in state.battlefield.structures:
        if len(structure.outline) >= 3:
            if _polygon_contains(structure.outline, point):
                found.append(structure)
        elif structure.outline and grid.cell_at(structure.outline[0]) == grid.cell_at(point):
            found.append(structure)
    return found


def _polygon_contains(outline: tuple[WorldPoint, ...], point: WorldPoint) -> bool:
    inside = False
    n = len(outline)
    for i in range(n):
        a, b = outline[i], outline[(i + 1) % n]
        if (a.y > point.y) != (b.y > point.y):
            if point.x < a.x + (point.y - a.y) * (b.x - a.x) / (b.y - a.y):
                inside = not inside
    return inside


def _room_to_hide(state: GameState, structure: Structure, unit: UnitState) -> bool:
    kind = state.ruleset.structures.get(structure.kind)
    if kind is None or kind.hides is None:
        return False
    if kind.hides < 0:
        return True
    inside = [
        u
        for u in state.units.values()
        if u.hidden and u.id != unit.id and structure in structures_at(state, u.position)
    ]
    return len(inside) < kind.hides


def is_land_unit(state: GameState, unit: UnitState) -> bool:
    """True for units of the army theatre."""
    return state.ruleset.unit_type(unit.type_id).theatre == "army"


def enemy_within(state: GameState, unit: UnitState, reach: float) -> UnitState | None:
    """The nearest unit of another side within ``reach`` world units of ``unit`` (carried units excluded)."""
    best: tuple[float, UnitState] | None = None
    for other in state.units.values():
        if other.side == unit.side or other.carried_by is not None:
            continue
        d = distance(unit.position, other.position)
        if d <= reach and (best is None or d < best[0]):
            best = (d, other)
    return None if best is None else best[1]


def expose_by_proximity(before: GameState, after: GameState) -> tuple[GameState, list[Event]]:
    """The exposure rule after a command that changed where units stand (docs/rulings.md 2026-11): a hidden land unit
    with an enemy unit within the exposure distance is revealed, whether the hidden unit or the enemy moved.

    Only pairs in which one unit moved count (a unit stands where it did not stand before, left a carrier, or is
    new: split, merge, disembark), so a hide the umpire forced beside an enemy stands until someone moves.
    Returns ``after`` with the revealed units and the Revealed events (none when nobody moved).
    """
    movers = {
        u.id for u in after.units.values()
        if (old := before.units.get(u.id)) is None or old.position != u.position or old.carried_by != u.carried_by
    }
    if not movers:
        return after, []
    hidden = [u for u in after.units.values() if u.hidden and u.carried_by is None and is_land_unit(after, u)]
    if not hidden:
        return after, []
    reach = exposure_distance(after.ruleset)
    revealed: list[UnitState] = []
    events: list[Event] = []
    for unit in hidden:
        best: tuple[float, UnitState] | None = None
        for other in after.units.values():
            if other.side == unit.side or other.carried_by is not None:
                continue
            if unit.id not in movers and other.id not in movers:
                continue
            d = distance(unit.position, other.position)
            if d <= reach and (best is None or d < best[0]):
                best = (d, other)
        if best is not None:
            revealed.append(unit.replace(hidden=False))
            events.append(Revealed(unit.id, f"exposed: enemy {best[1].id} within {best[0]:.1f}"))
    return (after.with_units(*revealed) if revealed else after), events


def first_exposed_point(state: GameState, unit: UnitState, path: tuple[WorldPoint, ...]) -> WorldPoint | None:
    """The first point of ``path`` (world units) where ``unit`` cannot hide, or None when it can hide all along:
    hiding is judged along the whole path (docs/rulings.md 2026-11). Each leg is cut where it crosses a raster cell's
    edge, and the middle of every piece is judged (so every cell it passes through, however briefly), with its
    two ends."""
    size = state.battlefield.raster().cell_size
    samples: list[WorldPoint] = list(path[:1])
    for a, b in zip(path, path[1:]):
        cuts = {0.0, 1.0}
        for start, end in ((a.x, b.x), (a.y, b.y)):
            if end != start:
                low, high = sorted((start, end))
                cuts.update((k * size - start) / (end - start)
                            for k in range(math.floor(low / size) + 1, math.ceil(high / size)))
        ts = sorted(t for t in cuts if 0.0 <= t <= 1.0)
        samples += [WorldPoint(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
                    for t in [(t0 + t1) / 2 for t0, t1 in zip(ts, ts[1:])] + [1.0]]
    return next((point for point in samples if hiding_place(state, unit, at=point) is None), None)
