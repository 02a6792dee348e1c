"""Every number of the shipped Fourth Edition rule set against the rule texts as settled by docs/rulings.md.

Each row cites its source: the manual's command tables first, then the summary charts, then the prose;
"HR" marks a house rule of docs/rulings.md. A table row the file gains or loses fails here.
"""
from __future__ import annotations

import pytest

from kriegsspiel.core.ruleset import CommandStats, RuleBook
from kriegsspiel.rulesets import load_ruleset

UNIT_IDS = [
    "infantry", "engineers", "mechanized", "light-artillery", "medium-artillery", "heavy-artillery",
    "light-cavalry", "medium-cavalry", "heavy-cavalry", "special", "corvette", "amphibious", "patrol", "cruiser",
    "destroyer", "battleship", "carrier", "attack-submarine", "missile-submarine", "light-fighter",
    "heavy-fighter", "bomber", "stealth-bomber", "transport", "reconnaissance", "drone",
]

# id: theatre, health, move, attack, heading limit, move-and-fire, speed table
UNIT_ROWS = {
    # army: attack table (health, attack), move table (move, move and fire)
    "infantry": ("army", 4, 10, 4, None, True, "land"),
    "engineers": ("army", 4, 10, 4, None, True, "land"),
    "mechanized": ("army", 6, 15, 4, None, True, "land"),
    "light-artillery": ("army", 8, 10, 4, None, False, "land"),
    "medium-artillery": ("army", 9, 7, 4, None, False, "land"),
    "heavy-artillery": ("army", 10, 5, 4, None, False, "land"),
    "light-cavalry": ("army", 12, 10, 6, None, True, "land"),  # tables 12, prose 10
    "medium-cavalry": ("army", 14, 7, 8, None, True, "land"),  # tables 14, prose 12
    "heavy-cavalry": ("army", 16, 5, 10, None, True, "land"),
    "special": ("army", 20, 15, 20, None, True, "land"),
    # navy: attack table, move table, RULINGS "Heading limits"
    "corvette": ("navy", 4, 15, 6, 30, True, "naval"),  # move table 30, prose 45
    "amphibious": ("navy", 4, 15, 4, None, True, "naval"),
    "patrol": ("navy", 2, 15, 4, None, True, "naval"),
    "cruiser": ("navy", 10, 7, 16, 45, True, "naval"),
    "destroyer": ("navy", 8, 10, 8, 30, True, "naval"),
    "battleship": ("navy", 12, 5, 12, 45, True, "naval"),
    "carrier": ("navy", 16, 5, 12, 45, True, "naval"),
    "attack-submarine": ("navy", 1, 15, 0, None, True, "naval"),  # move table: YES
    "missile-submarine": ("navy", 1, 15, 0, None, True, "naval"),
    # air: dogfight table (health, attack), takeoff table (range, blocked by mountains)
    "light-fighter": ("air", 4, 30, 4, None, True, "air-low"),
    "heavy-fighter": ("air", 8, 15, 6, None, True, "air-low"),
    "bomber": ("air", 12, 15, 4, None, True, "air-low"),
    "stealth-bomber": ("air", 10, 10, 4, None, True, "air"),
    "transport": ("air", 12, 20, 4, None, True, "air-low"),  # takeoff 20, prose 30
    "reconnaissance": ("air", 4, 20, 4, None, True, "air"),
    "drone": ("air", 4, 25, 4, None, True, "air"),  # takeoff 25, prose 30
}

# id: weight (load/airlift tables), land capacity, air capacity (load table), sight range (HR)
CARRIAGE_ROWS = {
    "infantry": (1, 0, 0, 40), "engineers": (1, 0, 0, 40), "special": (1, 0, 0, 40),
    "mechanized": (2, 0, 0, 40),  # HR
    "light-artillery": (2, 0, 0, 40), "medium-artillery": (2, 0, 0, 40), "heavy-artillery": (2, 0, 0, 40),
    "light-cavalry": (4, 0, 0, 40), "medium-cavalry": (4, 0, 0, 40), "heavy-cavalry": (4, 0, 0, 40),
    "carrier": (None, 8, 8, 40), "battleship": (None, 8, 4, 40), "cruiser": (None, 4, 1, 40),
    "destroyer": (None, 2, 1, 40), "corvette": (None, 1, 0, 40), "amphibious": (None, 4, 0, 40),
    "patrol": (None, 1, 0, 40),
    "attack-submarine": (None, 0, 0, 15), "missile-submarine": (None, 0, 0, 15),
    "light-fighter": (1, 0, 0, 40), "transport": (1, 0, 0, 40), "drone": (1, 0, 0, 60),
    "heavy-fighter": (2, 0, 0, 40), "reconnaissance": (2, 0, 0, 60),
    "bomber": (4, 0, 0, 40), "stealth-bomber": (4, 0, 0, 40),
}

