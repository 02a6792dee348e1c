"""Air orders and the air turn: takeoff, land, dogfight, bomb, pulse, airlift, kamikaze, survey, missile, nuke.

The scenario has an air theatre: each side's turn begins with its air turn; its first other order (or turn)
ends it, and planes still in the air crash. An airfield "Field" covers tile (1, 1).
"""
from __future__ import annotations

from test_combat_land import U, refused, rolls, run, skirmish
from kriegsspiel.core.battlefield import Structure
from kriegsspiel.rulesets.modern_4e.events import (
    AirTurnEnded,
    Destroyed,
    Landed,
    Loaded,
    Outcome,
    SpyReport,
    TookOff,
    Unloaded,
)
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.state import GameState
from kriegsspiel.rulesets.modern_4e.state import air_turn_over, airborne as airborne_of, unit_slot, fourth_state

FIELD = Structure("Field", "airfield", (WorldPoint(1.5, 1.5),))


def air(*extra, **changes) -> GameState:
    units = (
        U("f1", "light-fighter", "Blue", 1.5, 1.5), U("bmb", "bomber", "Blue", 1.5, 1.5),
        U("tr", "transport", "Blue", 1.5, 1.5), U("rc", "reconnaissance", "Blue", 1.5, 1.5),
        U("cv", "carrier", "Blue", 15.5, 8.5, heading=0.0), U("b1", "infantry", "Blue", 2.5, 1.5),
        U("rf", "heavy-fighter", "Red", 12.5, 1.5), U("r1", "infantry", "Red", 9.5, 4.5, hidden=True),
        U("dd", "destroyer", "Red", 17.5, 3.5, heading=0.0),
    )
    return skirmish(*units, *extra, structures=(FIELD,), air_theatre=True, **changes)


def flying(state: GameState, *ids: str) -> GameState:
    """``ids`` already in the air (the other side's planes, for tests)."""
    return state.with_units(*(state.units[i].replace(slot=unit_slot(True)) for i in ids))


def test_takeoff_fly_and_land_at_the_airfield() -> None:
    s = air()
    out = run(s, "takeoff f1")
    assert out.events == (TookOff("f1", "airfield Field"),) and airborne_of(out.state.units["f1"])
    s = run(out.state, "move f1 > 11.5,1.5", 2).state
    assert run(s, "land f1", 3).events == (Landed("f1", "cv", WorldPoint(15.5, 8.5)),)  # the nearest base
    out = run(s, "land f1 > Field", 3)
    assert out.events == (Landed("f1", "Field", WorldPoint(1.5, 1.5)),)
    f1 = out.state.units["f1"]
    assert not airborne_of(f1) and f1.movement_used == 30.0  # landing spends what was left of its flight


def test_land_on_a_carrier_and_take_off_from_it() -> None:
    s = run(air(), "takeoff f1").state
    out = run(s, "land f1 > cv", 2)
    assert out.state.units["f1"].carried_by == "cv"
    assert out.state.units["f1"].position == WorldPoint(15.5, 8.5)
    s = out.state.with_units(out.state.units["f1"].replace(used_this_turn=()))
    out = run(s, "takeoff f1", 3)
    assert out.events == (TookOff("f1", "carrier cv"),) and out.state.units["f1"].carried_by is None


def test_a_plane_still_in_the_air_when_the_air_turn_ends_crashes() -> None:
    s = run(air(), "takeoff f1").state
    s = run(s, "move f1 > 11.5,1.5", 2).state
    out = run(s, "move b1 > 3.5,1.5", 3)  # the first ground order ends the air turn
    assert out.events[:2] == (AirTurnEnded("Blue"), Destroyed("f1", "crashed: still in the air at the end of the air turn"))
    assert "f1" not in out.state.units and air_turn_over(out.state)
    assert refused(out.state, "takeoff bmb").reason == (
        "not in the air turn: air orders come before the side's other orders (force to override)")


