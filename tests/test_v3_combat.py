"""Ruleset V3 combat: the four charts and their mirrored halves row by row, out of scale, modifiers (the
rule text's two worked examples), range bands, and resolve on the map (retreat, disruption, HP, surrender)."""
from __future__ import annotations

import dataclasses
from types import MappingProxyType

import numpy as np
import pytest

from kriegsspiel.core.game import apply
from kriegsspiel.core.battlefield import Battlefield, MapGrid
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.geometry import WorldPoint, distance
from kriegsspiel.core.state import GameSetup, PlayerSetup, SideSetup, UnitSetup
from kriegsspiel.core.state import GameState, initial_state
from kriegsspiel.rulesets.kriegsspiel_v3.combat import (
    Fighter,
    Modifier,
    PendingCombat,
    automatic_modifiers,
    final_roll,
    group_range,
    outcome,
    read_chart,
    weapon_penalty,
)
from kriegsspiel.rulesets.kriegsspiel_v3.commands import Combat, Modify, Rally, Recover, Resolve
from kriegsspiel.rulesets.kriegsspiel_v3.events import CombatRolled, UnitLost, UnitRetreated
from kriegsspiel.core.commands import EndTurn, Force, Move
from kriegsspiel.rulesets import load_ruleset
from kriegsspiel.rulesets.kriegsspiel_v3.state import disruption as disruption_of, pending_combat, with_pending_combat
from kriegsspiel.rulesets.kriegsspiel_v3.rules import combat_tables

RULES = load_ruleset("kriegsspiel-v3")
COMBAT = combat_tables(RULES)
TILE = 25.0  # metres


# --- the charts, face by face -----------------------------------------------------------------------------

# (chart, face) -> (side hit, result number). Mirrored charts: faces 1-5 hit the attacker, 6-10 the defender.
CHART_ROWS = {
    "firefight": ["A1", "A2", "A3", "A4", "A5", "D5", "D4", "D3", "D2", "D1"],
    "melee": ["A1", "A2", "A3", "A3", "A4", "D4", "D3", "D3", "D2", "D1"],
    "artillery": ["D5", "D5", "D5", "D4", "D4", "D3", "D3", "D2", "D2", "D1"],
    "volley": ["D5", "D5", "D4", "D4", "D3", "D3", "D2", "D2", "D1", "D1"],
}
CASES = [(chart, face, cell) for chart, row in CHART_ROWS.items() for face, cell in enumerate(row, start=1)]


@pytest.mark.parametrize("chart, face, cell", CASES, ids=[f"{c}-{f}" for c, f, _ in CASES])
def test_every_face_of_every_chart(chart: str, face: int, cell: str) -> None:
    got = read_chart(COMBAT, COMBAT.chart(chart), face)
    side = {"A": "attacker", "D": "defender"}[cell[0]]
    assert (got.side_hit, got.result.number) == (side, int(cell[1]))


@pytest.mark.parametrize("chart", ["firefight", "melee"])
def test_mirrored_halves_mirror(chart: str) -> None:
    c = COMBAT.chart(chart)
    assert c.results[:5] == tuple(reversed(c.results[5:]))


@pytest.mark.parametrize("chart, final, side, surrender, number", [
    ("firefight", 11, "defender", True, None),
    ("volley", 11, "defender", True, None),       # "rolling a 10 and +1 for intel ... 11": out of scale
    ("artillery", 14, "defender", True, None),
    ("melee", 0, "attacker", True, None),          # house rule: the mirror image of 11
    ("firefight", -3, "attacker", True, None),
    ("volley", 0, "defender", False, 5),           # an unmirrored chart below 1 is a miss
    ("artillery", -2, "defender", False, 5),
])
def test_out_of_scale(chart: str, final: int, side: str, surrender: bool, number: int | None) -> None:
    got = read_chart(COMBAT, COMBAT.chart(chart), final)
    assert got.side_hit == side and got.result.surrender is surrender
    if number is not None:
        assert got.result.number == number


# --- modifiers: the rule text's worked examples ---------------------------------------------------------

