"""The portal under hostile requests (issue 28 item 6), each against a real server on loopback: aiohttp's own
400s carry the security headers and never echo the request line (nor print it on the umpire's terminal);
malformed round numbers, a multipart without a boundary and deep JSON to ``/check`` are 400s; ``/check`` is
rate-limited; slow connections are closed and cannot take the portal from the players; a revoked link's event
stream ends at once; a player's text cannot drive the umpire's terminal."""
from __future__ import annotations

import http.client
import json
import socket
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

pytest.importorskip("aiohttp")

import kriegsspiel.portal.guard as guard  # noqa: E402
import kriegsspiel.portal.server as server_module  # noqa: E402
from area_portal_support import running_area_portal, write_area_game  # noqa: E402
from portal_support import (  # noqa: E402
    BLUE,
    RED,
    csrf_of,
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


def _raw(base: str, data: bytes, source: str = "127.0.0.1") -> bytes:
    """Send ``data`` as it is and read the answer until the server closes (at most 10 s)."""
    parts = urlsplit(base)
    with socket.create_connection((parts.hostname, parts.port), timeout=10, source_address=(source, 0)) as sock:
        sock.sendall(data)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


def _headers_of(answer: bytes) -> dict[str, str]:
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")[1:]
    return {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in head)}


@pytest.mark.parametrize("request_text", [
    "GET {path} HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n",  # a header without its colon
    "GET {path}\x01 HTTP/1.1\r\nHost: x\r\n\r\n",  # a control character in the request line
    "GET {path} HTTP/1.1\r\nHost: x\r\nX-Long: " + "a" * 9000 + "\r\n\r\n",  # a header over aiohttp's limit
], ids=["header-without-colon", "control-in-request-line", "header-too-long"])
def test_aiohttps_own_400_carries_the_headers_and_never_echoes_the_request(live, capfd, request_text) -> None:
    path = urlsplit(live.blue).path
    token = path.rsplit("/", 1)[1]
    answer = _raw(live.base, request_text.format(path=path).encode("latin-1"))
    assert answer.startswith(b"HTTP/1.") and b" 400 " in answer.split(b"\r\n", 1)[0], answer[:200]
    headers = _headers_of(answer)
    for name, value in server_module.SECURITY_HEADERS.items():
        assert headers.get(name.lower()) == value, name
    assert "server" not in headers
    assert token.encode() not in answer and b"Bad Header" not in answer
    time.sleep(0.2)
    out, err = capfd.readouterr()
    assert token not in out + err and "Traceback" not in out + err  # nothing reached the umpire's terminal


@pytest.mark.parametrize("round_text", ["\u00b2", "\u0661", "1" * 5000, "99999999999999999999", "-1", " 1"],
                         ids=["superscript-two", "arabic-indic-one", "5000-digits", "20-digits", "negative", "space"])
def test_a_malformed_round_number_is_400(live, round_text: str) -> None:
    page = fetch(live.blue).text
    body, kind = multipart({"csrf": csrf_of(page), "round": round_text, "orders": "hold"})
    answer = fetch(live.blue + "/orders", "POST", body, {"Content-Type": kind, "Origin": origin_of(live.blue)})
    assert answer.status == 400, round_text
    assert "content-security-policy" in answer.headers


@pytest.mark.parametrize("content_type", ["multipart/form-data; boundary=", "multipart/form-data",
                                          'multipart/form-data; boundary="'])
def test_a_multipart_without_a_usable_boundary_is_400(live, content_type: str) -> None:
    answer = fetch(live.blue + "/orders", "POST", b"--\r\n\r\nx\r\n----\r\n",
                   {"Content-Type": content_type, "Origin": origin_of(live.blue)})
    assert answer.status == 400, answer.text
    assert "Traceback" not in answer.text


