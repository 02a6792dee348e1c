"""A save keeps the fingerprint of the rule book it was played with (``Scenario.ruleset_sha256``: a hash of the
book's repr as the program of before wrote it). V3's [combat] and [orders] moved from fields of the book into
its ``extras`` (issue 27 item 2); the fingerprint still writes them where they stood, so the saves of before
(committed under tests/fixtures/saves) carry the very fingerprint their scenario's book gives today."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from kriegsspiel.scenario import load_scenario
from kriegsspiel.scenario.model import _book_text

SAVES = Path(__file__).resolve().parent / "fixtures" / "saves"
RULER_SAVES = ["every-ruleset/kriegsspiel-v3.kssave", "every-ruleset/modern-4e.kssave",
               "snapshots-before-slots/weistritz.kssave", "snapshots-before-slots/harbour-raid.kssave"]


@pytest.mark.parametrize("name", RULER_SAVES)
def test_a_save_of_before_carries_the_fingerprint_its_scenario_gives_today(name: str) -> None:
    save = SAVES / name
    header = json.loads(save.read_text(encoding="utf-8").splitlines()[0])
    scenario = load_scenario(save.parent / header["scenario_path"])
    assert header["ruleset_sha256"] == scenario.ruleset_sha256


def test_the_fingerprint_writes_v3s_tables_as_the_books_fields_of_before() -> None:
    book = load_scenario(SAVES / "every-ruleset" / "scenarios" / "v3-weistritz.toml").ruleset
    assert {"combat", "orders"} <= set(book.extras)
    text = _book_text(book, "Ruleset")
    assert ", combat=CombatRules(" in text and ", orders=OrderRules(" in text
    assert text.endswith("extras=mappingproxy({}))")  # nothing else V3 reads
    fourth = _book_text(load_scenario(SAVES / "every-ruleset" / "scenarios" / "demo.toml").ruleset, "Ruleset")
    assert ", combat=None, orders=None, clock_start=None, extras=mappingproxy({'house_rules': " in fourth
