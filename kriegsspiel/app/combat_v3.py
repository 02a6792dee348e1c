"""Ruleset V3 combats with the mouse: the charts a selection may use, and the controls of a pending combat.

The umpire selects the attackers (click, Ctrl/Shift+click, Ctrl+drag box), right-clicks one of them (or presses
the chart's digit, 1 for the rule set's first chart), clicks the defenders and presses Enter: that rolls
``combat CHART ATTACKERS > DEFENDERS``. The side panel then lists the die and every modifier with ``-`` and
``+`` buttons (or Up/Down to pick a line and +/- to step it), each step a ``modify`` line; Enter (or the
Resolve button) sends ``resolve``, Esc (or the Undo button) the shell's ``undo``. Every step is a shell line
sent through the game session, so the journal reads as if the umpire had typed it.

The charts come from the rule set (``[combat.charts]``); whether the selection may use one comes from the one
door itself (a dry run of ``combat`` at each enemy unit), so a greyed chart says the rules' own reason.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from kriegsspiel.app.targeting import Menu, Targeting, spec_of
from kriegsspiel.core.geometry import distance
from kriegsspiel.core.game import rules_of
from kriegsspiel.core.state import GameState

#: the digit keys that aim the rule set's charts, in the order the rule set lists them
CHART_KEYS: tuple[int, ...] = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6,
                               pygame.K_7, pygame.K_8, pygame.K_9)
#: the actions of the panel's buttons that are not shell lines of their own
RESOLVE = "resolve"
UNDO = "undo"
#: the shell commands whose taking back Esc means while a combat is pending
COMBAT_WORDS = ("combat", "modify")


def charts(state: GameState) -> tuple[str, ...]:
    """The rule set's combat charts, in its order; empty for a rule set without charts (the Fourth Edition)."""
    rules = state.ruleset.extras.get("combat")  # V3's [combat] tables, by its table reader
    return tuple(rules.charts) if rules is not None else ()


def chart_for_key(state: GameState, key: int) -> str | None:
    """The chart a digit key aims (1 = the rule set's first chart), or None."""
    names = charts(state)
    index = CHART_KEYS.index(key) if key in CHART_KEYS else len(names)
    return names[index] if index < len(names) else None


def chart_targeting(state: GameState, chart: str, group: list[str] | tuple[str, ...]) -> Targeting:
    """Aiming a combat on ``chart`` with ``group`` as the attackers (the combat order's hints: several
    attackers, several defenders)."""
    return Targeting("combat", tuple(group), chart=chart, spec=spec_of(state, "combat"))


def chart_refusal(state: GameState, chart: str, group: list[str] | tuple[str, ...]) -> str | None:
    """None when some enemy unit may be attacked on ``chart`` by the whole ``group``; else the rules' reason
    at the enemy nearest the first attacker (out of range, a combat already pending, ...)."""
    verdicts = chart_targeting(state, chart, group).verdicts(state)
    if not verdicts:
        return "no enemy unit on the map"
    if any(reason is None for reason in verdicts.values()):
        return None
    first = state.units[group[0]].position
    nearest = min(verdicts, key=lambda name: distance(first, state.units[name].position))
    return verdicts[nearest]


def chart_menu(state: GameState, group: list[str], origin: tuple[int, int]) -> Menu | None:
    """The right-click menu of the rule set's charts for ``group`` (greyed where refused), or None without
    charts."""
    names = charts(state)
    if not names:
        return None
    labels = tuple(f"{name}  ({i + 1})" if i < len(CHART_KEYS) else name for i, name in enumerate(names))
    refused = tuple(chart_refusal(state, name, group) for name in names)
    return Menu(origin, names, labels=labels, refused=refused)


# --- the pending combat ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Row:
    """One editable line of the pending combat: its text, the shell lines of its - and + buttons (None: no
    step that way), and whether the modifier is in the roll (a named modifier not yet given is dim)."""

    text: str
    minus: str | None
    plus: str | None
    present: bool = True


@dataclass(frozen=True, slots=True)
class CombatSection:
    """The pending combat as the panel shows it: the groups and the die, the editable rows, the result."""

    head: tuple[str, ...]
    rows: tuple[Row, ...]
    result: str


