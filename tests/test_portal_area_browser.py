"""The area games' portal in a real browser: Playwright driving Debian's Chromium, headless, at a phone's 360 px
width; a Diplomacy power and a unit-profiles power. Needs Playwright and Chromium (tests/browser_support.py);
``KRIEGSSPIEL_SHOTS=DIR`` keeps the screenshots."""
from __future__ import annotations

from pathlib import Path

from browser_support import SMALL_PHONE, browser, phone, shot, wait_until  # noqa: F401 - browser: the fixture

from area_portal_support import (
    PROFILES, PROFILES_ATTACK, PROFILES_PURCHASE, answer_until, running_area_portal, send, write_area_game,
)


def test_a_diplomacy_power_types_orders_sees_each_verdict_sends_and_follows_the_confirm(browser, tmp_path: Path) -> None:
    save = write_area_game(tmp_path)
    with running_area_portal(save) as live:
        context, page, problems = phone(browser, SMALL_PHONE)
        assert page.goto(live.urls["FRANCE"]).status == 200
        wait_until(page, "document.getElementById('picture').complete")
        assert page.eval_on_selector("#picture", "img => img.naturalWidth") > 1000
        assert page.inner_text("h1") == "France" and page.inner_text("#moment") == "Spring 1901, movement"
        assert page.evaluate("document.documentElement.scrollWidth") <= 360  # nothing wider than the phone
        # each line is checked as it is typed: the refused one says why, next to it
        page.fill("#orders-text", "A PAR - BUR\nA MAR - XYZ\nF BRE - MAO")
        wait_until(page, "document.querySelectorAll('#verdicts li').length === 3")
        assert page.eval_on_selector_all("#verdicts li", "items => items.map(i => i.className)") == ["ok", "bad", "ok"]
        assert "unknown province XYZ" in page.inner_text("#verdicts li.bad .reason")
        assert live.game.turn.orders == ()                              # checking writes nothing
        shot(page, tmp_path, "area-1-typing", full=True)
        # the Zoom button (taps on the picture give orders) zooms onto France's own units (the west of the board)
        page.click("#zoom")
        assert page.eval_on_selector(".scroller", "f => f.classList.contains('zoomed')")
        left, width = page.eval_on_selector(".scroller", "f => [f.scrollLeft, f.scrollWidth]")
        top = page.eval_on_selector(".scroller", "f => f.scrollTop")
        assert 0 < left < width * 0.3 and top > 0
        shot(page, tmp_path, "area-1b-zoomed", full=True)
        page.click("#zoom")
        page.fill("#orders-text", "A PAR - BUR\nA MAR - XYZ\nF BRE - MAO\nA MAR - SPA")
        page.check("input[name=ready]")
        page.click("#order-form button[type=submit]")
        page.wait_for_selector("#receipt")
        assert "you are marked ready" in page.inner_text("#receipt")
        assert page.eval_on_selector_all("#sent-verdicts li", "items => items.map(i => i.className)") == [
            "ok", "bad", "ok", "ok"]
        assert [o.text for o in live.game.turn.orders] == ["A PAR - BUR", "F BRE - MAO", "A MAR - SPA"]
        shot(page, tmp_path, "area-2-sent", full=True)
        # England's page shows nothing of them
        other_context, other, _ = phone(browser, SMALL_PHONE)
        other.goto(live.urls["ENGLAND"])
        assert "A PAR - BUR" not in other.content() and "MAO</code></li>" not in other.inner_text("#orders")
        other_context.close()
        # the umpire confirms: the page follows by itself to the next phase, with France's results
        assert live.umpire("confirm").accepted
        wait_until(page, "document.getElementById('moment').textContent === 'Fall 1901, movement'")
        wait_until(page, "document.getElementById('picture').complete")
        assert page.get_attribute("#picture", "src").endswith("/picture/2.png")
        told = page.inner_text("#told")
        assert "A PAR - BUR" in told and "F BRE - MAO" in told
        assert page.input_value("#orders-text") == ""
        shot(page, tmp_path, "area-3-next-phase", full=True)
        assert problems == []  # no script error, no CSP violation
        context.close()


def test_a_unit_profiles_power_answers_the_rules_question_with_a_tap(browser, tmp_path: Path) -> None:
    save = write_area_game(tmp_path, PROFILES)
    with running_area_portal(save) as live:
        send(live.urls["NORD"], PROFILES_PURCHASE)
        assert live.umpire("confirm").accepted
        send(live.urls["NORD"], PROFILES_ATTACK)
        assert live.umpire("confirm").accepted
        context, page, problems = phone(browser, SMALL_PHONE)
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
        shot(page, tmp_path, "profiles-1-question", full=True)
        page.click(f"form.choice button >> nth={len(buttons) - 1}")
        page.wait_for_selector("#receipt")
        assert page.eval_on_selector_all("#sent-verdicts li", "items => items.map(i => i.className)") == ["ok"]
        assert live.game.turn.orders[-1].text == choice.options[-1] and live.game.turn.orders[-1].power == "SUD"
        shot(page, tmp_path, "profiles-2-answered", full=True)
        assert problems == []
        context.close()


def test_without_server_sent_events_the_page_polls_and_follows_the_confirm(browser, tmp_path: Path) -> None:
    save = write_area_game(tmp_path)
    with running_area_portal(save) as live:
        # a browser without server-sent events
        context, page, problems = phone(browser, SMALL_PHONE, init_script="delete window.EventSource")
        page.clock.install()
        page.goto(live.urls["ITALY"])
        assert page.evaluate("typeof window.EventSource") == "undefined"
        assert live.umpire("confirm").accepted
        page.clock.run_for(11_000)  # one polling interval
        wait_until(page, "document.getElementById('moment').textContent === 'Fall 1901, movement'")
        assert problems == []
        context.close()
