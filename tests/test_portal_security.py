"""The portal's security items (issue 18, item 7), each against a real server on loopback."""
from __future__ import annotations

import re

import json
import logging
from pathlib import Path

import pytest

pytest.importorskip("aiohttp")

from portal_support import (  # noqa: E402
    BLUE,
    RED,
    RED_ORDERS,
    csrf_of,
    first_event,
    fetch,
    multipart,
    origin_of,
    post_orders,
    running_portal,
    write_game,
)


@pytest.fixture
def live(tmp_path: Path):
    with running_portal(write_game(tmp_path)) as running:
        yield running


def _link_paths(link: str) -> list[str]:
    return [link, link + "/picture/1.png", link + "/status.json"]


def test_every_answer_carries_the_security_headers(live) -> None:
    for url in [*_link_paths(live.blue), live.base + "static/player.js", live.base + "p/nope", live.base]:
        answer = fetch(url)
        headers = answer.headers
        csp = headers["content-security-policy"]
        assert "script-src 'self'" in csp and "'unsafe-inline'" not in csp, url
        assert "frame-ancestors 'none'" in csp and headers["x-frame-options"] == "DENY", url
        assert headers["x-content-type-options"] == "nosniff", url
        assert headers["cache-control"] == "no-store", url
        assert headers["referrer-policy"] == "same-origin", url
        assert "server" not in headers, url


def test_the_page_has_no_inline_script_or_style(live) -> None:
    page = fetch(live.blue).text
    assert '<script src="/static/player.js" defer></script>' in page
    assert page.count("<script") == 1 and "style=" not in page and "<style" not in page and "on" + "click" not in page


def test_a_player_named_script_is_shown_as_text(live) -> None:
    page = fetch(live.blue).text
    assert "<script>alert" not in page
    assert "&lt;script&gt;alert(&#x27;Blue&#x27;)&lt;/script&gt; HQ" in page
    # what the player writes comes back escaped too
    assert post_orders(live.blue, "</textarea><script>alert(2)</script>").status == 303
    page = fetch(live.blue).text
    assert "<script>alert(2)" not in page and "&lt;/textarea&gt;&lt;script&gt;alert(2)" in page


def test_a_post_without_its_pages_csrf_token_is_refused(live) -> None:
    assert post_orders(live.blue, "advance", csrf="0" * 32 + "." + "0" * 64).status == 403
    assert post_orders(live.blue, "advance", csrf="").status == 403
    # a token of Red's page does not do for Blue's link
    assert post_orders(live.blue, "advance", csrf=csrf_of(fetch(live.red).text)).status == 403
    assert live.portal.orders_of(BLUE) == []
    refused = post_orders(live.blue, "advance", csrf="x.y")
    assert "press Send again" in refused.text and ">advance</textarea>" in refused.text  # the draft is kept


@pytest.mark.parametrize("origin", [None, "http://evil.example", "null"])
def test_a_post_from_another_origin_is_refused(live, origin: str | None) -> None:
    answer = post_orders(live.blue, "advance", origin=origin)
    assert answer.status == 403 and "own page" in answer.text
    assert live.portal.orders_of(BLUE) == []


def test_a_body_over_16_kib_is_413(live) -> None:
    csrf = csrf_of(fetch(live.blue).text)
    body, kind = multipart({"csrf": csrf, "round": "1", "orders": "x" * (16 * 1024)})
    answer = fetch(live.blue + "/orders", "POST", body, {"Content-Type": kind, "Origin": origin_of(live.blue)})
    assert answer.status == 413 and "16 KiB" in answer.text
    assert live.portal.orders_of(BLUE) == []


def test_orders_over_4000_characters_are_refused_with_the_limit_named(live) -> None:
    answer = post_orders(live.blue, "y" * 4001)
    assert answer.status == 400
    assert "4,001 characters" in answer.text and "the limit is 4,000 characters" in answer.text
    assert live.portal.orders_of(BLUE) == []
    assert post_orders(live.blue, "y" * 4000).status == 303  # the limit itself is allowed


def test_the_eleventh_post_in_a_minute_is_429(live) -> None:
    csrf = csrf_of(fetch(live.blue).text)
    for n in range(10):
        assert post_orders(live.blue, f"orders {n}", csrf=csrf).status == 303
    refused = post_orders(live.blue, "orders 10", csrf=csrf)
    assert refused.status == 429 and int(refused.headers["retry-after"]) >= 1
    assert len(live.portal.orders_of(BLUE)) == 10
    assert post_orders(live.red, "red is counted apart").status == 303  # per link


def test_posting_to_a_closed_round_is_409(live) -> None:
    csrf = csrf_of(fetch(live.blue).text)  # the page was open when the umpire closed the round
    live.portal.close_round()
    answer = post_orders(live.blue, "too late", csrf=csrf)
    assert answer.status == 409 and "round 1 is closed to orders" in answer.text
    assert live.portal.orders_of(BLUE) == []


