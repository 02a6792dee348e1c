"""A broken rule-set file gives one exact message naming the file, the table and the key, and what to do."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kriegsspiel.core.ruleset import RuleBookError, parse_ruleset
from kriegsspiel.errors import UserError
from kriegsspiel.core.plugin import find_ruleset
from kriegsspiel.rulesets import load_ruleset, parse_rulebook, shipped_rulesets

TINY = """\
id = "tiny"
title = "Tiny"
distance_unit = "units"

[constants]
attack_distance = 3

[sight]
eye_height = 0.5
obstacle_height = 1.0

[command_ranges]
attack = "attack_distance"

[terrain]
plains = { name = "Plains", speed = 1, hideable = false, blocks_sight = false, water = false, elevation = 0 }
water = { name = "Water", speed = 0, hideable = false, blocks_sight = false, water = true, elevation = 0 }

[structures]
building = { name = "Building", max_health = 4, max_size = "none", hides = 1, summary = "Can hide 1 unit" }

[speed_tables.land]
default = "terrain"

[unit_defaults]
sight_range = 40

[unit_types.infantry]
name = "Infantry"
theatre = "army"
health = 4
move = 10
movement = "land"
move_and_fire = true
heading_limit = "none"
hide_terrain = ["building"]
hidden_by_default = false
weight = 1
land_capacity = 0
air_capacity = 0

