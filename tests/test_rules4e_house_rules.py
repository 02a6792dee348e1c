"""The Fourth Edition's fog of war, the table over the prose, and the house rules in the rule-set file (issue 14,
items 9 to 11), and the rulings seen through the command line (``kriegsspiel shell``, ``replay --json``).

docs/rulings.md 2026-11: "F = 0 means no fog (messages never fail, spy and survey reports are never false); F >= 1
fails with probability 1/F, so F = 1 means every message fails: `check` warns about F = 1." "Where a command's
table and the prose disagree on who may use a command (survey, kamikaze targets), the table wins." "Every house
rule ... is a named value in the rule-set file with a `# house rule` comment."
"""
from __future__ import annotations

import dataclasses
import io
import json
import sys
from pathlib import Path

import pytest

import kriegsspiel.rulesets as shipped
import kriegsspiel.scenario.load as scenario_load
from fixtures_core import battlefield, dice
from kriegsspiel.cli import main
from kriegsspiel.rulesets.modern_4e import RULES
from kriegsspiel.core.events import MessageDelivered
from kriegsspiel.core.game import Accepted, Rejected, apply
from kriegsspiel.core.state import GameState, initial_state
from kriegsspiel.rulesets import load_ruleset
from kriegsspiel.rulesets.modern_4e.events import Built, Damaged, SpyReport, StructureDamaged
from kriegsspiel.core.battlefield import Structure
from kriegsspiel.core.geometry import WorldPoint
from test_combat_land import U, refused, run, skirmish

parse_command = RULES.parse  # the game's notation: the core's words and the rule set's


# --- 9. fog of war: F = 1 fails every message, F = 0 none ------------------------------------------------------


def _message_outcomes(fog: int) -> list[str]:
    s = skirmish(U("b1", "infantry", "Blue", 1.5, 1.5), U("r1", "infantry", "Red", 1.5, 9.5), fog_of_war=fog)
    outcomes = []
    for index in range(1, 41):
        out = run(s, "message Red hold the ford", index)
        outcomes.append(out.state.messages[-1].outcome)
    return outcomes


def test_fog_of_war_one_makes_every_message_fail() -> None:
    outcomes = _message_outcomes(1)
    assert "delivered" not in outcomes
    # every way a message between the only two sides can fail comes up in 40; none is "intercepted" by the side
    # it was written to (issue 14, item 15: with no third side to catch it, an interception loses it)
    assert set(outcomes) == {"lost", "altered"}


def test_fog_of_war_zero_makes_no_message_fail_and_rolls_nothing() -> None:
    assert set(_message_outcomes(0)) == {"delivered"}
    s = skirmish(U("b1", "infantry", "Blue", 1.5, 1.5), U("r1", "infantry", "Red", 1.5, 9.5), fog_of_war=0)
    rolled = dice(3)
    assert isinstance(apply(s, parse_command("message Red hold"), rolled), Accepted) and rolled.rolls == []


def test_with_fog_of_war_zero_a_spy_report_is_never_false() -> None:
    s = skirmish(U("b1", "infantry", "Blue", 8.5, 5.5), U("r1", "infantry", "Red", 9.5, 5.5, hidden=True),
                 fog_of_war=0)
    for index in range(1, 31):
        report = next(e for e in run(s, "spy b1", index).events if isinstance(e, SpyReport))
        assert not report.false_report


SCENARIO = """\
[scenario]
name = "Fog"
map = "fake.tmx"
ruleset = "modern-4e"
seed = 4
first_side = "Blue"
fog_of_war = {fog}
rounds = 5

[[sides]]
name = "Blue"
colour = "#3050c0"

[[sides]]
name = "Red"
colour = "#c03030"

[[units]]
id = "b1"
type = "infantry"
side = "Blue"
at = [2.5, 5.5]
hidden = true

[[units]]
id = "r1"
type = "infantry"
side = "Red"
at = [12.5, 1.5]
"""


