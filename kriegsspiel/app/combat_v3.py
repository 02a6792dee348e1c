"""Combats on a rule set's charts with the mouse (Ruleset V3's): the charts a selection may use, and the controls
of the action pending that the umpire steps from the side panel.

The umpire selects the attackers (click, Ctrl/Shift+click, Ctrl+drag box), right-clicks one of them (or presses
the chart's digit, 1 for the rule set's first chart), clicks the defenders and presses Enter: that sends the
order the rule set aims on charts (``OrderSpec.charts``; V3's ``combat CHART ATTACKERS > DEFENDERS``). The side
panel then shows what the rule set's ``pending_panel`` gives: its lines, each row with ``-`` and ``+`` buttons
(or Up/Down to pick a row and +/- to step it) sending the row's orders, Enter (or the Resolve button) its
resolving order, Esc (or the Undo button) the shell's ``undo`` of the orders it names. Every step is a shell
line sent through the game session, so the journal reads as if the umpire had typed it; this module names no
word of a rule set.

Whether the selection may use a chart comes from the one door itself (a dry run of the order at each enemy
unit), so a greyed chart says the rules' own reason.
"""
from __future__ import annotations

import pygame

from kriegsspiel.app.targeting import Menu, Targeting
from kriegsspiel.core.game import OrderSpec, PendingPanel, rules_of
from kriegsspiel.core.geometry import distance
from kriegsspiel.core.state import GameState

#: the digit keys that aim the rule set's charts, in the order the rule set lists them
CHART_KEYS: tuple[int, ...] = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6,
                               pygame.K_7, pygame.K_8, pygame.K_9)
#: the action of the panel's Resolve button (and Enter): the pending action's own resolving order
RESOLVE = "<resolve button>"
#: the action of the panel's Undo button (and Esc): the shell's undo
UNDO = "undo"


def chart_order(state: GameState) -> OrderSpec | None:
    """The hints of the rule set's order aimed on charts, or None when it has none (the Fourth Edition)."""
    return next((spec for spec in rules_of(state).order_specs.values() if spec.charts is not None), None)


def charts(state: GameState) -> tuple[str, ...]:
    """The rule set's combat charts, in its order; empty for a rule set without charts (the Fourth Edition)."""
    spec = chart_order(state)
    return spec.charts(state.ruleset) if spec is not None and spec.charts is not None else ()


def chart_for_key(state: GameState, key: int) -> str | None:
    """The chart a digit key aims (1 = the rule set's first chart), or None."""
    names = charts(state)
    index = CHART_KEYS.index(key) if key in CHART_KEYS else len(names)
    return names[index] if index < len(names) else None


def chart_targeting(state: GameState, chart: str, group: list[str] | tuple[str, ...]) -> Targeting:
    """Aiming the rule set's chart order on ``chart`` with ``group`` as the attackers (its hints: V3's
    several attackers, several defenders). Raises ValueError under a rule set without charts."""
    spec = chart_order(state)
    if spec is None:
        raise ValueError("this game's rule set aims no order on charts")
    return Targeting(spec.word, tuple(group), chart=chart, spec=spec)


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


# --- the pending action ------------------------------------------------------------------------------------


def combat_section(state: GameState) -> PendingPanel | None:
    """The action pending that the umpire steps from the side panel (V3: a rolled combat), as the rule set
    gives it, or None."""
    return rules_of(state).pending_panel(state)


def step(section: PendingPanel, row: int, delta: int) -> str | None:
    """The shell line that steps ``row`` by ``delta`` (+1 or -1), or None when it cannot go that way."""
    if not 0 <= row < len(section.rows):
        return None
    chosen = section.rows[row]
    return chosen.plus if delta > 0 else chosen.minus


def key_of(section: PendingPanel, line: str) -> tuple[str, ...]:
    """What the row whose button sends ``line`` changes (its ``key``); ``()`` for a line of no row."""
    return next((row.key for row in section.rows if line in (row.minus, row.plus)), ())


def row_of(section: PendingPanel, key: tuple[str, ...]) -> int | None:
    """The row that changes what ``key`` names (see :func:`key_of`), or None."""
    for index, row in enumerate(section.rows):
        if key and row.key == key:
            return index
    return None


def undoes_combat(game: object, section: PendingPanel) -> bool:
    """True when the shell's ``undo`` would take back one of the orders the pending action lets Esc take back
    (V3: the roll or a step of a modifier)."""
    last = getattr(game, "last_order_in_force", None)
    record = last() if callable(last) else None
    return record is not None and record.command.split(" ", 1)[0] in section.undoes
