"""The choices the rulings give the firer and the aircraft's owner, table-driven from the rulings' words:
R05.3 ("Where the firer chooses (Torpedo L539, Tactical Air Support L559, Torpedo Boat Destroyer L631), the
firer assigns that die's hit among the eligible units"), R05.4 (transports last), R21.3 ("The owner of the
aircraft assigns AAA hits among the aircraft shot at"), R23.4 (a lost transport's cargo is lost with it); in
the battle-json format as the firer's ``targets`` policy, in the area game as questions (``Choice``)."""
from __future__ import annotations

import copy
from typing import Any

import pytest

from unit_profiles_area_helpers import PROVINCES, RULES, position, resolve, uid, verdict
from unit_profiles_helpers import battle, run, unit

M = 12  # a die that misses


def fire(out: dict[str, Any], side: str = "attacker") -> dict[str, Any]:
    return out["rounds"][0][f"{side}_fire"]


# --- the battle-json format: the firer's "targets" policy (R05.3) ------------------------------------------------

TARGETS = [
    # (rule and words, battle, attacker_fire or defender_fire, casualties, damaged)
    ("R05.3 Torpedo: the firer's target, not the most expensive",
     battle([unit("tb", "torpedo-bomber")], [unit("dd", "destroyer"), unit("bc", "battlecruiser")], [1, M, M],
            kind="sea", max_rounds=1, policy={"attacker": {"targets": ["dd"]}}), "attacker", ["dd"], []),
    ("R05.3 each listed id is one hit: two torpedoes, a battleship and a destroyer",
     battle([unit("tb1", "torpedo-bomber"), unit("tb2", "torpedo-bomber")],
            [unit("bb", "battleship"), unit("dd", "destroyer")], [1, 1, M, M], kind="sea", max_rounds=1,
            policy={"attacker": {"targets": ["bb", "dd"]}}), "attacker", ["dd"], ["bb"]),
    ("R05.3 a capital ship listed twice takes both hits (R25.1)",
     battle([unit("tb1", "torpedo-bomber"), unit("tb2", "torpedo-bomber")],
            [unit("bb", "battleship"), unit("dd", "destroyer")], [1, 1, M, M], kind="sea", max_rounds=1,
            policy={"attacker": {"targets": ["bb", "bb"]}}), "attacker", ["bb"], []),
    ("R05.3 one id listed: the other hit goes to the firer's default (the most expensive)",
     battle([unit("tb1", "torpedo-bomber"), unit("tb2", "torpedo-bomber")],
            [unit("dd", "destroyer"), unit("dd2", "destroyer"), unit("bc", "battlecruiser")], [1, 1, M, M, M],
            kind="sea", max_rounds=1, policy={"attacker": {"targets": ["dd2"]}}), "attacker", ["dd2", "bc"], []),
    ("R05.3 Tactical Air Support: the attacker picks the ground unit",
     battle([unit("db", "dive-bomber")], [unit("inf", "infantry"), unit("arm", "armor")], [1, M, M], max_rounds=1,
            policy={"attacker": {"targets": ["inf"]}}), "attacker", ["inf"], []),
    ("R05.3 Tactical Air Support: default the most expensive ground unit",
     battle([unit("db", "dive-bomber")], [unit("inf", "infantry"), unit("arm", "armor")], [1, M, M], max_rounds=1),
     "attacker", ["arm"], []),
    ("R24.6 a Torpedo Boat Destroyer defending a port picks the unit its hit goes to",
     battle([unit("dd", "destroyer"), unit("bc", "battlecruiser")], [unit("tbd", "torpedo-boat-destroyer")],
            [M, M, 3], kind="sea", features=["port"], max_rounds=1, policy={"defender": {"targets": ["dd"]}}),
     "defender", ["dd"], []),
    ("R05.4 the firer too takes a transport only when no other unit may take the hit",
     battle([unit("tb", "torpedo-bomber")], [unit("tr", "naval-transport"), unit("dd", "destroyer")], [1, M],
            kind="sea", max_rounds=1, policy={"attacker": {"targets": ["tr"]}}), "attacker", ["dd"], []),
]


@pytest.mark.parametrize("rule,raw,side,dead,damaged", TARGETS, ids=[t[0] for t in TARGETS])
def test_the_firers_targets_policy(rule: str, raw: dict[str, Any], side: str, dead: list[str],
                                   damaged: list[str]) -> None:
    step = fire(run(raw), side)
    assert sorted(step["casualties"]) == sorted(dead)
    assert step["damaged"] == damaged


# --- the area game: the firer is asked (R05.3) ------------------------------------------------------------------

