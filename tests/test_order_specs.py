"""The rule sets' order hints (``OrderSpec``, issue 27 item 2) say what the window's own tables say today, so
that the window can read them instead of knowing command words: the keys, groups, numbers of targets,
structures, confirmation, friendly and point targets of every order aimed with the mouse."""
from __future__ import annotations

import pygame
import pytest

from kriegsspiel.app import targeting, transport_orders
from kriegsspiel.core.game import CORE_RULES, OrderSpec, rules_for
from kriegsspiel.rulesets import load_ruleset


def _specs() -> dict[str, OrderSpec]:
    specs: dict[str, OrderSpec] = {}
    for name in ("modern-4e", "kriegsspiel-v3"):
        specs.update(rules_for(load_ruleset(name)).order_specs)
    return specs


def test_the_keys_of_the_window_are_the_rule_sets_keys() -> None:
    keyed = {spec.word: spec.key for spec in _specs().values() if spec.key}
    assert keyed == {word: pygame.key.name(key) for key, word in targeting.KEY_ORDERS.items()}
    # and in the same order: the menu lists the keyed orders in it
    assert [w for w in _specs() if _specs()[w].key] == list(targeting.KEY_ORDERS.values())


def test_the_aiming_tables_of_the_window_agree_with_the_hints() -> None:
    specs = _specs()
    assert {w for w, s in specs.items() if s.shooters == "many"} == set(targeting.MANY_SHOOTERS)
    assert {w for w, s in specs.items() if s.targets == -1} == set(targeting.MANY_TARGETS)
    assert {w for w, s in specs.items() if s.structures} == set(targeting.AT_STRUCTURES)
    assert {w for w, s in specs.items() if s.confirm} == set(targeting.CONFIRMED)
    assert [w for w, s in specs.items() if s.menu == "transport"] == list(transport_orders.ORDERS)
    assert {w for w, s in specs.items() if s.targets == 0} == set(transport_orders.NO_TARGET)
    assert {w for w, s in specs.items() if s.optional} == set(transport_orders.OPTIONAL_TARGETS)
    assert {w for w, s in specs.items() if s.aim == "friend"} == set(transport_orders.AT_FRIENDS)
    assert {w for w, s in specs.items() if s.aim == "point"} == set(transport_orders.AT_POINT)


def test_a_hint_names_an_order_of_its_rules() -> None:
    assert CORE_RULES.order_specs == {}
    with pytest.raises(ValueError, match="order hints of words that are no order: cheer"):
        CORE_RULES.extended("mine", specs=(OrderSpec("cheer"),))
    for name in ("modern-4e", "kriegsspiel-v3"):
        rules = rules_for(load_ruleset(name))
        assert all(rules.is_order_word(word) for word in rules.order_specs), name