def test_ending_the_turn_ends_the_air_turn_and_the_next_side_gets_its_own() -> None:
    s = run(air(), "takeoff f1").state
    out = run(s, "turn", 2)
    assert Destroyed("f1", "crashed: still in the air at the end of the air turn") in out.events
    assert not air_turn_over(out.state) and out.state.side_to_move == "Red"
    assert refused(out.state, "takeoff rf").reason == "rf stands on no airfield or carrier (force to override)"


def test_a_plane_lands_within_the_flight_it_has_left() -> None:
    # docs/rulings.md 2026-11: "a plane lands if the nearest point of its own side's airfield ... or carrier is within
    # its remaining flight range": a flight range spent going out leaves nothing to come back with
    s = run(air(), "takeoff f1").state
    s = run(s, "move f1 > 19.5,9.5", 2).state
    s = run(s, "move f1 > 19.5,0.5", 3).state  # 28.7 of its 30 flown
    assert refused(s, "move f1 > 17.5,0.5").reason == (
        "f1: the flight costs 2, light-fighter has 1.3 left (force to override)")  # its flight out is spent
    assert refused(s, "land f1").reason == (
        "cv is 8.9 from f1; it lands within the 1.3 of flight it has left (force to override)")
    s = run(air(), "takeoff f1").state
    s = run(s, "move f1 > 9.5,1.5", 2).state  # 8 flown, 22 left
    assert run(s, "land f1 > cv", 3).events == (Landed("f1", "cv", WorldPoint(15.5, 8.5)),)  # 9.2 away


def test_land_refusals() -> None:
    s = flying(air(U("sb", "stealth-bomber", "Blue", 19.5, 0.5)), "sb")  # flight range 10
    assert refused(s, "land sb > Field").reason == (
        "Field is 17.5 from sb; it lands within the 10 of flight it has left (force to override)")
    assert run(s, "land sb").events == (Landed("sb", "cv", WorldPoint(15.5, 8.5)),)  # the nearest, 8.9 away
    s = run(air(), "takeoff f1").state
    assert refused(s, "land f1 > dd").reason == "dd is not a carrier of Blue"
    assert refused(s, "land bmb").reason == "bmb is not in the air"
    assert refused(air(), "move f1 > 3.5,1.5").reason == "f1 is on the ground; take off first (force to override)"


def test_dogfight_both_sides_roll_within_ten() -> None:
    s = flying(air(), "rf")
    s = run(s, "takeoff f1").state
    s = run(s, "move f1 > 5.5,1.5", 2).state
    out = run(s, "dogfight f1 > rf", 3)
    assert [e.describe() for e in out.events] == [
        "f1 dogfight: d4 = 3", "rf defence: d6 = 6", "dogfight: Blue 3 against Red 6: the attackers take 3",
        "f1 takes 3 damage, health 1",
    ]
    assert refused(out.state, "dogfight f1 > rf").reason == "f1 has already used dogfight this turn (force to override)"
    run(out.state, "land f1", 4)  # a dogfight does not end the plane's turn: it still lands


def test_a_dogfight_engages_the_enemy_planes_on_the_ground_which_fight_back() -> None:
    # the enemy's planes landed by the end of its own air turn: in ours they are all on the ground
    s = run(air(), "takeoff f1").state
    s = run(s, "move f1 > 5.5,1.5", 2).state
    assert not airborne_of(s.units["rf"])
    out = run(s, "dogfight f1 > rf", 3)
    assert [e.describe() for e in out.events][:3] == [
        "f1 dogfight: d4 = 3", "rf defence: d6 = 6", "dogfight: Blue 3 against Red 6: the attackers take 3"]


def test_dogfight_refusals() -> None:
    s = flying(air(), "rf")
    assert refused(s, "dogfight f1 > rf").reason == "f1 is on the ground; take off first (force to override)"
    s = run(s, "takeoff f1").state
    assert refused(s, "dogfight f1 > rf").reason == "f1 is 11.0 from the nearest target; dogfight reaches 10 (force to override)"
    assert refused(s, "dogfight b1 > rf").reason == "b1 is not an aircraft; units on the ground attack"
    assert refused(s, "attack f1 > rf").reason == "f1 is an aircraft; planes fight with dogfight"


