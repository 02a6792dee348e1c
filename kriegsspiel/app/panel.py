"""The side panel: the selected unit's details, the last journal entries and the console line."""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from kriegsspiel.app.combat_v3 import RESOLVE, UNDO
from kriegsspiel.core.game import CORE_RULES, PendingPanel, rules_for, rules_of
from kriegsspiel.core.ruleset import RuleBook, UnitType
from kriegsspiel.core.state import GameState, UnitState
from kriegsspiel.render.fonts import fit_lines, font
from kriegsspiel.render.overlays import TextCache, short_number
from kriegsspiel.wording import count

BACKGROUND = (32, 34, 40)
HEADING = (255, 220, 120)
TEXT = (235, 235, 235)
DIM = (160, 165, 175)
#: Lines of console output kept on screen above the console line.
OUTPUT_LINES = 12
#: the core's orders of a unit's own that are no weapon (listed after the weapons)
OWN_CORE_ORDERS = ("merge", "split")


def command_groups(ruleset: RuleBook, unit_type: UnitType) -> tuple[list[str], list[str]]:
    """The unit type's command tables in two lists, in their order: what it fights with (the orders the rule
    set hints are aimed at the enemy, and the core's orders but merge and split) and the other orders of its
    own (the rule set's orders of a unit's menu, aimed at nothing or unhinted; merge, split). Orders aimed at its own side or at a
    point (airlift, land) and tables that are no order (a ship's air defence) are in neither."""
    rules = rules_for(ruleset)
    weapons: list[str] = []
    own: list[str] = []
    for command in unit_type.commands:
        spec = rules.order_specs.get(command)
        if command in OWN_CORE_ORDERS or (spec is not None and (spec.menu == "unit" or spec.aim == "none")):
            own.append(command)
        elif spec is not None:
            if spec.aim == "enemy":
                weapons.append(command)
        elif CORE_RULES.is_order_word(command):
            weapons.append(command)
        elif rules.is_order_word(command):
            own.append(command)
    return weapons, own


def weapon_ranges(ruleset: RuleBook, unit: UnitState) -> list[tuple[str, float]]:
    """The unit type's weapon ranges from the rule set as (label, world units): the command tables' ranges
    (Fourth Edition) and the weapons' effective and maximum ranges (Ruleset V3); ranges that coincide are
    joined ("attack/board 3")."""
    unit_type = ruleset.unit_type(unit.type_id)
    by_range: dict[float, list[str]] = {}
    for command in command_groups(ruleset, unit_type)[0]:
        stats = unit_type.commands[command]
        if stats.range is not None:
            by_range.setdefault(float(stats.range), []).append(command)
    for label, radius in rules_for(ruleset).weapon_ranges(ruleset, unit.type_id):  # V3: each weapon's ranges
        by_range.setdefault(radius, []).append(label)
    return [("/".join(names), radius) for radius, names in sorted(by_range.items())]


def riding_order_lines(state: GameState) -> list[str]:
    """The orders riding by courier (Ruleset V3), one line each with the round each is due; only the umpire's
    window shows them (the players get an order when it arrives)."""
    from kriegsspiel.core.game import riding_orders

    return riding_orders(state)


def may_still(state: GameState, unit: UnitState, allowance: float) -> list[str]:
    """What the unit may still do this turn, in words (from its type and what it did)."""
    unit_type = state.ruleset.unit_type(unit.type_id)
    if state.finished:
        return ["nothing: the game is over"]
    if unit.side != state.side_to_move:
        return [f"nothing until {unit.side}'s turn"]
    if unit.disabled_rounds > 0:
        return [f"nothing: disabled for {count(unit.disabled_rounds, 'more round')}"]
    if unit.attacked_this_turn:
        return ["nothing more: an attack ends the unit's turn"]
    things: list[str] = []
    if unit.carried_by:
        things.append(f"carried by {unit.carried_by}")
    elif unit.heading_changed_this_turn:
        things.append("not move (changed heading)")
    elif unit.fired_this_turn and not unit_type.move_and_fire:
        things.append("not move (fired)")
    elif allowance > 0:
        things.append(f"move {short_number(allowance)} more")
    else:
        things.append("not move (allowance spent)")
    weapons, own = command_groups(state.ruleset, unit_type)
    if unit.fired_this_turn or unit.attacked_this_turn:
        weapons = []
        things.append("not fire again (fired)")
    if unit.moved_this_turn and not unit_type.move_and_fire:
        weapons = []
        things.append("not fire (moved)")
    if weapons:
        things.append(", ".join(weapons))
    things += rules_of(state).fight_lines(state, unit)  # a rule set that fights by charts: which, and their keys
    if unit_type.heading_limit is not None and not unit.moved_this_turn and not unit.heading_changed_this_turn:
        things.append("change heading")
    if own:
        things.append(", ".join(own))
    if unit.hidden:
        things.append("reveal")
    elif unit_type.hide_terrain or unit_type.hidden_by_default:
        things.append("hide (on " + ", ".join(unit_type.hide_terrain[:4]) + ")" if unit_type.hide_terrain else "hide")
    return things


