"""The manual pages of the Umpire shell: syntax, what a command does, who may use it, its range, its odds.

``man COMMAND`` prints :func:`man_page`; a wrong line prints the command's :func:`syntax`. Who may use a
command, ranges and odds are read from the rule set when one is given, so the page tells the truth of the
rule set in play.
"""
from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from kriegsspiel.core.ruleset import RuleBook, convert_target, may


@dataclass(frozen=True, slots=True)
class ManPage:
    """One command's page. ``who``, ``reach`` and ``odds`` take the rule set (or None) and return text."""

    name: str
    syntax: str
    summary: str
    who: Callable[[RuleBook | None], str]
    reach: Callable[[RuleBook | None], str]
    odds: Callable[[RuleBook | None], str]


def fixed_text(value: str) -> Callable[[RuleBook | None], str]:
    return lambda ruleset: value


def _types(predicate: Callable[[RuleBook, str], bool], fallback: str) -> Callable[[RuleBook | None], str]:
    def who(ruleset: RuleBook | None) -> str:
        if ruleset is None:
            return fallback
        ids = [t for t in ruleset.unit_types if predicate(ruleset, t)]
        return ", ".join(ids) if ids else NO_UNIT_TYPE

    return who


def _constant(key: str, text: str, *fallbacks: str) -> Callable[[RuleBook | None], str]:
    def reach(ruleset: RuleBook | None) -> str:
        if ruleset is not None:
            for name in (key, *fallbacks):
                if name in ruleset.constants:
                    return text.format(f"{ruleset.constants[name]:g}")
        return text.format(f"the rule set's {key}")

    return reach


def _hide_who(ruleset: RuleBook | None) -> str:
    if ruleset is None:
        return "infantry, engineers, artillery, special forces (forests, swamps, buildings); submarines, stealth bombers, reconnaissance planes and drones are hidden by default"
    parts = []
    for type_id, unit_type in ruleset.unit_types.items():
        if unit_type.hidden_by_default:
            parts.append(f"{type_id} (hidden by default)")
        elif unit_type.hide_terrain:
            parts.append(f"{type_id} ({', '.join(unit_type.hide_terrain)})")
    return "; ".join(parts) or NO_UNIT_TYPE


def _heading_who(ruleset: RuleBook, type_id: str) -> bool:
    return ruleset.unit_types[type_id].heading_limit is not None


def _convert_who(ruleset: RuleBook, type_id: str) -> bool:
    return convert_target(ruleset, type_id) is not None


def _may(command: str) -> Callable[[RuleBook, str], bool]:
    def predicate(ruleset: RuleBook, type_id: str) -> bool:
        return may(ruleset, ruleset.unit_types[type_id], command)

    return predicate


def _move_reach(ruleset: RuleBook | None) -> str:
    if ruleset is None:
        return "the unit's move value per turn, as terrain cost"
    values = ", ".join(f"{t.id} {t.move:g}" for t in ruleset.unit_types.values())
    return f"per turn, as terrain cost ({ruleset.distance_unit} at full speed): {values}"


def _heading_reach(ruleset: RuleBook | None) -> str:
    if ruleset is None:
        return "each ship type turns at most its heading limit in a turn, from its heading when the turn began"
    limits = ", ".join(
        f"{t.id} {t.heading_limit:g} deg" for t in ruleset.unit_types.values() if t.heading_limit is not None
    )
    return f"largest turn in one turn, from the heading when it began: {limits}" if limits else "-"


def _message_odds(ruleset: RuleBook | None) -> str:
    keys = ("message_lost_in_4", "message_intercepted_in_4", "message_altered_in_4")
    if ruleset is None or not all(k in ruleset.constants for k in keys):
        return ("fails 1 in F (the scenario's fog_of_war; 0: never, 1: always); a failed message is lost, "
                "intercepted or altered")
    lost, intercepted, altered = (int(ruleset.constants[k]) for k in keys)
    total = lost + intercepted + altered
    return (
        f"fails 1 in F (the scenario's fog_of_war; 0: never, 1: always); a failed message is lost {lost} in {total}, "
        f"intercepted by the enemy {intercepted} in {total}, altered in transit {altered} in {total}"
    )


_NONE = fixed_text("-")
_ANY_UNIT = fixed_text("every unit of the side to move")
_UMPIRE = fixed_text("the umpire")

