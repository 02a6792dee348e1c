"""Conduct Combat in the unit-profiles area game: battles fought by the engine with the players' choices asked
at the moment the rules ask them (casualties, re-rolls, retreats), dice shown and journaled; battle order,
amphibious assaults, bombardment, coastal artillery; a full game round of the shipped scenario."""
from __future__ import annotations

from typing import Any

import pytest

from kriegsspiel.core.dice import Dice
from kriegsspiel.rulesets.unit_profiles import load_rules, parse_battle
from kriegsspiel.rulesets.unit_profiles.combat import battle_object
from kriegsspiel.rulesets.unit_profiles.fighting import phase_stream
from kriegsspiel.rulesets.unit_profiles.game import Game
from unit_profiles_area_helpers import POWERS, PROVINCES, RULES, position, resolve, scenario_setup, uid, unit, verdict
from unit_profiles_helpers import battle, run, unit as bunit


def _fought(nord: dict[str, list[str]], sud: dict[str, list[str]], path: str) -> Any:
    """The position at Conduct Combat after all NORD's units moved along ``path``."""
    base = position(nord, sud)
    ids = ",".join(u.uid for u in base.units if u.power == "NORD")
    moved, _ = resolve(base, {"NORD": [f"move {ids} {path}"]})
    assert moved.position.phase == "R1.NORD.combat", moved.lines
    return moved.position


def _first_seed(pos: Any, wanted: Any, seeds: range = range(1, 80)) -> tuple[int, Any]:
    """The first seed whose battle asks a question ``wanted`` accepts (answering the others by default)."""
    for seed in seeds:
        _, asked = resolve(pos, {}, seed=seed)
        hit = next((c for c in asked if wanted(c)), None)
        if hit is not None:
            return seed, hit
    raise AssertionError("no such question with these seeds")


def test_casualties_are_the_owners_choice_among_legal_placements() -> None:
    pos = _fought({"MIT": ["infantry"] * 3}, {"FEL": ["infantry", "artillery", "fighter"]}, "MIT-FEL")
    seed, first = _first_seed(pos, lambda c: c.power == "SUD" and c.options[0].startswith("casualties"))
    # one option per kind of loss, each a legal placement; the dice are shown with the question
    assert len(first.options) == len(set(first.options)) >= 2
    assert "NORD rolled" in first.question and "/2 hit" in first.question
    sud = {u.uid for u in pos.units if u.power == "SUD"}
    outcomes = set()
    for option in first.options:
        victims = option.split(": ", 1)[1].split()
        assert set(victims) <= sud
        result, _ = resolve(pos, {"SUD": [option]}, seed=seed)
        lost = next(line for line in result.lines if "lost:" in line)
        assert set(victims) <= set(lost.split(": ", 1)[1].split())     # the answer given is what happened
        outcomes.add(frozenset(victims))
    assert len(outcomes) == len(first.options)


def test_every_roll_is_journaled_and_the_answers_replay_with_the_same_dice() -> None:
    base = position({"MIT": ["infantry", "infantry", "artillery"]}, {"FEL": ["infantry", "infantry"]})
    ids = ",".join(u.uid for u in base.units if u.power == "NORD")
    moved, _ = resolve(base, {"NORD": [f"move {ids} MIT-FEL"]})
    pos = moved.position
    result, asked = resolve(pos, {}, seed=11, record=5)
    given: dict[str, list[str]] = {"NORD": [], "SUD": []}
    for c in asked:
        given[c.power].append(c.options[0])
    # the answers come back in a later journal record: the step replays on the same dice all the same
    again = RULES.resolve(pos, given, Dice(11, 99))
    assert not again.choices and again.position == result.position
    expected = Dice(11, phase_stream(pos.phase))
    assert list(again.details["dice"]) == [expected.roll(12) for _ in again.details["dice"]]
    shown = [int(part.split()[1].split("/")[0]) for line in again.lines if ": " in line and "/" in line
             for part in line.split(": ", 1)[1].split(", ") if "/" in part]
    assert shown == list(again.details["dice"])                          # every d12 shown to people, in order
    other = RULES.resolve(pos, given, Dice(12, 5))                        # another game's seed: other dice
    assert other.details["dice"] != again.details["dice"]


