"""The classic Kriegsspiel's tables (Ruleset V3) for ``kriegsspiel rules``: movement per terrain class and arm
in the rule set's unit per round, the d10 combat charts with their results, modifiers, HP and disruption
effects, weapon ranges, and orders by courier. Rule sets without these tables get nothing from here."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kriegsspiel.core.ruleset import RuleBook
from kriegsspiel.wording import count

#: the rule book's ``extras`` (tables only a rule set reads) shown here, under keys of their own
CLASSIC_TABLES = ("combat", "orders")

#: the columns of the movement chart, in the order of the rule text
CLASSES = ("road", "open", "rough")

Table = Callable[..., list[str]]


def _num(value: float | int) -> str:
    return f"{value:g}"


def classic_tables(ruleset: RuleBook, table: Table) -> list[str]:
    """Text sections for the rule set's class speeds, combat and orders (empty when it has none); ``table``
    lays out aligned columns as ``kriegsspiel rules`` does elsewhere (headers, rows, right-aligned columns)."""
    unit = ruleset.distance_unit
    out: list[str] = []
    if ruleset.clock_start is not None:
        out += ["", f"Game clock: round 1 begins at {ruleset.game_clock(1)}; each round is "
                    f"{ruleset.round_minutes} minutes"]
    if ruleset.class_speeds:
        users: dict[str, list[str]] = {}
        for type_id, ut in ruleset.unit_types.items():
            users.setdefault(ut.movement, []).append(type_id)
        out += ["", f"Movement: {unit} per round by terrain class"]
        out += table(["arm", *CLASSES, "unit types"], [
            [arm, *(_num(speeds[c]) if c in speeds else "-" for c in CLASSES), ", ".join(users.get(arm, [])) or "-"]
            for arm, speeds in ruleset.class_speeds.items()
        ], right=range(1, 1 + len(CLASSES)))
        by_class: dict[str, list[str]] = {}
        for terrain_id, cls in ruleset.terrain_classes.items():
            by_class.setdefault(cls, []).append(terrain_id)
        out += ["  classes: " + "; ".join(f"{cls}: {', '.join(ids)}" for cls, ids in by_class.items())
                + "; a road tile is road whatever the terrain under it"]
        if ruleset.structure_classes:
            out += ["  structures: " + ", ".join(f"{kind} {cls}" for kind, cls in ruleset.structure_classes.items())
                    + " (over the terrain and the road under them)"]
    combat = ruleset.extras.get("combat")  # V3's [combat] tables, by its table reader
    if combat is not None:
        out += _combat(combat, unit, table)
    orders = ruleset.extras.get("orders")  # V3's [orders] tables
    if orders is not None:
        courier = ruleset.unit_type(orders.courier_type)
        out += ["", "Orders by courier",
                f"  from the nearest {orders.issued_by} of the side, at {orders.courier_type} speed "
                f"({_num(courier.move)} {unit} a round at best, by the '{courier.movement}' speeds)",
                f"  complication: d{orders.complication_die} <= {orders.complication_at_most}",
                f"  caught when the ride passes in sight of an enemy within {_num(orders.interception_reach)} {unit}: "
                f"d{orders.interception_die} <= {orders.intercepted_at_most}"]
    return out


def _combat(combat: Any, unit: str, table: Table) -> list[str]:
    faces = [str(f) for f in range(1, combat.die + 1)]
    out = ["", f"Combat charts: one d{combat.die} per combat group; the result under each final roll"]
    rows: list[Sequence[str]] = []
    for chart in combat.charts.values():
        hits = (f"1-{combat.mirror_attacker_rolls} attacker, {combat.mirror_attacker_rolls + 1}-{combat.die} defender"
                if chart.mirrored else "the target")
        rows.append([chart.id, *(str(n) for n in chart.results), hits, chart.name])
    out += table(["chart", *faces, "hits", "name"], rows, right=range(1, 1 + combat.die))
    out += [f"  a final roll of {combat.out_of_scale} or more: the defender is {combat.surrender_result.name}; "
            f"in a mirrored chart {combat.below_scale} or less: the attacker"]
    out += ["", "Who may attack on each chart (others are refused; the umpire may force)"]
    out += table(["chart", "attackers"], [
        [chart.id, ", ".join(chart.attackers) if chart.attackers is not None else "every unit type"]
        for chart in combat.charts.values()
    ])
    out += ["", "Combat results"]
    out += table(["result", "name", "retreat", "disruption", "HP"], [
        [str(r.number), r.name, _num(r.retreat) if r.retreat else "-", f"+{r.disruption}" if r.disruption else "-",
         f"-{r.hp_loss}" if r.hp_loss else "-"]
        for r in sorted(combat.results.values(), key=lambda r: -r.number)
    ], right=(0, 2, 3, 4))
    out += ["", "Combat modifiers (in the favour of the side named; the umpire may add any other)"]
    mods = [[name, f"{value:+d}", "yes" if name in combat.automatic else "-"] for name, value in combat.modifiers.items()]
    mods += [[f"health {e.hp} HP", f"{e.modifier:+d}", "yes" if "health" in combat.automatic else "-"]
             for e in sorted(combat.health.values(), key=lambda e: -e.hp)]
    mods += [[f"disruption {level}", f"{value:+d}", "yes" if "disruption" in combat.automatic else "-"]
             for level, value in enumerate(combat.disruption_combat) if level]
    mods += [["range beyond effective", f"1 to {combat.beyond_effective_max} towards a miss",
              "yes" if "range" in combat.automatic else "-"]]
    out += table(["modifier", "value", "automatic"], mods)
    out += ["", f"HP and disruption (HP kept by: {', '.join(combat.hp_types)})"]
    effects = []
    for e in sorted(combat.health.values(), key=lambda e: -e.hp):
        what = [f"out of control {count(e.out_of_control_rounds, 'round')}"] if e.out_of_control_rounds else []
        what += [] if e.can_attack else ["cannot attack"]
        effects.append([f"{e.hp} HP", ", ".join(what) or "-"])
    for level, factor in enumerate(combat.disruption_movement):
        if level:
            effects.append([f"disruption {level}", f"moves at {factor:.0%} of its allowance"])
    out += table(["state", "effect"], effects)
    out += ["", f"Ranges ({unit}; hand to hand within {_num(combat.melee_reach)})"]
    out += table(["unit type", "weapon", "effective", "maximum"], [
        [type_id, w.weapon, _num(w.effective), _num(w.maximum)]
        for type_id, weapons in combat.ranges.items() for w in weapons
    ], right=(2, 3))
    return out


def classic_json(ruleset: RuleBook) -> dict[str, Any]:
    """The class speeds, clock, combat and orders as plain JSON values (null or empty when absent)."""
    combat = ruleset.extras.get("combat")  # V3's [combat] tables, by its table reader
    orders = ruleset.extras.get("orders")  # V3's [orders] tables
    return {
        "clock_start": ruleset.game_clock(1) if ruleset.clock_start is not None else None,
        "terrain_classes": dict(ruleset.terrain_classes),
        "structure_classes": dict(ruleset.structure_classes),
        "class_speeds": {arm: dict(speeds) for arm, speeds in ruleset.class_speeds.items()},
        "combat": None if combat is None else {
            "die": combat.die,
            "mirror_attacker_rolls": combat.mirror_attacker_rolls,
            "out_of_scale": combat.out_of_scale,
            "below_scale": combat.below_scale,
            "charts": {c.id: {"name": c.name, "mirrored": c.mirrored, "results": list(c.results), "range": c.range_kind,
                             "attackers": list(c.attackers) if c.attackers is not None else None}
                       for c in combat.charts.values()},
            "results": {str(r.number): {"name": r.name, "retreat": r.retreat, "disruption": r.disruption,
                                        "hp": r.hp_loss} for r in combat.results.values()},
            "modifiers": dict(combat.modifiers),
            "automatic": list(combat.automatic),
            "health": {str(e.hp): {"modifier": e.modifier, "out_of_control_rounds": e.out_of_control_rounds,
                                   "can_attack": e.can_attack} for e in combat.health.values()},
            "disruption": {"combat": list(combat.disruption_combat), "movement": list(combat.disruption_movement)},
            "ranges": {t: {w.weapon: {"effective": w.effective, "maximum": w.maximum} for w in ws}
                       for t, ws in combat.ranges.items()},
            "beyond_effective_max": combat.beyond_effective_max,
            "melee_reach": combat.melee_reach,
        },
        "orders": None if orders is None else {
            "courier": orders.courier_type, "issued_by": orders.issued_by,
            "complication_die": orders.complication_die, "complication_at_most": orders.complication_at_most,
            "interception_die": orders.interception_die, "intercepted_at_most": orders.intercepted_at_most,
            "interception_reach": orders.interception_reach,
        },
    }

