"""Air Power Diplomacy: every example of air-power-diplomacy.txt with the text's outcome, and the rulings of
docs/rulings.md ("Diplomacy and Air Power Diplomacy")."""
from __future__ import annotations

from kriegsspiel.rulesets.diplomacy import (
    MovementResult, Unit, parse_order, run_adjustments, run_air_movement, run_phase, standard_map,
)

BOARD = standard_map()


def play(units: str, orders: str, centres: dict[str, list[str]] | None = None) -> MovementResult:
    """``units``: lines ``POWER: W BER``; ``orders``: lines ``POWER: ORDER``."""
    us = []
    for line in units.strip().splitlines():
        power, text = line.split(":")
        kind, loc = text.split()
        us.append(Unit(power.strip(), kind, loc))
    os: dict[str, list] = {}
    for line in orders.strip().splitlines():
        power, text = line.split(":", 1)
        os.setdefault(power.strip(), []).append(parse_order(BOARD, text.strip()))
    return run_air_movement(BOARD, us, os, centres or {})


def at(res: MovementResult, power: str, kind: str, loc: str) -> bool:
    return Unit(power, kind, loc) in res.units


# ---- MOVE ----

def test_spring_airlift_to_sweden_via_the_baltic() -> None:
    res = play("GERMANY: W BER\nGERMANY: A BER", "GERMANY: W BER AIRLIFT A BER - SWE VIA BAL\nGERMANY: A BER - SWE")
    assert at(res, "GERMANY", "A", "SWE") and at(res, "GERMANY", "W", "BER")
    assert res.results["W BER"] == ["succeeded"] and res.results["A BER"] == ["succeeded"]


def test_fall_wing_moves_to_occupied_sweden_and_keeps_it() -> None:
    start = [{"power": "GERMANY", "type": "A", "loc": "SWE"}, {"power": "GERMANY", "type": "W", "loc": "BER"}]
    out = run_phase({"phase": "F1901M", "before": {"units": start, "centers": {"GERMANY": ["BER", "KIE", "MUN"]}},
                     "orders": {"GERMANY": ["A SWE - FIN", "W BER - SWE VIA BAL"]}})
    assert {"power": "GERMANY", "type": "W", "loc": "SWE"} in out["units"]
    assert {"power": "GERMANY", "type": "A", "loc": "FIN"} in out["units"]
    assert "SWE" in out["centers"]["GERMANY"], "wings can't take territory, but they can hold it"


def test_wing_cannot_move_where_its_power_neither_owns_nor_occupies() -> None:
    res = play("GERMANY: W BER\nGERMANY: A BER", "GERMANY: W BER - SWE\nGERMANY: A BER H")
    assert res.results["W BER"] == ["void"] and at(res, "GERMANY", "W", "BER")


def test_wing_move_fails_when_another_power_takes_the_province() -> None:
    res = play("GERMANY: A SWE\nGERMANY: W BER\nRUSSIA: F BOT",
               "GERMANY: A SWE - FIN\nGERMANY: W BER - SWE VIA BAL\nRUSSIA: F BOT - SWE")
    assert at(res, "RUSSIA", "F", "SWE") and at(res, "GERMANY", "A", "FIN")
    assert at(res, "GERMANY", "W", "BER") and res.results["W BER"] == ["bounced"]


# ---- SUPPORT and the default order ----

def test_wing_supports_an_attack_on_its_own_base_and_a_holding_unit() -> None:
    res = play("GERMANY: W BER\nGERMANY: A KIE\nRUSSIA: A PRU",
               "GERMANY: W BER S A KIE - BER\nGERMANY: A KIE - BER\nRUSSIA: A PRU - BER")
    assert at(res, "GERMANY", "A", "BER"), "2 against 1"
    held = play("GERMANY: W BER\nGERMANY: A BER\nRUSSIA: A PRU\nRUSSIA: F BAL",
                "GERMANY: W BER S A BER\nGERMANY: A BER H\nRUSSIA: A PRU - BER\nRUSSIA: F BAL S A PRU - BER")
    assert at(held, "GERMANY", "A", "BER") and not held.dislodged, "combined value two holds against two"


