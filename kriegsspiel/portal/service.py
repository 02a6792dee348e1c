"""The portal's state, shared by the web server's thread and the umpire's: who holds which link, the sheets
published, the orders received, which round is open. Every change goes to the journal through a *gate*.

The gate decides on which thread the journal is written. ``LockGate`` writes at once under a lock (the
``serve`` command, where the umpire's terminal takes the same lock for every command). ``PumpGate`` hands the
write to the thread that owns the game (the window, which calls :meth:`PumpGate.pump` every frame) and waits
for it, so that a receipt is only ever shown for orders already on disk.
"""
from __future__ import annotations

import dataclasses
import datetime as _dt
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from kriegsspiel.portal import records as rec
from kriegsspiel.portal.link_keeper import LinkKeeper
from kriegsspiel.portal.round_control import RoundControl
from kriegsspiel.portal.links import LinkBook
from kriegsspiel.portal.sheets import Sheet, draw_sheets, start_of_round_states

T = TypeVar("T")

#: the longest orders accepted, in characters (the issue's limit)
MAX_ORDER_CHARS = 4000


class Refusal(Exception):
    """Orders not received: ``status`` is the HTTP status that says why (409 closed round, 400 too long)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class LockGate:
    """Runs journal writes at once, under one lock that the umpire's commands take too."""

    def __init__(self) -> None:
        self.lock = threading.RLock()

    def run(self, job: Callable[[], T]) -> T:
        with self.lock:
            return job()


class PumpGate:
    """Runs journal writes on the thread that owns the game: :meth:`pump` (called there, every frame) runs
    what other threads handed over; :meth:`run` from another thread waits for it (``timeout`` seconds)."""

    def __init__(self, timeout: float = 10.0) -> None:
        self._owner = threading.get_ident()
        self._jobs: queue.Queue[tuple[Callable[[], Any], Future[Any]]] = queue.Queue()
        self.timeout = timeout

    def run(self, job: Callable[[], T]) -> T:
        if threading.get_ident() == self._owner:
            return job()
        future: Future[T] = Future()
        self._jobs.put((job, future))
        return future.result(timeout=self.timeout)

    def pump(self) -> int:
        """Run the jobs handed over so far (on the owner's thread); returns how many ran."""
        ran = 0
        while True:
            try:
                job, future = self._jobs.get_nowait()
            except queue.Empty:
                return ran
            try:
                future.set_result(job())
            except BaseException as exc:  # noqa: BLE001 - handed back to the waiting thread, which reports it
                future.set_exception(exc)
            ran += 1


@dataclass(frozen=True, slots=True)
class RoundStatus:
    """The round orders go to now: its number, whether orders are taken, why not, and the deadline (UTC)."""

    round: int
    open: bool
    reason: str | None
    deadline: str | None


def _parse_utc(text: str) -> _dt.datetime:
    return _dt.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=_dt.timezone.utc)


