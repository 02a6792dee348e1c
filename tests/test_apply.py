"""The one door: every order accepted with its effects, every refusal with its reason, forcing, rounds."""
from __future__ import annotations

import dataclasses
from types import MappingProxyType

import pytest

from fixtures_core import dice, ruleset, state
from kriegsspiel.core.game import CORE_RULES, Accepted, Rejected, apply, apply_forced, rules_for
from kriegsspiel.core.commands import Score
from kriegsspiel.core.events import Forced, Moved, Revealed, event_from_json
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.commands import parse_command
from kriegsspiel.core.state import UnitSetup, VictorySetup
from kriegsspiel.core.state import GameState


def play(s: GameState, *lines: str) -> tuple[GameState, list]:
    """Apply each line (all must be accepted); returns the last state and all events."""
    events = []
    for index, line in enumerate(lines, start=1):
        outcome = apply(s, parse_command(line), dice(index))
        assert isinstance(outcome, Accepted), f"{line!r} was refused: {outcome.reason}"
        s = outcome.state
        events.extend(outcome.events)
    return s, events


def refusal(s: GameState, line: str) -> Rejected:
    outcome = apply(s, parse_command(line), dice())
    assert isinstance(outcome, Rejected), f"{line!r} was accepted: {[e.describe() for e in outcome.events]}"
    return outcome


def crown() -> GameState:
    return state(first_side="Crown")


def test_every_order_has_one_handler_in_every_rule_set() -> None:
    from kriegsspiel.rulesets import load_ruleset

    for rules in (CORE_RULES, *(rules_for(load_ruleset(name)) for name in ("modern-4e", "kriegsspiel-v3"))):
        assert set(rules.handlers) == set(rules.notation.orders.values()), rules.name


# --- move ---------------------------------------------------------------------------------------------


def test_a_move_draws_on_the_allowance_and_two_moves_share_it() -> None:
    s, events = play(state(), "move va1 > 5.5,5.5")
    va1 = s.units["va1"]
    assert va1.position == WorldPoint(5.5, 5.5)
    assert va1.movement_used == pytest.approx(4.0, rel=0.005)
    assert va1.moved_this_turn
    assert isinstance(events[0], Moved) and events[0].allowance_left == pytest.approx(6.0, rel=0.005)
    # 2.5 of plains + 0.5 of forest at 75%: 2.5 + 0.67 = 3.17 of the 6 left
    s, _ = play(s, "move va1 > 8.5,5.5")
    assert s.units["va1"].movement_used == pytest.approx(7.1667, rel=0.01)
    reason = refusal(s, "move va1 > 1.5,5.5").reason
    assert reason == "va1: plains and forest cost 7.2, infantry has 2.8 left (force to override)"


@pytest.mark.parametrize(
    "line, reason",
    [
        ("move va9 > 3,3", "there is no unit 'va9' (did you mean 'va1' or 'va2' or 'va3'?)"),
        ("move va1 > 1.5,5.5", "va1 already stands at 1.5,5.5"),
        ("move cav1 > 9.5,7", "cav1 belongs to Crown; it is Rebel's turn (force to override)"),
        ("move va1 > 15.5,5.5", "va1: water: infantry cannot enter water (force to override)"),
        ("move va1 > 25,5", "va1: off the map (force to override)"),
        ("move va1 > 1.5,19", "va1: off the map (force to override)"),
        ("move sub1 > 10,2.5", "sub1: forest: attack-submarine cannot enter forest (force to override)"),
    ],
)
def test_move_refusals(line: str, reason: str) -> None:
    assert refusal(state(), line).reason == reason


def test_unknown_units_and_standing_still_cannot_be_forced() -> None:
    assert refusal(state(), "move va9 > 3,3").forceable is False
    assert isinstance(apply_forced(state(), parse_command("move va9 > 3,3"), dice()), Rejected)


def test_a_disabled_or_carried_unit_does_not_move() -> None:
    s = state()
    s = s.with_units(s.units["va1"].replace(disabled_rounds=2), s.units["va2"].replace(carried_by="dd1"))
    assert refusal(s, "move va1 > 3,3").reason == "va1 is disabled for 2 more round(s) (force to override)"
    assert refusal(s, "move va2 > 3,3").reason == "va2 is carried by dd1; move the carrier (force to override)"


