"""Manual pages of the classic Kriegsspiel's orders (Ruleset V3), read from the rule set in play.

Importing this module adds them to ``manual.PAGES`` (``manual`` imports it); each page tells the charts, modifiers, ranges and courier numbers of the
rule set given (or says which table holds them when there is none).
"""
from __future__ import annotations

from collections.abc import Callable

from kriegsspiel.core.manual import ManPage, fixed_text
from kriegsspiel.core.ruleset import RuleBook
from kriegsspiel.rulesets.kriegsspiel_v3.rules import combat_tables, order_tables

_NONE = fixed_text("-")
_UMPIRE = fixed_text("the umpire")


def _charts(ruleset: RuleBook | None) -> str:
    if ruleset is None or (rules := combat_tables(ruleset)) is None:
        return "the rule set's [combat.charts] (kriegsspiel-v3: firefight, melee, artillery, volley)"
    parts = []
    for chart in rules.charts.values():
        kind = "mirrored: 1-%d hit the attacker" % rules.mirror_attacker_rolls if chart.mirrored else "hits the target"
        parts.append(f"{chart.id} ({chart.name}; {kind}): rolls 1-{len(chart.results)} give "
                     f"{' '.join(str(n) for n in chart.results)}")
    return "; ".join(parts)


def _who_fights(ruleset: RuleBook | None) -> str:
    if ruleset is None or (rules := combat_tables(ruleset)) is None:
        return ("units of two sides, grouped by the umpire; a chart's attackers are the unit types its "
                "[combat.charts] attackers name (every type without the key); fire charts need a unit type with a range")
    shooters = ", ".join(rules.ranges)
    per_chart = "; ".join(f"{c.id}: {', '.join(c.attackers) if c.attackers is not None else 'every unit type'}"
                          for c in rules.charts.values())
    return (f"the umpire, for groups of two sides; attackers by chart: {per_chart} (another attacker is refused; "
            f"force overrides); units with a fire range: {shooters}")


def _chart_odds(ruleset: RuleBook | None) -> str:
    return f"{_charts(ruleset)}; the results: {_results(ruleset)}"


def _ranges(ruleset: RuleBook | None) -> str:
    if ruleset is None or (rules := combat_tables(ruleset)) is None:
        return "effective / maximum range per arm (the rule set's [combat.ranges])"
    weapons = [f"{t} {w.weapon} {w.effective:g}/{w.maximum:g}" for t, ws in rules.ranges.items() for w in ws]
    return (f"{', '.join(weapons)} {ruleset.distance_unit} (effective/maximum); beyond effective range the roll "
            f"moves 1-{rules.beyond_effective_max} towards a miss; hand to hand within {rules.melee_reach:g}")


def _results(ruleset: RuleBook | None) -> str:
    if ruleset is None or (rules := combat_tables(ruleset)) is None:
        return "the rule set's [combat.results]"
    rows = [f"{n} {r.name} (retreat {r.retreat:g}, +{r.disruption} disruption, -{r.hp_loss} HP)"
            for n, r in sorted(rules.results.items(), reverse=True)]
    return (f"one d{rules.die} per group; " + "; ".join(rows)
            + f"; {rules.out_of_scale} or more: {rules.surrender_result.name}")


def _modifiers(ruleset: RuleBook | None) -> str:
    if ruleset is None or (rules := combat_tables(ruleset)) is None:
        return "the rule set's [combat.modifiers]"
    named = ", ".join(f"{k} {v:+d}" for k, v in rules.modifiers.items())
    hp = ", ".join(f"{h} HP {e.modifier:+d}" for h, e in sorted(rules.health.items(), reverse=True))
    return (f"{named}; {hp}; disruption {', '.join(f'{v:+d}' for v in rules.disruption_combat[1:])}; "
            f"worked out by the program: {', '.join(rules.automatic)}")


def _recovery_reach(ruleset: RuleBook | None) -> str:
    if ruleset is None or (rules := combat_tables(ruleset)) is None or (r := rules.recovery) is None:
        return "near a supply wagon or in cover clear of the enemy (the rule set's [combat.recovery])"
    return (f"within {r.supply_reach:g} {ruleset.distance_unit} of a {r.supply} of its side, or in cover "
            f"({', '.join(r.cover)}) with no enemy unit within {r.enemy_clear:g} {ruleset.distance_unit}")


