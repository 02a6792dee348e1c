"""The console line on its own: editing, history with the draft kept, completion in context."""
from __future__ import annotations

import pytest

from kriegsspiel.app.console import ConsoleLine

WORDS = ["force", "heading", "help", "hide", "merge", "message", "move", "turn"]
NAMES = ["Crown", "Rebel", "Washington", "va1", "va2", "vb1"]


def test_editing_at_the_caret() -> None:
    line = ConsoleLine()
    line.insert("mve va1")
    line.home()
    line.move_caret(1)
    line.insert("o")
    assert (line.text, line.caret) == ("move va1", 2)
    line.end()
    line.backspace()
    line.insert("2\x07")  # control characters never reach the line
    assert line.text == "move va2"
    line.home()
    line.delete()
    assert line.text == "ove va2"


def test_history_keeps_the_draft_and_skips_repeats() -> None:
    line = ConsoleLine()
    for entry in ("score", "details va1", "details va1", "  "):
        line.insert(entry)
        line.submit()
    assert line.history == ["score", "details va1"]
    line.insert("mo")
    line.previous()
    assert line.text == "details va1"
    line.previous()
    line.previous()  # stays at the oldest
    assert line.text == "score"
    line.next()
    line.next()
    assert line.text == "mo"  # the draft comes back


@pytest.mark.parametrize(
    "typed, text, candidates",
    [
        ("mov", "move ", ["move"]),
        ("he", "he", ["heading", "help"]),
        ("hea", "heading ", ["heading"]),
        ("move v", "move v", ["va1", "va2", "vb1"]),
        ("move va", "move va", ["va1", "va2"]),
        ("move vb", "move vb1 ", ["vb1"]),
        ("force mo", "force move ", ["move"]),
        ("message Wa", "message Washington ", ["Washington"]),
        ("move zz", "move zz", []),
        ("merge va1 va", "merge va1 va", ["va1", "va2"]),
    ],
)
def test_completion_in_context(typed: str, text: str, candidates: list[str]) -> None:
    line = ConsoleLine()
    line.insert(typed)
    assert line.complete(WORDS, NAMES) == candidates
    assert line.text == text and line.caret == len(text)


def test_completion_in_the_middle_of_a_line_keeps_the_rest() -> None:
    line = ConsoleLine()
    line.insert("move vb > 3,4")
    line.home()
    line.move_caret(len("move vb"))
    line.complete(WORDS, NAMES)
    assert line.text == "move vb1 > 3,4" and line.caret == len("move vb1 ")


def test_man_pages_wrap_between_words_of_one_sentence_in_the_panel() -> None:
    """The shell fills ``man`` pages to 100 columns; the window joins each field's lines again before the
    narrow panel wraps them, so no sentence breaks where the terminal's line ended (issue 30 item 5)."""
    from kriegsspiel.app.console import reflow_man_page
    from kriegsspiel.core.manual import man_page

    page = man_page("move").splitlines()
    assert any(line.startswith("  ") and not line.startswith("  syntax") and len(line) > 90 for line in page[:3]) or len(page) > 4
    flowed = reflow_man_page(page)
    summary = next(line for line in flowed if line.startswith("  Move a unit"))
    assert "Several moves in one turn draw on the same allowance" in summary, "one field, one line"
    assert [line.split(":")[0] for line in flowed if line.startswith("  ") and ":" in line[:10]] == ["  syntax", "  who", "  range"]
    unknown = man_page("nosuch").splitlines()
    assert reflow_man_page(unknown) == unknown, "the list of commands stays one per line"
