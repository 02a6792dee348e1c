"""Load on loopback: 20 players polling their status while 200 orders are posted (10 per player, the rate
limit's most). Nothing may be lost: every order gets its receipt and is in the journal. Bounded: 20 players,
200 posts, 60 seconds at most. Prints the p95 latencies (run with ``-s`` to see them); they are reported, not
asserted (speed goals live in benchmarks/)."""
from __future__ import annotations

import http.client
import json
import statistics
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

pytest.importorskip("aiohttp")

from portal_support import csrf_of, fetch, multipart, origin_of, running_portal  # noqa: E402
from test_pov_cli import SCENARIO, write_map  # noqa: E402

PLAYERS = 20
POSTS_EACH = 10
LIMIT_SECONDS = 60.0


def _twenty_player_game(folder: Path) -> Path:
    from kriegsspiel.store import Game

    write_map(folder)
    head, _, units = SCENARIO.partition("[[units]]")
    head = head[: head.index("[[players]]")]
    players = "".join(f'[[players]]\nname = "{side} {n:02d}"\nside = "{side}"\nunits = "all"\n\n'
                      for side in ("Blue", "Red") for n in range(1, PLAYERS // 2 + 1))
    scenario = folder / "crowd.toml"
    scenario.write_text(head + players + "[[units]]" + units, encoding="utf-8")
    save = folder / "crowd.kssave"
    Game.new(scenario, save).close()
    return save


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) >= 2 else values[0]


def test_twenty_players_polling_and_two_hundred_posts_lose_nothing(tmp_path: Path) -> None:
    from kriegsspiel.portal.records import received_orders
    from kriegsspiel.store import read_save

    save = _twenty_player_game(tmp_path)
    with running_portal(save) as live:
        assert len(live.urls) == PLAYERS
        started = time.monotonic()
        done = threading.Event()
        polls: list[float] = []
        posts: list[float] = []
        failures: list[str] = []
        lock = threading.Lock()

        def poll(link: str) -> None:
            parts = urlsplit(link + "/status.json")
            connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=20)
            try:
                while not done.is_set() and time.monotonic() - started < LIMIT_SECONDS:
                    begin = time.perf_counter()
                    connection.request("GET", parts.path)
                    response = connection.getresponse()
                    body = response.read()
                    with lock:
                        polls.append(time.perf_counter() - begin)
                    if response.status != 200 or json.loads(body)["round"] != 1:
                        failures.append(f"poll {response.status}")
                    time.sleep(0.05)
            finally:
                connection.close()

        def send(name: str, link: str) -> None:
            csrf = csrf_of(fetch(link).text)
            for n in range(POSTS_EACH):
                body, kind = multipart({"csrf": csrf, "round": "1", "orders": f"{name}: order {n}"})
                begin = time.perf_counter()
                answer = fetch(link + "/orders", "POST", body, {"Content-Type": kind, "Origin": origin_of(link)})
                with lock:
                    posts.append(time.perf_counter() - begin)
                if answer.status != 303:
                    failures.append(f"{name} post {n}: {answer.status}")

        pollers = [threading.Thread(target=poll, args=(link,)) for link in live.urls.values()]
        senders = [threading.Thread(target=send, args=item) for item in live.urls.items()]
        for thread in pollers + senders:
            thread.start()
        for thread in senders:
            thread.join(max(0.0, LIMIT_SECONDS - (time.monotonic() - started)))
        done.set()
        for thread in pollers:
            thread.join(10)
        elapsed = time.monotonic() - started
        assert not any(t.is_alive() for t in senders + pollers), "the load did not finish in time"
        assert failures == []
        assert len(posts) == PLAYERS * POSTS_EACH
        for name in live.urls:
            assert [o.text for o in live.portal.orders_of(name)] == [f"{name}: order {n}" for n in range(POSTS_EACH)]
    journaled = received_orders(read_save(save).records)
    assert sorted(o.text for o in journaled) == sorted(f"{name}: order {n}" for name in live.urls
                                                      for n in range(POSTS_EACH))
    print(f"\nportal load: {PLAYERS} players polling, {len(posts)} order posts in {elapsed:.1f} s; "
          f"{len(polls)} polls p95 {_p95(polls) * 1000:.1f} ms; posts p95 {_p95(posts) * 1000:.1f} ms "
          f"(median {statistics.median(posts) * 1000:.1f} ms); all {len(journaled)} in the journal")