def _fighters(prefix: str, type_id: str, hps: list[int], disruption: int = 0, ground: float = 0.0) -> list[Fighter]:
    return [Fighter(f"{prefix}{i}", type_id, hp, disruption, WorldPoint(i * 30.0, 0.0), ground)
            for i, hp in enumerate(hps)]


def test_first_example_red_attacks_blue() -> None:
    """Red 3 inf at 4 HP and 2 at 3 HP attack blue 4 inf at 5 HP; roll 7; red -1 HP, +1 quantity: 7,
    result 4 on the defender: blue falls back 50 m."""
    red = _fighters("r", "infantry", [4, 4, 4, 3, 3])
    blue = _fighters("b", "infantry", [5, 5, 5, 5])
    mods = automatic_modifiers(COMBAT, red, blue)
    assert sorted(m.describe() for m in mods) == ["attacker +1 quantity (5 against 4)", "attacker -1 health (4 HP)"]
    pending = PendingCombat("firefight", ("r",), ("b",), 7, mods)
    got = outcome(COMBAT, pending)
    assert (got.final_roll, got.side_hit, got.result.number, got.result.retreat) == (7, "defender", 4, 50)


def test_second_example_cavalry_charges_a_square() -> None:
    """Red 2 elite cavalry at disruption 1 charge blue 3 inf at 4 HP in square; roll 6; blue +1 quantity,
    blue -1 HP, blue +2 square, red -1 disruption, red +1 quality: 4. On the melee chart as printed face 4
    is result 3 on the attacker (the rule text's example says 4; docs/rulings.md: the charts as printed)."""
    red = _fighters("r", "cavalry", [5, 5], disruption=1)
    blue = _fighters("b", "infantry", [4, 4, 4])
    mods = automatic_modifiers(COMBAT, red, blue)
    assert sorted(m.describe() for m in mods) == [
        "attacker -1 disruption (1)", "defender +1 quantity (3 against 2)", "defender -1 health (4 HP)"]
    pending = PendingCombat("melee", ("r",), ("b",), 6, mods)
    pending = pending.with_modifier(Modifier("defender", 2, "square")).with_modifier(Modifier("attacker", 1, "quality"))
    got = outcome(COMBAT, pending)
    assert (got.final_roll, got.side_hit, got.result.number) == (4, "attacker", 3)


def test_a_modifier_is_replaced_by_name_and_removed_by_zero() -> None:
    pending = PendingCombat("volley", ("a",), ("b",), 5, ())
    pending = pending.with_modifier(Modifier("attacker", 1, "intel"))
    pending = pending.with_modifier(Modifier("attacker", 2, "intel"))
    assert [m.describe() for m in pending.modifiers] == ["attacker +2 intel"]
    assert pending.with_modifier(Modifier("attacker", 0, "intel")).modifiers == ()


@pytest.mark.parametrize("hps, expected", [
    ([5, 5], None), ([4, 4, 3], -1), ([3, 3, 4], -2), ([2, 1], -4), ([4, 3], -2),  # a tie takes the lower HP
])
def test_health_modifier_by_the_most_common_hp(hps: list[int], expected: int | None) -> None:
    mods = [m for m in automatic_modifiers(COMBAT, _fighters("a", "infantry", hps), _fighters("b", "infantry", hps))
            if m.label.startswith("health") and m.side == "attacker"]
    assert [m.amount for m in mods] == ([] if expected is None else [expected])


def test_artillery_keeps_no_hp_and_high_ground_counts() -> None:
    guns = _fighters("g", "artillery", [1], ground=20.0)
    foot = _fighters("f", "infantry", [5], ground=0.0)
    mods = automatic_modifiers(COMBAT, guns, foot)
    assert [m.describe() for m in mods] == ["attacker +1 high-ground (20 higher)"]


# --- range -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("type_id, span, penalty", [
    ("infantry", 50, 0), ("infantry", 80, 0), ("infantry", 90, 1), ("infantry", 103, 1), ("infantry", 104, 2),
    ("infantry", 127, 3), ("infantry", 150, 3), ("infantry", 151, None),
    ("artillery", 250, 0),      # shot is effective to 600: canister's 200 does not count against it
    ("artillery", 700, 1), ("artillery", 1000, 3), ("artillery", 1001, None),
])
def test_range_bands(type_id: str, span: float, penalty: int | None) -> None:
    best = [weapon_penalty(COMBAT, w, span) for w in COMBAT.ranges[type_id]]
    reachable = [p for p in best if p is not None]
    assert (min(reachable) if reachable else None) == penalty