LAND_HIDE = {"forest", "forest-hills", "swamp", "building", "settlement"}
ARTILLERY_HIDE = {"forest", "forest-hills", "swamp"}
EVERYWHERE = {"plains", "forest", "hills", "forest-hills", "swamp", "desert", "mountains", "water", "road", "ford"}
# id: hide terrain and structures (hide table), hidden by default
HIDE_ROWS = {
    "infantry": (LAND_HIDE, False), "engineers": (LAND_HIDE, False), "mechanized": (LAND_HIDE, False),
    "special": (LAND_HIDE, False),
    "light-artillery": (ARTILLERY_HIDE, False), "medium-artillery": (ARTILLERY_HIDE, False),
    "heavy-artillery": (ARTILLERY_HIDE, False),
    "attack-submarine": ({"water"}, True), "missile-submarine": ({"water"}, True),
    "stealth-bomber": (EVERYWHERE, True), "reconnaissance": (EVERYWHERE, True), "drone": (EVERYWHERE, True),
}

LAND = ["infantry", "engineers", "mechanized", "light-artillery", "medium-artillery", "heavy-artillery",
        "light-cavalry", "medium-cavalry", "heavy-cavalry", "special"]
SINK6 = {"sink_one_in": 6, "disable_one_in": 6, "disable_rounds": 1}

