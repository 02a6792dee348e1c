"""The text of the classic Kriegsspiel's orders (Ruleset V3), a parse/format pair like ``notation``::

    combat CHART UNIT ... > UNIT ...       combat firefight ir1 ir2 > a1
    modify [attacker|defender] +N NAME     modify +1 intel     modify defender +2 square     modify range 2
    resolve                                rally UNIT          recover UNIT        order UNIT TEXT

Importing this module (``notation`` does) adds these parsers to ``notation``'s and :func:`format_v3` to its
formatters, so that ``parse_command(format_command(c)) == c`` holds for them too.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from kriegsspiel.core.commands import Command
from kriegsspiel.core.commands import NotationError, split_arrow, unit_token
from kriegsspiel.rulesets.kriegsspiel_v3.commands import Combat, Modify, Order, Rally, Recover, Resolve

#: a chart id or a modifier's name: letters, digits and dashes
_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")
_AMOUNT = re.compile(r"^[+-]?\d+$")


def _parse_combat(rest: str) -> Command:
    left, right = split_arrow(rest, "combat")
    words = left.split()
    defenders = right.split()
    if len(words) < 2:
        raise NotationError("combat: name the chart and at least one attacker before '>'", "combat")
    if not defenders:
        raise NotationError("combat: name at least one defender after '>'", "combat")
    chart = words[0].lower()
    if not _NAME.match(chart):
        raise NotationError(f"combat: {words[0]!r} is not a chart name", "combat")
    return Combat(chart, tuple(unit_token(u, "combat") for u in words[1:]), tuple(unit_token(u, "combat") for u in defenders))


def _parse_modify(rest: str) -> Command:
    words = rest.split()
    side = "attacker"
    if words and words[0].lower() in ("attacker", "defender", "range"):
        side = words.pop(0).lower()
    if not words or not _AMOUNT.match(words[0]):
        raise NotationError("modify: expected a whole number such as +1 or -2 (modify [attacker|defender] +N NAME)",
                            "modify")
    amount = int(words.pop(0))
    label = " ".join(words)
    if side == "range":
        return Modify("range", amount, label)
    if not label:
        raise NotationError("modify: name the modifier (intel, quality, square, or any word)", "modify")
    if "\n" in label:
        raise NotationError("modify: the name is one line", "modify")
    return Modify(side, amount, label)


def _parse_resolve(rest: str) -> Command:
    if rest:
        raise NotationError(f"resolve takes no arguments, got {rest!r}", "resolve")
    return Resolve()


def _parse_rally(rest: str) -> Command:
    parts = rest.split()
    if len(parts) != 1:
        raise NotationError("rally: expected one unit id", "rally")
    return Rally(unit_token(parts[0], "rally"))


def _parse_recover(rest: str) -> Command:
    parts = rest.split()
    if len(parts) != 1:
        raise NotationError("recover: expected one unit id", "recover")
    return Recover(unit_token(parts[0], "recover"))


def _parse_order(rest: str) -> Command:
    unit, _, text = rest.partition(" ")
    text = " ".join(text.split())
    if not unit:
        raise NotationError("order: name the unit and write the order", "order")
    if not text:
        raise NotationError("order: the order has no text", "order")
    return Order(unit_token(unit, "order"), text)


#: command word -> parser of the rest of the line
PARSERS: dict[str, Callable[[str], Command]] = {
    "combat": _parse_combat,
    "modify": _parse_modify,
    "resolve": _parse_resolve,
    "rally": _parse_rally,
    "recover": _parse_recover,
    "order": _parse_order,
}


def format_v3(command: Command) -> str | None:
    """The canonical text of a classic order, or None when ``command`` is not one."""
    if isinstance(command, Combat):
        return f"combat {command.chart} {' '.join(command.attackers)} > {' '.join(command.defenders)}"
    if isinstance(command, Modify):
        if command.side == "range":
            return f"modify range {command.amount}" + (f" {command.label}" if command.label else "")
        return f"modify {command.side} {command.amount:+d} {command.label}"
    if isinstance(command, Resolve):
        return "resolve"
    if isinstance(command, Rally):
        return f"rally {command.unit}"
    if isinstance(command, Recover):
        return f"recover {command.unit}"
    if isinstance(command, Order):
        return f"order {command.unit} {command.text}"
    return None