def test_a_forced_move_goes_where_the_umpire_says_and_says_what_it_overrode() -> None:
    outcome = apply_forced(state(), parse_command("move va1 > 15.5,5.5"), dice())
    assert isinstance(outcome, Accepted)
    assert outcome.state.units["va1"].position == WorldPoint(15.5, 5.5)
    assert outcome.overridden == "va1: water: infantry cannot enter water"
    assert isinstance(outcome.events[0], Forced) and "cannot enter water" in outcome.events[0].describe()
    # the straight line's length is drawn from the allowance when the terrain is impassable
    assert outcome.state.units["va1"].movement_used == pytest.approx(14.0)


def test_force_wrapper_goes_through_apply() -> None:
    outcome = apply(state(), parse_command("force move cav1 > 9.5,7"), dice())
    assert isinstance(outcome, Accepted) and outcome.overridden == "cav1 belongs to Crown; it is Rebel's turn"


def test_forcing_a_legal_order_overrides_nothing() -> None:
    outcome = apply_forced(state(), parse_command("move va1 > 3.5,5.5"), dice())
    assert isinstance(outcome, Accepted) and outcome.overridden is None
    assert not any(isinstance(e, Forced) for e in outcome.events)


def test_a_ship_keeps_within_its_heading_limit_and_its_heading_follows_its_moves() -> None:
    s = crown()
    reason = refusal(s, "move dd1 > 19.5,5.5").reason
    assert reason == ("dd1: destroyer may turn at most 30 deg in a turn; this move turns 90 deg from 0 deg, its heading when "
                      "the turn began (force to override)")
    s, events = play(s, "move dd1 > 17.5,3.5")  # bearing 26.6 deg from heading 0
    assert s.units["dd1"].heading == pytest.approx(26.565, abs=0.01)
    assert events[0].describe().endswith(", heading 26.6 deg")


def test_the_heading_command() -> None:
    s, events = play(crown(), "heading dd1 90")
    assert s.units["dd1"].heading == 90.0 and s.units["dd1"].heading_changed_this_turn
    assert "may not move again this turn" in events[0].describe()
    assert "changed heading this turn" in refusal(s, "move dd1 > 19.5,5.5").reason
    moved, _ = play(crown(), "move dd1 > 16.5,3.5")
    assert refusal(moved, "heading dd1 90").reason == (
        "dd1 has moved this turn; a ship changes heading instead of moving (force to override)"
    )
    assert refusal(crown(), "heading cav1 90").reason == (
        "Light cavalry turns freely; the heading command is for ships with a heading limit (force to override)"
    )


# --- hide and reveal ----------------------------------------------------------------------------------


def test_hide_in_forest_or_in_a_building() -> None:
    s, _ = play(state(), "move va1 > 8.5,5.5", "hide va1", "hide va2")
    assert s.units["va1"].hidden and s.units["va2"].hidden


@pytest.mark.parametrize(
    "setup_lines, line, reason, forceable",
    [
        ((), "hide va1", "Infantry cannot hide on plains; it hides in: forest, forest-hills, swamp, building, settlement", True),
        ((), "hide art1", "Light artillery cannot hide on plains; it hides in: forest, forest-hills, swamp", True),
        ((), "hide sub1", "sub1 is already hidden", True),
        ((), "hide cav1", "cav1 belongs to Crown; it is Rebel's turn", True),
        (("hide va2", "move va3 > 2.7,5.5"), "hide va3", "Infantry cannot hide on plains", True),  # the building hides one
        (("move va1 > 9.5,5.5",), "hide va1", "enemy cav1 is within 3 of va1", True),
        ((), "reveal va1", "va1 is not hidden; only a hidden unit can be revealed", False),
    ],
)
def test_hide_and_reveal_refusals(setup_lines, line, reason, forceable) -> None:
    s, _ = play(state(), *setup_lines)
    outcome = refusal(s, line)
    assert outcome.reason.startswith(reason)
    assert outcome.forceable is forceable


def test_a_cavalry_unit_cannot_hide_anywhere() -> None:
    s = crown()
    assert refusal(s, "hide cav1").reason == "Light cavalry cannot hide (force to override)"


def test_reveal_a_hidden_unit() -> None:
    s, events = play(state(), "hide va2", "reveal va2")
    assert not s.units["va2"].hidden
    assert events[-1] == Revealed("va2", "by order")


def test_moving_onto_open_ground_exposes_a_hidden_unit() -> None:
    s, _ = play(state(), "move va1 > 8.5,5.5", "hide va1")
    kept, _ = play(s, "move va1 > 9.5,4.5")  # forest to forest
    assert kept.units["va1"].hidden
    s, events = play(s, "move va1 > 7.5,5.5")
    assert not s.units["va1"].hidden
    assert events[-1] == Revealed("va1", "exposed: Infantry cannot hide on plains")