# command: {unit: (damage, range, extra)}
COMMAND_TABLES: dict[str, dict[str, tuple[int | None, float | None, dict]]] = {
    "attack": {  # attack table; attack distance 3
        "infantry": (4, 3, {}), "engineers": (4, 3, {}), "mechanized": (4, 3, {}), "light-artillery": (4, 3, {}),
        "medium-artillery": (4, 3, {}), "heavy-artillery": (4, 3, {}), "light-cavalry": (6, 3, {}),
        "medium-cavalry": (8, 3, {}), "heavy-cavalry": (10, 3, {}), "special": (20, 3, {}),
        "carrier": (12, 3, {}), "battleship": (12, 3, {}), "cruiser": (16, 3, {}), "destroyer": (8, 3, {}),
        "corvette": (6, 3, {}), "amphibious": (4, 3, {}), "patrol": (4, 3, {}),
    },
    "fire": {  # fire table
        "light-artillery": (8, 30, {}), "medium-artillery": (9, 25, {}), "heavy-artillery": (10, 20, {}),
        "light-cavalry": (12, 15, {}), "medium-cavalry": (16, 12, {}), "heavy-cavalry": (20, 10, {}),
        "corvette": (6, 15, {}), "cruiser": (20, 15, {}), "destroyer": (10, 15, {}), "battleship": (16, 15, {}),
    },
    "missile": {  # missile table, air missile table
        "destroyer": (8, 30, {}), "missile-submarine": (16, 30, {}),
        "light-fighter": (6, 20, {}), "heavy-fighter": (6, 20, {}), "bomber": (8, 15, {}),
        "stealth-bomber": (8, 15, {}),
    },
    "bomb": {"stealth-bomber": (6, 5, {}), "bomber": (8, 10, {}), "drone": (10, 5, {})},
    "torpedo": {  # prose odds; range HR 10
        "attack-submarine": (5, 10, {"sink_one_in": 6}), "missile-submarine": (5, 10, {"sink_one_in": 6}),
    },
    "sortie": {"carrier": (8, 30, {})},  # summary 8/8; range HR 30
    "air-defence": {  # sortie table
        "carrier": (8, None, {}), "battleship": (6, None, {}), "cruiser": (12, None, {}),
        "destroyer": (12, None, {}), "corvette": (4, None, {}), "amphibious": (4, None, {}),
    },
    "depthcharge": {  # summary chart rows, prose odds; reach HR 3
        "corvette": (None, 3, SINK6), "amphibious": (None, 3, SINK6), "cruiser": (None, 3, SINK6),
        "destroyer": (None, 3, SINK6), "battleship": (None, 3, SINK6), "carrier": (None, 3, SINK6),
    },
    "board": {  # summary chart; reach HR 3
        "corvette": (6, 3, {}), "amphibious": (6, 3, {}), "patrol": (6, 3, {}), "cruiser": (8, 3, {}),
        "destroyer": (10, 3, {}), "battleship": (8, 3, {}), "carrier": (6, 3, {}),
    },
    "build": {  # summary chart "Build": who builds; the health is the build table's (docs/rulings.md 2026-11)
        "infantry": (None, None, {}), "engineers": (None, None, {}),
        "mechanized": (None, None, {}), "special": (None, None, {}),
    },
    "pulse": {  # RULINGS: bomber 5, stealth bomber 5, drone 7; 1 in 6 for two turns
        "bomber": (None, None, {"radius": 5, "disable_one_in": 6, "disable_rounds": 2}),
        "stealth-bomber": (None, None, {"radius": 5, "disable_one_in": 6, "disable_rounds": 2}),
        "drone": (None, None, {"radius": 7, "disable_one_in": 6, "disable_rounds": 2}),
    },
    "airlift": {  # airlift table
        "bomber": (None, None, {"capacity": 2}), "stealth-bomber": (None, None, {"capacity": 2}),
        "transport": (None, None, {"capacity": 4}),
    },
    "kamikaze": {"light-fighter": (5, None, {"sink_one_in": 6}), "heavy-fighter": (7, None, {"sink_one_in": 8})},
    "nuke": {"missile-submarine": (30, 30, {}), "stealth-bomber": (16, 30, {})},  # RULINGS
    "dogfight": {  # dogfight table; range 10
        "light-fighter": (4, 10, {}), "heavy-fighter": (6, 10, {}), "stealth-bomber": (4, 10, {}),
        "bomber": (4, 10, {}), "transport": (4, 10, {}), "reconnaissance": (4, 10, {}), "drone": (4, 10, {}),
    },
    "spy": {  # spy prose + summary; HR radius 10, odds 1 in 2
        "infantry": (None, 10, {"reveal_one_in": 2}), "engineers": (None, 10, {"reveal_one_in": 2}),
        "mechanized": (None, 10, {"reveal_one_in": 2}),
    },
    "survey": {  # summary "Survey"; HR within the flight range, 1 in 2
        "reconnaissance": (None, 20, {"reveal_one_in": 2}), "drone": (None, 25, {"reveal_one_in": 2}),
    },
    "convert": {t: (None, None, {"into": "infantry"}) for t in LAND[3:9]},
    "merge": {t: (None, 3, {}) for t in LAND},  # HR: within 3
    "split": {t: (None, None, {}) for t in LAND},
}

# terrain: speed (land), hideable, blocks sight, water, elevation (HR)
TERRAIN_ROWS = {
    "plains": (1.0, False, False, False, 0),
    "forest": (0.75, True, True, False, 0),
    "hills": (0.75, False, False, False, 1),
    "forest-hills": (0.6, True, True, False, 1),
    "swamp": (0.5, True, False, False, 0),
    "desert": (1.0, False, False, False, 0),
    "mountains": (0.25, False, False, False, 3),
    "water": (0.0, False, False, True, 0),
    "road": (1.25, False, False, False, 0),
    "ford": (0.5, False, False, False, 0),  # HR
}

# structure: max health, max size, hides (build table)
STRUCTURE_ROWS = {
    "settlement": (None, None, -1),
    "building": (4, None, 1),
    "bridge": (6, 10, None),
    "road": (8, 10, None),
    "fortification": (4, 5, None),
    "port": (4, None, None),
    "airfield": (6, None, None),
}

