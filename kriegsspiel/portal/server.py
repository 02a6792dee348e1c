"""The portal's web server (aiohttp), one for every game: the player's page, pictures, live updates, the order
form and the check of order lines. What a page holds is the game's (:class:`~kriegsspiel.portal.service.Portal`
asks the session's desk), never this module's.

Addresses (``TOKEN`` is a player's secret; any other address, or an unknown token, is the same 404):

- ``GET /p/TOKEN``                 the player's page
- ``GET /p/TOKEN/picture/N.png``   the player's picture N (a round's sheet, a phase's board)
- ``GET /p/TOKEN/status.json``     the newest picture, its report and the round's state (``key`` changes when
  the page would), for polling
- ``GET /p/TOKEN/events``          server-sent events: the same status, pushed when it changes
- ``POST /p/TOKEN/orders``         the order form (multipart or urlencoded; CSRF token and same-origin Origin)
- ``POST /p/TOKEN/check``          ``{"orders": TEXT}`` -> ``{"lines": [{line, ok, text, reason}]}``: the rules'
  verdict on each line against what the player sees (none where orders are free text); nothing is written
- ``GET /p/TOKEN/debrief/NAME``    the debrief the umpire published, once the game is over
- ``GET /static/portal.css``, ``GET /static/player.js`` (every player's page: its style and its one script)

Every answer carries a Content-Security-Policy without inline script, ``X-Content-Type-Options: nosniff``,
``X-Frame-Options: DENY`` / ``frame-ancestors 'none'``, ``Referrer-Policy: same-origin`` and
``Cache-Control: no-store``. Errors are short pages, never a stack trace; the access log hides tokens.
"""
from __future__ import annotations

import asyncio
import collections
import hashlib
import hmac
import json
import logging
import re
import secrets
import socket
import threading
import time
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any

from aiohttp import web
from aiohttp.abc import AbstractAccessLogger

from kriegsspiel.errors import UserError
from kriegsspiel.portal.bodies import check_body, orders_form
from kriegsspiel.portal.guard import BODY_SECONDS, SECURITY_HEADERS, GuardedRunner, quiet_loop_errors
from kriegsspiel.portal.links import token_hash
from kriegsspiel.portal.pages import PageInput, error_page, player_page, receipt_line
from kriegsspiel.portal.service import Portal, Refusal

log = logging.getLogger("kriegsspiel.portal")

#: the largest request body accepted, in bytes (the issue's 16 KiB)
MAX_BODY = 16 * 1024
#: posts allowed per link in :data:`RATE_WINDOW` seconds; the next is answered 429
RATE_LIMIT = 10
RATE_WINDOW = 60.0
#: checks of orders (``/check``, sent as a player types) allowed per link in RATE_WINDOW seconds
CHECK_RATE_LIMIT = 40
#: seconds between keep-alive comments on an idle event stream
KEEPALIVE = 20.0

_TOKEN_IN_PATH = re.compile(r"/p/[^/?#]*")
_STATIC = {"portal.css": "text/css", "player.js": "text/javascript"}


def redact(path: str) -> str:
    """A request path with the token hidden, for logs: ``/p/abc.../status.json`` -> ``/p/…/status.json``."""
    return _TOKEN_IN_PATH.sub("/p/…", path)


class RedactingAccessLog(AbstractAccessLogger):
    """One line per request in the ``kriegsspiel.portal`` log, the token never in it."""

    @property
    def enabled(self) -> bool:
        # aiohttp skips the call (and its formatting) when nobody listens: the usual case
        return log.isEnabledFor(logging.INFO)

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        log.info("%s %s %s %.0f ms", request.method, redact(request.path), response.status, time * 1000)


class _Limiter:
    """At most ``limit`` events per key in any ``window`` seconds (a sliding window of times)."""

    def __init__(self, limit: int, window: float, clock: Callable[[], float]) -> None:
        self.limit, self.window, self.clock = limit, window, clock
        self._times: dict[str, collections.deque[float]] = collections.defaultdict(collections.deque)

    def allow(self, key: str) -> float | None:
        """Count one event; None when allowed, else the seconds until one would be."""
        now = self.clock()
        times = self._times[key]
        while times and times[0] <= now - self.window:
            times.popleft()
        if len(times) >= self.limit:
            return times[0] + self.window - now
        times.append(now)
        return None