def test_unordered_wing_supports_its_empty_base_at_one() -> None:
    res = play("GERMANY: W BER\nRUSSIA: A PRU", "RUSSIA: A PRU - BER")
    assert at(res, "GERMANY", "W", "BER") and res.results["A PRU"] == ["bounced"]
    empty = play("GERMANY: W BER\nRUSSIA: A PRU\nRUSSIA: A SIL", "GERMANY: W BER S BER\nRUSSIA: A PRU - BER\n"
                 "RUSSIA: A SIL S A PRU - BER")
    assert at(empty, "RUSSIA", "A", "BER") and [d.unit.key() for d in empty.dislodged] == ["W BER"]


def test_intercepted_self_support_loses_ruhr_and_the_wing_cannot_retreat() -> None:
    res = play("GERMANY: W RUH\nFRANCE: W PAR\nFRANCE: A BUR",
               "GERMANY: W RUH S RUH\nFRANCE: W PAR PATROL BUR\nFRANCE: A BUR - RUH")
    assert at(res, "FRANCE", "A", "RUH")
    assert res.results["W RUH"] == ["intercepted", "dislodged", "disbanded"]
    assert [(d.unit.key(), d.retreats) for d in res.dislodged] == [("W RUH", ())]


# ---- the multiple defence example (Fall 1901) ----

def test_one_patrol_over_gascony_stops_three_air_missions() -> None:
    units = """FRANCE: W PAR
FRANCE: F MAO
FRANCE: A BEL
FRANCE: A SPA
ITALY: W TUS
ITALY: A TUS
ENGLAND: A LON
ENGLAND: F ENG
ENGLAND: W LON
GERMANY: A RUH
GERMANY: W RUH"""
    orders = """FRANCE: W PAR PATROL GAS
FRANCE: F MAO - BRE
FRANCE: A BEL H
FRANCE: A SPA - POR
ITALY: W TUS AIRLIFT A TUS - SPA
ITALY: A TUS - SPA
ENGLAND: A LON - BRE
ENGLAND: F ENG C A LON - BRE
ENGLAND: W LON S A LON - BRE
GERMANY: A RUH - PAR
GERMANY: W RUH AIRLIFT A RUH - PAR"""
    res = play(units, orders)
    r = res.results
    assert r["W PAR"] == ["succeeded"] and r["F MAO"] == ["bounced"] and r["A BEL"] == ["succeeded"]
    assert r["A SPA"] == ["succeeded"] and r["F ENG"] == ["succeeded"] and r["A LON"] == ["bounced"]
    assert r["W TUS"] == ["intercepted"] and r["W LON"] == ["intercepted"] and r["W RUH"] == ["intercepted"]
    assert at(res, "ITALY", "A", "TUS") and at(res, "GERMANY", "A", "RUH"), "not delivered, so not disbanded"
    assert not res.dislodged


def test_patrol_in_ukraine_holds_rumania() -> None:
    units = """RUSSIA: A RUM
RUSSIA: F SEV
RUSSIA: A UKR
RUSSIA: W MOS
AUSTRIA: A BUD
AUSTRIA: W BUD
TURKEY: A CON
TURKEY: A BUL
TURKEY: F BLA
TURKEY: W CON"""
    orders = """RUSSIA: A RUM H
RUSSIA: F SEV S A RUM
RUSSIA: A UKR S A RUM
RUSSIA: W MOS PATROL UKR
AUSTRIA: A BUD S A CON - RUM
AUSTRIA: W BUD S A CON - RUM
TURKEY: A CON - RUM
TURKEY: A BUL S A CON - RUM
TURKEY: F BLA C A CON - RUM
TURKEY: W CON RAID SEV VIA BLA"""
    res = play(units, orders)
    r = res.results
    assert r["A RUM"] == ["succeeded"] and r["F SEV"] == ["succeeded"] and r["A UKR"] == ["succeeded"]
    assert r["W BUD"] == ["intercepted"] and r["W CON"] == ["intercepted"] and r["A CON"] == ["bounced"]
    assert at(res, "RUSSIA", "A", "RUM") and not res.dislodged


# ---- RAID ----