#: the manual pages of the core's commands, the same in every game
BASE_PAGES: Mapping[str, ManPage] = MappingProxyType({
    page.name: page
    for page in (
        ManPage(
            "move",
            "move UNIT > X,Y",
            "Move a unit over the terrain to the point X,Y (world units). Several moves in one turn draw on the "
            "same allowance; roads speed a land unit, water stops it; ships keep within their heading limit.",
            _ANY_UNIT,
            _move_reach,
            _NONE,
        ),
        ManPage(
            "heading",
            "heading UNIT DEG",
            "Give a ship a new heading (degrees clockwise from north). Not after the ship moved this turn; the "
            "ship may not move for the rest of the turn.",
            _types(_heading_who, "ships with a heading limit (carriers, battleships, cruisers, destroyers, corvettes)"),
            _heading_reach,
            _NONE,
        ),
        ManPage(
            "hide",
            "hide UNIT",
            "Hide a unit where its type may hide. Moving onto terrain where it cannot hide exposes it; so does an "
            "enemy unit coming close to a hidden land unit.",
            _hide_who,
            _constant("exposure_distance", "refused and exposed with an enemy within {}", "attack_distance"),
            _NONE,
        ),
        ManPage(
            "reveal",
            "reveal UNIT",
            "Reveal a hidden unit: it is placed back on the map. Only a hidden unit can be revealed.",
            fixed_text("any hidden unit of the side to move"),
            _NONE,
            _NONE,
        ),
        ManPage(
            "convert",
            "convert UNIT",
            "Convert an artillery or cavalry unit to infantry, keeping the fraction of its health. Give it at the "
            "beginning of a turn.",
            _types(_convert_who, "artillery and cavalry"),
            _NONE,
            _NONE,
        ),
        ManPage(
            "merge",
            "merge UNIT UNIT ... > NEW",
            "Merge units of one type into a new unit standing where the first stood; health and size add up.",
            _types(_may("merge"), "all land units"),
            _constant("merge_distance", "every unit within {} of the first", "attack_distance"),
            _NONE,
        ),
        ManPage(
            "split",
            "split UNIT > NEW NEW ...",
            "Split a unit into new units at its place; health and size divide (health remainder to the first).",
            _types(_may("split"), "all land units"),
            _NONE,
            _NONE,
        ),
        ManPage(
            "message",
            "message SIDE|PLAYER TEXT",
            "Send a message from the side to move to a side or a player, through the fog of war. A name with "
            'spaces goes in double quotes: message "Lord Howe" hold the ford.',
            fixed_text("the side to move"),
            _NONE,
            _message_odds,
        ),
        ManPage(
            "note",
            "note arrow|line umpire|PLAYER X,Y > X,Y | note text umpire|PLAYER X,Y TEXT",
            "Draw an arrow, a line or a text on the map for the umpire alone (umpire) or for one player (their "
            "name; in double quotes when it has spaces); a player's notes are drawn on that player's picture and "
            "listed in their report, nobody else's. It changes nothing of the game. Example: note arrow \"Lord "
            "Howe\" 10,20 > 30,25. The order unnote n2 takes note n2 off the map; undo takes back the last note.",
            _UMPIRE,
            _NONE,
            _NONE,
        ),
        ManPage("unnote", "unnote NOTE", "Take the umpire's note NOTE (n1, n2 ...) off the map and off the player's "
                "picture; the journal keeps it (undo brings it back).", _UMPIRE, _NONE, _NONE),
        ManPage(
            "turn",
            "turn",
            "End the side's turn. When every side has moved the round ends: allowances reset, disabled units "
            "recover, victory conditions are checked; the game ends after the scenario's last round.",
            fixed_text("the side to move"),
            _NONE,
            _NONE,
        ),
        ManPage(
            "force",
            "force ORDER",
            "Carry out an order the rules refuse (the umpire's word is final); the journal marks it forced with "
            "the refusal it overrode. Example: force move va1 > 3,4",
            _UMPIRE,
            _NONE,
            _NONE,
        ),
        ManPage("score", "score", "Each side's remaining health as a percentage of its starting health.", _UMPIRE, _NONE, _NONE),
        ManPage(
            "details",
            "details [UNIT]",
            "Everything about a unit (type, side, place, health, size, heading, allowance left, what it did this "
            "turn); without a unit, one line per unit.",
            _UMPIRE,
            _NONE,
            _NONE,
        ),
        ManPage("man", "man [COMMAND]", "Show a command's manual page; without a command, the list.", _UMPIRE, _NONE, _NONE),
        ManPage("help", "help", "List every command with its syntax.", _UMPIRE, _NONE, _NONE),
        ManPage("undo", "undo", "Undo the last order (the undo is journaled; nothing is erased).", _UMPIRE, _NONE, _NONE),
        ManPage("redo", "redo", "Redo the last undone order, with its recorded dice.", _UMPIRE, _NONE, _NONE),
        ManPage("quit", "quit", "Leave the shell. Every accepted order is already saved.", _UMPIRE, _NONE, _NONE),
    )
})


#: manual pages are wrapped to this many columns (a terminal's width)
WIDTH = 100