def test_an_enemy_coming_within_three_exposes_a_hidden_land_unit() -> None:
    s, _ = play(state(), "move va1 > 8.5,5.5", "hide va1", "turn")
    s, events = play(s, "move cav1 > 9.5,7.5")  # 2.2 from va1
    assert not s.units["va1"].hidden
    assert events[-1] == Revealed("va1", "exposed: enemy cav1 within 2.2")


def test_a_hidden_submarine_is_not_exposed_by_a_nearby_ship() -> None:
    s, _ = play(crown(), "move dd1 > 17.5,3.5")
    assert s.units["sub1"].hidden


# --- convert, merge, split ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "unit, health, expected",
    [("art1", 6, 3), ("art1", 8, 4), ("art1", 1, 1), ("va1", None, None)],
)
def test_convert_keeps_the_fraction_of_health(unit: str, health: int | None, expected: int | None) -> None:
    s = state()
    if health is not None:
        s = s.with_units(s.units[unit].replace(health=health))
    if expected is None:
        outcome = refusal(s, f"convert {unit}")
        assert outcome.reason == "Infantry cannot be converted; only artillery and cavalry convert"
        assert not outcome.forceable
        return
    s, events = play(s, f"convert {unit}")
    assert s.units[unit].type_id == "infantry" and s.units[unit].health == expected


def test_merge_adds_health_and_size_at_the_first_units_place() -> None:
    s, _ = play(state(), "move va3 > 2.5,6.5", "merge va1 va3 > reg1")
    reg = s.units["reg1"]
    assert "va1" not in s.units and "va3" not in s.units
    assert (reg.health, reg.size, reg.position) == (7, 2.0, WorldPoint(1.5, 5.5))
    assert reg.movement_used == pytest.approx(1.0, rel=0.01)  # the most any of them used


@pytest.mark.parametrize(
    "line, reason, forceable",
    [
        ("merge va1 art1 > x", "art1 is light-artillery, va1 is infantry; only one type merges", True),
        ("merge va1 va2 > va3", "the id 'va3' is already taken by a unit; choose another", False),
        ("merge va1 va9 > x", "there is no unit 'va9'", False),
        ("merge va1 inf9 > x", "inf9 belongs to Crown; it is Rebel's turn", True),
        ("merge va1 va3 > x", "va3 is 3.1 from va1; merging units stand within 3", True),
    ],
)
def test_merge_refusals(line: str, reason: str, forceable: bool) -> None:
    s = state()
    s = s.with_units(s.units["va3"].replace(position=WorldPoint(4.6, 5.5)))  # just out of reach of va1
    outcome = refusal(s, line)
    assert outcome.reason.startswith(reason)
    assert outcome.forceable is forceable


def test_merging_across_sides_is_named_among_what_a_forced_merge_overrode() -> None:
    """Units of two sides: the turn check speaks first, so this reason is seen when the umpire forces it."""
    s = state()
    s = s.with_units(s.units["inf9"].replace(position=WorldPoint(2.5, 5.5)))
    outcome = apply_forced(s, parse_command("merge va1 inf9 > x"), dice())
    assert isinstance(outcome, Accepted)
    assert outcome.overridden == "inf9 belongs to Crown; it is Rebel's turn; inf9 belongs to Crown, va1 to Rebel"
    assert outcome.state.units["x"].side == "Rebel" and outcome.state.units["x"].health == 8


def test_the_merged_id_may_be_one_of_the_merged_units() -> None:
    s, _ = play(state(), "merge va1 va2 > va1")
    assert s.units["va1"].health == 8 and "va2" not in s.units


def test_split_divides_health_with_the_remainder_to_the_first() -> None:
    s, events = play(state(), "split va1 > a b c")
    assert [s.units[u].health for u in "abc"] == [2, 1, 1]
    assert all(s.units[u].size == pytest.approx(1 / 3) for u in "abc")
    assert all(s.units[u].position == WorldPoint(1.5, 5.5) for u in "abc")
    assert "va1" not in s.units
    assert events[0].describe() == "va1 split into a (health 2), b (health 1), c (health 1)"


