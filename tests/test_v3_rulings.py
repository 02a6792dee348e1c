"""Ruleset V3 as docs/rulings.md ("Rulings added after play-testing (2026-11)") words it, one test per ruling:

- "Messages between players go by courier like orders (same speed, same d10 complication on a 1)."
- "A combat group attacks at most once per turn, only in its own side's turn. In the two mirrored charts a roll
  of 1-5 applies the result to the attacker, and the attacker is marked with it exactly as a defender would be."
- "Rally (disruption down one level per turn): only for a unit in cover (rough terrain or a structure) with no
  enemy unit within 300 m. Recovery (+1 HP per turn, never above 5): only for a unit within 200 m of its own
  side's supply wagon, or in cover with no enemy within 300 m. The umpire may force either."
- and issue 14, item 15: a message is never "intercepted" by its own recipient.

The map (tests/test_v3_combat.py): open fields of 25 m tiles, a river down x 750..775, a road along y 50..75.
"""
from __future__ import annotations

import dataclasses

import pytest

from kriegsspiel.core.commands import EndTurn, Force, Message
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.game import apply
from kriegsspiel.core.state import GameState, UnitSetup
from kriegsspiel.rulesets.kriegsspiel_v3.combat import PendingCombat
from kriegsspiel.rulesets.kriegsspiel_v3.commands import Combat, Rally, Recover, Resolve
from test_v3_combat import RULES, at, battlefield, game
from kriegsspiel.rulesets.kriegsspiel_v3.state import disruption as disruption_of, orders_in_transit, unit_slot, with_pending_combat
from types import MappingProxyType
from kriegsspiel.rulesets.kriegsspiel_v3.rules import order_tables


def with_orders(state: GameState, **changes) -> GameState:
    return state.replace(ruleset=dataclasses.replace(
        RULES, extras=MappingProxyType({**RULES.extras, "orders": dataclasses.replace(order_tables(RULES), **changes)})))


def end_round(state: GameState) -> tuple[GameState, list]:
    events: list = []
    start = state.round
    while state.round == start:
        result = apply(state, EndTurn(), Dice(1760, 99))
        state = result.state
        events.extend(result.events)
    return state, events


# --- messages by courier ------------------------------------------------------------------------------------


def _two_officers(**changes) -> GameState:
    # Blue's officer and Red's, 600 m apart on the road: two rounds at 300 m a round
    return with_orders(game([UnitSetup("hq", "officer", "Blue", at(12.5, 62.5)),
                             UnitSetup("rhq", "officer", "Red", at(612.5, 62.5))]), **changes)


def test_a_message_between_players_rides_by_courier_and_arrives_after_the_ride() -> None:
    from kriegsspiel.core.sight import Received, player_view

    state = _two_officers(intercepted_at_most=0, complication_at_most=0)
    result = apply(state, Message("Red", "parley at the bridge"), Dice(1760, 1))
    assert result.accepted, result
    sent = orders_in_transit(result.state)[0]
    assert (sent.officer, sent.unit, sent.recipient) == ("hq", "rhq", "Red")
    assert sent.metres == pytest.approx(600) and sent.due_round == 3  # the courier's 300 m a round, as an order
    state, _ = end_round(result.state)
    assert player_view(state, "R").received == ()  # still riding after one round
    state, events = end_round(state)
    assert player_view(state, "R").received == (Received(3, "message from Blue", "parley at the bridge"),)
    assert player_view(state, "B").received == ()
    assert [m.outcome for m in state.messages] == ["delivered"]
    assert any("message of Blue delivered to Red (rhq): parley at the bridge" == e.describe() for e in events)


def test_a_message_has_the_orders_complication_on_a_one() -> None:
    state = _two_officers(intercepted_at_most=0, complication_at_most=10)
    dice = Dice(1760, 1)
    sent = apply(state, Message("R", "hello"), dice).state  # to the player R of Red
    assert dice.rolls[0][0] == 10  # the d10 of a complication, as an order rolls
    state, _ = end_round(sent)
    state, events = end_round(state)
    arrived = [e.describe() for e in events if "delivered to R" in e.describe()]
    assert arrived and "COMPLICATION" in arrived[0]


