"""The players' portal of an area game (Diplomacy, Air Power Diplomacy, unit profiles): one secret link per
power, each power's page of the phase being ordered, and its orders taken into the game as the umpire's would
be (one journal record each, undoable), every line checked with the rule set's verdict.

A phase is numbered by how many phases were confirmed before it, plus one (the ``round`` of the portal's
records and of ``kriegsspiel inbox``). The umpire adjudicates and confirms in the shell or the window; the
pages follow the game (:meth:`AreaPortal.poll`), whatever changed it: a confirm, an undo, an order typed by
the umpire.

What a power sends replaces what it sent before: its orders in force become exactly the lines accepted (the
ones left out are withdrawn), each line's verdict is shown next to it. In a blind game the verdict a power
sees is the rule set's check against the board *as that power sees it*; an order the umpire's board refuses
for a reason the power may not know is told as such, the reason kept for the umpire (the journal, ``inbox``).
"""
from __future__ import annotations

import datetime as _dt
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kriegsspiel.portal import records as rec
from kriegsspiel.portal.area_board import TapBoard
from kriegsspiel.portal.area_inbox import phase_inbox, power_names
from kriegsspiel.portal.area_sheets import Drawer, PowerView, power_view
from kriegsspiel.portal.link_keeper import LinkKeeper
from kriegsspiel.portal.round_control import RoundControl
from kriegsspiel.portal.links import LinkBook
from kriegsspiel.portal.service import MAX_ORDER_CHARS, LockGate, PumpGate, Refusal, RoundStatus, _parse_utc

#: what the umpire's board refused, as a blind power is told it (the reason itself would tell what it cannot see)
HIDDEN_REFUSAL = "not accepted on the umpire's board (what you cannot see decides it); the umpire has the reason"


@dataclass(frozen=True, slots=True)
class LineVerdict:
    """One line a power sent: ``ok`` with the order as the journal keeps it (``text``), or refused with ``reason``."""

    line: str
    ok: bool
    text: str
    reason: str | None = None
    #: the umpire's board's own reason where the power is told less (a blind game): journal and inbox only
    umpire_reason: str | None = None

    def to_json(self) -> dict[str, Any]:
        """What the power may read of the verdict (the page, the check endpoint)."""
        return {"line": self.line, "ok": self.ok, "text": self.text, "reason": self.reason}

    def record_json(self) -> dict[str, Any]:
        """What the journal keeps of it: the umpire's reason too."""
        return {**self.to_json(), "umpire_reason": self.umpire_reason}


@dataclass(frozen=True, slots=True)
class Sending:
    """A power's sending as the portal answers it: the receipt and the verdict of every line."""

    received: rec.ReceivedOrders
    verdicts: tuple[LineVerdict, ...]


def order_lines(text: str) -> list[str]:
    """The order lines of a sending: one per line (or separated by ``;``), blank lines and ``#`` comments left out."""
    lines = []
    for raw in text.replace("\r\n", "\n").replace(";", "\n").split("\n"):
        line = " ".join(raw.split())
        if line and not line.startswith("#"):
            lines.append(line)
    return lines