def test_rerolls_are_asked_after_the_dice_are_seen() -> None:
    base = position({"MIT": ["armored-car", "artillery", "infantry"]}, {"FEL": ["infantry"] * 3})
    ids = ",".join(u.uid for u in base.units if u.power == "NORD")
    pos = resolve(base, {"NORD": [f"move {ids} MIT-FEL"]})[0].position
    for seed in range(1, 60):
        first = RULES.resolve(pos, {}, Dice(seed, 1))
        rerolls = [c for c in first.choices if c.options[0].startswith("rerolls")]
        if rerolls:
            break
    else:
        pytest.fail("no re-roll question in 60 seeds")
    choice = rerolls[0]
    assert choice.power == "NORD" and choice.options[1].endswith(": no")
    assert uid(pos, "artillery") in choice.question and "miss" in choice.question
    yes = resolve(pos, {"NORD": [choice.options[0]]}, seed=seed)[0]
    no = resolve(pos, {"NORD": [choice.options[1]]}, seed=seed)[0]
    assert any("re-rolled" in line for line in yes.lines)
    assert not any("re-rolled" in line for line in no.lines[:3])


def test_r26_1_retreat_is_offered_to_the_attacker_and_moves_its_units_back() -> None:
    pos = _fought({"MIT": ["infantry", "infantry", "infantry"]}, {"FEL": ["infantry"] * 4}, "MIT-FEL")
    seed, _ = _first_seed(pos, lambda c: c.options[0].startswith("press"))
    retreat = lambda c: next((o for o in c.options if o.startswith("retreat")), c.options[0])  # noqa: E731
    result, asked = resolve(pos, {}, seed=seed, answer=retreat)
    retreats = [c for c in asked if c.options[0].startswith("press")]
    assert retreats and all(c.power == "NORD" for c in retreats)     # R26.3: never the defender
    assert retreats[0].options == ("press FEL r1", "retreat FEL r1 to MIT")
    survivors = [u for u in result.position.units if u.power == "NORD"]
    assert survivors and all(u.where == "MIT" for u in survivors)
    assert result.position.owners["FEL"] == "SUD"
    assert any("retreats to MIT" in line for line in result.lines)


def test_r26_2_units_landed_from_ships_are_not_offered_a_retreat() -> None:
    base = position({"WNS": ["naval-transport"], "WAL": ["infantry", "infantry"]}, {"FEL": ["infantry"] * 3})
    trn = uid(base, "naval-transport")
    ids = ",".join(u.uid for u in base.units if u.kind == "infantry" and u.power == "NORD")
    pos = resolve(base, {"NORD": [f"move {trn} WNS-WSS with {ids} unload FEL"]})[0].position
    for seed in range(1, 20):
        result, asked = resolve(pos, {}, seed=seed)
        assert not [c for c in asked if c.options[0].startswith("press")]
        if any(line.startswith("  r2") for line in result.lines):
            break
    else:
        pytest.fail("no battle lasted two rounds")


def test_r04_8_sea_battles_come_before_the_assaults_launched_from_them() -> None:
    base = position({"WNS": ["naval-transport", "destroyer"], "WAL": ["infantry"]}, {"WSS": ["submarine"], "FEL": ["infantry"]})
    trn, dd, inf = uid(base, "naval-transport"), uid(base, "destroyer"), uid(base, "infantry")
    pos = resolve(base, {"NORD": [f"move {dd} WNS-WSS", f"move {trn} WNS-WSS with {inf} unload FEL"]})[0].position
    ok, why = verdict(pos, "order FEL WSS")
    assert not ok and "before the amphibious assault" in why
    assert verdict(pos, "order WSS FEL")[0]
    result, _ = resolve(pos, {"NORD": ["order WSS FEL"]}, seed=1)
    battles = [line.split()[2] for line in result.lines if line.startswith("battle in")]
    assert battles[0] == "WSS"


