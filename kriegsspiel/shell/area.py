"""The umpire's commands of an area game in the one shell (:class:`kriegsspiel.shell.Shell`): orders and the
session's commands (``store/area.py``) plus queries that change nothing.

::

    FRANCE: A PAR - BUR; F BRE - MAO   orders (one record each; a later order for a unit replaces it)
    withdraw POWER: ORDER              take an order back
    adjudicate                         what confirming would give now (the rules' results), changing nothing
    confirm                            resolve the phase and go on to the next that needs orders
    undo | redo                        take back the last command / carry it out again
    phase | units [POWER] | orders [POWER] | centres | results | options POWER UNIT | help
"""
from __future__ import annotations

from collections import Counter
from typing import Any

HELP = __doc__.split("::", 1)[1].strip("\n") if __doc__ else ""


class AreaCommands:
    """The commands of one area game (``game``: its session); :meth:`answer` returns the text to show."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def prompt(self, number: int) -> str:
        """``PHASE ~ COMMAND % ``, as the ruler games' ``ROUND ~ COMMAND SIDE % ``."""
        return f"{self.game.turn.position.phase} ~ {number} % "

    def completions(self, prefix: str) -> list[str]:
        """Command words, powers and unit ids that begin with ``prefix``."""
        words = {"help", "phase", "units", "orders", "centres", "results", "adjudicate", "confirm", "options",
                 "withdraw", "undo", "redo", "quit", *self.game.scenario.powers,
                 *(u.uid for u in self.game.turn.position.units)}
        return sorted(w for w in words if w.startswith(prefix))

    def answer(self, text: str) -> tuple[str, bool]:
        """(what to show, whether the game changed) for one line (a refusal starts with ``refused:``).
        Raises SaveError when the journal cannot be written."""
        word, _, rest = text.partition(" ")
        word = word.lower()
        query = {
            "help": self.help, "phase": self.phase, "units": lambda: self.units(rest), "orders": lambda:
            self.orders(rest), "centres": self.centres, "centers": self.centres, "results": self.results,
            "adjudicate": self.adjudicate, "options": lambda: self.options(rest),
        }.get(word)
        if query is not None and ":" not in text:
            return query(), False
        outcome = self.game.submit(text)
        return outcome.describe(), outcome.accepted

    # --- queries ----------------------------------------------------------------------------------------

    def help(self) -> str:
        """The commands; the game's own order lines in place of Diplomacy's where its rules give them."""
        own = self.game.scenario.rules.order_help()
        if not own:
            return HELP
        lines = HELP.splitlines()
        return "\n".join([*own, *(line for line in lines if "FRANCE" not in line)])

    def _power(self, rest: str) -> str | None:
        name = rest.strip().upper()
        if not name:
            return None
        found = [p for p in self.game.scenario.powers if p.startswith(name)]
        return found[0] if len(found) == 1 else name

    def phase(self) -> str:
        turn = self.game.turn
        rules = self.game.scenario.rules
        waiting = ", ".join(rules.powers_to_order(turn.position)) or "nobody"
        given = Counter(o.power for o in turn.orders)
        lines = [f"{turn.position.phase_label} ({turn.position.phase}); orders from: {waiting}"]
        lines += [f"  {p}: {n} order{'s' if n != 1 else ''} given" for p, n in sorted(given.items())]
        if turn.choices:
            lines += [f"  {c.power} must choose: {c.question} ({' | '.join(c.options)})" for c in turn.choices]
        if turn.winner:
            lines.append(f"  {turn.winner} has won")
        return "\n".join(lines)

    def units(self, rest: str) -> str:
        power = self._power(rest)
        shown = [u for u in self.game.turn.position.units if power is None or u.power == power]
        if not shown:
            return f"no units{' of ' + power if power else ''}"
        lines = []
        for u in shown:
            extra = ""
            if u.details.get("dislodged"):
                extra = f"  dislodged; may retreat to {', '.join(u.details.get('retreats', ())) or 'nowhere'}"
            lines.append(f"  {u.uid:<5} {u.power:<10} {u.kind} {u.where}{extra}")
        return "\n".join(lines)

    def orders(self, rest: str) -> str:
        power = self._power(rest)
        shown = [o for o in self.game.turn.orders if power is None or o.power == power]
        return "\n".join(f"  {o.power}: {o.text}" for o in shown) or "no orders given yet"

    def centres(self) -> str:
        owners = self.game.turn.position.owners
        units = Counter(u.power for u in self.game.turn.position.units if not u.details.get("dislodged"))
        by_power: dict[str, list[str]] = {}
        for c, p in sorted(owners.items()):
            by_power.setdefault(p, []).append(c)
        return "\n".join(f"  {p:<10} {len(cs):>2} centres, {units[p]:>2} units: {' '.join(cs)}"
                         for p, cs in sorted(by_power.items())) or "no supply centre is owned"

    def results(self) -> str:
        last = self.game.turn.last
        return "\n".join(last.lines) if last else "no phase confirmed yet"

    def adjudicate(self) -> str:
        result = self.game.preview()
        head = f"if confirmed now, {self.game.turn.position.phase} gives {result.position.phase}:"
        lines = [head, *[f"  {x}" for x in result.lines]]
        lines += [f"  {c.power} must choose: {c.question}" for c in result.choices]
        lines.append("type 'confirm' to resolve the phase so, or change the orders first")
        return "\n".join(lines)

    def options(self, rest: str) -> str:
        power, _, unit = rest.partition(" ")
        power = self._power(power) or ""
        turn = self.game.turn
        rules = self.game.scenario.rules
        where = unit.strip().upper().split()
        target = where[-1] if where else ""
        hit = next((u for u in turn.position.units if u.power == power and (
            u.uid.upper() == target or u.where == target or u.where.split("/")[0] == target)), None)
        places = rules.place_examples(turn.position, power, target) if target else ()
        if hit is None:
            return "\n".join(places) or f"{power or '?'} has no unit {unit.strip() or '(name one)'}"
        found = rules.order_examples(turn.position, power, hit.uid)
        if not found and hit.uid.upper() != target:  # a place named: what may be bought or placed there
            found = places
        return "\n".join(found) or f"no orders for {hit.kind} {hit.where} now"
