"""The portal of any game's session, for ``kriegsspiel serve``: the service, its web server and the umpire's
terminal with the portal's commands. The ruler and area portals are still two services (their unification is a
later step); this is the one place that picks between them, by the session's kind."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kriegsspiel.portal.service import LockGate
from kriegsspiel.shell import Reply


@dataclass
class ServedPortal:
    """A started portal: ``portal`` (the service), ``server`` (not yet started), ``terminal(url)`` the umpire's
    shell with the portal's commands (duck-types :class:`kriegsspiel.shell.Shell` for ``run_shell``)."""

    portal: Any
    server: Any
    gate: LockGate

    def terminal(self, url: str) -> Any:
        from kriegsspiel.portal.area_console import AreaPortalShell
        from kriegsspiel.portal.console import PortalShell

        if self.portal.game.kind == "area":
            return _ReplyShell(AreaPortalShell(self.portal, url, self.gate))
        return PortalShell(self.portal, url, self.gate)


class _ReplyShell:
    """The area portal's terminal (text in, text out) as ``run_shell`` takes a shell."""

    def __init__(self, shell: Any) -> None:
        self.shell = shell
        self.quit = False

    def prompt(self) -> str:
        return self.shell.shell.prompt()

    def completions(self, prefix: str) -> list[str]:
        words = ["inbox", "close", "deadline", "tell", "revoke", "links"]
        return sorted({*self.shell.shell.completions(prefix), *(w for w in words if w.startswith(prefix))})

    def handle(self, line: str) -> Reply:
        if line.strip().lower() in ("quit", "exit"):
            self.quit = True
            return Reply("", quit=True)
        text = self.shell.handle(line)
        return Reply(text, ok=not text.startswith("refused:"))


def start_portal(session: Any, host: str, port: int) -> ServedPortal:
    """The portal of ``session`` started (its journal records read, links issued) and its server made (not
    yet listening). Raises UserError for a damaged links file, SaveError when the journal cannot be written."""
    gate = LockGate()
    if session.kind == "area":
        from kriegsspiel.portal.area_server import AreaPortalServer
        from kriegsspiel.portal.area_service import AreaPortal

        area = AreaPortal(session, gate)
        area.start()
        return ServedPortal(area, AreaPortalServer(area, host, port), gate)
    from kriegsspiel.portal.server import PortalServer
    from kriegsspiel.portal.service import Portal

    ruler = Portal(session, gate)
    ruler.start()
    return ServedPortal(ruler, PortalServer(ruler, host, port), gate)