def test_r19_1_a_lost_sea_battle_keeps_the_landing_aboard() -> None:
    base = position({"WNS": ["troopship"], "WAL": ["infantry"]}, {"WSS": ["battleship"], "FEL": ["infantry"]})
    trp, inf = uid(base, "troopship"), uid(base, "infantry")
    pos = resolve(base, {"NORD": [f"move {trp} WNS-WSS with {inf} unload FEL"]})[0].position
    assert unit(pos, inf).where == "FEL"
    result, _ = resolve(pos, {}, seed=1)
    assert unit(result.position, trp) is None  # a lone transport against a battleship is lost (R05.4)
    assert unit(result.position, inf) is None
    assert any("R19.1" in line for line in result.lines)
    assert result.position.owners["FEL"] == "SUD"


def test_r20_bombardment_destroyer_at_2_only_in_an_amphibious_assault_and_not_after_a_sea_battle() -> None:
    base = position({"WSS": ["naval-transport", "destroyer", "battleship"], "WAL": ["infantry"]}, {"FEL": ["infantry"]},
                    edit=lambda g: [setattr(u, "damage", 1) for u in g.units.values() if u.kind == "battleship"])
    inf = uid(base, "infantry")
    game = Game.from_position(base)
    game.units[inf].where, game.units[inf].attacking, game.units[inf].landed, game.units[inf].origin = "FEL", True, True, "WSS"
    obj = battle_object(game, "NORD", "FEL")
    bombard = {u["id"]: u for u in obj["attacker"]["units"] if u.get("bombard")}
    assert set(bombard) == {uid(base, "destroyer"), uid(base, "battleship")}
    assert obj["place"]["amphibious_from"] == "WSS"
    spec = parse_battle(obj, load_rules())
    values = {u.id: u.profile.bombard for u in spec.units if u.bombard}
    assert values[uid(base, "destroyer")] == 2 and values[uid(base, "battleship")] == 5  # damaged: same value
    game.data["battles"].append({"place": "WSS", "result": "attacker"})
    assert not [u for u in battle_object(game, "NORD", "FEL")["attacker"]["units"] if u.get("bombard")]
    game.units[inf].landed = False
    assert "amphibious_from" not in battle_object(game, "NORD", "FEL")["place"]


def test_r18_4_fortress_fires_three_dice_at_5_once_a_turn_and_the_ships_owner_assigns() -> None:
    pos = position({"GRB": ["fortress"]}, {"ESS": ["battleship", "destroyer"]}, owners={"GRB": "NORD"}, step="combat")
    fort = uid(pos, "fortress")
    assert verdict(pos, f"fire {fort} at ESS")[0]
    assert not verdict(pos, f"fire {fort} at WSS")[0]
    for seed in range(1, 80):
        first = RULES.resolve(pos, {"NORD": [f"fire {fort} at ESS"]}, Dice(seed, 1))
        dice = first.details["dice"]
        assert len(dice) == 3                                       # R02.4: 3d12 ...
        assert bool(first.choices) == any(d <= 5 for d in dice)     # ... hitting at 5
        if first.choices:
            break
    else:
        pytest.fail("no hit in 80 seeds")
    choice = first.choices[0]
    assert choice.power == "SUD" and " ".join(map(str, dice)) in choice.question
    bb = uid(pos, "battleship")
    marker = next(o for o in choice.options if o.split(": ")[1].split().count(bb) == 1)
    result = RULES.resolve(pos, {"NORD": [f"fire {fort} at ESS"], "SUD": [marker]}, Dice(seed, 1))
    assert unit(result.position, bb).details["damage"] == 1                       # a HIT marker (R25.1)
    twice = RULES.resolve(pos, {"NORD": [f"fire {fort} at ESS", f"fire {fort} at ESS"], "SUD": [marker]}, Dice(seed, 1))
    assert any("once in each of its owner's turns" in line for line in twice.lines)


def test_r12_3_out_of_supply_units_fight_at_minus_one() -> None:
    base = position({"KOL": ["marines"]})
    game = Game.from_position(resolve(base, {})[0].position)
    assert uid(base, "marines") in game.data["out_of_supply"]
    game.owners["KOL"] = "SUD"
    game.units[uid(base, "marines")].power = "NORD"
    obj = battle_object(game, "SUD", "KOL")
    assert obj["defender"]["units"][0]["supplied"] is False


