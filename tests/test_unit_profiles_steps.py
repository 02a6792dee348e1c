"""The combat steps' pieces, table-driven from the rulebook's words (docs/unit-profiles.md, battle-json.md):
the dice a firer places itself (R05.3), the hits a damaged capital ship can still take (R25), the end of a
round (R04.5)."""
from __future__ import annotations

import pytest

from kriegsspiel.rulesets.unit_profiles import load_rules, parse_battle
from kriegsspiel.rulesets.unit_profiles.spec import BattleSpec
from kriegsspiel.rulesets.unit_profiles.steps import (
    Shot, after_free_attack, end_of_round, hit_pool, hits_left, initial_position,
)
from kriegsspiel.rulesets.unit_profiles.values import ABOARD, ACTIVE, DEAD, DOOMED, LOST, OUT, RETREATED, Position
from unit_profiles_helpers import battle, run, unit

M = 12  # a die that misses everything (R02.1)


def spec_of(raw: dict) -> BattleSpec:
    return parse_battle(raw, load_rules())


# --- R02.1, R05.2, R05.3: what a die makes ------------------------------------------------------------

def torpedo(firer: int, need: int = 4, values: tuple[tuple[int, int], ...] = ((0, 4), (1, 2))) -> Shot:
    return Shot(firer, need, values, "naval", None, False)


@pytest.mark.parametrize(("die", "firer", "eligible"), [
    (1, 5, (0, 1)),     # a 1 hits every unit the firer has a value against
    (2, 5, (0, 1)),     # a die equal to a value hits that unit (R02.1: at or below)
    (3, 7, (0,)),       # above a value: that unit may not take the hit (R05.2)
    (4, 7, (0,)),
])
def test_a_hit_keeps_its_die_its_firer_and_the_units_it_may_go_to(die: int, firer: int,
                                                                  eligible: tuple[int, ...]) -> None:
    hit = torpedo(firer).hit(die)
    assert hit is not None
    assert (hit.die, hit.firer, hit.eligible, hit.picks) == (die, firer, eligible, "naval")


@pytest.mark.parametrize("die", [5, 6, 11])
def test_a_die_above_the_need_misses(die: int) -> None:
    assert torpedo(0).hit(die) is None


def _firer_order(shots_and_dice: list[tuple[Shot, int]]) -> list[tuple[int, int]]:
    hits = [s.hit(d) for s, d in shots_and_dice]
    return [(h.die, h.firer) for h in sorted((h for h in hits if h), key=lambda h: h.rank)]


@pytest.mark.parametrize(("shots_and_dice", "order"), [
    # "the dice whose hit the firer places are taken the highest die first (fewest targets first)"
    ([(torpedo(0), 1), (torpedo(1), 3)], [(3, 1), (1, 0)]),
    ([(torpedo(1), 3), (torpedo(0), 1)], [(3, 1), (1, 0)]),
    ([(torpedo(0), 2), (torpedo(1), 4), (torpedo(2), 3)], [(4, 1), (3, 2), (2, 0)]),
    # equal dice and values: input order
    ([(torpedo(4), 2), (torpedo(2), 2)], [(2, 2), (2, 4)]),
    ([(torpedo(2), 2), (torpedo(4), 2)], [(2, 2), (2, 4)]),
])
def test_firer_placed_hits_go_highest_die_first_then_input_order(shots_and_dice: list[tuple[Shot, int]],
                                                                order: list[tuple[int, int]]) -> None:
    assert _firer_order(shots_and_dice) == order


@pytest.mark.parametrize(("dice", "casualties"), [
    # two Torpedo Bombers, targets ["dd"]: the highest die takes the listed destroyer, the other die the
    # default, the most expensive unit it may hit (battle-json.md POLICY, R05.3a); the order of the firers
    # in the input does not change which die is taken first
    ([1, 3, M, M, M], ["bc", "dd"]),
    ([3, 1, M, M, M], ["dd", "bc"]),
])
def test_the_torpedo_with_the_highest_die_takes_the_listed_target(dice: list[int], casualties: list[str]) -> None:
    out = run(battle([unit("tb1", "torpedo-bomber"), unit("tb2", "torpedo-bomber")],
                     [unit("dd", "destroyer"), unit("bc", "battlecruiser"), unit("ca", "cruiser")],
                     dice, kind="sea", max_rounds=1, policy={"attacker": {"targets": ["dd"]}}))
    fire = out["rounds"][0]["attacker_fire"]
    assert fire["hits"] == 2
    assert sorted(fire["casualties"]) == sorted(casualties)
    by_die = {r["die"]: r["unit"] for r in fire["rolls"]}
    assert by_die[3] == ("tb2" if dice[1] == 3 else "tb1")