FIRER = [
    # (rule, NORD's units, SUD's units, NORD's move, who is asked, the unit types the firer may choose)
    ("R05.3 Torpedo (L539): the attacker picks the naval unit; R05.4 not the transport",
     {"NHM": ["torpedo-bomber"]}, {"WNS": ["destroyer", "battlecruiser", "naval-transport"]}, "NHM-WNS", "NORD",
     {"destroyer", "battlecruiser"}),
    ("R05.3 Tactical Air Support (L559): the attacker picks the ground unit, never an aircraft",
     {"MIT": ["dive-bomber"]}, {"FEL": ["infantry", "armor", "fighter"]}, "MIT-FEL", "NORD", {"infantry", "armor"}),
    ("R24.6 Torpedo Boat Destroyer (L631) defending a port: the defender picks",
     {"WNS": ["destroyer", "battlecruiser"]}, {"WSS": ["torpedo-boat-destroyer"]}, "WNS-WSS", "SUD",
     {"destroyer", "battlecruiser"}),
]


def _at_combat(nord: dict[str, list[str]], sud: dict[str, list[str]], path: str) -> Any:
    base = position(nord, sud)
    ids = ",".join(u.uid for u in base.units if u.power == "NORD")
    moved, _ = resolve(base, {"NORD": [f"move {ids} {path}"]})
    assert moved.position.phase == "R1.NORD.combat", moved.lines
    return moved.position


def _first_question(pos: Any, verb: str, seeds: range = range(1, 120)) -> tuple[int, Any]:
    for seed in seeds:
        _, asked = resolve(pos, {}, seed=seed)
        hit = next((c for c in asked if c.options[0].startswith(verb)), None)
        if hit is not None:
            return seed, hit
    raise AssertionError(f"no {verb} question with these seeds")


@pytest.mark.parametrize("rule,nord,sud,path,chooser,kinds", FIRER, ids=[f[0] for f in FIRER])
def test_the_firer_chooses_among_exactly_the_legal_targets(rule: str, nord: dict, sud: dict, path: str,
                                                           chooser: str, kinds: set[str]) -> None:
    pos = _at_combat(nord, sud, path)
    seed, choice = _first_question(pos, "targets")
    assert choice.power == chooser
    kind_of = {u.uid: u.kind for u in pos.units}
    picked = [o.split(": ", 1)[1].split() for o in choice.options]
    assert all(len(p) == 1 for p in picked)                     # one firer-placed hit: one target per option
    assert {kind_of[p[0]] for p in picked} == kinds              # every legal kind offered, nothing else
    assert len(picked) == len(kinds)                             # units alike are offered once
    for option, (target,) in zip(choice.options, picked):
        result, _ = resolve(pos, {chooser: [option]}, seed=seed)
        assert any(line.startswith("  lost:") and target in line.split() for line in result.lines), result.lines


def test_a_hit_the_owner_places_asks_the_firer_nothing() -> None:
    # R05.3: "The owner of the units hit assigns the hits" unless the firer's profile says otherwise
    pos = _at_combat({"NHM": ["light-bomber", "light-bomber"]}, {"WNS": ["destroyer", "battlecruiser"]}, "NHM-WNS")
    asked = [c for seed in range(1, 40) for c in resolve(pos, {}, seed=seed)[1]]
    assert any(c.options[0].startswith("casualties") and c.power == "SUD" for c in asked)
    assert not any(c.options[0].startswith("targets") for c in asked)


def test_two_torpedoes_offer_each_pair_of_targets_and_the_answer_is_what_happens() -> None:
    pos = _at_combat({"NHM": ["torpedo-bomber"] * 2}, {"WNS": ["destroyer", "battleship"]}, "NHM-WNS")
    for seed in range(1, 800):                                   # a volley where both torpedoes hit
        found = [c for c in resolve(pos, {}, seed=seed)[1] if c.options[0].startswith("targets")
                 and len(c.options[0].split(": ", 1)[1].split()) == 2]
        if found:
            choice = found[0]
            break
    else:
        raise AssertionError("no volley of two torpedo hits with these seeds")
    kind_of = {u.uid: u.kind for u in pos.units}
    combos = {tuple(sorted(kind_of[t] for t in o.split(": ", 1)[1].split())) for o in choice.options}
    # two hits: both on the battleship, or one each (two on the one-hit destroyer is no legal placement)
    assert combos == {("battleship", "battleship"), ("battleship", "destroyer")}
    both = next(o for o in choice.options if set(kind_of[t] for t in o.split(": ", 1)[1].split()) == {"battleship"})
    result, _ = resolve(pos, {"NORD": [both]}, seed=seed)
    lost = next(line for line in result.lines if line.startswith("  lost:")).split()
    assert uid(pos, "battleship") in lost