def test_raids_on_each_other_both_succeed_and_cut_all_support() -> None:
    res = play("ENGLAND: W LON\nENGLAND: F LON\nENGLAND: F NTH\nFRANCE: W BRE\nFRANCE: F BRE\nFRANCE: F MAO\n"
               "GERMANY: F ENG",
               "ENGLAND: W LON RAID BRE\nENGLAND: F LON S F NTH - ENG\nENGLAND: F NTH - ENG\n"
               "FRANCE: W BRE RAID LON\nFRANCE: F BRE S F MAO - ENG\nFRANCE: F MAO - ENG")
    assert res.results["W LON"] == ["succeeded"] and res.results["W BRE"] == ["succeeded"]
    assert res.results["F LON"] == ["cut"] and res.results["F BRE"] == ["cut"]
    assert at(res, "GERMANY", "F", "ENG")


def test_a_patrol_over_its_base_intercepts_a_raid() -> None:
    res = play("ENGLAND: W LON\nENGLAND: F LON\nENGLAND: F NTH\nFRANCE: W BRE\nGERMANY: F ENG",
               "ENGLAND: W LON PATROL ENG\nENGLAND: F LON S F NTH - ENG\nENGLAND: F NTH - ENG\n"
               "FRANCE: W BRE RAID LON")
    assert res.results["W BRE"] == ["intercepted"] and res.results["F LON"] == ["succeeded"]
    assert at(res, "ENGLAND", "F", "ENG")


# ---- AIRLIFT ----

def test_airlift_stopped_by_own_fleet_not_leaving_is_not_disbanded() -> None:
    res = play("GERMANY: W BER\nGERMANY: A BER\nGERMANY: F HOL\nENGLAND: F NTH",
               "GERMANY: W BER AIRLIFT A BER - HOL\nGERMANY: A BER - HOL\nGERMANY: F HOL - NTH\nENGLAND: F NTH H")
    assert at(res, "GERMANY", "A", "BER") and at(res, "GERMANY", "F", "HOL")
    assert "disbanded" not in res.results["A BER"]


def test_air_assault_bounced_two_against_two_is_disbanded() -> None:
    res = play("GERMANY: W BER\nGERMANY: A BER\nGERMANY: F HOL\nGERMANY: F HEL\nENGLAND: F NTH\nFRANCE: A BEL",
               "GERMANY: W BER AIRLIFT A BER - HOL\nGERMANY: A BER - HOL\nGERMANY: F HOL - NTH\n"
               "GERMANY: F HEL S A BER - HOL\nENGLAND: F NTH S A BEL - HOL\nFRANCE: A BEL - HOL")
    assert res.results["A BER"] == ["bounced", "disbanded"]
    assert not any(u.province == "BER" and u.kind == "A" for u in res.units)
    assert at(res, "GERMANY", "F", "HOL") and at(res, "FRANCE", "A", "BEL")


def test_airlift_home_under_attack_bounces_and_the_army_is_disbanded() -> None:
    res = play("AUSTRIA: A VEN\nITALY: W ROM\nITALY: A TUN",
               "AUSTRIA: A VEN - ROM\nITALY: W ROM AIRLIFT A TUN - ROM\nITALY: A TUN - ROM")
    assert res.results["W ROM"] == ["succeeded"] and res.results["A TUN"] == ["bounced", "disbanded"]
    assert at(res, "ITALY", "W", "ROM") and at(res, "AUSTRIA", "A", "VEN")


def test_supported_attack_forces_the_airlifting_wing_into_self_defence_and_out() -> None:
    res = play("AUSTRIA: A VEN\nAUSTRIA: A TUS\nITALY: W ROM\nITALY: A TUN",
               "AUSTRIA: A VEN - ROM\nAUSTRIA: A TUS S A VEN - ROM\nITALY: W ROM AIRLIFT A TUN - ROM\n"
               "ITALY: A TUN - ROM")
    assert res.results["W ROM"][0] == "self_defence" and "dislodged" in res.results["W ROM"]
    assert at(res, "AUSTRIA", "A", "ROM") and at(res, "ITALY", "A", "TUN"), "the army never left"


def test_dual_simultaneous_airlifts_both_wings_defend() -> None:
    res = play("FRANCE: W PAR\nFRANCE: A PAR\nGERMANY: W MUN\nGERMANY: A MUN",
               "FRANCE: W PAR AIRLIFT A PAR - MUN\nFRANCE: A PAR - MUN\n"
               "GERMANY: W MUN AIRLIFT A MUN - PAR\nGERMANY: A MUN - PAR")
    assert res.results["W PAR"] == ["self_defence"] and res.results["W MUN"] == ["self_defence"]
    assert at(res, "FRANCE", "A", "PAR") and at(res, "GERMANY", "A", "MUN")


