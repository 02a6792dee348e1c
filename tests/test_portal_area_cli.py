"""``kriegsspiel serve`` of an area save in its own process: a link per power, orders from a page in the
umpire's inbox, the umpire's adjudicate and confirm in the terminal reaching the pages; ``links`` and
``inbox`` read an area save."""
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

from area_portal_support import send, write_area_game  # noqa: E402
from portal_support import fetch  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
def _env() -> dict[str, str]:
    """The environment of a child process, taken when it starts: the test's own user folders (set by the
    autouse fixture after this module is imported) go with it, never the real ones."""
    return {**os.environ, "PYTHONPATH": str(REPO), "SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def _cli(*args: str, stdin: int | None = None) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "kriegsspiel", *args], cwd=REPO, env=_env(), text=True,
                            stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _run(*args: str) -> subprocess.CompletedProcess:
    done = _cli(*args)
    out, err = done.communicate(timeout=120)
    return subprocess.CompletedProcess(args, done.returncode, out, err)


def _read_until(server: subprocess.Popen, marker: str) -> str:
    text = ""
    deadline = time.monotonic() + 90
    while marker not in text:
        assert time.monotonic() < deadline and server.poll() is None, text + server.stderr.read()
        text += server.stdout.readline()
    return text


def test_serve_an_area_game_inbox_adjudicate_confirm_and_the_pages_follow(tmp_path: Path) -> None:
    save = write_area_game(tmp_path)
    server = _cli("serve", str(save), "--port", "0", stdin=subprocess.PIPE)
    try:
        banner = _read_until(server, "type 'help'")
        assert "serving the players' portal of 'Diplomacy, 1901'" in banner and "Spring 1901, movement" in banner
        base = re.search(r"at (http://127\.0\.0\.1:\d+/)", banner).group(1)
        links = _run("links", str(save), "--json")
        assert links.returncode == 0, links.stderr
        urls = json.loads(links.stdout)["players"]
        assert sorted(urls) == ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
        assert all(u.startswith(base + "p/") for u in urls.values())
        assert send(urls["FRANCE"], "A PAR - BUR\nA MAR - BUR\nF BRE - XYZ", ready=True).status == 303
        assert send(urls["GERMANY"], "A MUN - BUR").status == 303
        server.stdin.write("inbox\nadjudicate\nconfirm\n")
        server.stdin.flush()
        said = _read_until(server, "resolved; next")
        deadline = time.monotonic() + 30
        while json.loads(fetch(urls["FRANCE"] + "/status.json").text)["phase"] != "Fall 1901, movement":
            assert time.monotonic() < deadline
            time.sleep(0.1)
        assert "Results of Spring 1901, movement" in fetch(urls["FRANCE"]).text
        server.stdin.write("quit\n")
        server.stdin.flush()
        out, err = server.communicate(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
    assert server.returncode == 0, err
    out = said + out
    assert "inbox of Spring 1901, movement (phase 1)" in out
    assert re.search(r"France: READY, received \d\d:\d\d:\d\d UTC \(digest [0-9a-f]{12}\); 2 orders in force", out)
    assert "refused: F BRE - XYZ: order 'F BRE - XYZ': unknown province XYZ" in out
    assert "Austria: nothing received; 0 orders in force" in out
    assert "if confirmed now, S1901M gives F1901M" in out and "portal stopped" in out
    inbox = _run("inbox", str(save), "--round", "1", "--json")
    assert inbox.returncode == 0, inbox.stderr
    assert json.loads(inbox.stdout)["players"]["FRANCE"]["ready"] is True
    from kriegsspiel.store.area import AreaSession

    with AreaSession.open(save, read_only=True) as again:  # the journal, portal records and all, replays
        assert again.turn.position.phase == "F1901M" and again.turn.last is not None


def test_links_of_an_area_save_give_each_power_a_qr_code(tmp_path: Path) -> None:
    save = write_area_game(tmp_path)
    done = _run("links", str(save), "--base", "http://192.168.1.20:8080/", "--qr", str(tmp_path / "qr"))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 7 and lines[2].startswith("FRANCE ") and "http://192.168.1.20:8080/p/" in lines[2]
    assert sorted(p.name for p in (tmp_path / "qr").glob("*.png")) == [
        "AUSTRIA.png", "ENGLAND.png", "FRANCE.png", "GERMANY.png", "ITALY.png", "RUSSIA.png", "TURKEY.png"]
    records = [json.loads(line) for line in save.read_text(encoding="utf-8").splitlines()[1:]]
    assert sum(1 for r in records if r["kind"] == "portal") == 7   # each link journaled (by hash)
    bad = _run("inbox", str(save), "--round", "3")
    assert bad.returncode == 2 and "there is no round 3; the game is in Spring 1901, movement (number 1)" in bad.stderr