def test_bomb_spreads_its_roll_over_targets_within_range() -> None:
    s = run(air(), "takeoff bmb").state
    s = run(s, "move bmb > 6.5,4.5", 2).state
    out = run(s, "bomb bmb > r1 Smithy", 3)
    (roll,) = rolls(out)
    assert roll[:3] == ("bmb", "bomb", 8)
    first, second = roll[3] - roll[3] // 2, roll[3] // 2
    assert Outcome("bomb", f"{roll[3]} damage: r1 {first}, Smithy {second}") in out.events
    assert refused(out.state, "bomb bmb > r1").reason == "bmb has already fired this turn (force to override)"


def test_pulse_and_survey_need_the_plane_in_the_air() -> None:
    s = air()
    assert refused(s, "pulse bmb").reason == "bmb is on the ground; take off first (force to override)"
    assert refused(s, "survey rc").reason == "rc is on the ground; take off first (force to override)"
    s = run(s, "takeoff rc").state
    out = run(s, "survey rc", 2)
    (report,) = [e for e in out.events if isinstance(e, SpyReport)]
    assert report.searched == ("r1",)  # 8.5 away, within the 20 of its flight range
    assert refused(out.state, "survey rc").reason == "rc has already used survey this turn (force to override)"


def test_airlift_carries_units_and_drops_them() -> None:
    s = air()
    out = run(s, "airlift tr > b1")
    assert out.events == (Loaded("b1", "tr"),)
    s = run(out.state, "takeoff tr", 2).state
    s = run(s, "move tr > 11.5,6.5", 3).state
    assert s.units["b1"].position == WorldPoint(11.5, 6.5)
    out = run(s, "disembark b1 > 12.5,6.5", 4)  # a drop from the air, in the air turn
    assert out.events == (Unloaded("b1", "tr", WorldPoint(12.5, 6.5)),)
    assert not air_turn_over(out.state)


def test_airlift_refusals() -> None:
    s = air(U("c1", "light-cavalry", "Blue", 1.5, 2.5), U("m1", "mechanized", "Blue", 2.5, 2.5),
            U("m2", "mechanized", "Blue", 2.5, 2.5))
    assert refused(s, "airlift tr > c1 b1").reason == "tr carries weight 4; 0 is aboard and these weigh 5 (force to override)"
    assert refused(s, "airlift f1 > b1").reason.startswith("f1 (light-fighter) cannot airlift")
    run(s, "airlift tr > m1 m2")


def test_kamikaze_loses_the_plane() -> None:
    s = run(air(), "takeoff f1").state
    s = run(s, "move f1 > 14.5,3.5", 2).state
    out = run(s, "kamikaze f1 > dd", 3)
    assert "f1" not in out.state.units
    assert Destroyed("f1", "crashed into dd (kamikaze)") in out.events
    assert refused(s, "kamikaze f1 > r1").reason == "r1 is not a ship; kamikaze is against ships (force to override)"


def test_aircraft_missile_in_the_air_only() -> None:
    s = air()
    assert refused(s, "missile f1 > dd").reason == "f1 is on the ground; take off first (force to override)"
    s = run(s, "takeoff f1").state
    s = run(s, "move f1 > 5.5,3.5", 2).state
    out = run(s, "missile f1 > dd", 3)
    assert [r[:3] for r in rolls(out)] == [("f1", "missile", 6), ("dd", "missile defence", 8)]


def test_stealth_bomber_nukes_from_the_air() -> None:
    s = air(U("sb", "stealth-bomber", "Blue", 1.5, 1.5))
    assert refused(s, "nuke sb > dd").reason == "sb is on the ground; take off first (force to override)"
    s = run(s, "takeoff sb").state
    out = run(s, "nuke sb > dd", 2)
    assert "dd" not in out.state.units and dict(fourth_state(out.state).warheads)["Blue"] == 0


def test_without_an_air_theatre_planes_act_at_any_time() -> None:
    s = skirmish(U("f1", "light-fighter", "Blue", 1.5, 1.5), U("b1", "infantry", "Blue", 2.5, 1.5),
                 U("dd", "destroyer", "Red", 17.5, 3.5))
    s = run(s, "move b1 > 3.5,1.5").state
    run(s, "move f1 > 14.5,3.5", 2)


