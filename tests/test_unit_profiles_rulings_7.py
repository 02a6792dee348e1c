"""One row per ruling of the rulings' section 7 (added after differential testing; docs/unit-profiles-rulings.md
says them in our words): a small battle with fixed dice and what the ruling's words say must happen."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from kriegsspiel.rulesets.unit_profiles.economy import supply_status
from kriegsspiel.rulesets.unit_profiles.game import Game
from unit_profiles_area_helpers import position, uid
from unit_profiles_helpers import battle, needs, run, unit

M = 12  # a die that misses everything
Check = Callable[[dict[str, Any]], None]


def inf(ident: str, **kw: Any) -> dict:
    return unit(ident, "infantry", **kw)


def fire(out: dict, rnd: int = 0, side: str = "attacker") -> dict:
    return out["rounds"][rnd][f"{side}_fire"]


def first_strike(out: dict, side: str = "attacker") -> dict:
    return out["rounds"][0]["first_strike"][side]


def survivors(out: dict, side: str) -> list[str]:
    return [s["id"] for s in out["survivors"][side]]


# R05.4a: air transports are not "transports" in R05.4's casualty order -------------------------------------

def _r05_4a_default_order(out: dict) -> None:
    # an unescorted air transport is an ordinary casualty: the default order takes the cheaper (7) before the
    # armour (9), where the transports-last order took the armour
    assert fire(out)["casualties"] == ["at"]
    assert survivors(out, "defender") == ["arm"]


def _r05_4a_not_for_want_of_protection(out: dict) -> None:
    # the owner's order sends the hit to the armour; the air transport left alone is not destroyed at the end
    # of the round "for want of protection" (only Naval Transports and Troopships are)
    assert out["rounds"][0]["casualties"]["defender"] == ["arm"]
    assert out["winner"] == "stalemate" and survivors(out, "defender") == ["at"]


def _r05_4a_escort(out: dict) -> None:
    # while an escorting fighter survives the air transports cannot be assigned hits at all, even where the
    # owner's order lists the transport first
    assert out["pre_combat"]["free_attack"]["casualties"] == ["esc"]
    assert out["cargo_lost"] == []


def _r05_4a_naval_transports_still_last(out: dict) -> None:
    # only Naval Transports and Troopships are chosen last, and lost when left alone
    assert fire(out)["casualties"] == ["dd"]
    assert out["rounds"][0]["casualties"]["defender"] == ["dd", "tr"]


# R05.4b: a firer's own pick obeys R05.4 --------------------------------------------------------------------

def _r05_4b_torpedo(out: dict) -> None:
    # the torpedo bomber's owner lists the transport, but a transport is a legal target only when no other
    # unit the die could hit remains: the destroyer takes the hit
    assert fire(out)["casualties"] == ["dd"]


def _r05_4b_second_die(out: dict) -> None:
    # with the destroyer taken by the first die, the second may (and does) go to the transport
    assert sorted(fire(out)["casualties"]) == ["dd", "tr"]


def _r05_4b_tbd_in_port(out: dict) -> None:
    # a defending Torpedo Boat Destroyer in a port picks any unit, but not the troopship while the destroyer
    # is there (its default, the most expensive, would otherwise not matter: listed first is the troopship)
    assert fire(out, side="defender")["casualties"] == ["dd"]


# R05.3a: the firer's targets are one entry per hit ----------------------------------------------------------

def _r05_3a_once(out: dict) -> None:
    # "dn" listed once takes one hit; the second torpedo hit takes the default (the most expensive, the
    # battlecruiser), never the first listed unit again
    step = fire(out)
    assert step["hits"] == 2
    assert step["casualties"] == ["bc"] and step["damaged"] == ["dn"]


def _r05_3a_twice(out: dict) -> None:
    # a capital ship meant to take two hits is listed twice
    step = fire(out)
    assert step["casualties"] == ["dn"] and survivors(out, "defender") == ["bc"]


# R12.3a: fortifications out of supply ------------------------------------------------------------------------

def _r12_3a(out: dict) -> None:
    # fortifications and fortresses defend at 5, out of supply at 5 - 1 = 4
    assert needs(fire(out, side="defender")) == {"fort": 4, "fx": 4, "fort-s": 5}


def _r12_3a_switch_off(out: dict) -> None:
    assert needs(fire(out, side="defender")) == {"fort": 5}


# R20.2a: round 1 is fought after a bombardment that hit every defender ----------------------------------------

def _r20_2a_fought(out: dict) -> None:
    # the bombardment hit the only defender; it fires in round 1, misses, and is removed: never a survivor
    assert out["pre_combat"]["bombardment"]["casualties"] == ["d"]
    assert out["rounds_fought"] == 1 and needs(fire(out, side="defender")) == {"d": 3}
    assert out["winner"] == "attacker" and out["captured"] is True and survivors(out, "defender") == []


def _r20_2a_nothing_landed(out: dict) -> None:
    # its fire hits the only attacker: the attacker has landed nothing
    assert fire(out, side="defender")["casualties"] == ["i"]
    assert out["winner"] == "both-destroyed" and out["captured"] is False
    assert survivors(out, "defender") == []


# R20.2b: bombardment casualties are not counted as defenders in round 1 -----------------------------------------

def _r20_2b_charge(out: dict) -> None:
    # two cavalry, two defending infantry of which the bombardment hit one: the cavalry outnumber the one
    # counted and Charge! (hit infantry on 3) applies in round 1
    assert out["pre_combat"]["bombardment"]["casualties"] == ["d1"]
    assert needs(fire(out)) == {"c1": 3, "c2": 3, "i": 1}


def _r20_2b_pairs(out: dict) -> None:
    # the defender's artillery supports one infantry (1:1): not the bombardment casualty listed first, which
    # still fires in round 1 at its own value
    assert out["pre_combat"]["bombardment"]["casualties"] == ["d1"]
    assert needs(fire(out, side="defender")) == {"d1": 3, "d2": 4}


def _r20_2b_fortress(out: dict) -> None:
    # a Fortress serves three infantry (Rule of Three); a bombardment casualty takes none of the three
    n = needs(fire(out, side="defender"))
    assert n["d0"] == 3 and sorted(v for k, v in n.items() if k != "d0" and k != "fx") == [5, 5, 5]


# R24.4a: Gun Director read when the dice are rolled -------------------------------------------------------------

def _r24_4a_cruiser_sunk(out: dict) -> None:
    # the submarine's First Strike sinks the cruiser: in the round's fire the battleship defends at -2 (4 - 2)
    # and cannot hit the fighter
    assert first_strike(out)["casualties"] == ["ca"]
    assert needs(fire(out, side="defender")) == {"bbc": 2}
    assert out["rounds"][0]["defender_fire"]["rolls"][0]["unit"] == "bbc"


def _r24_4a_cruiser_alive(out: dict) -> None:
    # the same battle where the First Strike misses: the cruiser protects (-1, hits on aircraft allowed)
    assert needs(fire(out, side="defender")) == {"ca": 2, "bbc": 3}


def _r24_4a_carrier_sunk(out: dict) -> None:
    # a carrier sunk in First Strike: the battleship defends at -2 and may not hit aircraft (with the carrier
    # there it would defend at 4 and might)
    assert first_strike(out)["casualties"] == ["cv"]
    assert needs(fire(out, side="defender")) == {"bbc": 2}


# R26.5: a withdrawing Auxiliary Cruiser has left the battle alive ------------------------------------------------

def _r26_5(out: dict) -> None:
    assert out["retreated"] == ["ac"] and "ac" in survivors(out, "defender")
    assert out["rounds_fought"] == 1


def _r26_5_battle_goes_on(out: dict) -> None:
    # it withdraws after round 1 while a destroyer fights on: in `retreated`, alive, and fires no more
    assert out["retreated"] == ["ac"] and "ac" in survivors(out, "defender")
    assert all("ac" not in needs(fire(out, n, "defender")) for n in range(1, out["rounds_fought"]))


ROWS: list[tuple[str, dict, Check]] = [
    ("R05.4a default order", battle([inf("a")], [unit("arm", "armor"), unit("at", "air-transport")], [1, M],
                                    max_rounds=1), _r05_4a_default_order),
    ("R05.4a no loss for want of protection",
     battle([inf("a")], [unit("arm", "armor"), unit("at", "air-transport")], [1, M, M, M], max_rounds=2,
            policy={"defender": {"casualties": ["arm"]}}), _r05_4a_not_for_want_of_protection),
    ("R05.4a escort first", battle([unit("at", "air-transport", cargo=[unit("p", "paratroopers")]),
                                    unit("esc", "fighter", escort=True)], [inf("d"), unit("aaa", "aaa")],
                                   [1, M] + [M] * 10, max_rounds=1, policy={"attacker": {"casualties": ["at"]}}),
     _r05_4a_escort),
    ("R05.4a naval transports last", battle([unit("s", "cruiser")], [unit("tr", "naval-transport"),
                                                                     unit("dd", "destroyer")], [1, M], kind="sea"),
     _r05_4a_naval_transports_still_last),
    ("R05.4b torpedo", battle([unit("tb", "torpedo-bomber")], [unit("tr", "naval-transport"), unit("dd", "destroyer")],
                              [1, M], kind="sea", max_rounds=1, policy={"attacker": {"targets": ["tr"]}}),
     _r05_4b_torpedo),
    ("R05.4b second die", battle([unit("tb", "torpedo-bomber"), unit("tb2", "torpedo-bomber")],
                                 [unit("tr", "naval-transport"), unit("dd", "destroyer")], [1, 2, M], kind="sea",
                                 max_rounds=1, policy={"attacker": {"targets": ["tr", "dd"]}}), _r05_4b_second_die),
    ("R05.4b Torpedo Boat Destroyer", battle([unit("tp", "troopship"), unit("dd", "destroyer")],
                                             [unit("tbd", "torpedo-boat-destroyer")], [M, 1], kind="sea",
                                             features=["port"], max_rounds=1,
                                             policy={"defender": {"targets": ["tp"]}}), _r05_4b_tbd_in_port),
    ("R05.3a listed once", battle([unit("tb1", "torpedo-bomber"), unit("tb2", "torpedo-bomber")],
                                  [unit("dn", "dreadnaught"), unit("bc", "battlecruiser")], [1, 1, M, M], kind="sea",
                                  max_rounds=1, policy={"attacker": {"targets": ["dn"]}}), _r05_3a_once),
    ("R05.3a listed twice", battle([unit("tb1", "torpedo-bomber"), unit("tb2", "torpedo-bomber")],
                                   [unit("dn", "dreadnaught"), unit("bc", "battlecruiser")], [1, 1, M, M], kind="sea",
                                   max_rounds=1, policy={"attacker": {"targets": ["dn", "dn"]}}), _r05_3a_twice),
    ("R12.3a out of supply", battle([inf("a")], [unit("fort", "fortification", supplied=False),
                                                 unit("fx", "fortress", supplied=False), unit("fort-s", "fortification")],
                                    [M] * 4, max_rounds=1), _r12_3a),
    ("R12.3a supply_rules off", battle([inf("a")], [unit("fort", "fortification", supplied=False)], [M, M],
                                       max_rounds=1, switches={"supply_rules": False}), _r12_3a_switch_off),
    ("R20.2a round 1 fought", battle([unit("bb", "battleship", bombard=True), inf("i", landed=True)], [inf("d")],
                                     [1, M, M], amphibious=True), _r20_2a_fought),
    ("R20.2a nothing landed", battle([unit("bb", "battleship", bombard=True), inf("i", landed=True)], [inf("d")],
                                     [1, 1], amphibious=True), _r20_2a_nothing_landed),
    ("R20.2b Charge!", battle([unit("bb", "battleship", bombard=True), unit("c1", "cavalry"), unit("c2", "cavalry"),
                               inf("i", landed=True)], [inf("d1"), inf("d2")], [1] + [M] * 5, amphibious=True,
                              max_rounds=1, policy={"defender": {"casualties": ["d1"]}}), _r20_2b_charge),
    ("R20.2b defender's pairs", battle([unit("bb", "battleship", bombard=True), inf("i", landed=True)],
                                       [inf("d1"), inf("d2"), unit("art", "artillery")], [1] + [M] * 4,
                                       amphibious=True, max_rounds=1, policy={"defender": {"casualties": ["d1"]}}),
     _r20_2b_pairs),
    ("R20.2b Fortress", battle([unit("bb", "battleship", bombard=True), inf("i", landed=True)],
                               [inf(f"d{n}") for n in range(4)] + [unit("fx", "fortress")], [1] + [M] * 6,
                               amphibious=True, max_rounds=1, policy={"defender": {"casualties": ["d0"]}}),
     _r20_2b_fortress),
    ("R24.4a cruiser sunk in First Strike", battle([unit("ss", "submarine"), unit("f", "fighter")],
                                                   [unit("ca", "cruiser"), unit("bbc", "coastal-battleship")],
                                                   [1, M, M], kind="sea", max_rounds=1,
                                                   policy={"defender": {"casualties": ["ca"]}}),
     _r24_4a_cruiser_sunk),
    ("R24.4a cruiser alive", battle([unit("ss", "submarine"), unit("f", "fighter")],
                                    [unit("ca", "cruiser"), unit("bbc", "coastal-battleship")], [M] * 4, kind="sea",
                                    max_rounds=1), _r24_4a_cruiser_alive),
    ("R24.4a carrier sunk in First Strike", battle([unit("ss", "submarine"), unit("f", "fighter")],
                                                   [unit("cv", "escort-carrier"), unit("bbc", "coastal-battleship")],
                                                   [1, M, M], kind="sea", max_rounds=1,
                                                   policy={"defender": {"casualties": ["cv"]}}),
     _r24_4a_carrier_sunk),
    ("R26.5 withdrawn", battle([unit("dd", "destroyer")], [unit("ac", "auxiliary-cruiser")], [M, M], kind="sea",
                               policy={"defender": {"withdraw": True}}), _r26_5),
    ("R26.5 the battle goes on", battle([unit("dd", "destroyer")], [unit("ac", "auxiliary-cruiser"),
                                                                    unit("dd2", "destroyer")], [M] * 12, kind="sea",
                                        max_rounds=3, policy={"defender": {"withdraw": True}}),
     _r26_5_battle_goes_on),
]


@pytest.mark.parametrize(("raw", "check"), [pytest.param(raw, check, id=name) for name, raw, check in ROWS])
def test_ruling_of_section_7(raw: dict, check: Check) -> None:
    check(run(raw))


def test_r12_3a_the_game_marks_fortifications_out_of_supply() -> None:
    """In the game a Fortification cut off from every industrial complex is out of supply like the infantry
    beside it (KOL, an island colony, has no IC and no land path to one)."""
    pos = position({"KOL": ["infantry", "fortification", "aaa"]})
    out = supply_status(Game.from_position(pos))
    assert uid(pos, "fortification") in out and uid(pos, "infantry") in out and uid(pos, "aaa") not in out
