"""The portal's connections, guarded below the application: what aiohttp itself answers (a request it cannot
parse) gets the same security headers and short page as every other answer and never echoes the request line
(it may hold a token); nothing of a request is logged but one redacted line; a connection that does not bring
a whole request within :data:`HEAD_SECONDS` is closed; and no address holds more than
:data:`MAX_PER_ADDRESS` connections, nor all of them more than the process's file limit allows, so that a few
hundred slow connections cannot take the portal from the players.

Built on aiohttp's request handler and server classes (their ``handle_error``, ``connection_made`` and
``connection_lost``, and the application runner's ``_make_server``), checked by tests/test_portal_guard.py.
"""
from __future__ import annotations

import asyncio
import logging
import resource
from collections import Counter
from typing import Any

from aiohttp import web
from aiohttp.web_protocol import RequestHandler
from aiohttp.web_request import BaseRequest
from aiohttp.web_server import Server

from kriegsspiel.portal.pages import error_page

log = logging.getLogger("kriegsspiel.portal")

#: seconds a connection may take to bring a whole request (line and headers) while nothing is being answered
HEAD_SECONDS = 10.0
#: seconds a request's body may take to arrive once its handler reads it (orders, a check)
BODY_SECONDS = 10.0
#: connections one address may hold at once: a phone holds its event stream and a few page loads, and a table
#: of twenty players behind one address (a household's router, a tunnel) about four each; still well below the
#: files the portal keeps for everyone else (a slow client from one address cannot starve the others)
MAX_PER_ADDRESS = 96
#: files kept free for the program itself (the save, pictures, the links file) whatever the connections
RESERVED_FILES = 64

SECURITY_HEADERS = {
    "Content-Security-Policy": ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
                                "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
    "Cross-Origin-Resource-Policy": "same-origin",
}

_REASONS = {400: "The request could not be read.", 408: "The request took too long to arrive.",
            413: "Too much sent.", 414: "The address is too long.", 431: "The request's headers are too long."}


def quiet_loop_errors(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The portal's event loop's own errors (out of files while accepting: asyncio pauses and tries again) as
    one line in the portal's log, never a traceback on the umpire's terminal."""
    problem = context.get("exception")
    log.info("portal: %s%s", context.get("message", "event loop error"),
             f" ({type(problem).__name__}: {problem})" if problem else "")


def max_connections() -> int:
    """Connections the portal holds at once: the open-file limit less :data:`RESERVED_FILES` (at least 16)."""
    try:
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (OSError, ValueError):  # pragma: no cover - a platform without the limit
        soft = 1024
    if soft == resource.RLIM_INFINITY:
        soft = 65536
    return max(16, soft - RESERVED_FILES)


class _GuardedResponse(web.Response):
    """An answer made below the application: the security headers, and no ``Server`` header."""

    async def _prepare_headers(self) -> None:
        await super()._prepare_headers()
        self.headers.update(SECURITY_HEADERS)
        self.headers.pop("Server", None)


class _QuietLog:
    """aiohttp's protocol log: one line at debug level, without the exception (its text quotes the request
    line, a token with it), so that nothing of a request reaches the umpire's terminal."""

    def _one_line(self, message: str, *args: Any, exc_info: Any = None, **_: Any) -> None:
        kind = type(exc_info).__name__ if isinstance(exc_info, BaseException) else ""
        log.debug("connection: %s %s", message.split(" %", 1)[0], kind)

    exception = error = warning = info = debug = _one_line

    def isEnabledFor(self, level: int) -> bool:  # noqa: N802 - logging's name
        return log.isEnabledFor(logging.DEBUG)


class _GuardedHandler(RequestHandler):
    """One connection: closed when it brings no whole request in time; its errors answered by the portal."""

    _guard: GuardedServer
    _address: str = ""
    _timer: asyncio.TimerHandle | None = None
    _seen: int = 0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        self._address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        if not self._guard.admit(self._address):
            # over a limit: this connection only, at once (a TCP transport aborts; any other closes)
            getattr(transport, "abort", transport.close)()
            self._address = ""
            return
        super().connection_made(transport)
        self._timer = asyncio.get_running_loop().call_later(HEAD_SECONDS, self._check_progress)

    def connection_lost(self, exc: BaseException | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._address:
            self._guard.release(self._address)
            self._address = ""
        if self.transport is not None or self._task_handler is not None:
            super().connection_lost(exc)

    def _check_progress(self) -> None:
        """Every HEAD_SECONDS: a connection answering a request (an event stream) or that brought a new request
        since the last look stays; one that brought none is closed."""
        if self.transport is None:
            return
        if self._request_count == self._seen and not self._request_in_progress:
            self.transport.close()
            return
        self._seen = self._request_count
        self._timer = asyncio.get_running_loop().call_later(HEAD_SECONDS, self._check_progress)

    def handle_error(self, request: BaseRequest, status: int = 500, exc: BaseException | None = None,
                     message: str | None = None) -> web.StreamResponse:
        log.debug("request refused below the application: %s %s", status, type(exc).__name__ if exc else "")
        if request.writer.output_size > 0:
            raise ConnectionError("the answer was already under way")
        text = _REASONS.get(status, "Something went wrong on the umpire's side. Try again.")
        response = _GuardedResponse(status=status, text=error_page(status, text), content_type="text/html")
        response.force_close()
        return response


class GuardedServer(Server):
    """aiohttp's server, making :class:`_GuardedHandler` connections and counting them per address."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["logger"] = _QuietLog()
        super().__init__(*args, **kwargs)
        self.limit = max_connections()
        self.per_address: Counter[str] = Counter()

    def admit(self, address: str) -> bool:
        """Count one connection from ``address``; False (not counted) when over a limit."""
        if self.per_address[address] >= MAX_PER_ADDRESS or sum(self.per_address.values()) >= self.limit:
            log.debug("connection refused: over the limit")
            return False
        self.per_address[address] += 1
        return True

    def release(self, address: str) -> None:
        self.per_address[address] -= 1
        if self.per_address[address] <= 0:
            del self.per_address[address]

    def __call__(self) -> RequestHandler:
        handler = _GuardedHandler(self, loop=self._loop, **self._kwargs)
        handler._guard = self
        return handler


class GuardedRunner(web.AppRunner):
    """The application runner serving through a :class:`GuardedServer`."""

    async def _make_server(self) -> Server:
        app = self._app
        loop = asyncio.get_running_loop()
        app._set_loop(loop)
        app.on_startup.freeze()
        await app.startup()
        app.freeze()
        # never a traceback in an answer; the unread rest of a refused body is waited for a second, not ten
        kwargs = {**self._kwargs, "debug": False, "lingering_time": 1.0}
        return GuardedServer(app._handle, request_factory=app._make_request, loop=loop, **kwargs)