def _brief(summary: str) -> str:
    text = summary.split(". ")[0].rstrip(".")
    for cut in (" (", "; ", ": ", ", "):
        if len(text) > 60 and cut in text:
            text = text.split(cut)[0]
    return text


#: what a page's ``who`` says when no unit type of the rule set may give the command
NO_UNIT_TYPE = "no unit type of this rule set"

#: command -> whether it has a use under a rule set, for the core's commands (a rule set adds its own to its
#: game's :class:`Manual`). A command not listed has a use unless its page says no unit type may give it.
BASE_APPLIES: Mapping[str, Callable[[RuleBook], bool]] = MappingProxyType({
    "reveal": lambda r: any(t.hide_terrain or t.hidden_by_default for t in r.unit_types.values()),
})


@dataclass(frozen=True)
class Manual:
    """One game's manual: the pages of its commands (the core's and its rule set's) and, per command, whether
    it has a use under a rule book (for ``help``'s short list)."""

    pages: Mapping[str, ManPage]
    uses: Mapping[str, Callable[[RuleBook], bool]]

    def extended(self, pages: Iterable[ManPage], uses: Mapping[str, Callable[[RuleBook], bool]]) -> Manual:
        """This manual with a rule set's ``pages`` and ``uses`` added (a page of the same name replaces)."""
        return Manual(MappingProxyType({**self.pages, **{page.name: page for page in pages}}),
                      MappingProxyType({**self.uses, **uses}))

    def syntax(self, topic: str) -> str:
        """The syntax line of a command (``"move UNIT > X,Y"``). Raises KeyError for an unknown command."""
        return self.pages[topic].syntax

    def man_page(self, topic: str, ruleset: RuleBook | None = None) -> str:
        """The manual page of ``topic`` as text; for an unknown topic, a line saying so and the commands."""
        page = self.pages.get(topic)
        if page is None:
            return f"no manual entry for {topic!r}\n{self.help_text()}"
        fields = [("syntax", page.syntax), ("", page.summary), ("who", page.who(ruleset))]
        fields += [("range", page.reach(ruleset)), ("odds", page.odds(ruleset))]
        lines = [page.name.upper()]
        for label, text in fields:
            if text == "-":
                continue
            head = f"  {label + ':':<8}" if label else "  "
            lines.append(textwrap.fill(
                    text, width=WIDTH, initial_indent=head, subsequent_indent=" " * len(head), break_on_hyphens=False
                ))
        return "\n".join(lines)

    def applies(self, topic: str, ruleset: RuleBook) -> bool:
        """True when the command ``topic`` has a use under ``ruleset`` (False for an unknown command)."""
        page = self.pages.get(topic)
        if page is None:
            return False
        test = self.uses.get(topic)
        return test(ruleset) if test is not None else page.who(ruleset) != NO_UNIT_TYPE

    def help_text(self, ruleset: RuleBook | None = None) -> str:
        """Every command with its syntax, one per line; with a rule book, only the commands it has a use for,
        and a last line naming the others."""
        pages = list(self.pages.values())
        shown = pages if ruleset is None else [p for p in pages if self.applies(p.name, ruleset)]
        width = max(len(p.syntax) for p in shown)
        lines = ["commands (man COMMAND for more):"]
        for page in shown:
            lines.append(f"  {page.syntax.ljust(width)}  {_brief(page.summary)}")
        left_out = [p.name for p in pages if p not in shown]
        if ruleset is not None and left_out:
            lines.append(textwrap.fill(f"not used by {ruleset.id}: {', '.join(left_out)}", width=WIDTH,
                                       subsequent_indent="  ", break_on_hyphens=False))
        return "\n".join(lines)


#: the core's manual: the base commands' pages (a game's own adds its rule set's: ``RulerRules.manual``)
BASE_MANUAL = Manual(BASE_PAGES, BASE_APPLIES)


def syntax(topic: str, manual: Manual = BASE_MANUAL) -> str:
    """The syntax line of a command of ``manual`` (by default the core's). Raises KeyError if unknown."""
    return manual.syntax(topic)


def man_page(topic: str, ruleset: RuleBook | None = None, manual: Manual = BASE_MANUAL) -> str:
    """The page of ``topic`` in ``manual`` (by default the core's), read against ``ruleset``."""
    return manual.man_page(topic, ruleset)


def applies(topic: str, ruleset: RuleBook, manual: Manual = BASE_MANUAL) -> bool:
    """True when the command ``topic`` of ``manual`` has a use under ``ruleset``."""
    return manual.applies(topic, ruleset)


def help_text(ruleset: RuleBook | None = None, manual: Manual = BASE_MANUAL) -> str:
    """The list of commands of ``manual`` (by default the core's) with their syntax."""
    return manual.help_text(ruleset)