def test_a_message_needs_officers_at_both_ends() -> None:
    state = game([UnitSetup("hq", "officer", "Blue", at(12.5, 62.5)), UnitSetup("r1", "infantry", "Red", at(600, 60))])
    refused = apply(state, Message("Red", "hello"), Dice(1, 1))
    assert not refused.accepted and "Red has no officer" in refused.reason
    unknown = apply(state, Message("Green", "hello"), Dice(1, 1))
    assert not unknown.accepted and "no side or player 'Green'" in unknown.reason


def test_the_recipient_never_intercepts_its_own_message_by_courier() -> None:
    """Red's officer watches the whole road; a courier within sight is caught on any d10 here: yet a message
    for Red is never caught by Red (its only enemy), and an order in the same place is."""
    from kriegsspiel.rulesets.kriegsspiel_v3.commands import Order

    state = with_orders(game([UnitSetup("hq", "officer", "Blue", at(12.5, 62.5)),
                              UnitSetup("b1", "infantry", "Blue", at(612.5, 87.5)),
                              UnitSetup("rhq", "officer", "Red", at(612.5, 62.5))]), intercepted_at_most=10)
    for index in range(20):
        sent = orders_in_transit(apply(state, Message("Red", "parley"), Dice(1760, index)).state)[0]
        assert sent.intercepted_by is None
    caught = orders_in_transit(apply(state, Order("b1", "advance"), Dice(1760, 1)).state)[0]
    assert caught.intercepted_by == "Red"


def test_a_fourth_edition_message_to_the_only_enemy_is_never_intercepted_by_it() -> None:
    """Through the fog of war (F = 1: every message fails), a failed message between the only two sides is lost
    or altered; it is never "intercepted" by the side it was written to."""
    from fixtures_core import state as modern_state

    s = modern_state(fog_of_war=1)
    outcomes = set()
    for index in range(200):
        result = apply(s, Message("Crown", "we ask terms"), Dice(1777, index))
        record = result.state.messages[-1]
        outcomes.add(record.outcome)
        assert record.received_by != "Crown" or record.outcome == "altered"
    assert outcomes == {"lost", "altered"}
    # with a player of one's own side as recipient, the enemy still intercepts
    own = {apply(s, Message("Washington", "hold"), Dice(1777, i)).state.messages[-1].received_by for i in range(200)}
    assert "Crown" in own


# --- combat: once a turn, in its own side's turn; a hit attacker marked as a defender -----------------------


def _pending(state: GameState, chart: str, attackers, defenders, roll: int) -> GameState:
    return with_pending_combat(state, PendingCombat(chart, tuple(attackers), tuple(defenders), roll, ()))


def test_a_combat_group_attacks_once_a_turn_whichever_side_the_result_hits() -> None:
    state = game([UnitSetup("b1", "infantry", "Blue", at(300, 250)), UnitSetup("r1", "infantry", "Red", at(380, 250))])
    for roll in (5, 3, 8):  # faces 5 and 3 hit the attacker (nothing; retreat), face 8 the defender
        after = apply(_pending(state, "firefight", ["b1"], ["r1"], roll), Resolve(), Dice(1, 1)).state
        assert after.units["b1"].attacked_this_turn
        again = apply(after, Combat("firefight", ("b1",), ("r1",)), Dice(1, 2))
        assert not again.accepted and again.forceable
        assert "b1 has already attacked this turn" in again.reason
        assert apply(after, Force(Combat("firefight", ("b1",), ("r1",))), Dice(1, 2)).accepted
    # a new round: it may attack again
    rested, _ = end_round(apply(_pending(state, "firefight", ["b1"], ["r1"], 5), Resolve(), Dice(1, 1)).state)
    assert apply(rested, Combat("firefight", ("b1",), ("r1",)), Dice(1, 3)).accepted


def test_a_unit_that_attacked_may_still_move_in_its_turn_under_v3() -> None:
    # Ruleset V3 limits a combat group to one attack a turn; unlike the Fourth Edition's attack table it does not
    # end the unit's turn: after its combat the unit may still march (within what it has left)
    from kriegsspiel.core.commands import Move

    state = game([UnitSetup("b1", "infantry", "Blue", at(300, 250)), UnitSetup("r1", "infantry", "Red", at(380, 250))])
    after = apply(_pending(state, "firefight", ["b1"], ["r1"], 8), Resolve(), Dice(1, 1)).state
    assert after.units["b1"].attacked_this_turn
    moved = apply(after, Move("b1", at(300, 200)), Dice(1, 2))
    assert moved.accepted, moved.reason