@pytest.mark.parametrize("answer,dead,damaged", [("bb bb", {"bb"}, set()), ("bb dd", {"dd"}, {"bb"})])
def test_the_firers_answer_is_where_the_volleys_hits_go(answer: str, dead: set[str], damaged: set[str]) -> None:
    # one volley of two torpedo hits (dice 1 and 2, both hit) on a battleship (2 hits) and a destroyer
    from kriegsspiel.core.dice import Dice
    from kriegsspiel.rulesets.unit_profiles import load_rules, parse_battle
    from kriegsspiel.rulesets.unit_profiles.battle import Volley
    from kriegsspiel.rulesets.unit_profiles.fighting import Battle, Stream
    from kriegsspiel.rulesets.unit_profiles.steps import apply_hits, initial_position, plan_fire
    from kriegsspiel.rulesets.unit_profiles.values import round_context

    spec = parse_battle(battle([unit("tb1", "torpedo-bomber"), unit("tb2", "torpedo-bomber")],
                               [unit("bb", "battleship"), unit("dd", "destroyer")], kind="sea"), load_rules())
    pos = initial_position(spec)
    asked: list[tuple[str, int, list[str]]] = []

    def ask(verb: str, key: str, side: int, options: list[str], question: str) -> str:
        asked.append((verb, side, options))
        return next(o for o in options if o.endswith(": " + answer))

    fight = Battle(spec, "Sea", Stream(Dice(1, 1), 12), ask, ("A", "D"), [])
    volley = Volley(spec, plan_fire(round_context(spec, pos, 1), 0, [u for u in spec.units if u.side == 0]),
                    Stream(Dice(1, 1), 12), None, 0)
    volley.dice = [1, 2]
    volley.hits = [h for h in (s.hit(d) for s, d in zip(volley.shots, volley.dice)) if h is not None]
    taken = fight.casualties(pos, 1, volley.hits, "round", "r1 attacker-fire", volley)
    assert [(verb, side) for verb, side, _ in asked] == [("targets", 0)]   # asked of the firer only
    after, lost, marked, _ = apply_hits(spec, pos, taken)
    ids = [u.id for u in spec.units]
    assert {ids[i] for i in lost} == dead and {ids[i] for i in marked} == damaged


def test_the_targets_answer_is_an_order_of_the_game() -> None:
    pos = _at_combat({"NHM": ["torpedo-bomber"]}, {"WNS": ["destroyer", "battlecruiser"]}, "NHM-WNS")
    _, choice = _first_question(pos, "targets")
    assert RULES.check_order(pos, choice.power, choice.options[-1].upper()).text == choice.options[-1]


# --- the area game: the air transports an overflight downs (R21.3, R23.4) ---------------------------------------

def _airdrop(transports: int, paratroopers: int, infantry_over: int = 0) -> tuple[Any, str]:
    base = position({"NHM": ["air-transport"] * transports + ["paratroopers"] * paratroopers},
                    {"WAL": ["aaa", "aaa", "fighter"], "MIT": ["infantry"] * (1 + infantry_over)},
                    owners={"WAL": "SUD", "MIT": "SUD"})
    ts = [u.uid for u in base.units if u.kind == "air-transport"]
    ps = [u.uid for u in base.units if u.kind == "paratroopers"]
    return base, f"move {','.join(ts)} NHM-WAL-MIT with {','.join(ps)} drop MIT"


def test_the_owner_chooses_which_air_transports_the_free_attack_downs() -> None:
    base, order = _airdrop(3, 2)
    ts = [u.uid for u in base.units if u.kind == "air-transport"]
    empty = ts[2]                                # loaded in order: the third transport flies empty
    for seed in range(1, 200):
        _, asked = resolve(base, {"NORD": [order]}, seed=seed)
        found = [c for c in asked if "overflight" in c.options[0]]
        if found and len(found[0].options[0].split(": ", 1)[1].split()) == 1:
            break
    else:
        raise AssertionError("no single hit over WAL with these seeds")
    choice = found[0]
    assert choice.power == "NORD"                                        # R21.3: the aircraft's owner
    assert "free attack over WAL rolled" in choice.question and "/2" in choice.question
    downed = [o.split(": ", 1)[1].split()[0] for o in choice.options]
    assert len(downed) == 2 and empty in downed                          # the empty one, or a loaded one (alike)
    for option, gone in zip(choice.options, downed):
        result, _ = resolve(base, {"NORD": [order, option]}, seed=seed)
        assert f"  {gone} (air transport) shot down over WAL, its cargo lost (R23.4)" in result.lines
        dropped = next(line for line in result.lines if line.startswith("  airdrop on MIT")).split(": ")[1]
        assert len(dropped.split(", ")) == (2 if gone == empty else 1)  # R23.4: the cargo is lost with it