class AreaPortal(LinkKeeper, RoundControl):
    """The portal of one open area game (a :class:`kriegsspiel.store.area.AreaSession` that can write).

    The links are keyed by power. ``names`` maps each power to who plays it (the scenario's ``[[players]]``,
    else the power's own name). ``gate`` runs every journal write and every drawing (LockGate: at once
    under the lock the umpire's commands take too; PumpGate: on the window's thread)."""

    def __init__(self, game: Any, gate: LockGate | PumpGate | None = None,
                 now: Callable[[], _dt.datetime] | None = None) -> None:
        self.game = game
        self.scenario = game.scenario
        self.save = Path(game.path)
        self.gate = gate or LockGate()
        self._now = now or (lambda: _dt.datetime.now(_dt.timezone.utc))
        self.players = list(self.scenario.powers)  # what the links and records are keyed by
        self.names = power_names(self.scenario)
        self._drawer = Drawer(self.scenario)
        self._data = threading.Lock()
        self._orders: list[rec.ReceivedOrders] = []
        self._verdicts: dict[int, tuple[LineVerdict, ...]] = {}  # by record seq: the last sending's lines
        self._closed: set[int] = set()
        self._deadlines: dict[int, str] = {}
        self._notes: dict[tuple[str, int], list[str]] = {}
        self._init_links()
        self._listeners: list[Callable[[int], None]] = []
        self._current: dict[str, tuple[PowerView, bytes]] = {}
        self._history: dict[tuple[str, int], tuple[Any, bytes]] = {}
        self._seen: tuple[Any, int] | None = None
        self.notes: list[str] = []
        #: counts every change a power or the umpire would see (orders in, the game moved, a phase closed)
        self.changes = 0

    # --- starting ---------------------------------------------------------------------------------------

    def start(self) -> None:
        """Read the portal's records of the save (once), issue a link to each power that has none and
        journal it (by hash). Raises UserError for a damaged links file, SaveError when the journal cannot be
        written."""
        records = self.game.journal_entries()  # once, at the start: in memory for an area game
        with self._data:
            self._orders = rec.received_orders(records)
            self._closed = rec.closed_rounds(records)
            self._deadlines = rec.deadlines(records)
            self._notes = rec.umpire_notes(records)
            self._link_hashes = rec.link_hashes(records)
            for record in records:
                data = rec.portal_data(record)
                if data is not None and data["portal"] == rec.ORDERS and isinstance(data.get("lines"), list):
                    self._verdicts[record.seq] = tuple(_verdict_of(x) for x in data["lines"] if isinstance(x, dict))
        book, said = LinkBook.load_for_serving(self.save)  # a broken links file: kept aside, links issued anew
        self.notes += said
        if book.issue_missing(self.players):
            book.save()
        self.notes += self._take_book(book)
        self._seen = (self.game.turn, self.game.record_count)

    def listen(self, listener: Callable[[int], None]) -> None:
        """Call ``listener(phase number)`` whenever something a page shows changed."""
        self._listeners.append(listener)

    def _tell(self) -> None:
        number = self.phase_number()
        for listener in list(self._listeners):
            listener(number)

    def poll(self) -> bool:
        """Notice a change of the game made elsewhere (the umpire's orders, a confirm, an undo) and tell the
        listeners; returns whether there was one. Cheap: compares the turn in force and the journal's length."""
        key = (self.game.turn, self.game.record_count)
        if self._seen is not None and key[0] is self._seen[0] and key[1] == self._seen[1]:
            return False
        self._seen = key
        with self._data:
            self.changes += 1
        self._tell()
        return True

    # --- the phase ----------------------------------------------------------------------------------------

    def phase_number(self) -> int:
        """The number of the phase being ordered: the phases confirmed so far, plus one."""
        return int(self.game.turn.phases) + 1

    def phase_label(self) -> str:
        """The phase being ordered, for people ("Spring 1901, movement")."""
        return str(self.game.turn.position.phase_label)

    def draw_pending(self, most: int | None = 1) -> int:
        """What the window calls every frame (the ruler games' portal draws earlier rounds' pictures there):
        here, notice a change the umpire made in the window, so that the pages follow it at once. Returns 0:
        the pictures are drawn when a phone asks for them."""
        self.poll()
        return 0

    def ordering_number(self) -> int:
        """The number orders go to now (the phase being ordered)."""
        return self.phase_number()

    def round_status(self) -> RoundStatus:
        """The phase orders go to now, and whether the portal takes them."""
        number = self.phase_number()
        turn = self.game.turn
        with self._data:
            deadline = self._deadlines.get(number)
            closed = number in self._closed
        label = turn.position.phase_label
        if turn.winner is not None:
            return RoundStatus(number, False, f"the game is over: {turn.winner} has won", deadline)
        if closed:
            return RoundStatus(number, False, f"{label} is closed to orders", deadline)
        if deadline is not None and self._now() >= _parse_utc(deadline):
            return RoundStatus(number, False, f"the deadline for {label} ({deadline}) has passed", deadline)
        return RoundStatus(number, True, None, deadline)

    def view_of(self, power: str) -> PowerView:
        """What ``power`` may know of the phase being ordered."""
        return power_view(self.scenario, self.game.turn, power)

    def picture(self, power: str, number: int) -> bytes | None:
        """``power``'s picture ``number``: the phase being ordered (the newest number), or a confirmed phase
        (1 .. confirmed) as ``kriegsspiel pov`` draws it; None for any other number. Drawn through the gate."""
        current = self.phase_number()
        if number == current:
            view = self.view_of(power)
            cached = self._current.get(power)
            if cached is not None and cached[0] == view:
                return cached[1]
            png = self.gate.run(lambda: self._drawer.current(view))
            self._current[power] = (view, png)
            return png
        if not 1 <= number < current:
            return None
        phases = self.gate.run(self.game.confirmed_phases)
        if number > len(phases):
            return None
        before, result = phases[number - 1]
        cached_old = self._history.get((power, number))
        if cached_old is not None and cached_old[0] is before:
            return cached_old[1]
        png = self.gate.run(lambda: self._drawer.confirmed(before, result, power))
        self._history[(power, number)] = (before, png)
        return png

    def focus(self, power: str) -> tuple[float, float] | None:
        """Where ``power``'s own units are on its current picture (fractions of its width and height)."""
        return self._drawer.focus(self.view_of(power))

    def tap_board(self) -> TapBoard:
        """The map's provinces for the tap layer over a power's picture (:mod:`kriegsspiel.portal.area_board`)."""
        return self._drawer.tap_board()

    def history(self, power: str) -> list[tuple[int, str, tuple[str, ...], tuple[str, ...]]]:
        """The phases confirmed so far, newest first: (number, label, ``power``'s orders, what it was told)."""
        phases = self.game.confirmed_phases()
        out = []
        for number, (before, result) in enumerate(phases, start=1):
            orders = tuple(o.text for o in before.orders if o.power == power)
            out.append((number, before.position.phase_label, orders, tuple(result.told.get(power, ()))))
        return out[::-1]

    # --- orders -------------------------------------------------------------------------------------------

    def receive(self, power: str, number: int, text: str, ready: bool) -> Sending:
        """Take ``power``'s orders for phase ``number``: every line checked, the accepted ones put in force
        (one journal record each, as the umpire's orders; those of its earlier orders not sent again
        withdrawn), then the sending journaled whole with the verdicts. Raises Refusal: 400 for orders over
        :data:`MAX_ORDER_CHARS`, 409 when phase ``number`` is not the one open to orders."""
        text = text.replace("\r\n", "\n")
        if len(text) > MAX_ORDER_CHARS:
            raise Refusal(400, f"your orders are {len(text):,} characters long; the limit is "
                               f"{MAX_ORDER_CHARS:,} characters: shorten them and send again")

        def write() -> Sending:
            status = self.round_status()  # under the gate: the umpire cannot confirm meanwhile
            if number != status.round:
                raise Refusal(409, f"that phase is over; orders now go to {self.game.turn.position.phase_label}: "
                                   "reload the page")
            if not status.open:
                raise Refusal(409, f"{status.reason}; your orders were not received")
            verdicts = self._enter(power, order_lines(text))
            line, data = rec.orders_entry(power, number, text, ready)
            data["phase"] = self.game.turn.position.phase
            data["lines"] = [v.record_json() for v in verdicts]
            record = self.game.append_portal(line, data)
            received = rec.ReceivedOrders(power, number, text, ready, rec.digest_of(text), record.at, record.seq)
            with self._data:
                self._orders.append(received)
                self._verdicts[record.seq] = verdicts
                self.changes += 1
            self._seen = (self.game.turn, self.game.record_count)
            return Sending(received, verdicts)

        sending = self.gate.run(write)
        self._tell()
        return sending

    def _enter(self, power: str, lines: list[str]) -> tuple[LineVerdict, ...]:
        """Check each line and put the power's orders in force (runs under the gate)."""
        turn = self.game.turn
        rules = self.scenario.rules
        view = self.view_of(power)
        verdicts: list[LineVerdict] = []
        wanted: list[tuple[int, str, str | None]] = []  # (line index, normal text, unit)
        for index, raw in enumerate(lines):
            line = _own_line(raw, power, self.players)
            if line is None:
                verdicts.append(LineVerdict(raw, False, raw, f"you give orders for {power} only"))
                continue
            if view.choices:
                options = [o for _, opts in view.choices for o in opts]
                match = next((o for o in options if o.upper() == line.upper()), None)
                verdicts.append(LineVerdict(raw, True, match) if match else LineVerdict(
                    raw, False, line, "the rules wait for your answer: choose one of " + " | ".join(options)))
                if match:
                    wanted.append((index, match, None))
                continue
            if not view.orders_now:
                verdicts.append(LineVerdict(raw, False, line, f"{power} gives no orders in "
                                                             f"{turn.position.phase_label}"))
                continue
            verdict = rules.check_order_among(view.position, power, line, [text for _, text, _ in wanted])
            if not verdict.accepted:
                verdicts.append(LineVerdict(raw, False, line, verdict.reason or "refused by the rules"))
                continue
            twin = next((i for i, text, _ in wanted if text.upper() == verdict.text.upper()), None)
            if twin is not None:  # the session keeps one of two equal orders: say so rather than count it twice
                verdicts.append(LineVerdict(raw, False, verdict.text, f"the same order as line {twin + 1}; "
                                                                      "it counts once"))
                continue
            for earlier, (i, _, uid) in enumerate(wanted):  # a later line for the same unit replaces it
                if uid is not None and uid == verdict.uid:
                    verdicts[i] = LineVerdict(verdicts[i].line, False, verdicts[i].text,
                                              f"replaced by the later order {verdict.text!r}")
                    wanted.pop(earlier)
                    break
            verdicts.append(LineVerdict(raw, True, verdict.text))
            wanted.append((index, verdict.text, verdict.uid))
        if view.choices:
            for index, answer, _ in wanted:
                self._submit(power, answer, index, verdicts)
            return tuple(verdicts)
        keep = {text.upper() for _, text, _ in wanted}
        units = {uid for _, _, uid in wanted if uid is not None}
        for given in [o for o in turn.orders if o.power == power]:
            if given.text.upper() not in keep and (given.uid is None or given.uid not in units):
                self.game.submit(f"withdraw {power}: {given.text}")
        in_force = {o.text.upper() for o in self.game.turn.orders if o.power == power}
        for index, order, _ in wanted:
            if order.upper() not in in_force:
                self._submit(power, order, index, verdicts)
        return tuple(verdicts)

    def _submit(self, power: str, order: str, index: int, verdicts: list[LineVerdict]) -> None:
        outcome = self.game.submit(f"{power}: {order}")
        if not outcome.accepted:
            reason = outcome.reason or "refused"
            told = HIDDEN_REFUSAL if self.scenario.blind else reason
            verdicts[index] = LineVerdict(verdicts[index].line, False, order, told,
                                          reason if self.scenario.blind else None)

    def check(self, power: str, text: str) -> tuple[LineVerdict, ...]:
        """The rule set's verdict on each line, against the board as ``power`` sees it; nothing is written."""
        view = self.view_of(power)
        out = []
        accepted: list[str] = []  # the lines before, whose orders a check may depend on (money, places)
        for raw in order_lines(text)[:200]:
            line = _own_line(raw, power, self.players)
            if line is None:
                out.append(LineVerdict(raw, False, raw, f"you give orders for {power} only"))
            elif view.choices:
                options = [o for _, opts in view.choices for o in opts]
                match = next((o for o in options if o.upper() == line.upper()), None)
                out.append(LineVerdict(raw, True, match) if match else
                           LineVerdict(raw, False, line, "choose one of " + " | ".join(options)))
            elif not view.orders_now:
                out.append(LineVerdict(raw, False, line, f"{power} gives no orders now"))
            else:
                verdict = self.scenario.rules.check_order_among(view.position, power, line, accepted)
                out.append(LineVerdict(raw, verdict.accepted, verdict.text, verdict.reason))
                if verdict.accepted:
                    accepted.append(verdict.text)
        return tuple(out)

    # --- the umpire's side ----------------------------------------------------------------------------------

    def notes_for(self, power: str, number: int) -> list[str]:
        with self._data:
            return list(self._notes.get((power, number), []))

    def orders_of(self, power: str) -> list[rec.ReceivedOrders]:
        """``power``'s sendings, oldest first (only its own)."""
        with self._data:
            return [o for o in self._orders if o.player == power]

    def verdicts_of(self, sending: rec.ReceivedOrders) -> tuple[LineVerdict, ...]:
        with self._data:
            return self._verdicts.get(sending.record, ())

    def inbox(self, number: int | None = None) -> dict[str, Any]:
        """The umpire's view of phase ``number`` (default: the phase being ordered), from memory
        (portal/area_inbox.py): per power whether it gives orders, its orders in force, its last sending, ready
        or not, and the lines refused."""
        number = self.phase_number() if number is None else number
        with self._data:
            sent = [o for o in self._orders if o.round == number]
            closed, deadline = number in self._closed, self._deadlines.get(number)
        return phase_inbox(self.game, number, sent, closed, deadline, lambda last: [
            {"line": v.line, "reason": v.umpire_reason or v.reason} for v in self.verdicts_of(last) if not v.ok])


def _own_line(line: str, power: str, powers: list[str]) -> str | None:
    """``line`` without a leading ``POWER:`` naming ``power`` (or a prefix of it); None when it names another."""
    head, colon, rest = line.partition(":")
    name = head.strip().upper()
    if not colon or not name or " " in name:
        return line
    matches = [p for p in powers if p.startswith(name)]
    if power in matches and (name == power or len(matches) == 1):
        return rest.strip()
    if matches:
        return None
    return line


def _verdict_of(data: dict[str, Any]) -> LineVerdict:
    texts = {key: data.get(key) if isinstance(data.get(key), str) else None for key in ("reason", "umpire_reason")}
    return LineVerdict(str(data.get("line", "")), bool(data.get("ok")), str(data.get("text", "")),
                       texts["reason"], texts["umpire_reason"])
