"""The core knows no rule set by word or field (issue 27): no module of ``kriegsspiel/core`` names a command word
that only a rule set gives, nor a table or state field that only a rule set reads. The words and tables are
listed from the installed rule sets' own declarations (their rules' notation, their table readers), so a new
rule set's words are checked too."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from kriegsspiel.core.game import CORE_RULES, RulerRules
from kriegsspiel.core.plugin import installed_rulesets
from kriegsspiel.core.ruleset import RuleBook

CORE = Path(__file__).resolve().parent.parent / "kriegsspiel" / "core"


def _ruler_rulesets():
    return [r for r in installed_rulesets().values() if isinstance(r.rules(), RulerRules)]


def rule_set_words() -> set[str]:
    """Every command word a ruler rule set adds to the core's (from its rules' notation)."""
    words = {word for plugin in _ruler_rulesets() for word in plugin.rules().words()}
    return words - set(CORE_RULES.words())


def rule_set_tables() -> set[str]:
    """Every top-level table only a rule set reads (its table readers) and the command tables it requires."""
    return {key for plugin in _ruler_rulesets() for key in (*plugin.table_readers(), *plugin.required_columns())}


def rule_set_columns() -> set[str]:
    """Every column of a command table a rule set declares (besides the core's own)."""
    return {key for plugin in _ruler_rulesets() for key in plugin.command_columns()}


#: the tables of V3 that were fields of the rule book while the saves fingerprinted its repr; they are in the
#: book's ``extras`` now, and the fingerprint writes them where they stood (scenario/model.py)
FORMER_BOOK_FIELDS = {"combat", "orders"}
FIELD = r"""(?<![\w-])(?:\.|["'])({0})\b|\b({0})\s*[:=]"""


def _mentions(names: set[str], pattern: str) -> list[str]:
    found = []
    for path in sorted(CORE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for name in sorted(names):
            for match in re.finditer(pattern.format(re.escape(name)), text):
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{path.relative_to(CORE.parent.parent)}:{line}: {name}")
    return found


def test_the_rule_sets_declare_words_and_tables_to_check() -> None:
    words, tables = rule_set_words(), rule_set_tables()
    assert {"attack", "nuke", "takeoff", "combat", "rally", "order"} <= words
    assert {"combat", "orders", "house_rules", "torpedo"} <= tables
    assert {"sink_one_in", "radius", "capacity"} <= rule_set_columns()
    assert FORMER_BOOK_FIELDS <= tables


def test_no_core_module_names_a_rule_sets_table_or_column() -> None:
    tables = rule_set_tables() - rule_set_words() - FORMER_BOOK_FIELDS
    assert "house_rules" in tables
    assert _mentions(tables, FIELD) == []
    # V3's [combat], once a field of the rule book: no core module reads it (its word is checked below); its
    # [orders] shares its name with the core's own word for orders in general (a notation's, an area turn's):
    # the rule book's fields are checked for it (test_the_rule_book_has_no_field_of_a_rule_sets_table)
    assert _mentions(FORMER_BOOK_FIELDS - {"orders"}, FIELD) == []
    # a column is looked up by its name in quotes (a geometry's radius is no column of anyone's)
    assert "sink_one_in" in rule_set_columns()
    assert _mentions(rule_set_columns(), r"""(?<!`)["']{0}["']""") == []


def test_no_core_module_names_a_rule_sets_command_word() -> None:
    # a word in quotes is a command word the code compares with or looks up (``name`` in prose is a name of
    # the code, such as a method ``resolve``)
    assert _mentions(rule_set_words(), r"""(?<!`)["']{}["']""") == []


def test_a_word_planted_in_the_core_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    planted = tmp_path / "kriegsspiel" / "core"
    planted.mkdir(parents=True)
    (planted / "sniff.py").write_text('ATTACKS = "attack" in state.ruleset.command_ids()\n', encoding="utf-8")
    monkeypatch.setattr(__import__(__name__), "CORE", planted)
    assert _mentions(rule_set_words(), r"""(?<!`)["']{}["']""") == ["kriegsspiel/core/sniff.py:1: attack"]


#: the fields of V3's and the Fourth Edition's own state, which live in the slots their packages define
#: (``V3State``, ``V3Unit``, ``FourthState``, ``FourthUnit``), not in the core's state, units or setup
STATE_FIELDS = {"disruption", "airborne", "warheads", "pending_combat", "orders_in_transit", "air_turn_over"}


def test_no_core_module_names_a_rule_sets_state_field() -> None:
    assert _mentions(STATE_FIELDS, FIELD) == []


def test_the_rule_sets_state_fields_are_their_slots_fields() -> None:
    slot_fields = {f.name for plugin in _ruler_rulesets() for slot in (plugin.rules().slot, plugin.rules().unit_slot)
                   if slot is not None for f in dataclasses.fields(slot)}
    assert STATE_FIELDS <= slot_fields


def test_the_rule_book_has_no_field_of_a_rule_sets_table() -> None:
    assert not {f.name for f in dataclasses.fields(RuleBook)} & rule_set_tables()
    assert not re.search(r"(ruleset|book|self)\.orders\b", (CORE / "ruleset" / "_model.py").read_text(encoding="utf-8"))
