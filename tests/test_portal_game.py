"""The portal and the game: links kept secret, orders journaled (surviving a crash, replayed, verified),
the inbox command, the pictures exactly those of ``kriegsspiel pov``, publishing at the end of a round."""
from __future__ import annotations

import json
import os
import stat
import threading
from pathlib import Path

import pytest

pytest.importorskip("aiohttp")

from portal_support import (  # noqa: E402
    BLUE,
    RED,
    RED_ORDERS,
    csrf_of,
    fetch,
    post_orders,
    running_portal,
    write_game,
)

from kriegsspiel.cli import main  # noqa: E402


def test_links_are_random_private_and_journaled_by_hash_only(tmp_path: Path) -> None:
    from kriegsspiel.portal.links import links_path, token_hash
    from kriegsspiel.store import read_save

    save = write_game(tmp_path)
    with running_portal(save) as live:
        tokens = live.portal.tokens()
    assert set(tokens) == {BLUE, RED}
    assert all(len(t) >= 22 for t in tokens.values())  # >= 128 bits in URL-safe base64
    assert len(set(tokens.values())) == 2
    assert stat.S_IMODE(links_path(save).stat().st_mode) == 0o600
    journal = save.read_text(encoding="utf-8")
    for token in tokens.values():
        assert token not in journal and token_hash(token) in journal
    assert not any(token.encode() in p.read_bytes() for p in tmp_path.rglob("*.png") for token in tokens.values())
    kinds = [(r.kind, r.events[0]["action"]) for r in read_save(save).records]
    assert kinds == [("portal", "issue"), ("portal", "issue")]


def test_a_links_file_others_can_read_is_refused(tmp_path: Path, capsys) -> None:
    from kriegsspiel.portal.links import links_path

    save = write_game(tmp_path)
    assert main(["links", str(save), "--base", "http://192.168.1.5:8080/"]) == 0
    os.chmod(links_path(save), 0o644)
    capsys.readouterr()
    assert main(["links", str(save), "--base", "http://192.168.1.5:8080/"]) == 2
    err = capsys.readouterr().err
    assert "others than its owner may read it" in err and "chmod 600" in err and err.count("\n") == 1


def test_links_prints_the_running_servers_exact_address_as_json(tmp_path: Path, capsys) -> None:
    from kriegsspiel.portal.links import clear_address, write_address

    save = write_game(tmp_path)
    with running_portal(save) as live:
        write_address(save, live.base, os.getpid())
        try:
            assert main(["links", str(save), "--json"]) == 0
        finally:
            clear_address(save)
        printed = json.loads(capsys.readouterr().out)
        assert printed == {"players": live.urls}
        assert fetch(printed["players"][RED]).status == 200


def test_links_without_a_server_or_base_is_one_line(tmp_path: Path, capsys) -> None:
    save = write_game(tmp_path)
    assert main(["links", str(save)]) == 2
    err = capsys.readouterr().err
    assert "no portal is running for this save" in err and "--base URL" in err and err.count("\n") == 1
    assert main(["links", str(save), "--base", "http://h:1/", "--revoke", "Nobody"]) == 2
    assert "--revoke Nobody: no such player" in capsys.readouterr().err


def test_revoking_a_link_from_the_command_line_while_serving(tmp_path: Path, capsys) -> None:
    from kriegsspiel.portal.links import clear_address, write_address
    from kriegsspiel.portal.records import link_hashes

    save = write_game(tmp_path)
    with running_portal(save) as live:
        old = live.red
        write_address(save, live.base, os.getpid())
        try:
            assert main(["links", str(save), "--json", "--revoke", RED]) == 0
        finally:
            clear_address(save)
        new = json.loads(capsys.readouterr().out)["players"][RED]
        assert new != old
        assert fetch(old).status == 404 and fetch(new).status == 200
        hashes = link_hashes(live.game.journal_entries())
    from kriegsspiel.portal.links import token_hash
    assert hashes[RED] == token_hash(new.rsplit("/", 1)[1])


def test_qr_codes_are_written_as_png_and_svg_for_the_umpire_only(tmp_path: Path) -> None:
    import segno  # noqa: F401 - the QR codes' library

    save = write_game(tmp_path)
    out = tmp_path / "qr"
    assert main(["links", str(save), "--base", "http://10.0.0.2:8080/", "--qr", str(out)]) == 0
    names = sorted(p.name for p in out.iterdir())
    assert names == ["Red_HQ.png", "Red_HQ.svg", "script_alert_Blue_script_HQ.png", "script_alert_Blue_script_HQ.svg"]
    for path in out.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert (out / "Red_HQ.png").read_bytes().startswith(b"\x89PNG")
    assert "<svg" in (out / "Red_HQ.svg").read_text()


