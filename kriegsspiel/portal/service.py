"""The portal's state, shared by the web server's thread and the umpire's: who holds which link, the orders
received and their verdicts, which round (or phase) is open. Every change goes to the journal through a
*gate*. What each player is shown, and how their orders are checked and taken, is the game's: its session's
desk (:mod:`kriegsspiel.store.desk`), the same for every game.

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
from kriegsspiel.portal.inbox import inbox_of
from kriegsspiel.portal.link_keeper import LinkKeeper
from kriegsspiel.portal.links import LinkBook
from kriegsspiel.portal.round_control import RoundControl
from kriegsspiel.store.desk import Desk, Handout, LineVerdict, OrderForm

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


@dataclass(frozen=True, slots=True)
class Sending:
    """A player's sending as the portal answers it: the receipt and the verdict of every line (none where
    the orders are free text for the umpire)."""

    received: rec.ReceivedOrders
    verdicts: tuple[LineVerdict, ...]


def _same(key: tuple[Any, ...], seen: tuple[Any, ...] | None) -> bool:
    """Whether two moment keys are alike: by identity first (a turn object is compared whole only when it
    is another)."""
    return seen is not None and len(key) == len(seen) and all(a is b or a == b for a, b in zip(key, seen))


class Portal(LinkKeeper, RoundControl):
    """The players' portal of one open game (a session that can write: :mod:`kriegsspiel.store`).

    The session's desk says who the players are (the links are keyed by them; ``names``: who plays each),
    what each is shown and how their orders are taken. Call :meth:`start` on the thread that owns pygame.
    ``gate`` runs every journal write and every drawing (LockGate: at once under the lock the umpire's
    commands take too; PumpGate: on the window's thread). ``now`` gives the time (tests)."""

    def __init__(self, game: Any, gate: LockGate | PumpGate | None = None,
                 now: Callable[[], _dt.datetime] | None = None) -> None:
        self.game = game
        self.save = Path(game.path)
        self.gate = gate or LockGate()
        self._now = now or (lambda: _dt.datetime.now(_dt.timezone.utc))
        self.desk: Desk = game.desk()
        self.players = list(self.desk.players)  # what the links and records are keyed by
        self.names = dict(self.desk.names)
        self._data = threading.Lock()  # the fields below, read by the server's thread
        self._orders: list[rec.ReceivedOrders] = []
        self._verdicts: dict[int, tuple[LineVerdict, ...]] = {}  # by record seq: each sending's lines
        self._closed: set[int] = set()
        self._deadlines: dict[int, str] = {}
        self._notes: dict[tuple[str, int], list[str]] = {}
        self._init_links()
        self._listeners: list[Callable[[int], None]] = []
        self._seen: tuple[Any, ...] | None = None
        self.notes: list[str] = []
        #: counts every change a player or the umpire would see (orders in, a round closed, the game moved on)
        self.changes = 0

    # --- starting ---------------------------------------------------------------------------------------

    def start(self, history_now: bool = True) -> None:
        """Read the portal's records of the save (once), draw what the desk draws ahead (with
        ``history_now``, every earlier round's pictures too: else :meth:`draw_pending` draws them a picture
        at a time), issue a link to each player who has none and journal it (by hash). Raises UserError for
        a damaged links file, SaveError when the journal cannot be written."""
        records = self.game.journal_entries()  # once, at the start; requests read what is kept in memory
        with self._data:
            self._orders = rec.received_orders(records)
            self._verdicts = rec.line_verdicts(records)
            self._closed = rec.closed_rounds(records)
            self._deadlines = rec.deadlines(records)
            self._notes = rec.umpire_notes(records)
            self._link_hashes = rec.link_hashes(records)
        del records
        self.desk.start(self.gate, self.poll, history_now)
        book, said = LinkBook.load_for_serving(self.save)  # a broken links file: kept aside, links issued anew
        self.notes += said
        if book.issue_missing(self.players):
            book.save()
        self.notes += self._take_book(book)
        self._seen = self.desk.moment_key()

    def draw_pending(self, most: int | None = 1) -> int:
        """What the window calls every frame: notice a change the umpire made there, so that the pages follow
        it at once, and draw up to ``most`` (None: all) earlier pictures not drawn yet. Returns how many."""
        self.poll()
        return self.desk.draw_pending(most)

    def listen(self, listener: Callable[[int], None]) -> None:
        """Call ``listener(number)`` (the round or phase orders go to) whenever something a page shows changed."""
        self._listeners.append(listener)

    def _tell(self) -> None:
        number = self.ordering_number()
        for listener in list(self._listeners):
            listener(number)

    def poll(self) -> bool:
        """Notice a change of the game made elsewhere (the umpire's orders, the end of a round, a confirm,
        an undo) and tell the listeners; returns whether there was one. Cheap: the desk's moment key."""
        key = self.desk.moment_key()
        if _same(key, self._seen):
            return False
        self._seen = key
        with self._data:
            self.changes += 1
        self._tell()
        return True

    # --- rounds and orders ------------------------------------------------------------------------------

    def ordering_number(self) -> int:
        """The number orders go to now (the round in play, the phase being ordered)."""
        return self.desk.ordering_number()

    def phase_name(self, number: int | None = None) -> str:
        """Round or phase ``number`` (default: the one orders go to) as a player reads it."""
        return self.desk.phase_name(self.ordering_number() if number is None else number)

    def round_status(self) -> RoundStatus:
        """The round (or phase) orders are for now, and whether they are taken."""
        number = self.ordering_number()
        with self._data:
            deadline = self._deadlines.get(number)
            closed = number in self._closed
        over = self.desk.closed_reason()
        if over is not None:
            return RoundStatus(number, False, over, deadline)
        name = self.phase_name(number)
        if closed:
            return RoundStatus(number, False, f"{name} is closed to orders", deadline)
        if deadline is not None and self._now() >= _parse_utc(deadline):
            return RoundStatus(number, False, f"the deadline for {name} ({deadline}) has passed", deadline)
        return RoundStatus(number, True, None, deadline)

    def receive(self, player: str, number: int, text: str, ready: bool) -> Sending:
        """Take ``player``'s orders for ``number``: what the desk puts in force (each line checked, where the
        rules check them), then the sending journaled whole with the verdicts, on disk before this returns.
        Raises Refusal: 400 for orders over :data:`MAX_ORDER_CHARS`, 409 when ``number`` is not the round
        (or phase) open to orders."""
        text = text.replace("\r\n", "\n")
        if len(text) > MAX_ORDER_CHARS:
            raise Refusal(400, f"your orders are {len(text):,} characters long; the limit is "
                               f"{MAX_ORDER_CHARS:,} characters: shorten them and send again")

        def write() -> Sending:
            status = self.round_status()  # under the gate: the umpire cannot end the round meanwhile
            if number != status.round:
                raise Refusal(409, f"{self.desk.period} {number} is over; orders now go to "
                                   f"{self.phase_name(status.round)}: reload the page")
            if not status.open:
                raise Refusal(409, f"{status.reason}; your orders were not received")
            verdicts = self.desk.enter(player, text)
            line, data = rec.orders_entry(player, number, text, ready)
            data.update(self.desk.sending_data())
            if verdicts:
                data["lines"] = [v.record_json() for v in verdicts]
            record = self.game.append_portal(line, data)
            received = rec.ReceivedOrders(player, number, text, ready, rec.digest_of(text), record.at, record.seq)
            with self._data:
                self._orders.append(received)
                self._verdicts[record.seq] = verdicts
                self.changes += 1
            self._seen = self.desk.moment_key()
            return Sending(received, verdicts)

        sending = self.gate.run(write)
        self._tell()
        return sending

    def check(self, player: str, text: str) -> tuple[LineVerdict, ...]:
        """The rules' verdict on each line, against what ``player`` sees; nothing is written."""
        return self.desk.check(player, text)

    # --- reading (any thread) ---------------------------------------------------------------------------

    def handouts(self, player: str) -> list[Handout]:
        """``player``'s handouts so far, oldest first; a sheet's report is followed by the umpire's words to
        that player in that round."""
        handouts = self.desk.handouts(player)
        with self._data:
            return [self._with_notes(player, h) for h in handouts]

    def _with_notes(self, player: str, handout: Handout) -> Handout:
        notes = self._notes.get((player, handout.number))
        if not notes or handout.report is None:
            return handout
        return dataclasses.replace(handout, report=handout.report + "\n\nFrom the umpire:\n" + "\n".join(notes))

    def picture(self, player: str, number: int) -> bytes | None:
        """``player``'s picture ``number`` (PNG), or None."""
        return self.desk.picture(player, number)

    def order_form(self, player: str) -> OrderForm:
        return self.desk.order_form(player)

    def notes_for(self, player: str, number: int) -> list[str]:
        """The umpire's words to ``player`` for round or phase ``number``."""
        with self._data:
            return list(self._notes.get((player, number), []))

    def orders_of(self, player: str) -> list[rec.ReceivedOrders]:
        """``player``'s sendings of orders, oldest first (only theirs)."""
        with self._data:
            return [o for o in self._orders if o.player == player]

    def verdicts_of(self, sending: rec.ReceivedOrders) -> tuple[LineVerdict, ...]:
        with self._data:
            return self._verdicts.get(sending.record, ())

    def inbox(self, number: int | None = None) -> dict[str, Any]:
        """The umpire's inbox of a round or phase (default: the one orders go to), from memory
        (:func:`kriegsspiel.portal.inbox.inbox_of`)."""
        number = self.ordering_number() if number is None else number
        with self._data:
            orders, verdicts = list(self._orders), dict(self._verdicts)
            closed, due = set(self._closed), dict(self._deadlines)
        return inbox_of(self.desk, number, orders, verdicts, closed, due)
