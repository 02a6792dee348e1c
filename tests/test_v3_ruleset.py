"""Kriegsspiel Ruleset V3 as data: every number of docs/rulings.md, row by row, and clear errors for broken files."""
from __future__ import annotations

import copy
import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kriegsspiel.core.ruleset import RuleBookError
from kriegsspiel.rulesets import parse_rulebook
from kriegsspiel.rulesets import load_ruleset, ruleset_file, shipped_rulesets
from kriegsspiel.rulesets.kriegsspiel_v3 import RULESET as _V3
from kriegsspiel.rulesets.kriegsspiel_v3.rules import combat_tables, order_tables


def parse_ruleset(data, source: str) -> RuleBook:
    """A V3 file read with V3's own tables, as the loader reads it."""
    return parse_rulebook(data, source, _V3)

V3 = "kriegsspiel-v3"


@pytest.fixture(scope="module")
def rules():
    return load_ruleset(V3)


@pytest.fixture(scope="module")
def raw() -> dict:
    return tomllib.loads(ruleset_file(V3).read_text(encoding="utf-8"))


def test_shipped_and_timed(rules) -> None:
    assert V3 in shipped_rulesets()
    assert rules.distance_unit == "metres"
    assert rules.round_minutes == 10
    assert set(rules.unit_types) == {
        "infantry", "skirmishers", "cavalry", "artillery", "pioneers", "officer", "courier", "supply-wagon"}


@pytest.mark.parametrize("round_number, clock", [(1, "08:00"), (2, "08:10"), (7, "09:00"), (97, "00:00")])
def test_game_clock(rules, round_number: int, clock: str) -> None:
    assert rules.game_clock(round_number) == clock
    assert rules.game_minutes(round_number) == (round_number - 1) * 10


def test_fourth_edition_has_no_clock() -> None:
    assert load_ruleset("modern-4e").game_clock(3) is None


# metres per round: docs/rulings.md "infantry road 200, open 150, rough 100; cavalry 300/250/100; artillery 150/100/50"
@pytest.mark.parametrize("unit_type, road, open_, rough", [
    ("infantry", 200, 150, 100),
    ("cavalry", 300, 250, 100),
    ("artillery", 150, 100, 50),
    ("skirmishers", 300, 225, 150),   # house rule: infantry x 1.5
    ("pioneers", 200, 150, 100),      # as infantry
    ("officer", 300, 250, 100),       # as cavalry
    ("courier", 300, 250, 100),       # as cavalry
    ("supply-wagon", 150, 100, 50),   # as artillery
])
def test_metres_per_round_by_terrain_class(rules, unit_type: str, road: float, open_: float, rough: float) -> None:
    ut = rules.unit_type(unit_type)
    table = rules.speed_table(unit_type)
    assert ut.move == road
    assert ut.move * table["road"] == pytest.approx(road)
    for terrain in ("plains", "desert"):
        assert ut.move * table[terrain] == pytest.approx(open_)
    for terrain in ("forest", "hills", "forest-hills", "swamp", "ford"):
        assert ut.move * table[terrain] == pytest.approx(rough)
    assert table["water"] == 0 and table["mountains"] == 0


# the four charts as printed, face 1..10
@pytest.mark.parametrize("chart, mirrored, results", [
    ("firefight", True, (1, 2, 3, 4, 5, 5, 4, 3, 2, 1)),
    ("melee", True, (1, 2, 3, 3, 4, 4, 3, 3, 2, 1)),
    ("artillery", False, (5, 5, 5, 4, 4, 3, 3, 2, 2, 1)),
    ("volley", False, (5, 5, 4, 4, 3, 3, 2, 2, 1, 1)),
])
def test_charts(rules, chart: str, mirrored: bool, results: tuple[int, ...]) -> None:
    c = combat_tables(rules).chart(chart)
    assert c.mirrored is mirrored
    assert c.results == results


@pytest.mark.parametrize("number, retreat, disruption, hp", [
    (5, 0, 0, 0), (4, 50, 0, 0), (3, 100, 1, 0), (2, 200, 2, 1), (1, 300, 2, 2)])
