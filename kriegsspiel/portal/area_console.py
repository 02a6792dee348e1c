"""The umpire's terminal while ``kriegsspiel serve`` runs an area game: the area shell (orders, ``adjudicate``,
``confirm``, ``undo``...: the one shell, kriegsspiel.shell) plus the portal's commands. Every game command takes the
portal's lock, so that the powers' orders and the umpire's commands reach the journal one at a time; after
each, the powers' pages are told (a confirm shows them the next phase at once)."""
from __future__ import annotations

from typing import Any

from kriegsspiel.errors import printable
from kriegsspiel.portal.area_inbox import area_inbox_text
from kriegsspiel.portal.area_service import AreaPortal
from kriegsspiel.portal.links import link_url
from kriegsspiel.portal.service import LockGate
from kriegsspiel.shell import Shell

AREA_PORTAL_HELP = """\
players' portal:
  inbox                who has sent orders for the phase being ordered, who is ready, the lines refused
  close                close the phase to orders (the pages say so at once)
  deadline MINUTES     orders for the phase are due in MINUTES; 'deadline off' takes it back
  tell POWER: TEXT     add TEXT to POWER's page for this phase (only that power sees it)
  revoke POWER         give POWER a new link; the old one answers 404 from now on
  links                the powers' links"""


class LockedAreaGame:
    """An area game whose changes run under the portal's lock (what the shell is given)."""

    def __init__(self, game: Any, gate: LockGate) -> None:
        self._game, self._gate = game, gate

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def submit(self, line: str) -> Any:
        return self._gate.run(lambda: self._game.submit(line))

    def preview(self) -> Any:
        return self._gate.run(self._game.preview)


class AreaPortalShell:
    """The area shell with the portal's commands in front of it."""

    def __init__(self, portal: AreaPortal, base_url: str, gate: LockGate) -> None:
        self.portal = portal
        self.base_url = base_url
        self.shell = Shell(LockedAreaGame(portal.game, gate))  # type: ignore[arg-type]

    def _power(self, written: str) -> str | None:
        name = written.strip().upper()
        found = [p for p in self.portal.players if p.startswith(name)] if name else []
        by_name = [p for p, n in self.portal.names.items() if n.upper() == name]
        return name if name in self.portal.players else (found[0] if len(found) == 1 else (
            by_name[0] if len(by_name) == 1 else None))

    def links_text(self) -> str:
        tokens = self.portal.tokens()
        return "\n".join(f"  {power}: {link_url(self.base_url, tokens[power])}" for power in self.portal.players
                         if power in tokens)

    def handle(self, line: str) -> str:
        """Carry out one line; returns what to show. Raises SaveError when the journal cannot be written."""
        try:
            return self._handle(line)
        finally:
            self.portal.poll()

    def _handle(self, line: str) -> str:
        words = line.split()
        word = words[0].lower() if words else ""
        rest = line.strip()[len(word):].strip()
        powers = ", ".join(self.portal.players)
        if word == "inbox" and ":" not in line:
            return area_inbox_text(self.portal.inbox())
        if word == "close" and not rest:
            self.portal.close_round()
            return f"{self.portal.game.turn.position.phase_label} is closed to orders"
        if word == "deadline":
            if rest == "off":
                self.portal.set_deadline(None)
                return "no deadline for the phase being ordered"
            try:
                minutes = float(rest)
            except ValueError:
                return "refused: deadline: give the minutes left for orders (deadline 20), or 'deadline off'"
            if not 0 < minutes <= 24 * 60:
                return "refused: deadline: give between 1 and 1440 minutes"
            return f"orders for {self.portal.game.turn.position.phase_label} are due by {self.portal.set_deadline(minutes)}"
        if word == "tell":
            who, colon, text = rest.partition(":")
            power = self._power(who)
            if not colon or not text.strip():
                return "refused: tell: write 'tell POWER: what they learn' (a colon after the power)"
            if power is None:
                return f"refused: tell: no power {who.strip()!r}; the powers: {powers}"
            self.portal.tell(power, text.strip())
            return f"added to the page of {power} for {self.portal.game.turn.position.phase_label}"
        if word == "revoke":
            power = self._power(rest)
            if power is None:
                return f"refused: revoke: no power {rest!r}; the powers: {powers}"
            token = self.portal.revoke(power)
            return f"the old link of {power} is revoked; the new one: {link_url(self.base_url, token)}"
        if word == "links" and not rest:
            return self.links_text()
        answer = self.shell.handle(line).text
        if word in ("help", "?"):
            return answer + "\n\n" + AREA_PORTAL_HELP
        return answer