R01_4 = [
    ("First Strike of Artillery", [bunit(f"a{n}", "artillery") for n in range(4)], [bunit("d", "infantry")],
     lambda out: len(out["rounds"][0]["first_strike"]["attacker"]["rolls"]) == 4),
    ("Ski Troops", [bunit(f"m{n}", "mountain-infantry") for n in range(4)], [bunit("d", "infantry")],
     lambda out: [r["need"] for r in out["rounds"][0]["attacker_fire"]["rolls"]] == [3, 3, 3, 3]),
    ("Ambush", [bunit(f"t{n}", "anti-tank-gun") for n in range(4)], [bunit("d", "armor")],
     lambda out: [r["need"] for r in out["rounds"][0]["first_strike"]["attacker"]["rolls"]] == [3, 3, 3, 3]),
]


@pytest.mark.parametrize("name,att,dfn,check", R01_4, ids=[c[0] for c in R01_4])
def test_r01_4_unmarked_abilities_are_not_subject_to_the_rule_of_three(name: str, att: list, dfn: list, check: Any) -> None:
    features = ["mountain"] if name == "Ski Troops" else []
    out = run(battle(att, dfn, seed=1, features=features))
    assert check(out), name


def test_r23_2_an_airdrop_lands_its_paratrooper_and_the_transport_must_fly_home() -> None:
    base = position({"NHM": ["air-transport", "paratroopers"], "WAL": ["infantry"]}, {"MIT": ["auxiliaries"]},
                    owners={"MIT": "SUD"})
    t, p, inf = uid(base, "air-transport"), uid(base, "paratroopers"), uid(base, "infantry")
    moved = resolve(base, {"NORD": [f"move {t} NHM-WAL-MIT with {p} drop MIT", f"move {inf} WAL-MIT"]})[0].position
    assert unit(moved, p).details["aboard"] == t
    fought, _ = resolve(moved, {}, seed=3)
    after = fought.position
    if unit(after, p) is not None:
        assert "aboard" not in unit(after, p).details and unit(after, p).where == "MIT"
    assert unit(after, t).where == "MIT"
    gone, _ = resolve(after, {"NORD": []})
    assert unit(gone.position, t) is None       # it had to end in a territory friendly since the turn began
    home, _ = resolve(after, {"NORD": [f"move {t} MIT-WAL-NHM"]})
    assert unit(home.position, t).where == "NHM"


def test_view_hides_what_a_power_may_not_see() -> None:
    pos = position({"NHM": ["infantry"]}, {"SUH": ["infantry"], "INS": ["airship"]}, step="place",
                   edit=lambda g: g.data["bought"].update(SUD={"armor": 1}, NORD={"infantry": 2}))
    open_view = RULES.view(pos, "NORD", blind=False)
    assert len(open_view.units) == len(pos.units) and "SUD" not in open_view.data["bought"]
    blind = RULES.view(pos, "NORD", blind=True)
    kinds = {u.uid for u in blind.units}
    assert uid(pos, "infantry", "NHM") in kinds and uid(pos, "airship") not in kinds
    assert "SUD" not in blind.data["treasury"]
    assert RULES.view(pos, None, blind=True) == pos


def test_a_blind_game_tells_the_other_power_only_what_its_units_could_see() -> None:
    setup = scenario_setup()
    setup["blind"] = True
    pos = RULES.start(setup, POWERS, PROVINCES, "borderlands")
    result = RULES.resolve(pos, {"NORD": ["buy 2 infantry"]}, Dice(1, 1))
    assert result.told["NORD"] == result.lines and result.lines
    assert result.told["SUD"] == ()
    setup["blind"] = "yes"
    with pytest.raises(Exception, match=r"\[setup\]\.blind"):
        RULES.start(setup, POWERS, PROVINCES, "borderlands")


