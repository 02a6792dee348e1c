"""Land and theatre-agnostic combat orders: attack, fire, spy, build, missile.

Each command: a legal use on the small test map (fixtures_core) with its exact effect under a fixed seed, and
each refusal with its reason. Rolls come from ``Dice(1777, index)``; the events name every roll.
"""
from __future__ import annotations

import dataclasses

import pytest

from fixtures_core import battlefield, dice, ruleset
from kriegsspiel.core.game import Accepted, Rejected, apply
from kriegsspiel.core.battlefield import Structure
from kriegsspiel.rulesets.modern_4e.events import Built, Damaged, Destroyed, Outcome, Rolled, SpyReport, StructureFell
from kriegsspiel.core.events import Revealed, event_from_json
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.rulesets.modern_4e import RULES
from kriegsspiel.core.state import GameSetup, SideSetup, UnitSetup
from kriegsspiel.core.state import GameState, initial_state

parse_command = RULES.parse  # the game's notation: the core's words and the rule set's


def skirmish(*units: UnitSetup, structures: tuple[Structure, ...] = (), **changes) -> GameState:
    """A two-side game on the 20 x 10 test map (plains x 0-8, forest 8-11, swamp 11, plains 12-14, water 14-20)."""
    field = battlefield()
    if structures:
        field = dataclasses.replace(field, structures=field.structures + structures)
    setup = GameSetup(
        name="combat", ruleset_id="modern-4e", seed=1777, first_side="Blue",
        sides=(SideSetup("Blue", "#3050c0", rule_set_keys=(("warheads", 1),)), SideSetup("Red", "#c03030")),
        players=(), units=units, fog_of_war=6, rounds=10,
    )
    return initial_state(dataclasses.replace(setup, **changes), field, ruleset())


def U(unit_id: str, type_id: str, side: str, x: float, y: float, airborne: bool = False, **kw) -> UnitSetup:
    """A unit of the scenario; ``airborne``: a plane that starts in the air (the Fourth Edition's key)."""
    keys = (("airborne", True),) if airborne else ()
    return UnitSetup(unit_id, type_id, side, WorldPoint(x, y), rule_set_keys=keys, **kw)


def run(state: GameState, line: str, index: int = 1) -> Accepted:
    outcome = apply(state, parse_command(line), dice(index))
    assert isinstance(outcome, Accepted), f"{line!r} refused: {outcome.reason}"
    for event in outcome.events:  # every event survives the journal
        assert event_from_json(event.to_json(), RULES.event_kinds) == event
    return outcome


def refused(state: GameState, line: str) -> Rejected:
    outcome = apply(state, parse_command(line), dice())
    assert isinstance(outcome, Rejected), f"{line!r} accepted: {[e.describe() for e in outcome.events]}"
    return outcome


def rolls(outcome: Accepted) -> list[tuple[str, str, int, int]]:
    return [(e.unit, e.purpose, e.sides, e.value) for e in outcome.events if isinstance(e, Rolled)]


# --- attack -------------------------------------------------------------------------------------------


def line_up() -> GameState:
    return skirmish(
        U("b1", "infantry", "Blue", 2.5, 2.5), U("b2", "heavy-cavalry", "Blue", 3.5, 3.5),
        U("r1", "infantry", "Red", 4.5, 2.5), U("r2", "infantry", "Red", 7.5, 7.5),
        U("art", "light-artillery", "Blue", 1.5, 8.5), U("sub", "attack-submarine", "Red", 17.5, 5.5),
    )


def test_attack_both_sides_roll_and_the_difference_hits_the_lower_side() -> None:
    s = line_up()
    out = run(s, "attack b1 b2 > r1")
    assert rolls(out) == [("b1", "attack", 4, 2), ("b2", "attack", 10, 10), ("r1", "defence", 4, 1)]
    assert Outcome("attack", "Blue 12 against Red 1: the defenders take 11") in out.events
    assert Damaged("r1", 4, 0) in out.events and Destroyed("r1", "destroyed") in out.events
    assert "r1" not in out.state.units
    assert out.state.units["b1"].attacked_this_turn and out.state.units["b2"].attacked_this_turn


def test_attack_ends_the_attackers_turn() -> None:
    s = run(line_up(), "attack b1 b2 > r1").state
    assert refused(s, "move b1 > 2.5,4.5").reason == "b1 attacked this turn; an attack ends its turn (force to override)"
    assert refused(s, "attack b2 > r2").reason.startswith("b2 attacked this turn")


