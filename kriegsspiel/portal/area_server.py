"""The portal's web server for an area game: the ruler games' server (:mod:`kriegsspiel.portal.server`: the
same links, headers, CSRF, rate limit, error pages and event stream) with a power's page in place of a
player's, and one address more.

- ``GET /p/TOKEN``                 the power's page (:mod:`kriegsspiel.portal.area_pages`)
- ``GET /p/TOKEN/picture/N.png``   picture N: the phase being ordered (the newest N) or a confirmed phase
- ``GET /p/TOKEN/status.json``     the page's state (its ``key`` changes when the page would), for polling
- ``GET /p/TOKEN/events``          server-sent events of the same
- ``POST /p/TOKEN/orders``         the order form (as the ruler games': CSRF token, same Origin)
- ``POST /p/TOKEN/check``          ``{"orders": TEXT}`` -> ``{"lines": [{line, ok, text, reason}]}``: the
  rule set's verdict on each line against the board as the power sees it; nothing is written
"""
from __future__ import annotations

import asyncio
import hashlib
import json
from typing import Any

from aiohttp import web

from kriegsspiel.portal.area_pages import AreaPageInput, area_page
from kriegsspiel.portal.area_service import AreaPortal
from kriegsspiel.portal.bodies import check_body
from kriegsspiel.portal.links import token_hash
from kriegsspiel.portal.pages import error_page
from kriegsspiel.portal.server import PortalApp, PortalServer, static_file

#: the most builds and placements listed on a page
MAX_PLACEMENTS = 60


class AreaPortalApp(PortalApp):
    """The aiohttp application of an :class:`AreaPortal`."""

    portal: AreaPortal  # type: ignore[assignment]

    def __init__(self, portal: AreaPortal) -> None:
        super().__init__(portal)  # type: ignore[arg-type]
        self._static["area.js"] = (static_file("live.js") + static_file("area.js"), "text/javascript")

    def build(self) -> web.Application:
        app = super().build()
        token = "{token:[A-Za-z0-9_-]{1,200}}"
        app.router.add_post(f"/p/{token}/check", self.check)
        app.router.add_get("/static/{name:area\\.js}", self.static)
        return app

    async def _watch_links(self) -> None:
        """Notice a revoked link, and a game changed by the umpire (confirm, undo, orders), within a second."""
        loop = asyncio.get_running_loop()
        while not self._closing:
            await asyncio.sleep(1.0)
            await loop.run_in_executor(None, self.portal.refresh_links)
            self.portal.poll()

    # --- what a power is shown ----------------------------------------------------------------------------

    def _key(self, power: str) -> str:
        """A digest of everything the power's page shows that can change (its own share only)."""
        view = self.portal.view_of(power)
        status = self.portal.round_status()
        sent = [o.record for o in self.portal.orders_of(power) if o.round == status.round]
        notes = self.portal.notes_for(power, status.round)
        text = json.dumps([status.round, view.position.phase, view.orders, view.choices, view.orders_now,
                           status.open, status.reason, status.deadline, sent[-1:], len(notes)])
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def _status_json(self, player: str, base: str) -> dict[str, Any]:
        self.portal.poll()
        status = self.portal.round_status()
        return {"key": self._key(player), "round": status.round,
                "phase": self.portal.game.turn.position.phase_label, "open": status.open,
                "reason": status.reason, "deadline": status.deadline,
                "picture": f"{base}/picture/{status.round}.png"}

    def _page(self, request: web.Request, player: str, status: int = 200, draft: str | None = None,
              problem: str | None = None) -> web.Response:
        portal = self.portal
        token = request.match_info["token"]
        round_status = portal.round_status()
        view = portal.view_of(player)
        rules = portal.scenario.rules
        mine = [o for o in portal.orders_of(player) if o.round == round_status.round]
        sent = mine[-1] if mine else None
        examples: list[tuple[str, tuple[str, ...]]] = []
        placements: list[str] = []
        if view.orders_now:
            examples = [(u.uid, rules.order_examples(view.position, player, u.uid)) for u in view.own_units]
            for place in sorted(c for c, p in view.position.owners.items() if p == player):
                for text in rules.place_examples(view.position, player, place):
                    if text not in placements:
                        placements.append(text)
                if len(placements) >= MAX_PLACEMENTS:
                    break
        history = tuple(portal.history(player))
        turn = portal.game.turn
        if portal.scenario.blind:
            waiting: tuple[str, ...] = ("the other powers",)
        else:
            waiting = tuple(c.power for c in turn.choices) or rules.powers_to_order(turn.position)
        page = AreaPageInput(
            power=player, name=portal.names[player], base=f"/p/{token}", csrf=self._csrf(token_hash(token)),
            status=round_status, view=view, key=self._key(player),
            last_phase=history[0][1] if history else None,
            notes=tuple(portal.notes_for(player, round_status.round)), sent=sent,
            verdicts=portal.verdicts_of(sent) if sent else (), examples=tuple(examples),
            placements=tuple(placements[:MAX_PLACEMENTS]), history=history, waiting_for=waiting,
            draft=draft, problem=problem, focus=portal.focus(player),
            duty=rules.duty(view.position, player) if view.orders_now else None,
            board=portal.tap_board() if view.orders_now else None, debrief=self._debrief_published(),
            debrief_film=self._debrief_film())
        return self._html(area_page(page), status)

    # --- handlers -------------------------------------------------------------------------------------------

    async def page(self, request: web.Request) -> web.Response:
        # the rules' help lists (a power's moves, what it may buy) take up to ~0.15 s: off the event loop
        player = self._player(request)
        return await asyncio.get_running_loop().run_in_executor(None, self._page, request, player)

    async def status(self, request: web.Request) -> web.Response:
        self.portal.poll()  # the cached answer is keyed by the portal's changes: count the umpire's first
        return await super().status(request)

    async def picture(self, request: web.Request) -> web.Response:
        player = self._player(request)
        number = int(request.match_info["number"])
        png = await asyncio.get_running_loop().run_in_executor(None, self.portal.picture, player, number)
        if png is None:
            raise web.HTTPNotFound()
        return web.Response(body=png, content_type="image/png")

    async def check(self, request: web.Request) -> web.Response:
        player = self._player(request)
        if request.headers.get("Origin") != f"{request.scheme}://{request.host}":
            return self._html(error_page(403, "Orders are checked only from the power's own page."), 403)
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


class AreaPortalServer(PortalServer):
    """Runs an :class:`AreaPortalApp` on its own thread (as :class:`PortalServer` does)."""

    def __init__(self, portal: AreaPortal, host: str = "127.0.0.1", port: int = 8080) -> None:
        super().__init__(portal, host, port)  # type: ignore[arg-type]
        self.app = AreaPortalApp(portal)
