"""The portal's small parts: the link book's lookup, the gates that carry journal writes to the right thread,
the rate limiter, the report text, the log's redaction."""
from __future__ import annotations

import threading
from pathlib import Path

import pytest

from kriegsspiel.portal.links import LinkBook, new_token, token_hash, well_formed


def test_tokens_have_at_least_128_bits_and_are_looked_up_exactly(tmp_path: Path) -> None:
    book = LinkBook(tmp_path / "x.links", {})
    book.issue_missing(["A", "B"])
    a, b = book.tokens["A"], book.tokens["B"]
    assert len(a) * 6 >= 128 and well_formed(a) and a != b
    assert book.player_of(a) == "A" and book.player_of(b) == "B"
    for bad in (a[:-1], a + "x", "", "../../etc", a.replace(a[0], "%"), "é" * 30):
        assert book.player_of(bad) is None
    old = a
    book.reissue("A")
    assert book.player_of(old) is None and book.player_of(book.tokens["A"]) == "A"
    assert token_hash(old) != token_hash(book.tokens["A"]) and len({new_token() for _ in range(50)}) == 50


def test_the_lookup_compares_in_constant_time(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import kriegsspiel.portal.links as links

    calls: list[tuple[bytes, bytes]] = []
    real = links.hmac.compare_digest

    def spy(x: bytes, y: bytes) -> bool:
        calls.append((x, y))
        return real(x, y)

    monkeypatch.setattr(links.hmac, "compare_digest", spy)
    book = LinkBook(tmp_path / "x.links", {"A": "a" * 32, "B": "b" * 32, "C": "c" * 32})
    assert book.player_of("a" * 32) == "A"
    assert len(calls) == 3  # every token is compared, the match does not end the search early


def test_the_pump_gate_runs_other_threads_jobs_on_the_owners_thread() -> None:
    from kriegsspiel.portal.service import PumpGate

    gate = PumpGate(timeout=5)
    owner = threading.get_ident()
    ran_on: list[int] = []
    results: list[int] = []

    def job() -> int:
        ran_on.append(threading.get_ident())
        return 42

    assert gate.run(job) == 42  # the owner itself: at once
    worker = threading.Thread(target=lambda: results.append(gate.run(job)))
    worker.start()
    while gate.pump() == 0:
        pass
    worker.join(5)
    assert results == [42] and ran_on == [owner, owner]

    def failing() -> int:
        raise ValueError("disk full")

    problems: list[str] = []

    def call() -> None:
        try:
            gate.run(failing)
        except ValueError as exc:
            problems.append(str(exc))

    worker = threading.Thread(target=call)
    worker.start()
    while gate.pump() == 0:
        pass
    worker.join(5)
    assert problems == ["disk full"]


def test_the_rate_limiter_slides() -> None:
    pytest.importorskip("aiohttp")
    from kriegsspiel.portal.server import _Limiter

    now = [0.0]
    limiter = _Limiter(3, 60.0, lambda: now[0])
    assert [limiter.allow("a") for _ in range(3)] == [None, None, None]
    assert limiter.allow("a") == pytest.approx(60.0)
    assert limiter.allow("b") is None
    now[0] = 60.0
    assert limiter.allow("a") is None


def test_the_log_never_shows_a_token() -> None:
    pytest.importorskip("aiohttp")
    from kriegsspiel.portal.server import redact

    assert redact("/p/abcDEF_123-x/status.json") == "/p/…/status.json"
    assert redact("/p/abc") == "/p/…" and redact("/static/player.js") == "/static/player.js"


def test_the_report_tells_only_what_the_view_holds() -> None:
    import numpy as np

    from kriegsspiel.core.sight import OwnUnit, PlayerView, Received, SeenEnemy
    from kriegsspiel.core.geometry import WorldPoint
    from kriegsspiel.store.round_desk import report_text

    view = PlayerView(player="P", side="Blue", round=3, game_minutes=None,
                      own_units=(OwnUnit("b1", "infantry", "Blue", WorldPoint(1, 2), 4, 90.0, False, True),
                                 OwnUnit("b9", "cavalry", "Blue", WorldPoint(3, 4), 2, None, False, False)),
                      seen_enemies=(SeenEnemy("Red", "artillery", WorldPoint(5, 6), None),),
                      seen=np.zeros((1, 1), dtype=bool), cell_size=1.0,
                      received=(Received(2, "message from Q", "come at once"),))
    text = report_text(view, "End of round 2")
    assert text.splitlines()[0] == "P (Blue): End of round 2"
    assert "b1: infantry at (1.0, 2.0), strength 4, facing 90°" in text
    assert "Friendly units in sight (1):\n  b9: cavalry at (3.0, 4.0)" in text
    assert "Red artillery at (5.0, 6.0)" in text and "round 2, message from Q: come at once" in text