@pytest.mark.parametrize(
    "line, reason, forceable",
    [
        ("split va3 > a b c d", "va3 has 3 health; it cannot split into 4 units of at least 1 each", False),
        ("split va1 > a va2", "the id 'va2' is already taken by a unit; choose another", False),
        ("split sub1 > a b", "sub1 (attack-submarine) cannot split", True),
    ],
)
def test_split_refusals(line: str, reason: str, forceable: bool) -> None:
    s = state()
    s = s.with_units(s.units["sub1"].replace(health=2))
    outcome = refusal(s, line)
    assert outcome.reason.startswith(reason) and outcome.forceable is forceable


# --- messages -----------------------------------------------------------------------------------------


def _message_outcomes(fog: int, count: int) -> dict[str, int]:
    s = state(fog_of_war=fog)
    counts: dict[str, int] = {}
    for index in range(count):
        outcome = apply(s, parse_command("message Washington hold the ford at 12,30"), dice(index))
        assert isinstance(outcome, Accepted)
        kind = outcome.events[0].kind
        counts[kind] = counts.get(kind, 0) + 1
    return counts


def test_messages_fail_one_in_fog_and_failures_split_two_one_one() -> None:
    counts = _message_outcomes(6, 6000)
    assert 4800 < counts["message-delivered"] < 5200  # 5000 expected
    assert 400 < counts["message-lost"] < 600  # 500
    assert 180 < counts["message-intercepted"] < 320  # 250
    assert 180 < counts["message-altered"] < 320  # 250


def test_with_fog_one_every_message_fails() -> None:
    assert "message-delivered" not in _message_outcomes(1, 200)


def test_message_records_who_received_what() -> None:
    s = state()
    seen = {}
    for index in range(200):
        outcome = apply(s, parse_command("message Washington hold the ford at 12,30"), dice(index))
        record = outcome.state.messages[-1]
        seen[record.outcome] = record
    assert seen["intercepted"].received_by == "Crown"
    assert seen["lost"].received_by is None
    assert seen["altered"].received_text != "hold the ford at 12,30"
    assert seen["delivered"].received_by == "Washington" and seen["delivered"].sender == "Rebel"


def test_message_refusals_and_forcing() -> None:
    outcome = refusal(state(), "message Cornwallis hello")
    assert outcome.reason == "there is no side or player 'Cornwallis'; recipients: Rebel, Crown, Washington, Howe, Knyphausen"
    assert not outcome.forceable
    forced = apply_forced(state(fog_of_war=1), parse_command("message howe hello"), dice())
    assert forced.events[0].kind == "message-delivered"


def test_alter_text() -> None:
    from kriegsspiel.core.game import alter_text
    from kriegsspiel.core.dice import Dice

    for index in range(50):
        text = alter_text("cross at 12,30 now", Dice(1, index))
        assert text != "cross at 12,30 now"
    assert alter_text("hello", Dice(1, 1)) == "..."


# --- turns, rounds, victory ---------------------------------------------------------------------------


def test_turns_alternate_and_the_round_resets_allowances() -> None:
    s = state()
    s = s.with_units(s.units["cav1"].replace(disabled_rounds=1))
    s, events = play(s, "move va1 > 5.5,5.5", "turn")
    assert (s.round, s.side_to_move, s.sides_done) == (1, "Crown", ("Rebel",))
    assert s.units["va1"].movement_used > 0
    s, events = play(s, "turn")
    assert (s.round, s.side_to_move, s.sides_done) == (2, "Rebel", ())
    assert s.units["va1"].movement_used == 0 and not s.units["va1"].moved_this_turn
    assert s.units["cav1"].disabled_rounds == 0
    assert [e.kind for e in events] == ["turn-ended", "round-ended", "recovered"]


def test_holding_the_zone_at_the_end_of_its_round_wins() -> None:
    s, events = play(state(), "turn", "turn")  # round 1: too early
    assert not s.finished
    s, events = play(s, "turn", "turn")
    assert s.finished and s.winners == ("Rebel",)
    assert [e.describe() for e in events][-2:] == [
        "VICTORY: Rebel holds Hill at the end of round 2",
        "the game is over (victory in round 2): Rebel won",
    ]
    assert refusal(s, "move va1 > 3,3").reason == "the game is over (force to override)"
    assert isinstance(apply(s, parse_command("force turn"), dice()), Accepted)


def test_an_enemy_in_the_zone_denies_the_hold() -> None:
    s = state()
    s = s.with_units(s.units["inf9"].replace(position=WorldPoint(3.5, 3.5)))
    s, _ = play(s, "turn", "turn", "turn", "turn")
    assert not s.finished


