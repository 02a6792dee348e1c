"""``kriegsspiel serve`` end to end in its own process: the links it records work, orders sent get into its
inbox and the journal, the umpire's terminal has the portal's commands, ``quit`` stops it cleanly."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("aiohttp")

from portal_support import BLUE, RED, fetch, post_orders, write_game  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


def _cli(*args: str, stdin: int | None = None) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(REPO), "SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    return subprocess.Popen([sys.executable, "-m", "kriegsspiel", *args], cwd=REPO, env=env, text=True,
                            stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _run(*args: str) -> subprocess.CompletedProcess:
    done = _cli(*args)
    out, err = done.communicate(timeout=120)
    return subprocess.CompletedProcess(args, done.returncode, out, err)


def test_serve_links_orders_inbox_and_quit(tmp_path: Path) -> None:
    save = write_game(tmp_path)
    server = _cli("serve", str(save), "--port", "0", stdin=subprocess.PIPE)
    try:
        banner = ""
        deadline = time.monotonic() + 60
        while "serving the players' portal" not in banner:
            assert time.monotonic() < deadline and server.poll() is None, server.stderr.read()
            banner += server.stdout.readline()
        assert "127.0.0.1" in banner and "this machine only; --lan" in banner
        base = re.search(r"at (http://127\.0\.0\.1:\d+/)", banner).group(1)
        links = _run("links", str(save), "--json")
        assert links.returncode == 0, links.stderr
        urls = json.loads(links.stdout)["players"]
        assert set(urls) == {BLUE, RED} and all(u.startswith(base + "p/") for u in urls.values())
        assert fetch(urls[RED]).status == 200
        assert post_orders(urls[RED], "hold the ford", ready=True).status == 303
        server.stdin.write("inbox\nclose\nquit\n")
        server.stdin.flush()
        out, err = server.communicate(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
    assert server.returncode == 0, err
    assert "Red HQ: READY" in out and "hold the ford" in out and "round 1 is closed to orders" in out
    assert "portal stopped" in out
    assert not save.with_name(save.name + ".portal").exists()  # the address is forgotten
    inbox = _run("inbox", str(save), "--json")
    assert json.loads(inbox.stdout)["players"][RED]["latest"]["text"] == "hold the ford"
    assert json.loads(inbox.stdout)["closed"] is True


@pytest.mark.parametrize(("args", "message"), [
    (["serve", "nothing.kssave"], "nothing.kssave: no such file"),
    (["serve", "SAVE", "--port", "70000"], "--port 70000: give a port between 1 and 65535"),
    (["inbox", "nothing.kssave"], "nothing.kssave: no such file"),
    (["links", "SAVE.links"], "not a kriegsspiel save"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, capsys, args: list[str], message: str) -> None:
    from kriegsspiel.cli import main

    save = write_game(tmp_path)
    (tmp_path / "field.kssave.links").write_text("{}", encoding="utf-8")
    args = [str(save) if a == "SAVE" else str(tmp_path / "field.kssave.links") if a == "SAVE.links"
            else str(tmp_path / a) if a.endswith(".kssave") else a for a in args]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    import socket

    save = write_game(tmp_path)
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        done = _run("serve", str(save), "--port", str(taken.getsockname()[1]))
    finally:
        taken.close()
    assert done.returncode == 2
    assert "the portal cannot listen on 127.0.0.1" in done.stderr and "choose another --port" in done.stderr


def test_a_port_in_use_leaves_nothing_running_for_stop_to_trip_on(tmp_path: Path) -> None:
    """The serve command calls stop() after a failed start(); the portal's thread must be over by then, or
    stop() can meet its loop closed under its feet (CI saw 'Event loop is closed' as an internal error)."""
    import socket

    from kriegsspiel.errors import UserError
    from kriegsspiel.portal.server import PortalServer
    from kriegsspiel.portal.service import Portal
    from kriegsspiel.store import Game

    game = Game.open(write_game(tmp_path))
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        portal = Portal(game)
        for _ in range(20):
            server = PortalServer(portal, "127.0.0.1", taken.getsockname()[1])
            with pytest.raises(UserError, match="choose another --port"):
                server.start()
            assert server._thread is not None and not server._thread.is_alive()
            server.stop()
    finally:
        taken.close()
        game.close()


def _taken_port() -> "socket.socket":
    import socket

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    return taken


def test_a_port_in_use_is_named_in_plain_words(tmp_path: Path) -> None:
    """The umpire reads why the portal cannot listen as the system says it, not as a Python exception."""
    from kriegsspiel.errors import UserError
    from kriegsspiel.portal.server import PortalServer
    from kriegsspiel.portal.service import Portal
    from kriegsspiel.store import Game

    game = Game.open(write_game(tmp_path))
    taken = _taken_port()
    try:
        server = PortalServer(Portal(game), "127.0.0.1", taken.getsockname()[1])
        with pytest.raises(UserError) as refused:
            server.start()
    finally:
        taken.close()
        game.close()
    message = str(refused.value)
    assert "address already in use" in message.lower() and "Errno" not in message and "OSError" not in message
    assert message.endswith("; choose another --port")


def test_a_failed_start_shuts_the_application_down(tmp_path: Path) -> None:
    """A port in use: the application had started (its watch on revoked links) before the bind failed; it is
    shut down again, so no task of the portal is left pending in the closed loop."""
    from kriegsspiel.errors import UserError
    from kriegsspiel.portal.server import PortalServer
    from kriegsspiel.portal.service import Portal
    from kriegsspiel.store import Game

    game = Game.open(write_game(tmp_path))
    taken = _taken_port()
    try:
        server = PortalServer(Portal(game), "127.0.0.1", taken.getsockname()[1])
        with pytest.raises(UserError):
            server.start()
    finally:
        taken.close()
        game.close()
    assert server.app._watch is not None and server.app._watch.done()


def test_stop_ends_the_thread_and_frees_the_port(tmp_path: Path) -> None:
    """stop() ends the portal's thread and closes its socket: the links stop answering and the umpire can serve
    again on the same port at once (the window restarts its portal so). Stopping twice, or a server never
    started, is harmless."""
    import http.client
    import socket
    from urllib.parse import urlsplit

    from kriegsspiel.portal.links import link_url
    from kriegsspiel.portal.server import PortalServer
    from kriegsspiel.portal.service import Portal
    from kriegsspiel.store import Game

    game = Game.open(write_game(tmp_path))
    try:
        portal = Portal(game)
        portal.start()
        never_started = PortalServer(portal, "127.0.0.1", 0)
        never_started.stop()
        server = PortalServer(portal, "127.0.0.1", 0)
        base = server.start()
        port = server.port
        assert port != 0 and base == f"http://127.0.0.1:{port}/"
        url = link_url(base, portal.tokens()[RED])
        assert fetch(url).status == 200
        # a phone's connection kept open across the stop: the server closes it, so its end lingers on the port
        phone = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
        phone.request("GET", urlsplit(url).path)
        assert phone.getresponse().read()
        server.stop()
        assert server._thread is not None and not server._thread.is_alive()
        phone.close()
        with pytest.raises(OSError):
            socket.create_connection(("127.0.0.1", port), timeout=5).close()
        server.stop()
        again = PortalServer(portal, "127.0.0.1", port)
        try:
            assert again.start() == base
            assert fetch(url).status == 200
        finally:
            again.stop()
    finally:
        game.close()


def test_the_portal_serves_this_machine_only_unless_told(tmp_path: Path) -> None:
    """Without a host the server listens on the loopback address (a player on the network is let in only by
    --lan)."""
    from kriegsspiel.portal.server import PortalServer
    from kriegsspiel.portal.service import Portal
    from kriegsspiel.store import Game

    game = Game.open(write_game(tmp_path))
    try:
        server = PortalServer(Portal(game), port=0)
        try:
            assert server.start().startswith("http://127.0.0.1:")
        finally:
            server.stop()
    finally:
        game.close()


def test_the_portal_loops_own_errors_are_one_line_in_its_log(tmp_path: Path, caplog) -> None:
    """An error the event loop meets outside a request (as when accepting with no file left) is one line in the
    portal's log, never asyncio's traceback on the umpire's terminal."""
    import logging
    import threading

    from kriegsspiel.portal.server import PortalServer
    from kriegsspiel.portal.service import Portal
    from kriegsspiel.store import Game

    game = Game.open(write_game(tmp_path))
    try:
        server = PortalServer(Portal(game), "127.0.0.1", 0)
        server.start()
        try:
            done = threading.Event()

            def broken() -> None:
                done.set()
                raise OSError(24, "Too many open files")

            with caplog.at_level(logging.INFO):
                server._loop.call_soon_threadsafe(broken)
                assert done.wait(10)
                server._loop.call_soon_threadsafe(lambda: None)
                deadline = time.monotonic() + 10
                while not any("Too many open files" in r.getMessage() for r in caplog.records):
                    assert time.monotonic() < deadline, caplog.text
                    time.sleep(0.05)
        finally:
            server.stop()
    finally:
        game.close()
    said = [r for r in caplog.records if "Too many open files" in r.getMessage()]
    assert [r.name for r in said] == ["kriegsspiel.portal"] and all(r.exc_info is None for r in said)


def test_a_program_that_forgets_to_stop_the_portal_still_ends(tmp_path: Path) -> None:
    """The portal's thread never keeps the program alive: a window or script that ends without stop() exits."""
    save = write_game(tmp_path)
    script = ("import sys\n"
              "from kriegsspiel.portal.server import PortalServer\n"
              "from kriegsspiel.portal.service import Portal\n"
              "from kriegsspiel.store import Game\n"
              "server = PortalServer(Portal(Game.open(sys.argv[1])), '127.0.0.1', 0)\n"
              "print(server.start(), flush=True)\n")
    env = {**os.environ, "PYTHONPATH": str(REPO), "SDL_VIDEODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", script, str(save)], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("http://127.0.0.1:")