def static_file(name: str) -> bytes:
    """The bytes of ``kriegsspiel/portal/static/NAME`` (installed with the package)."""
    return resources.files("kriegsspiel.portal").joinpath("static", name).read_bytes()


class PortalApp:
    """The aiohttp application of a :class:`Portal`. ``clock`` (seconds, monotonic) drives the rate limit."""

    def __init__(self, portal: Portal, clock: Callable[[], float] = time.monotonic) -> None:
        self.portal = portal
        self._secret = secrets.token_bytes(32)  # signs the pages' CSRF tokens; new at every start
        self._limiter = _Limiter(RATE_LIMIT, RATE_WINDOW, clock)
        self._check_limiter = _Limiter(CHECK_RATE_LIMIT, RATE_WINDOW, clock)
        self._static = {name: (static_file(name), kind) for name, kind in _STATIC.items()}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._changed: asyncio.Event | None = None
        self._closing = False
        self._watch: asyncio.Task[None] | None = None
        self._status_cache: dict[str, tuple[tuple[Any, ...], bytes]] = {}
        portal.listen(lambda number: self.wake())
        portal.listen_links(self.wake)  # a revoked link's event stream ends at once

    def build(self) -> web.Application:
        """The application: routes, the error pages and the security headers."""
        app = web.Application(client_max_size=MAX_BODY, middlewares=[self._errors])
        app.on_startup.append(self._started)
        app.on_shutdown.append(self._shutdown)
        app.on_response_prepare.append(self._headers)
        token = "{token:[A-Za-z0-9_-]{1,200}}"
        app.router.add_get(f"/p/{token}", self.page)
        app.router.add_get(f"/p/{token}/picture/{{number:[0-9]{{1,6}}}}.png", self.picture)
        app.router.add_get(f"/p/{token}/status.json", self.status)
        app.router.add_get(f"/p/{token}/events", self.events)
        app.router.add_post(f"/p/{token}/orders", self.orders)
        app.router.add_post(f"/p/{token}/check", self.check)
        app.router.add_get("/static/{name:portal\\.css|player\\.js}", self.static)
        app.router.add_get("/favicon.ico", self.no_icon)
        app.router.add_get(f"/p/{token}/debrief/{{name:[A-Za-z0-9_./-]{{1,40}}}}", self.debrief)
        return app

    # --- plumbing ---------------------------------------------------------------------------------------

    async def _started(self, app: web.Application) -> None:
        self._loop = asyncio.get_running_loop()
        self._changed = asyncio.Event()
        self._watch = asyncio.create_task(self._watch_links())

    async def _watch_links(self) -> None:
        """Notice a revoked link (``kriegsspiel links --revoke``), and a game changed by the umpire (an order,
        a confirm, an undo), within a second, even when nobody asks for a page."""
        loop = asyncio.get_running_loop()
        while not self._closing:
            await asyncio.sleep(1.0)
            await loop.run_in_executor(None, self.portal.refresh_links)
            self.portal.poll()

    async def _shutdown(self, app: web.Application) -> None:
        self._closing = True
        if self._watch is not None:
            self._watch.cancel()
        self._wake()

    def wake(self) -> None:
        """Tell the event streams that something changed (from any thread)."""
        if self._loop is not None and not self._loop.is_closed():
            try:
                self._loop.call_soon_threadsafe(self._wake)
            except RuntimeError:  # the loop closed between the check and the call: no stream is left to wake
                pass

    def _wake(self) -> None:
        if self._changed is not None:
            self._changed.set()
            self._changed = asyncio.Event()

    @staticmethod
    async def _headers(request: web.Request, response: web.StreamResponse) -> None:
        response.headers.update(SECURITY_HEADERS)
        response.headers.pop("Server", None)

    @web.middleware
    async def _errors(self, request: web.Request,
                      handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        try:
            return await handler(request)
        except web.HTTPException as exc:
            if exc.status < 400:
                raise
            message = {404: "Nothing here. Check the link the umpire gave you.",
                       405: "That is not how this page is used.",
                       413: f"Too much sent: at most {MAX_BODY // 1024} KiB at a time."}.get(exc.status, exc.reason)
            return self._html(error_page(exc.status, message), exc.status)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - a bug of ours: a short page for the player, the details in the log
            log.exception("internal error on %s %s", request.method, redact(request.path))
            return self._html(error_page(500, "Something went wrong on the umpire's side. Try again."), 500)

    @staticmethod
    def _html(text: str, status: int = 200) -> web.Response:
        return web.Response(text=text, status=status, content_type="text/html", charset="utf-8")

    def _player(self, request: web.Request) -> str:
        player = self.portal.player_of(request.match_info["token"])
        if player is None:
            raise web.HTTPNotFound()
        return player

    def _csrf(self, player_key: str) -> str:
        nonce = secrets.token_hex(16)
        mac = hmac.new(self._secret, f"{player_key}:{nonce}".encode(), hashlib.sha256).hexdigest()
        return f"{nonce}.{mac}"

    def _csrf_ok(self, player_key: str, value: str) -> bool:
        nonce, _, mac = value.partition(".")
        want = hmac.new(self._secret, f"{player_key}:{nonce}".encode(), hashlib.sha256).hexdigest()
        return bool(nonce) and hmac.compare_digest(mac.encode(), want.encode())

    def _key(self, player: str) -> str:
        """A digest of everything the player's page shows that can change (its own share only)."""
        status = self.portal.round_status()
        sent = [o.record for o in self.portal.orders_of(player) if o.round == status.round]
        notes = self.portal.notes_for(player, status.round)
        text = repr((status, self.portal.desk.page_key(player), sent[-1:], len(notes)))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def _status_json(self, player: str, base: str) -> dict[str, Any]:
        self.portal.poll()
        handouts = self.portal.handouts(player)
        status = self.portal.round_status()
        mine = [o for o in self.portal.orders_of(player) if o.round == status.round]
        current = handouts[-1] if handouts else None
        return {
            "key": self._key(player),
            "sheet": current.number if current else 0,
            "moment": current.moment if current else None,
            "picture": f"{base}/picture/{current.number}.png" if current else None,
            "focus": list(current.focus) if current and current.focus else None,
            "report": current.report if current else None,
            "round": status.round, "phase": self.portal.phase_name(status.round), "open": status.open,
            "reason": status.reason, "deadline": status.deadline,
            "receipt": receipt_line(mine[-1], self.portal.phase_name(status.round)) if mine else None,
        }

    def _page(self, request: web.Request, player: str, status: int = 200, draft: str | None = None,
              problem: str | None = None) -> web.Response:
        portal = self.portal
        token = request.match_info["token"]
        round_status = portal.round_status()
        sent = tuple(portal.orders_of(player))
        mine = [o for o in sent if o.round == round_status.round]
        page = PageInput(
            player=player, name=portal.names[player], base=f"/p/{token}", csrf=self._csrf(token_hash(token)),
            status=round_status, key=self._key(player), period=portal.desk.period,
            handouts=tuple(portal.handouts(player)), form=portal.order_form(player), sent=sent,
            verdicts=portal.verdicts_of(mine[-1]) if mine else (),
            notes=tuple(portal.notes_for(player, round_status.round)), draft=draft, problem=problem,
            debrief=self._debrief_published(), debrief_film=self._debrief_film())
        return self._html(player_page(page), status)

    def _debrief_published(self) -> bool:
        from kriegsspiel.debrief.publish import game_over, published_file

        return game_over(self.portal.game) and published_file(self.portal.save, "index.html") is not None

    def _debrief_film(self) -> str | None:
        """The published debrief's film (its file name), while the game is over."""
        from kriegsspiel.debrief.publish import published_film

        return published_film(self.portal.save) if self._debrief_published() else None

    def _too_many(self, limiter: _Limiter, token: str, what: str) -> web.Response | None:
        """A 429 when this link has sent more than its limit in the last minute (counting this one)."""
        wait = limiter.allow(token_hash(token))
        if wait is None:
            return None
        response = self._html(error_page(429, f"More than {limiter.limit} {what} in a minute: wait "
                                              f"{wait:.0f} seconds, then send again."), 429)
        response.headers["Retry-After"] = str(max(1, round(wait)))
        return response

    async def _body(self, request: web.Request, read: Callable[[], Awaitable[Any]]) -> Any:
        """What ``read`` makes of the request's body, within BODY_SECONDS; a short 400 or 408 page when it
        cannot be read (a malformed multipart, a body that never arrives): the bytes are the sender's."""
        try:
            async with asyncio.timeout(BODY_SECONDS):
                return await read()
        except web.HTTPException:
            raise  # 413: too large
        except TimeoutError:
            refused = self._html(error_page(408, "The form took too long to arrive: send it again."), 408)
        except (ValueError, LookupError, AssertionError, TypeError, RecursionError):
            refused = self._html(error_page(400, "The form could not be read: send your orders from your page."), 400)
        refused.force_close()  # the rest of the body may still be on its way: this connection is done
        return refused

    # --- handlers ---------------------------------------------------------------------------------------

    async def page(self, request: web.Request) -> web.Response:
        # the rules' help lists (a power's moves, what it may buy) take up to ~0.15 s: off the event loop
        player = self._player(request)
        return await asyncio.get_running_loop().run_in_executor(None, self._page, request, player)

    async def picture(self, request: web.Request) -> web.Response:
        player = self._player(request)
        number = int(request.match_info["number"])
        png = await asyncio.get_running_loop().run_in_executor(None, self.portal.picture, player, number)
        if png is None:
            raise web.HTTPNotFound()
        return web.Response(body=png, content_type="image/png")

    async def status(self, request: web.Request) -> web.Response:
        player = self._player(request)
        token = request.match_info["token"]
        self.portal.poll()  # the cached answer is keyed by the portal's changes: count the umpire's first
        # Phones poll this: the answer is made again only when something changed (or a deadline passed).
        key = (self.portal.changes, self.portal.round_status())
        cached = self._status_cache.get(token)
        if cached is None or cached[0] != key:
            body = json.dumps(self._status_json(player, f"/p/{token}")).encode()
            self._status_cache[token] = cached = (key, body)
        return web.Response(body=cached[1], content_type="application/json")

    async def events(self, request: web.Request) -> web.StreamResponse:
        player = self._player(request)
        base = f"/p/{request.match_info['token']}"
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        sent: dict[str, Any] | None = None
        token = request.match_info["token"]
        try:
            while not self._closing and self._changed is not None:
                changed = self._changed
                if self.portal.player_of(token) != player:
                    break  # the link was revoked: its stream ends now
                data = self._status_json(player, base)
                if data != sent:
                    await response.write(f"event: status\ndata: {json.dumps(data)}\n\n".encode())
                    sent = data
                try:
                    await asyncio.wait_for(changed.wait(), KEEPALIVE)
                except asyncio.TimeoutError:
                    await response.write(b": keep-alive\n\n")
        except ConnectionResetError:  # the phone went away (aiohttp's ClientConnectionResetError is one)
            pass
        return response

    async def debrief(self, request: web.Request) -> web.StreamResponse:
        """A file of the debrief the umpire published (its page, pictures and film), to any player's link, only
        while the game is over: before it is published, while the game is in play (an undo reopened it) or to a
        link that is not a player's, there is nothing here (404)."""
        from kriegsspiel.debrief.publish import CONTENT_TYPES, game_over, published_file

        self._player(request)
        path = published_file(self.portal.save, request.match_info["name"]) if game_over(self.portal.game) else None
        if path is None:
            raise web.HTTPNotFound()
        # a file response: a film is read from disk as it is sent, and a browser may ask for a part of it
        return web.FileResponse(path, headers={"Content-Type": CONTENT_TYPES[path.suffix]})

    async def no_icon(self, request: web.Request) -> web.Response:
        """Browsers ask for an icon on every page; none is a quiet 204, not a 404 in the console."""
        return web.Response(status=204)

    async def static(self, request: web.Request) -> web.Response:
        body, kind = self._static[request.match_info["name"]]
        return web.Response(body=body, content_type=kind, charset="utf-8")

    async def orders(self, request: web.Request) -> web.Response:
        player = self._player(request)
        token = request.match_info["token"]
        if request.content_length is not None and request.content_length > MAX_BODY:
            raise web.HTTPRequestEntityTooLarge(max_size=MAX_BODY, actual_size=request.content_length)
        origin = request.headers.get("Origin")
        if origin != f"{request.scheme}://{request.host}":
            return self._html(error_page(403, "Orders are taken only from the player's own page."), 403)
        too_many = self._too_many(self._limiter, token, "sendings")
        if too_many is not None:
            return too_many
        form = await self._body(request, request.post)  # over MAX_BODY: 413
        if isinstance(form, web.Response):
            return form
        posted = orders_form(form)
        if posted is None:
            return self._html(error_page(400, "The form was not filled in: send your orders from your page."), 400)
        text, csrf, round_text, ready = posted.orders, posted.csrf, posted.round, posted.ready == "1"
        if not self._csrf_ok(token_hash(token), csrf):
            return self._page(request, player, 403, draft=text,
                              problem="This page was out of date (the umpire's program restarted): "
                                      "your orders were not received; press Send again.")
        try:
            await asyncio.get_running_loop().run_in_executor(
                None, self.portal.receive, player, int(round_text), text, ready)
        except Refusal as refusal:
            return self._page(request, player, refusal.status, draft=text, problem=refusal.message)
        raise web.HTTPSeeOther(location=f"/p/{token}#receipt")

    async def check(self, request: web.Request) -> web.Response:
        player = self._player(request)
        if request.headers.get("Origin") != f"{request.scheme}://{request.host}":
            return self._html(error_page(403, "Orders are checked only from the player's own page."), 403)
        too_many = self._too_many(self._check_limiter, request.match_info["token"], "checks")
        if too_many is not None:
            return too_many
        body = await self._body(request, request.read)
        if isinstance(body, web.Response):
            return body
        posted = check_body(body)  # not JSON, not UTF-8, nested past any real request, not {"orders": TEXT}
        if posted is None:
            return web.json_response({"error": "send {\"orders\": TEXT}"}, status=400)
        verdicts = self.portal.check(player, posted.orders)
        return web.json_response({"lines": [v.to_json() for v in verdicts]})


def lan_address() -> str:
    """This machine's address on the local network (the one a route to the outside would use). Raises
    UserError when there is none. No packet is sent: connecting a UDP socket only picks the route."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never answered, never sent to
        address = probe.getsockname()[0]
    except OSError:
        address = ""
    finally:
        probe.close()
    if not address or address.startswith("127.") or address == "0.0.0.0":
        raise UserError("--lan: this machine has no network address (is it on the Wi-Fi or cable?); "
                        "without --lan the portal serves this machine only")
    return address


class PortalServer:
    """Runs a :class:`PortalApp` on its own thread with its own event loop, so that neither the umpire's
    terminal nor the window waits for it."""

    def __init__(self, portal: Portal, host: str = "127.0.0.1", port: int = 8080) -> None:
        self.portal = portal
        self.host, self.port = host, port
        self.app = PortalApp(portal)
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._ready = threading.Event()
        self._problem: BaseException | str | None = None
        self.url = ""

    def start(self) -> str:
        """Start serving; returns the base URL (``http://host:port/``). Raises UserError when the port is
        taken or the address cannot be bound."""
        self._thread = threading.Thread(target=self._serve, name="kriegsspiel-portal", daemon=True)
        self._thread.start()
        self._ready.wait(30)
        if self._problem is not None:
            self._thread.join(10)
            raise UserError(f"the portal cannot listen on {self.host}:{self.port} ({self._problem}); "
                            "choose another --port") from None
        return self.url

    def _serve(self) -> None:
        loop = asyncio.new_event_loop()
        loop.set_exception_handler(quiet_loop_errors)
        self._loop = loop
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._open())
        except OSError as exc:
            # Everything this thread opened is closed before start() hears of the failure, so that stop()
            # never meets a loop closed under its feet.
            self._problem = exc.strerror or exc
            if self._runner is not None:
                loop.run_until_complete(self._runner.cleanup())
            loop.close()
            self._ready.set()
            return
        self._ready.set()
        loop.run_forever()
        loop.run_until_complete(self._runner.cleanup() if self._runner else asyncio.sleep(0))
        loop.close()

    async def _open(self) -> None:
        self._runner = GuardedRunner(self.app.build(), access_log_class=RedactingAccessLog, shutdown_timeout=2.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port, reuse_address=True)
        await site.start()
        host, port = self._runner.addresses[0][:2]
        self.port = int(port)
        self.url = f"http://{host}:{self.port}/"

    def stop(self) -> None:
        """Stop serving (open event streams are ended) and wait for the thread."""
        if self._loop is not None and self._thread is not None and self._thread.is_alive():
            try:
                self._loop.call_soon_threadsafe(self._loop.stop)
            except RuntimeError:  # the loop closed between the check and the call: the thread is ending
                pass
            self._thread.join(10)