def test_results(rules, number: int, retreat: float, disruption: int, hp: int) -> None:
    r = combat_tables(rules).results[number]
    assert (r.retreat, r.disruption, r.hp_loss) == (retreat, disruption, hp)


def test_modifiers_health_disruption_ranges(rules) -> None:
    c = combat_tables(rules)
    assert c.die == 10 and c.mirror_attacker_rolls == 5 and c.out_of_scale == 11
    assert dict(c.modifiers) == {"quantity": 1, "quality": 1, "square": 2, "high-ground": 1, "intel": 1}
    assert {hp: e.modifier for hp, e in c.health.items()} == {4: -1, 3: -2, 2: -3, 1: -4}
    assert c.health[2].out_of_control_rounds == 1
    assert c.health[1].can_attack is False and c.health[1].out_of_control_rounds >= 1
    assert c.disruption_combat == (0, -1, -2)
    assert [c.movement_factor(level) for level in (0, 1, 2, 5)] == pytest.approx([1, 2 / 3, 1 / 3, 1 / 3])
    assert c.hp_types == ("infantry", "skirmishers", "cavalry")
    assert {t: rules.unit_type(t).health for t in c.hp_types} == {"infantry": 5, "skirmishers": 5, "cavalry": 5}
    ranges = {(t, w.weapon): (w.effective, w.maximum) for t, ws in c.ranges.items() for w in ws}
    assert ranges[("infantry", "musket")] == (80, 150)
    assert ranges[("artillery", "shot")] == (600, 1000)
    assert ranges[("artillery", "canister")] == (200, 300)
    assert c.beyond_effective_max == 3


def test_orders(rules) -> None:
    o = order_tables(rules)
    assert o.courier_type == "courier" and o.issued_by == "officer"
    # courier speed = cavalry road speed
    assert rules.unit_type(o.courier_type).move == rules.unit_type("cavalry").move == 300
    assert (o.complication_die, o.complication_at_most) == (10, 1)


def test_house_rules_are_marked() -> None:
    text = ruleset_file(V3).read_text(encoding="utf-8")
    for key in ("skirmishers", "below_scale", "melee_reach", "intercepted_at_most", "interception_reach", "clock_start"):
        line = next(l for l in text.splitlines() if l.strip().startswith(key) and "=" in l)
        assert "# house rule" in line, line


def _broken(raw: dict, edit) -> str:
    data = copy.deepcopy(raw)
    edit(data)
    with pytest.raises(RuleBookError) as info:
        parse_ruleset(data, "v3.toml")
    return str(info.value)


@pytest.mark.parametrize("edit, expected", [
    (lambda d: d["combat"]["charts"]["melee"].update(results=[1, 2, 3]),
     "v3.toml: [combat.charts.melee] results: expected one result per face of the d10, got 3"),
    (lambda d: d["combat"]["charts"]["melee"].update(results=[1, 2, 3, 3, 4, 4, 3, 3, 2, 7]),
     "v3.toml: [combat.charts.melee] results: result 7 is not in [combat.results]; results: 1, 2, 3, 4, 5"),
    (lambda d: d["combat"]["charts"]["volley"].update(range="far"),
     "v3.toml: [combat.charts.volley] range: unknown range 'far'; use one of: fire, contact"),
    (lambda d: d["terrain_classes"].update(forest="thick"),
     "v3.toml: [terrain_classes] forest: unknown class 'thick'; use one of: road, open, rough, impassable"),
    (lambda d: d["terrain_classes"].pop("swamp"),
     'v3.toml: [terrain_classes] swamp: missing; add swamp = "<road|open|rough|impassable>"'),
    (lambda d: d["class_speeds"]["cavalry"].update(open=400),
     "v3.toml: [class_speeds.cavalry] open: faster than the road (400 > 300); the road speed is the fastest"),
    (lambda d: d["unit_types"]["infantry"].update(move=250),
     "v3.toml: [unit_types.infantry] move: the arm 'infantry' moves 200 on roads; leave move out"),
    (lambda d: d["combat"]["ranges"]["infantry"]["musket"].update(maximum=50),
     "v3.toml: [combat.ranges.infantry.musket] maximum: must be at least the effective range 80, got 50"),
    (lambda d: d["combat"]["ranges"].update(hussars={}),
     "v3.toml: [combat.ranges] hussars: unknown unit type;"),
    (lambda d: d["combat"]["disruption"].update(movement=[1, 0.5]),
     "v3.toml: [combat.disruption] movement: give one value per disruption level"),
    (lambda d: d["combat"].update(hp_types=["infantry", "dragoons"]),
     "v3.toml: [combat] hp_types: unknown unit type 'dragoons';"),
    (lambda d: d["orders"].update(courier="postman"),
     "v3.toml: [orders] courier: unknown unit type 'postman';"),
    (lambda d: d.update(clock_start="8 o'clock"),
     'v3.toml: clock_start: expected a time of day "HH:MM"'),
    (lambda d: d["combat"].update(charge=3),
     "v3.toml: [combat] charge: unknown key;"),
    (lambda d: d["structure_classes"].update(castle="rough"),
     "v3.toml: [structure_classes] castle: unknown structure kind;"),
    (lambda d: d["structure_classes"].update(bridge="slow"),
     "v3.toml: [structure_classes] bridge: unknown class 'slow'; use one of: road, open, rough, impassable"),
])
def test_broken_files_name_the_key(raw: dict, edit, expected: str) -> None:
    assert _broken(raw, edit).startswith(expected)