def test_orders_are_in_the_journal_survive_a_crash_and_the_save_still_verifies(tmp_path: Path, capsys) -> None:
    from kriegsspiel.store import Game
    from kriegsspiel.store import verify_save

    save = write_game(tmp_path)
    with running_portal(save) as live:
        assert post_orders(live.red, "first thoughts").status == 303
        assert post_orders(live.red, RED_ORDERS, ready=True).status == 303
        assert post_orders(live.blue, "b1 holds").status == 303
        assert live.game.submit("move b1 > 3.5,5.5").accepted
        # a crash: the process dies without closing anything; the records are on disk already
        crashed = save.read_bytes()
    assert save.read_bytes() == crashed
    assert verify_save(save).intact
    with Game.open(save) as game:  # replayed: the portal's records change nothing in the game
        assert game.state.units["b1"].position.x == pytest.approx(3.5)
        assert game.undo().accepted and game.state.units["b1"].position.x == pytest.approx(2.5)
    capsys.readouterr()
    assert main(["inbox", str(save), "--json"]) == 0
    inbox = json.loads(capsys.readouterr().out)
    red = inbox["players"][RED]
    assert [o["text"] for o in red["orders"]] == ["first thoughts", RED_ORDERS]
    assert red["latest"]["text"] == RED_ORDERS and red["ready"] is True
    assert inbox["players"][BLUE]["latest"]["text"] == "b1 holds" and inbox["players"][BLUE]["ready"] is False
    assert main(["inbox", str(save)]) == 0
    text = capsys.readouterr().out
    assert "Red HQ: READY" in text and "sent 2 times, the last counts" in text and RED_ORDERS in text
    assert main(["inbox", str(save), "--round", "5"]) == 2
    assert "there is no round 5" in capsys.readouterr().err


def test_the_pictures_are_exactly_those_of_the_pov_command(tmp_path: Path) -> None:
    save = write_game(tmp_path)
    with running_portal(save) as live:
        for line in ("move b1 > 4.5,5.5", "turn", "move r1 > 12.5,5.5", "turn"):
            assert live.game.submit(line).accepted, line
        served = {name: fetch(url + "/picture/2.png").body for name, url in live.urls.items()}
        first = fetch(live.blue + "/picture/1.png").body
    assert main(["pov", str(save), "--out", str(tmp_path / "pov"), "--round", "1"]) == 0
    assert served[BLUE] == (tmp_path / "pov" / "round-001" / "script_alert_Blue_script_HQ.png").read_bytes()
    assert served[RED] == (tmp_path / "pov" / "round-001" / "Red_HQ.png").read_bytes()
    assert main(["pov", str(tmp_path / "field.toml"), "--out", str(tmp_path / "start")]) == 0
    assert first == (tmp_path / "start" / "round-001" / "script_alert_Blue_script_HQ.png").read_bytes()


def test_ending_a_round_publishes_at_once_to_the_event_stream_and_the_status(tmp_path: Path) -> None:
    save = write_game(tmp_path)
    with running_portal(save) as live:
        assert json.loads(fetch(live.blue + "/status.json").body)["sheet"] == 1
        events: list[str] = []

        def listen() -> None:
            from urllib.parse import urlsplit
            import http.client

            parts = urlsplit(live.blue + "/events")
            connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=20)
            connection.request("GET", parts.path)
            response = connection.getresponse()
            while len(events) < 2:
                line = response.fp.readline().decode()
                if line.startswith("data: "):
                    events.append(line[6:])
            connection.close()

        listener = threading.Thread(target=listen)
        listener.start()
        for line in ("turn", "turn"):
            assert live.game.submit(line).accepted
        listener.join(20)
        assert not listener.is_alive()
        first, second = (json.loads(e) for e in events)
        assert first["sheet"] == 1 and second["sheet"] == 2 and second["round"] == 2
        assert second["picture"].endswith("/picture/2.png") and "End of round 1" in second["report"]
        status = json.loads(fetch(live.blue + "/status.json").body)
        assert status["sheet"] == 2 and status["moment"].startswith("End of round 1")
        page = fetch(live.blue).text
        assert "Earlier rounds" in page and "/picture/1.png" in page and "Orders for round 2" in page


def test_a_deadline_is_shown_and_closes_the_round_when_it_passes(tmp_path: Path) -> None:
    import datetime as dt

    from kriegsspiel.portal.service import Portal

    save = write_game(tmp_path)
    with running_portal(save) as live:
        portal: Portal = live.portal
        until = portal.set_deadline(10)
        page = fetch(live.blue).text
        assert f'data-deadline="{until}"' in page and "Orders due by" in page
        assert post_orders(live.blue, "in time").status == 303
        red_page = fetch(live.red).text  # open before the time is up
        later = dt.datetime.now(dt.timezone.utc) + dt.timedelta(minutes=11)
        portal._now = lambda: later  # the clock moves past the deadline
        answer = post_orders(live.red, "too late", csrf=csrf_of(red_page))
        assert answer.status == 409 and "has passed" in answer.text
        assert "has passed" in fetch(live.red).text and 'name="csrf"' not in fetch(live.red).text
        assert [o.text for o in portal.orders_of(RED)] == []


def test_the_umpires_words_reach_only_their_player_and_are_journaled(tmp_path: Path) -> None:
    from kriegsspiel.portal.console import PortalShell
    from kriegsspiel.portal.records import umpire_notes
    from kriegsspiel.store import read_save

    save = write_game(tmp_path)
    with running_portal(save) as live:
        shell = PortalShell(live.portal, live.base, live.portal.gate)
        reply = shell.handle(f"tell {RED}: you hear guns beyond the wood")
        assert reply.ok, reply.text
        assert not shell.handle("tell Nobody: x").ok and not shell.handle(f"tell {RED} no colon").ok
        red = json.loads(fetch(live.red + "/status.json").body)["report"]
        assert red.endswith("From the umpire:\nyou hear guns beyond the wood")
        for path in ("", "/status.json"):
            assert "guns beyond the wood" not in fetch(live.blue + path).text
        assert "guns beyond the wood" in fetch(live.red).text
    assert umpire_notes(read_save(save).records) == {(RED, 1): ["you hear guns beyond the wood"]}
