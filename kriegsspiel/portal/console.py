"""The umpire's terminal while ``kriegsspiel serve`` runs, for every game: the one Umpire shell
(:mod:`kriegsspiel.shell`) plus the portal's commands (``inbox``, ``close``, ``deadline``, ``tell``, ``revoke``,
``links``). Every game command takes the portal's lock, so that orders coming in from the players and the
umpire's moves reach the journal one at a time; after each, the pages are told (a confirm or the end of a
round shows them the next at once)."""
from __future__ import annotations

from typing import Any

from kriegsspiel.portal.inbox import inbox_text
from kriegsspiel.portal.links import link_url
from kriegsspiel.portal.service import LockGate, Portal
from kriegsspiel.shell import Reply, Shell

#: the portal's commands (``help`` lists them after the shell's own)
PORTAL_WORDS = ("inbox", "close", "deadline", "tell", "revoke", "links")


def portal_help(period: str) -> str:
    """The portal's commands, for ``help``."""
    return f"""\
players' portal:
  inbox [N]            the orders received for {period} N (default: the one orders go to), who is ready, the lines refused
  close                close the {period} to orders (the players see it at once)
  deadline MINUTES     orders for the {period} are due in MINUTES; 'deadline off' takes it back
  tell PLAYER: TEXT    add TEXT to PLAYER's page for the {period} (only they see it)
  revoke PLAYER        give PLAYER a new link; the old one answers 404 from now on
  links                the players' links"""


class LockedGame:
    """A session whose changes run under the portal's lock (what the shell is given); the rest is the session's."""

    def __init__(self, game: Any, gate: LockGate) -> None:
        self._game, self._gate = game, gate

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def submit(self, command: Any, forced: bool = False) -> Any:
        return self._gate.run(lambda: self._game.submit(command, forced))

    def preview(self, *args: Any) -> Any:
        return self._gate.run(lambda: self._game.preview(*args))

    def undo(self) -> Any:
        return self._gate.run(self._game.undo)

    def redo(self) -> Any:
        return self._gate.run(self._game.redo)


class PortalShell:
    """The Umpire shell with the portal's commands in front of it (duck-types :class:`Shell` for
    :func:`kriegsspiel.shell.run_shell`)."""

    def __init__(self, portal: Portal, base_url: str, gate: LockGate) -> None:
        self.portal = portal
        self.base_url = base_url
        self.shell = Shell(LockedGame(portal.game, gate))
        self.quit = False  # the umpire typed quit (not merely the end of input)

    def prompt(self) -> str:
        return self.shell.prompt()

    def completions(self, prefix: str) -> list[str]:
        return sorted({*self.shell.completions(prefix), *(w for w in PORTAL_WORDS if w.startswith(prefix))})

    def player(self, written: str) -> str | None:
        """The player (or power) ``written`` names: exactly, by a unique beginning, or by who plays it."""
        name = written.strip()
        players = self.portal.players
        if name in players:
            return name
        same = [p for p in players if p.upper() == name.upper()]
        starts = [p for p in players if name and p.upper().startswith(name.upper())]
        by_name = [p for p, n in self.portal.names.items() if n.upper() == name.upper()]
        for found in (same, starts, by_name):
            if len(found) == 1:
                return found[0]
        return None

    def links_text(self) -> str:
        tokens = self.portal.tokens()
        return "\n".join(f"  {name}: {link_url(self.base_url, tokens[name])}" for name in self.portal.players
                         if name in tokens)

    def handle(self, line: str) -> Reply:
        """Carry out one line. Raises SaveError when the journal cannot be written."""
        try:
            return self._handle(line)
        finally:
            self.portal.poll()

    def _handle(self, line: str) -> Reply:
        words = line.split()
        word = words[0].lower() if words else ""
        rest = line.strip()[len(word):].strip()
        period = self.portal.desk.period
        players = ", ".join(self.portal.players)
        if word == "inbox" and ":" not in line:
            if rest and not rest.isdigit():
                return Reply(f"inbox: give a {period} number, or nothing for the {period} in play", ok=False)
            number = int(rest) if rest else None
            if number is not None and not 1 <= number <= self.portal.ordering_number():
                return Reply(f"inbox: there is no {period} {number}", ok=False)
            return Reply(inbox_text(self.portal.inbox(number)))
        if word == "close" and not rest:
            self.portal.close_round()
            return Reply(f"{self.portal.phase_name()} is closed to orders")
        if word == "deadline":
            if rest == "off":
                self.portal.set_deadline(None)
                return Reply(f"no deadline for the {period} in play")
            try:
                minutes = float(rest)
            except ValueError:
                return Reply("deadline: give the minutes left for orders (deadline 20), or 'deadline off'", ok=False)
            if not 0 < minutes <= 24 * 60:
                return Reply("deadline: give between 1 and 1440 minutes", ok=False)
            return Reply(f"orders for {self.portal.phase_name()} are due by {self.portal.set_deadline(minutes)}")
        if word == "tell":
            who, colon, text = rest.partition(":")
            if not colon or not text.strip():
                return Reply("tell: write 'tell PLAYER: what they learn' (a colon after the name)", ok=False)
            player = self.player(who)
            if player is None:
                return Reply(f"tell: no player {who.strip()!r}; the players: {players}", ok=False)
            self.portal.tell(player, text.strip())
            return Reply(f"added to the page of {player} for {self.portal.phase_name()}")
        if word == "revoke":
            player = self.player(rest)
            if player is None:
                return Reply(f"revoke: no player {rest!r}; the players: {players}", ok=False)
            token = self.portal.revoke(player)
            return Reply(f"the old link of {player} is revoked; the new one: {link_url(self.base_url, token)}")
        if word == "links" and not rest:
            return Reply(self.links_text())
        reply = self.shell.handle(line)
        self.quit = self.quit or reply.quit
        if word in ("help", "?") and reply.ok:
            return Reply(reply.text + "\n\n" + portal_help(period))
        return reply