def test_a_body_that_never_arrives_is_408(live, monkeypatch) -> None:
    monkeypatch.setattr(server_module, "BODY_SECONDS", 0.5)
    path = urlsplit(live.blue).path
    start = time.monotonic()
    answer = _raw(live.base, (f"POST {path}/orders HTTP/1.1\r\nHost: {urlsplit(live.base).netloc}\r\n"
                              f"Origin: {origin_of(live.blue)}\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                              "Content-Length: 1000\r\n\r\norders=hold").encode())
    assert b" 408 " in answer.split(b"\r\n", 1)[0], answer[:200]
    assert time.monotonic() - start < 8


def test_slow_connections_are_closed_and_do_not_keep_the_players_out(live, monkeypatch) -> None:
    """A few dozen connections that never finish their request, on loopback, bounded in count and time."""
    monkeypatch.setattr(guard, "HEAD_SECONDS", 0.5)
    monkeypatch.setattr(guard, "MAX_PER_ADDRESS", 12)
    parts = urlsplit(live.base)
    slow = []
    try:
        for _ in range(36):
            sock = socket.create_connection((parts.hostname, parts.port), timeout=5, source_address=("127.0.0.1", 0))
            sock.sendall(b"GET /p/x HTTP/1.1\r\nHost: a\r\n")  # ...and never the blank line
            slow.append(sock)
        # a player on another address is served at once, however many slow ones the first holds
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=5,
                                                source_address=("127.0.0.2", 0))
        connection.request("GET", urlsplit(live.blue).path)
        assert connection.getresponse().status == 200
        connection.close()
        # every slow connection is closed by the server within a few HEAD_SECONDS (over the limit: at once)
        deadline = time.monotonic() + 5
        for sock in slow:
            sock.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                assert sock.recv(1024) == b""
            except ConnectionResetError:
                pass
    finally:
        for sock in slow:
            sock.close()
    assert fetch(live.blue).status == 200  # and the first address is served again


def test_revoking_a_link_ends_its_open_event_stream_at_once(live) -> None:
    parts = urlsplit(live.blue)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=5)
    try:
        connection.request("GET", parts.path + "/events")
        response = connection.getresponse()
        assert response.status == 200
        assert response.readline().startswith(b"event: status")
        start = time.monotonic()
        live.portal.revoke(BLUE)
        rest = b""
        while line := response.readline():  # a keep-alive comes after 20 s: the stream must end long before
            rest += line
        assert time.monotonic() - start < 4
        assert b"event: status" not in rest.split(b"\n\n", 1)[-1]
    finally:
        connection.close()


def test_a_players_text_cannot_drive_the_umpires_terminal(live) -> None:
    from kriegsspiel.portal.inbox import inbox_text

    hostile = "hold\x1b[2J\x1b[H\rUMPIRE: Red surrenders\x9b31m\u202e"
    assert post_orders(live.red, hostile).status == 303
    text = inbox_text(live.portal.inbox())
    assert "\x1b" not in text and "\r" not in text and "\x9b" not in text and "\u202e" not in text
    assert "\\x1b[2J" in text
    assert not any(line.startswith("UMPIRE:") for line in text.splitlines())
    assert RED in text


def _area_check(link: str, body: bytes) -> int:
    return fetch(link + "/check", "POST", body, {"Content-Type": "application/json", "Origin": origin_of(link)}).status


def test_deep_json_to_check_is_400_and_check_is_rate_limited(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(server_module, "CHECK_RATE_LIMIT", 4)
    with running_area_portal(write_area_game(tmp_path)) as live:
        link = live.urls["FRANCE"]
        deep = b'{"orders": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
        assert _area_check(link, deep[:16_000]) == 400  # within the body limit, nested past any real request
        assert _area_check(link, b"\xff\xfe") == 400
        for _ in range(2):
            assert _area_check(link, json.dumps({"orders": "A PAR - BUR"}).encode()) == 200
        answer = fetch(link + "/check", "POST", b'{"orders": "A PAR - BUR"}',
                       {"Content-Type": "application/json", "Origin": origin_of(link)})
        assert answer.status == 429 and int(answer.headers["retry-after"]) > 0  # the fifth in a minute
        other = live.urls["GERMANY"]
        assert _area_check(other, json.dumps({"orders": "A MUN - BUR"}).encode()) == 200  # per link


def test_the_event_loops_own_errors_are_one_quiet_line(capfd, caplog) -> None:
    import asyncio
    import logging

    loop = asyncio.new_event_loop()
    try:
        loop.set_exception_handler(guard.quiet_loop_errors)
        with caplog.at_level(logging.INFO, logger="kriegsspiel.portal"):
            loop.call_exception_handler({"message": "socket.accept() out of system resource",
                                         "exception": OSError(24, "Too many open files")})
    finally:
        loop.close()
    assert "Traceback" not in capfd.readouterr().err
    assert "socket.accept() out of system resource (OSError: [Errno 24] Too many open files)" in caplog.text
