"""The one script of the players' page at work on a ruler game's page and an area game's page (issue 27 item 5):
Chromium headless at 390x844, as a player holds a phone. Each feature works on both where the page offers it:
the zoom opens on the player's units, the countdown follows a deadline the umpire sets, the page follows the
game (a ruler page swaps the sheet in place, an area page is loaded again); lines are checked as typed where
the desk checks them (an area game's; the shipped ruler desk does not, so a ruler page sends no check, but a
ruler desk that offers checking gets it from the same script). Needs Playwright and Chromium
(tests/browser_support.py); ``KRIEGSSPIEL_SHOTS=DIR`` keeps the screenshots."""
from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from browser_support import browser, phone, shot, wait_until  # noqa: F401 - browser: the fixture

from area_portal_support import running_area_portal, write_area_game
from portal_support import BLUE, RED, running_portal, write_game

from kriegsspiel.store import RulerSession
from kriegsspiel.store.desk import LineVerdict, OrderForm, order_lines
from kriegsspiel.store.round_desk import RoundDesk

COUNTDOWN = re.compile(r"^\d+:\d\d left to send orders$")


def _phone(browser: Any) -> tuple[Any, Any, list[str], list[str]]:
    """A phone at 390x844, its page, the page's errors and the addresses of the checks it asked for."""
    context, page, problems = phone(browser)
    checks: list[str] = []
    page.on("request", lambda request: checks.append(request.url) if request.url.endswith("/check") else None)
    return context, page, problems, checks


@contextmanager
def _game(kind: str, folder: Path) -> Iterator[tuple[Any, str, Any]]:
    """A running portal of a ``kind`` game: it, one player's link, and what moves the game on (the umpire)."""
    if kind == "ruler":
        with running_portal(write_game(folder)) as live:
            def next_round() -> None:
                for line in ("turn", "turn"):
                    assert live.portal.gate.run(lambda line=line: live.game.submit(line)).accepted
            yield live, live.red, next_round
    else:
        with running_area_portal(write_area_game(folder)) as live:
            yield live, live.urls["FRANCE"], lambda: live.umpire("confirm")


@pytest.mark.parametrize("kind", ["ruler", "area"])
def test_the_one_script_zooms_counts_down_and_follows_the_game_on_every_page(browser, tmp_path: Path,
                                                                            kind: str) -> None:
    with _game(kind, tmp_path) as (live, link, move_on):
        context, page, problems, _ = _phone(browser)
        page.goto(link)
        assert page.evaluate("Array.from(document.scripts).map(s => s.src)") == [live.base + "static/player.js"]
        wait_until(page, "document.getElementById('picture').complete && "
                          "document.getElementById('picture').naturalWidth > 0")
        shot(page, tmp_path, f"one-script-{kind}")
        # the zoom opens on the player's units (the picture's focus): by a tap on it, or where taps on the
        # picture give orders (the tap layer), by the Zoom button
        fx, fy = (float(v) for v in page.get_attribute("#picture", "data-focus").split(","))
        page.click("#zoom" if page.is_visible("#zoom") else "#picture")
        frame = page.eval_on_selector(".scroller", "f => { const i = f.querySelector('img'); return [f.scrollLeft, "
                                                   "f.clientWidth, i.naturalWidth, f.classList.contains('zoomed')]; }")
        left, width, natural, zoomed = frame
        assert zoomed and left > 0 and left <= fx * natural <= left + width
        page.evaluate("window.kept = 1")  # gone if the page is loaded again
        # the countdown follows a deadline set after the page was drawn
        assert page.query_selector("#countdown") is None
        live.portal.set_deadline(30)
        wait_until(page, "document.getElementById('countdown') !== null")
        wait_until(page, "/left to send orders$/.test(document.getElementById('countdown').textContent)")
        assert COUNTDOWN.match(page.inner_text("#countdown"))
        # a ruler page shows no more than the status carries: swapped in place; an area page: loaded again
        assert page.get_attribute("body", "data-follow") == ("sheet" if kind == "ruler" else "page")
        assert page.evaluate("window.kept") == (1 if kind == "ruler" else None)
        move_on()
        wait_until(page, "document.getElementById('picture').src.endsWith('/picture/2.png')")
        wait_until(page, "document.getElementById('picture').complete")
        assert page.evaluate("window.kept") == (1 if kind == "ruler" else None)
        assert page.input_value("input[name=round]") == "2"
        shot(page, tmp_path, f"one-script-{kind}-next")
        assert problems == []  # no script error, no CSP violation
        context.close()