@pytest.mark.parametrize("chart, total, penalty, final", [
    ("volley", 8, 3, 5), ("volley", 2, 3, -1),
    ("firefight", 8, 3, 6), ("firefight", 7, 3, 6), ("firefight", 3, 3, 5), ("firefight", 5, 2, 5),
])
def test_range_moves_towards_a_miss(chart: str, total: int, penalty: int, final: int) -> None:
    assert final_roll(COMBAT, COMBAT.chart(chart), total, (), penalty) == final


def test_group_range_takes_the_worst_attacker_and_refuses_beyond_maximum() -> None:
    target = [Fighter("t", "infantry", 5, 0, WorldPoint(0, 0), 0.0)]
    near = Fighter("n", "infantry", 5, 0, WorldPoint(60, 0), 0.0)
    far = Fighter("f", "infantry", 5, 0, WorldPoint(140, 0), 0.0)
    penalty, note, problems = group_range(COMBAT, COMBAT.chart("volley"), [near, far], target)
    assert (penalty, problems) == (3, []) and note.startswith("f: musket at 140 m")
    out = Fighter("o", "infantry", 5, 0, WorldPoint(400, 0), 0.0)
    _, _, problems = group_range(COMBAT, COMBAT.chart("volley"), [out], target)
    assert problems == ["o is 400 m from the nearest target, beyond its maximum range of 150 m"]
    cav = Fighter("c", "cavalry", 5, 0, WorldPoint(100, 0), 0.0)
    assert group_range(COMBAT, COMBAT.chart("volley"), [cav], target)[2] == [
        "c has no fire range in the rule set; use a hand-to-hand chart"]
    assert group_range(COMBAT, COMBAT.chart("melee"), [cav], target)[2] == [
        "c is 100 m from the nearest defender; hand to hand needs 50 m"]


# --- on the map -----------------------------------------------------------------------------------------

def battlefield(columns: int = 40, rows: int = 20) -> Battlefield:
    """Open fields of 25 m tiles; a river (water) down column 30; a road along row 2."""
    terrain_ids = ("plains", "water", "forest")
    terrain = np.zeros((rows, columns), dtype=np.int16)
    if columns > 30:
        terrain[:, 30] = 1
    road = np.zeros((rows, columns), dtype=bool)
    road[2, :30] = True
    return Battlefield("v3-test.tmx", MapGrid("orthogonal", columns, rows, 32, 32, TILE / 32), terrain_ids, terrain,
                       road, np.zeros((rows, columns), dtype=np.float32), terrain == 2)


def game(units: list[UnitSetup], bf: Battlefield | None = None) -> GameState:
    setup = GameSetup(
        name="V3 test", ruleset_id="kriegsspiel-v3", seed=1760, first_side="Blue",
        sides=(SideSetup("Blue", "#2040a0"), SideSetup("Red", "#a02020")),
        players=(PlayerSetup("B", "Blue"), PlayerSetup("R", "Red")), units=tuple(units), fog_of_war=1,
    )
    return initial_state(setup, bf or battlefield(), RULES)


def at(x: float, y: float) -> WorldPoint:
    return WorldPoint(x, y)


def test_combat_rolls_once_and_waits_for_the_umpire() -> None:
    state = game([UnitSetup("b1", "infantry", "Blue", at(300, 250)), UnitSetup("b2", "infantry", "Blue", at(300, 300)),
                  UnitSetup("r1", "infantry", "Red", at(400, 275))])
    dice = Dice(1760, 1)
    result = apply(state, Combat("volley", ("b1", "b2"), ("r1",)), dice)
    assert result.accepted, result
    assert len(dice.rolls) == 1 and dice.rolls[0][0] == 10
    pending = pending_combat(result.state)
    assert pending.roll == dice.rolls[0][1]
    event = result.events[0]
    assert isinstance(event, CombatRolled)
    assert "attacker +1 quantity (2 against 1)" in event.listing and "range 1 towards a miss" in event.listing
    # nothing happened on the map yet
    assert result.state.units["r1"] == state.units["r1"]
    # a second combat waits for this one
    again = apply(result.state, Combat("volley", ("b1",), ("r1",)), Dice(1760, 2))
    assert not again.accepted and "a combat is pending" in again.reason and not again.forceable