# ---- the paradox examples: self-defence as a fixed point ----

def test_wing_supporting_an_attack_reverts_to_defend_its_base() -> None:
    res = play("GERMANY: A SIL\nGERMANY: W PRU\nRUSSIA: A WAR", "GERMANY: A SIL - WAR\n"
               "GERMANY: W PRU S A SIL - WAR\nRUSSIA: A WAR - PRU")
    assert res.results["W PRU"] == ["self_defence"]
    assert res.results["A SIL"] == ["bounced"] and res.results["A WAR"] == ["bounced"] and not res.dislodged


def test_patrol_over_the_baltic_breaks_both_missions_of_the_prussian_wing() -> None:
    res = play("GERMANY: A SIL\nGERMANY: W PRU\nRUSSIA: A WAR\nRUSSIA: W LVN", "GERMANY: A SIL - WAR\n"
               "GERMANY: W PRU S A SIL - WAR\nRUSSIA: A WAR - PRU\nRUSSIA: W LVN PATROL BAL")
    assert res.results["W PRU"] == ["self_defence", "intercepted", "dislodged", "disbanded"]
    assert at(res, "RUSSIA", "A", "PRU") and at(res, "GERMANY", "A", "WAR")


def test_both_wings_in_self_defence_and_everything_bounces() -> None:
    res = play("GERMANY: A SIL\nGERMANY: W PRU\nRUSSIA: A WAR\nRUSSIA: W WAR", "GERMANY: A SIL - WAR\n"
               "GERMANY: W PRU S A SIL - WAR\nRUSSIA: A WAR - PRU\nRUSSIA: W WAR PATROL WAR")
    assert res.results["W PRU"] == ["self_defence"] and res.results["W WAR"] == ["self_defence"]
    assert res.results["A SIL"] == ["bounced"] and res.results["A WAR"] == ["bounced"] and not res.dislodged


# ---- ESCORT ----

def test_full_escort_from_brest_gets_the_airlift_to_wales() -> None:
    res = play("ENGLAND: W LON\nFRANCE: A PIC\nFRANCE: W PIC\nFRANCE: W BRE",
               "ENGLAND: W LON PATROL ENG\nFRANCE: A PIC - WAL\nFRANCE: W PIC AIRLIFT A PIC - WAL VIA ENG\n"
               "FRANCE: W BRE ESCORT W PIC")
    assert at(res, "FRANCE", "A", "WAL") and res.results["W PIC"] == ["succeeded"]


def test_partial_escort_from_paris_leaves_wales_open() -> None:
    res = play("ENGLAND: W LON\nFRANCE: A PIC\nFRANCE: W PIC\nFRANCE: W PAR",
               "ENGLAND: W LON PATROL ENG\nFRANCE: A PIC - WAL\nFRANCE: W PIC AIRLIFT A PIC - WAL VIA ENG\n"
               "FRANCE: W PAR ESCORT W PIC")
    assert at(res, "FRANCE", "A", "PIC") and res.results["W PIC"] == ["intercepted"]


def test_two_partial_escorts_of_two_powers_add_up() -> None:
    units = "ENGLAND: W LON\nFRANCE: A PIC\nFRANCE: W PIC\nFRANCE: W PAR\nGERMANY: W EDI"
    orders = ("ENGLAND: W LON PATROL LON\nFRANCE: A PIC - WAL\nFRANCE: W PIC AIRLIFT A PIC - WAL VIA ENG\n"
              "FRANCE: W PAR ESCORT W PIC\nGERMANY: W EDI ESCORT W PIC")
    assert at(play(units, orders), "FRANCE", "A", "WAL")
    alone = orders.replace("GERMANY: W EDI ESCORT W PIC", "GERMANY: W EDI S EDI")
    assert at(play(units, alone), "FRANCE", "A", "PIC"), "without the German escort Wales is open"


