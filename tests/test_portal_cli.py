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
