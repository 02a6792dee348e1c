"""What the combat orders share: finding units and targets, the rule numbers of a command's table, rolls times
size, dealing damage (fortifications first), removing units with the units they carry, structures that fall.

Distances are world units; health is in health points. A roll is uniform 1..(table maximum), times the unit's
size (docs/rulings.md); sums are rounded to whole health points at the end (half up).
"""
from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Sequence
from typing import Literal, overload

from kriegsspiel.core.battlefield import Structure
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.events import Event, Rejected, Revealed
from kriegsspiel.rulesets.modern_4e.house import house_rules
from kriegsspiel.rulesets.modern_4e.events import Damaged, Destroyed, Disabled, Rolled, StructureDamaged, StructureFell
from kriegsspiel.core.geometry import WorldPoint, distance
from kriegsspiel.core.game import order_problem, structures_at
from kriegsspiel.core.ruleset import CommandStats, UnitType
from kriegsspiel.core.state import GameState, UnitState

Target = UnitState | Structure


def whole(value: float) -> int:
    """``value`` rounded half up to whole health points."""
    return int(math.floor(value + 0.5))


def spread(total: int, count: int) -> list[int]:
    """``total`` spread evenly over ``count`` shares, the remainder to the first (docs/rulings.md)."""
    share, remainder = divmod(int(total), int(count))
    return [share + (remainder if i == 0 else 0) for i in range(count)]


def unit_type(state: GameState, unit: UnitState) -> UnitType:
    """The rule set's type of ``unit``."""
    return state.ruleset.unit_type(unit.type_id)


def is_aircraft(state: GameState, unit: UnitState) -> bool:
    """True for units of the air theatre."""
    return unit_type(state, unit).theatre == "air"


def is_ship(state: GameState, unit: UnitState) -> bool:
    """True for units of the navy theatre (submarines included)."""
    return unit_type(state, unit).theatre == "navy"


def is_submarine(state: GameState, unit: UnitState) -> bool:
    """True for ships that fire torpedoes (attack and missile submarines)."""
    return is_ship(state, unit) and unit_type(state, unit).can("torpedo")


def find_units(state: GameState, ids: Sequence[str]) -> list[UnitState] | Rejected:
    """The units ``ids`` in order, or a refusal (not forceable) naming the first unknown one."""
    from kriegsspiel.core.game import find_unit

    found = []
    for unit_id in ids:
        unit = find_unit(state, unit_id)
        if isinstance(unit, Rejected):
            return unit
        found.append(unit)
    return found


def structure_named(state: GameState, name: str) -> Structure | Rejected | None:
    """The structure called ``name`` on the map, None when there is none, a refusal when two share the name."""
    matches = [s for s in state.battlefield.structures if s.name == name]
    if len(matches) > 1:
        return Rejected(f"{len(matches)} structures are called {name!r}; rename them on the map", forceable=False)
    return matches[0] if matches else None


@overload
def find_target(state: GameState, token: str, *, structures: Literal[False]) -> UnitState | Rejected: ...


@overload
def find_target(state: GameState, token: str, *, structures: bool = True) -> Target | Rejected: ...


def find_target(state: GameState, token: str, *, structures: bool = True) -> Target | Rejected:
    """The unit with id ``token``, else (``structures``) the structure of that name; a refusal (not forceable)
    naming both kinds of thing when neither exists."""
    unit = state.unit(token)
    if unit is not None:
        return unit
    if structures:
        structure = structure_named(state, token)
        if structure is not None:
            return structure
    from kriegsspiel.core.game import find_unit

    refusal = find_unit(state, token)
    assert isinstance(refusal, Rejected)
    if structures:
        return Rejected(refusal.reason.replace("there is no unit", "there is no unit or structure"), forceable=False)
    return refusal


def position_of(target: Target) -> WorldPoint:
    """Where a unit stands or a structure's centre."""
    return target.position if isinstance(target, UnitState) else target.centre


def name_of(target: Target) -> str:
    """A unit's id or a structure's name."""
    return target.id if isinstance(target, UnitState) else target.name


def command_row(state: GameState, unit: UnitState, command: str) -> CommandStats | Rejected:
    """The row of ``command``'s table for the unit's type, or a refusal (not forceable) naming who may."""
    stats = unit_type(state, unit).commands.get(command)
    if stats is not None:
        return stats
    users = ", ".join(state.ruleset.command_users(command)) or "no unit type of this rule set"
    return Rejected(f"{unit.id} ({unit.type_id}) cannot {command}; {command} is for: {users}", forceable=False)


