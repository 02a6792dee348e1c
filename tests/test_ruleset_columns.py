"""The columns a command reads are required in its rule-set rows: a rule set lacking one is one clear error naming
the file, the table and the key (the combat code reads them without defaults), and the code uses the file's
numbers, not numbers of its own."""
from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest

import kriegsspiel.rulesets
from kriegsspiel.core.ruleset import REQUIRED_COLUMNS as CORE_REQUIRED_COLUMNS, RuleBookError
from kriegsspiel.rulesets import parse_rulebook
from kriegsspiel.rulesets.modern_4e import REQUIRED_COLUMNS, RULES, RULESET
from kriegsspiel.core.state import GameState

SHIPPED = kriegsspiel.rulesets.ruleset_file("modern-4e")
man_page = RULES.manual.man_page  # the Fourth Edition's manual, read against any rule book


def parse_ruleset(data: dict[str, Any], source: str):
    """A Fourth Edition file, read with the tables and columns of its rule set, as the loader reads it."""
    return parse_rulebook(data, source, RULESET)
DATA: dict[str, Any] = tomllib.loads(SHIPPED.read_text(encoding="utf-8"))

# (command, its first row's unit type, the column taken out, the message's problem)
CASES = [
    ("torpedo", "attack-submarine", "sink_one_in", "add sink_one_in = <integer N of 1 in N>"),
    ("torpedo", "attack-submarine", "damage", "add damage = <integer>"),
    ("depthcharge", "corvette", "sink_one_in", "add sink_one_in = <integer N of 1 in N>"),
    ("depthcharge", "corvette", "disable_one_in", "add disable_one_in = <integer N of 1 in N>"),
    ("depthcharge", "corvette", "disable_rounds", "add disable_rounds = <integer>"),
    ("pulse", "bomber", "radius", "add radius = <number>"),
    ("pulse", "bomber", "disable_one_in", "add disable_one_in = <integer N of 1 in N>"),
    ("pulse", "bomber", "disable_rounds", "add disable_rounds = <integer>"),
    ("airlift", "bomber", "capacity", "add capacity = <integer>"),
    ("kamikaze", "light-fighter", "sink_one_in", "add sink_one_in = <integer N of 1 in N>"),
    ("kamikaze", "light-fighter", "damage", "add damage = <integer>"),
    ("spy", "infantry", "reveal_one_in", "add reveal_one_in = <integer N of 1 in N>"),
    ("survey", "reconnaissance", "reveal_one_in", "add reveal_one_in = <integer N of 1 in N>"),
    ("convert", "light-artillery", "into", "add into = <unit type id in quotes>"),
    ("fire", "light-artillery", "damage", "add damage = <integer>"),
    ("fire", "light-artillery", "range", 'add range = <number> or a [command_ranges] entry fire = "<constant>"'),
    ("missile", "destroyer", "range",
     'add range = <number> or a [command_ranges] entry missile = "<constant>"'),
    ("bomb", "stealth-bomber", "damage", "add damage = <integer>"),
    ("nuke", "missile-submarine", "damage", "add damage = <integer>"),
    ("sortie", "carrier", "damage", "add damage = <integer>"),
    ("air-defence", "carrier", "damage", "add damage = <integer>"),
    ("board", "corvette", "damage", "add damage = <integer>"),
    ("attack", "infantry", "damage", "add damage = <integer>"),
    ("dogfight", "light-fighter", "damage", "add damage = <integer>"),
]


def _without(command: str, type_id: str, key: str) -> dict[str, Any]:
    data = copy.deepcopy(DATA)
    del data["commands"][command][type_id][key]
    return data


@pytest.mark.parametrize(("command", "type_id", "key", "problem"), CASES,
                         ids=[f"{c}.{k}" for c, _, k, _ in CASES])
def test_a_missing_column_is_one_error_naming_file_table_and_key(command: str, type_id: str, key: str,
                                                                  problem: str) -> None:
    with pytest.raises(RuleBookError) as caught:
        parse_ruleset(_without(command, type_id, key), "my-rules.toml")
    assert str(caught.value) == (f"my-rules.toml: [commands.{command}.{type_id}] {key}: missing; "
                                 f"the {command} command needs it: {problem}")
    assert (caught.value.table, caught.value.key) == (f"commands.{command}.{type_id}", key)


def test_every_command_with_required_columns_is_tried() -> None:
    assert {c for c, _, _, _ in CASES} == set(REQUIRED_COLUMNS) | set(CORE_REQUIRED_COLUMNS)
    assert all(k in {**CORE_REQUIRED_COLUMNS, **REQUIRED_COLUMNS}[c] for c, _, k, _ in CASES)


def test_a_range_from_command_ranges_is_enough_and_without_it_the_row_needs_one() -> None:
    data = copy.deepcopy(DATA)
    assert "range" not in data["commands"]["torpedo"]["attack-submarine"]
    parse_ruleset(data, "my-rules.toml")  # [command_ranges] torpedo = "torpedo_range" gives it
    del data["command_ranges"]["torpedo"]
    with pytest.raises(RuleBookError, match=r"\[commands\.torpedo\.attack-submarine\] range: missing; the torpedo "
                                           r"command needs it: add range = <number> or a \[command_ranges\] entry"):
        parse_ruleset(data, "my-rules.toml")


