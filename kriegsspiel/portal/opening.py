"""The portal of any game's session, for ``kriegsspiel serve``: the service, its web server and the umpire's
terminal with the portal's commands."""
from __future__ import annotations

from dataclasses import dataclass

from kriegsspiel.portal.console import PortalShell
from kriegsspiel.portal.server import PortalServer
from kriegsspiel.portal.service import LockGate, Portal


@dataclass
class ServedPortal:
    """A started portal: ``portal`` (the service), ``server`` (not yet started), ``terminal(url)`` the umpire's
    shell with the portal's commands (duck-types :class:`kriegsspiel.shell.Shell` for ``run_shell``)."""

    portal: Portal
    server: PortalServer
    gate: LockGate

    def terminal(self, url: str) -> PortalShell:
        return PortalShell(self.portal, url, self.gate)


def start_portal(session: object, host: str, port: int) -> ServedPortal:
    """The portal of ``session`` started (its journal records read, links issued) and its server made (not
    yet listening). Raises UserError for a damaged links file, SaveError when the journal cannot be written."""
    gate = LockGate()
    portal = Portal(session, gate)
    portal.start()
    return ServedPortal(portal, PortalServer(portal, host, port), gate)
