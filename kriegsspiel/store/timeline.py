"""Replaying a journal: the states a game went through, with undo and redo as records of their own.

The state is always the replay of the journal. Orders are applied in order with the dice of their own record
(``Dice.replaying(seed, seq, rolls)``), so a record replays the same whatever undo and redo did around it.
An undo takes back the last order still in force; a redo re-applies the order most recently undone (only
while no new order came in between, as in every editor).
"""
from __future__ import annotations

import json
from array import array
from collections.abc import Callable, Iterator, MutableSequence
from dataclasses import dataclass, field
from typing import Any

from kriegsspiel.core.game import Accepted, apply, apply_forced, rules_of
from kriegsspiel.core.dice import Dice, DiceMismatch
from kriegsspiel.core.events import Event
from kriegsspiel.core.commands import NotationError
from kriegsspiel.core.state import GameState
from kriegsspiel.store.journal import ADOPT_KIND, PORTAL_KIND, JournalRecord, canonical_json


class ReplayMismatch(Exception):
    """A journal record does not replay as it was recorded. ``seq`` and ``line`` name the record."""

    def __init__(self, record: JournalRecord, problem: str) -> None:
        super().__init__(f"record {record.seq} (line {record.line}, {record.kind} {record.command!r}): {problem}")
        self.seq = record.seq
        self.line = record.line
        self.problem = problem


