"""The pending combat as the umpire's side panel steps it (``RulerRules.pending_panel``): the groups and the
die, one row per modifier with the ``modify`` lines of its - and + buttons, the result if resolved now, and
``resolve``. The window draws and sends these lines without knowing a word of them."""
from __future__ import annotations

from kriegsspiel.core.game import PanelRow, PendingPanel
from kriegsspiel.core.state import GameState
from kriegsspiel.rulesets.kriegsspiel_v3.combat import Modifier, outcome
from kriegsspiel.rulesets.kriegsspiel_v3.rules import combat_tables
from kriegsspiel.rulesets.kriegsspiel_v3.state import pending_combat

#: the orders Esc takes back while a combat is pending (the roll and each step of a modifier)
UNDONE_BY_ESC = ("combat", "modify")


def _modify(side: str, amount: int, label: str) -> str:
    return f"modify {side} {amount:+d} {label}"


def _given_row(modifier: Modifier) -> PanelRow:
    """A modifier in the roll, stepped by 1 (0 takes it out)."""
    return PanelRow(f"{modifier.describe()} ({modifier.for_attacker():+d} on the die)",
                    _modify(modifier.side, modifier.amount - 1, modifier.label),
                    _modify(modifier.side, modifier.amount + 1, modifier.label), key=(modifier.side, modifier.label))


def pending_panel(state: GameState) -> PendingPanel | None:
    """The pending combat's lines and controls, or None when none is pending.

    Rows, in an order that does not change while the combat is pending: the modifiers the roll brought (steps
    of 1; 0 takes it out), the range penalty of a fire chart (0 to the rule set's ``beyond_effective_max``),
    then each named modifier the umpire gives by judgement (the rule set's ``[combat.modifiers]`` that are not
    ``automatic``) in the rule set's order, per side: given (stepped as above) or not (+ gives it at the rule
    set's value)."""
    pending = pending_combat(state)
    rules = combat_tables(state.ruleset)
    if pending is None or rules is None:
        return None
    chart = rules.chart(pending.chart)
    head = (f"{pending.chart}: {' '.join(pending.attackers)} > {' '.join(pending.defenders)}",
            f"d{rules.die} = {pending.roll}")
    judged = [name for name in rules.modifiers if name not in rules.automatic]
    # Each row keeps its place while the umpire gives, steps and takes out modifiers: the rule set's judgement
    # modifiers stay in its order, given or not (a given one used to jump to the top, under the reader's eyes).
    rows = [_given_row(m) for m in pending.modifiers if m.label not in judged]
    if chart.range_kind == "fire":
        penalty = pending.range_penalty
        note = pending.range_note if penalty else ""
        tail = f" {note}" if note else ""
        rows.append(PanelRow(f"range: {penalty} towards a miss" + (f" ({note})" if note else ""),
                             f"modify range {penalty - 1}{tail}" if penalty > 0 else None,
                             f"modify range {penalty + 1}{tail}" if penalty < rules.beyond_effective_max else None,
                             present=penalty > 0, key=("range",)))
    given = {(m.side, m.label): m for m in pending.modifiers}
    for name in judged:
        value = rules.modifiers[name]
        for side in ("attacker", "defender"):
            if (side, name) in given:
                rows.append(_given_row(given[(side, name)]))
            else:
                rows.append(PanelRow(f"{side} {name}: not given ({value:+d} in the rule set)", None,
                                     _modify(side, value, name), present=False, key=(side, name)))
    return PendingPanel(head, tuple(rows), f"=> {outcome(rules, pending).describe()}", "resolve", UNDONE_BY_ESC)
