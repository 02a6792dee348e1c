"""The Umpire shell's syntax: parse and format are inverses; every wrong line says what is wrong."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kriegsspiel.core.commands import (
    Convert,
    Details,
    EndTurn,
    Force,
    Heading,
    Help,
    Hide,
    Man,
    Merge,
    Message,
    Move,
    Quit,
    Redo,
    Reveal,
    Score,
    Split,
    Undo,
    is_order,
)
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.commands import NotationError, command_words, format_command, parse_command


@pytest.mark.parametrize(
    "text, command",
    [
        ("move va1 > 3,4", Move("va1", WorldPoint(3, 4))),
        ("move va1>3.5, -2", Move("va1", WorldPoint(3.5, -2))),
        ("MOVE va1 >  3 , 4", Move("va1", WorldPoint(3, 4))),
        ("heading dd1 45", Heading("dd1", 45.0)),
        ("heading dd1 370", Heading("dd1", 10.0)),
        ("heading dd1 -90", Heading("dd1", 270.0)),
        ("hide va1", Hide("va1")),
        ("reveal va1", Reveal("va1")),
        ("convert art1", Convert("art1")),
        ("merge a b c > abc", Merge(("a", "b", "c"), "abc")),
        ("split abc > a b", Split("abc", ("a", "b"))),
        ("message Rebel hold   the ford", Message("Rebel", "hold the ford")),
        ('message "Lord Howe" cross at 12,30', Message("Lord Howe", "cross at 12,30")),
        ("turn", EndTurn()),
        ("end", EndTurn()),
        ("force move va1 > 3,4", Force(Move("va1", WorldPoint(3, 4)))),
        ("force turn", Force(EndTurn())),
        ("score", Score()),
        ("details", Details(None)),
        ("details va1", Details("va1")),
        ("man", Man(None)),
        ("man MOVE", Man("move")),
        ("help", Help()),
        ("undo", Undo()),
        ("redo", Redo()),
        ("quit", Quit()),
        ("exit", Quit()),
    ],
)
def test_parse(text: str, command) -> None:
    assert parse_command(text) == command


@pytest.mark.parametrize(
    "text, command_word, message",
    [
        ("", None, "empty line"),
        ("fly va1", None, "unknown command 'fly'"),
        ("move va1 3,4", "move", "move: expected one '>'"),
        ("move va1 > 3", "move", "move: expected a point X,Y after '>', got '3'"),
        ("move va1 > a,4", "move", "move: X must be a number, got 'a'"),
        ("move va1 > nan,4", "move", "move: X must be a finite number"),
        ("move va1 va2 > 3,4", "move", "move: expected one unit id before '>'"),
        ("move va,1 > 3,4", "move", "move: 'va,1' is not a unit id"),
        ("heading dd1", "heading", "heading: expected a unit id and a bearing"),
        ("heading dd1 north", "heading", "heading: the bearing must be a number"),
        ("hide", "hide", "hide: expected one unit id"),
        ("hide a b", "hide", "hide: expected one unit id"),
        ("merge a > b", "merge", "merge: name at least two units"),
        ("merge a b > c d", "merge", "merge: name exactly one new unit"),
        ("merge a a > c", "merge", "merge: a unit is named twice"),
        ("split a > b", "split", "split: name at least two new units"),
        ("split a b > c d", "split", "split: name exactly one unit"),
        ("split a > b b", "split", "split: a new unit is named twice"),
        ("message Rebel", "message", "message: the message has no text"),
        ("message", "message", "message: name a side or a player"),
        ('message "Lord Howe hello', "message", "no closing"),
        ("turn now", "turn", "turn takes no arguments"),
        ("force", "force", "force: name the order"),
        ("force score", "force", "force: 'score' is not an order"),
        ("force force turn", "force", "force: an order is forced once"),
        ("force fly a", None, "unknown command 'fly'"),
        ("details a b", "details", "details: expected at most one unit id"),
    ],
)
def test_wrong_lines(text: str, command_word: str | None, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_command(text)
    assert message in str(caught.value)
    assert caught.value.command == command_word


unit_ids = st.text(alphabet=st.characters(min_codepoint=33, max_codepoint=126, blacklist_characters="\"',>#"), min_size=1, max_size=8)
coordinates = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False)
words = st.text(alphabet=st.characters(whitelist_categories=("L", "N", "P")), min_size=1, max_size=6)
orders = st.one_of(
    st.builds(Move, unit_ids, st.builds(WorldPoint, coordinates, coordinates)),
    st.builds(Heading, unit_ids, st.floats(min_value=0, max_value=359.999)),
    st.builds(Hide, unit_ids),
    st.builds(Reveal, unit_ids),
    st.builds(Convert, unit_ids),
    st.builds(Merge, st.lists(unit_ids, min_size=2, max_size=4, unique=True).map(tuple), unit_ids),
    st.builds(Split, unit_ids, st.lists(unit_ids, min_size=2, max_size=4, unique=True).map(tuple)),
    st.builds(
        Message,
        st.one_of(unit_ids.filter(lambda s: not s.startswith('"')), st.just("Lord Howe")),
        st.lists(words, min_size=1, max_size=5).map(" ".join),
    ),
    st.just(EndTurn()),
)


@given(orders)
def test_format_then_parse_gives_the_same_order_exactly(order) -> None:
    text = format_command(order)
    assert parse_command(text) == order
    assert parse_command(format_command(Force(order))) == Force(order)
    assert is_order(order)


def test_a_drag_target_survives_the_journal_to_the_last_bit() -> None:
    order = Move("va1", WorldPoint(12.345678901234567, 0.1 + 0.2))
    assert parse_command(format_command(order)).target == order.target


def test_queries_are_not_orders_and_format_back() -> None:
    for query in (Score(), Details(None), Details("va1"), Man(None), Man("move"), Help(), Undo(), Redo(), Quit()):
        assert not is_order(query)
        assert parse_command(format_command(query)) == query


def test_every_command_word_has_a_manual_page() -> None:
    from kriegsspiel.core.game import CORE_RULES, rules_for
    from kriegsspiel.rulesets import load_ruleset

    assert set(command_words()) == set(CORE_RULES.manual.pages)
    for name in ("modern-4e", "kriegsspiel-v3"):
        rules = rules_for(load_ruleset(name))
        assert set(rules.words()) == set(rules.manual.pages), name


def _parses_or_says_why(text: str) -> None:
    try:
        command = parse_command(text)
    except NotationError as exc:
        assert str(exc)
    else:
        assert parse_command(format_command(command)) == command


@given(st.text(max_size=60))
def test_any_text_parses_or_says_why(text: str) -> None:
    _parses_or_says_why(text)


@given(st.lists(st.sampled_from(["move", "merge", "split", "force", "va1", ">", ",", "3", "3,4", '"', "x y"]), max_size=8))
def test_near_misses_parse_or_say_why(tokens: list[str]) -> None:
    _parses_or_says_why(" ".join(tokens))