def test_refusals() -> None:
    state = game([UnitSetup("b1", "infantry", "Blue", at(100, 250)), UnitSetup("b9", "infantry", "Blue", at(100, 400), health=1),
                  UnitSetup("r1", "infantry", "Red", at(600, 250))])
    d = Dice(1, 1)
    far = apply(state, Combat("volley", ("b1",), ("r1",)), d)
    assert not far.accepted and far.forceable and "beyond its maximum range of 150 m" in far.reason
    forced = apply(state, Force(Combat("volley", ("b1",), ("r1",))), Dice(1, 1))
    assert forced.accepted and forced.overridden
    weak = apply(state, Combat("melee", ("b9",), ("r1",)), Dice(1, 1))
    assert not weak.accepted and "b9 is at 1 HP and cannot attack" in weak.reason
    assert not apply(state, Combat("volley", ("b1",), ("b9",)), d).accepted
    assert "no combat chart 'charge'" in apply(state, Combat("charge", ("b1",), ("r1",)), d).reason
    assert "no combat is pending" in apply(state, Resolve(), d).reason
    assert "no combat is pending" in apply(state, Modify("attacker", 1, "intel"), d).reason
    # a Fourth Edition game has no V3 combat: its order is not one of that game's orders
    modern = load_ruleset("modern-4e")
    assert "'combat' is not an order" in apply(state.replace(ruleset=modern), Combat("volley", ("b1",), ("r1",)), d).reason
    # a house-rules copy of V3 without [combat] plays V3's code, which names the table it lacks
    without = MappingProxyType({k: v for k, v in state.ruleset.extras.items() if k != "combat"})
    chartless = dataclasses.replace(state.ruleset, id="my-v3", based_on="kriegsspiel-v3", extras=without)
    assert "has no combat charts" in apply(state.replace(ruleset=chartless), Combat("volley", ("b1",), ("r1",)), d).reason


def _resolve(state: GameState, chart: str, attackers: tuple[str, ...], defenders: tuple[str, ...], roll: int,
             *modifiers: Modifier) -> tuple[GameState, tuple]:
    pending = PendingCombat(chart, attackers, defenders, roll, tuple(modifiers))
    result = apply(with_pending_combat(state, pending), Resolve(), Dice(1, 1))
    assert result.accepted, result
    assert pending_combat(result.state) is None
    return result.state, result.events


@pytest.mark.parametrize("face, retreat, disruption, health", [
    (5, 0, 0, 5), (4, 50, 0, 5), (3, 100, 1, 5), (2, 200, 2, 4), (1, 300, 2, 3)])
def test_results_on_the_map(face: int, retreat: float, disruption: int, health: int) -> None:
    """Artillery chart faces whose results are 5..1, applied to an infantry unit east of the guns: it
    retreats straight east by the distance, gains disruption, loses HP."""
    roll = {5: 1, 4: 4, 3: 6, 2: 8, 1: 10}[face]
    state = game([UnitSetup("guns", "artillery", "Blue", at(100, 250)), UnitSetup("r1", "infantry", "Red", at(300, 250))])
    new, events = _resolve(state, "artillery", ("guns",), ("r1",), roll)
    r1 = new.units["r1"]
    assert r1.position.x == pytest.approx(300 + retreat) and r1.position.y == pytest.approx(250)
    assert (disruption_of(r1), r1.health) == (disruption, health)
    assert new.units["guns"].fired_this_turn