def _modify(side: str, amount: int, label: str) -> str:
    return f"modify {side} {amount:+d} {label}"


def combat_section(state: GameState) -> CombatSection | None:
    """The pending combat's lines and controls, or None when none is pending.

    Rows, in an order that does not change while the combat is pending: the modifiers the roll brought (steps
    of 1; 0 takes it out), the range penalty of a fire chart (0 to the rule set's ``beyond_effective_max``),
    then each named modifier the umpire gives by judgement (the rule set's ``[combat.modifiers]`` that are not
    ``automatic``) in the rule set's order, per side: given (stepped as above) or not (+ gives it at the rule
    set's value)."""
    pending = getattr(rules_of(state).slot_of(state), "pending_combat", None)
    rules = state.ruleset.extras.get("combat")  # V3's [combat] tables, by its table reader
    if pending is None or rules is None:
        return None
    from kriegsspiel.core.game import forecast

    chart = rules.chart(pending.chart)
    head = (f"{pending.chart}: {' '.join(pending.attackers)} > {' '.join(pending.defenders)}",
            f"d{rules.die} = {pending.roll}")
    judged = [name for name in rules.modifiers if name not in rules.automatic]

    def given_row(m: Any) -> Row:
        return Row(f"{m.describe()} ({m.for_attacker():+d} on the die)", _modify(m.side, m.amount - 1, m.label),
                   _modify(m.side, m.amount + 1, m.label))

    # Each row keeps its place while the umpire gives, steps and takes out modifiers: the rule set's judgement
    # modifiers stay in its order, given or not (a given one used to jump to the top, under the reader's eyes).
    rows = [given_row(m) for m in pending.modifiers if m.label not in judged]
    if chart.range_kind == "fire":
        note = pending.range_note if pending.range_penalty else ""
        text = f"range: {pending.range_penalty} towards a miss" + (f" ({note})" if note else "")
        tail = f" {note}" if note else ""
        rows.append(Row(text,
                        f"modify range {pending.range_penalty - 1}{tail}" if pending.range_penalty > 0 else None,
                        f"modify range {pending.range_penalty + 1}{tail}"
                        if pending.range_penalty < rules.beyond_effective_max else None,
                        present=pending.range_penalty > 0))
    given = {(m.side, m.label): m for m in pending.modifiers}
    for name in judged:
        value = rules.modifiers[name]
        for side in ("attacker", "defender"):
            if (side, name) in given:
                rows.append(given_row(given[(side, name)]))
            else:
                rows.append(Row(f"{side} {name}: not given ({value:+d} in the rule set)", None,
                                _modify(side, value, name), present=False))
    return CombatSection(head, tuple(rows), f"=> {forecast(state)}")


def step(section: CombatSection, row: int, delta: int) -> str | None:
    """The shell line that steps ``row`` by ``delta`` (+1 or -1), or None when it cannot go that way."""
    if not 0 <= row < len(section.rows):
        return None
    chosen = section.rows[row]
    return chosen.plus if delta > 0 else chosen.minus


def line_key(line: str) -> tuple[str, ...]:
    """What a ``modify`` line changes: ``("range",)`` or ``(side, name)``; ``()`` for any other line."""
    words = line.split()
    if len(words) < 3 or words[0] != "modify":
        return ()
    return ("range",) if words[1] == "range" else (words[1], " ".join(words[3:]))


def row_of(section: CombatSection, key: tuple[str, ...]) -> int | None:
    """The row that changes what ``key`` names (see :func:`line_key`), or None."""
    for index, row in enumerate(section.rows):
        if key and key in (line_key(row.minus or ""), line_key(row.plus or "")):
            return index
    return None


def undoes_combat(game: object) -> bool:
    """True when the shell's ``undo`` would take back a ``combat`` or ``modify`` (Esc undoes only those)."""
    last = getattr(game, "last_order_in_force", None)
    record = last() if callable(last) else None
    return record is not None and record.command.split(" ", 1)[0] in COMBAT_WORDS