def unit_summary(state: GameState, unit: UnitState, allowance: float) -> list[str]:
    """The selected unit's details, one line each."""
    unit_type = state.ruleset.unit_type(unit.type_id)
    name = unit_type.name + (f" ({unit.local_name})" if unit.local_name else "")
    lines = [
        f"{unit.id}: {name}",
        f"side {unit.side}, {unit_type.theatre}",
        f"health {unit.health} of {unit_type.health}" + (f", size {short_number(unit.size)}" if unit.size != 1 else ""),
        f"allowance {short_number(allowance)} of {short_number(unit_type.move)} left",
        f"at {short_number(unit.position.x)}, {short_number(unit.position.y)}",
    ]
    if unit.heading is not None:
        limit = f", turns at most {short_number(unit_type.heading_limit)} deg" if unit_type.heading_limit else ""
        lines.append(f"heading {short_number(unit.heading)} deg{limit}")
    own = rules_of(state).unit_slot_of(unit)  # the rule set's own state of the unit (V3's disruption)
    disruption = getattr(own, "disruption", 0)
    if disruption:
        lines.append(f"disruption {disruption}")
    if unit.disabled_rounds:
        lines.append(f"disabled for {count(unit.disabled_rounds, 'more round')}")
    flags = [w for w, on in (("hidden", unit.hidden), ("moved", unit.moved_this_turn), ("fired", unit.fired_this_turn), ("attacked", unit.attacked_this_turn)) if on]
    if flags:
        lines.append("this turn: " + ", ".join(flags))
    lines.append("may still: " + "; ".join(may_still(state, unit, allowance)))
    return lines


def _wrap(text: str, width_px: int, size: int) -> list[str]:
    """``text`` in lines no wider than ``width_px``, the lines after the first indented; a word wider than a
    line (a long save name) is broken too (:func:`kriegsspiel.app.chrome.fit_lines`)."""
    f = font(size)
    words = text.split(" ")
    lines: list[str] = []
    current = ""
    for word in words:
        trial = f"{current} {word}" if current else word
        if f.size(trial)[0] <= width_px or not current:
            current = trial
        else:
            lines.append(current)
            current = "  " + word
        if f.size(current)[0] > width_px:  # one word wider than the panel: broken, never cut
            lead = "  " if current.startswith("  ") else ""
            *whole, current = fit_lines(current[len(lead):], f, width_px - f.size("  ")[0])
            lines += [lead + whole[0], *("  " + part for part in whole[1:])] if whole else []
            current = "  " + current if whole or lead else current
    if current:
        lines.append(current)
    return lines