def test_a_full_game_round_of_the_shipped_scenario() -> None:
    pos = RULES.start(scenario_setup(), POWERS, PROVINCES, "borderlands")
    ids = {f"{u.kind}@{u.where}": u.uid for u in reversed(pos.units)}
    plan = {
        "R1.NORD.purchase": ["buy 2 infantry", "buy artillery"],
        "R1.NORD.combat-move": [
            f"move {ids['infantry@MIT']},{ids['artillery@MIT']} MIT-FEL", f"move {ids['cavalry@MIT']} MIT-FEL",
            f"move {ids['fighter@MIT']} MIT-FEL", f"move {ids['battleship@WNS']},{ids['destroyer@WNS']} WNS-WSS"],
        "R1.NORD.combat": ["order WSS FEL"],
        "R1.NORD.place": ["place 2 infantry NHM", "place artillery NHM"],
        "R1.SUD.purchase": ["buy 2 infantry"],
        "R1.SUD.combat-move": [f"move {ids['heavy-bomber@SUH']} SUH-RHN-FEL-MIT-WAL"],
        "R1.SUD.place": ["place 2 infantry SUH"],
    }
    phases, record, battles = [], 0, []
    while pos.data["round"] == 1:
        phases.append(pos.phase)
        assert RULES.powers_to_order(pos) == (pos.data["power"],)
        orders = plan.get(pos.phase, [])
        for text in orders:
            assert RULES.check_order(pos, pos.data["power"], text).accepted, (pos.phase, text)
        record += 1
        result, _ = resolve(pos, {pos.data["power"]: orders}, seed=1938, record=record)
        assert not any(line.startswith("refused") for line in result.lines), result.lines
        battles += [line.split()[2] for line in result.lines if line.startswith("battle in")]
        pos = result.position
    steps = ["purchase", "combat-move", "combat", "noncombat-move", "place", "income"]
    assert phases == [f"R1.{p}.{s}" for p in ("NORD", "SUD") for s in steps]
    assert pos.phase == "R2.NORD.purchase"
    assert battles == ["WSS", "FEL", "WAL"]          # NORD's sea battle first (R04.8), then SUD's air raid
    assert sum(u.power == "NORD" and u.kind == "infantry" and u.where == "NHM" for u in pos.units) == 4
    assert sum(u.power == "SUD" and u.kind == "infantry" and u.where == "SUH" for u in pos.units) == 4
    income = {p: sum(PROVINCES[a].get("income", 0) for a, o in pos.owners.items() if o == p) for p in POWERS}
    assert pos.data["treasury"] == {"NORD": 20 - 9 + income["NORD"], "SUD": 20 - 6 + income["SUD"]}


def test_victory_by_the_enemy_capital_or_by_income_after_the_last_round() -> None:
    taken = position(step="income", owners={"SUH": "NORD"})
    result, _ = resolve(taken, {})
    assert result.winner == "NORD" and RULES.winner(result.position) == "NORD"
    assert RULES.powers_to_order(result.position) == ()
    def last_round(game: Any) -> None:
        game.round = game.data["victory"]["rounds"]
    late = position(step="income", power="SUD", owners={"FEL": "NORD"}, edit=last_round)
    result, _ = resolve(late, {})
    assert result.winner == "NORD" and result.position.data["over"]   # 28 IPC of territories against 22
    even = position(step="income", power="SUD", edit=last_round)
    result, _ = resolve(even, {})
    assert result.winner is None and RULES.powers_to_order(result.position) == ()   # a draw ends the game too


def test_r22_2_aircraft_land_on_a_carrier_with_room_at_the_end_of_noncombat_move() -> None:
    pos = position({"WNS": ["carrier"], "NHM": ["fighter", "fighter", "fighter"]}, step="noncombat-move")
    ftrs = [u.uid for u in pos.units if u.kind == "fighter"]
    result, _ = resolve(pos, {"NORD": [f"move {','.join(ftrs)} NHM-WNS"]})
    aboard = [u for u in result.position.units if u.kind == "fighter" and u.details.get("aboard")]
    assert len(aboard) == 2                                    # a Carrier carries 2 (L901)
    assert len([u for u in result.position.units if u.kind == "fighter"]) == 2
    assert any("nowhere to land" in line for line in result.lines)


