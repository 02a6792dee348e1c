"""The turn sequence of the unit-profiles game (rulings S03, S08-S09, S11, S14-S16, S18, S22-S24), table-driven
from the rulings' words: each case is an order on the Borderlands map, accepted or refused with the rule."""
from __future__ import annotations

from typing import Any

import pytest

from unit_profiles_area_helpers import POWERS, PROVINCES, RULES, position, resolve, uid, unit, verdict

# Borderlands: NHM-WAL-MIT-FEL-RHN-SUH run north to south; MIT-FEL is a track border; HAF, NHM have naval
# bases; NHM (Major IC) and HAF (Minor IC) are NORD's; KOL is NORD's colony; WNS, ENS, WSS, ESS are coastal.

CASES: list[tuple[str, dict[str, Any], str, str, bool, str]] = [
    # (rule, position keywords, unit to name as {u}, order, accepted, reason contains)
    ("R08.1 two borders for Move 2", dict(nord={"NHM": ["infantry"]}, step="noncombat-move"),
     "infantry", "move {u} NHM-WAL-MIT", True, ""),
    ("R08.1 three borders are too many", dict(nord={"NHM": ["infantry"]}, step="noncombat-move"),
     "infantry", "move {u} NHM-WAL-MIT-BRG", False, "Move 2"),
    ("R11.1 a track border costs 2", dict(nord={"WAL": ["infantry"]}, sud={"FEL": ["infantry"]}),
     "infantry", "move {u} WAL-MIT-FEL", False, "track border costs 2"),
    ("R11.1 Auxiliaries pay 1 on a track", dict(nord={"MIT": ["auxiliaries"]}, sud={"FEL": ["infantry"]}),
     "auxiliaries", "move {u} MIT-FEL", True, ""),
    ("R08.2 land units stop in the first hostile territory", dict(nord={"MIT": ["infantry"]}, sud={"FEL": ["infantry"]},
     owners={"WAL": "SUD"}), "infantry", "move {u} MIT-WAL-NHM", False, "hostile"),
    ("R08.2 Combat Move moves land units to attack", dict(nord={"NHM": ["infantry"]}),
     "infantry", "move {u} NHM-WAL", False, "Noncombat Move"),
    ("R08.2 Noncombat Move never enters hostile territory", dict(nord={"MIT": ["infantry"]}, step="noncombat-move"),
     "infantry", "move {u} MIT-FEL", False, "hostile"),
    ("R09.1 blitz through an empty hostile territory", dict(nord={"MIT": ["armor"]}, sud={"RHN": ["infantry"]}),
     "armor", "move {u} MIT-FEL-RHN", False, "track"),
    ("R09.1 blitz through an empty hostile territory, no track", dict(nord={"BRG": ["armor"]}, owners={"MIT": "SUD"},
     sud={"FEL": ["infantry"]}), "armor", "move {u} BRG-MIT-WAL", True, ""),
    ("R09.1 no blitz through enemy units", dict(nord={"BRG": ["armor"]}, owners={"MIT": "SUD"},
     sud={"MIT": ["infantry"]}), "armor", "move {u} BRG-MIT-WAL", False, "enemy units"),
    ("R09.1 AAA do not stop a blitz", dict(nord={"BRG": ["armor"]}, owners={"MIT": "SUD"}, sud={"MIT": ["aaa"]}),
     "armor", "move {u} BRG-MIT-WAL", True, ""),
    ("R09.1 fortifications count as enemy units", dict(nord={"BRG": ["armor"]}, owners={"MIT": "SUD"},
     sud={"MIT": ["fortification"]}), "armor", "move {u} BRG-MIT-WAL", False, "enemy units"),
    ("R09.2 a blitz passes one hostile territory", dict(nord={"HAF": ["cavalry"]}, owners={"BRG": "SUD", "MIT": "SUD"}),
     "cavalry", "move {u} HAF-BRG-MIT", True, ""),
    ("R09.1 one more space after the blitzed territory", dict(nord={"HAF": ["cavalry"]}, owners={"BRG": "SUD"}),
     "cavalry", "move {u} HAF-BRG-WAL-MIT", False, "one more space"),
    ("R09.3 Mechanized Infantry does not blitz alone", dict(nord={"BRG": ["mechanized-infantry"]}, owners={"MIT": "SUD"}),
     "mechanized-infantry", "move {u} BRG-MIT-WAL", False, "1:1 with an Armor"),
    ("R01.4 Blitz is not subject to the Rule of Three", dict(nord={"BRG": ["armor"] * 4}, owners={"MIT": "SUD"}),
     "armor", "move {all} BRG-MIT-WAL", True, ""),
    ("L431 AAA moves in Noncombat Move only", dict(nord={"WAL": ["aaa"]}, sud={"MIT": ["infantry"]},
     owners={"MIT": "SUD"}), "aaa", "move {u} WAL-MIT", False, "Noncombat Move"),
    ("L431 AAA moves 1 in Noncombat Move", dict(nord={"WAL": ["aaa"]}, step="noncombat-move"),
     "aaa", "move {u} WAL-MIT", True, ""),
    ("R18.1 fortifications are immobile", dict(nord={"WAL": ["fortification"]}, step="noncombat-move"),
     "fortification", "move {u} WAL-MIT", False, "immobile"),
    ("R09.5 same route: the Motorized Infantry itself has Move 2", dict(nord={"NHM": ["artillery", "motorized-infantry"]},
     step="noncombat-move"), "artillery", "move {all} NHM-HAF-BRG-MIT", False, "(motorized-infantry) has Move 2"),
    ("R24.1 enemy warships stop a ship", dict(nord={"WNS": ["destroyer"]}, sud={"WSS": ["destroyer"]}),
     "destroyer", "move {u} WNS-WSS-ESS", False, "enemy warships"),
    ("L615 False Flag: the Auxiliary Cruiser passes", dict(nord={"WNS": ["auxiliary-cruiser"]}, sud={"WSS": ["destroyer"]},
     step="noncombat-move"), "auxiliary-cruiser", "move {u} WNS-WSS-ESS", True, ""),
    ("R24.1 Noncombat Move never enters enemy warships", dict(nord={"WNS": ["destroyer"]}, sud={"WSS": ["destroyer"]},
     step="noncombat-move"), "destroyer", "move {u} WNS-WSS", False, "enemy warships"),
    ("R22.1 an air unit's move is its range", dict(nord={"NHM": ["fighter"]}, sud={"SUH": ["infantry"]}),
     "fighter", "move {u} NHM-WAL-MIT-FEL-RHN-SUH", False, "Move 4"),
    ("L471 air transports do not attack", dict(nord={"NHM": ["air-transport"]}, sud={"MIT": ["infantry"]},
     owners={"MIT": "SUD"}), "air-transport", "move {u} NHM-WAL-MIT", False, "airdrop"),
    ("R15.6 set-up only units are not bought", dict(step="purchase"), "", "buy cruiser", False, "set-up"),
    ("R16.1 doctrines gate purchases", dict(step="purchase"), "", "buy heavy-infantry", False, "assault-tactics"),
    ("R16.1 a held doctrine allows it", dict(step="purchase", doctrines=["assault-tactics"]), "", "buy heavy-infantry",
     True, ""),
    ("R14.1 purchases are paid from the treasury", dict(step="purchase", treasury=8), "", "buy 3 infantry", False, "8"),
    ("R15.2 Armor needs a Major IC", dict(step="purchase", owners={"NHM": "SUD"}), "", "buy armor", False, "Major"),
    ("S16 no research with the switch off", dict(step="research"), "", "research 1", False, "research is off"),
    ("R03.1 orders of another step are refused", dict(step="purchase"), "", "move n1 NHM-WAL", False, "combat move"),
]


