"""One session for every game: a scenario's game and its journal on disk, behind one door.

:class:`Session` is what the command line, the shell, the window and the portal use of any game. Every game's
session derives from :class:`SessionBase`, which owns what no game differs in: the journal writer, the lock,
undo and its journal record, the snapshots, the players' portal records, the hooks run after a round or phase
and the opening and verifying of a save. A ruler game's session (store/ruler.py) and an area game's
(store/area.py) differ only in the rules object they drive: how a command is applied and replayed, what a
player sees and how their pictures are drawn. ``kriegsspiel.store.opening`` opens any path as the right one.
"""
from __future__ import annotations

import dataclasses
import datetime as _dt
import os
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Protocol

from kriegsspiel.core.events import Event
from kriegsspiel.scenario import Scenario
from kriegsspiel.scenario.area import AreaScenario
from kriegsspiel.scenario.load import MapLoader, RulesetLoader
from kriegsspiel.store.journal import (
    PORTAL_KIND, SAVE_SUFFIX, SNAPSHOT_EVERY, JournalRecord, LoadedSave, SaveError, SaveHeader, new_record,
    read_save, utc_now,
)
from kriegsspiel.store.journal_write import JournalWriter
from kriegsspiel.store.records import JournalRecords
from kriegsspiel.store.seal import machine_key, sealing_key
from kriegsspiel.store.snapshot import snapshot_json
from kriegsspiel.store.verify import Verdict, provenance_of

#: called after a round or phase ended: the session and the number of the round (phase) that ended
RoundEndHook = Callable[[Any, int], None]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of one submitted command.

    ``accepted`` False means refused: ``reason`` says why and nothing was journaled; ``forceable`` whether
    ``force`` could carry it out (ruler games). When accepted, ``record`` is the seq of its (last) journal
    record, already on disk; ``events`` what happened (ruler games), ``lines`` what to show (area games),
    ``result`` a confirmed phase's result, ``overridden`` the refusal a forced order overrode, ``note`` what
    undo or redo took back or brought again, else a round-end hook that failed.
    """

    accepted: bool
    command: str
    events: tuple[Event, ...] = ()
    reason: str | None = None
    forceable: bool = True
    record: int | None = None
    forced: bool = False
    overridden: str | None = None
    note: str | None = None
    lines: tuple[str, ...] = ()
    result: Any = None
    records: tuple[int, ...] = ()  # every record written (several orders on one line of an area game)

    def describe(self) -> str:
        """The outcome for the umpire, one line per event (or the refusal)."""
        if not self.accepted:
            return f"refused: {self.reason}"
        taken = self.command in ("undo", "redo")
        lines = [self.note] if self.note and taken else []
        lines += [event.describe() for event in self.events]
        lines += self.lines
        if self.note and not taken:
            lines.append(self.note)
        return "\n".join(lines) if lines else "done"


class Session(Protocol):
    """What every game's session offers (the command line, shell, window and portal use only this)."""

    kind: ClassVar[str]
    path: Path
    header: SaveHeader
    notes: list[str]
    lock: threading.RLock

    @property
    def scenario(self) -> Scenario | AreaScenario: ...
    @property
    def read_only(self) -> bool: ...
    @property
    def seed(self) -> int: ...
    @property
    def record_count(self) -> int: ...
    @property
    def can_undo(self) -> bool: ...
    @property
    def can_redo(self) -> bool: ...
    def submit(self, command: Any, forced: bool = False) -> Outcome: ...
    def preview(self) -> Any: ...
    def undo(self) -> Outcome: ...
    def redo(self) -> Outcome: ...
    def journal_entries(self) -> list[JournalRecord]: ...
    def journal_tail(self, count: int) -> list[JournalRecord]: ...
    def record_lines(self, record: JournalRecord, following: JournalRecord | None) -> list[str]: ...
    def append_portal(self, command: str, data: dict[str, object]) -> JournalRecord: ...
    def players(self) -> list[str]: ...
    def start_words(self) -> str: ...
    def phase_number(self) -> int: ...
    def desk(self) -> Any: ...
    def phase_words(self, number: int | None = None) -> str: ...
    def attach_pictures(self, folder: Path | None = None) -> Path: ...
    def write_pictures(self, out: Path, players: list[str] | None, number: int | None) -> list[Path]: ...
    def summary_lines(self) -> list[str]: ...
    def summary_json(self) -> dict[str, Any]: ...
    def close(self) -> None: ...
    def __enter__(self) -> Any: ...
    def __exit__(self, *exc: object) -> None: ...


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