def test_retreat_follows_the_terrain_and_never_crosses_the_river() -> None:
    """A unit 25 m west of the river (column 30 = x 750..775) hit from the west must not cross: it goes
    along the bank, farther from the enemy, at most the distance walked."""
    state = game([UnitSetup("r1", "infantry", "Red", at(600, 250)), UnitSetup("b1", "infantry", "Blue", at(737.5, 237.5))])
    new, events = _resolve(state, "volley", ("r1",), ("b1",), 10)  # routed: 300 m
    b1 = new.units["b1"]
    retreat = next(e for e in events if isinstance(e, UnitRetreated))
    assert new.battlefield.terrain_at(b1.position) == "plains"
    assert b1.position.x < 750
    assert distance(b1.position, at(600, 250)) > distance(at(737.5, 237.5), at(600, 250)) + 100
    assert retreat.walked <= 300 * 1.001


def test_a_unit_in_a_corner_is_hemmed_in() -> None:
    state = game([UnitSetup("r1", "cavalry", "Red", at(700, 400)), UnitSetup("b1", "infantry", "Blue", at(740, 490))],
                 battlefield(columns=30, rows=20))
    # the river is gone (30 columns): the map's east edge is at 750 m and its south edge at 500 m
    new, events = _resolve(state, "melee", ("r1",), ("b1",), 10)
    retreat = next(e for e in events if isinstance(e, UnitRetreated))
    assert new.battlefield.contains(new.units["b1"].position)
    assert retreat.walked < retreat.wanted
    assert "hemmed in" in retreat.describe()


def test_mirrored_result_hits_the_attacker_and_it_retreats_from_the_defender() -> None:
    state = game([UnitSetup("b1", "infantry", "Blue", at(300, 250)), UnitSetup("r1", "infantry", "Red", at(380, 250))])
    new, events = _resolve(state, "firefight", ("b1",), ("r1",), 3)  # face 3: result 3 on the attacker
    assert new.units["b1"].position.x == pytest.approx(200)
    assert disruption_of(new.units["b1"]) == 1 and new.units["r1"] == state.units["r1"]


def test_surrender_and_death() -> None:
    state = game([UnitSetup("b1", "infantry", "Blue", at(300, 250)), UnitSetup("r1", "infantry", "Red", at(380, 250)),
                  UnitSetup("r2", "infantry", "Red", at(380, 300), health=2)])
    new, events = _resolve(state, "firefight", ("b1",), ("r1", "r2"), 10, Modifier("attacker", 1, "intel"))
    assert "r1" not in new.units and "r2" not in new.units
    assert [e.how for e in events if isinstance(e, UnitLost)] == ["surrendered", "surrendered"]
    new, events = _resolve(state, "firefight", ("b1",), ("r2",), 10)  # routed: -2 HP from 2
    assert "r2" not in new.units and any(isinstance(e, UnitLost) and e.how == "destroyed" for e in events)


def test_low_hp_puts_a_unit_out_of_control_and_disruption_slows_it() -> None:
    state = game([UnitSetup("guns", "artillery", "Red", at(100, 250)), UnitSetup("b1", "infantry", "Blue", at(300, 250), health=3)])
    new, _ = _resolve(state, "artillery", ("guns",), ("b1",), 8)  # damaged: 200 m, +2 disruption, -1 HP -> 2 HP
    b1 = new.units["b1"]
    assert (b1.health, disruption_of(b1)) == (2, 2)
    assert new.allowance_left(b1) == pytest.approx(200 / 3)
    move = apply(new, Move("b1", at(b1.position.x + 30, 250)), Dice(1, 2))
    assert not move.accepted and "disabled" in move.reason  # out of control: the umpire may force it
    # out of control for the rest of this round and the next round
    for _ in range(2):
        new = apply(new, EndTurn(), Dice(1, 3)).state
    assert new.round == 2 and new.units["b1"].disabled_rounds == 1
    for _ in range(2):
        new = apply(new, EndTurn(), Dice(1, 4)).state
    assert new.round == 3 and new.units["b1"].disabled_rounds == 0
    # disruption 2: a third of 200 m; open ground costs 200/150 per metre, so 50 m is all it can go
    b1 = new.units["b1"]
    assert not apply(new, Move("b1", at(b1.position.x + 60, b1.position.y)), Dice(1, 5)).accepted
    assert apply(new, Move("b1", at(b1.position.x + 49, b1.position.y)), Dice(1, 5)).accepted
    rallied = apply(new, Force(Rally("b1")), Dice(1, 6)).state  # in the open: only the umpire's word rallies it
    assert disruption_of(rallied.units["b1"]) == 1 and rallied.allowance_left(rallied.units["b1"]) == pytest.approx(400 / 3)