def test_posting_to_a_round_that_is_over_is_409(live) -> None:
    csrf = csrf_of(fetch(live.blue).text)
    for line in ("turn", "turn"):
        assert live.game.submit(line).accepted
    answer = post_orders(live.blue, "for round one", csrf=csrf, round_number=1)
    assert answer.status == 409 and "round 1 is over" in answer.text
    assert post_orders(live.blue, "for round two", round_number=2).status == 303


def test_no_listing_no_traversal_no_other_files(live, tmp_path: Path) -> None:
    token = live.blue.rsplit("/", 1)[1]
    for raw in ("/static/", "/static", "/p/", "/static/../field.kssave.links", "/static/..%2ffield.kssave",
                f"/p/{token}/../../field.kssave.links", f"/p/{token}/picture/../../../field.toml",
                f"/p/{token}/picture/", f"/p/{token}/picture/9.png", "/field.kssave", "/%2e%2e/field.toml"):
        answer = fetch(live.base, raw_path=raw)
        assert answer.status == 404, raw
        assert b"infantry" not in answer.body and token.encode() not in answer.body, raw


def test_an_error_of_ours_shows_no_stack_trace(live, monkeypatch: pytest.MonkeyPatch, caplog) -> None:
    def broken(player: str) -> list:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(live.portal, "handouts", broken)
    with caplog.at_level(logging.ERROR, logger="kriegsspiel.portal"):
        answer = fetch(live.blue)
    assert answer.status == 500
    assert "Traceback" not in answer.text and "secret internals" not in answer.text
    assert "RuntimeError" in caplog.text  # the umpire's log has it


def test_forged_revoked_and_malformed_tokens_are_404(live) -> None:
    token = live.blue.rsplit("/", 1)[1]
    forged = token[:-1] + ("A" if token[-1] != "A" else "B")
    for bad in (forged, token[:-4], "x", "A" * 200, token.upper() if token.upper() != token else token.lower()):
        for path in ("", "/picture/1.png", "/status.json", "/events"):
            assert fetch(f"{live.base}p/{bad}{path}").status == 404, (bad, path)
        assert post_orders(f"{live.base}p/{bad}", "x", csrf="a.b").status == 404
    new = live.portal.revoke(BLUE)
    assert fetch(live.blue).status == 404
    assert fetch(f"{live.base}p/{new}").status == 200


def test_the_access_log_never_holds_a_token(live, caplog) -> None:
    with caplog.at_level(logging.DEBUG):
        fetch(live.blue)
        fetch(live.blue + "/status.json")
        post_orders(live.blue, "hold the bridge")
    tokens = [url.rsplit("/", 1)[1] for url in live.urls.values()]
    assert "GET /p/…" in caplog.text
    assert not any(token in caplog.text for token in tokens)


def test_no_endpoint_of_one_player_shows_anything_of_the_other(live) -> None:
    from kriegsspiel.pov import player_picture
    from kriegsspiel.pov.png import png_bytes

    assert post_orders(live.red, RED_ORDERS, ready=True).status == 303
    state = live.game.state
    red_picture = png_bytes(player_picture(state, RED))
    blue_picture = png_bytes(player_picture(state, BLUE))
    answers = [fetch(url) for url in _link_paths(live.blue)]
    status, headers, event = first_event(live.blue + "/events")
    assert status == 200 and headers["content-type"].startswith("text/event-stream")
    assert headers["cache-control"] == "no-store"
    # a ruler game's orders are free text for the umpire: the check names nothing, not even whether r1 exists
    page = answers[0].text
    check = fetch(live.blue + "/check", "POST", b'{"orders": "r1 halts\\nb1 attacks r1"}',
                  {"Content-Type": "application/json", "Origin": origin_of(live.blue)})
    assert check.status == 200 and check.text == '{"lines": []}'
    assert csrf_of(page)  # (the page was a real one, with its form)
    bodies = [answers[0].body, answers[2].body, event.encode(), check.body]  # the picture is compared whole
    assert all(a.status == 200 for a in answers)
    for body in bodies:
        for secret in (RED.encode(), RED_ORDERS.encode(), b"secret-plan", b"Red HQ"):
            assert secret not in body, secret
        # the unit id as a word: the page's random url-safe tokens may hold the letters r1 by chance
        assert re.search(rb"(?<![A-Za-z0-9_-])r1(?![A-Za-z0-9_-])", body) is None
    assert b'"sheet": 1' in bodies[2]
    # the zoom opens on Blue's own unit (b1, in the west), never on where Red's is (the east)
    blue_focus = json.loads(answers[2].body)["focus"]
    red_focus = json.loads(fetch(live.red + "/status.json").body)["focus"]
    assert blue_focus[0] < 0.5 < red_focus[0]
    assert answers[1].body == blue_picture and answers[1].body != red_picture
    inbox_red = live.portal.inbox()["players"][RED]
    assert inbox_red["ready"] and inbox_red["latest"]["text"] == RED_ORDERS
