"""Rule sets are chosen per game, never per process (issue 27 item 1): a Fourth Edition, a V3, a Diplomacy and a
unit-profiles game open in one process, their orders and turn ends interleaved, and each follows only its own
rules: its own command words, its own handlers (V3's couriers, the Fourth Edition's air turn) and nothing of the
others'."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kriegsspiel.core.commands import EndTurn, Message
from kriegsspiel.core.game import BASE_HANDLERS, CORE_RULES, rules_of
from kriegsspiel.store import AreaSession
from kriegsspiel.store import Game
from kriegsspiel.rulesets.kriegsspiel_v3.state import orders_in_transit

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "kriegsspiel" / "data"


def _copy(tmp_path: Path, scenario: str, board: str) -> Path:
    (tmp_path / "maps").mkdir(exist_ok=True)
    (tmp_path / "scenarios").mkdir(exist_ok=True)
    shutil.copy(DATA / "maps" / board, tmp_path / "maps")
    shutil.copy(DATA / "scenarios" / scenario, tmp_path / "scenarios")
    return tmp_path / "scenarios" / scenario


@pytest.fixture
def four_games(tmp_path: Path):
    fourth = Game.new(DATA / "scenarios" / "coastal.toml", tmp_path / "4e.kssave")
    v3 = Game.new(DATA / "scenarios" / "v3-weistritz.toml", tmp_path / "v3.kssave")
    diplomacy = AreaSession.new(_copy(tmp_path, "diplomacy-1901.toml", "diplomacy-standard.tmx"),
                             tmp_path / "dip.kssave")
    profiles = AreaSession.new(_copy(tmp_path, "unit-profiles-borderlands.toml", "unit-profiles-borderlands.tmx"),
                            tmp_path / "up.kssave")
    yield fourth, v3, diplomacy, profiles
    for game in (fourth, v3, diplomacy, profiles):
        game.close()


def _kinds(outcome) -> list[str]:
    return [event.kind for event in outcome.events]


def test_four_games_of_four_rule_sets_in_one_process_each_follow_their_own_rules(four_games) -> None:
    fourth, v3, diplomacy, profiles = four_games
    four_rules, v3_rules = rules_of(fourth.state), rules_of(v3.state)
    assert (four_rules.name, v3_rules.name) == ("modern-4e", "kriegsspiel-v3")
    # V3 wraps the end of a turn and the message for its own games; the Fourth Edition keeps the core's
    assert four_rules.handlers[EndTurn] is BASE_HANDLERS[EndTurn] is CORE_RULES.handlers[EndTurn]
    assert four_rules.handlers[Message] is BASE_HANDLERS[Message]
    assert v3_rules.handlers[EndTurn] is not BASE_HANDLERS[EndTurn]
    assert v3_rules.handlers[Message] is not BASE_HANDLERS[Message]
    # the Fourth Edition's air turn runs around its orders alone
    assert four_rules.turn is not v3_rules.turn and v3_rules.turn is CORE_RULES.turn

    # each game knows its own words only
    wrong_game = v3.submit("attack ir-forcade > ir-daun")
    assert not wrong_game.accepted and "unknown command 'attack'" in wrong_game.reason
    wrong_game = fourth.submit("combat melee b-cruiser > r-cruiser")
    assert not wrong_game.accepted and "unknown command 'combat'" in wrong_game.reason
    assert "combat" in v3_rules.words() and "combat" not in four_rules.words()
    assert "takeoff" in four_rules.words() and "takeoff" not in v3_rules.words()

    # interleaved: a V3 message rides by courier; the Fourth Edition's goes through the fog at once
    sent = v3.submit("message Austria we offer a truce")
    assert sent.accepted and _kinds(sent) == ["courier-message-sent"], sent.describe()
    told = fourth.submit("message Red hold your fire")
    assert told.accepted and _kinds(told)[0].startswith("message-") and "courier-message-sent" not in _kinds(told)
    assert orders_in_transit(fourth.state) == () and len(orders_in_transit(v3.state)) == 1

    out = diplomacy.submit("FRANCE: A PAR - BUR")
    assert out.accepted, out.reason
    assert not diplomacy.submit("turn").accepted  # a ruler game's word is no order of Diplomacy

    # the Fourth Edition's turn end closes its air turn (its planes in the air crash); V3's hands over orders
    ended = fourth.submit("turn")
    assert ended.accepted and fourth.state.side_to_move == "Red"
    ended = v3.submit("turn")
    assert ended.accepted and "air-turn-ended" not in _kinds(ended)
    assert v3.state.side_to_move == "Austria"
    assert profiles.submit("NORD: buy 2 infantry").accepted

    # a second round: every game still answers by its own rules
    assert fourth.submit("turn").accepted and fourth.state.round == 2
    v3_end = v3.submit("turn")
    assert v3_end.accepted and v3.state.round == 2
    assert diplomacy.submit("confirm").accepted and diplomacy.turn.position.phase == "F1901M"
    assert profiles.submit("confirm").accepted
    assert rules_of(fourth.state) is four_rules and rules_of(v3.state) is v3_rules


def test_the_toy_rule_set_of_the_tests_is_unknown_to_the_shipped_games(four_games) -> None:
    """A rule set another game does not use adds nothing to it: the toy's 'cheer' (installed only in the
    architecture test's own site) is no word of a Fourth Edition or V3 game, which only know theirs."""
    fourth, v3, _, _ = four_games
    for game in (fourth, v3):
        refused = game.submit("cheer b1")
        assert not refused.accepted and "unknown command 'cheer'" in refused.reason