@pytest.mark.parametrize("rule,kw,kind,text,ok,reason", CASES, ids=[c[0] for c in CASES])
def test_order_rule(rule: str, kw: dict[str, Any], kind: str, text: str, ok: bool, reason: str) -> None:
    pos = position(**kw)
    mine = [u.uid for u in pos.units if u.power == "NORD"]
    order = text.format(u=uid(pos, kind) if kind else "", all=",".join(mine))
    accepted, why = verdict(pos, order)
    assert accepted is ok, f"{rule}: {order}: {why}"
    assert reason in why, f"{rule}: {why!r} lacks {reason!r}"


def test_r09_5_move_with_artillery_three_pairs_only() -> None:
    # R01.1: "4 motorized infantry with 4 artillery leaving one territory: three artillery move 3, the fourth 2"
    # The pairing gives the artillery 3, but the pair moves together (same route, R09.5) and Motorized
    # Infantry has Move 2 (L295): with three pairs the first unit refused is a motorized infantry ...
    three = position({"NHM": ["artillery"] * 3 + ["motorized-infantry"] * 3}, step="noncombat-move")
    ids = ",".join(u.uid for u in three.units)
    ok, why = verdict(three, f"move {ids} NHM-HAF-BRG-MIT")
    assert not ok and why.startswith(uid(three, "motorized-infantry")), why
    # ... with four, the fourth artillery already has only its own Move 2 (Rule of Three)
    four = position({"NHM": ["artillery"] * 4 + ["motorized-infantry"] * 4}, step="noncombat-move")
    ids = ",".join(u.uid for u in four.units)
    ok, why = verdict(four, f"move {ids} NHM-HAF-BRG-MIT")
    assert not ok and uid(four, "artillery", n=3) in why and "Move 2" in why