def test_transports_loaded_alike_are_not_asked_about() -> None:
    base, order = _airdrop(2, 2)
    for seed in range(1, 60):
        result, asked = resolve(base, {"NORD": [order]}, seed=seed)
        assert not any("overflight" in c.options[0] for c in asked)
        if any("shot down over WAL" in line for line in result.lines):
            return
    raise AssertionError("no transport shot down with these seeds")


# --- R24.7 Neutral Ports; R08.2 a Combat Move may end among enemy transports ------------------------------------

def _kol_neutral(name: str = "KOL") -> dict[str, Any]:
    """Borderlands with KOL (next to WNS only) or INS (next to WSS only) a true neutral: no power's (R11.9)."""
    prov = copy.deepcopy(dict(PROVINCES))
    prov[name] = {k: v for k, v in prov[name].items() if k not in ("national", "income")}
    return prov


PORTS = [
    # (rule and words, NORD's units, SUD's units, KOL neutral, order, accepted, reason contains)
    ("R24.7 the Auxiliary Cruiser may end its move next to a true neutral as at a friendly naval base",
     {"WSS": ["auxiliary-cruiser"]}, {"WNS": ["destroyer"]}, True, "move {auxiliary-cruiser} WSS-WNS", True, ""),
    ("R24.7 no other unit benefits", {"WSS": ["destroyer"]}, {"WNS": ["destroyer"]}, True,
     "move {destroyer} WSS-WNS", False, "enemy warships"),
    ("R24.7 only next to a true neutral", {"WSS": ["auxiliary-cruiser"]}, {"WNS": ["destroyer"]}, False,
     "move {auxiliary-cruiser} WSS-WNS", False, "enemy warships"),
    ("R08.2 Noncombat Move may not end among enemy units, transports too", {"WSS": ["destroyer"]},
     {"WNS": ["troopship"]}, False, "move {destroyer} WSS-WNS", False, "enemy units"),
]


@pytest.mark.parametrize("rule,nord,sud,neutral,text,ok,reason", PORTS, ids=[p[0] for p in PORTS])
def test_neutral_ports(rule: str, nord: dict, sud: dict, neutral: bool, text: str, ok: bool, reason: str) -> None:
    pos = position(nord, sud, step="noncombat-move", provinces=_kol_neutral() if neutral else None)
    assert (pos.owners.get("KOL") is None) == neutral
    kind = text.split("{")[1].split("}")[0]
    accepted, said = verdict(pos, text.replace("{" + kind + "}", uid(pos, kind, "WSS")))
    assert accepted == ok, said
    assert reason in said


def test_a_damaged_auxiliary_cruiser_is_repaired_at_a_neutral_port() -> None:
    import dataclasses

    from kriegsspiel.rulesets.unit_profiles.economy import repair
    from kriegsspiel.rulesets.unit_profiles.game import Game

    for neutral, repaired in ((True, True), (False, False)):
        # WSS: next to INS and to SUD's naval base only
        game = Game.from_position(position({"WSS": ["auxiliary-cruiser"]},
                                           provinces=_kol_neutral("INS") if neutral else None))
        profile = game.rules.units["auxiliary-cruiser"]   # a rule set giving it two hits, so it can carry a marker
        game.rules = dataclasses.replace(game.rules, units={**game.rules.units,
                                                            "auxiliary-cruiser": dataclasses.replace(profile, hits=2)})
        ship = next(u for u in game.units.values() if u.kind == "auxiliary-cruiser")
        ship.damage = 1
        lines = repair(game, "NORD")
        assert (ship.damage == 0) == repaired, lines
        assert any("repaired at INS" in line for line in lines) == repaired


@pytest.mark.parametrize("mover,where", [("destroyer", "WNS"), ("fighter", "NHM")])
def test_a_combat_move_onto_lone_enemy_transports_is_a_battle(mover: str, where: str) -> None:
    # R08.2 "Combat Move may end in hostile territories and in sea zones with enemy units"; R04.1 all units fight
    base = position({where: [mover]}, {"WSS" if where == "WNS" else "WNS": ["troopship", "auxiliary-cruiser"]})
    zone = "WSS" if where == "WNS" else "WNS"
    order = f"move {uid(base, mover)} {where}-{zone}"
    assert verdict(base, order)[0]
    moved, _ = resolve(base, {"NORD": [order]})
    fought, _ = resolve(moved.position, {})
    assert any(line.startswith(f"battle in {zone}") for line in fought.lines), fought.lines
