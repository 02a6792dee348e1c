"""One row per combat ruling of unit-profiles-rulings.md (R01.1 and on), written from the rulings' words:
a small battle with fixed dice and what the ruling says must happen."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from unit_profiles_helpers import all_rolls, battle, needs, run, unit

M = 12  # a die that misses everything (R02.1: every value is at most 11)
Check = Callable[[dict[str, Any]], None]


def inf(uid: str, **kw: Any) -> dict:
    return unit(uid, "infantry", **kw)


def r1(out: dict) -> dict:
    return out["rounds"][0]


def fire(out: dict, rnd: int = 0, side: str = "attacker") -> dict:
    return out["rounds"][rnd][f"{side}_fire"]


def _r01_1_charge(out: dict) -> None:
    # 4 cavalry attack 3 infantry: Charge! applies (4 > 3), three cavalry hit infantry on 3, the fourth on 2
    assert sorted(needs(fire(out)).values()) == [2, 3, 3, 3]


def _r01_1_fortress(out: dict) -> None:
    # 5 infantry in a Fortress: three defend at +2, two without
    n = needs(fire(out, side="defender"))
    assert sorted(v for k, v in n.items() if k.startswith("i")) == [3, 3, 5, 5, 5]


def _r01_1_recon(out: dict) -> None:
    # 4 armored cars with 4 artillery: three re-rolls per combat cycle
    for rnd in out["rounds"]:
        rolls = rnd["first_strike"]["attacker"]["rolls"] if "first_strike" in rnd else rnd["attacker_fire"]["rolls"]
        assert sum("rerolled" in r for r in rolls if r["unit"].startswith("art")) == 3


def _r01_2_rechosen(out: dict) -> None:
    # the beneficiaries are re-chosen every round: a charging cavalry lost is replaced by the fourth
    assert needs(fire(out, 0)) == {"c0": 3, "c1": 3, "c2": 3, "c3": 2, "c4": 2}
    assert out["rounds"][0]["casualties"]["attacker"] == ["c0"]
    assert needs(fire(out, 1)) == {"c1": 3, "c2": 3, "c3": 3, "c4": 2}


def _r01_3_separate(out: dict) -> None:
    # three charging cavalry and three reconnaissance re-rolls in one battle
    assert sorted(v for k, v in needs(fire(out)).items() if k.startswith("c")) == [2, 3, 3, 3]
    assert sum("rerolled" in r for r in r1(out)["first_strike"]["attacker"]["rolls"]) == 3


def _r02_1(out: dict) -> None:
    # one die per firing unit per round; a result at or below the value hits; "-" never rolls
    assert [r["unit"] for r in fire(out)["rolls"]] == ["a"]
    assert fire(out)["hits"] == 1 and fire(out)["rolls"][0]["die"] == 2
    assert needs(fire(out, side="defender")) == {"d": 3}          # the naval-less AAA does not roll


def _r02_2_minimum(out: dict) -> None:
    # out of supply -1, never below 1: colonial infantry 1 - 1 = 1; infantry 2 - 1 = 1
    assert needs(fire(out)) == {"a1": 1, "a2": 1}


def _r02_3_once(out: dict) -> None:
    # a re-roll stands, a die is re-rolled at most once (the re-rolled 9 misses and stays)
    roll = r1(out)["first_strike"]["attacker"]["rolls"][0]
    assert roll["rerolled"] == 11 and roll["die"] == 9
    assert r1(out)["first_strike"]["attacker"]["hits"] == 0


def _r04_2_order(out: dict) -> None:
    # bombardment, then the free attack on air transports, then AAA at other aircraft, then round 1
    assert list(out["pre_combat"]) == ["bombardment", "free_attack", "anti_aircraft"]
    assert out["pre_combat"]["anti_aircraft"]["rolls"][0]["at"] == "ftr"


def _r04_3_both(out: dict) -> None:
    # defending First Strike units roll in the same step, simultaneously: both artillery die and neither fires again
    fs = r1(out)["first_strike"]
    assert fs["attacker"]["casualties"] == ["dart"] and fs["defender"]["casualties"] == ["aart"]
    assert "aart" not in needs(fire(out)) and "dart" not in needs(fire(out, side="defender"))


def _r04_3_off(out: dict) -> None:
    fs = r1(out)["first_strike"]
    assert "defender" not in fs and fs["attacker"]["casualties"] == ["dart"]


def _r04_4_return_fire(out: dict) -> None:
    # the defender's casualties of the round fire back (behind the casualty strip)
    assert fire(out)["casualties"] == ["d"]
    assert fire(out, side="defender")["casualties"] == ["a"]
    assert out["winner"] == "both-destroyed"


def _r04_6_capture(out: dict) -> None:
    # aircraft alone never capture; AAA is captured with the territory
    assert out["winner"] == "attacker" and out["captured"] is False and out["captured_units"] == []


def _r04_6_capture_land(out: dict) -> None:
    assert out["captured"] is True and out["captured_units"] == ["aaa"]
    assert all(s["id"] != "aaa" for s in out["survivors"]["defender"])


def _r05_1_air_defense(out: dict) -> None:
    # a light bomber defends only against attacking aircraft: no die against infantry
    assert needs(fire(out, side="defender")) == {"d-inf": 3}


def _r05_2_at_gun(out: dict) -> None:
    # an attacking anti-tank gun rolling 2 hits armor only: the hit goes to the tank, not the cheaper infantry
    strike = r1(out)["first_strike"]["attacker"]
    assert strike["rolls"][0]["need"] == 3 and strike["casualties"] == ["tank"]


def _r05_2_fighter(out: dict) -> None:
    # an attacking fighter rolling 4 hits aircraft only; with none present its need is 2 and 4 misses
    assert needs(fire(out)) == {"f": 2} and fire(out)["hits"] == 0


def _r05_3_torpedo(out: dict) -> None:
    # the Torpedo Bomber's hit: the attacker picks the naval unit (default the most expensive)
    assert fire(out)["casualties"] == ["bc"]


def _r05_3_owner(out: dict) -> None:
    # otherwise the owner assigns (default: cheapest first)
    assert fire(out)["casualties"] == ["dd"]


def _r05_4_transports(out: dict) -> None:
    # transports are chosen only when no other unit can take the hit; alone against warships they are lost
    assert fire(out)["casualties"] == ["dd"]
    assert out["rounds"][0]["casualties"]["defender"] == ["dd", "tr"]
    assert out["winner"] == "attacker"


def _r05_5_heavy_art(out: dict) -> None:
    # Heavy Artillery's 4 hits only fortifications
    assert r1(out)["first_strike"]["attacker"]["casualties"] == ["fort"]


def _r05_6_fighter_v_ships(out: dict) -> None:
    assert needs(fire(out)) == {"f": 2}


def _r06_3_support(out: dict) -> None:
    # 1:1: two infantry, one artillery: one at 3, one at 2; defence: artillery gives colonial infantry +1
    assert sorted(v for k, v in needs(fire(out)).items() if k.startswith("i")) == [2, 3]
    assert needs(fire(out, side="defender"))["col"] == 3


def _r06_3_sp(out: dict) -> None:
    # an SP Gun supports one Motorized Infantry (2) or one Light Armor (4), not both; priority chooses
    n = needs(fire(out))
    assert n["la"] == 4 and n["mot"] == 1


def _r06_2_priority(out: dict) -> None:
    # the owner forms the pairs: "artillery" priority names who gets the one defensive support
    n = needs(fire(out, side="defender"))
    assert n == {"i1": 3, "i2": 4}   # the artillery itself fired in the First Strike step


def _r06_3_combined(out: dict) -> None:
    assert needs(fire(out))["db"] == 6


def _r06_4_amphibious(out: dict) -> None:
    # in an amphibious assault no attacking infantry-class unit gets artillery support, landed or not
    assert needs(fire(out)) == {"i": 2}


def _r18_2_fortification(out: dict) -> None:
    # a Fortification rolls at 5, gives one paired infantry +1, and can be hit
    n = needs(fire(out, side="defender"))
    assert n["fort"] == 5 and n["d1"] == 4 and n["d2"] == 3
    assert fire(out)["casualties"] == ["fort"]


def _r19_3_marines(out: dict) -> None:
    # -1 in round 1 attacking from ships; Marines exempt; round 2 normal
    assert needs(fire(out)) == {"m": 2, "i": 1}
    assert needs(fire(out, 1)) == {"m": 2, "i": 2}


def _r20_bombard(out: dict) -> None:
    # one bombarding ship per landed unit (the last listed does not bombard); the unit hit still fires in round 1
    assert [r["unit"] for r in out["pre_combat"]["bombardment"]["rolls"]] == ["bb"]
    assert out["pre_combat"]["bombardment"]["casualties"] == ["d"]
    assert needs(fire(out, side="defender")) == {"d": 3, "d2": 3}
    assert out["rounds"][0]["casualties"]["defender"] == []
    assert [s["id"] for s in out["survivors"]["defender"]] == ["d2"]


def _r21_aaa(out: dict) -> None:
    # AAA hits on 2, at most three dice per AAA, one per aircraft; never rolls in rounds; never a casualty
    aa = out["pre_combat"]["anti_aircraft"]
    assert [r["at"] for r in aa["rolls"]] == ["f1", "f2", "f3"] and {r["need"] for r in aa["rolls"]} == {2}
    assert aa["casualties"] == ["f1"]
    assert "aaa" not in needs(fire(out, side="defender"))


def _r22_2_carrier(out: dict) -> None:
    # aircraft aboard a defending carrier fight; sunk with it, they still fire that round, then are lost
    assert needs(fire(out, side="defender"))["cv-f"] == 2
    assert out["rounds"][0]["cargo_lost"] == ["cv-f"] and out["rounds"][0]["casualties"]["defender"] == ["cv"]


def _r23_4_escort(out: dict) -> None:
    # free attack hits go to the escort first; escorts do not fire in it
    fa = out["pre_combat"]["free_attack"]
    assert fa["casualties"] == ["esc"] and "esc" not in needs(fa)
    assert out["cargo_lost"] == []


def _r23_6_interceptor(out: dict) -> None:
    # an interceptor does not roll in round 1 but can be hit; it fights from round 2
    assert "ftr" not in needs(fire(out, 0, "defender"))
    assert needs(fire(out, 1, "defender"))["ftr"] == 2


def _r24_2_withdraw(out: dict) -> None:
    assert out["rounds_fought"] == 1 and out["winner"] == "attacker"
    assert [s["id"] for s in out["survivors"]["defender"]] == ["ac"]


def _r24_3_subs(out: dict) -> None:
    # submarine First Strike only if the other side has no Destroyer
    assert needs(r1(out)["first_strike"]["attacker"]) == {"s1": 3}


def _r24_3_subs_cancelled(out: dict) -> None:
    assert "first_strike" not in r1(out) and needs(fire(out))["s1"] == 3


def _r24_4_gun_director(out: dict) -> None:
    # ships attacked by aircraft with no carrier: -2 and no hits on aircraft (the destroyer cannot roll at all)
    assert needs(fire(out, side="defender")) == {}


def _r24_4_cruiser(out: dict) -> None:
    assert needs(fire(out, side="defender")) == {"ca": 2, "dd": 3}


def _r24_4_off(out: dict) -> None:
    assert needs(fire(out, side="defender")) == {"dd": 4}


def _r24_6_tbd(out: dict) -> None:
    # in a port a defending Torpedo Boat Destroyer has +1 and picks its target
    assert needs(fire(out, side="defender")) == {"tbd": 3}
    assert fire(out, side="defender")["casualties"] == ["bc"]


def _r25_capital(out: dict) -> None:
    # a HIT marker takes effect at the end of the round: the battleship still fires at 7, then at 3
    assert fire(out)["damaged"] == ["bb"] and needs(fire(out, 0, "defender"))["bb"] == 7
    assert needs(fire(out, 1, "defender"))["bb"] == 3
    assert out["rounds"][0]["damaged"]["defender"] == ["bb"]


def _r25_first_strike(out: dict) -> None:
    # First Strike damage takes effect at once
    assert r1(out)["first_strike"]["attacker"]["damaged"] == ["bb"]
    assert needs(fire(out, side="defender"))["bb"] == 3


def _r11_2_ski(out: dict) -> None:
    # Ski Troops: +1 attack into and +1 defense in a mountain territory; nobody else gains
    assert needs(fire(out)) == {"m": 3, "i": 2}
    assert needs(fire(out, side="defender")) == {"dm": 4, "di": 3}


def _r12_off(out: dict) -> None:
    # supply_rules off: no unit is ever out of supply
    assert needs(fire(out)) == {"a": 2}


def _r22_3_airship(out: dict) -> None:
    # the Airship's Fighter defends independently (5 against aircraft); the Airship defends at 2 against aircraft
    assert needs(fire(out, side="defender")) == {"zep": 2, "zep-f": 5}


def _r04_5_stalemate(out: dict) -> None:
    # neither side can score a hit: a submarine may not hit aircraft, an Airship defends only against aircraft
    assert out["winner"] == "stalemate" and out["rounds_fought"] == 0 and out["dice_used"] == 0


def _r17_3_supply_column(out: dict) -> None:
    # a Supply Column is never a casualty (the hit goes elsewhere or is lost) and is captured with the territory
    assert fire(out)["hits"] == 2 and fire(out)["casualties"] == ["d"]
    assert out["captured_units"] == ["sc"]


def _r26_retreat(out: dict) -> None:
    # retreat after round 1: all who may retreat do; units landed from ships fight on
    assert out["retreated"] == ["i2"] and out["rounds_fought"] >= 2
    assert "i2" not in needs(fire(out, 1))


ROWS: list[tuple[str, dict, Check]] = [
    ("R01.1 Charge!", battle([unit(f"c{n}", "cavalry") for n in range(4)], [inf(f"d{n}") for n in range(3)],
                             [M] * 7, max_rounds=1), _r01_1_charge),
    ("R01.1 Fortress", battle([inf("a")], [inf(f"i{n}") for n in range(5)] + [unit("fx", "fortress")],
                              [M] * 7, max_rounds=1), _r01_1_fortress),
    ("R01.1 Reconnaissance", battle([unit(f"ac{n}", "armored-car") for n in range(4)]
                                    + [unit(f"art{n}", "artillery") for n in range(4)], [unit("fort", "fortification")],
                                    seed=3, max_rounds=2,
                                    policy={"attacker": {"rerolls": "misses"}}), _r01_1_recon),
    ("R01.2 re-chosen each round", battle([unit(f"c{n}", "cavalry") for n in range(5)],
                                          [inf(f"d{n}") for n in range(3)], [M] * 5 + [1, M, M] + [M] * 7,
                                          max_rounds=2), _r01_2_rechosen),
    ("R01.3 counted separately", battle([unit(f"c{n}", "cavalry") for n in range(4)]
                                        + [unit(f"ac{n}", "armored-car") for n in range(3)]
                                        + [unit(f"art{n}", "artillery") for n in range(3)],
                                        [inf(f"d{n}") for n in range(3)], [M] * 40, max_rounds=1), _r01_3_separate),
    ("R02.1", battle([inf("a")], [inf("d"), unit("aaa", "aaa")], [2, M]), _r02_1),
    ("R02.2", battle([unit("a1", "colonial-infantry", supplied=False), inf("a2", supplied=False)], [inf("d")],
                     [M] * 3, max_rounds=1), _r02_2_minimum),
    ("R02.3", battle([unit("art", "artillery"), unit("ac", "armored-car")], [unit("fort", "fortification")],
                     [11, 9, M, M], max_rounds=1), _r02_3_once),
    ("R04.2", battle([unit("at", "air-transport", cargo=[unit("p", "paratroopers")]), unit("ftr", "fighter"),
                      unit("bb", "battleship", bombard=True), inf("i", landed=True)],
                     [inf("d"), unit("aaa", "aaa")], seed=1, amphibious=True), _r04_2_order),
    ("R04.3 both sides", battle([unit("aart", "artillery"), inf("ai")], [unit("dart", "artillery"), inf("di")],
                                [1, 1, M, M], max_rounds=1), _r04_3_both),
    ("R04.3 switch off", battle([unit("aart", "artillery"), inf("ai")], [unit("dart", "artillery"), inf("di")],
                                [1, M, M, M], switches={"first_strike_on_defense": False}, max_rounds=1), _r04_3_off),
    ("R04.4 return fire", battle([inf("a")], [inf("d")], [1, 1]), _r04_4_return_fire),
    ("R04.6 aircraft alone", battle([unit("f", "fighter")], [inf("d"), unit("aaa", "aaa")], [M, 1, M]),
     _r04_6_capture),
    ("R04.6 land unit captures", battle([inf("a")], [inf("d"), unit("aaa", "aaa")], [1, M]), _r04_6_capture_land),
    ("R05.1 Air Defense", battle([inf("a")], [inf("d-inf"), unit("lb", "light-bomber")], [M, M],
                                 max_rounds=1), _r05_1_air_defense),
    ("R05.2 Anti-Tank Gun", battle([unit("at", "anti-tank-gun")], [inf("inf"), unit("tank", "armor")],
                                   [2, M, M], max_rounds=1), _r05_2_at_gun),
    ("R05.2 Fighter", battle([unit("f", "fighter")], [inf("d")], [4, M], max_rounds=1), _r05_2_fighter),
    ("R05.3 Torpedo", battle([unit("tb", "torpedo-bomber")], [unit("dd", "destroyer"), unit("bc", "battlecruiser")],
                             [1, M, M], kind="sea", max_rounds=1), _r05_3_torpedo),
    ("R05.3 owner", battle([unit("lb", "light-bomber")], [unit("dd", "destroyer"), unit("bc", "battlecruiser")],
                           [1, M, M], kind="sea", max_rounds=1, switches={"gun_director_penalty": False}),
     _r05_3_owner),
    ("R05.4 transports last", battle([unit("s", "cruiser")], [unit("tr", "naval-transport"), unit("dd", "destroyer")],
                                     [1, M], kind="sea"), _r05_4_transports),
    ("R05.5 Heavy Artillery", battle([unit("ha", "heavy-artillery")], [inf("d"), unit("fort", "fortification")],
                                     [4, M, M, M], max_rounds=1), _r05_5_heavy_art),
    ("R05.6 Fighter v ships", battle([unit("f", "fighter")], [unit("dd", "destroyer")], [M, M], kind="sea",
                                     max_rounds=1), _r05_6_fighter_v_ships),
    ("R06.3 artillery", battle([inf("i1"), inf("i2"), unit("art", "artillery")],
                               [unit("col", "colonial-infantry"), unit("dart", "artillery")], [M] * 6, max_rounds=1),
     _r06_3_support),
    ("R06.2 pairs by priority", battle([inf("a")], [inf("i1"), inf("i2"), unit("dart", "artillery")], [M] * 4,
                                       max_rounds=1, policy={"defender": {"priority_by_bonus": {"artillery": ["i2"]}}}),
     _r06_2_priority),
    ("R06.3 SP Gun", battle([unit("mot", "motorized-infantry"), unit("la", "light-armor"),
                             unit("sp", "self-propelled-gun")], [inf("d")], [M] * 4, max_rounds=1,
                            policy={"attacker": {"priority": ["la"]}}), _r06_3_sp),
    ("R22.8 Combined Arms", battle([unit("db", "dive-bomber"), unit("arm", "armor")], [inf("d")], [M] * 3,
                                   max_rounds=1), _r06_3_combined),
    ("R06.4 amphibious", battle([inf("i"), unit("art", "artillery", landed=True)], [inf("d")], [M] * 3,
                                amphibious=True, switches={"amphibious_penalty": False}, max_rounds=1),
     _r06_4_amphibious),
    ("R18.2 Fortification", battle([inf("a")], [inf("d1"), inf("d2"), unit("fort", "fortification")],
                                   [1, M, M, M], max_rounds=1, policy={"defender": {"casualties": ["fort"]}}),
     _r18_2_fortification),
    ("R19.3 amphibious -1", battle([unit("m", "marines", landed=True), inf("i", landed=True)], [inf("d")], [M] * 6,
                                   amphibious=True, max_rounds=2), _r19_3_marines),
    ("R20 bombardment", battle([unit("bb", "battleship", bombard=True), unit("dd", "destroyer", bombard=True),
                                inf("i", landed=True)], [inf("d"), inf("d2")], [1, M, M, M], amphibious=True,
                               max_rounds=1), _r20_bombard),
    ("R21 AAA", battle([unit(f"f{n}", "fighter") for n in range(1, 5)] + [inf("i")], [inf("d"), unit("aaa", "aaa")],
                       [1, M, M] + [M] * 5, max_rounds=1), _r21_aaa),
    ("R22.2 carrier", battle([unit("bb", "battleship")], [unit("cv", "carrier", damage=1, cargo=[unit("cv-f", "fighter")])],
                             [1, M, M], kind="sea", max_rounds=1, policy={"defender": {"casualties": ["cv"]}}),
     _r22_2_carrier),
    ("R23.4 escort first", battle([unit("at", "air-transport", cargo=[unit("p", "paratroopers")]),
                                   unit("esc", "fighter", escort=True)], [inf("d"), unit("aaa", "aaa")],
                                  [1, M] + [M] * 10, max_rounds=1), _r23_4_escort),
    ("R23.6 interceptor", battle([unit("at", "air-transport", cargo=[unit("p", "paratroopers")]), inf("i")],
                                 [inf("d"), unit("ftr", "fighter")], [M] + [M] * 4 + [M] * 4, max_rounds=2),
     _r23_6_interceptor),
    ("R24.2 withdraw", battle([unit("dd", "destroyer")], [unit("ac", "auxiliary-cruiser")], [M, M], kind="sea",
                              policy={"defender": {"withdraw": True}}), _r24_2_withdraw),
    ("R24.3 sub First Strike", battle([unit("s1", "submarine")], [unit("ca", "cruiser")], [M, M], kind="sea",
                                      max_rounds=1), _r24_3_subs),
    ("R24.3 cancelled by a Destroyer", battle([unit("s1", "submarine")], [unit("dd", "destroyer")], [M, M],
                                              kind="sea", max_rounds=1), _r24_3_subs_cancelled),
    ("R24.4 no carrier", battle([unit("f", "fighter")], [unit("dd", "destroyer")], [M], kind="sea", max_rounds=1),
     _r24_4_gun_director),
    ("R24.4 Cruiser", battle([unit("f", "fighter")], [unit("ca", "cruiser"), unit("dd", "destroyer")], [M] * 3,
                             kind="sea", max_rounds=1), _r24_4_cruiser),
    ("R24.4 switch off", battle([unit("f", "fighter")], [unit("dd", "destroyer")], [M, M], kind="sea", max_rounds=1,
                                switches={"gun_director_penalty": False}), _r24_4_off),
    ("R24.6 Torpedo Boat Destroyer", battle([unit("dd", "destroyer"), unit("bc", "battlecruiser")],
                                            [unit("tbd", "torpedo-boat-destroyer")], [M, M, 3], kind="sea",
                                            features=["port"], max_rounds=1), _r24_6_tbd),
    ("R25.1-2 capital ship", battle([unit("ca", "cruiser")], [unit("bb", "battleship")], [1, M, M, M], kind="sea",
                                    max_rounds=2), _r25_capital),
    ("R25.2 First Strike damage", battle([unit("s", "submarine")], [unit("bb", "battleship")], [1, M], kind="sea",
                                         max_rounds=1), _r25_first_strike),
    ("R11.2 Ski Troops", battle([unit("m", "mountain-infantry"), inf("i")],
                                [unit("dm", "mountain-infantry"), inf("di")], [M] * 4, features=["mountain"],
                                max_rounds=1), _r11_2_ski),
    ("R12 supply_rules off", battle([inf("a", supplied=False)], [inf("d")], [M, M], max_rounds=1,
                                    switches={"supply_rules": False}), _r12_off),
    ("R22.3 Airship", battle([unit("f", "fighter")], [unit("zep", "airship", cargo=[unit("zep-f", "fighter")])],
                             [M] * 3, max_rounds=1), _r22_3_airship),
    ("R04.5 neither can hit", battle([unit("s", "submarine")], [unit("zep", "airship")], [], kind="sea"),
     _r04_5_stalemate),
    ("R05.4 and R17.3 Supply Column", battle([inf("a1"), inf("a2")], [inf("d"), unit("sc", "supply-column")],
                                             [1, 1, M]), _r17_3_supply_column),
    ("R26.1-2 retreat", battle([inf("i1", landed=True), inf("i2")], [inf("d")], [M] * 8, amphibious=True,
                               policy={"attacker": {"retreat": {"after_round": 1}}}, max_rounds=3), _r26_retreat),
]


@pytest.mark.parametrize(("raw", "check"), [pytest.param(raw, check, id=name) for name, raw, check in ROWS])
def test_ruling(raw: dict, check: Check) -> None:
    check(run(raw))


def test_every_roll_is_recorded_with_its_need() -> None:
    out = run(ROWS[0][1])
    assert len(all_rolls(out)) == out["dice_used"]