class CheckingRoundDesk(RoundDesk):
    """A ruler game's desk that offers the check of each order line (the shipped one does not: orders are free
    text for the umpire). A line that orders one of the player's own units is judged by the session's preview;
    any other is refused without asking the board, so that the check tells nothing of the others' units."""

    OWN = {BLUE: "b1", RED: "r1"}

    def order_form(self, player: str) -> OrderForm:
        return OrderForm(self.phase_name(self.ordering_number()), checked=True)

    def check(self, player: str, text: str) -> tuple[LineVerdict, ...]:
        verdicts = []
        for line in order_lines(text):
            words = line.split()
            if len(words) < 2 or words[1] != self.OWN[player]:
                verdicts.append(LineVerdict(line, False, line, f"you command {self.OWN[player]} only"))
                continue
            outcome = self.session.preview(line)
            verdicts.append(LineVerdict(line, outcome.accepted, outcome.command, outcome.reason))
        return tuple(verdicts)


def test_lines_are_checked_as_typed_where_the_desk_checks_them_in_a_ruler_game_too(browser, tmp_path: Path,
                                                                                  monkeypatch) -> None:
    (tmp_path / "shipped").mkdir()
    # the shipped ruler desk checks nothing: its page sends no line to be checked
    with running_portal(write_game(tmp_path / "shipped")) as live:
        context, page, problems, checks = _phone(browser)
        page.goto(live.blue)
        page.fill("#orders-text", "move b1 > 2,2")
        page.wait_for_timeout(1000)  # the script waits 300 ms after typing before it asks
        assert checks == [] and page.query_selector("#verdicts") is None
        assert problems == []
        context.close()
    # a ruler desk that checks: the same script checks each line as it is typed, and still swaps the sheet in
    monkeypatch.setattr(RulerSession, "desk", lambda session: CheckingRoundDesk(session))
    (tmp_path / "checked").mkdir()
    with running_portal(write_game(tmp_path / "checked")) as live:
        context, page, problems, checks = _phone(browser)
        page.goto(live.blue)
        assert page.get_attribute("body", "data-follow") == "sheet"
        page.fill("#orders-text", "move b1 > 2,2\nmove r1 > 11.5,5.5")
        wait_until(page, "document.querySelectorAll('#verdicts li').length === 2")
        assert page.eval_on_selector_all("#verdicts li", "items => items.map(i => i.className)") == ["ok", "bad"]
        assert page.inner_text("#verdicts li.bad .reason") == "you command b1 only"
        page.evaluate("window.kept = 1")
        asked = len(checks)
        for line in ("turn", "turn"):
            assert live.portal.gate.run(lambda line=line: live.game.submit(line)).accepted
        wait_until(page, "document.getElementById('picture').src.endsWith('/picture/2.png')")
        assert page.evaluate("window.kept") == 1  # swapped in place: the text typed is kept...
        assert page.input_value("#orders-text") == "move b1 > 2,2\nmove r1 > 11.5,5.5"
        deadline = time.monotonic() + 20
        while len(checks) == asked:  # ...and checked again against the new round
            assert time.monotonic() < deadline, "the text was not checked again when the round changed"
            page.wait_for_timeout(50)
        wait_until(page, "document.querySelectorAll('#verdicts li').length === 2")
        assert problems == []
        context.close()