class Portal(LinkKeeper, RoundControl):
    """The players' portal of one open game (a :class:`kriegsspiel.store.Game` that can write).

    Call :meth:`start` on the thread that owns pygame: it draws every sheet so far, journals the links'
    changes and publishes each new round's sheets the moment the round ends. ``now`` gives the time (tests).
    """

    def __init__(self, game: Any, gate: LockGate | PumpGate | None = None,
                 now: Callable[[], _dt.datetime] | None = None) -> None:
        self.game = game
        self.save = Path(game.path)
        self.gate = gate or LockGate()
        self._now = now or (lambda: _dt.datetime.now(_dt.timezone.utc))
        self.players = [p.name for p in game.state.setup.players]
        self._data = threading.Lock()  # the fields below, read by the server's thread
        self._sheets: dict[str, dict[int, Sheet]] = {name: {} for name in self.players}
        self._orders: list[rec.ReceivedOrders] = []
        self._closed: set[int] = set()
        self._deadlines: dict[int, str] = {}
        self._notes: dict[tuple[str, int], list[str]] = {}
        self._init_links()
        self._listeners: list[Callable[[int], None]] = []
        self._pending: list[tuple[int, Any, str]] = []  # earlier rounds' pictures still to draw
        self.notes: list[str] = []
        #: counts every change a player or the umpire would see (orders in, a round closed, sheets published)
        self.changes = 0

    # --- starting ---------------------------------------------------------------------------------------

    def start(self, history_now: bool = True) -> None:
        """Draw the newest sheets (and, with ``history_now``, those of every earlier round: else
        :meth:`draw_pending` draws them a picture at a time), issue a link to each player who has none, and
        publish each round's sheets when it ends. Raises UserError for a damaged links file, SaveError when
        the journal cannot be written."""
        records = self.game.journal_entries()  # once, at the start; requests read what is kept in memory
        with self._data:
            self._orders = rec.received_orders(records)
            self._closed = rec.closed_rounds(records)
            self._deadlines = rec.deadlines(records)
            self._notes = rec.umpire_notes(records)
            self._link_hashes = rec.link_hashes(records)
        del records
        rounds = sorted(start_of_round_states(self.game.states_in_force()).items())
        number, state = rounds[-1]
        self._store(draw_sheets(state, number, self.players))
        # the newest earlier round first: it is the one a player looks back at
        self._pending = [(n, st, name) for n, st in reversed(rounds[:-1]) for name in self.players]
        if history_now:
            self.draw_pending(None)
        book, said = LinkBook.load_for_serving(self.save)  # a broken links file: kept aside, links issued anew
        self.notes += said
        if book.issue_missing(self.players):
            book.save()
        self.notes += self._take_book(book)
        self.game.on_round_end.append(self._round_ended)

    def draw_pending(self, most: int | None = 1) -> int:
        """Draw up to ``most`` (None: all) of the earlier rounds' pictures not drawn yet, on the thread that
        owns pygame (the window: one a frame). Returns how many were drawn."""
        drawn = 0
        while self._pending and (most is None or drawn < most):
            number, state, name = self._pending.pop(0)
            self._store(draw_sheets(state, number, [name]))
            drawn += 1
        return drawn

    def _round_ended(self, game: Any, ended: int) -> None:
        self.publish(ended + 1, game.state)

    def publish(self, number: int, state: Any) -> None:
        """Draw and publish every player's sheet ``number`` from ``state``, then tell the listeners."""
        self._store(draw_sheets(state, number, self.players))
        self.changes += 1
        self._tell()

    def _tell(self) -> None:
        number = self.latest_number()
        for listener in list(self._listeners):
            listener(number)

    def _store(self, sheets: dict[str, Sheet]) -> None:
        with self._data:
            for name, sheet in sheets.items():
                self._sheets[name][sheet.number] = sheet

    def listen(self, listener: Callable[[int], None]) -> None:
        """Call ``listener(sheet number)`` (on the publishing thread) whenever new sheets are published."""
        self._listeners.append(listener)

    # --- rounds and orders ------------------------------------------------------------------------------

    def ordering_number(self) -> int:
        """The number orders go to now (the round in play)."""
        return int(self.game.state.round)

    def round_status(self) -> RoundStatus:
        """The round orders are for now, and whether they are taken."""
        number = int(self.game.state.round)
        with self._data:
            deadline = self._deadlines.get(number)
            closed = number in self._closed
        if closed:
            return RoundStatus(number, False, f"round {number} is closed to orders", deadline)
        if deadline is not None and self._now() >= _parse_utc(deadline):
            return RoundStatus(number, False, f"the deadline for round {number} ({deadline}) has passed", deadline)
        return RoundStatus(number, True, None, deadline)

    def receive(self, player: str, round_number: int, text: str, ready: bool) -> rec.ReceivedOrders:
        """Journal ``player``'s orders for ``round_number`` (on disk before this returns) and return the
        receipt. Raises Refusal: 400 for orders over :data:`MAX_ORDER_CHARS`, 409 when that round is not
        the one open to orders."""
        text = text.replace("\r\n", "\n")
        if len(text) > MAX_ORDER_CHARS:
            raise Refusal(400, f"your orders are {len(text):,} characters long; the limit is "
                               f"{MAX_ORDER_CHARS:,} characters: shorten them and send again")

        def write() -> rec.ReceivedOrders:
            status = self.round_status()  # under the gate: the umpire cannot end the round meanwhile
            if round_number != status.round:
                raise Refusal(409, f"round {round_number} is over; orders now go to round {status.round}: "
                                   "reload the page")
            if not status.open:
                raise Refusal(409, f"{status.reason}; your orders were not received")
            line, data = rec.orders_entry(player, round_number, text, ready)
            record = self.game.append_portal(line, data)
            received = rec.ReceivedOrders(player, round_number, text, ready, rec.digest_of(text), record.at,
                                          record.seq)
            with self._data:
                self._orders.append(received)
                self.changes += 1
            return received

        return self.gate.run(write)

    # --- reading (any thread) ---------------------------------------------------------------------------

    def sheets_of(self, player: str) -> list[Sheet]:
        """The sheets published to ``player``, oldest first, each report followed by the umpire's words to
        that player in that round."""
        with self._data:
            return [self._with_notes(player, self._sheets[player][n]) for n in sorted(self._sheets[player])]

    def sheet(self, player: str, number: int) -> Sheet | None:
        with self._data:
            sheet = self._sheets[player].get(number)
            return None if sheet is None else self._with_notes(player, sheet)

    def _with_notes(self, player: str, sheet: Sheet) -> Sheet:
        notes = self._notes.get((player, sheet.number))
        if not notes:
            return sheet
        return dataclasses.replace(sheet, report=sheet.report + "\n\nFrom the umpire:\n" + "\n".join(notes))

    def latest_number(self) -> int:
        """The number of the newest sheets published."""
        with self._data:
            return max((max(s) for s in self._sheets.values() if s), default=0)

    def orders_of(self, player: str) -> list[rec.ReceivedOrders]:
        """``player``'s sendings of orders, oldest first (only theirs)."""
        with self._data:
            return [o for o in self._orders if o.player == player]

    def inbox(self, round_number: int | None = None) -> dict[str, Any]:
        """The umpire's inbox of a round (default: the round in play), as ``records.inbox`` gives it."""
        number = int(self.game.state.round) if round_number is None else round_number
        with self._data:
            orders, closed, due = list(self._orders), set(self._closed), dict(self._deadlines)
        return rec.inbox_of(orders, closed, due, self.players, number)
