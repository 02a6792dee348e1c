"""Handlers of ``note``: the umpire's drawings on the map (arrows, lines, text), each for the umpire alone or for
one named player. A note changes nothing of the game: it is journaled like an order (so it is undone, redone
and reopened with the save) and kept in ``GameState.notes``; ``player_view`` hands a player only their own.
"""
from __future__ import annotations

from kriegsspiel.core import events as ev
from kriegsspiel.core.commands import EraseNote, Note
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.events import Accepted, Rejected
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.state import GameState, MapNote

#: the audience word for a note only the umpire sees
UMPIRE_ONLY = "umpire"
#: a note's text at most this many characters (it is drawn on the pictures)
MAX_NOTE_TEXT = 200


def note_audience(state: GameState, name: str) -> str | None:
    """``umpire`` or the scenario's player called ``name`` (case-insensitive, as written in the scenario), or
    None when there is no such player."""
    if name.casefold() == UMPIRE_ONLY:
        return UMPIRE_ONLY
    return next((p.name for p in state.setup.players if p.name.casefold() == name.casefold()), None)


def _next_id(state: GameState) -> str:
    numbers = [int(n.id[1:]) for n in state.notes if n.id[1:].isdigit()]
    return f"n{max(numbers, default=0) + 1}"


def _on_map(state: GameState, point: WorldPoint) -> bool:
    width, height = state.battlefield.world_size
    return 0.0 <= point.x <= width and 0.0 <= point.y <= height


def note(state: GameState, command: Note, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Draw a note. Refused (not forceable: there is nothing to overrule) for an unknown player, a point off
    the map, an empty or over-long text or a line of no length."""
    audience = note_audience(state, command.audience)
    if audience is None:
        names = ", ".join([UMPIRE_ONLY, *(p.name for p in state.setup.players)])
        return Rejected(f"a note is for the umpire or a player; there is no player {command.audience!r}; "
                        f"choose one of: {names}", forceable=False)
    points = [command.start] + ([command.end] if command.end is not None else [])
    if not all(_on_map(state, p) for p in points):
        width, height = state.battlefield.world_size
        return Rejected(f"a note must lie on the map (0..{width:g}, 0..{height:g})", forceable=False)
    if command.shape == "text":
        if not command.text.strip():
            return Rejected("a text note needs some text", forceable=False)
        if len(command.text) > MAX_NOTE_TEXT:
            return Rejected(f"a note's text is at most {MAX_NOTE_TEXT} characters; this one has "
                            f"{len(command.text)}", forceable=False)
    elif command.end is None or command.end == command.start:
        return Rejected(f"a {command.shape} needs two different points", forceable=False)
    new = MapNote(_next_id(state), command.shape, audience, command.start,
                  None if command.shape == "text" else command.end, command.text, int(state.round))
    event = ev.NoteDrawn(new.id, new.shape, new.audience, new.start, new.end, new.text)
    return Accepted(state.replace(notes=state.notes + (new,)), (event,))


def erase_note(state: GameState, command: EraseNote, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Take a note off the map. Refused (not forceable) for an id that is no note on the map."""
    kept = tuple(n for n in state.notes if n.id != command.note)
    if len(kept) == len(state.notes):
        ids = ", ".join(n.id for n in state.notes) or "none"
        return Rejected(f"there is no note {command.note!r}; the notes on the map: {ids}", forceable=False)
    return Accepted(state.replace(notes=kept), (ev.NoteErased(command.note),))