def test_fourth_edition_unchanged() -> None:
    r = load_ruleset("modern-4e")
    assert combat_tables(r) is None and order_tables(r) is None
    assert r.unit_type("infantry").move == 10


# Whatever is broken in the V3 file, the answer is a RuleBookError naming the file, never another exception.

def _paths(node: object, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = []
    if isinstance(node, dict):
        for key, value in node.items():
            found.append((*prefix, key))
            found += _paths(value, (*prefix, key))
    return found


_V3_DATA = tomllib.loads(ruleset_file(V3).read_text(encoding="utf-8"))
V3_PATHS = _paths(_V3_DATA)


@settings(max_examples=400, deadline=None)
@given(path=st.sampled_from(V3_PATHS), value=st.one_of(
    st.none(), st.booleans(), st.integers(-5, 500), st.floats(allow_nan=True), st.text(max_size=8),
    st.lists(st.integers(-3, 12), max_size=11), st.lists(st.text(max_size=5), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2)))
def test_a_corrupted_v3_file_gives_a_ruleset_error(path: tuple[str, ...], value: object) -> None:
    data = copy.deepcopy(_V3_DATA)
    node = data
    for key in path[:-1]:
        node = node[key]
    if value is None:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    try:
        parse_ruleset(data, "mine.toml")
    except RuleBookError as exc:
        assert str(exc).startswith("mine.toml: ") and "\n" not in str(exc)


def test_kriegsspiel_rules_prints_the_classic_tables(capsys) -> None:
    """`kriegsspiel rules kriegsspiel-v3`: the movement chart in metres, every chart row, results, modifiers,
    HP and disruption effects, ranges and couriers, as the rule file gives them; --json holds the same."""
    import json

    from kriegsspiel.cli import main

    assert main(["rules", V3]) == 0
    text = capsys.readouterr().out
    lines = [" ".join(line.split()) for line in text.splitlines()]
    for expected in (
        "Game clock: round 1 begins at 08:00; each round is 10 minutes",
        "Movement: metres per round by terrain class",
        "infantry 200 150 100 infantry, pioneers",
        "cavalry 300 250 100 cavalry, officer, courier",
        "artillery 150 100 50 artillery, supply-wagon",
        "firefight 1 2 3 4 5 5 4 3 2 1 1-5 attacker, 6-10 defender Infantry, the enemy returns fire",
        "melee 1 2 3 3 4 4 3 3 2 1 1-5 attacker, 6-10 defender Hand to hand",
        "artillery 5 5 5 4 4 3 3 2 2 1 the target Artillery",
        "volley 5 5 4 4 3 3 2 2 1 1 the target Infantry without counter-fire",
        "1 routed 300 +2 -2",
        "2 damaged 200 +2 -1",
        "4 fall back 50 - -",
        "square +2 -",
        "health 1 HP -4 yes",
        "1 HP out of control 2 rounds, cannot attack",
        "disruption 2 moves at 33% of its allowance",
        "artillery canister 200 300",
        "caught when the ride passes in sight of an enemy within 500 metres: d10 <= 3",
    ):
        assert expected in lines, expected
    assert main(["rules", V3, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["class_speeds"]["cavalry"] == {"road": 300, "open": 250, "rough": 100}
    assert data["combat"]["charts"]["artillery"]["results"] == [5, 5, 5, 4, 4, 3, 3, 2, 2, 1]
    assert data["combat"]["ranges"]["infantry"]["musket"] == {"effective": 80, "maximum": 150}
    assert data["orders"]["courier"] == "courier" and data["clock_start"] == "08:00"
    assert main(["rules", "modern-4e"]) == 0
    assert "Combat charts" not in capsys.readouterr().out



@pytest.mark.parametrize("unit_type, rough", [("infantry", 100), ("cavalry", 100), ("artillery", 50),
                                              ("skirmishers", 150), ("supply-wagon", 50)])
def test_villages_and_bridges_are_rough(rules, unit_type: str, rough: float) -> None:
    """docs/rulings.md: rough = forest, hills, swamp, urban, bridges: the speed tables carry the structures' class."""
    from kriegsspiel.core.ruleset import STRUCTURE_SPEED

    assert dict(rules.structure_classes) == {"settlement": "rough", "bridge": "rough"}
    ut, table = rules.unit_type(unit_type), rules.speed_table(unit_type)
    for kind in ("settlement", "bridge"):
        assert ut.move * table[STRUCTURE_SPEED + kind] == pytest.approx(rough)
    assert not any(k.startswith(STRUCTURE_SPEED) for t in load_ruleset("modern-4e").speed_tables.values() for k in t)


def test_a_structure_with_a_class_sets_the_speed_of_its_cells() -> None:
    """On a 4 x 4 raster of 10 m cells: plains, a road along row 1, a bridge polygon over cells (1..2, 1) and a
    village drawn as a point in cell (3, 3); the table's structure entries override terrain and road there."""
    import numpy as np

    from kriegsspiel.core.battlefield import Battlefield, MapGrid, Structure, structure_cells
    from kriegsspiel.core.geometry import WorldPoint as P
    from kriegsspiel.core.movement import speed_field
    from kriegsspiel.core.ruleset import STRUCTURE_SPEED

    bridge = Structure("b", "bridge", (P(10, 10), P(30, 10), P(30, 20), P(10, 20)))
    village = Structure("v", "settlement", (P(35, 35),))
    cells = structure_cells((bridge, village), (4, 4), 10.0)
    assert np.argwhere(cells["bridge"]).tolist() == [[1, 1], [1, 2]]
    assert np.argwhere(cells["settlement"]).tolist() == [[3, 3]]
    road = np.zeros((4, 4), dtype=bool)
    road[1, :] = True
    bf = Battlefield("t", MapGrid("orthogonal", 4, 4, 32, 32, 10.0 / 32), ("plains", "water"), np.zeros((4, 4), np.int16), road,
                     np.zeros((4, 4), np.float32), np.zeros((4, 4), bool), structures=(bridge, village))
    table = {"plains": 0.75, "water": 0.0, "road": 1.0, STRUCTURE_SPEED + "bridge": 0.5,
             STRUCTURE_SPEED + "settlement": 0.25}
    speeds = speed_field(bf.raster(), table)
    assert speeds.tolist() == [[0.75] * 4, [1.0, 0.5, 0.5, 1.0], [0.75] * 4, [0.75, 0.75, 0.75, 0.25]]
    plain = speed_field(bf.raster(), {"plains": 0.75, "water": 0.0, "road": 1.0})  # a table without them
    assert plain.tolist() == [[0.75] * 4, [1.0] * 4, [0.75] * 4, [0.75] * 4]
