"""The umpire's terminal while ``kriegsspiel serve`` runs: the Umpire shell, plus the portal's commands
(``inbox``, ``close``, ``deadline``, ``tell``, ``revoke``, ``links``). Every game command takes the portal's lock, so
that orders coming in from the players and the umpire's moves reach the journal one at a time."""
from __future__ import annotations

from typing import Any

from kriegsspiel.portal.links import link_url
from kriegsspiel.portal.records import inbox_text
from kriegsspiel.portal.service import LockGate, Portal
from kriegsspiel.shell import Reply, Shell

PORTAL_HELP = """\
players' portal:
  inbox [N]            the orders received for round N (default: the round in play), who is ready
  close                close the round in play to orders (the players see it at once)
  deadline MINUTES     orders for the round in play are due in MINUTES; 'deadline off' takes it back
  tell PLAYER: TEXT    add TEXT to PLAYER's report of the round in play (only they see it)
  revoke PLAYER        give PLAYER a new link; the old one answers 404 from now on
  links                the players' links"""


class LockedGame:
    """A game whose commands run under the portal's lock (the shell's GameSession)."""

    def __init__(self, game: Any, gate: LockGate) -> None:
        self._game, self._gate = game, gate

    @property
    def state(self) -> Any:
        return self._game.state

    def submit(self, command: Any, forced: bool = False) -> Any:
        return self._gate.run(lambda: self._game.submit(command, forced))

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
        words = ["inbox", "close", "deadline", "tell", "revoke", "links"]
        return sorted({*self.shell.completions(prefix), *(w for w in words if w.startswith(prefix))})

    def links_text(self) -> str:
        tokens = self.portal.tokens()
        return "\n".join(f"  {name}: {link_url(self.base_url, tokens[name])}" for name in self.portal.players
                         if name in tokens)

    def handle(self, line: str) -> Reply:
        words = line.split()
        word = words[0] if words else ""
        rest = line.strip()[len(word):].strip()
        if word == "inbox":
            if rest and not rest.isdigit():
                return Reply("inbox: give a round number, or nothing for the round in play", ok=False)
            return Reply(inbox_text(self.portal.inbox(int(rest) if rest else None)))
        if word == "close":
            return Reply(f"round {self.portal.close_round()} is closed to orders")
        if word == "deadline":
            if rest == "off":
                self.portal.set_deadline(None)
                return Reply("no deadline for the round in play")
            try:
                minutes = float(rest)
            except ValueError:
                return Reply("deadline: give the minutes left for orders (deadline 20), or 'deadline off'", ok=False)
            if not 0 < minutes <= 24 * 60:
                return Reply("deadline: give between 1 and 1440 minutes", ok=False)
            return Reply(f"orders for round {self.portal.game.state.round} are due by "
                         f"{self.portal.set_deadline(minutes)}")
        if word == "tell":
            player, colon, text = rest.partition(":")
            player, text = player.strip(), text.strip()
            if not colon or not text:
                return Reply("tell: write 'tell PLAYER: what they learn' (a colon after the name)", ok=False)
            if player not in self.portal.players:
                return Reply(f"tell: no player {player!r}; the players: {', '.join(self.portal.players)}", ok=False)
            self.portal.tell(player, text)
            return Reply(f"added to the report of {player} for round {self.portal.game.state.round}")
        if word == "revoke":
            if rest not in self.portal.players:
                return Reply(f"revoke: no player {rest!r}; the players: {', '.join(self.portal.players)}", ok=False)
            token = self.portal.revoke(rest)
            return Reply(f"the old link of {rest} is revoked; the new one: {link_url(self.base_url, token)}")
        if word == "links":
            return Reply(self.links_text())
        reply = self.shell.handle(line)
        self.quit = self.quit or reply.quit
        if word in ("help", "?") and reply.ok:
            return Reply(reply.text + "\n\n" + PORTAL_HELP)
        return reply