def test_a_question_comes_with_the_battle_so_far() -> None:
    pos = _fought({"MIT": ["infantry", "infantry", "infantry"]}, {"FEL": ["infantry"] * 4}, "MIT-FEL")
    seed, _ = _first_seed(pos, lambda c: c.options[0].startswith("press"))
    given: dict[str, list[str]] = {}
    while True:
        waiting = RULES.resolve(pos, given, Dice(seed, 1))
        choice = waiting.choices[0]
        if choice.options[0].startswith("press"):
            break
        given.setdefault(choice.power, []).append(choice.options[0])
    assert waiting.position == pos
    assert waiting.lines[0].startswith("battle in FEL") and any(line.startswith("  r1 NORD fires") for line in waiting.lines)
    assert waiting.told["SUD"] == waiting.lines   # an open game: everyone sees the battle


def test_r24_2_an_auxiliary_cruiser_may_withdraw_after_round_1_on_either_side() -> None:
    base = position({"WNS": ["destroyer"], "ESS": ["submarine"]}, {"WSS": ["auxiliary-cruiser", "submarine"]})
    dd = uid(base, "destroyer", "WNS")
    pos = resolve(base, {"NORD": [f"move {dd} WNS-WSS"]})[0].position
    aux = uid(pos, "auxiliary-cruiser")
    seed, choice = _first_seed(pos, lambda c: c.options[0].startswith("stay"))
    assert choice.power == "SUD"
    # WNS is empty once the destroyer has left it; ESS holds an enemy submarine (L611)
    assert choice.options == ("stay WSS r1 defender", "withdraw WSS r1 defender to WNS")
    gone = lambda c: c.options[-1] if c.options[0].startswith("stay") else c.options[0]  # noqa: E731
    result, _ = resolve(pos, {}, seed=seed, answer=gone)
    assert unit(result.position, aux).where == "WNS"


def _open_sea() -> dict[str, Any]:
    provinces = {k: dict(v) for k, v in PROVINCES.items()}
    provinces["ESS"]["water"] = "open"
    provinces["WSS"]["water"] = "riverine"
    provinces["MIT"]["kind"] = "impassable"
    provinces["MIT"]["income"] = 0
    provinces["MIT"].pop("air_base", None)
    provinces["MIT"].pop("home", None)
    provinces["MIT"]["track"] = provinces["FEL"]["track"] = ""
    return provinces


def test_the_map_features_reach_the_battle_and_the_moves() -> None:
    # R11.2 mountain, R11.8 a port is a zone next to a friendly naval base, R11.7 riverine
    game = Game.from_position(position({"GRB": ["mountain-infantry"]}, {"ESS": ["destroyer"]}, owners={"GRB": "SUD"}))
    game.units[uid(game.position(), "mountain-infantry")].attacking = True
    assert "mountain" in battle_object(game, "NORD", "GRB")["place"]["features"]
    near_base = Game.from_position(position({"ENS": ["destroyer"]}, {"ESS": ["destroyer"]}))
    assert "port" in battle_object(near_base, "NORD", "ESS")["place"]["features"]          # SUH's base, SUD's
    assert "port" in battle_object(near_base, "SUD", "ENS")["place"]["features"]           # HAF's base, NORD's
    far = Game.from_position(position({"ESS": ["destroyer"]}, {"ENS": ["destroyer"]}))
    assert "port" not in battle_object(far, "SUD", "ESS")["place"]["features"]             # no base of NORD's
    far.owners["SUH"] = "NORD"
    assert "port" in battle_object(far, "SUD", "ESS")["place"]["features"]
    odd = position({"ENS": ["coastal-submarine", "coast-defense-ship"], "NHM": ["fighter", "air-transport"],
                    "BRG": ["infantry"]}, {"WSS": ["destroyer"]}, step="noncombat-move", provinces=_open_sea())
    ok, why = verdict(odd, f"move {uid(odd, 'coastal-submarine')} ENS-ESS")
    assert not ok and "coastal sea zones only" in why                                      # R11.4, L661
    ok, why = verdict(odd, f"move {uid(odd, 'coast-defense-ship')} ENS-ESS")
    assert not ok and "coastal or lake" in why                                             # C45, L769
    ok, why = verdict(odd, f"move {uid(odd, 'infantry')} BRG-MIT")
    assert not ok and "impassable" in why                                                  # R11.3
    ok, why = verdict(odd, f"move {uid(odd, 'air-transport')} NHM-WAL-MIT-BRG")
    assert not ok and "impassable to air transports" in why
    assert verdict(odd, f"move {uid(odd, 'fighter')} NHM-WAL-MIT-BRG")[0]                  # other aircraft overfly
    wss = Game.from_position(position({"WNS": ["destroyer"]}, {"WSS": ["destroyer"]}, provinces=_open_sea()))
    assert "riverine" in battle_object(wss, "NORD", "WSS")["place"]["features"]


