"""The chapter's worked examples (rulings section 5): E1 Malta, E2 Alexandria, E3 and E4 Helsinki, under the
default rulings and under the variant switch that reproduces each."""
from __future__ import annotations

import pytest

from unit_profiles_helpers import battle, needs, run, unit

MISS = 12


def malta(switches: dict[str, bool] | None = None, policy: dict | None = None) -> dict:
    """E1 (L113-115): two air transports with paratroopers, a bombarding battleship, a landing of infantry and
    artillery; Malta holds infantry, AAA and a fighter. Bombardment 9, AAA 7 and 11, fighter 4 (the chapter's
    dice and the rulings' test dice), then two rounds in which every die misses."""
    attackers = [
        unit("it-at-1", "air-transport", cargo=[unit("it-para-1", "paratroopers")]),
        unit("it-at-2", "air-transport", cargo=[unit("it-para-2", "paratroopers")]),
        unit("it-bb", "battleship", bombard=True),
        unit("it-inf", "infantry", landed=True),
        unit("it-art", "artillery", landed=True),
    ]
    defenders = [unit("gb-inf", "infantry"), unit("gb-aaa", "aaa"), unit("gb-ftr", "fighter")]
    return battle(attackers, defenders, [9, 7, 11, 4] + [MISS] * 9, amphibious=True, switches=switches,
                  policy=policy, max_rounds=2)


def test_e1_malta_default_reproduced() -> None:
    out = run(malta())
    pre = out["pre_combat"]
    assert [(r["unit"], r["die"], r["need"]) for r in pre["bombardment"]["rolls"]] == [("it-bb", 9, 5)]
    assert pre["bombardment"]["casualties"] == []
    free = pre["free_attack"]
    assert [(r["unit"], r["die"], r["need"], r.get("at")) for r in free["rolls"]] == [
        ("gb-aaa", 7, 2, "it-at-1"), ("gb-aaa", 11, 2, "it-at-2"), ("gb-ftr", 4, 5, None)]
    assert free["hits"] == 1 and free["casualties"] == ["it-at-1"]
    assert out["cargo_lost"] == ["it-para-1"]
    first = out["rounds"][0]
    assert needs(first["first_strike"]["attacker"]) == {"it-art": 1}          # 2 - 1 amphibious (R19.3)
    assert needs(first["attacker_fire"]) == {"it-para-2": 2, "it-inf": 1}     # airdrop 2; no support (R06.4)
    assert needs(first["defender_fire"]) == {"gb-inf": 3}                     # the interceptor sits out (R23.6)
    second = out["rounds"][1]
    assert needs(second["attacker_fire"]) == {"it-para-2": 1, "it-inf": 2, "it-art": 2}
    assert needs(second["defender_fire"]) == {"gb-inf": 3, "gb-ftr": 2}
    alive = [s["id"] for s in out["survivors"]["attacker"]]
    assert "it-at-1" not in alive and "it-at-2" in alive and "it-para-1" not in alive


def test_e1_the_italian_player_chooses_which_transport() -> None:
    out = run(malta(policy={"attacker": {"casualties": ["it-at-2"]}}))
    assert out["pre_combat"]["free_attack"]["casualties"] == ["it-at-2"]
    assert out["cargo_lost"] == ["it-para-2"]


def test_e1_without_the_amphibious_penalty_landed_units_roll_2() -> None:
    out = run(malta(switches={"amphibious_penalty": False}))
    first = out["rounds"][0]
    assert needs(first["first_strike"]["attacker"]) == {"it-art": 2}
    assert needs(first["attacker_fire"]) == {"it-para-2": 2, "it-inf": 2}


@pytest.mark.parametrize("variant", ["artillery_supports_paratroopers_attack", "reconnaissance_rerolls_any_die"])
def test_e1_variant_switches_change_nothing(variant: str) -> None:
    default = run(malta())
    assert run(malta(switches={variant: True})) == default


