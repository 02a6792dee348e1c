"""What each field of the set-up mode's form accepts (a counter's id, heading and health; the scenario's name and
file; a side's name and colour; a player's name), and the draft changed to it: a value refused leaves the draft
as it was and says why, as a refused move does."""
from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kriegsspiel.app.setup_mode import SetupMode


def set_field(mode: SetupMode, field: tuple[Any, ...], text: str) -> str | None:
    """Give ``field`` of the mode's draft the ``text`` typed; returns why not (the draft unchanged), or None."""
    draft = mode.draft
    if field[0] == "unit":
        unit = draft.unit(mode.selected)
        if unit is None:
            return "no counter selected"
        if field[1] == "id":
            old = unit.id
            problem = draft.rename_unit(old, text)
            if problem is None:
                mode.selected = text
            return problem
        if field[1] == "heading":
            try:
                heading = None if not text else float(text)
            except ValueError:
                heading = math.nan
            if heading is not None and not math.isfinite(heading):
                return f"a heading is degrees clockwise from north (0-359), not {text!r}"
            unit.heading = None if heading is None else heading % 360.0
            return None
        full = mode.full_health(unit.type_id)
        if not text:
            unit.health = None
            return None
        if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= full:  # '²' is a digit to isdigit
            return f"health is a whole number from 1 to {full} ({mode.type_name(unit.type_id)}), not {text!r}"
        unit.health = int(text)
        return None
    if field == ("scenario", "name"):
        if not text:
            return "a scenario needs a name"
        draft.name = text
        return None
    if field == ("scenario", "target"):
        if not text.isprintable():
            return "a file name of letters, digits, spaces and punctuation (no NUL, tab or line break)"
        path = Path(text).expanduser()
        if path.suffix.lower() != ".toml":
            return f"a scenario is a .toml file, not {text!r}"
        mode.target = path if path.is_absolute() else (draft.map_path.parent / path)
        return None
    if field[0] == "side":
        return _set_side(mode, field[1], field[2], text)
    if field[0] == "player":
        problem = player_name_problem(text, [p.name for i, p in enumerate(draft.players) if i != field[1]])
        if problem is not None:
            return problem
        draft.players[field[1]] = dataclasses.replace(draft.players[field[1]], name=text)
    return None


def player_name_problem(text: str, others: Iterable[str]) -> str | None:
    """Why ``text`` may not name a player beside the ``others`` (both set-up modes' forms), or None."""
    if not text:
        return "a player needs a name"
    if not text.isprintable():
        return f"a player's name is letters, digits, spaces and punctuation (no tab, line break or control character), not {text!r}"
    if text in others:
        return f"player {text!r} is there already"
    return None


def player_power_problem(power: str, powers: Iterable[str]) -> str | None:
    """Why a player may not play ``power`` on a map of ``powers`` (an area game's form), or None."""
    known = tuple(powers)
    if power not in known:
        return f"power {power!r} is not one of the map's powers ({', '.join(known)})"
    return None


def _set_side(mode: SetupMode, index: int, key: str, text: str) -> str | None:
    """A side's name (its counters, players, first turn and victory conditions follow) or colour."""
    draft = mode.draft
    side = draft.sides[index]
    if key == "colour":
        if text and not (len(text) == 7 and text[0] == "#" and all(c in "0123456789abcdefABCDEF" for c in text[1:])):
            return f"a colour is #rrggbb (e.g. #3050c0), not {text!r}"
        draft.sides[index] = dataclasses.replace(side, colour=text.lower())
        return None
    if not text or not text.isprintable():
        return "a side needs a name (letters, digits, spaces, punctuation)"
    if text != side.name and text in draft.side_names():
        return f"side {text!r} is there already"
    old = side.name
    draft.sides[index] = dataclasses.replace(side, name=text)
    for unit in draft.units:
        if unit.side == old:
            unit.side = text
    draft.players = [dataclasses.replace(p, side=text) if p.side == old else p for p in draft.players]
    if draft.first_side == old:
        draft.first_side = text
    if mode.new_side == old:
        mode.new_side = text
    kept_victory = draft.tables_kept.get("victory")
    if isinstance(kept_victory, list):
        for entry in kept_victory:
            if entry.get("side") == old:
                entry["side"] = text
    return None
