"""The text of the combat orders: every syntax parses, formats back to itself, and bad lines say what is wrong.
Also: forcing a refused combat order, and the man pages read the rule set."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from test_combat_land import U, refused, run, skirmish
from kriegsspiel.rulesets.modern_4e.commands import COMBAT_ORDERS, Fire, Nuke
from kriegsspiel.core.events import Forced
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.manual import man_page as _man_page
from kriegsspiel.core.commands import NotationError
from kriegsspiel.rulesets.modern_4e import RULES
from kriegsspiel.rulesets import load_ruleset

parse_command = RULES.parse  # the game's notation: the core's words and the rule set's
format_command = RULES.format


def man_page(topic: str, ruleset) -> str:
    return _man_page(topic, ruleset, RULES.manual)

LINES = [
    "attack va1 va2 > cav1", "fire art1 > cav1 Smithy", 'fire art1 > "Fort Point" cav1', "spy va1",
    "build eng1 > fortification F1", 'build eng1 > fortification "Fort Hill"', "missile dd1 > cv1", 'missile dd1 > "Fort Point"', "torpedo sub1 > dd1",
    "sortie cv1 > dd1", "depthcharge dd1 > sub1", "board dd1 > lst1", "nuke ssbn1 > 12.5,4", "nuke ssbn1 > cv1",
    "load va1 va2 > lst1", "disembark va1 > 13.5,4", "takeoff f1", "land f1", "land f1 > cv1",
    'land f1 > "Mainland airfield"', "dogfight f1 f2 > b1", "bomb b1 > cav1 Smithy", "pulse b1", "pulse b1 > cav1",
    "airlift t1 > va1 va2", "kamikaze f1 > dd1", "survey r1",
]


@pytest.mark.parametrize("line", LINES)
def test_every_syntax_round_trips(line: str) -> None:
    command = parse_command(line)
    assert format_command(command) == line
    assert parse_command(format_command(command)) == command


def test_every_combat_order_has_a_line_here() -> None:
    assert {parse_command(line).name for line in LINES} == set(COMBAT_ORDERS)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("attack va1 >", "attack: name at least one target after '>'"),
        ("attack > cav1", "attack: name at least one unit before '>'"),
        ("fire art1 art1 > x", "fire: a unit is named twice"),
        ("torpedo sub1 > a b", "torpedo: name exactly one target after '>'; a structure's name with spaces goes in "
                               'double quotes: torpedo sub1 > "a b"'),
        ("missile dd1 > Port Royal town", "missile: name exactly one target after '>'; a structure's name with "
                                          'spaces goes in double quotes: missile dd1 > "Port Royal town"'),
        ("missile dd1 >", "missile: name exactly one target after '>'"),
        ("build eng1 > fortification", "build: expected the kind and a name after '>', e.g. 'build eng1 > "
                                       "fortification F1' (a name with spaces in double quotes: 'build eng1 > "
                                       "fortification \"Fort Hill\"')"),
        ("build eng1 > fortification Fort Hill", "build: expected the kind and a name after '>', e.g. 'build eng1 > "
                                                 "fortification F1' (a name with spaces in double quotes: 'build eng1 "
                                                 "> fortification \"Fort Hill\"')"),
        ("nuke ssbn1 > 1,x", "nuke: Y must be a number, got 'x'"),
        ("disembark va1 > there", "disembark: expected a point X,Y after '>', got 'there'"),
        ('fire art1 > "Fort', "fire: a name in double quotes has no closing '\"'"),
        ("spy", "spy: expected one unit id"),
    ],
)
def test_bad_lines_say_what_is_wrong(line: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_command(line)
    assert str(caught.value) == message
    assert caught.value.command == line.split()[0]


names = st.text(alphabet="abcXYZ019-_", min_size=1, max_size=6)


@given(st.lists(names, min_size=1, max_size=3, unique=True),
       st.lists(st.one_of(names, st.builds(lambda a, b: f"{a} {b}", names, names)), min_size=1, max_size=3, unique=True))
def test_fire_lines_round_trip_with_spaced_structure_names(units: list[str], targets: list[str]) -> None:
    command = Fire(tuple(units), tuple(targets))
    assert parse_command(format_command(command)) == command


@given(st.floats(-1e6, 1e6, allow_nan=False), st.floats(-1e6, 1e6, allow_nan=False))
def test_nuke_points_round_trip_exactly(x: float, y: float) -> None:
    command = Nuke("s", None, WorldPoint(x, y))
    assert parse_command(format_command(command)) == command


def test_the_umpire_forces_a_refused_shot_and_the_journal_says_so() -> None:
    s = skirmish(U("art", "light-artillery", "Blue", 1.5, 1.5), U("far", "infantry", "Red", 40.5, 1.5))
    assert refused(s, "fire art > far").reason == "far is 39.0 from art; art's fire reaches 30 (force to override)"
    out = run(s, "force fire art > far")
    assert out.events[0] == Forced("far is 39.0 from art; art's fire reaches 30")
    assert out.state.units["art"].fired_this_turn


def test_force_does_not_make_a_type_fire_that_has_no_fire_table() -> None:
    s = skirmish(U("b1", "infantry", "Blue", 1.5, 1.5), U("r1", "infantry", "Red", 2.5, 1.5))
    assert not refused(s, "force fire b1 > r1").forceable


@pytest.mark.parametrize("topic", sorted(COMBAT_ORDERS))
def test_every_combat_order_has_a_man_page_with_syntax_and_who(topic: str) -> None:
    page = man_page(topic, load_ruleset("modern-4e"))
    assert page.startswith(topic.upper() + "\n  syntax: " + topic)
    assert "who:" in page


def test_man_pages_print_the_odds_of_the_rule_set() -> None:
    rules = load_ruleset("modern-4e")
    assert "sinks 1 in 6, else 1..5 damage" in man_page("torpedo", rules)
    assert "light-fighter: sinks 1 in 6, else 1..5 times size; heavy-fighter: sinks 1 in 8" in man_page("kamikaze", rules)
    assert "destroyed within 2, 1/2 of the full damage within 7, 1/4 within 15" in man_page("nuke", rules)
    assert "seize 1 in 6" in man_page("board", rules)


def test_docs_list_every_combat_order_with_its_syntax() -> None:
    from pathlib import Path

    syntax = RULES.manual.syntax
    text = (Path(__file__).resolve().parent.parent / "docs" / "commands.md").read_text(encoding="utf-8")
    for word in COMBAT_ORDERS:
        assert f"`{syntax(word).replace('|', chr(92) + '|')}`" in text, word


@pytest.mark.parametrize("topic", sorted(COMBAT_ORDERS))
def test_every_combat_order_says_its_range(topic: str) -> None:
    page = man_page(topic, load_ruleset("modern-4e"))
    assert "\n  range:  " in page, page


def test_carrying_and_flying_pages_print_the_weights_capacities_and_flight_ranges_of_the_rule_set() -> None:
    import dataclasses
    from types import MappingProxyType

    rules = load_ruleset("modern-4e")
    load, land, takeoff = (" ".join(man_page(t, rules).split()) for t in ("load", "land", "takeoff"))
    assert "weight: infantry, engineers, special 1;" in load and "heavy-cavalry 4" in load
    assert "land capacity: corvette, patrol 1; amphibious, cruiser 4; destroyer 2; battleship, carrier 8" in load
    assert "flight range: light-fighter 30; heavy-fighter, bomber 15; stealth-bomber 10;" in takeoff
    assert "one way" in takeoff
    assert "air capacity: cruiser, destroyer 1; battleship 4; carrier 8" in land
    # the pages read the rule set in play: a table with other numbers prints them
    types = dict(rules.unit_types)
    types["infantry"] = dataclasses.replace(types["infantry"], weight=3)
    types["light-fighter"] = dataclasses.replace(types["light-fighter"], move=42)
    changed = dataclasses.replace(rules, unit_types=MappingProxyType(types))
    assert "infantry 3" in " ".join(man_page("load", changed).split())
    assert "light-fighter 42" in " ".join(man_page("takeoff", changed).split())


def test_details_list_the_orders_a_unit_may_give_not_its_defensive_tables() -> None:
    from kriegsspiel.shell.queries import details_text

    s = skirmish(U("cv", "carrier", "Blue", 15.5, 8.5, heading=0.0))
    assert "  commands: move, attack, board, depthcharge, sortie\n" in details_text(s, "cv") + "\n"  # no air-defence
    air = skirmish(U("f1", "light-fighter", "Blue", 1.5, 1.5), air_theatre=True)
    assert "  commands: move, takeoff, land, dogfight, kamikaze, missile" in details_text(air, "f1")


def test_a_structure_built_with_a_name_with_spaces_can_be_aimed_at_by_that_name() -> None:
    s = skirmish(U("eng", "engineers", "Blue", 5.5, 5.5), U("art", "light-artillery", "Red", 1.5, 1.5))
    built = run(s, 'build eng > fortification "Fort Hill"').state
    assert [x.name for x in built.battlefield.structures if x.kind == "fortification"] == ["Fort Hill"]
    out = run(built.replace(side_to_move="Red"), 'fire art > "Fort Hill"', 2)
    from kriegsspiel.rulesets.modern_4e.events import StructureDamaged

    assert [e.structure for e in out.events if isinstance(e, StructureDamaged)] == ["Fort Hill"]