def test_r09_1_a_blitz_captures_at_once_and_aaa_switch_sides() -> None:
    pos = position({"BRG": ["armor"]}, {"MIT": ["aaa"]}, owners={"MIT": "SUD"})
    result, _ = resolve(pos, {"NORD": [f"move {uid(pos, 'armor')} BRG-MIT-WAL"]})
    after = result.position
    assert after.owners["MIT"] == "NORD"
    assert unit(after, uid(pos, "aaa")).power == "NORD"
    assert unit(after, uid(pos, "armor")).where == "WAL"
    assert any("blitzed MIT" in line for line in result.lines)


def test_r08_3_units_that_moved_in_combat_move_stay_put_in_noncombat_move() -> None:
    pos = position({"MIT": ["infantry"]}, owners={"FEL": "SUD"})
    inf = uid(pos, "infantry")
    moved, _ = resolve(pos, {"NORD": [f"move {inf} MIT-FEL"]})
    fought, _ = resolve(moved.position, {})            # an empty FEL is taken without a battle (R04.6)
    assert fought.position.owners["FEL"] == "NORD"
    assert fought.position.phase == "R1.NORD.noncombat-move"
    ok, why = verdict(fought.position, f"move {inf} FEL-MIT")
    assert not ok and "R08.3" in why


def test_r22_1_air_range_counts_both_moves_and_landing_in_a_captured_territory_loses_the_plane() -> None:
    pos = position({"NHM": ["fighter"], "MIT": ["infantry"]}, {"FEL": ["auxiliaries"]})
    ftr, inf = uid(pos, "fighter"), uid(pos, "infantry")
    moved, _ = resolve(pos, {"NORD": [f"move {ftr} NHM-WAL-MIT-FEL", f"move {inf} MIT-FEL"]})
    assert unit(moved.position, ftr).details["used"] == 3
    fought, _ = resolve(moved.position, {}, seed=2)  # with these dice the fighter survives and FEL falls
    after = fought.position
    assert unit(after, ftr) is not None and after.owners["FEL"] == "NORD"
    ok, why = verdict(after, f"move {ftr} FEL-MIT-WAL")
    assert not ok and "1 of its Move 4 left" in why
    stay, _ = resolve(after, {"NORD": []})
    assert unit(stay.position, ftr) is None  # a territory captured this turn is no landing place
    assert any(f"{ftr} (fighter) finds nowhere to land in FEL" in line for line in stay.lines)
    home, _ = resolve(after, {"NORD": [f"move {ftr} FEL-MIT"]})
    assert unit(home.position, ftr).where == "MIT"


def test_r24_5_transports_carry_what_the_rulings_say() -> None:
    pos = position({"WNS": ["troopship", "naval-transport"], "WAL": ["infantry", "armor", "artillery"]},
                   {"WSS": ["submarine"], "FEL": ["infantry"]}, owners={"FEL": "SUD"})
    trp, trn = uid(pos, "troopship"), uid(pos, "naval-transport")
    inf, arm, art = uid(pos, "infantry"), uid(pos, "armor"), uid(pos, "artillery")
    ok, why = verdict(pos, f"move {trp} WNS-WSS with {arm} unload FEL")
    assert not ok and "Troopship 1 infantry-class" in why
    assert verdict(pos, f"move {trn} WNS-WSS with {inf},{arm} unload FEL")[0]
    ok, why = verdict(pos, f"move {trn} WNS-WSS with {arm},{art} unload FEL")
    assert not ok and "1 other land unit" in why


