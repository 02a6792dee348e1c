"""The debrief of an area game (Diplomacy, Air Power, Unit Profiles): one frame per confirmed phase.

The umpire's picture is the board as it stood when the phase was ordered, every unit on it and every power's
orders as arrows, drawn by the players' board renderer; each power's picture is the one ``kriegsspiel pov``
writes of that phase (:func:`kriegsspiel.pov.area.area_picture` of what the rule set lets the power see).
"""
from __future__ import annotations

from typing import Any

import pygame

from kriegsspiel.core.area import AreaPosition, PhaseResult
from kriegsspiel.debrief.model import Debrief, Frame, Move
from kriegsspiel.pov.area import area_picture, order_arrows, order_marks, place_counters
from kriegsspiel.render.board_picture import paint_board
from kriegsspiel.render.provinces import power_colour
from kriegsspiel.scenario.area import AreaScenario, province_drawings
from kriegsspiel.store.area import AreaSession
from kriegsspiel.store.pictures import picture_inputs
from kriegsspiel.store.area import AreaTurn


def umpire_board(scenario: AreaScenario, before: AreaTurn, *, with_orders: bool = True) -> pygame.Surface:
    """The whole board of a phase as ordered: every unit and (``with_orders``) every power's orders as
    arrows, at the map's own pixels."""
    from dataclasses import replace

    board = scenario.board
    provinces = province_drawings(board)
    position = before.position
    owned = [replace(p, owner=position.owners.get(p.abbreviation)) for p in provinces]
    centres = {p.abbreviation: p.centre for p in provinces}
    placed = place_counters(position, centres, scenario.rules.unit_symbols())
    marks = [c.mark for c in placed]
    on_map, points = [c.unit for c in placed], [m.at for m in marks]
    orders = []
    for power in scenario.powers if with_orders else ():
        texts = [o.text for o in before.orders if o.power == power]
        orders += order_marks(power, texts, on_map, points, centres)
    title = f"{position.phase_label} - the umpire's board"
    return paint_board((board.width_px, board.height_px), owned, 1.0, marks, title, orders).surface


def _standing(position: AreaPosition, powers: tuple[str, ...]) -> dict[str, float]:
    """Each power's provinces held (supply centres or territories, as the rule set keeps owners)."""
    held = {power: 0.0 for power in powers}
    for owner in position.owners.values():
        if owner in held:
            held[owner] += 1
    return held


def _frame(scenario: AreaScenario, before: AreaTurn, result: PhaseResult) -> Frame:
    centres = {p.abbreviation: p.centre for p in province_drawings(scenario.board)}
    moves = []
    for order in before.orders:
        arrows = order_arrows(order.text, centres)
        # an order that draws no line (a hold, a build) is still listed, with its one place or none
        path = tuple((float(a[0]), float(a[1])) for _, a, b in arrows[:1] for a in (a, b))
        moves.append(Move(order.power, f"{order.power}: {order.text}", path, None, power_colour(order.power)))
    inputs = {shown.power: shown for shown in picture_inputs(scenario, before, result)}
    size = (scenario.board.width_px, scenario.board.height_px)
    drawings = province_drawings(scenario.board)

    def draw_player(power: str) -> Any:
        return lambda: area_picture(size, drawings, inputs[power])

    lines = tuple(result.lines)
    log = tuple(f"{o.power}: {o.text}" for o in before.orders) + (("results:",) + lines if lines else ())
    return Frame(
        label=before.position.phase_label, moves=tuple(moves), log=log,
        standing=_standing(result.position, scenario.powers),
        draw_umpire=lambda: umpire_board(scenario, before),
        draw_player={power: draw_player(power) for power in scenario.powers},
        draw_before=lambda: umpire_board(scenario, before, with_orders=False),
        map_box=size, arrows_on_board=True,
    )


def area_debrief(game: AreaSession) -> Debrief:
    """The debrief of an area game (its confirmed phases), from its session."""
    scenario = game.scenario
    frames = tuple(_frame(scenario, before, result) for before, result in game.confirmed_phases())
    winner = game.turn.winner
    result = f"the game is over: {winner} won" if winner else f"the game is in play ({game.turn.position.phase_label})"
    return Debrief(
        title=scenario.name, kind="area", rule_set=str(getattr(scenario.ruleset, "name", "")),
        players=tuple(scenario.powers), frames=frames, finished=winner is not None, result=result,
        standing_unit="provinces held", extra={"player_names": {p.power: p.name for p in scenario.players}},
    )