# --- R25: a capital ship's hits left --------------------------------------------------------------------

@pytest.mark.parametrize(("kind", "damage", "left"), [
    ("battleship", 0, 2),   # a battleship takes two hits
    ("battleship", 1, 1),   # with a HIT marker, one more
    ("cruiser", 0, 1),      # an ordinary unit one
])
def test_a_damaged_capital_ship_has_its_hits_less_its_markers(kind: str, damage: int, left: int) -> None:
    spec = spec_of(battle([unit("ca", "cruiser")], [unit("x", kind, damage=damage), unit("dd", "destroyer")],
                          kind="sea"))
    pos = initial_position(spec)
    assert hits_left(spec, pos, [spec.units[1]]) == {1: left}
    defenders = [u for u in spec.units if u.side == 1]
    assert hits_left(spec, pos, defenders) == {1: left, 2: 1}
    hit = Shot(0, 3, ((1, 3), (2, 3)), None, None, False).hit(1)
    assert hit is not None
    pool, carriers = hit_pool(spec, pos, 1, [hit], "round")
    assert pool == {1: left, 2: 1} and carriers == frozenset()


# --- R04.5, R05.4, R24.2, R26: the end of a round -----------------------------------------------------------

def _statuses(spec: BattleSpec, **status: int) -> Position:
    pos = initial_position(spec)
    ids = [u.id for u in spec.units]
    return pos._replace(status=tuple(status.get(i, s) for i, s in zip(ids, pos.status)))


def _ids(spec: BattleSpec, indices: list[int]) -> list[str]:
    return [spec.units[i].id for i in indices]


@pytest.mark.parametrize(("attackers", "defenders", "status", "lost", "result"), [
    # R05.4: Naval Transports left alone against units able to hit them are lost, on either side
    ([unit("ca", "cruiser")], [unit("tr", "naval-transport"), unit("dd", "destroyer")], {"dd": DEAD},
     ["tr"], "attacker"),
    ([unit("tr", "naval-transport"), unit("ca", "cruiser")], [unit("dd", "destroyer")], {"ca": DEAD},
     ["tr"], "defender"),
    # a value of 1 is enough to hit them (R02.1)
    ([unit("ac", "auxiliary-cruiser")], [unit("tr", "naval-transport"), unit("dd", "destroyer")], {"dd": DEAD},
     ["tr"], "attacker"),
    # not while another unit of theirs can still be hit
    ([unit("ca", "cruiser")], [unit("tr", "naval-transport"), unit("dd", "destroyer")], {}, [], None),
    # a bombardment casualty is removed at the end of round 1 (R20.2): the transport is then alone
    ([unit("ca", "cruiser")], [unit("tr", "naval-transport"), unit("dd", "destroyer")], {"dd": DOOMED},
     ["tr"], "attacker"),
])
def test_transports_left_alone_are_lost(attackers: list[dict], defenders: list[dict], status: dict[str, int],
                                        lost: list[str], result: str | None) -> None:
    spec = spec_of(battle(attackers, defenders, kind="sea", max_rounds=5))
    pos, lost_transports, _, retreated, got = end_of_round(spec, _statuses(spec, **status), 1)
    assert _ids(spec, lost_transports) == lost and got == result and retreated == []
    for t in lost_transports:
        assert pos.status[t] == DEAD
    assert DOOMED not in pos.status


@pytest.mark.parametrize(("rnd", "max_rounds", "stop_at_max", "result"), [
    (3, 3, True, "stalemate"),   # max_rounds reached with both sides able to fight on
    (4, 3, True, "stalemate"),
    (2, 3, True, None),
    (3, 3, False, None),          # the odds call the stalemate themselves
])
def test_a_battle_that_reaches_max_rounds_is_a_stalemate(rnd: int, max_rounds: int, stop_at_max: bool,
                                                         result: str | None) -> None:
    spec = spec_of(battle([unit("a", "infantry")], [unit("d", "infantry")], max_rounds=max_rounds))
    assert end_of_round(spec, initial_position(spec), rnd, stop_at_max)[4] == result