def test_r19_1_amphibious_assault_lands_to_attack_only() -> None:
    pos = position({"WNS": ["naval-transport"], "WAL": ["infantry"]}, {"FEL": ["infantry"]})
    trn, inf = uid(pos, "naval-transport"), uid(pos, "infantry")
    assert verdict(pos, f"move {trn} WNS-WSS with {inf} unload FEL")[0]
    pos2 = position({"WNS": ["naval-transport"], "WAL": ["infantry"]}, owners={"FEL": "NORD"})
    ok, why = verdict(pos2, f"move {uid(pos2, 'naval-transport')} WNS-WSS with {uid(pos2, 'infantry')} unload FEL")
    assert not ok and "friendly" in why


def test_r23_1_airdrops_start_at_an_air_base_with_paratroopers() -> None:
    pos = position({"NHM": ["air-transport", "paratroopers", "infantry"], "HAF": ["air-transport", "paratroopers"]},
                   {"MIT": ["infantry"]}, owners={"MIT": "SUD"})
    t0, p0, inf = uid(pos, "air-transport", "NHM"), uid(pos, "paratroopers", "NHM"), uid(pos, "infantry")
    assert verdict(pos, f"move {t0} NHM-WAL-MIT with {p0} drop MIT")[0]
    ok, why = verdict(pos, f"move {t0} NHM-WAL-MIT with {inf} drop MIT")
    assert not ok and "Paratroopers" in why
    t1, p1 = uid(pos, "air-transport", "HAF"), uid(pos, "paratroopers", "HAF")
    ok, why = verdict(pos, f"move {t1} HAF-BRG-MIT with {p1} drop MIT")
    assert not ok and "air base" in why


PLACE_CASES = [
    ("R15.1 a Minor IC places 3 units", {"infantry": 4}, "place 4 infantry HAF", False, "at most 3"),
    ("R15.1 a Major IC places 10", {"infantry": 10}, "place 10 infantry NHM", True, ""),
    ("R15.1 no IC, no placement", {"infantry": 1}, "place infantry WAL", False, "no industrial complex"),
    ("R15.2 Heavy Armor only at a Major IC", {"heavy-armor": 1}, "place heavy-armor HAF", False, "Major IC"),
    ("R15.2 a Battleship needs a Major IC with a naval base", {"battleship": 1}, "place battleship HAF ENS", False,
     "Major IC"),
    ("R15.2 a Battleship at NHM", {"battleship": 1}, "place battleship NHM WNS", True, ""),
    ("R15.3 the Carrier at any coastal IC", {"carrier": 1}, "place carrier HAF ENS", True, ""),
    ("R15.5 Colonial Infantry in a colony without an IC", {"colonial-infantry": 1}, "place colonial-infantry KOL", True, ""),
    ("R15.5 one Colonial Infantry per colony per turn", {"colonial-infantry": 2}, "place 2 colonial-infantry KOL", False,
     "one Colonial Infantry"),
    ("R18.1 a Fortification where Engineers stand", {"fortification": 1}, "place fortification HAF", True, ""),
    ("R18.1 no Engineers, no Fortification", {"fortification": 1}, "place fortification WAL", False, "Engineers"),
    ("R15.1 only what was bought", {}, "place infantry NHM", False, "0 infantry bought"),
]


@pytest.mark.parametrize("rule,bought,text,ok,reason", PLACE_CASES, ids=[c[0] for c in PLACE_CASES])
def test_place_rule(rule: str, bought: dict[str, int], text: str, ok: bool, reason: str) -> None:
    def buy(game: Any) -> None:
        game.data["bought"]["NORD"] = dict(bought)
    pos = position({"HAF": ["engineers"]}, step="place", edit=buy)
    accepted, why = verdict(pos, text)
    assert accepted is ok, f"{rule}: {why}"
    assert reason in why


def test_r15_1_a_territory_captured_this_turn_places_nothing() -> None:
    def buy(game: Any) -> None:
        game.data["bought"]["NORD"] = {"infantry": 1}
        game.data["owners_at_start"]["POR"] = "SUD"
        game.owners["POR"] = "NORD"
    ok, why = verdict(position(step="place", edit=buy), "place infantry POR")
    assert not ok and "since the start of the turn" in why


