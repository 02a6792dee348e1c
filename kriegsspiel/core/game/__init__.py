"""The one door for change, ``apply(state, command, rng)``, and the base orders of every ruler game (move,
heading, hide, reveal, convert, merge, split, message, turn), and the rules object of a ruler game
(:class:`RulerRules`), which a game's rule set extends for its games alone.

This is the package's public face: import from ``kriegsspiel.core.game``, not from its modules.
"""
from __future__ import annotations

from kriegsspiel.core.events import Accepted, Rejected
from kriegsspiel.core.game._apply import apply, apply_forced
from kriegsspiel.core.game._hooks import (
    forecast,
    riding_orders,
    scenario_warnings,
    turn_preview,
    umpire_notes,
)
from kriegsspiel.core.game._rules import (
    BASE_HANDLERS,
    CORE_RULES,
    MovementBand,
    OrderKind,
    OrderSpec,
    PanelRow,
    PendingPanel,
    RulerRules,
    StateLines,
    TurnStructure,
    full_move,
    rules_for,
    rules_of,
)
from kriegsspiel.core.game._message import alter_text, message, resolve_recipient
from kriegsspiel.core.game._move import heading, move
from kriegsspiel.core.game._notes import MAX_NOTE_TEXT, UMPIRE_ONLY, erase_note, note, note_audience
from kriegsspiel.core.game._ruling import (
    Handler,
    RuleGap,
    Ruling,
    can_hide,
    enemy_within,
    expose_by_proximity,
    exposure_distance,
    find_unit,
    first_exposed_point,
    hiding_place,
    is_land_unit,
    new_id_problem,
    order_problem,
    rule_number,
    structures_at,
)
from kriegsspiel.core.game._turn import end_turn, round_change_line
from kriegsspiel.core.game._units import convert, hide, merge, reveal, split
from kriegsspiel.core.ruleset import convert_target, may

__all__ = [
    "BASE_HANDLERS",
    "CORE_RULES",
    "MovementBand",
    "OrderKind",
    "OrderSpec",
    "PanelRow",
    "PendingPanel",
    "RulerRules",
    "StateLines",
    "TurnStructure",
    "full_move",
    "rules_for",
    "rules_of",
    "Accepted",
    "Rejected",
    "MAX_NOTE_TEXT",
    "Handler",
    "RuleGap",
    "Ruling",
    "UMPIRE_ONLY",
    "alter_text",
    "apply",
    "apply_forced",
    "can_hide",
    "convert",
    "convert_target",
    "end_turn",
    "enemy_within",
    "erase_note",
    "expose_by_proximity",
    "exposure_distance",
    "find_unit",
    "first_exposed_point",
    "forecast",
    "heading",
    "hide",
    "hiding_place",
    "is_land_unit",
    "may",
    "merge",
    "message",
    "move",
    "new_id_problem",
    "note",
    "note_audience",
    "order_problem",
    "resolve_recipient",
    "reveal",
    "riding_orders",
    "round_change_line",
    "rule_number",
    "scenario_warnings",
    "split",
    "structures_at",
    "turn_preview",
    "umpire_notes",
]