def test_attack_losers_share_the_damage_evenly_remainder_to_the_first() -> None:
    s = skirmish(U("b1", "infantry", "Blue", 2.5, 2.5), U("b2", "infantry", "Blue", 2.5, 3.5),
                 U("r1", "special", "Red", 4.5, 2.5))
    out = run(s, "attack b1 b2 > r1", index=8)
    assert rolls(out) == [("b1", "attack", 4, 3), ("b2", "attack", 4, 3), ("r1", "defence", 20, 11)]
    assert [e for e in out.events if isinstance(e, Damaged)] == [Damaged("b1", 3, 1), Damaged("b2", 2, 2)]
    tie = run(s, "attack b1 b2 > r1", index=2)
    assert Outcome("attack", "Blue 5 against Red 5: a tie, no damage") in tie.events
    assert tie.state.units["r1"].health == 20 and tie.state.units["b1"].attacked_this_turn


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("attack b1 > r2", "b1 is 7.1 from the nearest target; attack reaches 3 (force to override)"),
        ("attack b1 b2 > r1 r2", "r2 is 5.7 from the nearest attacker; attack reaches 3 (force to override)"),
        ("attack b1 > b2", "b2 belongs to Blue, as b1 does; choose an enemy"),
        ("attack r1 > b1", "r1 belongs to Red; it is Blue's turn (force to override)"),
        ("attack b1 > nobody", "there is no unit 'nobody'"),
        ("attack b1 > b1", "attack: b1 cannot be on both sides"),
    ],
)
def test_attack_refusals(line: str, reason: str) -> None:
    assert refused(line_up(), line).reason == reason


def test_attack_by_a_type_without_an_attack_row_is_refused_for_good() -> None:
    s = skirmish(U("sub", "attack-submarine", "Blue", 16.5, 5.5), U("dd", "destroyer", "Red", 17.5, 5.5))
    out = refused(s, "attack sub > dd")
    assert out.reason.startswith("sub (attack-submarine) cannot attack; attack is for: infantry")
    assert not out.forceable


def test_merged_units_attack_with_their_size_and_converted_units_as_infantry() -> None:
    s = skirmish(U("b1", "infantry", "Blue", 2.5, 2.5), U("b2", "infantry", "Blue", 3.0, 2.5),
                 U("c1", "light-cavalry", "Blue", 2.5, 3.5), U("r1", "special", "Red", 4.5, 2.5))
    s = run(s, "merge b1 b2 > bb").state
    s = run(s, "convert c1", 2).state
    out = run(s, "attack bb c1 > r1", 5)
    bb, c1 = [e for e in out.events if isinstance(e, Rolled)][:2]
    assert (bb.sides, bb.strength) == (4, bb.value * 2.0)  # size 2
    assert (c1.sides, c1.strength) == (4, float(c1.value))  # converted: infantry's d4


# --- fire ---------------------------------------------------------------------------------------------


def test_fire_is_one_sided_and_spread_over_the_targets() -> None:
    s = skirmish(U("art", "light-artillery", "Blue", 1.5, 1.5), U("c1", "light-cavalry", "Blue", 1.5, 3.5),
                 U("r1", "infantry", "Red", 9.5, 2.5, hidden=True), U("r2", "infantry", "Red", 9.5, 4.5))
    out = run(s, "fire art c1 > r1 r2", 2)
    fire_rolls = rolls(out)
    assert [r[:3] for r in fire_rolls] == [("art", "fire", 8), ("c1", "fire", 12)]
    total = sum(r[3] for r in fire_rolls)
    first, second = total - total // 2, total // 2
    assert Outcome("fire", f"{total} damage: r1 {first}, r2 {second}") in out.events
    assert out.state.units["art"].fired_this_turn
    # the rules do not know of hidden targets as such: the umpire names them; a target keeps its hidden flag
    assert not any(isinstance(e, Revealed) and e.unit == "art" for e in out.events)


def test_a_hidden_firer_is_revealed() -> None:
    s = skirmish(U("art", "light-artillery", "Blue", 9.5, 1.5, hidden=True), U("r1", "infantry", "Red", 9.5, 9.5))
    out = run(s, "fire art > r1")
    assert Revealed("art", "fired (fire)") in out.events and not out.state.units["art"].hidden


@pytest.mark.parametrize(
    ("setup_line", "line", "reason"),
    [
        (None, "fire art > r2", "r2 is 31.0 from art; art's fire reaches 30 (force to override)"),
        ("fire art > r1", "fire art > r1", "art has already fired this turn (force to override)"),
        ("move art > 2.5,8.5", "fire art > r1", "art (light-artillery) moved this turn; it cannot move and fire (force to override)"),
        (None, "fire b1 > r1", "b1 (infantry) cannot fire; fire is for: light-artillery, medium-artillery, heavy-artillery, light-cavalry, medium-cavalry, heavy-cavalry, corvette, cruiser, destroyer, battleship"),
    ],
)
def test_fire_refusals(setup_line: str | None, line: str, reason: str) -> None:
    s = skirmish(U("art", "light-artillery", "Blue", 1.5, 8.5), U("b1", "infantry", "Blue", 1.5, 1.5),
                 U("r1", "special", "Red", 6.5, 8.5), U("r2", "infantry", "Red", 32.5, 8.5))
    if setup_line:
        s = run(s, setup_line).state
    assert refused(s, line).reason == reason