def test_r15_1_placement_limits_add_up_over_orders() -> None:
    def buy(game: Any) -> None:
        game.data["bought"]["NORD"] = {"infantry": 3, "artillery": 1}
    pos = position(step="place", edit=buy)
    result, _ = resolve(pos, {"NORD": ["place 3 infantry HAF", "place artillery HAF"]})
    assert sum(1 for u in result.position.units if u.where == "HAF") == 3
    assert any(line.startswith("refused: place 1 artillery HAF") and "at most 3" in line for line in result.lines)


def test_r14_1_income_and_unspent_ipc_carry_over() -> None:
    pos = position(step="income", treasury=7, owners={"FEL": "NORD"})
    result, _ = resolve(pos, {})
    # NORD's home and colony 25 IPC plus Feldmark's 3
    assert result.position.data["treasury"]["NORD"] == 7 + 28
    assert result.position.phase == "R1.SUD.purchase"


def test_r25_3_ships_are_repaired_at_the_start_of_their_owners_turn() -> None:
    def damage(game: Any) -> None:
        for u in game.units.values():
            if u.kind == "battleship":
                u.damage = 1
    pos = position({"WNS": ["battleship"]}, {"ESS": ["battleship"]}, step="income", power="SUD", edit=damage)
    result, _ = resolve(pos, {})
    after = result.position
    assert after.phase == "R2.NORD.purchase"
    assert unit(after, uid(after, "battleship", "WNS")).details.get("damage", 0) == 0      # NHM's naval base
    assert unit(after, uid(after, "battleship", "ESS")).details.get("damage") == 1         # not its turn


def test_r12_1_supply_status_is_fixed_at_combat_move() -> None:
    pos = position({"KOL": ["marines"], "WAL": ["infantry"]}, {"INS": ["colonial-infantry", "supply-column"]})
    result, _ = resolve(pos, {})
    out = result.position.data["out_of_supply"]
    assert uid(pos, "marines") in out                  # an island without an IC
    assert uid(pos, "infantry") not in out              # connected by land to NHM's IC
    assert uid(pos, "colonial-infantry") not in out     # a Supply Column is a supply source
    off = position({"KOL": ["marines"]}, switches={"supply_rules": False})
    assert resolve(off, {})[0].position.data["out_of_supply"] == []


def test_r12_4_a_supply_drop_supplies_its_territory_first() -> None:
    pos = position({"KOL": ["marines"], "NHM": ["air-transport"]})
    t = uid(pos, "air-transport")
    result, _ = resolve(pos, {"NORD": [f"supply {t} NHM-WNS-KOL"]})
    assert result.position.data["out_of_supply"] == []
    far = position({"KOL": ["marines"], "WAL": ["air-transport"]})
    ok, why = verdict(far, f"supply {uid(far, 'air-transport')} WAL-WNS-KOL")
    assert not ok and "air base" in why


def test_r09_4_forced_march_renews_the_move_rule_of_three_per_territory() -> None:
    pos = position({"NHM": ["cavalry"] * 4}, {"FEL": ["infantry"]})
    cav = [u.uid for u in pos.units if u.kind == "cavalry"]
    assert verdict(pos, f"move {cav[0]} WAL-MIT-FEL")[0]  # checked again after the march
    orders = [f"march {c} NHM-WAL" for c in cav] + [f"move {cav[0]} WAL-MIT-FEL"]
    result, _ = resolve(pos, {"NORD": orders})
    after = result.position
    assert unit(after, cav[0]).where == "FEL"
    assert [unit(after, c).where for c in cav[1:3]] == ["WAL", "WAL"]
    assert unit(after, cav[3]).where == "NHM"
    assert any("Rule of Three" in line for line in result.lines)


def test_s16_research_dice_discover_doctrines_on_12() -> None:
    pos = position(step="research", switches={"research": True}, treasury=50)
    for seed in range(1, 200):
        result, _ = resolve(pos, {"NORD": ["research 2 for mechanization"]}, seed=seed)
        rolls = [int(x) for x in next(line for line in result.lines if "research dice" in line).split(":")[1].split()]
        held = result.position.data["doctrines"]["NORD"]
        assert result.position.data["treasury"]["NORD"] == 40
        assert (("mechanization" in held) == (12 in rolls))
        if 12 in rolls:
            break
    else:
        pytest.fail("no 12 in 200 seeds")