[commands.attack]
infantry = { damage = 4 }
"""

UNIT_KEYS = ("name, theatre, health, move, movement, move_and_fire, heading_limit, hide_terrain, "
             "hidden_by_default, sight_range, weight, land_capacity, air_capacity, disembarks_anywhere")
TOP_KEYS = ("id, based_on, title, distance_unit, round_minutes, constants, sight, command_ranges, terrain, speed_tables, "
            "unit_defaults, unit_types, structures, commands")


def parse(text: str):
    # a small file in the Fourth Edition's layout, read as the loader reads a file based on it
    return parse_rulebook(tomllib.loads(text), "tiny.toml", find_ruleset("modern-4e"))


def broken(old: str, new: str) -> str:
    assert TINY.count(old) == 1, old
    return TINY.replace(old, new)


def test_the_tiny_rule_set_is_valid() -> None:
    rules = parse(TINY)
    infantry = rules.unit_type("infantry")
    assert (infantry.attack, infantry.commands["attack"].range, infantry.sight_range) == (4, 3.0, 40.0)
    assert dict(rules.speed_tables["land"]) == {"plains": 1.0, "water": 0.0}


CASES = [
    # missing key
    ("health = 4\n", "", "[unit_types.infantry] health: missing; add health = <integer>"),
    ("sight_range = 40\n", "", "[unit_types.infantry] sight_range: missing; add sight_range = <number>"),
    ("[sight]\neye_height = 0.5\nobstacle_height = 1.0\n", "", "sight: missing; add a [sight] table"),
    ("obstacle_height = 1.0\n", "", "[sight] obstacle_height: missing; add obstacle_height = <number>"),
    ('title = "Tiny"\n', "", "title: missing; add title = <text>"),
    # unknown key
    ("health = 4\n", "health = 4\nhelth = 4\n",
     f"[unit_types.infantry] helth: unknown key; did you mean 'health'? known keys: {UNIT_KEYS}"),
    ('title = "Tiny"\n', 'title = "Tiny"\ncolour = "red"\n', f"colour: unknown key; known keys: {TOP_KEYS}"),
    ("health = 4\n", "health = 4\nattack = 4\n",
     "[unit_types.infantry] attack: unknown key; a unit type's attack is its row in [commands.attack]"),
    ("eye_height = 0.5\n", "eye_height = 0.5\neye_heigth = 1\n",
     "[sight] eye_heigth: unknown key; did you mean 'eye_height'? known keys: eye_height, obstacle_height"),
    ("elevation = 0 }\nwater", "elevation = 0, cover = 1 }\nwater",
     "[terrain.plains] cover: unknown key; known keys: name, speed, hideable, blocks_sight, water, elevation"),
    # wrong type
    ("health = 4\n", 'health = "four"\n', "[unit_types.infantry] health: expected an integer, got the text 'four'"),
    ("health = 4\n", "health = true\n", "[unit_types.infantry] health: expected an integer, got the boolean true"),
    ("health = 4\n", "health = 4.5\n", "[unit_types.infantry] health: expected an integer, got the number 4.5"),
    ("move = 10\n", 'move = "far"\n', "[unit_types.infantry] move: expected a number, got the text 'far'"),
    ("move_and_fire = true\n", "move_and_fire = 1\n",
     "[unit_types.infantry] move_and_fire: expected true or false, got the integer 1"),
    ("sight_range = 40\n", 'sight_range = "far"\n',
     "[unit_defaults] sight_range: expected a number, got the text 'far'"),
    ('heading_limit = "none"\n', 'heading_limit = "free"\n',
     "[unit_types.infantry] heading_limit: expected a number or \"none\", got the text 'free'"),
    ('weight = 1\n', 'weight = "heavy"\n',
     "[unit_types.infantry] weight: expected an integer or \"none\", got the text 'heavy'"),
    ('hide_terrain = ["building"]\n', 'hide_terrain = "building"\n',
     "[unit_types.infantry] hide_terrain: expected a list of terrain ids and structure kinds, "
     "got the text 'building'"),
    ("hideable = false, blocks_sight = false, water = true", 'hideable = "no", blocks_sight = false, water = true',
     "[terrain.water] hideable: expected true or false, got the text 'no'"),
    ("infantry = { damage = 4 }", "infantry = 4", "[commands.attack] infantry: expected a table, got the integer 4"),
    ("infantry = { damage = 4 }", 'infantry = { damage = "4" }',
     "[commands.attack.infantry] damage: expected an integer, got the text '4'"),
    ("infantry = { damage = 4 }", "infantry = { damage = 4, sink_one_in = [1, 2] }",
     "[commands.attack.infantry] sink_one_in: expected an integer, got a list"),
    ("infantry = { damage = 4 }", 'infantry = { damage = 4, radius = "wide" }',
     "[commands.attack.infantry] radius: expected a number, got the text 'wide'"),
    ("infantry = { damage = 4 }", "infantry = { damage = 4, into = 3 }",
     "[commands.attack.infantry] into: expected text in quotes, got the integer 3"),
    ("infantry = { damage = 4 }", "infantry = { damage = 4, disable_rounds = 0 }",
     "[commands.attack.infantry] disable_rounds: must be at least 1, got 0"),
    ("infantry = { damage = 4 }", "infantry = { damage = 4, capacity = 2.5 }",
     "[commands.attack.infantry] capacity: expected an integer, got the number 2.5"),
    ('default = "terrain"', 'default = "fast"',
     "[speed_tables.land] default: expected a multiplier (0 or more) or \"terrain\", got the text 'fast'"),
    ('hides = 1', 'hides = "some"',
     "[structures.building] hides: expected a count of units, \"any\" or \"none\", got the text 'some'"),
    # out of range
    ("health = 4\n", "health = 0\n", "[unit_types.infantry] health: must be at least 1, got 0"),
    ('heading_limit = "none"\n', "heading_limit = 400\n",
     "[unit_types.infantry] heading_limit: must be between 0 and 360 degrees or \"none\", got 400"),
    ("attack_distance = 3", "attack_distance = -3", "[constants] attack_distance: must be at least 0, got -3"),
    # unknown names
    ('hide_terrain = ["building"]', 'hide_terrain = ["jungle"]',
     "[unit_types.infantry] hide_terrain: unknown terrain or structure 'jungle'; known: plains, water, building"),
    ('default = "terrain"', 'default = "terrain"\nforrest = 0.5',
     "[speed_tables.land] forrest: unknown terrain; known terrains: plains, water"),
    ('default = "terrain"', 'plains = 1',
     "[speed_tables.land] water: missing; add water = <multiplier> (0 = cannot enter) or a default"),
    ('movement = "land"', 'movement = "foot"',
     "[unit_types.infantry] movement: unknown speed table 'foot'; speed tables: land"),
    ('movement = "land"', 'movement = "lands"',
     "[unit_types.infantry] movement: unknown speed table 'lands'; did you mean 'land'? speed tables: land"),
    ("infantry = { damage = 4 }", "infantry = { damage = 4 }\nhussar = { damage = 3 }",
     "[commands.attack] hussar: unknown unit type; known unit types: infantry"),
    ("infantry = { damage = 4 }", "infantry = { damage = 4, sink_one_on = 6 }",
     "[commands.attack.infantry] sink_one_on: unknown column; did you mean 'sink_one_in'? known columns: damage, "
     "range, sink_one_in, disable_one_in, reveal_one_in, disable_rounds, capacity, radius, into"),
    ("infantry = { damage = 4 }", 'infantry = { damage = 4, into = "hussar" }',
     "[commands.attack.infantry] into: unknown unit type 'hussar'; known unit types: infantry"),
    ('theatre = "army"', 'theatre = "space"',
     "[unit_types.infantry] theatre: unknown theatre 'space'; use one of: army, navy, air"),
    ('distance_unit = "units"', 'distance_unit = "feet"',
     "distance_unit: unknown unit 'feet'; use one of: units, metres"),
    ('attack = "attack_distance"', 'attack = "attack_range"',
     "[command_ranges] attack: 'attack_range' is not a constant; did you mean 'attack_distance'? "
     "use one of: attack_distance, move"),
    ('attack = "attack_distance"', 'fire = "attack_distance"',
     "[command_ranges] fire: no such command table; commands: attack"),
]


@pytest.mark.parametrize(("old", "new", "message"), CASES, ids=[c[2].split(":")[0] + ":" + c[2].split(":")[1]
                                                               for c in CASES])
def test_broken_rule_set_message(old: str, new: str, message: str) -> None:
    with pytest.raises(RuleBookError) as caught:
        parse(broken(old, new))
    assert str(caught.value) == f"tiny.toml: {message}"
    assert "\n" not in str(caught.value)


def test_error_carries_its_parts() -> None:
    with pytest.raises(RuleBookError) as caught:
        parse(broken("health = 4\n", ""))
    assert (caught.value.source, caught.value.table, caught.value.key) == ("tiny.toml", "unit_types.infantry", "health")


# ------------------------------------------------------------------------------------------------------
# The loader: shipped ids, paths, and files that are not TOML at all.


def test_shipped_rule_sets_are_listed_and_cached() -> None:
    assert "modern-4e" in shipped_rulesets()
    assert load_ruleset("modern-4e") is load_ruleset("modern-4e")


def test_unknown_name_lists_the_shipped_ones() -> None:
    with pytest.raises(UserError) as caught:
        load_ruleset("modern-5e")
    assert str(caught.value) == (
        f"unknown rule set 'modern-5e'; did you mean 'modern-4e'? shipped rule sets: {', '.join(shipped_rulesets())} "
        "(or give the path of a .toml rule-set file)"
    )


def test_a_rule_set_file_by_path(tmp_path: Path) -> None:
    path = tmp_path / "tiny.toml"
    path.write_text(TINY, encoding="utf-8")
    assert load_ruleset(str(path)).id == "tiny"


def test_a_broken_file_by_path_names_the_path(tmp_path: Path) -> None:
    path = tmp_path / "tiny.toml"
    path.write_text(broken("health = 4\n", ""), encoding="utf-8")
    with pytest.raises(UserError) as caught:
        load_ruleset(str(path))
    assert str(caught.value) == f"{path}: [unit_types.infantry] health: missing; add health = <integer>"


def test_not_toml(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('id = "x"\ntitle = \n', encoding="utf-8")
    with pytest.raises(UserError) as caught:
        load_ruleset(str(path))
    assert str(caught.value).startswith(f"{path}: not valid TOML: ")
    assert "line 2" in str(caught.value)


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.toml"
    with pytest.raises(UserError) as caught:
        load_ruleset(str(path))
    assert str(caught.value) == f"{path}: no such file; give a rule set's data (.toml)"


def test_a_copy_of_the_shipped_file_loads_by_path(tmp_path: Path) -> None:
    import kriegsspiel.rulesets as shipped

    source = shipped.ruleset_file("modern-4e")
    copy = tmp_path / "my-house-rules.toml"
    copy.write_text(source.read_text(encoding="utf-8").replace("torpedo_range = 10 ", "torpedo_range = 12 "),
                    encoding="utf-8")
    rules = load_ruleset(str(copy))
    assert rules.unit_type("attack-submarine").commands["torpedo"].range == 12


def test_not_a_finite_number() -> None:
    with pytest.raises(RuleBookError) as caught:
        parse(broken("move = 10\n", "move = nan\n"))
    assert str(caught.value) == "tiny.toml: [unit_types.infantry] move: expected a finite number, got the number nan"


# ------------------------------------------------------------------------------------------------------
# Whatever is broken in the shipped file, the answer is a RuleBookError, never another exception.


def _shipped_data() -> dict:
    import kriegsspiel.rulesets as shipped

    return tomllib.loads((shipped.ruleset_file("modern-4e")).read_text(encoding="utf-8"))


def _paths(node: object, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = []
    if isinstance(node, dict):
        for key, value in node.items():
            found.append((*prefix, key))
            found += _paths(value, (*prefix, key))
    return found


SHIPPED_PATHS = _paths(_shipped_data())
ODD_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 500), st.floats(allow_nan=True), st.text(max_size=8),
    st.lists(st.text(max_size=5), max_size=3), st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)


@settings(max_examples=300, deadline=None)
@given(path=st.sampled_from(SHIPPED_PATHS), value=ODD_VALUES)
def test_a_corrupted_shipped_file_gives_a_ruleset_error(path: tuple[str, ...], value: object) -> None:
    data = _shipped_data()
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


def test_unknown_name_without_a_close_match() -> None:
    with pytest.raises(UserError) as caught:
        load_ruleset("chess")
    assert str(caught.value).startswith("unknown rule set 'chess'; shipped rule sets: ")
