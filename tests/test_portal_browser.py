"""The portal in a real browser: Playwright driving Debian's Chromium, headless, at a phone's 360 px width
(tests/browser_support.py: skipped without Playwright or Chromium). Set ``KRIEGSSPIEL_SHOTS=DIR`` to keep the
screenshots.
"""
from __future__ import annotations

import re

import json
import time
from pathlib import Path

from browser_support import SMALL_PHONE, browser, phone, shot, wait_until  # noqa: F401 - browser: the fixture
from portal_support import BLUE, RED, running_portal, write_game

from kriegsspiel.cli import main

BLUE_ORDERS = "b1 advances to the wood's edge.\nScouts north."


def _picture_loaded(page) -> bool:
    return page.eval_on_selector("#picture", "img => img.complete && img.naturalWidth > 0")


def test_a_player_reads_the_picture_sends_orders_and_gets_a_receipt_on_a_phone(browser, tmp_path: Path,
                                                                              capsys) -> None:
    save = write_game(tmp_path)
    with running_portal(save) as live:
        context, page, problems = phone(browser, SMALL_PHONE)
        answer = page.goto(live.blue)
        assert answer is not None and answer.status == 200
        wait_until(page, "document.getElementById('picture').complete")
        assert _picture_loaded(page)
        assert page.inner_text("h1") == BLUE  # the name as text, never run
        assert page.evaluate("document.documentElement.scrollWidth") <= 360  # nothing wider than the phone
        shot(page, tmp_path, "1-page", full=True)

        page.fill("#orders-text", BLUE_ORDERS)
        page.check("input[name=ready]")
        page.click("button[type=submit]")
        page.wait_for_selector("#receipt")
        receipt = page.inner_text("#receipt")
        assert "Received: orders for round 1" in receipt and "you are marked ready" in receipt
        shot(page, tmp_path, "2-receipt", full=True)

        # the umpire's inbox has them, through the journal
        inbox = live.portal.inbox()
        assert inbox["players"][BLUE]["latest"]["text"] == BLUE_ORDERS and inbox["players"][BLUE]["ready"]
        assert inbox["players"][BLUE]["latest"]["digest"] in receipt

        # the other player's page shows nothing of them
        other = context.new_page()
        assert other.goto(live.red).status == 200
        content = other.content()
        # b1 as a word: the page's random url-safe tokens may hold the letters b1 by chance
        assert "advances to the wood" not in content and "alert" not in content
        assert re.search(r"(?<![A-Za-z0-9_-])b1(?![A-Za-z0-9_-])", content) is None
        assert other.inner_text("h1") == RED

        # a forged token: 404
        token = live.blue.rsplit("/", 1)[1]
        forged = live.blue[: -len(token)] + token[::-1]
        assert other.goto(forged).status == 404
        assert "Nothing here" in other.content()

        # the umpire ends the round: the new picture appears without reloading, the draft stays
        page.fill("#orders-text", "a draft for round 2")
        page.evaluate("window.kept = 1")  # gone if the page reloads
        for line in ("turn", "turn"):
            assert live.portal.gate.run(lambda line=line: live.game.submit(line)).accepted
        wait_until(page, "document.getElementById('moment').textContent.startsWith('End of round 1')")
        wait_until(page, "document.getElementById('picture').src.endsWith('/picture/2.png')")
        wait_until(page, "document.getElementById('picture').complete")
        assert _picture_loaded(page)
        assert page.evaluate("window.kept") == 1
        assert page.input_value("#orders-text") == "a draft for round 2"
        assert page.input_value("input[name=round]") == "2"
        assert not page.is_checked("input[name=ready]")  # ready was said of round 1
        assert page.inner_text("#history summary") == "Round 1"  # the sheet replaced is kept, as after a reload
        assert page.eval_on_selector("#history img", "img => img.src").endswith("/picture/1.png")
        shot(page, tmp_path, "3-next-round", full=True)
        assert problems == []  # no script error, no CSP violation
        context.close()
    capsys.readouterr()
    assert main(["inbox", str(save), "--round", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"][BLUE]["latest"]["text"] == BLUE_ORDERS


def test_the_page_falls_back_to_polling_without_server_sent_events(browser, tmp_path: Path) -> None:
    save = write_game(tmp_path)
    with running_portal(save) as live:
        # a browser without server-sent events
        context, page, _ = phone(browser, SMALL_PHONE, init_script="delete window.EventSource")
        page.clock.install()
        page.goto(live.red)
        assert page.evaluate("typeof window.EventSource") == "undefined"
        for line in ("turn", "turn"):
            assert live.portal.gate.run(lambda line=line: live.game.submit(line)).accepted
        page.clock.run_for(11_000)  # one polling interval
        # (wait_for_function polls with eval, which the page's CSP forbids once the clock is faked)
        deadline = time.monotonic() + 10
        while not page.evaluate("document.getElementById('picture').src").endswith("/picture/2.png"):
            assert time.monotonic() < deadline, "the page did not poll"
            time.sleep(0.05)
        assert page.inner_text("#moment").startswith("End of round 1")
        context.close()


def test_a_zoomed_picture_opens_on_the_players_units_again_when_the_next_round_arrives(browser, tmp_path: Path) -> None:
    """Issue 30 item 12: the live update swaps in the next round's picture; a zoomed picture is then centred on
    where the player's units are now (the new sheet's focus), as a reload would, not left where they were."""
    save = write_game(tmp_path)
    with running_portal(save) as live:
        context, page, _ = phone(browser, SMALL_PHONE)
        page.goto(live.red)
        wait_until(page, "document.getElementById('picture').complete")
        page.click("#picture")  # zoom: the frame opens on r1, at the map's east
        assert page.eval_on_selector("#picture", "img => img.parentNode.parentNode.classList.contains('zoomed')")
        before = page.eval_on_selector(".scroller", "f => f.scrollLeft")
        for line in ("turn", "move r1 > 11.5,5.5", "turn"):  # r1 marches two units west; round 1 ends
            assert live.portal.gate.run(lambda line=line: live.game.submit(line)).accepted
        wait_until(page, "document.getElementById('picture').src.endsWith('/picture/2.png')")
        wait_until(page, "document.getElementById('picture').complete")
        focus = live.portal.handouts(RED)[-1].focus
        assert focus is not None and page.get_attribute("#picture", "data-focus") == f"{focus[0]},{focus[1]}"
        want = page.eval_on_selector("#picture", f"""img => {{ const f = img.parentNode.parentNode;
            return Math.min(Math.max(0, {focus[0]} * img.naturalWidth - f.clientWidth / 2),
                            f.scrollWidth - f.clientWidth); }}""")
        assert abs(want - before) > 20  # the units moved on the picture: the test can tell the two apart
        wait_until(page, f"Math.abs(document.querySelector('.scroller').scrollLeft - {want}) <= 2")
        assert page.eval_on_selector("#picture", "img => img.parentNode.parentNode.classList.contains('zoomed')")
        context.close()
