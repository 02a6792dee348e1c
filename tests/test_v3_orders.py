"""Ruleset V3 orders by courier on a map with known distances: rounds of the ride, delivery at round ends,
complications, interception within sight of the enemy, and what the umpire and the players see."""
from __future__ import annotations

import dataclasses

import pytest

from kriegsspiel.core.game import apply
from kriegsspiel.core.commands import EndTurn
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.state import UnitSetup
from kriegsspiel.core.state import GameState
from kriegsspiel.rulesets.kriegsspiel_v3.commands import Order
from kriegsspiel.rulesets.kriegsspiel_v3.events import OrderDelivered, OrderIntercepted, OrderSent
from kriegsspiel.rulesets.kriegsspiel_v3.orders import orders_received, transit_rows
from kriegsspiel.rulesets import load_ruleset
from test_v3_combat import at, game
from kriegsspiel.rulesets.kriegsspiel_v3.state import orders_in_transit
from types import MappingProxyType
from kriegsspiel.rulesets.kriegsspiel_v3.rules import order_tables

RULES = load_ruleset("kriegsspiel-v3")


def with_orders(state: GameState, **changes) -> GameState:
    """The state under the V3 rules with some courier numbers changed (dice odds)."""
    return state.replace(ruleset=dataclasses.replace(
        RULES, extras=MappingProxyType({**RULES.extras, "orders": dataclasses.replace(order_tables(RULES), **changes)})))


def send(state: GameState, unit: str, text: str = "advance", index: int = 1):
    result = apply(state, Order(unit, text), Dice(1760, index))
    assert result.accepted, result
    return result


def end_round(state: GameState) -> tuple[GameState, list]:
    events: list = []
    start = state.round
    while state.round == start:
        result = apply(state, EndTurn(), Dice(1760, 99))
        state = result.state
        events.extend(result.events)
    return state, events