def test_cavalry_moves_and_fires() -> None:
    s = skirmish(U("c1", "light-cavalry", "Blue", 1.5, 1.5), U("r1", "infantry", "Red", 6.5, 8.5))
    s = run(s, "move c1 > 3.5,3.5").state
    run(s, "fire c1 > r1", 2)


def test_fire_at_a_structure_wears_it_down_until_it_falls() -> None:
    s = skirmish(U("art", "heavy-artillery", "Blue", 1.5, 1.5), U("r1", "infantry", "Red", 9.5, 9.5))
    seen = []
    for index in range(1, 40):
        out = run(s.replace(units={**s.units, "art": s.units["art"].replace(fired_this_turn=False)}),
                  "fire art > Smithy", index)
        s = out.state
        seen += out.events
        if not any(x.name == "Smithy" for x in s.battlefield.structures):
            break
    assert StructureFell("Smithy", "destroyed") in seen


def test_a_fortification_shields_the_units_in_it() -> None:
    fort = Structure("Redoubt", "fortification", (WorldPoint(6.5, 6.5),), 4)
    s = skirmish(U("art", "heavy-artillery", "Blue", 1.5, 6.5), U("r1", "infantry", "Red", 6.5, 6.5),
                 structures=(fort,))
    out = run(s, "fire art > r1", 3)
    assert [e.describe() for e in out.events] == [
        "art fire: d10 = 6", "fire: 6 damage: r1 6", "structure Redoubt takes 4 damage, health 0",
        "structure Redoubt falls (shielding r1)", "r1 takes 2 damage, health 2",
    ]
    assert not any(x.name == "Redoubt" for x in out.state.battlefield.structures)
    assert out.state.units["r1"].health == 2


# --- missile ------------------------------------------------------------------------------------------


def test_missile_against_a_target_that_cannot_fire_missiles_takes_the_whole_roll() -> None:
    s = skirmish(U("dd", "destroyer", "Blue", 15.5, 1.5, heading=0.0), U("r1", "heavy-cavalry", "Red", 6.5, 1.5))
    out = run(s, "missile dd > r1")
    (roll,) = rolls(out)
    assert roll[:3] == ("dd", "missile", 8)
    assert out.state.units["r1"].health == 16 - roll[3]


def test_missile_against_a_missile_shooter_only_the_difference_hits() -> None:
    s = skirmish(U("dd", "destroyer", "Blue", 15.5, 1.5, heading=0.0), U("dd2", "destroyer", "Red", 18.5, 8.5, heading=0.0))
    for index in range(1, 30):
        out = run(s, "missile dd > dd2", index)
        (a, d) = rolls(out)
        assert d[:2] == ("dd2", "missile defence")
        assert out.state.units["dd2"].health == 8 - max(0, a[3] - d[3])


def test_missile_refusals() -> None:
    s = skirmish(U("dd", "destroyer", "Blue", 15.5, 1.5, heading=0.0), U("b1", "infantry", "Blue", 1.5, 1.5),
                 U("r1", "heavy-cavalry", "Red", 6.5, 1.5), U("far", "infantry", "Red", 50.5, 1.5))
    assert refused(s, "missile dd > far").reason == "far is 35.0 from dd; the missile reaches 30 (force to override)"
    assert refused(s, "missile b1 > r1").reason.startswith("b1 (infantry) cannot missile; missile is for: destroyer")
    fired = run(s, "missile dd > r1").state
    assert refused(fired, "missile dd > r1").reason == "dd has already fired this turn (force to override)"


# --- spy ----------------------------------------------------------------------------------------------


def test_spy_finds_hidden_enemies_within_ten_and_exposes_them() -> None:
    s = skirmish(U("b1", "infantry", "Blue", 5.5, 5.5), U("r1", "infantry", "Red", 9.5, 5.5, hidden=True),
                 U("r2", "infantry", "Red", 9.5, 8.5, hidden=True), U("r3", "infantry", "Red", 9.5, 60.5, hidden=True))
    out = run(s, "spy b1")
    (report,) = [e for e in out.events if isinstance(e, SpyReport)]
    assert report.searched == ("r1", "r2")  # r3 is 55 away
    for unit_id in ("r1", "r2"):
        assert out.state.units[unit_id].hidden == (unit_id not in report.found)
    assert refused(out.state, "spy b1").reason == "b1 has already used spy this turn (force to override)"