def replay_order(
    state: GameState, record: JournalRecord, seed: int, dice_index: int, drift: list[str] | None = None
) -> tuple[GameState, tuple[Event, ...]]:
    """Re-apply one order record on ``state`` with its recorded rolls (the dice of record ``dice_index``).

    Raises ReplayMismatch when the command does not parse, is refused now, draws other rolls or cannot be
    evaluated. (Comparing the events with the journal's is the caller's: :meth:`Timeline.step`.) With a
    ``drift`` list (opening a game to play on), an order the rules now refuse is carried out as the umpire's
    forced order, as it was carried out when it was given, and the difference is appended to ``drift``.
    """
    try:
        command = rules_of(state).parse(record.command)
    except NotationError as exc:
        raise ReplayMismatch(record, f"the command no longer parses ({exc})") from None
    forced = record.forced
    for _ in range(2):  # as recorded; then, leniently, as the umpire's forced order
        dice = Dice.replaying(seed, dice_index, record.rolls)
        try:
            result = (apply_forced if forced else apply)(state, command, dice)
            if isinstance(result, Accepted):  # a refusal draws no dice: it is told as a refusal, not as dice
                dice.check_complete()
        except DiceMismatch as exc:
            raise ReplayMismatch(record, f"the dice differ: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - a record the rules cannot even evaluate: name it, do not crash
            raise ReplayMismatch(record, f"the replay failed ({type(exc).__name__}: {exc})") from None
        if isinstance(result, Accepted):
            return result.state, result.events
        reason = result.reason
        if drift is None or forced or not result.forceable:
            break
        drift.append(f"{_named(record)}: the rules now refuse it ({reason}); it stands as the umpire's "
                     "order, as it was carried out")
        forced = True
    raise ReplayMismatch(record, f"the rules now refuse it: {reason}")


def _named(record: JournalRecord) -> str:
    return f"record {record.seq} (line {record.line}, {record.kind} {record.command!r})"


def events_json(events: tuple[Event, ...]) -> list[dict[str, Any]]:
    """The events as the journal stores them (JSON-ready dicts, floats kept exactly)."""
    return [json.loads(canonical_json(e.to_json())) for e in events]


#: states kept whole behind the newest: the last KEEP_RECENT, and every KEEP_EVERY-th; the others are
#: dropped and replayed from the nearest kept one when an undo reaches them, so that a long session's memory
#: does not grow with every order (a state is a few KB to a few hundred KB). The grid widens (doubling
#: KEEP_EVERY) so that at most KEEP_GRID states stand on it: memory stays flat, an undo far back replays more.
KEEP_RECENT = 32
KEEP_EVERY = 256
KEEP_GRID = 64
#: order records a bounded timeline keeps in memory (the newest); older ones are read back through its
#: ``lookup`` (the save on disk) when an undo, redo or a dropped state needs them
KEEP_ORDERS = 256


@dataclass
class Timeline:
    """The states of a game: ``states[0]`` the start, ``states[i]`` after the i-th order still in force.

    ``applied`` holds the seq of each order in force; ``undone`` the orders that a redo may bring back (the
    most recent last); ``orders`` the order records by seq (a redo re-applies one): every one, or, once
    :meth:`bound`, the newest, the rest read back with ``lookup`` (use :meth:`order`). A ``None`` in
    ``states`` is a state not kept in memory: :meth:`state_at` replays it from the nearest one kept.
    """

    seed: int
    states: list[GameState | None]
    applied: MutableSequence[int] = field(default_factory=list)
    undone: MutableSequence[int] = field(default_factory=list)
    orders: dict[int, JournalRecord] = field(default_factory=dict)
    #: None: every record must replay exactly as recorded. A list (a game opened to play on): records that
    #: replay differently under the program and rules as they are now are described here instead of refused.
    drift: list[str] | None = None
    #: where order records left out of ``orders`` are read back (seq -> record); None: ``orders`` keeps all
    lookup: Callable[[int], JournalRecord] | None = None
    _every: int = field(default=KEEP_EVERY, init=False, repr=False)

    def __post_init__(self) -> None:
        # seqs as machine integers: 8 bytes an order in force, not a list slot and an int object each
        self.applied = array("q", self.applied)
        self.undone = array("q", self.undone)

    def bound(self, lookup: Callable[[int], JournalRecord]) -> None:
        """Keep only the newest KEEP_ORDERS order records in memory from now on; read others with ``lookup``."""
        self.lookup = lookup
        self._trim_orders()

    def order(self, seq: int) -> JournalRecord:
        """The order record ``seq`` (KeyError when it is no order of this timeline's)."""
        record = self.orders.get(seq)
        if record is not None:
            return record
        if self.lookup is None:
            raise KeyError(seq)
        return self.lookup(seq)

    def remember(self, record: JournalRecord) -> None:
        """An order record of this timeline (newest last)."""
        self.orders[record.seq] = record
        self._trim_orders()

    def _trim_orders(self) -> None:
        if self.lookup is None:
            return
        while len(self.orders) > KEEP_ORDERS:
            del self.orders[next(iter(self.orders))]  # the oldest remembered: dicts keep insertion order

    @property
    def state(self) -> GameState:
        return self.state_at(len(self.states) - 1)

    def state_at(self, index: int) -> GameState:
        """``states[index]``, replayed from the nearest kept state before it when it was dropped."""
        state = self.states[index]
        if state is not None:
            return state
        base = index
        while self.states[base] is None:
            base -= 1
        current = self.states[base]
        assert current is not None  # states[0], the start, is always kept
        for k in range(base, index):
            record = self.order(self.applied[k])
            # the drift was told when the record was first replayed: do not tell it twice
            current, _ = replay_order(current, record, self.seed, record.seq,
                                      [] if self.drift is not None else None)
            self.states[k + 1] = current
        self._forget(base + 1)
        return current

    def iter_states(self) -> Iterator[GameState]:
        """``states[0]``, ``states[1]``, ... in order, those not kept replayed on the way (linear time; holds
        nothing more in memory)."""
        current = None
        for index, state in enumerate(self.states):
            if state is None:
                assert current is not None  # states[0], the start, is always kept
                record = self.order(self.applied[index - 1])
                state, _ = replay_order(current, record, self.seed, record.seq,
                                        [] if self.drift is not None else None)
            current = state
            yield state

    def _forget(self, low: int | None = None) -> None:
        """Drop the states from ``low`` on (default: the few that just left the recent ones) that are neither
        recent nor on the KEEP_EVERY grid; the start and the last are always kept."""
        last = len(self.states) - 1
        every = self._every
        while last // every > KEEP_GRID:
            every *= 2
        if every != self._every:  # the grid widened: drop the states of the old grid off the new one
            for index in range(self._every, last - KEEP_RECENT, self._every):
                if index % every:
                    self.states[index] = None
            self._every = every
        low = max(1, last - KEEP_RECENT - 8 if low is None else low)
        for index in range(low, last - KEEP_RECENT):
            if index % every:
                self.states[index] = None

    def step(self, record: JournalRecord, check_events: bool = True) -> tuple[Event, ...]:
        """Replay one record of any kind; returns its events. Raises ReplayMismatch."""
        if record.kind == "order":
            state, events = replay_order(self.state, record, self.seed, record.seq, self.drift)
            if check_events:
                self._compare(record, events)
            self.remember(record)
            self.push(record.seq, state)
            return events
        if record.kind == "undo":
            if not self.applied or record.target != self.applied[-1]:
                raise ReplayMismatch(record, f"undo of record {record.target}, but the last order in force is "
                                     f"{self.applied[-1] if self.applied else 'none'}")
            self.pop()
            return ()
        if record.kind == "redo":
            if not self.undone or record.target != self.undone[-1]:
                raise ReplayMismatch(record, f"redo of record {record.target}, but the last undone order is "
                                     f"{self.undone[-1] if self.undone else 'none'}")
            original = self.order(record.target)
            state, events = replay_order(self.state, original, self.seed, original.seq, self.drift)
            if check_events:
                self._compare(record, events)
            self.push_redone(original.seq, state)
            return events
        if record.kind in (PORTAL_KIND, ADOPT_KIND):  # what came in, or the umpire's word: not a change of the game
            return ()
        raise ReplayMismatch(record, f"unknown record kind {record.kind!r}")

    def _compare(self, record: JournalRecord, events: tuple[Event, ...]) -> None:
        """The replay's events against the recorded ones: a mismatch, or (with ``drift``) a note."""
        now = events_json(events)
        if now == list(record.events):
            return
        if self.drift is None:
            raise ReplayMismatch(record, "the replay's events differ from the recorded ones")
        recorded = list(record.events)
        first = next((i for i, (a, b) in enumerate(zip(recorded, now)) if a != b), min(len(recorded), len(now)))
        was = canonical_json(recorded[first]) if first < len(recorded) else "nothing"
        is_now = canonical_json(now[first]) if first < len(now) else "nothing"
        self.drift.append(f"{_named(record)}: event {first + 1} was {was}, the replay gives {is_now}")

    def push(self, seq: int, state: GameState) -> None:
        """A new order is in force: nothing undone can be redone any more."""
        self.applied.append(seq)
        self.states.append(state)
        del self.undone[:]
        self._forget()

    def push_redone(self, seq: int, state: GameState) -> None:
        """An undone order is in force again (what was undone after it can still be redone)."""
        self.undone.pop()
        self.applied.append(seq)
        self.states.append(state)
        self._forget()

    def pop(self) -> int:
        """Take back the last order in force; returns its seq."""
        seq = self.applied.pop()
        self.states.pop()
        self.undone.append(seq)
        return seq


def replay_journal(
    start: GameState,
    seed: int,
    records: tuple[JournalRecord, ...] | list[JournalRecord],
    *,
    upto: int | None = None,
    check_events: bool = True,
    on_record: Callable[[JournalRecord, tuple[Event, ...]], None] | None = None,
    lenient: bool = False,
) -> Timeline:
    """Replay ``records`` (the first ``upto`` of them) from ``start``. Raises ReplayMismatch at the first
    record that does not replay as recorded.

    ``lenient`` (opening a game to play on, not ``verify``): records whose events differ now, or orders the
    rules now refuse, replay as well as they can and are described in ``Timeline.drift``; a program update
    or a house rule must not lock the umpire out of a game. Dice that differ are still a mismatch.
    """
    timeline = Timeline(seed=seed, states=[start], drift=[] if lenient else None)
    for record in records[: upto if upto is not None else len(records)]:
        events = timeline.step(record, check_events)
        if on_record is not None:
            on_record(record, events)
    return timeline


def resume_from_snapshots(
    start: GameState,
    seed: int,
    records: tuple[JournalRecord, ...] | list[JournalRecord],
    snapshots: dict[int, GameState],
) -> Timeline | None:
    """The timeline after the last record, taken from snapshots instead of replaying every order.

    ``snapshots`` maps a record's seq to the state after it (trusted: sealed by this machine). The orders in
    force and the undone ones are worked out from the records alone (undo and redo only move seqs between two
    lists); each snapshot stands for its index in ``states`` while no undo has reached below it, and the
    records after the last snapshot replay as usual (leniently, as when a game is opened to play on).
    Returns None when there is no snapshot, or the records' undos and redos do not fit (then replay all).
    """
    if not snapshots:
        return None
    last = max(snapshots)
    if last > len(records):
        return None
    applied: list[int] = []
    undone: list[int] = []
    orders: dict[int, JournalRecord] = {}
    anchors: dict[int, GameState] = {}
    for record in records[:last]:
        if record.kind == "order":
            orders[record.seq] = record
            applied.append(record.seq)
            undone.clear()
        elif record.kind == "undo":
            if not applied or record.target != applied[-1]:
                return None
            undone.append(applied.pop())
            for index in [k for k in anchors if k > len(applied)]:
                del anchors[index]  # an undo reached below it: that state is no longer states[index]
        elif record.kind == "redo":
            if not undone or record.target != undone[-1]:
                return None
            applied.append(undone.pop())
        else:
            return None
        if record.seq in snapshots:
            anchors[len(applied)] = snapshots[record.seq]
    states: list[GameState | None] = [start] + [None] * len(applied)
    for index, state in anchors.items():
        states[index] = state
    timeline = Timeline(seed=seed, states=states, applied=applied, undone=undone, orders=orders, drift=[])
    for record in records[last:]:
        timeline.step(record)
    return timeline