def reach_of(state: GameState, stats: CommandStats, command: str) -> float:
    """A command row's range (world units); a rule set without one raises RuleGap."""
    if stats.range is not None:
        return float(stats.range)
    from kriegsspiel.core.game import RuleGap

    raise RuleGap(f"the rule set {state.ruleset.id!r} gives {command} no range; add range = N to its rows "
                  f"or a [command_ranges] entry")


def column(state: GameState, stats: CommandStats, command: str, key: str) -> int | float | str:
    """A command row's ``damage`` or other column (``sink_one_in``, ``radius``...), as the rule set gives it.

    The rule-set loader requires these per command (``ruleset.REQUIRED_COLUMNS``), so a loaded rule set always
    has them; a row made another way without one raises RuleGap naming the rule set, the command and the key.
    """
    value = stats.damage if key == "damage" else stats.extra.get(key)
    if value is not None:
        return value
    from kriegsspiel.core.game import RuleGap

    raise RuleGap(f"the rule set {state.ruleset.id!r} gives {command} no {key}; add {key} = N to its rows")


def actor_problems(state: GameState, unit: UnitState) -> list[str]:
    """Why ``unit`` may not act now (forceable refusals): not its side's turn, disabled, carried."""
    problems = [order_problem(state, unit)]
    if unit.disabled_rounds > 0:
        problems.append(f"{unit.id} is disabled for {unit.disabled_rounds} more round(s)")
    if unit.carried_by is not None:
        problems.append(f"{unit.id} is aboard {unit.carried_by}; disembark it first")
    return [p for p in problems if p]


def once_a_turn(state: GameState, unit: UnitState, command: str) -> str | None:
    """A refusal when ``command`` is once a turn (the rule set's ``[house_rules] once_a_turn``) and ``unit``
    already gave it this turn. Raises RuleGap when the rule set has no ``[house_rules]``."""
    if command not in house_rules(state.ruleset).once_a_turn:
        return None
    return f"{unit.id} has already used {command} this turn" if command in unit.used_this_turn else None


def use(unit: UnitState, command: str) -> UnitState:
    """``unit`` marked as having given ``command`` this turn."""
    return unit if command in unit.used_this_turn else unit.replace(used_this_turn=unit.used_this_turn + (command,))


def fire_problems(state: GameState, unit: UnitState) -> list[str]:
    """The refusals of a shot: already fired this turn, or moved this turn by a type that cannot move and fire."""
    problems = []
    if unit.fired_this_turn:
        problems.append(f"{unit.id} has already fired this turn")
    if unit.moved_this_turn and not unit_type(state, unit).move_and_fire:
        problems.append(f"{unit.id} ({unit.type_id}) moved this turn; it cannot move and fire")
    return problems


def enemy_target_problem(state: GameState, actor: UnitState, target: Target) -> Rejected | None:
    """A refusal (not forceable) when ``target`` is the actor's own unit, a unit aboard a ship or plane, or a
    structure that cannot be destroyed (a settlement)."""
    if isinstance(target, Structure):
        kind = state.ruleset.structures.get(target.kind)
        if kind is None or kind.max_health is None:
            return Rejected(f"{target.name} ({target.kind}) cannot be destroyed; aim at the units in it", forceable=False)
        return None
    if isinstance(target, UnitState):
        if target.side == actor.side:
            return Rejected(f"{target.id} belongs to {target.side}, as {actor.id} does; choose an enemy", forceable=False)
        if target.carried_by is not None:
            return Rejected(f"{target.id} is aboard {target.carried_by}; aim at the carrier", forceable=False)
    return None


def roll(dice: Dice, unit: UnitState, sides: int, purpose: str) -> tuple[float, Rolled]:
    """One roll of the unit's die (1..``sides``) times its size: (strength, the Rolled event)."""
    value = dice.roll(sides)
    strength = value * unit.size
    return strength, Rolled(unit.id, purpose, int(sides), value, strength)


def reveal(state: GameState, unit_ids: Iterable[str], cause: str) -> tuple[GameState, list[Event]]:
    """Reveal the hidden units among ``unit_ids`` (still on the map) because of ``cause``."""
    revealed: list[UnitState] = []
    events: list[Event] = []
    for unit_id in dict.fromkeys(unit_ids):
        unit = state.unit(unit_id)
        if unit is not None and unit.hidden:
            revealed.append(unit.replace(hidden=False))
            events.append(Revealed(unit.id, cause))
    return (state.with_units(*revealed) if revealed else state), events