def test_spy_by_a_type_that_cannot() -> None:
    s = skirmish(U("art", "light-artillery", "Blue", 5.5, 5.5))
    assert refused(s, "spy art").reason == "art (light-artillery) cannot spy; spy is for: infantry, engineers, mechanized"


# --- build --------------------------------------------------------------------------------------------


def test_engineers_build_a_fortification_of_the_build_tables_health_and_it_hides_nothing_but_shields() -> None:
    s = skirmish(U("e1", "engineers", "Blue", 4.5, 4.5), U("r1", "infantry", "Red", 19.5, 0.5))
    out = run(s, "build e1 > fortification Redoubt")
    assert out.events == (Built("e1", "Redoubt", "fortification", 4, WorldPoint(4.5, 4.5)),)
    fort = next(x for x in out.state.battlefield.structures if x.name == "Redoubt")
    assert (fort.kind, fort.health) == ("fortification", 4)
    assert out.state.allowance_left(out.state.units["e1"]) == 0
    assert refused(out.state, "move e1 > 5.5,4.5").reason.startswith("e1: ")


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("build e1 > settlement Town", "build: 'settlement' cannot be built; kinds: building, bridge, road, fortification, port, airfield"),
        ("build e1 > fortification Smithy", "build: the name 'Smithy' is taken; choose another"),
        ("build art > fortification F1", "art (light-artillery) cannot build; build is for: infantry, engineers, mechanized, special"),
    ],
)
def test_build_refusals(line: str, reason: str) -> None:
    s = skirmish(U("e1", "engineers", "Blue", 4.5, 4.5), U("art", "light-artillery", "Blue", 1.5, 1.5))
    assert refused(s, line).reason == reason


def test_build_after_moving_is_refused() -> None:
    s = skirmish(U("e1", "engineers", "Blue", 4.5, 4.5))
    s = run(s, "move e1 > 5.5,4.5").state
    assert refused(s, "build e1 > building Hut").reason == "e1 moved this turn; building takes the unit's whole turn (force to override)"


def test_a_built_building_hides_a_unit() -> None:
    s = skirmish(U("e1", "engineers", "Blue", 4.5, 4.5), U("b1", "infantry", "Blue", 4.5, 4.5))
    s = run(s, "build e1 > building Hut").state
    out = run(s, "hide b1", 2)
    assert out.state.units["b1"].hidden


def test_a_settlement_cannot_be_shot_at_but_the_units_in_it_can() -> None:
    town = Structure("Town", "settlement", (WorldPoint(5.5, 5.5),))
    s = skirmish(U("art", "light-artillery", "Blue", 1.5, 1.5), U("r1", "infantry", "Red", 5.5, 5.5),
                 structures=(town,))
    out = refused(s, "fire art > Town")
    assert out.reason == "Town (settlement) cannot be destroyed; aim at the units in it" and not out.forceable
    run(s, "fire art > r1")


# --- properties ---------------------------------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from kriegsspiel.rulesets.modern_4e.common import spread  # noqa: E402


@given(st.integers(0, 500), st.integers(1, 12))
def test_spread_shares_the_total_evenly_with_the_remainder_to_the_first(total: int, count: int) -> None:
    shares = spread(total, count)
    assert sum(shares) == total and len(shares) == count
    assert set(shares[1:]) <= {total // count} and shares[0] == total // count + total % count


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 10_000), st.lists(st.integers(1, 4), min_size=1, max_size=3), st.integers(1, 20))
def test_an_attack_deals_exactly_the_difference_to_the_lower_side(index: int, healths: list[int], target_health: int) -> None:
    units = [U(f"b{i}", "infantry", "Blue", 2.5 + 0.2 * i, 2.5, health=h) for i, h in enumerate(healths)]
    s = skirmish(*units, U("r1", "special", "Red", 4.5, 2.5, health=target_health))
    out = run(s, f"attack {' '.join(u.id for u in units)} > r1", index)
    attack = sum(e.strength for e in out.events if isinstance(e, Rolled) and e.purpose == "attack")
    defence = sum(e.strength for e in out.events if isinstance(e, Rolled) and e.purpose == "defence")
    difference = round(abs(attack - defence))
    before = {u.id: u.health for u in s.units.values()}
    after = {u: out.state.units[u].health if u in out.state.units else 0 for u in before}
    lost = {u: before[u] - after[u] for u in before}
    if attack > defence:
        assert lost["r1"] == min(difference, target_health) and all(lost[u.id] == 0 for u in units)
    else:
        shares = spread(difference, len(units))
        assert [lost[u.id] for u in units] == [min(share, h) for share, h in zip(shares, healths)]
        assert lost["r1"] == 0
    assert all(out.state.units[u].attacked_this_turn for u in after if u.startswith("b") and u in out.state.units)