CONSTANTS = {
    "attack_distance": 3, "dogfight_range": 10,  # manual
    "torpedo_range": 10, "depthcharge_reach": 3, "board_reach": 3, "load_reach": 3, "sortie_range": 30, "spy_radius": 10,  # HR
    "exposure_distance": 3, "merge_distance": 3,  # HR
    "nuke_destroy_radius": 2, "nuke_half_radius": 7, "nuke_quarter_radius": 15,  # HR
    "nuke_half_share": 0.5, "nuke_quarter_share": 0.25,  # manual: "half damage", "quarter damage"
    "message_lost_in_4": 2, "message_intercepted_in_4": 1, "message_altered_in_4": 1,  # manual
    "board_seize_in_6": 1, "board_sink_in_6": 1, "board_disable_in_6": 2, "board_damage_in_6": 2,  # HR
    "board_disable_rounds": 1,  # HR
    "default_fog_of_war": 6,  # HR: the manual's example, for a scenario that gives none
}


@pytest.fixture(scope="module")
def rules() -> RuleBook:
    return load_ruleset("modern-4e")


def test_metadata(rules: RuleBook) -> None:
    assert (rules.id, rules.distance_unit, rules.round_minutes) == ("modern-4e", "units", None)
    assert rules.title == "Modern Kriegsspiel, Fourth Edition"


def test_exactly_the_26_unit_types_in_order(rules: RuleBook) -> None:
    assert list(rules.unit_types) == UNIT_IDS


@pytest.mark.parametrize("type_id", UNIT_IDS)
def test_unit_row(rules: RuleBook, type_id: str) -> None:
    ut = rules.unit_type(type_id)
    got = (ut.theatre, ut.health, ut.move, ut.attack, ut.heading_limit, ut.move_and_fire, ut.movement)
    assert got == UNIT_ROWS[type_id]
    assert (ut.weight, ut.land_capacity, ut.air_capacity, ut.sight_range) == CARRIAGE_ROWS[type_id]
    hide, hidden = HIDE_ROWS.get(type_id, (set(), False))
    assert (set(ut.hide_terrain), ut.hidden_by_default) == (hide, hidden)
    assert ut.id == type_id and ut.name


@pytest.mark.parametrize("command", sorted(COMMAND_TABLES))
def test_command_table(rules: RuleBook, command: str) -> None:
    expected = {
        t: CommandStats(damage, None if range_ is None else float(range_), extra)
        for t, (damage, range_, extra) in COMMAND_TABLES[command].items()
    }
    got = {t: CommandStats(s.damage, s.range, dict(s.extra)) for t, s in rules.command_users(command).items()}
    assert got == expected


def test_no_command_table_beyond_those_checked(rules: RuleBook) -> None:
    assert set(rules.command_ids()) == set(COMMAND_TABLES)


@pytest.mark.parametrize("terrain_id", sorted(TERRAIN_ROWS))
def test_terrain_row(rules: RuleBook, terrain_id: str) -> None:
    t = rules.terrain[terrain_id]
    assert (t.speed, t.hideable, t.blocks_sight, t.water, t.elevation) == TERRAIN_ROWS[terrain_id]


def test_terrain_ids(rules: RuleBook) -> None:
    assert set(rules.terrain) == set(TERRAIN_ROWS)


@pytest.mark.parametrize("kind", sorted(STRUCTURE_ROWS))
def test_structure_row(rules: RuleBook, kind: str) -> None:
    s = rules.structures[kind]
    assert (s.max_health, s.max_size, s.hides) == STRUCTURE_ROWS[kind]


def test_constants_and_sight(rules: RuleBook) -> None:
    assert dict(rules.constants) == CONSTANTS
    assert dict(rules.sight) == {"eye_height": 0.5, "obstacle_height": 1.0}


LAND_TERRAIN = ["plains", "forest", "hills", "forest-hills", "swamp", "desert", "mountains", "ford"]


@pytest.mark.parametrize(
    ("table", "expected"),
    [
        ("land", {**{t: v[0] for t, v in TERRAIN_ROWS.items()}}),  # road 1.25 whatever is under it
        # no "road": ships and aircraft ignore the roads layer; a road tile is terrain at the table's default
        ("naval", {**{t: 0.0 for t in LAND_TERRAIN}, "water": 1.0, "terrain:road": 0.0}),
        ("air", {**{t: 1.0 for t in TERRAIN_ROWS if t != "road"}, "terrain:road": 1.0}),
        ("air-low", {**{t: 1.0 for t in TERRAIN_ROWS if t != "road"}, "mountains": 0.0, "terrain:road": 1.0}),
    ],
)
def test_speed_tables(rules: RuleBook, table: str, expected: dict[str, float]) -> None:
    assert dict(rules.speed_tables[table]) == expected