# Courier: 300 m a round on roads; open ground 250 m (cost x 1.2); the road runs along row 2 (y = 62.5).
@pytest.mark.parametrize("unit_at, cost, due", [
    ((312.5, 62.5), 300, 2),      # exactly one round on the road
    ((337.5, 62.5), 325, 3),      # a little more: two rounds
    ((612.5, 62.5), 600, 3),
    ((12.5, 312.5), None, None),  # off the road: 12.5 m of road, then 237.5 m of fields at x 1.2
    ((512.5, 462.5), None, None),  # across the fields: whatever the path, the rounds follow its cost
])
def test_ride_rounds_follow_the_terrain(unit_at, cost, due) -> None:
    state = with_orders(game([UnitSetup("hq", "officer", "Blue", at(12.5, 62.5)),
                              UnitSetup("b1", "infantry", "Blue", at(*unit_at))]), intercepted_at_most=0)
    sent = orders_in_transit(send(state, "b1").state)[0]
    if cost is not None and unit_at[1] == 62.5:
        assert sent.metres == pytest.approx(cost, rel=1e-6)
        assert sent.due_round == due
    assert sent.due_round == 1 + max(1, -(-round(sent.metres, 6) // 300))
    assert sent.officer == "hq" and sent.path[0] == at(12.5, 62.5) and sent.path[-1] == at(*unit_at)


def test_open_ground_costs_more_than_road() -> None:
    state = with_orders(game([UnitSetup("hq", "officer", "Blue", at(12.5, 312.5)),
                              UnitSetup("b1", "infantry", "Blue", at(262.5, 312.5))]), intercepted_at_most=0)
    sent = orders_in_transit(send(state, "b1").state)[0]
    assert sent.metres == pytest.approx(250 * 300 / 250)  # 250 m of open ground at 250 m a round
    assert sent.due_round == 2  # exactly one round's ride


def test_delivery_at_the_round_end_and_only_then_the_player_sees_it() -> None:
    state = with_orders(game([UnitSetup("hq", "officer", "Blue", at(12.5, 62.5)),
                              UnitSetup("b1", "infantry", "Blue", at(612.5, 62.5)),
                              UnitSetup("r1", "infantry", "Red", at(12.5, 487.5))]),
                        intercepted_at_most=0, complication_at_most=0)
    result = send(state, "b1", "take the bridge")
    event = result.events[0]
    assert isinstance(event, OrderSent) and event.due_round == 3 and "in sight of Red" in event.note
    state = result.state
    assert transit_rows(state) == ["hq -> b1: due round 3: take the bridge"]
    assert orders_received(state, "Blue") == []
    state, events = end_round(state)
    assert state.round == 2 and not any(isinstance(e, OrderDelivered) for e in events)
    assert events[-1].describe() == "orders still riding: hq -> b1: due round 3: take the bridge"
    assert orders_received(state, "Blue") == []
    state, events = end_round(state)
    assert state.round == 3
    delivered = [e for e in events if isinstance(e, OrderDelivered)]
    assert [(e.unit, e.text, e.complication) for e in delivered] == [("b1", "take the bridge", False)]
    assert orders_in_transit(state) == ()
    assert [m.text for m in orders_received(state, "Blue")] == ["take the bridge"]
    assert orders_received(state, "Red") == []


def test_a_complication_is_flagged_for_the_umpire() -> None:
    state = with_orders(game([UnitSetup("hq", "officer", "Blue", at(12.5, 62.5)),
                              UnitSetup("b1", "infantry", "Blue", at(112.5, 62.5))]),
                        intercepted_at_most=0, complication_at_most=10)
    state = send(state, "b1").state
    state, events = end_round(state)
    delivered = next(e for e in events if isinstance(e, OrderDelivered))
    assert delivered.complication and "COMPLICATION" in delivered.describe()


def test_a_courier_in_sight_of_the_enemy_can_be_caught() -> None:
    state = with_orders(game([UnitSetup("hq", "officer", "Blue", at(12.5, 62.5)),
                              UnitSetup("b1", "infantry", "Blue", at(612.5, 62.5)),
                              UnitSetup("r1", "cavalry", "Red", at(12.5, 487.5))]),
                        intercepted_at_most=10, complication_at_most=0)
    result = send(state, "b1", "hold the ford")
    sent = orders_in_transit(result.state)[0]
    assert sent.intercepted_by == "Red" and sent.caught_round == 2  # seen at once: caught as round 1 ends
    state, events = end_round(result.state)
    caught = [e for e in events if isinstance(e, OrderIntercepted)]
    assert [(e.unit, e.by_side) for e in caught] == [("b1", "Red")]
    assert orders_in_transit(state) == ()
    assert orders_received(state, "Blue") == []
    assert [m.text for m in orders_received(state, "Red")] == ["hold the ford"]
    state, events = end_round(state)
    assert not any(isinstance(e, OrderDelivered) for e in events)


def test_an_unseen_courier_rolls_no_interception_die() -> None:
    state = with_orders(game([UnitSetup("hq", "officer", "Blue", at(12.5, 62.5)),
                              UnitSetup("b1", "infantry", "Blue", at(112.5, 62.5))]), intercepted_at_most=10)
    dice = Dice(1760, 1)
    result = apply(state, Order("b1", "advance"), dice)
    assert len(dice.rolls) == 1  # the complication die only: no enemy on the map
    assert orders_in_transit(result.state)[0].intercepted_by is None


def test_refusals() -> None:
    state = game([UnitSetup("hq", "officer", "Blue", at(12.5, 62.5)), UnitSetup("b1", "infantry", "Blue", at(112.5, 62.5)),
                  UnitSetup("b2", "infantry", "Blue", at(800, 300)),  # beyond the river, no bridge
                  UnitSetup("r1", "infantry", "Red", at(400, 400))])
    red = apply(state, Order("r1", "attack"), Dice(1, 1))
    assert not red.accepted and "belongs to Red" in red.reason
    cut_off = apply(state, Order("b2", "attack"), Dice(1, 1))
    assert not cut_off.accepted and "no way for a courier from hq to b2" in cut_off.reason
    no_officer = apply(state.with_units(removed=["hq"]), Order("b1", "attack"), Dice(1, 1))
    assert not no_officer.accepted and "Blue has no officer" in no_officer.reason
    # a Fourth Edition game has no courier orders at all: V3's order is not one of its orders
    modern = apply(state.replace(ruleset=load_ruleset("modern-4e")), Order("b1", "attack"), Dice(1, 1))
    assert not modern.accepted and "'order' is not an order" in modern.reason
    # a house-rules copy of V3 without an [orders] table plays V3's code, which says what is missing
    without = MappingProxyType({k: v for k, v in state.ruleset.extras.items() if k != "orders"})
    uncarried = dataclasses.replace(state.ruleset, id="my-v3", based_on="kriegsspiel-v3", extras=without)
    copy = apply(state.replace(ruleset=uncarried), Order("b1", "attack"), Dice(1, 1))
    assert not copy.accepted and "use 'message' instead" in copy.reason


def test_the_nearest_officer_writes() -> None:
    state = with_orders(game([UnitSetup("hq", "officer", "Blue", at(12.5, 62.5)),
                              UnitSetup("brigadier", "officer", "Blue", at(512.5, 62.5)),
                              UnitSetup("b1", "infantry", "Blue", at(612.5, 62.5))]), intercepted_at_most=0)
    sent = orders_in_transit(send(state, "b1").state)[0]
    assert sent.officer == "brigadier" and sent.due_round == 2


# --- what the players' pictures say -------------------------------------------------------------------------


def picture(state: GameState, player: str) -> bytes:
    from kriegsspiel.core.sight import player_view
    from kriegsspiel.render.player_picture import draw_picture
    from kriegsspiel.pov.png import png_bytes
    from kriegsspiel.pov.public import public_map

    return png_bytes(draw_picture(player_view(state, player), public_map(state)))


def test_players_read_an_order_on_their_picture_only_once_it_arrived() -> None:
    """An order riding changes no pixel of either picture; delivered, it is listed on its side's picture with the
    game time it arrived; the other side never reads it."""
    from kriegsspiel.core.sight import Received, player_view

    state = with_orders(game([UnitSetup("hq", "officer", "Blue", at(12.5, 62.5)),
                              UnitSetup("b1", "infantry", "Blue", at(612.5, 62.5)),
                              UnitSetup("r1", "infantry", "Red", at(12.5, 487.5))]),
                        intercepted_at_most=0, complication_at_most=0)
    before = {p: picture(state, p) for p in ("B", "R")}
    riding = send(state, "b1", "take the bridge").state
    assert {p: picture(riding, p) for p in ("B", "R")} == before
    assert player_view(riding, "B").received == ()
    state, _ = end_round(riding)
    state, _ = end_round(state)  # due round 3: it arrives as round 2 ends
    assert player_view(state, "B").received == (Received(3, "order to b1", "take the bridge"),)
    assert player_view(state, "R").received == ()
    blue = pygame_image(picture(state, "B"))
    red = pygame_image(picture(state, "R"))
    assert blue.get_height() > red.get_height()  # the list of what arrived is under Blue's legend only


def test_a_caught_courier_is_read_by_the_side_that_caught_it() -> None:
    from kriegsspiel.core.sight import Received, player_view

    state = with_orders(game([UnitSetup("hq", "officer", "Blue", at(12.5, 62.5)),
                              UnitSetup("b1", "infantry", "Blue", at(612.5, 62.5)),
                              UnitSetup("r1", "cavalry", "Red", at(12.5, 487.5))]),
                        intercepted_at_most=10, complication_at_most=0)
    state, _ = end_round(send(state, "b1", "hold the ford").state)
    assert player_view(state, "R").received == (Received(2, "order of Blue to b1, its courier caught", "hold the ford"),)
    assert player_view(state, "B").received == ()


def pygame_image(data: bytes):
    import io

    import pygame

    return pygame.image.load(io.BytesIO(data), "x.png")
