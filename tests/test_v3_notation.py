"""The text of the classic orders: parse/format round trips and one clear message per wrong line."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kriegsspiel.core.commands import Force
from kriegsspiel.core.commands import NotationError
from kriegsspiel.rulesets.kriegsspiel_v3 import RULES
from kriegsspiel.rulesets.kriegsspiel_v3.commands import Combat, Modify, Order, Rally, Recover, Resolve
from kriegsspiel.rulesets import load_ruleset

parse_command = RULES.parse  # the game's notation: the core's words and the rule set's
format_command = RULES.format


@pytest.mark.parametrize("text, command, canonical", [
    ("combat firefight ir1 ir2 > a1", Combat("firefight", ("ir1", "ir2"), ("a1",)), None),
    ("COMBAT Melee c1>a1 a2", Combat("melee", ("c1",), ("a1", "a2")), "combat melee c1 > a1 a2"),
    ("modify +1 intel", Modify("attacker", 1, "intel"), "modify attacker +1 intel"),
    ("modify defender +2 square", Modify("defender", 2, "square"), None),
    ("modify attacker -1 bad  formation", Modify("attacker", -1, "bad formation"), "modify attacker -1 bad formation"),
    ("modify range 2", Modify("range", 2, ""), None),
    ("modify range 1 smoke on the field", Modify("range", 1, "smoke on the field"), None),
    ("resolve", Resolve(), None),
    ("rally ir1", Rally("ir1"), None),
    ("recover ir1", Recover("ir1"), None),
    ("order ir1  take the   bridge", Order("ir1", "take the bridge"), "order ir1 take the bridge"),
    ("force combat volley a > b", Force(Combat("volley", ("a",), ("b",))), None),
])
def test_parse_and_format(text: str, command, canonical: str | None) -> None:
    assert parse_command(text) == command
    assert format_command(command) == (canonical or text)
    assert parse_command(format_command(command)) == command


@pytest.mark.parametrize("text, message", [
    ("combat firefight ir1", "combat: expected one '>'"),
    ("combat ir1 > a1", "combat: name the chart and at least one attacker before '>'"),
    ("combat volley ir1 >", "combat: name at least one defender after '>'"),
    ("modify intel", "modify: expected a whole number such as +1 or -2"),
    ("modify +1", "modify: name the modifier"),
    ("modify defender +1.5 quality", "modify: expected a whole number"),
    ("resolve now", "resolve takes no arguments, got 'now'"),
    ("rally", "rally: expected one unit id"),
    ("order ir1", "order: the order has no text"),
])
def test_wrong_lines(text: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_command(text)
    assert str(caught.value).startswith(message)
    assert caught.value.command == text.split()[0]


unit_ids = st.text(st.characters(whitelist_categories=("Ll", "Lu", "Nd"), whitelist_characters="-_."), min_size=1, max_size=8)


@given(chart=st.sampled_from(["firefight", "melee", "artillery", "volley"]),
       attackers=st.lists(unit_ids, min_size=1, max_size=3), defenders=st.lists(unit_ids, min_size=1, max_size=3),
       amount=st.integers(-5, 5), label=st.text(st.characters(whitelist_categories=("Ll",)), min_size=1, max_size=6))
def test_round_trips(chart, attackers, defenders, amount, label) -> None:
    for command in (Combat(chart, tuple(attackers), tuple(defenders)), Modify("defender", amount, label),
                    Order(attackers[0], f"{label} at once")):
        assert parse_command(format_command(command)) == command


def test_every_classic_order_is_an_order_with_a_page() -> None:
    rules = load_ruleset("kriegsspiel-v3")
    for word in ("combat", "modify", "resolve", "rally", "recover", "order"):
        assert word in RULES.notation.orders and word in RULES.manual.pages
        page = RULES.manual.man_page(word, rules)
        assert page.startswith(word.upper()) and "\n" in page
    assert "interception" not in RULES.manual.man_page("order", rules)
    assert "within 500 metres" in RULES.manual.man_page("order", rules)