def test_graduation_escorted_move_and_the_raid_that_grounds_the_escort() -> None:
    units = "GERMANY: W MUN\nGERMANY: W RUH\nFRANCE: W PAR\nFRANCE: W SPA\nFRANCE: A BUR\nFRANCE: A PAR"
    escorted = ("GERMANY: W MUN PATROL BUR\nFRANCE: W PAR ESCORT W SPA OVER GAS BUR\n"
                "FRANCE: W SPA - BUR VIA GAS\nFRANCE: A BUR H\nFRANCE: A PAR S A BUR")
    res = play(units, escorted + "\nGERMANY: W RUH S RUH")
    assert at(res, "FRANCE", "W", "BUR") and res.results["W SPA"] == ["succeeded"]
    raid = play(units, escorted + "\nGERMANY: W RUH RAID PAR VIA BUR")
    assert raid.results["W RUH"] == ["succeeded"] and raid.results["W PAR"] == ["raided"]
    assert raid.results["W SPA"] == ["intercepted"] and at(raid, "FRANCE", "W", "SPA")
    assert raid.results["A PAR"] == ["cut"], "the raid cuts the army's support too"


def test_patrol_ignoring_an_ally_lets_its_airlift_through() -> None:
    units = "ENGLAND: W LON\nFRANCE: W BEL\nFRANCE: A BEL"
    orders = "FRANCE: W BEL AIRLIFT A BEL - NWY\nFRANCE: A BEL - NWY"
    blocked = play(units, "ENGLAND: W LON PATROL NTH\n" + orders)
    assert at(blocked, "FRANCE", "A", "BEL")
    allowed = play(units, "ENGLAND: W LON PATROL NTH IGNORE FRANCE\n" + orders.replace("NWY", "EDI"))
    assert at(allowed, "FRANCE", "A", "EDI")


# ---- rulings: building, stacking, retreats ----

def test_wing_is_built_like_an_army_and_counts_against_centres() -> None:
    homes = {p: BOARD.home_centres(p) for p in BOARD.powers}
    after, results, _ = run_adjustments(BOARD, [Unit("GERMANY", "A", "MUN")], {"GERMANY": ["BER", "KIE", "MUN"]},
                                        homes, {"GERMANY": [parse_order(BOARD, "W BER B"),
                                                            parse_order(BOARD, "W KIE B"),
                                                            parse_order(BOARD, "W HOL B")]})
    assert results == {"W BER": ["succeeded"], "W KIE": ["succeeded"], "W HOL": ["void"]}
    assert Unit("GERMANY", "W", "BER") in after


def test_stacked_wing_is_dislodged_with_its_army_and_retreats_alone() -> None:
    orders = "GERMANY: A MUN H\nGERMANY: W MUN RAID BUR\nFRANCE: A BUR - MUN\nFRANCE: A RUH S A BUR - MUN"
    held = play("GERMANY: A MUN\nGERMANY: W MUN\nFRANCE: A BUR\nFRANCE: A RUH", orders)
    assert not held.dislodged and held.results["W MUN"] == ["self_defence"], "the wing's defence makes it 2 v 2"
    res = play("GERMANY: A MUN\nGERMANY: W MUN\nFRANCE: A BUR\nFRANCE: A RUH\nFRANCE: A BOH",
               orders + "\nFRANCE: A BOH S A BUR - MUN", {"GERMANY": ["BER", "KIE", "MUN"]})
    retreats = {d.unit.key(): d.retreats for d in res.dislodged}
    assert retreats["A MUN"] and retreats["W MUN"] == ("BER", "KIE")
    assert res.results["W MUN"][0] == "self_defence"


def test_two_wings_moving_to_one_province_both_fail() -> None:
    res = play("GERMANY: A HOL\nGERMANY: W KIE\nGERMANY: W RUH", "GERMANY: W KIE - HOL\nGERMANY: W RUH - HOL")
    assert res.results["W KIE"] == ["bounced"] and res.results["W RUH"] == ["bounced"]


def test_stacking_rules_in_the_interchange() -> None:
    import pytest

    from kriegsspiel.rulesets.diplomacy import InputError

    record = {"phase": "S1901M", "before": {"units": [{"power": "FRANCE", "type": "A", "loc": "PAR"},
                                                      {"power": "GERMANY", "type": "W", "loc": "PAR"}]}}
    with pytest.raises(InputError, match="stacked in PAR"):
        run_phase(record)