def _rally_reach(ruleset: RuleBook | None) -> str:
    if ruleset is None or (rules := combat_tables(ruleset)) is None or (r := rules.rally) is None:
        return "in cover clear of the enemy (the rule set's [combat.rally])"
    return (f"in cover ({', '.join(r.cover)}) with no enemy unit within {r.enemy_clear:g} "
            f"{ruleset.distance_unit}")


def _couriers(ruleset: RuleBook | None) -> str:
    if ruleset is None or (o := order_tables(ruleset)) is None:
        return "the courier's road speed per round, over the terrain (the rule set's [orders])"
    speed = ruleset.unit_type(o.courier_type).move
    return (f"from the side's nearest {o.issued_by}, at {o.courier_type} speed ({speed:g} {ruleset.distance_unit} "
            "a round on roads, slower off them): arrives as the rounds of the ride end")


def _order_odds(ruleset: RuleBook | None) -> str:
    if ruleset is None or (o := order_tables(ruleset)) is None:
        return "a d10 of 1 flags a complication; a courier in sight of the enemy may be caught"
    return (f"d{o.complication_die} <= {o.complication_at_most}: a complication for the umpire to describe; a courier "
            f"riding in sight of an enemy within {o.interception_reach:g} {ruleset.distance_unit} is caught on "
            f"d{o.interception_die} <= {o.intercepted_at_most}")


PAGES: tuple[ManPage, ...] = (
    ManPage(
        "combat",
        "combat CHART UNIT ... > UNIT ...",
        "Roll one die for a combat group, attackers before '>', defenders after, on a chart (firefight: infantry "
        "with return fire; melee: hand to hand; artillery; volley: infantry without counter-fire). The roll, "
        "the modifiers the program sees and the result wait for the umpire: amend them with 'modify', apply "
        "them with 'resolve' (or 'undo'). A group attacks once a turn, in its own side's turn (the umpire may "
        "force more). Example: combat firefight ir1 ir2 > a1",
        _who_fights,
        _ranges,
        _chart_odds,
    ),
    ManPage(
        "modify",
        "modify [attacker|defender|range] +N NAME",
        "Set a modifier of the pending combat in a side's favour (attacker when no side is named); the same "
        "name again replaces it, +0 removes it. 'modify range N' sets how far the roll moves towards a miss. "
        "Examples: modify +1 intel; modify defender +2 square; modify attacker +1 quality",
        _UMPIRE,
        _NONE,
        _modifiers,
    ),
    ManPage(
        "resolve",
        "resolve",
        "Apply the pending combat's result to every unit of the side it hits: retreat away from the enemy over "
        "the terrain, disruption, HP lost (infantry and cavalry), out of control at low HP, surrender. In a "
        "mirrored chart the attackers hit on 1-5 carry the result exactly as defenders would; either way they "
        "have attacked for this turn.",
        _UMPIRE,
        _NONE,
        _results,
    ),
    ManPage(
        "rally",
        "rally UNIT",
        "Lift one level of a unit's disruption, once a round, when it stands in cover (rough terrain or a "
        "structure) with no enemy near; elsewhere, or a second time in a round, only when the umpire forces it.",
        _UMPIRE,
        _rally_reach,
        _NONE,
    ),
    ManPage(
        "recover",
        "recover UNIT",
        "Give a unit back one HP (up to its full HP), once a round, when it stands near a supply wagon of its "
        "side, or in cover with no enemy near; otherwise only when the umpire forces it.",
        fixed_text("infantry, skirmishers and cavalry (the types that keep HP)"),
        _recovery_reach,
        _NONE,
    ),
    ManPage(
        "order",
        "order UNIT TEXT",
        "Write an order to a unit of the side to move. A courier carries it from the side's officer over the "
        "terrain; the umpire sees it riding, the player's unit gets it when it arrives.",
        fixed_text("the side to move, to its own units"),
        _couriers,
        _order_odds,
    ),
)

#: command -> whether it has a use under a rule set: the charts' orders need [combat], ``order`` needs [orders]
APPLIES: dict[str, Callable[[RuleBook], bool]] = {
    **{name: (lambda r: combat_tables(r) is not None) for name in ("combat", "modify", "resolve", "rally", "recover")},
    "order": lambda r: order_tables(r) is not None,
}
