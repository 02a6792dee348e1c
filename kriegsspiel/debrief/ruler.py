"""The debrief of a ruler game (the Fourth Edition, Kriegsspiel V3): one frame per round that ended, and one
for the round in play when orders were given in it.

The umpire's picture is drawn by the players' renderer (:func:`kriegsspiel.render.player_picture.draw_picture`) from a
view that holds every unit in play and the whole map in sight; each player's picture is
:func:`kriegsspiel.pov.player_picture` of the same state, exactly what ``kriegsspiel pov`` writes.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import pygame

from kriegsspiel.core.events import Moved
from kriegsspiel.core.game import rules_of
from kriegsspiel.core.sight import OwnUnit, PlayerView, known_structures
from kriegsspiel.core.state import scores
from kriegsspiel.debrief.model import Debrief, Frame, Move
from kriegsspiel.pov import player_picture, public_map, round_moment
from kriegsspiel.pov.routes import walked_path
from kriegsspiel.render.palette import parse_colour
from kriegsspiel.render.player_picture import UMPIRE_KEY, draw_picture, full_map_camera
from kriegsspiel.store import RulerSession
from kriegsspiel.store.journal import JournalRecord

#: the name on the umpire's pictures' legend
UMPIRE = "Umpire: the whole truth"


def umpire_view(state: Any) -> PlayerView:
    """Everything there is: every unit in play as if commanded, the whole map in sight, no messages."""
    raster = state.battlefield.raster()
    seen = np.ones(raster.shape, dtype=bool)
    seen.setflags(write=False)
    units = sorted((u for u in state.units.values() if u.health > 0), key=lambda u: (u.side, u.id))
    own = tuple(OwnUnit(u.id, u.type_id, u.side, u.position, int(u.health), u.heading, bool(u.hidden), True)
                for u in units)
    minutes = getattr(state.ruleset, "round_minutes", None)
    cell = float(raster.cell_size)
    return PlayerView(
        player=UMPIRE, side="", round=int(state.round),
        game_minutes=None if minutes is None else (int(state.round) - 1) * int(minutes),
        own_units=own, seen_enemies=(), seen=seen, cell_size=cell,
        structures=known_structures(state.battlefield, seen, cell),
    )


def umpire_picture(state: Any, round_number: int | None) -> pygame.Surface:
    """The umpire's picture of ``state`` (the end of ``round_number``; None: the round in play)."""
    return draw_picture(umpire_view(state), public_map(state), moment=round_moment(state, round_number), key=UMPIRE_KEY)


def _record_lines(record: JournalRecord, event_kinds: Any) -> list[str]:
    lines = [record.describe(event_kinds)]
    if record.rolls:
        lines.append("    dice: " + ", ".join(f"d{sides}={value}" for sides, value in record.rolls))
    return lines


def _moves_of(played: list[tuple[JournalRecord, Any]], event_kinds: Any) -> tuple[Move, ...]:
    """The moves of ``played`` (each record with the state just before it), each along the path the rules'
    movement search walked (:func:`kriegsspiel.pov.routes.walked_path`), in the umpire's picture's pixels."""
    from kriegsspiel.core.events import event_from_json

    moves = []
    for record, before in played:
        public = public_map(before)
        camera = full_map_camera(public)
        for data in record.events:
            if data.get("event") != Moved.kind:
                continue
            event = event_from_json(data, event_kinds)
            assert isinstance(event, Moved)
            colour = parse_colour(public.colour_of(record.side))
            path = tuple(camera.to_screen(p) for p in walked_path(before, data, bool(record.forced)))
            moves.append(Move(event.unit, event.describe(), tuple((float(x), float(y)) for x, y in path),
                              record.seq, colour))
    return tuple(moves)


def _frame(label: str, state: Any, before: Any, round_number: int | None,
           played: list[tuple[JournalRecord, Any]], event_kinds: Any) -> Frame:
    players = tuple(p.name for p in state.setup.players)
    log = tuple(line for r, _ in played for line in _record_lines(r, event_kinds))

    def draw_player(name: str) -> Any:
        return lambda: player_picture(state, name, round_number=round_number)

    viewport = full_map_camera(public_map(state)).viewport
    return Frame(
        label=label,
        moves=_moves_of(played, event_kinds),
        log=log,
        standing={side: round(value, 1) for side, value in scores(state).items()},
        draw_umpire=lambda: umpire_picture(state, round_number),
        draw_player={name: draw_player(name) for name in players},
        draw_before=lambda: umpire_picture(before, int(before.round) - 1 if before.round > 1 else None),
        map_box=(viewport.width, viewport.height),
    )


def ruler_debrief(game: RulerSession) -> Debrief:
    """The debrief of a ruler game (its rounds in force), from its session."""
    orders = game.orders_in_force()
    states = game.states_in_force()
    start = next(states)
    rules = rules_of(start)
    event_kinds = rules.event_kinds
    frames: list[Frame] = []
    round_start = start
    in_round: list[tuple[JournalRecord, Any]] = []
    last = start
    for record, state in zip(orders, states):
        in_round.append((record, last))  # each record with the state it was applied to
        last = state
        ended = int(record.round)
        if int(state.round) > ended:
            frames.append(_frame(f"End of round {ended}", state, round_start, ended, in_round, event_kinds))
            round_start, in_round = state, []
    if in_round:  # the round in play, as it stands
        frames.append(_frame(f"Round {last.round} (in play)", last, round_start, None, in_round, event_kinds))
    final = game.state
    winners = " and ".join(final.winners) + " won" if final.winners else "no side won"
    result = f"the game is over: {winners}" if final.finished else f"the game is in play (round {final.round})"
    return Debrief(
        title=final.setup.name, kind="ruler", rule_set=str(final.setup.ruleset_id),
        players=tuple(p.name for p in final.setup.players), frames=tuple(frames),
        finished=bool(final.finished), result=result,
        standing_unit="remaining strength (% of the start)",
    )
