"""Shared by the portal's tests: a small two-player game whose players cannot see each other, a running
portal on a free loopback port, and plain HTTP helpers (http.client: what goes over the wire is exactly
what the test wrote)."""
from __future__ import annotations

import http.client
import re
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from test_pov_cli import SCENARIO, write_map

#: the Blue player's name is HTML: the pages must show it as text
BLUE = "<script>alert('Blue')</script> HQ"
RED = "Red HQ"
RED_ORDERS = "r1 marches on the mill at dawn; secret-plan-7"


def write_game(folder: Path, name: str = "field.kssave") -> Path:
    """A save of the pov tests' field (b1 west, r1 east, a wood between: neither sees the other), the Blue
    player named :data:`BLUE`. Returns the save's path."""
    from kriegsspiel.store import Game

    write_map(folder)
    scenario = folder / "field.toml"
    scenario.write_text(SCENARIO.replace('name = "Blue HQ"', f'name = "{BLUE}"'), encoding="utf-8")
    save = folder / name
    Game.new(scenario, save).close()
    return save


@dataclass
class Running:
    """A portal serving a game: ``urls`` maps each player to their link."""

    game: object
    portal: object
    server: object
    base: str
    urls: dict[str, str]

    @property
    def blue(self) -> str:
        return self.urls[BLUE]

    @property
    def red(self) -> str:
        return self.urls[RED]


@contextmanager
def running_portal(save: Path) -> Iterator[Running]:
    """Open ``save``, start its portal on a free loopback port, and stop it all afterwards."""
    from kriegsspiel.portal.links import link_url
    from kriegsspiel.portal.server import PortalServer
    from kriegsspiel.portal.service import Portal
    from kriegsspiel.store import Game

    game = Game.open(save)
    server = None
    try:
        portal = Portal(game)
        portal.start()
        server = PortalServer(portal, "127.0.0.1", 0)
        base = server.start()
        urls = {name: link_url(base, token) for name, token in portal.tokens().items()}
        yield Running(game, portal, server, base, urls)
    finally:
        if server is not None:
            server.stop()
        game.close()


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


def fetch(url: str, method: str = "GET", body: bytes | None = None, headers: dict[str, str] | None = None,
          raw_path: str | None = None) -> Answer:
    """One HTTP request; ``raw_path`` is sent as it is (no normalising of ``..``)."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=20)
    try:
        path = raw_path if raw_path is not None else (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, response.read())
    finally:
        connection.close()


def multipart(fields: dict[str, str]) -> tuple[bytes, str]:
    """A multipart/form-data body (what the page's form sends) and its Content-Type."""
    boundary = "----portaltest" + secrets.token_hex(8)
    parts = []
    for key, value in fields.items():
        parts.append(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{key}\"\r\n\r\n{value}\r\n")
    parts.append(f"--{boundary}--\r\n")
    return "".join(parts).encode("utf-8"), f"multipart/form-data; boundary={boundary}"


def csrf_of(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found, "the page has no CSRF token"
    return found.group(1)


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def post_orders(link: str, text: str, *, round_number: int = 1, ready: bool = False, csrf: str | None = None,
                origin: str | None = "same") -> Answer:
    """Post orders as the page's form does (the CSRF token read from a fresh page unless given)."""
    if csrf is None:
        csrf = csrf_of(fetch(link).text)
    fields = {"csrf": csrf, "round": str(round_number), "orders": text}
    if ready:
        fields["ready"] = "1"
    body, kind = multipart(fields)
    headers = {"Content-Type": kind}
    if origin is not None:
        headers["Origin"] = origin_of(link) if origin == "same" else origin
    return fetch(link + "/orders", "POST", body, headers)


def first_event(url: str) -> tuple[int, dict[str, str], str]:
    """Open a server-sent event stream and return its status, headers and first event (its lines)."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=20)
    try:
        connection.request("GET", parts.path)
        response = connection.getresponse()
        headers = {k.lower(): v for k, v in response.getheaders()}
        if response.status != 200:
            return response.status, headers, response.read().decode()
        lines = []
        while True:
            line = response.fp.readline().decode("utf-8")
            if line in ("\n", ""):
                if lines:
                    return response.status, headers, "".join(lines)
                continue
            lines.append(line)
    finally:
        connection.close()