def draw_panel(
    panel: pygame.Surface,
    texts: TextCache,
    *,
    title: str,
    round_line: str,
    unit_lines: Sequence[str],
    journal: Sequence[str],
    console_prompt: str,
    console_text: str,
    caret: int,
    focused: bool,
    output: Sequence[str],
    combat: PendingPanel | None = None,
    combat_row: int = 0,
    riding_lines: Sequence[str] = (),
    output_scroll: int = 0,
) -> list[tuple[pygame.Rect, str]]:
    """Draw the whole panel on ``panel`` (its own surface, blitted at the window's right edge).

    ``combat``: a combat waiting for the umpire (Ruleset V3: the roll, its modifiers with - and + buttons, the
    result as it stands, Resolve and Undo buttons), drawn under the selected unit until it is resolved or
    undone, ``combat_row`` the row the keys step (framed); ``riding_lines``: the orders riding by courier, with
    their due rounds; ``output_scroll``: how many lines of the console's output are scrolled back from the
    newest (kept within the output). Returns the buttons: (rectangle on ``panel``, the shell line it sends, or ``undo``)."""
    buttons: list[tuple[pygame.Rect, str]] = []
    panel.fill(BACKGROUND)
    w, h = panel.get_size()
    x, y = 12, 10
    size = 17
    width = w - 2 * x
    # A save's name carries the date and time: the title wraps instead of running off the panel.
    for part in _wrap(title, width - 12, 20):  # 12 px of slack: the title is bold, _wrap measures plain
        panel.blit(texts.get(part.strip(), 20, HEADING, bold=True), (x, y))
        y += 24
    y += 2
    panel.blit(texts.get(round_line, size, TEXT), (x, y))
    y += 28
    panel.blit(texts.get("Selected unit", size, HEADING, bold=True), (x, y))
    y += 22
    if not unit_lines:
        unit_lines = ["none: click a counter"]
    for line in unit_lines:
        for part in _wrap(line, width, size):
            panel.blit(texts.get(part, size, TEXT), (x, y))
            y += 19
    y += 10
    if combat is not None:
        y = _draw_combat(panel, texts, combat, combat_row, x, y, width, size, buttons)
    if riding_lines:
        panel.blit(texts.get("Orders riding", size, HEADING, bold=True), (x, y))
        y += 22
        for line in riding_lines:
            for part in _wrap(line, width, size):
                panel.blit(texts.get(part, size, TEXT), (x, y))
                y += 19
        y += 10
    console_top = h - 40
    wrapped: list[str] = []
    for line in output:
        wrapped.extend(_wrap(line, width, size))
    back = max(0, min(output_scroll, len(wrapped) - OUTPUT_LINES))
    output = wrapped[max(0, len(wrapped) - OUTPUT_LINES - back) : len(wrapped) - back]
    output_top = console_top - 6 - 19 * len(output)
    panel.blit(texts.get("Journal", size, HEADING, bold=True), (x, y))
    y += 22
    room = max(0, (output_top - y - 6) // 19)
    shown: list[str] = []
    for entry in reversed(journal):
        parts = _wrap(entry, width, size)
        if len(shown) + len(parts) > room:
            break
        shown = parts + shown
    if not journal:
        shown = ["(no commands yet)"]
    for part in shown:
        panel.blit(texts.get(part, size, DIM), (x, y))
        y += 19
    oy = output_top
    if output:
        pygame.draw.line(panel, (70, 72, 80), (x, output_top - 4), (w - x, output_top - 4))
    for line in output:
        panel.blit(texts.get(_clip(line, width, size), size, TEXT), (x, oy))
        oy += 19
    if len(wrapped) > OUTPUT_LINES:
        # there is more to scroll to: say where the view is and how to move it
        older = len(wrapped) - OUTPUT_LINES - back
        note = f"{older} older, {back} newer: Page Up/Down" if back else f"{older} older lines: Page Up"
        tag = texts.get(note, size - 3, DIM)
        panel.blit(tag, (w - x - tag.get_width(), output_top - 6 - tag.get_height()))
    box = pygame.Rect(0, console_top, w, 40)
    pygame.draw.rect(panel, (12, 12, 16) if focused else (22, 23, 28), box)
    pygame.draw.line(panel, HEADING if focused else DIM, box.topleft, box.topright, 2)
    prompt = texts.get(console_prompt, size, HEADING)
    panel.blit(prompt, (x, console_top + 11))
    tx = x + prompt.get_width()
    if console_text:
        panel.blit(font(size).render(console_text, True, TEXT), (tx, console_top + 11))
    elif not focused:
        panel.blit(texts.get("press Enter to type a command", size, DIM), (tx, console_top + 11))
    if focused:
        cx = tx + font(size).size(console_text[:caret])[0]
        pygame.draw.line(panel, TEXT, (cx, console_top + 9), (cx, console_top + 30), 2)
    return buttons


#: the side of a - or + button and the gap after it (pixels)
STEP_PX = 18
STEP_GAP = 4


def _button(panel: pygame.Surface, texts: TextCache, label: str, rect: pygame.Rect, size: int, live: bool) -> None:
    pygame.draw.rect(panel, (58, 62, 74) if live else (40, 42, 50), rect)
    pygame.draw.rect(panel, HEADING if live else (70, 72, 80), rect, 1)
    text = texts.get(label, size, TEXT if live else (90, 92, 100))
    panel.blit(text, (rect.centerx - text.get_width() // 2, rect.centery - text.get_height() // 2))


def _draw_combat(panel: pygame.Surface, texts: TextCache, combat: PendingPanel, highlight: int, x: int, y: int,
                 width: int, size: int, buttons: list[tuple[pygame.Rect, str]]) -> int:
    """The pending combat: its head, one row per modifier with - and + buttons, the result, Resolve and Undo.
    Appends the buttons to ``buttons``; returns the y below."""
    panel.blit(texts.get("Combat pending", size, HEADING, bold=True), (x, y))
    y += 22
    for line in combat.head:
        panel.blit(texts.get(line, size, TEXT), (x, y))
        y += 19
    text_x = x + 2 * (STEP_PX + STEP_GAP) + 2
    for index, row in enumerate(combat.rows):
        parts = _wrap(row.text, width - (text_x - x), size)
        top = y
        for label, step, left in (("-", row.minus, x), ("+", row.plus, x + STEP_PX + STEP_GAP)):
            rect = pygame.Rect(left, y + 1, STEP_PX, STEP_PX - 1)
            _button(panel, texts, label, rect, size, step is not None)
            if step is not None:
                buttons.append((rect, step))
        for part in parts:
            panel.blit(texts.get(part, size, TEXT if row.present else DIM), (text_x, y))
            y += 19
        if index == highlight:
            pygame.draw.rect(panel, HEADING, pygame.Rect(x - 4, top - 1, width + 8, y - top + 2), 1)
    panel.blit(texts.get(combat.result, size, HEADING, bold=True), (x, y))
    y += 24
    for label, action, left in (("Resolve (Enter)", RESOLVE, x), ("Undo (Esc)", UNDO, x + 150)):
        rect = pygame.Rect(left, y, 140, 24)
        _button(panel, texts, label, rect, size, True)
        buttons.append((rect, action))
    y += 28
    for part in _wrap("- / + or Up/Down and the +/- keys change a modifier (each step journaled)", width, size - 2):
        panel.blit(texts.get(part, size - 2, DIM), (x, y))
        y += 17
    return y + 10


def _clip(text: str, width: int, size: int) -> str:
    f = font(size)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"