def test_check_provinces_accepts_the_shipped_map_and_names_broken_provinces() -> None:
    from kriegsspiel.rulesets.unit_profiles.plugin import RULESET

    assert RULESET.check_provinces(POWERS, PROVINCES, "m") == []
    broken = {k: dict(v) for k, v in PROVINCES.items()}
    broken["KOL"]["adjacent"] = "WNS MIT"
    broken["WSS"]["income"] = 3
    broken["NHM"]["capital"] = False
    problems = RULESET.check_provinces(POWERS, broken, "m")
    assert any("KOL" in p and "MIT does not list KOL" in p for p in problems)
    assert any("WSS" in p and "no income" in p for p in problems)
    assert any("NORD" in p and "exactly one capital" in p for p in problems)


def test_a_bad_setup_names_the_key() -> None:
    from kriegsspiel.errors import UserError

    with pytest.raises(UserError, match=r"\[setup\]\.powers\.NORD\.units\.NHM\[0\]: unknown unit type 'infantri'"):
        RULES.start({"powers": {"NORD": {"units": {"NHM": ["infantri"]}}}}, POWERS, PROVINCES, "s.toml")
    with pytest.raises(UserError, match=r"s.toml: \[setup\]\.powers\.NORD\.units\.WNS\[0\]: a infantry stands on land"):
        RULES.start({"powers": {"NORD": {"units": {"WNS": ["infantry"]}}}}, POWERS, PROVINCES, "s.toml")


def test_r10_2_home_guard_turns_out_in_an_empty_national_territory() -> None:
    on = {"home_guard": True}
    pos = position({"MIT": ["infantry"]}, switches=on)
    moved, _ = resolve(pos, {"NORD": [f"move {uid(pos, 'infantry')} MIT-FEL"]})
    guard = [u for u in moved.position.units if u.power == "SUD"]
    assert [(u.kind, u.where) for u in guard] == [("auxiliaries", "FEL")]
    result, asked = resolve(moved.position, {}, seed=1)
    assert not [c for c in asked if c.options[0].startswith("press")]     # fought to the end, no retreat
    assert any(line.startswith("battle in FEL") for line in result.lines)
    off = position({"MIT": ["infantry"]})
    moved, _ = resolve(off, {"NORD": [f"move {uid(off, 'infantry')} MIT-FEL"]})
    assert not [u for u in moved.position.units if u.power == "SUD"]        # R10.1: off by default


def test_r10_2_a_blitz_moves_on_only_if_it_beats_the_home_guard() -> None:
    pos = position({"GRB": ["armor"]}, switches={"home_guard": True}, owners={"GRB": "NORD", "FEL": "NORD"})
    arm = uid(pos, "armor")
    outcomes = set()
    for seed in range(1, 40):
        result, _ = resolve(pos, {"NORD": [f"move {arm} GRB-RHN-FEL"]}, seed=seed)
        after = result.position
        assert any("Home Guard" in line for line in result.lines)
        if unit(after, arm) is None:
            outcomes.add("lost")
        elif after.owners["RHN"] == "NORD":
            assert unit(after, arm).where == "FEL"
            outcomes.add("won")
        else:
            assert unit(after, arm).where == "RHN" and "the blitz stops in RHN" in " ".join(result.lines)
            outcomes.add("stopped")
        if {"won", "stopped"} <= outcomes or {"won", "lost"} <= outcomes:
            break
    assert "won" in outcomes and len(outcomes) >= 2


def test_r23_3_air_transports_overflying_hostile_territory_meet_aaa_and_fighters() -> None:
    pos = position({"NHM": ["air-transport", "infantry"]}, {"WAL": ["aaa", "fighter"]}, owners={"WAL": "SUD"},
                   step="noncombat-move")
    t, inf = uid(pos, "air-transport"), uid(pos, "infantry")
    seen = set()
    for seed in range(1, 60):
        result, _ = resolve(pos, {"NORD": [f"move {t} NHM-WAL-MIT with {inf}"]}, seed=seed)
        line = next(x for x in result.lines if "free attack over WAL" in x)
        needs = [int(p.split("/")[1]) for p in line.split(": ")[1].split(", ")]
        assert needs == [2, 5]                  # one AAA die per transport at 2, the fighter at 5 (R23.4)
        hit = not line.endswith(": 0 hit(s)")
        assert (unit(result.position, t) is None) == hit and (unit(result.position, inf) is None) == hit
        if not hit:
            assert unit(result.position, inf).where == "MIT" and "aboard" not in unit(result.position, inf).details
        seen.add(hit)
        if seen == {True, False}:
            break
    assert seen == {True, False}