@pytest.mark.parametrize(("rnd", "withdraw", "gone"), [
    (1, True, ["ac"]),   # auxiliary cruisers leave after round 1 when the policy says so
    (2, True, []),       # only after round 1
    (1, False, []),
])
def test_auxiliary_cruisers_withdraw_after_round_1(rnd: int, withdraw: bool, gone: list[str]) -> None:
    spec = spec_of(battle([unit("ca", "cruiser")], [unit("ac", "auxiliary-cruiser"), unit("dd", "destroyer")],
                          kind="sea", max_rounds=5, policy={"defender": {"withdraw": withdraw}}))
    pos, _, _, retreated, result = end_of_round(spec, initial_position(spec), rnd)
    assert _ids(spec, retreated) == gone and result is None
    assert [pos.status[u.index] == RETREATED for u in spec.units] == [u.id in gone for u in spec.units]


def test_an_attacking_auxiliary_cruiser_may_withdraw_too() -> None:
    # docs/unit-profiles.md: an Auxiliary Cruiser's withdrawal after round 1, either side (R24.2)
    spec = spec_of(battle([unit("ac", "auxiliary-cruiser"), unit("ca", "cruiser")], [unit("dd", "destroyer")],
                          kind="sea", max_rounds=5, policy={"attacker": {"withdraw": True}}))
    pos, _, _, retreated, result = end_of_round(spec, initial_position(spec), 1)
    assert _ids(spec, retreated) == ["ac"] and result is None and pos.status[0] == RETREATED


@pytest.mark.parametrize(("rnd", "after", "gone", "result"), [
    # at the end of round N every attacking unit that may retreat does; units landed from ships fight on
    (1, 1, ["i2"], None),
    (2, 1, [], None),
    (2, 2, ["i2"], None),
])
def test_the_attacker_retreats_after_the_round_it_chose(rnd: int, after: int, gone: list[str],
                                                        result: str | None) -> None:
    spec = spec_of(battle([unit("i1", "infantry", landed=True), unit("i2", "infantry")], [unit("d", "infantry")],
                          amphibious=True, max_rounds=5, policy={"attacker": {"retreat": {"after_round": after}}}))
    pos, _, _, retreated, got = end_of_round(spec, initial_position(spec), rnd)
    assert _ids(spec, retreated) == gone and got == result
    assert [pos.status[u.index] == RETREATED for u in spec.units] == [u.id in gone for u in spec.units]


def test_an_attacker_that_retreats_entirely_leaves_the_defender_the_winner() -> None:
    spec = spec_of(battle([unit("i", "infantry")], [unit("d", "infantry")], max_rounds=5,
                          policy={"attacker": {"retreat": {"after_round": 1}}}))
    assert end_of_round(spec, initial_position(spec), 1)[3:] == ([0], "defender")


# --- battle-json.md UNIT and S23: who is in the battle, and the airdrop's cargo ------------------------------

@pytest.mark.parametrize(("attackers", "defenders", "expected"), [
    # aircraft aboard a defending carrier or airship fight as units; other cargo does not fight
    ([unit("bb", "battleship")], [unit("cv", "carrier", cargo=[unit("f", "fighter")])],
     {"bb": ACTIVE, "cv": ACTIVE, "f": ACTIVE}),
    ([unit("bb", "battleship")], [unit("ec", "escort-carrier", cargo=[unit("f", "fighter")])],
     {"bb": ACTIVE, "ec": ACTIVE, "f": ACTIVE}),
    ([unit("bb", "battleship")], [unit("ac", "armored-carrier", cargo=[unit("f", "fighter")])],
     {"bb": ACTIVE, "ac": ACTIVE, "f": ACTIVE}),
    ([unit("bb", "battleship")], [unit("zep", "airship", cargo=[unit("f", "fighter")])],
     {"bb": ACTIVE, "zep": ACTIVE, "f": ACTIVE}),
    ([unit("bb", "battleship")], [unit("tr", "naval-transport", cargo=[unit("i", "infantry")]), unit("dd", "destroyer")],
     {"bb": ACTIVE, "tr": ACTIVE, "i": ABOARD, "dd": ACTIVE}),
    # an attacking carrier's aircraft do not fight from it
    ([unit("cv", "carrier", cargo=[unit("f", "fighter")])], [unit("bb", "battleship")],
     {"cv": ACTIVE, "f": ABOARD, "bb": ACTIVE}),
])
def test_who_is_in_the_battle_before_the_first_step(attackers: list[dict], defenders: list[dict],
                                                    expected: dict[str, int]) -> None:
    spec = spec_of(battle(attackers, defenders, kind="sea"))
    pos = initial_position(spec)
    assert {u.id: pos.status[u.index] for u in spec.units} == expected


