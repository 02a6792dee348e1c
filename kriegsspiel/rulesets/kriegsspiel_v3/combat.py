"""The d10 combat of the classic Kriegsspiel (Ruleset V3): one roll per combat group, modifiers, the charts.

A combat is worked out in two steps, both journaled: ``combat`` rolls the die and lists the modifiers the
program can see (HP, disruption, range, quantity, high ground) as a :class:`PendingCombat`; the umpire may
amend it (``modify``: quality, square, intel or anything else) and then ``resolve`` applies the result on the
map. This module holds the arithmetic; ``v3_handlers`` the commands. Distances are world units (metres).

How a final roll is read (docs/rulings.md):
- every modifier is added in its side's favour: an attacker's +1 adds to the roll, a defender's +1 subtracts;
- firing beyond effective range moves the roll 1..3 towards a miss (unmirrored charts: down; mirrored charts:
  towards the middle, never across it);
- a final roll at or above ``out_of_scale`` makes the defender surrender; in a mirrored chart, one at or below
  ``below_scale`` makes the attacker surrender (house rule); otherwise it is clamped to the die's faces and
  read from the chart. In a mirrored chart faces up to ``mirror_attacker_rolls`` hit the attacker.
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from kriegsspiel.core.geometry import WorldPoint, distance
from kriegsspiel.rulesets.kriegsspiel_v3.rules import Chart, CombatResult, CombatRules, WeaponRange


@dataclass(frozen=True, slots=True)
class Modifier:
    """A modifier in favour of ``side`` ("attacker" or "defender"): ``amount`` is added to that side's roll."""

    side: str
    amount: int
    label: str
    automatic: bool = False

    def for_attacker(self) -> int:
        """The modifier as it moves the die (attacker's favour = up)."""
        return self.amount if self.side == "attacker" else -self.amount

    def describe(self) -> str:
        return f"{self.side} {self.amount:+d} {self.label}"


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a final roll does: the side hit ("attacker" or "defender"), the result, the final roll and face."""

    side_hit: str
    result: CombatResult
    final_roll: int

    def describe(self) -> str:
        return f"{self.final_roll}: {self.result.name} on the {self.side_hit}"


@dataclass(frozen=True, slots=True)
class PendingCombat:
    """A rolled combat waiting for the umpire: the chart, both groups, the die, the modifiers, the range.

    ``range_penalty`` (0..the rule set's ``beyond_effective_max``) moves the roll towards a miss;
    ``range_note`` says why.
    """

    chart: str
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    roll: int
    modifiers: tuple[Modifier, ...]
    range_penalty: int = 0
    range_note: str = ""

    def with_modifier(self, modifier: Modifier) -> PendingCombat:
        """A copy where ``modifier`` replaces any modifier of the same side and label (amount 0 removes it)."""
        kept = tuple(m for m in self.modifiers if (m.side, m.label) != (modifier.side, modifier.label))
        added = (modifier,) if modifier.amount else ()
        return PendingCombat(self.chart, self.attackers, self.defenders, self.roll, kept + added,
                             self.range_penalty, self.range_note)

    def with_range_penalty(self, penalty: int, note: str) -> PendingCombat:
        """A copy with another range penalty."""
        return PendingCombat(self.chart, self.attackers, self.defenders, self.roll, self.modifiers, penalty, note)

    def listing(self) -> str:
        """The roll and every modifier, as the umpire reads them."""
        parts = [f"d10 = {self.roll}"]
        parts += [m.describe() for m in self.modifiers]
        if self.range_penalty:
            parts.append(f"range {self.range_penalty} towards a miss ({self.range_note})")
        return "; ".join(parts)


def pending_summary(rules: CombatRules, pending: PendingCombat) -> list[str]:
    """The pending combat as the umpire reads it, one line each: the groups, the die, every modifier (with its
    effect on the die), the range penalty, the result as it stands and how to change or apply it."""
    chart = rules.chart(pending.chart)
    lines = [f"{pending.chart}: {' '.join(pending.attackers)} > {' '.join(pending.defenders)}",
             f"d{rules.die} = {pending.roll}"]
    lines += [f"{m.describe()} ({m.for_attacker():+d} on the die)" for m in pending.modifiers]
    if pending.range_penalty:
        lines.append(f"range: {pending.range_penalty} towards a miss ({pending.range_note})")
    final = final_roll(rules, chart, pending.roll, pending.modifiers, pending.range_penalty)
    lines.append(f"=> {read_chart(rules, chart, final).describe()}")
    lines.append("modify [attacker|defender] +N NAME, modify range N; resolve applies it, undo takes it back")
    return lines


def final_roll(rules: CombatRules, chart: Chart, roll: int, modifiers: Iterable[Modifier], range_penalty: int) -> int:
    """The roll after the modifiers and the range penalty (not clamped: it may be out of scale)."""
    total = roll + sum(m.for_attacker() for m in modifiers)
    if range_penalty <= 0:
        return total
    if not chart.mirrored:
        return total - range_penalty
    # A mirrored chart misses in its middle: move towards it, never across it.
    low_middle, high_middle = rules.mirror_attacker_rolls, rules.mirror_attacker_rolls + 1
    if total >= high_middle:
        return max(high_middle, total - range_penalty)
    return min(low_middle, total + range_penalty)


def outcome(rules: CombatRules, pending: PendingCombat) -> Outcome:
    """The result of a pending combat as it stands now. Raises KeyError for a chart the rules lack."""
    chart = rules.chart(pending.chart)
    final = final_roll(rules, chart, pending.roll, pending.modifiers, pending.range_penalty)
    return read_chart(rules, chart, final)


def read_chart(rules: CombatRules, chart: Chart, final: int) -> Outcome:
    """Read a final roll on ``chart``: out of scale (surrender), else the face's result and the side it hits."""
    if final >= rules.out_of_scale:
        return Outcome("defender", rules.surrender_result, final)
    if chart.mirrored and final <= rules.below_scale:
        return Outcome("attacker", rules.surrender_result, final)
    face = min(max(final, 1), rules.die)
    number = chart.results[face - 1]
    side = "attacker" if chart.mirrored and face <= rules.mirror_attacker_rolls else "defender"
    return Outcome(side, rules.results[number], final)


# --- the automatic modifiers -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fighter:
    """What the modifiers need of one unit: type, HP, disruption, position and ground height (metres)."""

    id: str
    type_id: str
    health: int
    disruption: int
    position: WorldPoint
    ground: float


def health_modifier(rules: CombatRules, group: Sequence[Fighter], side: str) -> Modifier | None:
    """The HP modifier of a group: by the HP most of its HP-keeping units have (a tie: the lower HP)."""
    hps = [f.health for f in group if f.type_id in rules.hp_types]
    if not hps:
        return None
    counts = Counter(hps)
    hp = min(counts, key=lambda h: (-counts[h], h))
    effect = rules.health_effect(hp)
    if effect is None or effect.modifier == 0:
        return None
    return Modifier(side, effect.modifier, f"health ({hp} HP)", automatic=True)


def disruption_modifier(rules: CombatRules, group: Sequence[Fighter], side: str) -> Modifier | None:
    """The disruption modifier of a group: by the level most of its units have (a tie: the higher level)."""
    if not group:
        return None
    counts = Counter(min(f.disruption, rules.max_disruption) for f in group)
    level = min(counts, key=lambda d: (-counts[d], -d))
    amount = rules.disruption_combat[level]
    return Modifier(side, amount, f"disruption ({level})", automatic=True) if amount else None


def quantity_modifier(rules: CombatRules, attackers: Sequence[Fighter], defenders: Sequence[Fighter]) -> Modifier | None:
    """``quantity`` in favour of the group with more units."""
    value = rules.modifiers.get("quantity", 0)
    if not value or len(attackers) == len(defenders):
        return None
    side = "attacker" if len(attackers) > len(defenders) else "defender"
    more, fewer = sorted((len(attackers), len(defenders)), reverse=True)
    return Modifier(side, value, f"quantity ({more} against {fewer})", automatic=True)


def high_ground_modifier(rules: CombatRules, attackers: Sequence[Fighter], defenders: Sequence[Fighter]) -> Modifier | None:
    """``high-ground`` in favour of the group whose mean ground stands higher."""
    value = rules.modifiers.get("high-ground", 0)
    if not value or not attackers or not defenders:
        return None
    a = sum(f.ground for f in attackers) / len(attackers)
    d = sum(f.ground for f in defenders) / len(defenders)
    if math.isclose(a, d, abs_tol=1e-9):
        return None
    side = "attacker" if a > d else "defender"
    return Modifier(side, value, f"high-ground ({abs(a - d):.0f} higher)", automatic=True)


def automatic_modifiers(rules: CombatRules, attackers: Sequence[Fighter], defenders: Sequence[Fighter]) -> tuple[Modifier, ...]:
    """The modifiers the rules name as automatic, attacker's first."""
    found: list[Modifier | None] = []
    for name in rules.automatic:
        if name == "health":
            found += [health_modifier(rules, attackers, "attacker"), health_modifier(rules, defenders, "defender")]
        elif name == "disruption":
            found += [disruption_modifier(rules, attackers, "attacker"), disruption_modifier(rules, defenders, "defender")]
        elif name == "quantity":
            found.append(quantity_modifier(rules, attackers, defenders))
        elif name == "high-ground":
            found.append(high_ground_modifier(rules, attackers, defenders))
    return tuple(m for m in found if m is not None)


# --- range -------------------------------------------------------------------------------------------------


def weapon_penalty(rules: CombatRules, weapon: WeaponRange, span: float) -> int | None:
    """The penalty of firing ``weapon`` over ``span`` world units: 0 within effective range, 1..max in equal
    bands up to the maximum range (house rule), None beyond the maximum."""
    if span <= weapon.effective:
        return 0
    if span > weapon.maximum:
        return None
    steps = rules.beyond_effective_max
    band = (weapon.maximum - weapon.effective) / steps if steps else math.inf
    return min(steps, max(1, math.ceil((span - weapon.effective) / band - 1e-9)))


def fire_penalty(rules: CombatRules, type_id: str, span: float) -> tuple[int, str] | str:
    """The best (smallest) range penalty of a unit type's weapons over ``span``, with a note; or a refusal."""
    weapons = rules.ranges.get(type_id, ())
    if not weapons:
        return f"{type_id} has no fire range in the rule set; use a hand-to-hand chart"
    best: tuple[int, str] | None = None
    for weapon in weapons:
        penalty = weapon_penalty(rules, weapon, span)
        if penalty is None:
            continue
        note = f"{weapon.weapon} at {span:.0f} m, effective {weapon.effective:g} m"
        if best is None or penalty < best[0]:
            best = (penalty, note)
    if best is None:
        longest = max(w.maximum for w in weapons)
        return f"{type_id} is {span:.0f} m from the nearest target, beyond its maximum range of {longest:g} m"
    return best


def group_range(rules: CombatRules, chart: Chart, attackers: Sequence[Fighter],
                defenders: Sequence[Fighter]) -> tuple[int, str, list[str]]:
    """The group's range penalty and note, and the refusals (an attacker out of range or reach).

    Each attacker is measured to its nearest defender; the group takes the worst attacker's penalty.
    """
    problems: list[str] = []
    penalty, note = 0, ""
    for attacker in attackers:
        span = min(distance(attacker.position, d.position) for d in defenders)
        if chart.range_kind == "contact":
            if span > rules.melee_reach + 1e-9:
                problems.append(f"{attacker.id} is {span:.0f} m from the nearest defender; hand to hand needs "
                                f"{rules.melee_reach:g} m")
            continue
        found = fire_penalty(rules, attacker.type_id, span)
        if isinstance(found, str):
            problems.append(found.replace(attacker.type_id, attacker.id, 1))
            continue
        if found[0] > penalty or not note:
            penalty, note = found[0], f"{attacker.id}: {found[1]}"
    return penalty, (note if penalty else ""), problems