def test_an_order_refused_half_way_changes_nothing() -> None:
    # the ship loads its cargo, then the landing is refused (a friendly territory in Combat Move)
    pos = position({"WNS": ["naval-transport"], "WAL": ["infantry"]}, owners={"FEL": "NORD"})
    trn, inf = uid(pos, "naval-transport"), uid(pos, "infantry")
    result, _ = resolve(pos, {"NORD": [f"move {trn} WNS-WSS with {inf} unload FEL"]})
    assert any(line.startswith("refused") for line in result.lines)
    assert unit(result.position, inf).where == "WAL" and "aboard" not in unit(result.position, inf).details
    assert unit(result.position, trn).where == "WNS"


def _with_canal() -> dict[str, Any]:
    """Borderlands with a canal between WNS and WSS held in MIT, and RHN a true neutral."""
    provinces = {k: dict(v) for k, v in PROVINCES.items()}
    provinces["WNS"]["canal"] = "WSS@MIT"
    provinces["WSS"]["canal"] = "WNS@MIT"
    return provinces


def test_r11_6_a_canal_is_open_to_the_side_holding_it_since_the_start_of_the_turn() -> None:
    from kriegsspiel.rulesets.unit_profiles.plugin import RULESET

    provinces = _with_canal()
    assert RULESET.check_provinces(POWERS, provinces, "m") == []
    mine = position({"WNS": ["destroyer"]}, step="noncombat-move", provinces=provinces)
    assert verdict(mine, f"move {uid(mine, 'destroyer')} WNS-WSS")[0]
    theirs = position({"WNS": ["destroyer"]}, step="noncombat-move", provinces=provinces, owners={"MIT": "SUD"})
    ok, why = verdict(theirs, f"move {uid(theirs, 'destroyer')} WNS-WSS")
    assert not ok and "R11.6" in why
    lost = position({"WNS": ["destroyer"]}, step="noncombat-move", provinces=provinces,
                    edit=lambda g: g.owners.update(MIT="NORD") or g.data["owners_at_start"].update(MIT="SUD"))
    assert not verdict(lost, f"move {uid(lost, 'destroyer')} WNS-WSS")[0]  # taken this turn is not enough
    broken = _with_canal()
    broken["WSS"]["canal"] = ""
    assert any("not listed back" in p for p in RULESET.check_provinces(POWERS, broken, "m"))


def test_r11_9_a_true_neutral_is_closed_to_movement() -> None:
    pos = position({"FEL": ["infantry"], "NHM": ["fighter"]}, step="noncombat-move", owners={"FEL": "NORD"},
                   edit=lambda g: g.owners.pop("RHN") and g.data["owners_at_start"].pop("RHN"))
    ok, why = verdict(pos, f"move {uid(pos, 'infantry')} FEL-RHN")
    assert not ok and "true neutral" in why
    ok, why = verdict(pos, f"move {uid(pos, 'fighter')} NHM-WAL-MIT-FEL-RHN")
    assert not ok and "true neutral" in why


def test_r14_3_a_ferry_carries_up_to_5_ipc_to_an_ally_arriving_at_its_next_turn() -> None:
    def allies(game: Any) -> None:
        game.data["alliances"] = [["NORD", "SUD"]]
    pos = position({"NHM": ["air-transport"]}, step="noncombat-move", treasury=10, edit=allies)
    t = uid(pos, "air-transport")
    ok, why = verdict(pos, f"ferry {t} NHM-WAL-MIT-FEL 6 to SUD")
    assert not ok and "1 to 5 IPC" in why
    ok, why = verdict(pos, f"ferry {t} NHM-WAL-MIT 5 to SUD")
    assert not ok and "SUD controls" in why
    result, _ = resolve(pos, {"NORD": [f"ferry {t} NHM-WAL-MIT-FEL 5 to SUD"]})
    assert result.position.data["treasury"] == {"NORD": 5, "SUD": 10}
    after = result.position
    for _ in range(2):                             # place, income: then SUD's turn begins
        after = resolve(after, {})[0].position
    assert after.phase == "R1.SUD.purchase"
    assert after.data["treasury"]["SUD"] == 15
    enemies = position({"NHM": ["air-transport"]}, step="noncombat-move")
    ok, why = verdict(enemies, f"ferry {uid(enemies, 'air-transport')} NHM-WAL-MIT-FEL 5 to SUD")
    assert not ok and "alliance" in why


