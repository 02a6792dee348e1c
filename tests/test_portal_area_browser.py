"""The area games' portal in a real browser: Playwright driving Debian's Chromium, headless, at a phone's 360 px
width; a Diplomacy power and a unit-profiles power. As tests/test_portal_browser.py: needs ``playwright`` and
``/usr/bin/chromium`` (or ``$KRIEGSSPIEL_CHROMIUM``); ``KRIEGSSPIEL_SHOTS=DIR`` keeps the screenshots."""
from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = os.environ.get("KRIEGSSPIEL_CHROMIUM", "/usr/bin/chromium")
if not Path(CHROMIUM).exists():
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

from area_portal_support import (  # noqa: E402
    PROFILES, PROFILES_ATTACK, PROFILES_PURCHASE, answer_until, running_area_portal, send, write_area_game,
)

PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def _wait_until(page, expression: str, seconds: float = 20.0) -> None:
    """Poll ``expression`` from Python (the page's CSP forbids the eval that wait_for_function may use)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            if page.evaluate(expression):
                return
        except sync_api.Error:  # the page reloading itself (the phase moved on): ask the new one
            pass
        assert time.monotonic() < deadline, f"still false after {seconds} s: {expression}"
        time.sleep(0.05)


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield chromium
        chromium.close()


def _shot(page, tmp_path: Path, name: str) -> Path:
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    keep = os.environ.get("KRIEGSSPIEL_SHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(keep) / path.name)
    return path


def _phone(browser):
    context = browser.new_context(**PHONE)
    context.set_default_timeout(90_000)  # a loaded CI machine: slow is not wrong
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    return context, page, problems


def test_a_diplomacy_power_types_orders_sees_each_verdict_sends_and_follows_the_confirm(browser, tmp_path: Path) -> None:
    save = write_area_game(tmp_path)
    with running_area_portal(save) as live:
        context, page, problems = _phone(browser)
        assert page.goto(live.urls["FRANCE"]).status == 200
        _wait_until(page, "document.getElementById('picture').complete")
        assert page.eval_on_selector("#picture", "img => img.naturalWidth") > 1000
        assert page.inner_text("h1") == "France" and page.inner_text("#moment") == "Spring 1901, movement"
        assert page.evaluate("document.documentElement.scrollWidth") <= 360  # nothing wider than the phone
        # each line is checked as it is typed: the refused one says why, next to it
        page.fill("#orders-text", "A PAR - BUR\nA MAR - XYZ\nF BRE - MAO")
        _wait_until(page, "document.querySelectorAll('#verdicts li').length === 3")
        assert page.eval_on_selector_all("#verdicts li", "items => items.map(i => i.className)") == ["ok", "bad", "ok"]
        assert "unknown province XYZ" in page.inner_text("#verdicts li.bad .reason")
        assert live.game.turn.orders == ()                              # checking writes nothing
        _shot(page, tmp_path, "area-1-typing")
        # the Zoom button (taps on the picture give orders) zooms onto France's own units (the west of the board)
        page.click("#zoom")
        assert page.eval_on_selector(".scroller", "f => f.classList.contains('zoomed')")
        left, width = page.eval_on_selector(".scroller", "f => [f.scrollLeft, f.scrollWidth]")
        top = page.eval_on_selector(".scroller", "f => f.scrollTop")
        assert 0 < left < width * 0.3 and top > 0
        _shot(page, tmp_path, "area-1b-zoomed")
        page.click("#zoom")
        page.fill("#orders-text", "A PAR - BUR\nA MAR - XYZ\nF BRE - MAO\nA MAR - SPA")
        page.check("input[name=ready]")
        page.click("#order-form button[type=submit]")
        page.wait_for_selector("#receipt")
        assert "you are marked ready" in page.inner_text("#receipt")
        assert page.eval_on_selector_all("#sent-verdicts li", "items => items.map(i => i.className)") == [
            "ok", "bad", "ok", "ok"]
        assert [o.text for o in live.game.turn.orders] == ["A PAR - BUR", "F BRE - MAO", "A MAR - SPA"]
        _shot(page, tmp_path, "area-2-sent")
        # England's page shows nothing of them
        other_context, other, _ = _phone(browser)
        other.goto(live.urls["ENGLAND"])
        assert "A PAR - BUR" not in other.content() and "MAO</code></li>" not in other.inner_text("#orders")
        other_context.close()
        # the umpire confirms: the page follows by itself to the next phase, with France's results
        assert live.umpire("confirm").accepted
        _wait_until(page, "document.getElementById('moment').textContent === 'Fall 1901, movement'")
        _wait_until(page, "document.getElementById('picture').complete")
        assert page.get_attribute("#picture", "src").endswith("/picture/2.png")
        told = page.inner_text("#told")
        assert "A PAR - BUR" in told and "F BRE - MAO" in told
        assert page.input_value("#orders-text") == ""
        _shot(page, tmp_path, "area-3-next-phase")
        assert problems == []  # no script error, no CSP violation
        context.close()


def test_a_unit_profiles_power_answers_the_rules_question_with_a_tap(browser, tmp_path: Path) -> None:
    save = write_area_game(tmp_path, PROFILES)
    with running_area_portal(save) as live:
        send(live.urls["NORD"], PROFILES_PURCHASE)
        assert live.umpire("confirm").accepted
        send(live.urls["NORD"], PROFILES_ATTACK)
        assert live.umpire("confirm").accepted
        context, page, problems = _phone(browser)
        page.goto(live.urls["SUD"])
        assert "SUD gives no orders" in page.inner_text("#no-orders")
        choice = answer_until(live, "SUD")
        assert choice is not None
        # the page sees the question come without a reload by the player
        page.wait_for_selector("form.choice")
        assert choice.question in page.inner_text("form.choice .question")
        buttons = page.eval_on_selector_all("form.choice button", "bs => bs.map(b => b.value)")
        assert buttons == list(choice.options)
        # each casualty named with what it is, from SUD's own units
        casualty = choice.options[0].rsplit(" ", 1)[1]
        kind = next(u.kind for u in live.game.turn.position.units if u.uid == casualty)
        assert f"({kind}) at FEL" in page.inner_text("form.choice button >> nth=0 >> .what")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        _shot(page, tmp_path, "profiles-1-question")
        page.click(f"form.choice button >> nth={len(buttons) - 1}")
        page.wait_for_selector("#receipt")
        assert page.eval_on_selector_all("#sent-verdicts li", "items => items.map(i => i.className)") == ["ok"]
        assert live.game.turn.orders[-1].text == choice.options[-1] and live.game.turn.orders[-1].power == "SUD"
        _shot(page, tmp_path, "profiles-2-answered")
        assert problems == []
        context.close()


def test_without_server_sent_events_the_page_polls_and_follows_the_confirm(browser, tmp_path: Path) -> None:
    save = write_area_game(tmp_path)
    with running_area_portal(save) as live:
        context, page, problems = _phone(browser)
        context.add_init_script("delete window.EventSource")  # a browser without server-sent events
        page.clock.install()
        page.goto(live.urls["ITALY"])
        assert page.evaluate("typeof window.EventSource") == "undefined"
        assert live.umpire("confirm").accepted
        page.clock.run_for(11_000)  # one polling interval
        _wait_until(page, "document.getElementById('moment').textContent === 'Fall 1901, movement'")
        assert problems == []
        context.close()