def test_a_scenario_plane_off_every_airfield_is_a_warning_naming_the_nearest_one(tmp_path) -> None:
    from pathlib import Path

    from kriegsspiel.scenario import load_scenario

    shipped = Path(__file__).resolve().parent.parent / "kriegsspiel" / "data" / "scenarios" / "coastal.toml"
    assert not [w for w in load_scenario(shipped).warnings if "airfield" in w.message]  # every plane can fly
    coast = shipped.parent.parent / "maps" / "coast.tmx"
    text = shipped.read_text(encoding="utf-8").replace('"../maps/coast.tmx"', f'"{coast}"')
    moved = text.replace("at = [82.5, 51.5]", "at = [83.5, 53.5]")  # r-fighter, just off the Mainland airfield
    assert moved != text
    path = tmp_path / "coastal.toml"
    path.write_text(moved, encoding="utf-8")
    warnings = [w for w in load_scenario(path).warnings if "airfield" in w.message]
    assert [w.message for w in warnings] == [
        "units[20].at: unit 'r-fighter' (light-fighter) stands on no airfield at 83.5,53.5: with air_theatre it can "
        "never take off; place it inside an airfield, e.g. Mainland airfield (x 80-83, y 51-54)"]
    assert warnings[0].severity == "warning" and warnings[0].line == moved.splitlines().index("at = [83.5, 53.5]") + 1


def test_the_coast_maps_airfields_belong_to_the_sides_that_hold_them_and_a_stranger_side_is_a_warning(
        tmp_path) -> None:
    # docs/rulings.md 2026-11: a plane lands at "its own side's airfield"; a map gives an airfield its side
    from pathlib import Path

    from kriegsspiel.rulesets.modern_4e.air import airfield_side
    from kriegsspiel.scenario import load_scenario

    shipped = Path(__file__).resolve().parent.parent / "kriegsspiel" / "data" / "scenarios" / "coastal.toml"
    scenario = load_scenario(shipped)
    owners = {s.name: airfield_side(s) for s in scenario.battlefield.structures if s.kind == "airfield"}
    assert owners == {"Mainland airfield": "Red", "Island airfield": "Blue"}
    assert not [w for w in scenario.warnings if "belongs to side" in w.message]
    coast = shipped.parent.parent / "maps" / "coast.tmx"
    text = shipped.read_text(encoding="utf-8").replace('"../maps/coast.tmx"', f'"{coast}"')
    renamed = text.replace('name = "Red"\n', 'name = "Crimson"\n').replace('side = "Red"', 'side = "Crimson"')
    path = tmp_path / "coastal.toml"
    path.write_text(renamed, encoding="utf-8")
    warnings = [w for w in load_scenario(path).warnings if "belongs to side" in w.message]
    assert [(w.path, w.message, w.severity) for w in warnings] == [(
        str(coast), "structures layer: airfield 'Mainland airfield' belongs to side 'Red', which this scenario "
        "does not have (sides: Blue, Crimson): every side's planes may land there; give its 'side' property one "
        "of these to keep the others' out", "warning")]


def test_a_forced_pulse_disables_the_named_far_targets_in_the_order_named_so_the_replay_agrees() -> None:
    from kriegsspiel.rulesets.modern_4e.events import Disabled

    far = [U(f"r{i}", "infantry", "Red", 2.5 + i, 8.5) for i in range(2, 8)]  # all beyond the bomber's 5
    s = flying(air(*far), "bmb")
    index = next(i for i in range(1, 200)
                 if any(isinstance(e, Disabled) for e in run(s, "force pulse bmb > r2", i).events))
    for order in (["r2", "r3", "r4", "r5", "r6", "r7"], ["r7", "r5", "r3", "r6", "r2", "r4"]):
        out = run(s, "force pulse bmb > " + " ".join(order), index)
        disabled = [e.unit for e in out.events if isinstance(e, Disabled)]
        assert disabled == order  # none stands within the radius: only the named ones, as named
