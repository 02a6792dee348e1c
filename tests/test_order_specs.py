"""The window aims orders by the rule sets' hints (``OrderSpec``, issue 27 item 4) and knows no order's word:
each game's keys, groups, numbers of targets, structures, confirmation, friendly and point targets come from its
own rule set. The expected values are the tables the window itself held before it read the hints, so aiming
under the Fourth Edition and V3 is what it was."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from kriegsspiel.app import targeting, transport_orders
from kriegsspiel.core.game import CORE_RULES, OrderSpec, rules_for
from kriegsspiel.core.state import GameState
from kriegsspiel.rulesets import load_ruleset
from kriegsspiel.store import Game
from test_app_support import map_loader, write_scenario

DATA = Path(__file__).resolve().parent.parent / "kriegsspiel" / "data"

#: the window's own tables before it read the hints (app/targeting.py, app/transport_orders.py)
KEY_ORDERS = {
    pygame.K_a: "attack", pygame.K_f: "fire", pygame.K_b: "bomb", pygame.K_m: "missile", pygame.K_t: "torpedo",
    pygame.K_d: "dogfight", pygame.K_k: "kamikaze", pygame.K_o: "board", pygame.K_s: "sortie",
    pygame.K_c: "depthcharge", pygame.K_n: "nuke",
}
MANY_SHOOTERS = {"attack", "fire", "dogfight", "load"}
MANY_TARGETS = {"attack", "fire", "dogfight", "bomb", "pulse", "airlift"}
AT_STRUCTURES = {"fire", "bomb", "missile", "nuke"}
CONFIRMED = {"nuke"}
TRANSPORT = ["takeoff", "land", "survey", "pulse", "airlift", "load", "disembark"]
NO_TARGET = {"takeoff", "survey"}
OPTIONAL_TARGETS = {"land", "pulse"}
AT_FRIENDS = {"land", "load", "airlift"}
AT_POINT = {"disembark"}


@pytest.fixture
def state(tmp_path) -> GameState:
    game = Game.new(write_scenario(tmp_path), tmp_path / "test.kssave", map_loader=map_loader)
    yield game.state
    game.close()


def test_the_keys_are_the_rule_sets_keys_in_its_order(state: GameState) -> None:
    assert state.ruleset.rules_id == "modern-4e"
    assert targeting.key_orders(state) == KEY_ORDERS
    assert list(targeting.key_orders(state).values()) == list(KEY_ORDERS.values())
    assert targeting.row_label(state, "fire") == "fire  (F)" and targeting.row_label(state, "takeoff") == "takeoff"


def test_the_fourth_editions_orders_are_aimed_as_before(state: GameState) -> None:
    words = [w for w, spec in targeting.order_specs(state).items() if spec.menu in ("weapons", "transport")]
    aims = {w: targeting.aim(state, w, ("r1",)) for w in words}
    # the others are rows of a unit's own menu: spy is sent as it is, build begun in the console
    others = {w: s for w, s in targeting.order_specs(state).items() if w not in words}
    assert {w: (s.menu, s.begin) for w, s in others.items()} == {"spy": ("unit", None), "build": ("unit", "build {id} > ")}
    assert {w for w in words if targeting.spec_of(state, w).shooters == "many"} == MANY_SHOOTERS
    assert {w for w, a in aims.items() if a.hints.targets == -1} == MANY_TARGETS
    assert {w for w, a in aims.items() if a.hints.structures} == AT_STRUCTURES
    assert {w for w, a in aims.items() if a.hints.confirm} == CONFIRMED
    assert {w for w, a in aims.items() if not a.goes_at_once} == MANY_TARGETS | CONFIRMED
    assert [w for w in words if targeting.spec_of(state, w).menu == "transport"] == TRANSPORT
    assert {w for w, a in aims.items() if a.ready} == NO_TARGET | OPTIONAL_TARGETS  # nothing chosen yet
    assert {w for w, a in aims.items() if a.hints.aim == "friend"} == AT_FRIENDS
    assert {w for w, a in aims.items() if a.hints.aim == "point"} == AT_POINT
    assert aims["takeoff"].line() == "takeoff r1" and aims["fire"].line(["c1"]) == "fire r1 > c1"


def test_a_v3_combat_takes_several_attackers_and_defenders(tmp_path) -> None:
    game = Game.new(DATA / "scenarios" / "v3-weistritz.toml", tmp_path / "v3.kssave")
    try:
        assert targeting.key_orders(game.state) == {}
        combat = targeting.spec_of(game.state, "combat")
        assert (combat.shooters, combat.targets) == ("many", -1)
    finally:
        game.close()


def test_the_rule_set_says_who_gives_the_air_and_transport_orders(tmp_path) -> None:
    game = Game.new(DATA / "scenarios" / "coastal.toml", tmp_path / "coastal.kssave")
    try:
        state = game.state
        kinds = {u.id: state.ruleset.unit_type(u.type_id).theatre for u in state.units.values()}
        assert set(kinds.values()) == {"air", "army", "navy"}
        for unit in state.units.values():
            rows = transport_orders.menu_rows(state, unit)
            flies = kinds[unit.id] == "air"
            assert ("takeoff" in rows, "land" in rows) == (flies, flies), unit.id
            weapons = targeting.menu_items(state, [unit.id])[: len(targeting.menu_items(state, [unit.id])) - len(rows)]
            assert ("attack" in weapons) == (not flies and state.ruleset.unit_type(unit.type_id).can("attack")), unit.id
            aboard = [u for u in state.units.values() if u.carried_by == unit.id]
            for rider in aboard:  # a unit aboard gives its orders from the carrier's menu
                assert any(row.endswith(f" {rider.id}") for row in rows), (unit.id, rider.id)
        # land aims at airfields and carriers of its own side, load at ships with room for land units
        plane = next(u for u in state.units.values() if kinds[u.id] == "air" and u.carried_by is None)
        places = targeting.aim(state, "land", (plane.id,)).verdicts(state)
        for name in places:
            unit = state.unit(name)
            assert unit is None or (unit.side == plane.side and state.ruleset.unit_type(unit.type_id).air_capacity > 0)
    finally:
        game.close()


def test_a_hint_names_an_order_of_its_rules() -> None:
    assert CORE_RULES.order_specs == {}
    with pytest.raises(ValueError, match="order hints of words that are no order: cheer"):
        CORE_RULES.extended("mine", specs=(OrderSpec("cheer"),))
    for name in ("modern-4e", "kriegsspiel-v3"):
        rules = rules_for(load_ruleset(name))
        assert all(rules.is_order_word(word) for word in rules.order_specs), name


def test_the_shells_list_of_a_units_orders_comes_from_the_hints(tmp_path) -> None:
    import dataclasses

    from kriegsspiel.shell.queries import unit_orders

    game = Game.new(DATA / "scenarios" / "coastal.toml", tmp_path / "coastal.kssave")
    try:
        state = game.state
        assert unit_orders(state, state.unit("b-fighter"))[:3] == ["move", "takeoff", "land"]
        assert unit_orders(state, state.unit("b-marines"))[:2] == ["move", "load"]
        assert unit_orders(state, state.unit("b-assault"))[:2] == ["move", "disembark"]  # aboard the amphibious
        assert "takeoff" not in unit_orders(state, state.unit("b-carrier"))
        # without the air turn no aircraft is grounded: takeoff and land are neither listed nor in its menu
        no_air = dataclasses.replace(state, setup=dataclasses.replace(state.setup, air_theatre=False))
        assert "takeoff" not in unit_orders(no_air, no_air.unit("b-fighter"))
        assert "takeoff" not in targeting.menu_items(no_air, ["b-fighter"])
    finally:
        game.close()