def test_menus_offer_only_orders_the_rules_accept() -> None:
    def buy(game: Any) -> None:
        game.data["bought"]["NORD"] = {"infantry": 1, "battleship": 1}
    pos = position(step="place", edit=buy)
    assert set(RULES.place_examples(pos, "NORD", "NHM")) == {"place 1 infantry NHM", "place 1 battleship NHM WNS"}
    assert RULES.place_examples(pos, "NORD", "HAF") == ("place 1 infantry HAF",)   # no capital ships at a Minor IC
    assert RULES.place_examples(pos, "SUD", "NHM") == ()                          # not SUD's turn
    shop = position(step="purchase", treasury=5)
    assert "buy 1 infantry" in RULES.place_examples(shop, "NORD", "NHM")
    assert "buy 1 armor" not in RULES.place_examples(shop, "NORD", "NHM")           # 9 IPC
    moves = position({"MIT": ["infantry"]}, {"FEL": ["infantry"]})
    assert RULES.order_examples(moves, "NORD", uid(moves, "infantry", "MIT")) == (
        f"move {uid(moves, 'infantry', 'MIT')} MIT-FEL",)                           # Combat Move: to attack only


def test_r01_2_move_with_artillery_counts_every_order_leaving_the_territory_in_the_phase() -> None:
    from kriegsspiel.rulesets.unit_profiles.game import Game
    from kriegsspiel.rulesets.unit_profiles.moves import _allowance, apply_move
    from kriegsspiel.rulesets.unit_profiles.notation import parse_order

    pos = position({"NHM": ["artillery"] * 4 + ["motorized-infantry"] * 4}, step="noncombat-move")
    game = Game.from_position(pos)
    arts = [u for u in game.units.values() if u.kind == "artillery"]
    mots = [u for u in game.units.values() if u.kind == "motorized-infantry"]
    first = parse_order(f"move {arts[0].uid},{arts[1].uid},{mots[0].uid},{mots[1].uid} NHM-WAL")
    assert [_allowance(game, a, first, False, n) for n, a in enumerate(arts[:2])] == [3, 3]
    apply_move(game, "NORD", first, combat=False)
    second = parse_order(f"move {arts[2].uid},{arts[3].uid},{mots[2].uid},{mots[3].uid} NHM-WAL")
    # two paired artillery have left NHM this phase: the third gets 3, the fourth its own 2 (Rule of Three)
    assert [_allowance(game, game.units[a.uid], second, False, n) for n, a in enumerate(arts[2:])] == [3, 2]
    assert _allowance(game, game.units[arts[2].uid], second, True, 0) == 2          # not when blitzing (R09.5)


def test_r22_3_an_airship_carries_one_fighter() -> None:
    pos = position({"NHM": ["airship", "fighter", "fighter", "infantry"]}, step="noncombat-move")
    zep, f0, f1 = uid(pos, "airship"), uid(pos, "fighter", n=0), uid(pos, "fighter", n=1)
    ok, why = verdict(pos, f"move {zep} NHM-WAL with {f0},{f1}")
    assert not ok and "1 Fighter" in why
    ok, why = verdict(pos, f"move {zep} NHM-WAL with {uid(pos, 'infantry')}")
    assert not ok and "embarks 1 Fighter" in why
    result, _ = resolve(pos, {"NORD": [f"move {zep} NHM-WAL with {f0}"]})
    fighter = unit(result.position, f0)
    assert fighter.where == "WAL" and fighter.details["aboard"] == zep


def test_a_scenario_without_a_game_length_takes_the_rule_sets_house_value() -> None:
    pos = RULES.start({}, POWERS, PROVINCES, "s.toml")
    assert pos.data["victory"] == {"capitals": True, "rounds": 10}
    assert pos.data["turn_order"] == list(POWERS) and pos.data["switches"]["supply_rules"] is True