def test_a_combat_group_attacks_only_in_its_own_sides_turn() -> None:
    state = game([UnitSetup("b1", "infantry", "Blue", at(300, 250)), UnitSetup("r1", "infantry", "Red", at(380, 250))])
    assert state.side_to_move == "Blue"
    out_of_turn = apply(state, Combat("firefight", ("r1",), ("b1",)), Dice(1, 1))
    assert not out_of_turn.accepted and out_of_turn.forceable
    assert "it is Blue's turn; Red attacks only in its own turn" in out_of_turn.reason
    red_turn = apply(state, EndTurn(), Dice(1, 2)).state
    assert apply(red_turn, Combat("firefight", ("r1",), ("b1",)), Dice(1, 3)).accepted


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5])
def test_a_hit_attacker_carries_the_result_exactly_as_a_defender_would(face: int) -> None:
    """The firefight chart is mirrored: face f on the attacker is the result of face 11 - f on the defender.
    The same unit (3 HP), hit either way, ends with the same HP, disruption, out-of-control rounds and retreat."""
    hit_as_attacker = game([UnitSetup("u", "infantry", "Blue", at(300, 250), health=3),
                            UnitSetup("e", "infantry", "Red", at(380, 250))])
    hit_as_defender = game([UnitSetup("e", "infantry", "Blue", at(380, 250)),
                            UnitSetup("u", "infantry", "Red", at(300, 250), health=3)])
    a = apply(_pending(hit_as_attacker, "firefight", ["u"], ["e"], face), Resolve(), Dice(1, 1)).state.units
    d = apply(_pending(hit_as_defender, "firefight", ["e"], ["u"], 11 - face), Resolve(), Dice(1, 1)).state.units
    assert ("u" in a) == ("u" in d)
    if "u" in a:
        mark = lambda u: (u.health, disruption_of(u), u.disabled_rounds, round(u.position.x, 6), round(u.position.y, 6))
        assert mark(a["u"]) == mark(d["u"])
        assert a["u"].attacked_this_turn and not d["u"].attacked_this_turn
    assert a["e"] == hit_as_attacker.units["e"]  # the defender is untouched


# --- rally and recovery --------------------------------------------------------------------------------------


def _forest_game(units: list[UnitSetup]) -> GameState:
    bf = battlefield()
    terrain = bf.terrain.copy()
    terrain[8:12, 4:8] = 2  # a forest (rough terrain) at x 100..200, y 200..300
    return game(units, dataclasses.replace(bf, terrain=terrain, blocks_sight=terrain == 2))


@pytest.mark.parametrize("where, enemy_at, allowed, reason", [
    ((150, 250), (500, 250), True, None),                  # in the forest, the enemy 350 m off
    ((150, 250), (420, 250), False, "r1 270 m away (no enemy within 300 m)"),
    ((400, 250), (750 - 1, 480), False, "not in cover (rough terrain or a structure)"),  # open field, enemy far
])
def test_rally_only_in_cover_and_clear_of_the_enemy(where, enemy_at, allowed, reason) -> None:
    state = _forest_game([UnitSetup("b1", "infantry", "Blue", at(*where)),
                          UnitSetup("r1", "infantry", "Red", at(*enemy_at))])
    state = state.with_units(state.units["b1"].replace(slot=unit_slot(2)))
    result = apply(state, Rally("b1"), Dice(1, 1))
    assert result.accepted is allowed, result
    if allowed:
        assert disruption_of(result.state.units["b1"]) == 1
    else:
        assert result.forceable and reason in result.reason
        forced = apply(state, Force(Rally("b1")), Dice(1, 1))
        assert forced.accepted and disruption_of(forced.state.units["b1"]) == 1


def test_rally_once_a_round() -> None:
    state = _forest_game([UnitSetup("b1", "infantry", "Blue", at(150, 250)),
                          UnitSetup("r1", "infantry", "Red", at(600, 450))])
    state = state.with_units(state.units["b1"].replace(slot=unit_slot(2)))
    once = apply(state, Rally("b1"), Dice(1, 1)).state
    twice = apply(once, Rally("b1"), Dice(1, 2))
    assert not twice.accepted and twice.forceable and "already rallied this round" in twice.reason
    assert disruption_of(once.units["b1"]) == 1
    next_round, _ = end_round(once)
    assert disruption_of(apply(next_round, Rally("b1"), Dice(1, 3)).state.units["b1"]) == 0