def test_a_bombarding_ship_takes_no_part_in_the_rounds_and_damage_is_carried() -> None:
    spec = spec_of(battle([unit("i", "infantry", landed=True), unit("bb", "battleship", bombard=True, damage=1)],
                          [unit("d", "infantry")], amphibious=True))
    pos = initial_position(spec)
    assert pos.status == (ACTIVE, OUT, ACTIVE) and pos.damage == (0, 1, 0)


@pytest.mark.parametrize(("shot_down", "joins", "lost"), [
    # S23: the cargo of the surviving air transports joins the attack; theirs is lost with the others
    ([], ["p1", "p2"], []),
    (["at1"], ["p2"], ["p1"]),
    (["at1", "at2"], [], ["p1", "p2"]),
])
def test_the_cargo_of_surviving_air_transports_joins_the_attack(shot_down: list[str], joins: list[str],
                                                                lost: list[str]) -> None:
    spec = spec_of(battle([unit("at1", "air-transport", cargo=[unit("p1", "paratroopers")]),
                           unit("at2", "air-transport", cargo=[unit("p2", "paratroopers")])],
                          [unit("d", "infantry")]))
    pos = _statuses(spec, **{t: DEAD for t in shot_down})
    after, cargo_lost = after_free_attack(spec, pos)
    status = {u.id: after.status[u.index] for u in spec.units}
    assert _ids(spec, cargo_lost) == lost
    assert [p for p in ("p1", "p2") if status[p] == ACTIVE] == joins
    assert [p for p in ("p1", "p2") if status[p] == LOST] == lost
    assert [t for t in ("at1", "at2") if status[t] == OUT] == [t for t in ("at1", "at2") if t not in shot_down]
    # cargo already lost (its transport shot down earlier) is not lost twice
    earlier = _statuses(spec, **{t: DEAD for t in shot_down}, **{f"p{t[-1]}": LOST for t in shot_down})
    assert after_free_attack(spec, earlier)[1] == []


def test_airdropped_units_do_not_retreat() -> None:
    # R26.2: units landed from ships or airdropped fight on when the attacker retreats
    spec = spec_of(battle([unit("at", "air-transport", cargo=[unit("p", "paratroopers")]), unit("i", "infantry")],
                          [unit("d", "infantry")], max_rounds=5, policy={"attacker": {"retreat": {"after_round": 1}}}))
    pos, _ = after_free_attack(spec, initial_position(spec))
    pos, _, _, retreated, result = end_of_round(spec, pos, 1)
    assert _ids(spec, retreated) == ["i"] and result is None
    assert {u.id: pos.status[u.index] for u in spec.units} == {"at": OUT, "p": ACTIVE, "i": RETREATED, "d": ACTIVE}


def test_when_both_sides_leave_the_defender_keeps_the_place() -> None:
    # the attacker retreats (S26) while the defender's Auxiliary Cruiser withdraws (R24.2): nobody is
    # destroyed, and an attacker that retreats has lost the battle
    spec = spec_of(battle([unit("ca", "cruiser")], [unit("ac", "auxiliary-cruiser")], kind="sea", max_rounds=5,
                          policy={"attacker": {"retreat": {"after_round": 1}}, "defender": {"withdraw": True}}))
    pos, _, _, retreated, result = end_of_round(spec, initial_position(spec), 1)
    assert _ids(spec, retreated) == ["ca", "ac"] and result == "defender"