def map_of_save(loaded: LoadedSave) -> Path:
    """The map of a save's game: next to where the scenario was (the header's paths), else beside the save.
    Raises SaveError when it is found nowhere."""
    header = loaded.header
    save_dir = loaded.path.parent
    scenario_dir = (save_dir / header.scenario_path).parent
    candidates = list(dict.fromkeys([scenario_dir / header.map, save_dir / header.map, save_dir / Path(header.map).name]))
    found = next((c for c in candidates if c.is_file()), None)
    if found is None:
        raise SaveError(f"{loaded.path}: the game's map {header.map!r} is not found (looked at "
                        f"{', '.join(str(c) for c in candidates)}); put the map back there")
    return found


class SessionBase:
    """A game being played (or replayed): its scenario, its journal and the course of the game (the replay
    of the journal). Use :meth:`new` or :meth:`open` of a subclass, or ``kriegsspiel.store.opening``.

    ``on_round_end`` hooks run after a command ended a round (a phase), with the session and its number: the
    players' pictures are made there. ``notes`` holds what the umpire should know (the scenario's warnings, a
    cut-off record, a changed map or rule set). ``lock`` is taken by every change: the portal's threads and
    the umpire's shell reach the journal one at a time. A read-only session refuses every change.
    """

    #: "ruler" or "area": the kind of board the game is played on (the window and portal draw by it)
    kind: ClassVar[str] = ""

    def __init__(self, scenario: Any, path: Path, header: SaveHeader, records: JournalRecords, timeline: Any,
                 writer: JournalWriter | None, notes: list[str]) -> None:
        self.scenario = scenario
        self.path = path
        self.header = header
        # Memory stays flat however long the session: the newest records in memory, older ones read back
        # from the save (records.py).
        self._records = records
        self._timeline = timeline
        self._writer = writer
        self.notes = notes
        self.lock = threading.RLock()
        self.on_round_end: list[RoundEndHook] = []
        self._snapshot_base: Any = None  # the state of the last snapshot written
        self._closing: list[Callable[[], None]] = []  # run at close (a picture writer's thread)
        self._notices: list[str] = []  # told with the outcome of the command being carried out

    # --- what a kind of game supplies ---------------------------------------------------------------------

    @classmethod
    def _load_scenario(cls, path: Path, map_loader: MapLoader | None, ruleset_loader: RulesetLoader | None) -> Any:
        raise NotImplementedError

    @classmethod
    def _embedded_scenario(cls, loaded: LoadedSave, map_path: Path, map_loader: MapLoader | None,
                           ruleset_loader: RulesetLoader | None) -> Any:
        raise NotImplementedError

    @classmethod
    def _seed_of(cls, scenario: Any) -> int:
        raise NotImplementedError

    @classmethod
    def _ruleset_name(cls, scenario: Any) -> str:
        raise NotImplementedError

    @classmethod
    def _start_timeline(cls, scenario: Any, seed: int) -> Any:
        raise NotImplementedError

    @classmethod
    def _ruleset_fingerprints(cls, scenario: Any) -> tuple[str, ...]:
        """Every fingerprint of the scenario's rule set a save of it may carry (the first: the one written now)."""
        return (scenario.ruleset_sha256,)

    @classmethod
    def _replay(cls, loaded: LoadedSave, scenario: Any, *, upto: int | None, trust_snapshots: bool,
                key: bytes | None, notes: list[str]) -> tuple[Any, Any]:
        """(the timeline of the records, the state of the last trusted snapshot or None). Raises SaveError."""
        raise NotImplementedError

    @classmethod
    def _verify_records(cls, loaded: LoadedSave, scenario: Any) -> tuple[str, int] | None:
        """(what is wrong, the record) for the first record that does not replay exactly; None: all do."""
        raise NotImplementedError

    def _stamp(self, kind: str) -> tuple[int, str]:
        """The round (or phases confirmed) and the side a record of ``kind`` written now is stamped with."""
        raise NotImplementedError

    def _snapshot_data(self) -> dict[str, Any] | None:
        """The state to snapshot now (None: this kind of game writes no snapshots)."""
        return None

    @classmethod
    def players_of(cls, loaded: LoadedSave) -> list[str]:
        """The players of a save's game, from its scenario alone (nothing replayed)."""
        raise NotImplementedError

    # --- opening ------------------------------------------------------------------------------------------

    @classmethod
    def new(cls, scenario_path: str | Path, save_path: str | Path, *, map_loader: MapLoader | None = None,
            ruleset_loader: RulesetLoader | None = None) -> Any:
        """Start a game from a scenario file and create its save (never overwriting a file).

        Raises a ScenarioError listing every problem of the scenario, SaveError when the save exists or
        cannot be created.
        """
        scenario_path, save_path = Path(scenario_path), Path(save_path)
        if save_path.exists():
            raise SaveError(f"{save_path}: already exists; a save is never overwritten: choose another name")
        scenario = cls._load_scenario(scenario_path, map_loader, ruleset_loader)
        seed = cls._seed_of(scenario)
        header = SaveHeader(
            scenario_name=scenario.name, scenario_text=scenario.text, scenario_sha256=scenario.sha256,
            scenario_path=_relative_posix(scenario_path, save_path.parent), map=scenario.map_ref,
            map_sha256=scenario.map_sha256, ruleset_sha256=scenario.ruleset_sha256, seed=seed, created=utc_now(),
        )
        timeline = cls._start_timeline(scenario, seed)
        notes = [warning.format() for warning in scenario.warnings]
        writer = JournalWriter.create(save_path, header, key=sealing_key(notes))
        header = dataclasses.replace(header, hash=writer.header_hash)  # the hash of the line as written (sealed)
        return cls(scenario, save_path, header, JournalRecords(save_path), timeline, writer, notes)

    @classmethod
    def unsaved(cls, scenario_path: str | Path) -> Any:
        """The game of a scenario before its first order, read-only and without a save (its pictures before
        the first move). Raises the scenario's error listing every problem."""
        scenario_path = Path(scenario_path)
        scenario = cls._load_scenario(scenario_path, None, None)
        seed = cls._seed_of(scenario)
        header = SaveHeader(
            scenario_name=scenario.name, scenario_text=scenario.text, scenario_sha256=scenario.sha256,
            scenario_path=scenario_path.name, map=scenario.map_ref, map_sha256=scenario.map_sha256,
            ruleset_sha256=scenario.ruleset_sha256, seed=seed, created=utc_now(),
        )
        return cls(scenario, scenario_path, header, JournalRecords(scenario_path), cls._start_timeline(scenario, seed),
                   None, [warning.format() for warning in scenario.warnings])

    @classmethod
    def open(cls, save_path: str | Path, *, read_only: bool = False, upto: int | None = None,
             map_loader: MapLoader | None = None, ruleset_loader: RulesetLoader | None = None) -> Any:
        """Open a save and replay its journal (``upto``: only the first N records, read-only).

        A save whose last record was cut off loads everything before it (``notes`` says so); unless
        ``read_only``, the whole file is first copied to ``<save>.damaged-<n>`` and the incomplete line cut
        off, so that play can go on. Raises SaveError (naming the file and the line) for a file that is not a
        save, is damaged elsewhere, or whose records no longer replay; a ScenarioError when the embedded
        scenario no longer loads (a changed rule set).
        """
        return cls.from_loaded(read_save(save_path), read_only=read_only, upto=upto, map_loader=map_loader,
                               ruleset_loader=ruleset_loader)

    @classmethod
    def from_loaded(cls, loaded: LoadedSave, *, read_only: bool = False, map_loader: MapLoader | None = None,
                    ruleset_loader: RulesetLoader | None = None, upto: int | None = None) -> Any:
        """Like :meth:`open` for a save already read."""
        path = loaded.path
        notes: list[str] = []
        if loaded.cut_off is not None:
            notes.append(loaded.cut_off.message(path, len(loaded.records)))
        changed: list[str] = []
        scenario = cls.scenario_of_save(loaded, changed, map_loader=map_loader, ruleset_loader=ruleset_loader)
        notes += changed
        key = machine_key(create=False) if read_only else sealing_key(notes)
        # snapshots stand in for the replay only on the very map and rule set the game was played on
        timeline, snapshot_base = cls._replay(loaded, scenario, upto=upto, trust_snapshots=upto is None and
                                              not changed, key=key, notes=notes)
        writer = None
        if not read_only and upto is None:
            writer = JournalWriter.continue_save(loaded, key=key)
            if writer.set_aside is not None:
                notes.append(f"the whole damaged file was kept as {writer.set_aside}; play continues after "
                             f"record {len(loaded.records)}")
        session = cls(scenario, path, loaded.header, JournalRecords.of_loaded(loaded, upto), timeline, writer,
                      notes)
        session._snapshot_base = snapshot_base  # the next snapshot continues the last one's messages
        return session

    @classmethod
    def scenario_of_save(cls, loaded: LoadedSave, notes: list[str], *, map_loader: MapLoader | None = None,
                         ruleset_loader: RulesetLoader | None = None) -> Any:
        """The scenario embedded in a save, with its map found again (:func:`map_of_save`). A map or rule set
        that changed since the game began is noted."""
        header = loaded.header
        map_path = map_of_save(loaded)
        scenario = cls._embedded_scenario(loaded, map_path, map_loader, ruleset_loader)
        if header.map_sha256 and scenario.map_sha256 != header.map_sha256:
            notes.append(f"the map {map_path} has changed since this game began (its sha256 differs); the game is "
                         "replayed on the map as it is now")
        if header.ruleset_sha256 and header.ruleset_sha256 not in cls._ruleset_fingerprints(scenario):
            notes.append(f"the rule set {cls._ruleset_name(scenario)!r} has changed since this game began; the "
                         "game is replayed with the rule set as it is now")
        return scenario

    @classmethod
    def verify(cls, loaded: LoadedSave, *, map_loader: MapLoader | None = None,
               ruleset_loader: RulesetLoader | None = None) -> Verdict:
        """The verdict on a save already read (its hash chain intact): every record replayed from the start
        with its dice and compared with what was recorded, and who wrote it (the seals). Nothing is written.
        Raises UserError when its scenario or map can no longer be read."""
        path = loaded.path
        notes = [loaded.cut_off.message(path, len(loaded.records))] if loaded.cut_off is not None else []
        provenance = provenance_of(loaded, notes)
        kinds = dict(Counter(r.kind for r in loaded.records))
        count, last = len(loaded.records), loaded.last_hash
        scenario = cls.scenario_of_save(loaded, [], map_loader=map_loader, ruleset_loader=ruleset_loader)
        # The game must replay on the very map and rule set it was played on: anything else is not the same game.
        header = loaded.header
        for what, recorded, now in (("map " + str(scenario.map_path), header.map_sha256, (scenario.map_sha256,)),
                                    (f"rule set {cls._ruleset_name(scenario)!r}", header.ruleset_sha256,
                                     cls._ruleset_fingerprints(scenario))):
            if recorded and recorded not in now:
                return Verdict(path, count, kinds, last, bad_record=0, notes=tuple(notes),
                               first_bad=f"line 1 (the header): the {what} is not the one the game was played on "
                                         f"(fingerprint {recorded[:12]}, now {now[0][:12]})")
        bad = cls._verify_records(loaded, scenario)
        if bad is not None:
            return Verdict(path, count, kinds, last, first_bad=bad[0], bad_record=bad[1], notes=tuple(notes))
        return Verdict(path, count, kinds, last, notes=tuple(notes), **provenance)

    def close(self) -> None:
        """Release the save (every record is already on disk) and wait for the pictures being written."""
        for closing in self._closing:
            closing()
        self._closing.clear()
        if self._writer is not None:
            self._writer.close()
        self._records.close()

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- reading ------------------------------------------------------------------------------------------

    @property
    def seed(self) -> int:
        return self.header.seed

    @property
    def read_only(self) -> bool:
        return self._writer is None

    @property
    def record_count(self) -> int:
        """How many records the journal holds."""
        return len(self._records)

    def journal_entries(self) -> list[JournalRecord]:
        """Every record of the journal, in order (undone orders included: history is never erased). The older
        ones are read back from the save: for the newest few, :meth:`journal_tail`."""
        return list(self._records)

    def journal_tail(self, count: int) -> list[JournalRecord]:
        """The last ``count`` records of the journal, oldest first."""
        return self._records.tail(count) if count > 0 else []

    def order_stacks(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(the seqs of the commands in force, oldest first; the seqs a redo may bring back, the next one
        last), from memory however long the game (the window's one-undo groups read these)."""
        return tuple(self._timeline.applied), tuple(self._timeline.undone)

    @property
    def can_undo(self) -> bool:
        return bool(self._timeline.applied)

    @property
    def can_redo(self) -> bool:
        return bool(self._timeline.undone)

    # --- changing -----------------------------------------------------------------------------------------

    def undo(self) -> Outcome:
        """Take back the last command in force; journaled as an ``undo`` record. Refused when there is none."""
        with self.lock:
            if not self._timeline.applied:
                return Outcome(accepted=False, command="undo", reason="nothing to undo", forceable=False)
            writer = self._need_writer()
            target = self._timeline.applied[-1]
            undone = self._timeline.order(target)
            round_now, side = self._stamp("undo")
            record = self._write(new_record(seq=writer.next_seq, kind="undo", command="undo",
                                            prev=writer.last_hash, round=round_now, side=side, target=target))
            self._timeline.pop()
            self._snapshot()
            return Outcome(accepted=True, command="undo", record=record.seq, records=(record.seq,),
                           note=self._noticed(f"undone: {undone.command} (record {target})"))

    def append_portal(self, command: str, data: dict[str, object]) -> JournalRecord:
        """Journal a players' portal record (kind ``portal``: orders as a phone sent them, links issued or
        revoked by hash, the umpire's words): ``command`` is its line in the umpire's log, ``data`` a JSON-ready
        dict with a "portal" key. The replay skips it: the game is unchanged. On disk before this returns;
        raises SaveError when the session is read-only or the journal cannot be written."""
        with self.lock:
            writer = self._need_writer()
            round_now, side = self._stamp(PORTAL_KIND)
            return self._write(new_record(seq=writer.next_seq, kind=PORTAL_KIND, command=command,
                                          prev=writer.last_hash, round=round_now, side=side, events=(data,)))

    # --- inside -------------------------------------------------------------------------------------------

    def _next_seq(self) -> int:
        if self._writer is not None:
            return self._writer.next_seq
        return len(self._records) + 1

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
        if writer is None or (writer.next_seq - 1) % self._snapshot_every():
            return
        data = self._snapshot_data()
        if data is None:
            return
        try:
            writer.append_snapshot(snapshot_json(data))
        except (OSError, SaveError):  # a full disk, or a state too large for a line (LineTooLong)
            return  # the line was taken back; the next record is written as usual
        self._snapshot_base = self._snapshot_state()

    def _snapshot_every(self) -> int:
        return SNAPSHOT_EVERY

    def _snapshot_state(self) -> Any:
        return None

    def _round_hooks(self, ended: range) -> list[str]:
        """Run the round-end hooks for each round (phase) in ``ended``; a failing one is reported, never taken
        for a failed command (the record is already on disk)."""
        problems = []
        for number in ended:
            for hook in list(self.on_round_end):
                try:
                    hook(self, number)
                except Exception as exc:  # noqa: BLE001 - the command stands whatever a hook does
                    name = getattr(hook, "__qualname__", type(hook).__name__)
                    problems.append(f"after round {number}, {name} failed ({type(exc).__name__}: {exc})")
        return problems
