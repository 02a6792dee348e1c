"""The one door for change, ``apply(state, command, rng)``, and the base orders of every ruler game (move,
heading, hide, reveal, convert, merge, split, message, turn), with the hooks the installed rule sets add.

This is the package's public face: import from ``kriegsspiel.core.game``, not from its modules.
"""
from __future__ import annotations

from kriegsspiel.core.events import Accepted, Rejected
from kriegsspiel.core.game._apply import HANDLERS, TURN_STRUCTURES, apply, apply_forced
from kriegsspiel.core.game._hooks import (
    FORECASTS,
    RIDING_ORDERS,
    SCENARIO_WARNINGS,
    TURN_PREVIEWS,
    UMPIRE_NOTES,
    forecast,
    riding_orders,
    scenario_warnings,
    turn_preview,
    umpire_notes,
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
    may,
    new_id_problem,
    order_problem,
    rule_number,
    structures_at,
)
from kriegsspiel.core.game._turn import end_turn, round_change_line
from kriegsspiel.core.game._units import convert, convert_target, hide, merge, reveal, split

__all__ = [
    "Accepted",
    "Rejected",
    "FORECASTS",
    "HANDLERS",
    "MAX_NOTE_TEXT",
    "Handler",
    "RIDING_ORDERS",
    "RuleGap",
    "Ruling",
    "SCENARIO_WARNINGS",
    "TURN_PREVIEWS",
    "TURN_STRUCTURES",
    "UMPIRE_NOTES",
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
