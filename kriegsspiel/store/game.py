"""The Game session: a game state and its journal on disk, behind one door.

``Game.new(scenario, save)`` starts a save; ``Game.open(save)`` replays one. ``game.submit(text)`` applies a
command through the rules core and, when it is accepted, writes its journal record (flushed and fsynced)
before returning the outcome, so that whatever the umpire has seen is on disk. Undo and redo are journal
records too; the state is always the replay of the journal. The shell and the window both use this API.
"""
from __future__ import annotations

import dataclasses
import datetime as _dt
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from kriegsspiel.border.save_schema import MAX_COMMAND_CHARS
from kriegsspiel.core.game import Accepted, apply, apply_forced, rules_of
from kriegsspiel.core.commands import Command, Force, Redo, Undo
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.events import Event
from kriegsspiel.core.commands import NotationError
from kriegsspiel.core.state import GameState, initial_state
from kriegsspiel.scenario import Scenario, load_scenario, parse_scenario_text
from kriegsspiel.scenario.load import MapLoader, RulesetLoader
from kriegsspiel.store.journal import (
    PORTAL_KIND,
    SAVE_SUFFIX,
    SNAPSHOT_EVERY,
    JournalRecord,
    LoadedSave,
    SaveError,
    SaveHeader,
    new_record,
    read_save,
    utc_now,
)
from kriegsspiel.store.journal_write import JournalWriter
from kriegsspiel.store.records import JournalRecords
from kriegsspiel.store.seal import machine_key, sealing_key
from kriegsspiel.store.snapshot import encode_state, snapshot_json, trusted_snapshots
from kriegsspiel.store.timeline import (
    ReplayMismatch,
    Timeline,
    events_json,
    replay_journal,
    replay_order,
    resume_from_snapshots,
)

