"""The players' portal inside the umpire's window (F9): the server on its own thread, the inbox panel.

F9 starts the portal (on this machine's network address when it has one, else 127.0.0.1; port 8080, or any
free port when that is taken) and shows the panel: each player, whether their orders came in (NEW until the
umpire has seen them), READY, and the first lines of the orders that count. A number key shows that one
player's link as a QR code, large, for their phone's camera; the codes are never all on screen at once (the
window may be projected for everybody to see). F9 again hides the panel; the portal keeps serving.

Orders from the phones reach the journal on the window's own thread: :meth:`WindowPortal.pump`, called every
frame, writes what the server handed over (the server waits for it before it shows a receipt), so the game
is only ever changed from one thread. The server's thread draws nothing.
"""
from __future__ import annotations

import atexit
import os
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import pygame

from kriegsspiel.render.overlays import TextCache

_BOX = (250, 248, 240, 240)
_INK = (25, 25, 25)
_NEW = (190, 40, 20)
_READY = (20, 120, 40)


class WindowPortal:
    """The portal of the window's game, started on first use. ``game`` is a :class:`kriegsspiel.store.Game`
    or an area game (:class:`kriegsspiel.store.area.AreaSession`: the portal then has a page per power, and
    the area window needs only to call :meth:`pump` every frame, :meth:`toggle` on F9, :meth:`key` and
    :meth:`draw`)."""

    def __init__(self, game: Any, port: int = 8080) -> None:
        self.game = game
        self.port = port
        self.portal: Any = None
        self.server: Any = None
        self.gate: Any = None
        self.url = ""
        self.visible = False
        self.qr_player: int | None = None  # the player whose QR code fills the panel
        self._seen: dict[str, int] = {}  # orders the umpire has seen, per player
        self._qr: dict[str, pygame.Surface] = {}

    def toggle(self) -> str:
        """F9: start the portal (the first time) and show or hide the panel. Returns the status line."""
        if self.portal is None:
            return self.start()
        self.visible = not self.visible
        self.qr_player = None
        if not self.visible:
            self._mark_seen()
        return f"players' portal at {self.url}" + (" (F9 hides this panel)" if self.visible else "")

    def start(self) -> str:
        """Start serving; returns the status line (or why it could not start)."""
        from kriegsspiel.errors import UserError
        from kriegsspiel.portal.links import clear_address, write_address
        from kriegsspiel.portal.server import PortalServer, lan_address
        from kriegsspiel.portal.service import Portal, PumpGate

        if self.game is None or not hasattr(self.game, "append_portal"):
            return "the players' portal needs a game opened from a save"
        if getattr(self.game, "read_only", False):
            return "the players' portal needs a save that can be written (this one is read-only)"
        try:
            host = lan_address()
        except UserError:
            host = "127.0.0.1"
        gate = PumpGate()
        serve = PortalServer
        portal = Portal(self.game, gate)
        try:
            portal.start(history_now=False)  # the newest pictures now; earlier rounds' one a frame (pump)
            server = serve(portal, host, self.port)
            try:
                url = server.start()
            except UserError:
                server = serve(portal, host, 0)
                url = server.start()
        except UserError as exc:
            return f"the players' portal cannot start: {exc}"
        self.portal, self.server, self.gate, self.url = portal, server, gate, url
        save = Path(self.game.path)
        write_address(save, url, os.getpid())

        def stop_at_exit() -> None:  # the address file must not outlive the server
            server.stop()
            clear_address(save)

        atexit.register(stop_at_exit)
        self.visible = True
        where = "phones on this network can connect" if host != "127.0.0.1" else "this machine only (no network)"
        return f"players' portal at {url}: {where}; 1-9 shows a player's QR code, F9 hides the panel"

    def pump(self) -> None:
        """Run the journal writes the server handed over, and draw one earlier round's picture not drawn yet
        (call every frame, on the window's thread)."""
        if self.gate is not None and self.portal is not None:
            self.gate.pump()
            self.portal.draw_pending(1)

    def frame_key(self) -> tuple[Hashable, ...]:
        """What the panel's picture depends on."""
        if self.portal is None:
            return ()
        return (self.visible, self.qr_player, self.portal.changes, self.portal.round_status())

    def key(self, key: int) -> bool:
        """A key while the panel is shown: 1-9 a player's QR code (again: hide it), Esc hides the panel.
        Returns True when the key was the panel's."""
        if not self.visible or self.portal is None:
            return False
        if key == pygame.K_ESCAPE:
            self.visible, self.qr_player = False, None
            self._mark_seen()
            return True
        if pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(self.portal.players):
            index = key - pygame.K_1
            self.qr_player = None if self.qr_player == index else index
            return True
        return False

    def _mark_seen(self) -> None:
        if self.portal is not None:
            self._seen = {name: len(self.portal.orders_of(name)) for name in self.portal.players}

    def _qr_surface(self, url: str, size: int) -> pygame.Surface:
        from kriegsspiel.portal.qr import qr_matrix

        cached = self._qr.get(url)
        if cached is None or cached.get_width() != size:
            matrix = qr_matrix(url)
            modules = len(matrix) + 8  # a quiet zone of 4 modules each side
            cell = max(1, size // modules)
            cached = pygame.Surface((modules * cell, modules * cell))
            cached.fill((255, 255, 255))
            for r, row in enumerate(matrix):
                for c, dark in enumerate(row):
                    if dark:
                        cached.fill((0, 0, 0), pygame.Rect((c + 4) * cell, (r + 4) * cell, cell, cell))
            self._qr[url] = cached
        return cached

    def draw(self, target: pygame.Surface, texts: TextCache, size: int) -> None:
        """The inbox panel (or one player's QR code) over the map, when shown."""
        if not self.visible or self.portal is None:
            return
        from kriegsspiel.portal.links import link_url

        portal = self.portal
        width, height = target.get_size()
        box = pygame.Rect(20, 50, min(900, width - 40), height - 100)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, _BOX, panel.get_rect(), border_radius=8)
        status = portal.round_status()
        y = 12
        title = f"Players' portal  {self.url}   {portal.phase_name()}: " + \
            ("open to orders" if status.open else str(status.reason))
        panel.blit(texts.get(title, size, _INK, bold=True), (14, y))
        y += size + 14
        tokens = portal.tokens()
        if self.qr_player is not None:
            name = portal.players[self.qr_player]
            panel.blit(texts.get(f"{name}: scan with the phone's camera ({self.qr_player + 1} again hides it)",
                                 size, _INK), (14, y))
            y += size + 10
            side = min(box.width - 28, box.height - y - 14)
            panel.blit(self._qr_surface(link_url(self.url, tokens[name]), side), (14, y))
            target.blit(panel, box.topleft)
            return
        for index, name in enumerate(portal.players):
            if y > box.height - 2 * size:
                break
            mine = [o for o in portal.orders_of(name) if o.round == status.round]
            new = len(portal.orders_of(name)) > self._seen.get(name, 0)
            head = f"{index + 1}. {name}: " + (f"received {mine[-1].at[11:19]} UTC, digest {mine[-1].digest}"
                                               if mine else "nothing received yet")
            panel.blit(texts.get(head, size, _INK, bold=True), (14, y))
            x = 14 + texts.get(head, size, _INK, bold=True).get_width() + 10
            if mine and mine[-1].ready:
                panel.blit(texts.get("READY", size, _READY, bold=True), (x, y))
                x += texts.get("READY", size, _READY, bold=True).get_width() + 10
            if new:
                panel.blit(texts.get("NEW", size, _NEW, bold=True), (x, y))
            y += size + 6
            for line in (mine[-1].text.splitlines()[:3] if mine else []):
                panel.blit(texts.get(line[:110], size - 2, _INK), (34, y))
                y += size + 2
            y += 8
        target.blit(panel, box.topleft)