def disable(state: GameState, unit_id: str, rounds: int) -> tuple[GameState, list[Event]]:
    """Disable a unit for its side's next ``rounds`` turns. A side that has already moved this round loses
    its turns from the next round, so its counter gets one more round (the round's end counts one down)."""
    unit = state.unit(unit_id)
    if unit is None or rounds <= 0:
        return state, []
    count = int(rounds) + (1 if unit.side in state.sides_done else 0)
    disabled = unit.replace(disabled_rounds=max(unit.disabled_rounds, count))
    return state.with_units(disabled), [Disabled(unit.id, int(rounds))]


def remove_unit(state: GameState, unit_id: str, cause: str) -> tuple[GameState, list[Event]]:
    """Take a unit off the map, and with it every unit it carries ("lost with ..."), recursively."""
    if state.unit(unit_id) is None:
        return state, []
    events: list[Event] = [Destroyed(unit_id, cause)]
    removed = [unit_id]
    for other in state.units.values():
        if other.carried_by == unit_id:
            state, more = remove_unit(state, other.id, f"lost with {unit_id}")
            events.extend(more)
    return state.with_units(removed=removed), events


def structure_health(state: GameState, structure: Structure) -> int | None:
    """A structure's health now: its own, else its kind's maximum; None when it cannot be destroyed."""
    kind = state.ruleset.structures.get(structure.kind)
    if kind is None or kind.max_health is None:
        return None
    return kind.max_health if structure.health is None else int(structure.health)


def replace_structure(state: GameState, old: Structure, new: Structure | None) -> GameState:
    """A state whose battlefield has ``new`` in place of ``old`` (None: the structure is gone)."""
    structures = []
    for structure in state.battlefield.structures:
        if structure is old:
            if new is not None:
                structures.append(new)
        else:
            structures.append(structure)
    battlefield = dataclasses.replace(
        state.battlefield, structures=tuple(structures), _raster_cache=state.battlefield._raster_cache
    )
    return state.replace(battlefield=battlefield)


def damage_structure(state: GameState, structure: Structure, amount: int, cause: str) -> tuple[GameState, list[Event]]:
    """A structure loses ``amount`` health; at 0 it falls and leaves the map, and the units hidden in it are
    exposed (the manual's hiding table; docs/rulings.md 2026-11). Settlements cannot be destroyed."""
    health = structure_health(state, structure)
    if health is None or amount <= 0:
        return state, []
    left = max(0, health - amount)
    events: list[Event] = [StructureDamaged(structure.name, health - left, left)]
    if left == 0:
        events.append(StructureFell(structure.name, cause))
        inside = [u.id for u in state.units.values()
                  if u.hidden and u.carried_by is None and structure in structures_at(state, u.position)]
        state, shown = reveal(state, inside, f"exposed: {structure.name} fell")
        return replace_structure(state, structure, None), events + shown
    return replace_structure(state, structure, dataclasses.replace(structure, health=left)), events


def fortification_of(state: GameState, unit: UnitState) -> Structure | None:
    """The standing fortification a land unit is in, if any."""
    if unit_type(state, unit).theatre != "army":
        return None
    for structure in structures_at(state, unit.position):
        if structure.kind == "fortification" and (structure_health(state, structure) or 0) > 0:
            return structure
    return None


def deal_damage(state: GameState, target: Target, amount: int, cause: str) -> tuple[GameState, list[Event]]:
    """``target`` loses ``amount`` health. A land unit in a fortification is shielded by it (house rule
    ``fortification_shields``): the fortification takes the damage first. A unit at 0 health is ``cause`` and leaves the map with what it carries."""
    if amount <= 0:
        return state, []
    if isinstance(target, Structure):
        current = next((s for s in state.battlefield.structures if s.name == target.name and s.kind == target.kind), None)
        return damage_structure(state, current, amount, cause) if current is not None else (state, [])
    unit = state.unit(target.id)
    if unit is None:
        return state, []
    events: list[Event] = []
    fort = fortification_of(state, unit) if house_rules(state.ruleset).fortification_shields else None
    if fort is not None:
        absorbed = min(amount, structure_health(state, fort) or 0)
        state, fort_events = damage_structure(state, fort, absorbed, f"shielding {unit.id}")
        events.extend(fort_events)
        amount -= absorbed
        if amount <= 0:
            return state, events
    left = max(0, unit.health - amount)
    events.append(Damaged(unit.id, unit.health - left, left))
    if left == 0:
        state, removed = remove_unit(state, unit.id, cause)
        return state, events + removed
    return state.with_units(unit.replace(health=left)), events


def hidden_enemies_within(state: GameState, unit: UnitState, radius: float) -> list[UnitState]:
    """Hidden units of other sides (not aboard anything) within ``radius`` of ``unit``."""
    return [
        other
        for other in state.units.values()
        if other.side != unit.side and other.hidden and other.carried_by is None
        and distance(other.position, unit.position) <= radius
    ]
