"""A scenario may say what one unit of its map is on the ground (``distance_unit``, ``distance_per_map_unit``):
the players' scale bar and reports say it (the demo: paces). A bad value is one message naming the key."""
from __future__ import annotations

from pathlib import Path

import pytest

from kriegsspiel.scenario import ScenarioError, parse_scenario_text

SCENARIOS = Path(__file__).resolve().parents[1] / "kriegsspiel" / "data" / "scenarios"
DEMO = (SCENARIOS / "demo.toml").read_text(encoding="utf-8")
SHIPPED_KEYS = 'distance_unit = "paces"\ndistance_per_map_unit = 200\n'


def demo_with(keys: str):
    assert SHIPPED_KEYS in DEMO
    return parse_scenario_text(DEMO.replace(SHIPPED_KEYS, keys), "demo.toml", SCENARIOS, seed=1)


def test_the_demo_gives_its_map_a_unit_of_distance() -> None:
    assert demo_with(SHIPPED_KEYS).setup.distance == ("paces", 200.0)


def test_a_unit_without_a_length_is_one_per_map_unit_and_none_is_the_rule_sets() -> None:
    assert demo_with('distance_unit = "metres"\n').setup.distance == ("metres", 1.0)
    assert demo_with("").setup.distance is None


@pytest.mark.parametrize(("keys", "key", "words"), [
    ("distance_per_map_unit = 200\n", "distance_per_map_unit", "names no distance_unit"),
    ('distance_unit = "paces"\ndistance_per_map_unit = 0\n', "distance_per_map_unit", "a number above 0"),
    ('distance_unit = "paces"\ndistance_per_map_unit = nan\n', "distance_per_map_unit", "a number above 0"),
    ('distance_unit = "20 paces"\n', "distance_unit", "in letters"),
    ('distance_unit = ["paces"]\n', "distance_unit", "in letters"),
])
def test_a_bad_unit_of_distance_is_one_message_naming_the_key(keys: str, key: str, words: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        demo_with(keys)
    text = str(caught.value)
    assert key in text and words in text, text
    assert "Traceback" not in text