RoundEndHook = Callable[["Game", int], None]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of one submitted command.

    ``accepted`` False means refused: ``reason`` says why and nothing was journaled. ``forceable`` says whether
    ``force`` could carry it out. When accepted, ``record`` is the seq of its journal record (already on disk),
    ``events`` what happened, and ``overridden`` the refusal a forced order overrode.
    """

    accepted: bool
    command: str
    events: tuple[Event, ...] = ()
    reason: str | None = None
    forceable: bool = True
    record: int | None = None
    forced: bool = False
    overridden: str | None = None
    note: str | None = None  # undo, redo: what was undone or redone; else a round-end callback that failed

    def describe(self) -> str:
        """The outcome for the umpire, one line per event (or the refusal)."""
        if not self.accepted:
            return f"refused: {self.reason}"
        lines = [self.note] if self.note and self.command in ("undo", "redo") else []
        lines += [event.describe() for event in self.events]
        if self.note and self.command not in ("undo", "redo"):
            lines.append(self.note)
        return "\n".join(lines) if lines else "done"


def new_save_path(scenario_path: str | Path, now: _dt.datetime | None = None) -> Path:
    """A path for a new save next to the scenario that names no existing file:
    ``demo-2026-11-22-0301.kssave``, then ``demo-2026-11-22-0301-2.kssave``, ... (local time)."""
    scenario_path = Path(scenario_path)
    stamp = (now or _dt.datetime.now()).strftime("%Y-%m-%d-%H%M")
    base = f"{scenario_path.stem}-{stamp}"
    candidate = scenario_path.with_name(base + SAVE_SUFFIX)
    n = 2
    while candidate.exists():
        candidate = scenario_path.with_name(f"{base}-{n}{SAVE_SUFFIX}")
        n += 1
    return candidate


def _relative_posix(target: Path, start: Path) -> str:
    try:
        return Path(os.path.relpath(target.resolve(), start.resolve())).as_posix()
    except ValueError:  # another drive on Windows
        return target.resolve().as_posix()


class Game:
    """A game being played (or replayed): its scenario, its journal, its current state.

    Use :meth:`new` or :meth:`open`. ``on_round_end`` callbacks run after an accepted command ended a round,
    with the game and the number of the round that ended (the players' pictures are made there).
    ``notes`` holds what the umpire should know: the scenario's warnings for a new game; for an opened save,
    a cut-off record, a map or rule set that changed. A read-only game refuses :meth:`submit`.
    """

    def __init__(self, scenario: Scenario, path: Path, header: SaveHeader, records: JournalRecords,
                 timeline: Timeline, writer: JournalWriter | None, notes: list[str]) -> None:
        self.scenario = scenario
        self.path = path
        self.header = header
        # Memory stays flat however long the session: the newest records in memory, older ones read back
        # from the save (records.py), and the timeline's order records likewise.
        self._records = records
        self._timeline = timeline
        timeline.bound(records.by_seq)
        self._writer = writer
        self.notes = notes
        self.on_round_end: list[RoundEndHook] = []
        self._snapshot_base: GameState | None = None  # the state of the last snapshot written
        self._notices: list[str] = []  # told with the outcome of the command being carried out

    # --- opening ------------------------------------------------------------------------------------------

    @classmethod
    def new(cls, scenario_path: str | Path, save_path: str | Path, *, map_loader: MapLoader | None = None,
            ruleset_loader: RulesetLoader | None = None) -> Game:
        """Start a game from a scenario file and create its save (never overwriting a file).

        Raises ScenarioError listing every problem of the scenario, SaveError when the save exists or cannot
        be created.
        """
        scenario_path = Path(scenario_path)
        save_path = Path(save_path)
        if save_path.exists():
            raise SaveError(f"{save_path}: already exists; a save is never overwritten: choose another name")
        scenario = load_scenario(scenario_path, map_loader=map_loader, ruleset_loader=ruleset_loader)
        header = SaveHeader(
            scenario_name=scenario.name,
            scenario_text=scenario.text,
            scenario_sha256=scenario.sha256,
            scenario_path=_relative_posix(scenario_path, save_path.parent),
            map=scenario.map_ref,
            map_sha256=scenario.map_sha256,
            ruleset_sha256=scenario.ruleset_sha256,
            seed=scenario.setup.seed,
            created=utc_now(),
        )
        start = initial_state(scenario.setup, scenario.battlefield, scenario.ruleset)
        notes = [warning.format() for warning in scenario.warnings]
        writer = JournalWriter.create(save_path, header, key=sealing_key(notes))
        header = dataclasses.replace(header, hash=writer.header_hash)  # the hash of the line as written (sealed)
        return cls(scenario, save_path, header, JournalRecords(save_path), Timeline(seed=header.seed, states=[start]),
                   writer, notes)

    @classmethod
    def open(cls, save_path: str | Path, *, read_only: bool = False, map_loader: MapLoader | None = None,
             ruleset_loader: RulesetLoader | None = None) -> Game:
        """Open a save and replay its journal.

        A save whose last record was cut off loads everything before it (``notes`` says so); unless
        ``read_only``, the whole file is first copied to ``<save>.damaged-<n>`` and the incomplete line cut
        off, so that play can go on. Raises SaveError (naming the file and the line) for a file that is not a
        save, is damaged elsewhere, or whose records no longer replay; ScenarioError when the embedded
        scenario no longer loads (a changed rule set).
        """
        loaded = read_save(save_path)
        return cls.from_loaded(loaded, read_only=read_only, map_loader=map_loader, ruleset_loader=ruleset_loader)

    @classmethod
    def from_loaded(cls, loaded: LoadedSave, *, read_only: bool = False, map_loader: MapLoader | None = None,
                    ruleset_loader: RulesetLoader | None = None, upto: int | None = None) -> Game:
        """Like :meth:`open` for a save already read (``upto``: replay only the first N records, read-only)."""
        path = loaded.path
        notes: list[str] = []
        if loaded.cut_off is not None:
            notes.append(loaded.cut_off.message(path, len(loaded.records)))
        scenario_notes: list[str] = []
        scenario = scenario_of_save(loaded, scenario_notes, map_loader=map_loader, ruleset_loader=ruleset_loader)
        notes += scenario_notes
        start = initial_state(scenario.setup, scenario.battlefield, scenario.ruleset)
        key = machine_key(create=False) if read_only else sealing_key(notes)
        try:
            timeline = None
            trusted: dict[int, GameState] = {}
            if upto is None and not scenario_notes:  # the very map and rule set it was played on
                trusted = trusted_snapshots(loaded, start, key)
                timeline = resume_from_snapshots(start, loaded.header.seed, loaded.records, trusted)
            if timeline is None:
                timeline = replay_journal(start, loaded.header.seed, loaded.records, upto=upto, lenient=True)
        except ReplayMismatch as exc:
            raise SaveError(f"{path}: line {exc.line}: record {exc.seq} does not replay: {exc.problem}; "
                            "'kriegsspiel verify' tells more; the file is left untouched") from None
        notes += drift_notes(timeline.drift or [])
        writer = None
        if not read_only and upto is None:
            writer = JournalWriter.continue_save(loaded, key=key)
            if writer.set_aside is not None:
                notes.append(f"the whole damaged file was kept as {writer.set_aside}; play continues after "
                             f"record {len(loaded.records)}")
        records = JournalRecords.of_loaded(loaded, upto)
        game = cls(scenario, path, loaded.header, records, timeline, writer, notes)
        if trusted and len(trusted) == len(loaded.snapshots):
            game._snapshot_base = trusted[max(trusted)]  # the next snapshot continues the last one's messages
        return game

    def close(self) -> None:
        """Release the save (every record is already on disk)."""
        if self._writer is not None:
            self._writer.close()
        self._records.close()

    def __enter__(self) -> Game:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- reading ------------------------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The current state: the replay of the journal."""
        return self._timeline.state

    @property
    def seed(self) -> int:
        return self.header.seed

    @property
    def read_only(self) -> bool:
        return self._writer is None

    def journal_entries(self) -> list[JournalRecord]:
        """Every record of the journal, in order (undone orders included: history is never erased). The older
        ones are read back from the save: for the newest few, :meth:`journal_tail`."""
        return list(self._records)

    def journal_tail(self, count: int) -> list[JournalRecord]:
        """The last ``count`` records of the journal, oldest first."""
        return self._records.tail(count)

    @property
    def record_count(self) -> int:
        """How many records the journal holds."""
        return len(self._records)

    def order_stacks(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(the seqs of the orders in force, oldest first; the seqs a redo may bring back, the next one last),
        from memory however long the game (the window's one-undo groups read these)."""
        return tuple(self._timeline.applied), tuple(self._timeline.undone)

    def orders_in_force(self) -> list[JournalRecord]:
        """The order records whose effect is in the current state, in order."""
        in_force = set(self._timeline.applied)
        by_seq = {r.seq: r for r in self._records if r.seq in in_force}
        return [by_seq[seq] for seq in self._timeline.applied]

    def orders_of_this_turn(self) -> list[JournalRecord]:
        """The order records in force given in the current round by the side to move, in order: the newest
        orders in force, so read from memory however long the game."""
        state, timeline = self.state, self._timeline
        found: list[JournalRecord] = []
        for seq in reversed(timeline.applied):
            record = timeline.order(seq)
            if record.round != state.round or record.side != state.side_to_move:
                break
            found.append(record)
        return found[::-1]

    def last_order_in_force(self) -> JournalRecord | None:
        """The order an ``undo`` would take back, or None."""
        return self._timeline.order(self._timeline.applied[-1]) if self._timeline.applied else None

    @property
    def can_undo(self) -> bool:
        return bool(self._timeline.applied)

    @property
    def can_redo(self) -> bool:
        return bool(self._timeline.undone)

    # --- changing -----------------------------------------------------------------------------------------

    def submit(self, command: str | Command, forced: bool = False) -> Outcome:
        """Apply a command (text in the shell's notation, or a Command) and journal it when accepted.

        ``forced`` (or a ``force ...`` command) carries out an order the rules refuse. ``undo`` and ``redo``
        go to :meth:`undo` and :meth:`redo`. The record is on disk before this returns. Returns a refused
        Outcome for a line that does not parse or an order the rules refuse (nothing journaled); raises
        SaveError when the game is read-only or the journal cannot be written (then nothing changed).
        """
        if isinstance(command, str):
            if len(command) > MAX_COMMAND_CHARS:  # refused at entry: its record must stay readable
                return Outcome(accepted=False, command=command[:60] + "...", forceable=False,
                               reason=f"a command of {len(command):,} characters; at most {MAX_COMMAND_CHARS:,} "
                                      "are taken (split a long message into several)")
            try:
                command = rules_of(self.state).parse(command)
            except NotationError as exc:
                return Outcome(accepted=False, command=command.strip(), reason=str(exc), forceable=False)
        if isinstance(command, Force):
            command, forced = command.order, True
        if isinstance(command, Undo):
            return self.undo()
        if isinstance(command, Redo):
            return self.redo()
        text = rules_of(self.state).format(command)
        writer = self._need_writer()
        seq = writer.next_seq
        dice = Dice(self.seed, seq)
        before = self.state
        result = (apply_forced if forced else apply)(before, command, dice)
        if not isinstance(result, Accepted):
            return Outcome(accepted=False, command=text, reason=result.reason, forceable=result.forceable,
                           forced=forced)
        record = self._write(new_record(
            seq=seq, kind="order", command=text, prev=writer.last_hash,
            round=before.round, side=before.side_to_move, forced=forced, refusal=result.overridden,
            rolls=tuple(dice.rolls), events=tuple(events_json(result.events)),
        ))
        self._timeline.remember(record)
        self._timeline.push(record.seq, result.state)
        self._snapshot()
        problem = self._round_hooks(before, result.state)
        return Outcome(accepted=True, command=text, events=result.events, record=record.seq, forced=forced,
                       overridden=result.overridden, note=self._noticed(problem))

    def undo(self) -> Outcome:
        """Take back the last order in force; journaled as an ``undo`` record. Refused when there is none."""
        if not self._timeline.applied:
            return Outcome(accepted=False, command="undo", reason="nothing to undo", forceable=False)
        writer = self._need_writer()
        target = self._timeline.applied[-1]
        undone = self._timeline.order(target)
        before = self.state
        record = self._write(new_record(
            seq=writer.next_seq, kind="undo", command="undo", prev=writer.last_hash,
            round=before.round, side=before.side_to_move, target=target,
        ))
        self._timeline.pop()
        self._snapshot()
        return Outcome(accepted=True, command="undo", record=record.seq,
                       note=self._noticed(f"undone: {undone.command} (record {target})"))

    def redo(self) -> Outcome:
        """Re-apply the order most recently undone, with its recorded dice; journaled as a ``redo`` record."""
        if not self._timeline.undone:
            return Outcome(accepted=False, command="redo", reason="nothing to redo", forceable=False)
        writer = self._need_writer()
        target = self._timeline.undone[-1]
        original = self._timeline.order(target)
        before = self.state
        try:
            # leniently when the game was opened so: an order that stands only as carried out can be redone
            lenient = [] if self._timeline.drift is not None else None
            state, events = replay_order(before, original, self.seed, original.seq, lenient)
        except ReplayMismatch as exc:  # cannot happen: the state is the one the order was first applied to
            return Outcome(accepted=False, command="redo", reason=str(exc), forceable=False)
        record = self._write(new_record(
            seq=writer.next_seq, kind="redo", command="redo", prev=writer.last_hash,
            round=before.round, side=before.side_to_move, target=target, forced=original.forced,
            refusal=original.refusal, rolls=original.rolls, events=tuple(events_json(events)),
        ))
        self._timeline.push_redone(target, state)
        self._snapshot()
        problem = self._round_hooks(before, state)
        note = f"redone: {original.command} (record {target})" + (f"; {problem}" if problem else "")
        return Outcome(accepted=True, command="redo", events=events, record=record.seq, forced=original.forced,
                       overridden=original.refusal, note=self._noticed(note))

    def states_in_force(self) -> Iterator[GameState]:
        """The states of the game in force, oldest first: the start, then after each order in force (those not
        kept in memory replayed on the way, so that a long game is walked in linear time)."""
        return self._timeline.iter_states()

    def append_portal(self, command: str, data: dict[str, object]) -> JournalRecord:
        """Journal a players' portal record (kind ``portal``): ``command`` is its line in the umpire's log,
        ``data`` a JSON-ready dict with a "portal" key. On disk before this returns; the game is unchanged.
        Raises SaveError when the game is read-only or the journal cannot be written."""
        writer = self._need_writer()
        state = self.state
        return self._write(new_record(
            seq=writer.next_seq, kind=PORTAL_KIND, command=command, prev=writer.last_hash,
            round=state.round, side=state.side_to_move, events=(data,),
        ))

    # --- inside -------------------------------------------------------------------------------------------

    def _need_writer(self) -> JournalWriter:
        if self._writer is None or self._writer.closed:
            raise SaveError(f"{self.path}: opened read-only (or closed); open it with 'kriegsspiel shell' to "
                            "play on")
        return self._writer

    def _write(self, record: JournalRecord) -> JournalRecord:
        assert self._writer is not None
        try:
            record = self._writer.append(record)
        except OSError as exc:
            raise SaveError(f"{self.path}: the journal could not be written ({exc.strerror or exc}); the command "
                            "was not carried out and the save ends with the record before it; free some disk "
                            "space and go on") from None
        record = dataclasses.replace(record, line=self._writer.lines)
        notice = self._writer.take_notice()
        if notice is not None:  # the save was deleted or replaced: the game goes on in the recovery file
            self.path = self._records.path = self._writer.path
            self._records.close()
            self._notices.append(notice)
            self.notes.append(notice)
        self._records.append(record, self._writer.last_offset)
        return record

    def _noticed(self, note: str | None) -> str | None:
        """``note`` with what the umpire must hear after this command (the save moved to a recovery file)."""
        said, self._notices = self._notices, []
        return "\n".join([*([note] if note else []), *said]) or None

    def _snapshot(self) -> None:
        """After every SNAPSHOT_EVERY-th record, a snapshot of the state (so that reopening is fast). A
        snapshot that cannot be made or written is left out: the records alone are the game."""
        writer = self._writer
        if writer is None or (writer.next_seq - 1) % SNAPSHOT_EVERY:
            return
        start = self._timeline.states[0]
        assert start is not None
        data = encode_state(self.state, start, self._snapshot_base)
        if data is None:
            return
        try:
            writer.append_snapshot(snapshot_json(data))
        except (OSError, SaveError):  # a full disk, or a state too large for a line (LineTooLong)
            return  # the line was taken back; the next record is written as usual
        self._snapshot_base = self.state

    def _round_hooks(self, before: GameState, after: GameState) -> str | None:
        """Run the round-end callbacks; a failing one is reported, never taken for a failed command (the
        record is already on disk)."""
        problems = []
        for ended in range(before.round, after.round):
            for hook in list(self.on_round_end):
                try:
                    hook(self, ended)
                except Exception as exc:  # noqa: BLE001 - the command stands whatever a hook does
                    name = getattr(hook, "__qualname__", type(hook).__name__)
                    problems.append(f"after round {ended}, {name} failed ({type(exc).__name__}: {exc})")
        return "; ".join(problems) or None


def drift_notes(drift: list[str], most: int = 3) -> list[str]:
    """Notes for records that replay differently now than when they were played (see ``replay_journal``)."""
    if not drift:
        return []
    more = [f"... and {len(drift) - most} more"] if len(drift) > most else []
    return [f"{len(drift)} record(s) replay differently with the program and rules as they are now; the game "
            "goes on from the replay ('kriegsspiel verify' will not accept it as the game that was played): "
            + "; ".join(drift[:most] + more)]


def scenario_of_save(loaded: LoadedSave, notes: list[str], *, map_loader: MapLoader | None = None,
                     ruleset_loader: RulesetLoader | None = None) -> Scenario:
    """The scenario embedded in a save, with its map found again: next to where the scenario was (the
    header's paths), else beside the save. A map that changed since the game began is noted."""
    header = loaded.header
    save_dir = loaded.path.parent
    scenario_dir = (save_dir / header.scenario_path).parent
    candidates = list(dict.fromkeys([scenario_dir / header.map, save_dir / header.map, save_dir / Path(header.map).name]))
    map_path = next((c for c in candidates if c.is_file()), None)
    if map_path is None:
        raise SaveError(f"{loaded.path}: the game's map {header.map!r} is not found (looked at "
                        f"{', '.join(str(c) for c in candidates)}); put the map back there")
    scenario = parse_scenario_text(
        header.scenario_text, f"{loaded.path}: embedded scenario", map_path.parent,
        seed=header.seed, map_loader=map_loader, ruleset_loader=ruleset_loader, map_ref=map_path.name,
    )
    if header.map_sha256 and scenario.map_sha256 != header.map_sha256:
        notes.append(f"the map {map_path} has changed since this game began (its sha256 differs); the game is "
                     "replayed on the map as it is now")
    if header.ruleset_sha256 and scenario.ruleset_sha256 != header.ruleset_sha256:
        notes.append(f"the rule set {scenario.setup.ruleset_id!r} has changed since this game began; the game is "
                     "replayed with the rule set as it is now")
    return scenario