def test_r04_6_aircraft_alone_never_capture_and_a_supply_column_changes_sides() -> None:
    pos = position({"NHM": ["fighter"]}, {"FEL": ["supply-column"]})
    ftr = uid(pos, "fighter")
    moved, _ = resolve(pos, {"NORD": [f"move {ftr} NHM-WAL-MIT-FEL"]})
    fought, _ = resolve(moved.position, {})
    assert fought.position.owners["FEL"] == "SUD"
    base = position({"MIT": ["infantry"]}, {"FEL": ["supply-column"]})
    moved, _ = resolve(base, {"NORD": [f"move {uid(base, 'infantry')} MIT-FEL"]})
    taken, _ = resolve(moved.position, {})
    assert taken.position.owners["FEL"] == "NORD"
    assert unit(taken.position, uid(base, "supply-column")).power == "NORD"               # R17.3, L287


def test_r23_4_the_defender_chooses_the_fighters_that_intercept_an_airdrop() -> None:
    base = position({"NHM": ["air-transport", "paratroopers"]}, {"MIT": ["infantry", "fighter", "fighter"]},
                    owners={"MIT": "SUD"})
    t, p = uid(base, "air-transport"), uid(base, "paratroopers")
    pos = resolve(base, {"NORD": [f"move {t} NHM-WAL-MIT with {p} drop MIT"]})[0].position
    f0, f1 = uid(pos, "fighter", n=0), uid(pos, "fighter", n=1)
    first = RULES.resolve(pos, {}, Dice(1, 1)).choices[0]
    assert first.power == "SUD"
    assert first.options == (f"intercept MIT r0 intercept: {f0} {f1}", f"intercept MIT r0 intercept: {f0}",
                             "intercept MIT r0 intercept")
    for answer, interceptors in zip(first.options, ({f0, f1}, {f0}, set())):
        result, _ = resolve(pos, {"SUD": [answer]}, seed=1)
        free = next((x for x in result.lines if "free attack" in x), "")
        assert {w.split()[0] for w in free.split(": ", 1)[1].split(", ")} == interceptors if interceptors else not free
        r1 = next((x for x in result.lines if x.startswith("  r1 SUD fires")), None)
        if r1 is None:                               # the transport fell: no round was fought
            assert interceptors and any("lost: " in x and t in x for x in result.lines)
            continue
        assert not ({f0, f1} - interceptors) - set(r1.replace(",", " ").split())   # the others fire in round 1
        assert not interceptors & set(r1.replace(",", " ").split())               # interceptors sit it out (R23.6)


def test_r20_2_the_attacker_chooses_which_ships_bombard_one_per_landed_unit() -> None:
    base = position({"WSS": ["naval-transport", "destroyer", "battleship"], "WAL": ["infantry"]}, {"FEL": ["infantry"]})
    inf = uid(base, "infantry", "WAL")
    dd, bb = uid(base, "destroyer"), uid(base, "battleship")
    game = Game.from_position(base)
    game.units[inf].where, game.units[inf].attacking, game.units[inf].landed, game.units[inf].origin = "FEL", True, True, "WSS"
    game.step = "combat"
    pos = game.position()
    first = RULES.resolve(pos, {}, Dice(1, 1)).choices[0]
    assert first.power == "NORD"
    assert first.options == (f"bombard FEL r0 bombardment: {bb}", f"bombard FEL r0 bombardment: {dd}")
    for answer, ship, need in ((first.options[0], bb, 5), (first.options[1], dd, 2)):
        result, _ = resolve(pos, {"NORD": [answer]}, seed=1)
        bombardment = next(x for x in result.lines if x.startswith("  bombardment"))
        assert bombardment.split(": ", 1)[1].split()[0] == ship and f"/{need} " in bombardment
        assert (dd if ship == bb else bb) not in result.lines[0]          # the other ship takes no part