def test_modify_and_resolve_through_apply() -> None:
    state = game([UnitSetup("b1", "infantry", "Blue", at(300, 250)), UnitSetup("r1", "infantry", "Red", at(360, 250))])
    rolled = apply(state, Combat("firefight", ("b1",), ("r1",)), Dice(7, 1)).state
    roll = pending_combat(rolled).roll
    amended = apply(rolled, Modify("attacker", 11 - roll, "intel"), Dice(7, 2))
    assert amended.accepted and "surrendered" in amended.events[0].describe()
    ranged = apply(amended.state, Modify("range", 3, "smoke"), Dice(7, 3)).state
    assert pending_combat(ranged).range_penalty == 3
    back = apply(ranged, Modify("range", 0, ""), Dice(7, 4)).state
    done = apply(back, Resolve(), Dice(7, 5)).state
    assert "r1" not in done.units and pending_combat(done) is None


def test_recover_near_a_supply_wagon_or_in_cover() -> None:
    bf = battlefield()
    terrain = bf.terrain.copy()
    terrain[10, 5] = 2  # a forest tile at x 125..150, y 250..275
    bf = dataclasses.replace(bf, terrain=terrain, blocks_sight=terrain == 2)
    state = game([UnitSetup("b1", "infantry", "Blue", at(300, 250), health=3),
                  UnitSetup("b2", "infantry", "Blue", at(137.5, 262.5), health=4),
                  UnitSetup("b3", "cavalry", "Blue", at(600, 400), health=2),
                  UnitSetup("b4", "infantry", "Blue", at(650, 400)),
                  UnitSetup("wagon", "supply-wagon", "Blue", at(450, 250)),
                  UnitSetup("r1", "infantry", "Red", at(600, 100))], bf)
    d = Dice(1, 1)
    near = apply(state, Recover("b1"), d)
    assert near.accepted and near.state.units["b1"].health == 4
    assert near.events[0].describe() == "b1 recovers: 4 HP (supply-wagon wagon 150 m away)"
    cover = apply(state, Recover("b2"), d)
    assert cover.accepted and "in cover: forest" in cover.events[0].describe()
    bare = apply(state, Recover("b3"), d)
    assert not bare.accepted and bare.forceable and "no supply-wagon of its side within 200" in bare.reason
    assert apply(state, Force(Recover("b3")), d).state.units["b3"].health == 3
    full = apply(state, Recover("b4"), d)
    assert not full.accepted and not full.forceable and "full 5 HP" in full.reason
    assert not apply(state, Recover("wagon"), d).accepted


# --- retreats, as properties ------------------------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from kriegsspiel.rulesets.kriegsspiel_v3.retreat import retreat  # noqa: E402

_BF = battlefield()
_LAND_X = st.floats(0.5, 749.5)  # west of the river (x 750..775)
_Y = st.floats(0.5, 499.5)


@settings(max_examples=60, deadline=None)
@given(ux=_LAND_X, uy=_Y, ex=_LAND_X, ey=_Y, length=st.sampled_from([50.0, 100.0, 200.0, 300.0]),
       type_id=st.sampled_from(["infantry", "cavalry", "artillery"]))
def test_a_retreat_stays_on_land_walks_at_most_its_distance_and_never_nears_the_enemy(ux, uy, ex, ey, length, type_id):
    origin, enemy = WorldPoint(ux, uy), WorldPoint(ex, ey)
    path = retreat(_BF, RULES, type_id, origin, [enemy], length)
    assert _BF.terrain_at(path.end) == "plains" and path.end.x < 750  # never across the river
    assert path.length <= length * 1.001 + 1e-9
    assert distance(path.end, enemy) >= distance(origin, enemy) - 1e-6
    assert path.path[0] == origin and path.path[-1] == path.end