@pytest.fixture
def fixture_map(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scenarios here play on fixtures_core's map (plains, the Smithy, forest at x 8-11) with the shipped rules."""
    monkeypatch.setattr(scenario_load, "default_map_loader", lambda path, ruleset: battlefield())


def _write(tmp_path: Path, fog: int) -> Path:
    (tmp_path / "fake.tmx").write_text("fake map\n", encoding="utf-8")
    path = tmp_path / "fog.toml"
    path.write_text(SCENARIO.format(fog=fog), encoding="utf-8")
    return path


def test_check_warns_that_fog_of_war_one_fails_every_message(tmp_path, capsys, fixture_map) -> None:
    assert main(["check", str(_write(tmp_path, 1))]) == 1
    out = capsys.readouterr().out
    assert "fog.toml:7: warning: scenario.fog_of_war: 1 makes every message fail" in out
    assert main(["check", str(_write(tmp_path, 0))]) == 0  # no fog: a scenario may say so
    assert "fog_of_war" not in capsys.readouterr().out


def test_a_shell_session_and_its_replay_play_by_the_rulings(tmp_path, capsys, fixture_map) -> None:
    # no fog: the message arrives; the hidden b1 crosses the plains into the forest and is exposed on the way
    save = tmp_path / "fog.kssave"
    script = "move b1 > 8.5,5.5\nmessage Red we are coming\nquit\n"
    stdin = sys.stdin
    sys.stdin = io.StringIO(script)
    try:
        assert main(["shell", str(_write(tmp_path, 0)), "--save", str(save)]) == 0
    finally:
        sys.stdin = stdin
    transcript = capsys.readouterr().out
    assert "b1 is revealed: exposed: Infantry cannot hide on plains" in transcript
    assert "delivered" in transcript
    assert main(["replay", str(save), "--to", "0", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["units"]["b1"]["hidden"] is True
    assert main(["replay", str(save), "--json"]) == 0
    final = json.loads(capsys.readouterr().out)["units"]["b1"]
    assert (final["x"], final["y"], final["hidden"]) == (8.5, 5.5, False)


# --- 10. the table wins over the prose on who may use a command --------------------------------------------------


@pytest.mark.parametrize("plane", ["light-fighter", "stealth-bomber"])
def test_survey_is_for_the_survey_tables_planes_only(plane: str) -> None:
    # the prose: "available to light fighters, stealth bombers, reconnaissance planes, and drones"; the summary
    # chart's Survey column: reconnaissance planes and drones
    s = skirmish(U("p", plane, "Blue", 5.5, 5.5), U("r1", "infantry", "Red", 9.5, 5.5, hidden=True))
    out = refused(s, "survey p")
    assert out.reason == f"p ({plane}) cannot survey; survey is for: reconnaissance, drone" and not out.forceable


def test_kamikaze_is_against_ships_only() -> None:
    # the prose: "can kamikaze ships and other units"; the kamikaze table: "Fighter planes can fly into ships"
    s = skirmish(U("f", "light-fighter", "Blue", 5.5, 5.5), U("r1", "infantry", "Red", 7.5, 5.5),
                 U("dd", "destroyer", "Red", 15.5, 5.5, heading=0.0))
    assert refused(s, "kamikaze f > r1").reason == (
        "r1 is not a ship; kamikaze is against ships (force to override)")
    assert isinstance(apply(s, parse_command("kamikaze f > dd"), dice()), Accepted)


# --- 11. the house rules are values of the rule-set file ------------------------------------------------------


def rules_with(tmp_path: Path, old: str, new: str):
    """The shipped Fourth Edition with one line of its file changed, loaded from a copy as an umpire would."""
    text = shipped.ruleset_file("modern-4e").read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / "house.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return load_ruleset(str(path))


def under(state: GameState, rules) -> GameState:
    return initial_state(state.setup, state.battlefield, rules)


def test_load_reach_is_read_from_the_file(tmp_path) -> None:
    s = skirmish(U("b1", "infantry", "Blue", 12.5, 5.5), U("am", "amphibious", "Blue", 14.5, 5.5, heading=0.0),
                 U("r1", "infantry", "Red", 1.5, 9.5))
    run(s, "load b1 > am")  # 2 away, the shipped reach 3
    short = under(s, rules_with(tmp_path, "load_reach = 3 ", "load_reach = 1 "))
    assert refused(short, "load b1 > am").reason == "b1 is 2.0 from am; units go aboard within 1 (force to override)"


def test_fortification_shielding_is_read_from_the_file(tmp_path) -> None:
    fort = Structure("Redoubt", "fortification", (WorldPoint(6.5, 6.5),), 4)
    s = skirmish(U("art", "heavy-artillery", "Blue", 1.5, 6.5), U("r1", "infantry", "Red", 6.5, 6.5),
                 structures=(fort,))
    shielded = run(s, "fire art > r1", 3)
    assert StructureDamaged("Redoubt", 4, 0) in shielded.events and shielded.state.units["r1"].health == 2
    open_fort = under(s, rules_with(tmp_path, "fortification_shields = true", "fortification_shields = false"))
    out = run(open_fort, "fire art > r1", 3)
    assert not any(isinstance(e, StructureDamaged) for e in out.events)
    assert Damaged("r1", 4, 0) in out.events and "r1" not in out.state.units


def test_dogfights_against_planes_on_the_ground_are_read_from_the_file(tmp_path) -> None:
    field = Structure("Field", "airfield", (WorldPoint(1.5, 1.5),))
    s = skirmish(U("f1", "light-fighter", "Blue", 1.5, 1.5), U("rf", "heavy-fighter", "Red", 9.5, 1.5),
                 structures=(field,), air_theatre=True)
    up = run(s, "takeoff f1").state
    up = run(up, "move f1 > 4.5,1.5", 2).state
    run(up, "dogfight f1 > rf", 3)  # shipped: rf, on the ground, scrambles and fights back
    rules = rules_with(tmp_path, "dogfight_engages_grounded = true", "dogfight_engages_grounded = false")
    grounded = under(up, rules).with_units(*up.units.values())
    assert refused(grounded, "dogfight f1 > rf").reason == (
        "rf is on the ground; a dogfight engages planes in the air (house rule dogfight_engages_grounded) "
        "(force to override)")


def test_the_once_a_turn_orders_are_read_from_the_file(tmp_path) -> None:
    s = skirmish(U("b1", "infantry", "Blue", 8.5, 5.5), U("r1", "infantry", "Red", 19.5, 0.5))
    twice = run(s, "spy b1").state
    assert refused(twice, "spy b1").reason == "b1 has already used spy this turn (force to override)"
    rules = rules_with(tmp_path, 'once_a_turn = ["spy", ', "once_a_turn = [")
    assert "spy" not in rules.extras["house_rules"].once_a_turn
    again = under(s, rules)
    run(run(again, "spy b1").state, "spy b1", 2)


def test_a_build_taking_the_builders_turn_is_read_from_the_file(tmp_path) -> None:
    s = skirmish(U("e1", "engineers", "Blue", 4.5, 4.5), U("r1", "infantry", "Red", 19.5, 0.5))
    moved = run(s, "move e1 > 5.5,4.5").state
    assert refused(moved, "build e1 > road R").reason == (
        "e1 moved this turn; building takes the unit's whole turn (force to override)")
    free = under(s, rules_with(tmp_path, "build_takes_turn = true", "build_takes_turn = false"))
    moved = run(free, "move e1 > 5.5,4.5").state
    out = run(moved, "build e1 > road R", 2)
    assert Built("e1", "R", "road", 8, WorldPoint(5.5, 4.5)) in out.events
    assert out.state.allowance_left(out.state.units["e1"]) == pytest.approx(9.0)  # building spent nothing


def test_a_rule_set_without_the_house_rules_table_says_which_table_to_add(tmp_path) -> None:
    text = shipped.ruleset_file("modern-4e").read_text(encoding="utf-8")
    start = text.index("[house_rules]")
    end = text.index("[structures]")
    path = tmp_path / "bare.toml"
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    s = under(skirmish(U("b1", "infantry", "Blue", 8.5, 5.5), U("r1", "infantry", "Red", 19.5, 0.5)),
              load_ruleset(str(path)))
    out = apply(s, parse_command("spy b1"), dice())
    assert isinstance(out, Rejected) and not out.forceable
    assert out.reason.startswith("the rule set 'modern-4e' has no [house_rules] table; copy it from modern-4e.toml")


def test_a_wrong_once_a_turn_entry_names_the_file_table_and_key(tmp_path) -> None:
    from kriegsspiel.errors import UserError

    with pytest.raises(UserError, match=r"house\.toml.*house_rules.*once_a_turn.*'spyy' is not an order"):
        rules_with(tmp_path, 'once_a_turn = ["spy", ', 'once_a_turn = ["spyy", ')


def test_kriegsspiel_rules_shows_the_house_rules_of_the_file_it_reads(tmp_path, capsys) -> None:
    text = shipped.ruleset_file("modern-4e").read_text(encoding="utf-8")
    path = tmp_path / "ours.toml"
    path.write_text(text.replace("build_takes_turn = true", "build_takes_turn = false"), encoding="utf-8")
    assert main(["rules", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["house_rules"] == {
        "fortification_shields": True, "dogfight_engages_grounded": True, "build_takes_turn": False,
        "once_a_turn": ["spy", "survey", "build", "depthcharge", "board", "dogfight", "pulse", "takeoff"]}
    assert main(["rules", str(path)]) == 0
    out = capsys.readouterr().out
    assert "[house_rules] (house rules)" in out and "build_takes_turn           false" in out