def test_the_game_ends_after_the_last_round_without_a_winner() -> None:
    s, events = play(state(rounds=1, victory=()), "turn", "turn")
    assert s.finished and s.winners == ()
    assert events[-1].describe() == "the game is over (round 1 was the last): no side won"


def test_destroy_and_score_conditions() -> None:
    only_crown = tuple(u for u in state().setup.units if u.side == "Crown")
    s, _ = play(state(units=only_crown, first_side="Crown", victory=(VictorySetup("Crown", "destroy"),)), "turn", "turn")
    assert s.winners == ("Crown",)
    score = (VictorySetup("Crown", "score", by_round=1, score=90.0),)
    s, _ = play(state(victory=score), "turn", "turn")
    assert s.winners == ("Crown",)


def test_scores() -> None:
    from kriegsspiel.core.state import scores

    s = state()
    s = s.with_units(s.units["cav1"].replace(health=6))
    assert scores(s) == {"Rebel": 100.0, "Crown": pytest.approx(100 * 18 / 24)}


# --- the door itself ----------------------------------------------------------------------------------


def test_queries_are_not_orders() -> None:
    outcome = apply(state(), Score(), dice())
    assert isinstance(outcome, Rejected) and not outcome.forceable
    assert outcome.reason == "'score' is not an order; it changes nothing"


def test_a_rule_set_without_a_needed_number_is_named() -> None:
    rules = ruleset()
    constants = {k: v for k, v in rules.constants.items() if k not in ("exposure_distance", "attack_distance")}
    broken = dataclasses.replace(rules, constants=MappingProxyType(constants))
    s = state().replace(ruleset=broken)
    s = s.with_units(s.units["va1"].replace(position=WorldPoint(8.5, 5.5)))
    outcome = refusal(s, "hide va1")
    assert outcome.reason == "the rule set 'modern-4e' has no constant 'exposure_distance'; add it to its [constants] table"


def test_apply_never_changes_the_state_it_was_given() -> None:
    s = state()
    before = (dict(s.units), s.round, s.side_to_move, s.messages)
    play(s, "move va1 > 5.5,5.5", "hide va2", "split va3 > a b", "message Howe hi", "turn")
    assert (dict(s.units), s.round, s.side_to_move, s.messages) == before


def test_events_survive_the_journal() -> None:
    _, events = play(
        state(),
        "move va1 > 8.5,5.5", "hide va1", "convert art1", "merge va2 va3 > g", "split g > g1 g2",
        "message Howe hi there", "turn", "turn",
    )
    for event in events:
        assert event_from_json(event.to_json()) == event


@pytest.mark.parametrize("kind", [None, 7, "no-such-event", [], {"moved": 1}])
def test_an_event_of_no_known_kind_is_a_value_error(kind: object) -> None:
    # a list or a table as the kind (a hand-edited journal) is no kind either, not an unhashable TypeError
    with pytest.raises(ValueError, match="unknown event kind"):
        event_from_json({"event": kind, "unit": "va1"})


@pytest.mark.parametrize("point", [[], [1.0], [1.0, 2.0, 3.0]])
def test_an_event_whose_point_is_not_two_numbers_is_a_value_error(point: list[float]) -> None:
    # what a record's events are read with (describe) takes a ValueError as "a later version's event, shown raw"
    data = Moved("va1", WorldPoint(1.0, 2.0), WorldPoint(3.0, 4.0), 2.0, 1.0).to_json()
    with pytest.raises(ValueError, match="origin must be a point"):
        event_from_json({**data, "origin": point})


@pytest.mark.parametrize(
    "line, reason, forceable",
    [
        ("merge sub1 va1 > x", "sub1 (attack-submarine) cannot merge", True),
        ("heading dd1 90", "dd1 is disabled for 1 more round(s)", True),
        ("message Howe hello", "the game is over", True),
    ],
)
def test_more_refusals(line: str, reason: str, forceable: bool) -> None:
    s = crown() if line.startswith("heading") else state()
    s = s.with_units(s.units["dd1"].replace(disabled_rounds=1), s.units["sub1"].replace(position=WorldPoint(2, 5.5)))
    if line.startswith("message"):
        s = s.replace(finished=True)
    outcome = refusal(s, line)
    assert outcome.reason.startswith(reason) and outcome.forceable is forceable


def test_a_split_in_a_building_leaves_only_one_part_hidden() -> None:
    s, events = play(state(), "hide va2", "split va2 > a b")
    assert s.units["a"].hidden and not s.units["b"].hidden
    assert events[-1] == Revealed("b", "no room to hide here")