def test_a_row_of_a_command_that_reads_no_columns_may_be_empty() -> None:
    rules = parse_ruleset(DATA, "modern-4e.toml")
    assert "merge" not in REQUIRED_COLUMNS and dict(rules.unit_type("infantry").commands["split"].extra) == {}


def _changed_state() -> GameState:
    """The naval test fleet under a copy of the shipped rules with other torpedo, depth-charge and build numbers."""
    from test_combat_naval import fleet
    from kriegsspiel.core.state import initial_state

    data = copy.deepcopy(DATA)
    data["commands"]["torpedo"]["attack-submarine"]["sink_one_in"] = 3
    data["commands"]["depthcharge"]["carrier"].update(sink_one_in=2, disable_one_in=3, disable_rounds=4)
    data["structures"]["fortification"]["max_health"] = 7  # a built structure gets the build table's health
    rules = parse_ruleset(data, "changed.toml")
    s = fleet()
    return initial_state(s.setup, s.battlefield, rules)


def test_the_commands_use_the_rule_sets_numbers() -> None:
    from test_combat_land import rolls, run
    from kriegsspiel.rulesets.modern_4e.events import Disabled

    s = _changed_state()
    torpedo = rolls(run(s, "torpedo sub > dd"))[0]
    assert torpedo[1:3] == ("torpedo (1 sinks, of 3)", 3)
    for index in range(1, 60):  # one die of 6 faces: 1..3 sink (1 in 2), 4..5 disable (1 in 3), 6 a miss
        out = run(s, "depthcharge cv > rsub", index)
        (charge,) = rolls(out)
        assert charge[2] == 6
        if charge[3] in (4, 5):
            assert Disabled("rsub", 4) in out.events
            break
    else:
        raise AssertionError("no disabling roll in 60 indexes")
    built = run(s, 'build b1 > fortification "Fort Test"').state
    assert [x.health for x in built.battlefield.structures if x.name == "Fort Test"] == [7]


def test_the_nuke_rings_take_the_rule_sets_shares_of_the_full_damage() -> None:
    from test_combat_naval import fleet
    from test_combat_land import run
    from kriegsspiel.rulesets.modern_4e.events import Damaged
    from kriegsspiel.core.state import initial_state

    data = copy.deepcopy(DATA)
    data["constants"].update(nuke_half_share=0.4, nuke_quarter_share=0.1)
    s = fleet()
    s = initial_state(s.setup, s.battlefield, parse_ruleset(data, "changed.toml"))
    # aimed at 10.5,5.5: cv (15.5,8.5) is 5.8 away, in the half ring (7): 0.4 x 30 = 12 of its 16;
    # dd (17.5,3.5) is 7.3 away, in the quarter ring (15): 0.1 x 30 = 3 of its 8
    out = run(s, "nuke ssbn > 10.5,5.5")
    hits = {e.unit: e for e in out.events if isinstance(e, Damaged)}
    assert (hits["cv"], hits["dd"]) == (Damaged("cv", 12, 4), Damaged("dd", 3, 5))


def test_man_pages_print_the_rule_sets_columns_and_no_numbers_of_their_own() -> None:
    import re

    from kriegsspiel.rulesets import load_ruleset

    changed = _changed_state().ruleset
    assert "carrier: sinks 1 in 2, a further 1 in 3 disables for 4 round(s), else a miss" in " ".join(
        man_page("depthcharge", changed).split())
    v3 = load_ruleset("kriegsspiel-v3")  # has none of these tables: the page names the columns, not the 4e's numbers
    for topic in ("torpedo", "depthcharge", "pulse", "kamikaze", "board", "spy"):
        odds = " ".join(man_page(topic, v3).split("odds:")[1].split())
        assert not re.search(r"\d", re.sub(r"1 in |1\.\.|_in_6", "", odds)), (topic, odds)  # "1 in N" names N


@pytest.mark.parametrize("name", ["modern-4e", "kriegsspiel-v3"])
def test_every_manual_page_reads_as_whole_sentences(name: str) -> None:
    # issue 14 item 10: the manual text was garbled where generated pieces were joined ("within reconnaissance
    # 20; drone 25" for survey, ". one d10 per group" in combat); every page of both rule sets, whether it
    # applies or not, joins its pieces into sentences and names no placeholder
    import re

    from kriegsspiel.core.game import rules_for
    from kriegsspiel.rulesets import load_ruleset

    ruleset = load_ruleset(name)
    manuals = [rules_for(load_ruleset(other)).manual for other in ("modern-4e", "kriegsspiel-v3")]
    for manual, topic in ((m, t) for m in manuals for t in m.pages):
        text = re.sub(r"\b(syntax|who|range|odds): ", "| ", " ".join(manual.man_page(topic, ruleset).split()))
        for pattern, what in ((r"\. [a-z]", "a sentence that starts in lower case"),
                              (r"\bwithin [a-z-]+ \d", "'within' before a list of unit types"),
                              (r"None|\{|\}|\s[,;:]|\s\.(?!\.\.)|[,;]{2}", "a placeholder or stray punctuation")):
            assert not re.search(pattern, text), (topic, what, text)
