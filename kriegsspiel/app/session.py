"""The window's side of the game session: the one place where the App talks to the game.

Every change the window makes (a drop, a console line, Ctrl+Z) goes through the Game session
(``kriegsspiel.store.Game``: ``submit``, ``undo``, ``redo``), which journals it before it returns, and console
lines go through the Umpire shell's own handling (:class:`kriegsspiel.shell.session.Shell`), so the console
and ``kriegsspiel shell`` parse and answer alike.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from kriegsspiel.app.group_undo import GroupLedger

from kriegsspiel.core.state import GameState
from kriegsspiel.store import JournalRecord, Outcome, RulerSession
from kriegsspiel.shell.session import Shell


@dataclass(frozen=True, slots=True)
class Reply:
    """What the window shows after a command: accepted or not, and the lines to show (events or reason)."""

    accepted: bool
    lines: tuple[str, ...]
    changed: bool  # True when the game changed (it was journaled)

    @property
    def text(self) -> str:
        return "; ".join(self.lines)


class TableSession:
    """A game session (``state``, ``submit``, ``undo``, ``redo``, ``journal_entries``) seen from the window.

    ``title`` is shown in the top bar and the panel (the scenario's name and the save's file name).
    """

    def __init__(self, game: RulerSession, title: str = "") -> None:
        self.game = game
        self.shell = Shell(game)
        self.title = title
        self.quit_requested = False
        self.ledger = GroupLedger()  # the orders journaled together (a group move): one Ctrl+Z for all

    @property
    def state(self) -> GameState:
        return self.game.state

    def prompt(self) -> str:
        """The Umpire shell's prompt, ``ROUND ~ COMMAND SIDE % ``."""
        return self.shell.prompt()

    # --- changes -----------------------------------------------------------------------------------------
    def submit(self, text: str, forced: bool = False) -> Reply:
        """Submit one order in the shell's notation (``move va1 > 3,4``); ``forced`` carries out a refusal
        (the journal marks it forced, with the refusal it overrode)."""
        return _reply(self._guard(lambda: self.game.submit(text, forced=forced)))

    def submit_group(self, orders: Iterable[tuple[str, bool]]) -> Reply:
        """Submit several (line, forced) orders one after another (a group move), each journaled on its own;
        the accepted ones are remembered as one group, which one :meth:`undo` takes back. The reply lists each
        order's answer; it is accepted when at least one order was."""
        seqs: list[int] = []
        lines: list[str] = []
        for text, forced in orders:
            outcome = self._guard(lambda: self.game.submit(text, forced=forced))
            if isinstance(outcome, Outcome) and outcome.accepted and outcome.record is not None:
                seqs.append(outcome.record)
            lines.append(outcome.describe() if outcome.accepted else f"{text}: {outcome.describe()}")
        self.ledger.add(seqs)
        return Reply(bool(seqs), tuple(part for line in lines for part in line.splitlines() if part.strip()), bool(seqs))

    def undo(self) -> Reply:
        """Take back the last order, or the whole group of orders journaled together last (a group move)."""
        return self._repeat(self.game.undo, self.ledger.undo_count(*self.game.order_stacks()))

    def redo(self) -> Reply:
        """Bring back the last order undone, or the whole group undone together."""
        return self._repeat(self.game.redo, self.ledger.redo_count(*self.game.order_stacks()))

    def _repeat(self, action: Callable[[], Outcome], times: int) -> Reply:
        replies = [_reply(self._guard(action)) for _ in range(times)]
        done = [r for r in replies if r.accepted]
        if len(replies) == 1 or not done:
            return replies[0]
        orders = "1 order" if len(done) == 1 else f"{len(done)} orders"  # the noun, not the command word
        return Reply(True, (f"{orders} of one group", *(line for r in done for line in r.lines)), True)

    def run_line(self, line: str) -> Reply:
        """One console line, handled exactly as ``kriegsspiel shell`` handles it."""
        answer = self.shell.handle(line)
        if answer.quit:
            self.quit_requested = True
        lines = tuple(part for part in answer.text.splitlines() if part.strip()) or ("ok",)
        return Reply(answer.ok, lines, answer.changed)

    def _guard(self, action: Callable[[], Outcome]) -> Outcome | _Refusal:
        from kriegsspiel.errors import UserError

        try:
            return action()
        except UserError as exc:  # the journal could not be written, or the save is read-only
            return _Refusal(f"error: {exc}")

    # --- reading ------------------------------------------------------------------------------------------
    def journal_lines(self, count: int) -> list[str]:
        """The last ``count`` journal records, one line each, oldest first."""
        from kriegsspiel.store.undone import undone_orders

        # An undo comes after the order it takes back, so the last ``count`` records alone tell which of
        # them stand undone; the game keeps only the newest records in memory.
        tail = getattr(self.game, "journal_tail", None)
        records = list(tail(count) if callable(tail) else self.game.journal_entries()[-count:])
        undone = undone_orders(records)
        return [journal_line(record, record.seq in undone) for record in records]

    def names(self) -> list[str]:
        """What follows a command word, as the shell completes it: unit ids, sides and players."""
        words = set(self.command_words())
        return [w for w in self.shell.completions("") if w not in words]

    def command_words(self) -> list[str]:
        from kriegsspiel.core.game import rules_of

        return rules_of(self.state).words()


@dataclass(frozen=True, slots=True)
class _Refusal:
    reason: str
    accepted: bool = False

    def describe(self) -> str:
        return self.reason


def _reply(outcome: Outcome | _Refusal) -> Reply:
    """A Reply from a Game Outcome (accepted with its events, or refused with the reason)."""
    text = outcome.describe()
    lines = tuple(part for part in text.splitlines() if part.strip()) or ("done",)
    return Reply(bool(outcome.accepted), lines, bool(outcome.accepted))


def journal_line(record: JournalRecord, undone: bool = False) -> str:
    """A journal record for the panel: ``12 move va1 > 3,4 (forced)``; undo/redo name their target; an order
    taken back (``undone``) says so."""
    text = record.command
    if record.kind in ("undo", "redo") and record.target is not None:
        text = f"{record.kind} #{record.target}"
    if record.forced:
        text += " (forced)"
    if undone:
        text += " (undone)"
    return f"{record.seq:>3} {text}"