def test_speed_table_by_unit_type(rules: RuleBook) -> None:
    assert rules.speed_table("infantry")["water"] == 0
    assert rules.speed_table("destroyer")["water"] == 1 and "road" not in rules.speed_table("destroyer")
    assert rules.speed_table("bomber")["mountains"] == 0
    assert rules.speed_table("drone")["mountains"] == 1


def test_can_and_hide_helpers(rules: RuleBook) -> None:
    assert rules.unit_type("light-artillery").can("fire")
    assert not rules.unit_type("infantry").can("fire")
    assert not rules.unit_type("patrol").can("depthcharge")
    assert rules.unit_type("special").can_hide_in("building")
    assert not rules.unit_type("light-artillery").can_hide_in("building")


def test_converted_units_become_a_known_type(rules: RuleBook) -> None:
    for stats in rules.command_users("convert").values():
        assert stats.extra["into"] in rules.unit_types


def test_rule_set_is_read_only(rules: RuleBook) -> None:
    with pytest.raises(TypeError):
        rules.unit_types["infantry"] = rules.unit_types["special"]  # type: ignore[index]
    with pytest.raises(TypeError):
        rules.unit_type("infantry").commands["fire"] = CommandStats(1, 1.0)  # type: ignore[index]
    with pytest.raises(AttributeError):
        rules.unit_type("infantry").health = 99  # type: ignore[misc]


def test_unknown_unit_type_names_the_known_ones(rules: RuleBook) -> None:
    with pytest.raises(KeyError, match="unknown unit type 'hussar'; known types: amphibious, attack-submarine"):
        rules.unit_type("hussar")


HOUSE_RULES = [
    ("constants", "torpedo_range"), ("constants", "depthcharge_reach"), ("constants", "board_reach"),
    ("constants", "sortie_range"), ("constants", "spy_radius"), ("constants", "exposure_distance"),
    ("constants", "merge_distance"), ("constants", "nuke_destroy_radius"), ("constants", "nuke_half_radius"),
    ("constants", "nuke_quarter_radius"), ("sight", "eye_height"), ("sight", "obstacle_height"),
    ("terrain", "hills"), ("terrain", "forest-hills"), ("terrain", "mountains"), ("terrain", "ford"),
    ("unit_defaults", "sight_range"), ("unit_types.reconnaissance", "sight_range"),
    ("unit_types.drone", "sight_range"), ("unit_types.attack-submarine", "sight_range"),
    ("unit_types.missile-submarine", "sight_range"), ("unit_types.mechanized", "weight"),
    ("command_ranges", "torpedo"), ("command_ranges", "survey"), ("commands.spy", "infantry"),
    ("commands.survey", "drone"),
    # the manual gives no odds for boarding, and "nearby" / "close by" reaches, spy odds: docs/rulings.md house rules
    ("constants", "board_seize_in_6"), ("constants", "board_sink_in_6"), ("constants", "board_disable_in_6"),
    ("constants", "board_damage_in_6"), ("constants", "board_disable_rounds"),
    ("command_ranges", "depthcharge"), ("command_ranges", "board"), ("command_ranges", "sortie"),
    ("command_ranges", "spy"), ("command_ranges", "merge"),
    ("commands.spy", "engineers"), ("commands.spy", "mechanized"), ("commands.survey", "reconnaissance"),
    # the manual says nothing of line of sight: woods blocking it is a house rule
    ("terrain", "forest"),
    # procedures the manual leaves open (docs/rulings.md 2026-11): every one in the file
    ("constants", "load_reach"), ("house_rules", "fortification_shields"),
    ("house_rules", "dogfight_engages_grounded"), ("house_rules", "build_takes_turn"), ("house_rules", "once_a_turn"),
]


def test_every_house_rule_is_marked_in_the_file() -> None:
    from pathlib import Path

    import kriegsspiel.rulesets as shipped

    text = (shipped.ruleset_file("modern-4e")).read_text(encoding="utf-8")
    lines: dict[tuple[str, str], str] = {}
    section = ""
    for line in text.splitlines():
        if line.startswith("["):
            section = line.split("]")[0].strip("[")
        elif "=" in line and not line.startswith("#"):
            lines[(section, line.split("=")[0].strip())] = line
    for where in HOUSE_RULES:
        assert "house rule" in lines[where].partition("#")[2], where