def test_without_a_route_any_blocked_route_fails_the_mission() -> None:
    units = "FRANCE: W PAR\nGERMANY: W MUN"
    centres = {"FRANCE": ["PAR", "MAR", "BRE"]}
    free = play(units, "FRANCE: W PAR - MAR VIA GAS\nGERMANY: W MUN PATROL MUN", centres)
    assert free.results["W PAR"] == ["succeeded"] and at(free, "FRANCE", "W", "MAR")
    risky = play(units, "FRANCE: W PAR - MAR\nGERMANY: W MUN PATROL MUN", centres)
    assert risky.results["W PAR"] == ["intercepted"], "the route through Burgundy is patrolled"
    assert play(units, "FRANCE: W PAR - MAR VIA BUR\nGERMANY: W MUN PATROL MUN", centres).results["W PAR"] == [
        "intercepted"]


def test_a_dislodged_wing_retreats_through_the_interchange() -> None:
    start = [{"power": "GERMANY", "type": "W", "loc": "BER"}, {"power": "RUSSIA", "type": "A", "loc": "PRU"},
             {"power": "RUSSIA", "type": "A", "loc": "SIL"}]
    out = run_phase({"phase": "F1901M", "before": {"units": start, "centers": {"GERMANY": ["BER", "KIE", "MUN"]}},
                     "orders": {"RUSSIA": ["A PRU - BER", "A SIL S A PRU - BER"]}})
    assert out["phase"] == "F1901R"
    assert out["dislodged"] == [{"power": "GERMANY", "type": "W", "loc": "BER", "retreats": ["KIE", "MUN"]}]
    after = run_phase({"phase": "F1901R", "before": {"units": out["units"], "dislodged": out["dislodged"],
                                                     "centers": out["centers"]},
                       "orders": {"GERMANY": ["W BER R KIE"]}})
    assert {"power": "GERMANY", "type": "W", "loc": "KIE"} in after["units"]
    assert "BER" in after["centers"]["RUSSIA"]


def test_lone_wing_flying_elsewhere_leaves_its_base_at_zero() -> None:
    # on a raid its base would fall (held at 0), so the wing reverts to its defence and holds at one
    res = play("GERMANY: W BER\nRUSSIA: A PRU", "GERMANY: W BER RAID WAR\nRUSSIA: A PRU - BER")
    assert res.results["A PRU"] == ["bounced"] and res.results["W BER"] == ["self_defence"]
    moved_away = play("GERMANY: W BER\nGERMANY: A KIE\nRUSSIA: A PRU",
                      "GERMANY: W BER - KIE\nGERMANY: A KIE H\nRUSSIA: A PRU - BER", {"GERMANY": ["BER", "KIE"]})
    assert at(moved_away, "GERMANY", "W", "KIE") and at(moved_away, "RUSSIA", "A", "BER"), "held at 0"


def test_a_wing_may_airlift_another_powers_army() -> None:
    res = play("ENGLAND: W LON\nFRANCE: A LON", "ENGLAND: W LON AIRLIFT A LON - BEL\nFRANCE: A LON - BEL")
    assert at(res, "FRANCE", "A", "BEL")


def test_raid_at_sea_cuts_fleet_support_but_not_a_convoy() -> None:
    res = play("ENGLAND: F NTH\nENGLAND: A YOR\nENGLAND: F ENG\nENGLAND: F LON\nGERMANY: W HOL\nFRANCE: F BEL",
               "ENGLAND: F NTH C A YOR - BEL\nENGLAND: A YOR - BEL\nENGLAND: F ENG S A YOR - BEL\n"
               "ENGLAND: F LON H\nGERMANY: W HOL RAID NTH\nFRANCE: F BEL H")
    assert at(res, "ENGLAND", "A", "BEL") and res.results["F NTH"] == ["succeeded"]
    cut = play("ENGLAND: F NTH\nENGLAND: F EDI\nGERMANY: W HOL\nFRANCE: F NWG",
               "ENGLAND: F NTH S F EDI - NWG\nENGLAND: F EDI - NWG\nGERMANY: W HOL RAID NTH\nFRANCE: F NWG H")
    assert cut.results["F NTH"] == ["cut"] and at(cut, "FRANCE", "F", "NWG")