def alexandria(variant: bool) -> dict:
    """E2 (L119): a paratrooper (not airdropped this turn) and two artillery attack three infantry; the
    defender's first two dice hit and the attacker gives those hits to the artillery."""
    attackers = [unit("us-para", "paratroopers"), unit("us-art-1", "artillery"), unit("us-art-2", "artillery")]
    defenders = [unit("d1", "infantry"), unit("d2", "infantry"), unit("d3", "infantry")]
    dice = [MISS, MISS, MISS, 1, 1, MISS, MISS, MISS, MISS, MISS]
    return battle(attackers, defenders, dice, switches={"artillery_supports_paratroopers_attack": variant},
                  policy={"attacker": {"casualties": ["us-art-1", "us-art-2"]}}, max_rounds=2)


def test_e2_alexandria_default_overruled_paratrooper_attacks_at_1() -> None:
    out = run(alexandria(False))
    assert needs(out["rounds"][0]["first_strike"]["attacker"]) == {"us-art-1": 2, "us-art-2": 2}
    assert needs(out["rounds"][0]["attacker_fire"]) == {"us-para": 1}
    assert out["rounds"][0]["casualties"]["attacker"] == ["us-art-1", "us-art-2"]
    assert needs(out["rounds"][1]["attacker_fire"]) == {"us-para": 1}


def test_e2_alexandria_variant_reproduced_2_while_an_artillery_attacks() -> None:
    out = run(alexandria(True))
    assert needs(out["rounds"][0]["attacker_fire"]) == {"us-para": 2}
    assert out["rounds"][0]["casualties"]["attacker"] == ["us-art-1", "us-art-2"]
    assert needs(out["rounds"][1]["attacker_fire"]) == {"us-para": 1}


def helsinki(variant: bool, dice: list[int], attacker: str = "ru") -> dict:
    """E3 (L193): Russia attacks 2 Armored Cars and 2 Infantry; the Russian dice miss."""
    attackers = [unit(f"{attacker}-{n}", "infantry") for n in range(4)]
    defenders = [unit("fi-ac-1", "armored-car"), unit("fi-ac-2", "armored-car"),
                 unit("fi-inf-1", "infantry"), unit("fi-inf-2", "infantry")]
    return battle(attackers, defenders, dice, switches={"reconnaissance_rerolls_any_die": variant}, max_rounds=1)


def test_e3_helsinki_default_overruled_one_hit_no_reroll() -> None:
    out = run(helsinki(False, [MISS] * 4 + [5, 6, 7, 1, 2, 4]))
    fire = out["rounds"][0]["defender_fire"]
    assert [r["die"] for r in fire["rolls"]] == [5, 6, 7, 1]
    assert not any("rerolled" in r for r in fire["rolls"])
    assert fire["hits"] == 1
    assert out["dice_used"] == 8


def test_e3_helsinki_variant_reproduced_two_rerolls_two_hits() -> None:
    out = run(helsinki(True, [MISS] * 4 + [5, 6, 7, 1, 2, 4]))
    fire = out["rounds"][0]["defender_fire"]
    assert [r["die"] for r in fire["rolls"]] == [2, 4, 7, 1]
    assert [r.get("rerolled") for r in fire["rolls"]] == [5, 6, None, None]
    assert fire["hits"] == 2
    assert out["dice_used"] == 10


def test_e4_britain_attacks_later_fresh_allowance_each_cycle() -> None:
    # E4 (L195): a new battle the same game round; the allowance is per combat cycle of that battle.
    raw = helsinki(True, [MISS] * 4 + [9, 10, 11, 12, 9, 9] + [MISS] * 4 + [9, 10, 11, 12, 9, 9], attacker="gb")
    raw["max_rounds"] = 2
    out = run(raw)
    for rnd in out["rounds"]:
        assert sum("rerolled" in r for r in rnd["defender_fire"]["rolls"]) == 2
    default = run({**raw, "switches": {"reconnaissance_rerolls_any_die": False}})
    assert all("rerolled" not in r for rnd in default["rounds"] for r in rnd["defender_fire"]["rolls"])