@pytest.mark.parametrize("where, wagon_at, enemy_at, allowed, reason", [
    ((400, 250), (550, 250), (500, 320), True, None),          # the wagon 150 m off: the enemy near matters not
    ((150, 250), (700, 480), (500, 250), True, None),          # in the forest, the enemy 350 m off
    ((150, 250), (700, 480), (420, 250), False, "r1 270 m away (no enemy within 300 m)"),
    ((400, 250), (700, 480), (700, 100), False, "not in cover"),  # in the open, the wagon too far
])
def test_recovery_near_the_wagon_or_in_cover_clear_of_the_enemy(where, wagon_at, enemy_at, allowed, reason) -> None:
    state = _forest_game([UnitSetup("b1", "infantry", "Blue", at(*where), health=3),
                          UnitSetup("wagon", "supply-wagon", "Blue", at(*wagon_at)),
                          UnitSetup("r1", "infantry", "Red", at(*enemy_at))])
    result = apply(state, Recover("b1"), Dice(1, 1))
    assert result.accepted is allowed, result
    if allowed:
        assert result.state.units["b1"].health == 4
    else:
        assert result.forceable and reason in result.reason
        assert apply(state, Force(Recover("b1")), Dice(1, 1)).state.units["b1"].health == 4


def test_recovery_once_a_round() -> None:
    state = _forest_game([UnitSetup("b1", "infantry", "Blue", at(400, 250), health=3),
                          UnitSetup("wagon", "supply-wagon", "Blue", at(450, 250))])
    once = apply(state, Recover("b1"), Dice(1, 1)).state
    twice = apply(once, Recover("b1"), Dice(1, 2))
    assert not twice.accepted and twice.forceable and "already recovered this round" in twice.reason
    assert once.units["b1"].health == 4
    next_round, _ = end_round(once)
    assert apply(next_round, Recover("b1"), Dice(1, 3)).state.units["b1"].health == 5


# --- through the command line: kriegsspiel shell, then kriegsspiel replay --json ---------------------------


def test_the_rulings_through_the_shell_and_replay_json(repo, tmp_path) -> None:
    import json
    import subprocess
    import sys

    save = tmp_path / "weistritz.kssave"
    script = "\n".join([
        "message Austria we ask leave to bury the dead",  # ferdinand to lacy: 2195 m, due round 9
        "combat melee ir-daun > ir-forcade",               # Austria's group in Prussia's turn
        "recover ir-forcade",                              # at full HP: refused, not forceable
        *["turn"] * 16,
        "quit",
    ]) + "\n"
    shell = subprocess.run([sys.executable, "-m", "kriegsspiel", "shell", str(repo / "kriegsspiel" / "data" / "scenarios" / "v3-weistritz.toml"),
                            "--save", str(save)], input=script, capture_output=True, text=True, timeout=300)
    assert shell.returncode == 0, shell.stderr
    out = shell.stdout
    assert "message of Prussia for Austria leaves ferdinand by courier for lacy" in out
    assert "refused: it is Prussia's turn; Austria attacks only in its own turn (force to override)" in out
    assert "message of Prussia delivered to Austria (lacy): we ask leave to bury the dead" in out
    replay = subprocess.run([sys.executable, "-m", "kriegsspiel", "replay", "--json", str(save)],
                            capture_output=True, text=True, timeout=300)
    assert replay.returncode == 0, replay.stderr
    data = json.loads(replay.stdout)
    assert data["round"] == 9
    assert data["messages"] == [{"round": 9, "sender": "Prussia", "recipient": "Austria", "outcome": "delivered",
                                 "received_by": "Austria", "received_text": "we ask leave to bury the dead"}]
    assert data["units"]["ir-daun"]["disruption"] == 0
    at_round_8 = subprocess.run([sys.executable, "-m", "kriegsspiel", "replay", "--json", "--to", "15", str(save)],
                                capture_output=True, text=True, timeout=300)
    assert json.loads(at_round_8.stdout)["messages"] == []  # still riding: nobody has read it
