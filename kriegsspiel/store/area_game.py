"""The session of an area game (Diplomacy, Air Power Diplomacy, unit profiles): its scenario, its journal on
disk, the turn as the replay of the journal.

``AreaGame.new(scenario, save)`` starts a save; ``AreaGame.open(save)`` replays one. ``game.submit(line)``
takes an order (``FRANCE: A PAR - BUR``, several separated by ``;``), ``withdraw POWER: ORDER``, ``confirm``,
``undo`` and ``redo``; each accepted command is written to the journal (sealed, fsynced) before it returns.
``game.preview()`` shows what ``confirm`` would do, changing nothing. The save format is the ruler games'
(store/journal.py): the scenario embedded in the header, one record per command.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from kriegsspiel.border.save_schema import MAX_COMMAND_CHARS
from kriegsspiel.core.area import PhaseResult
from kriegsspiel.core.dice import Dice
from kriegsspiel.errors import UserError
from kriegsspiel.scenario.area import AreaScenario, load_area_scenario, parse_area_scenario_text
from kriegsspiel.store.area_timeline import (
    AreaTimeline, AreaTurn, Refused, ReplayError, apply_command, preview,
)
from kriegsspiel.store.journal import PORTAL_KIND, JournalRecord, LoadedSave, SaveError, SaveHeader, new_record, read_save, utc_now
from kriegsspiel.store.journal_write import JournalWriter
from kriegsspiel.store.seal import sealing_key

#: called after a confirmed phase with the game, the turn that was resolved and the result (the players'
#: pictures are made there)
PhaseHook = Callable[["AreaGame", AreaTurn, PhaseResult], None]


@dataclass(frozen=True, slots=True)
class AreaOutcome:
    """What became of one command: ``accepted`` (then ``records`` are the seqs written) or refused with
    ``reason``; ``lines`` what to show the umpire; ``result`` the phase's result after a confirm."""

    accepted: bool
    command: str
    lines: tuple[str, ...] = ()
    reason: str | None = None
    records: tuple[int, ...] = ()
    result: PhaseResult | None = None

    def describe(self) -> str:
        if not self.accepted:
            return f"refused: {self.reason}"
        return "\n".join(self.lines) if self.lines else "done"


def is_area_save(loaded: LoadedSave) -> bool:
    """Whether a save is an area game's (its embedded scenario names an area rule set)."""
    from kriegsspiel.scenario.area import area_ruleset_of_text

    return area_ruleset_of_text(loaded.header.scenario_text) is not None


def is_area_path(path: Path) -> bool:
    """Whether ``path`` is an area game's scenario (``.toml``) or save (never raises; other files: False)."""
    from kriegsspiel.scenario.area import is_area_scenario

    if path.suffix.lower() == ".toml":
        return is_area_scenario(path)
    try:
        return is_area_save(read_save(path))
    except (SaveError, OSError):
        return False


def scenario_of_area_save(loaded: LoadedSave, notes: list[str]) -> AreaScenario:
    """The scenario embedded in an area save, its map found next to where the scenario was or beside the save;
    a changed map or rule set is noted. Raises SaveError when the map is not found."""
    header = loaded.header
    save_dir = loaded.path.parent
    scenario_dir = (save_dir / header.scenario_path).parent
    candidates = list(dict.fromkeys([scenario_dir / header.map, save_dir / header.map, save_dir / Path(header.map).name]))
    map_path = next((c for c in candidates if c.is_file()), None)
    if map_path is None:
        raise SaveError(f"{loaded.path}: the game's map {header.map!r} is not found (looked at "
                        f"{', '.join(str(c) for c in candidates)}); put the map back there")
    scenario = parse_area_scenario_text(header.scenario_text, f"{loaded.path}: embedded scenario", map_path.parent,
                                        seed=header.seed, map_ref=map_path.name)
    if header.map_sha256 and scenario.map_sha256 != header.map_sha256:
        notes.append(f"the map {map_path} has changed since this game began (its sha256 differs)")
    if header.ruleset_sha256 and scenario.ruleset_sha256 != header.ruleset_sha256:
        notes.append(f"the rule set {scenario.ruleset.name!r} has changed since this game began")
    return scenario


def replay_area(scenario: AreaScenario, records: tuple[JournalRecord, ...] | list[JournalRecord],
                seed: int) -> AreaTimeline:
    """The timeline of the records, from the scenario's start. Raises ReplayError for a record that does not
    replay exactly as recorded."""
    timeline = AreaTimeline(scenario.rules, scenario.powers, seed, [AreaTurn(scenario.start())])
    for record in records:
        timeline.step(record)
    return timeline


class AreaGame:
    """An area game being played (or replayed). Use :meth:`new` or :meth:`open`."""

    def __init__(self, scenario: AreaScenario, path: Path, header: SaveHeader, records: list[JournalRecord],
                 timeline: AreaTimeline, writer: JournalWriter | None, notes: list[str]) -> None:
        self.scenario = scenario
        self.path = path
        self.header = header
        self._records = records
        self._timeline = timeline
        self._writer = writer
        self.notes = notes
        self.on_phase: list[PhaseHook] = []
        self._notices: list[str] = []  # told with the outcome of the line being carried out

    @classmethod
    def new(cls, scenario_path: str | Path, save_path: str | Path) -> AreaGame:
        """Start a game from an area scenario and create its save (never overwriting a file). Raises
        AreaScenarioError for a bad scenario, SaveError when the save exists or cannot be created."""
        import os

        scenario_path, save_path = Path(scenario_path), Path(save_path)
        if save_path.exists():
            raise SaveError(f"{save_path}: already exists; a save is never overwritten: choose another name")
        scenario = load_area_scenario(scenario_path)
        try:
            relative = Path(os.path.relpath(scenario_path.resolve(), save_path.parent.resolve())).as_posix()
        except ValueError:
            relative = scenario_path.resolve().as_posix()
        header = SaveHeader(
            scenario_name=scenario.name, scenario_text=scenario.text, scenario_sha256=scenario.sha256,
            scenario_path=relative, map=scenario.map_ref, map_sha256=scenario.map_sha256,
            ruleset_sha256=scenario.ruleset_sha256, seed=scenario.seed, created=utc_now(),
        )
        timeline = AreaTimeline(scenario.rules, scenario.powers, scenario.seed, [AreaTurn(scenario.start())])
        notes = [w.format() for w in scenario.warnings]
        writer = JournalWriter.create(save_path, header, key=sealing_key(notes))
        header = dataclasses.replace(header, hash=writer.header_hash)
        return cls(scenario, save_path, header, [], timeline, writer, notes)

    @classmethod
    def open(cls, save_path: str | Path, *, read_only: bool = False, upto: int | None = None) -> AreaGame:
        """Open an area save and replay its journal (``upto``: only the first N records, read-only). Raises
        SaveError naming the file and the record that does not replay."""
        loaded = read_save(save_path)
        notes: list[str] = []
        if loaded.cut_off is not None:
            notes.append(loaded.cut_off.message(loaded.path, len(loaded.records)))
        scenario = scenario_of_area_save(loaded, notes)
        records = list(loaded.records if upto is None else loaded.records[:upto])
        try:
            timeline = replay_area(scenario, records, loaded.header.seed)
        except ReplayError as exc:
            raise SaveError(f"{loaded.path}: {exc}; 'kriegsspiel verify' tells more; the file is left untouched",
                            exc.seq, exc.line) from None
        writer = None
        if not read_only and upto is None:
            writer = JournalWriter.continue_save(loaded, key=sealing_key(notes))
            if writer.set_aside is not None:
                notes.append(f"the whole damaged file was kept as {writer.set_aside}")
        return cls(scenario, loaded.path, loaded.header, records, timeline, writer, notes)

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()

    def __enter__(self) -> AreaGame:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- reading ----------------------------------------------------------------------------------------

    @property
    def turn(self) -> AreaTurn:
        """The turn now: the replay of the journal."""
        return self._timeline.turn

    @property
    def seed(self) -> int:
        return self.header.seed

    @property
    def read_only(self) -> bool:
        return self._writer is None

    @property
    def can_undo(self) -> bool:
        return bool(self._timeline.applied)

    @property
    def can_redo(self) -> bool:
        return bool(self._timeline.undone)

    def order_stacks(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(the seqs of the commands in force, oldest first; the seqs a redo may bring back, the next one
        last), from memory (the window's one-undo groups read these, as the ruler games' window does)."""
        return tuple(self._timeline.applied), tuple(self._timeline.undone)

    def journal_entries(self) -> list[JournalRecord]:
        return list(self._records)

    @property
    def record_count(self) -> int:
        """How many records the journal holds."""
        return len(self._records)

    def journal_tail(self, count: int) -> list[JournalRecord]:
        """The last ``count`` records of the journal, oldest first."""
        return list(self._records[-count:]) if count > 0 else []

    def preview(self) -> PhaseResult:
        """What ``confirm`` would do now, with the dice the confirm will use; nothing is written."""
        return preview(self.scenario.rules, self.turn, self.seed, self._next_seq())

    # --- changing ---------------------------------------------------------------------------------------

    def submit(self, line: str) -> AreaOutcome:
        """:meth:`_submit`, and what the umpire must hear after it (the save moved to a recovery file)."""
        outcome = self._submit(line)
        said, self._notices = self._notices, []
        return dataclasses.replace(outcome, lines=outcome.lines + tuple(said)) if said else outcome

    def _submit(self, line: str) -> AreaOutcome:
        """Carry out one line: ``POWER: ORDER[; ORDER...]``, ``withdraw POWER: ORDER``, ``confirm``, ``undo``,
        ``redo``. Refused lines change nothing; each accepted command is on disk before this returns (several
        orders on one line: one record each, the refused ones said). Raises SaveError when read-only or the
        journal cannot be written."""
        if len(line) > MAX_COMMAND_CHARS:  # refused at entry: its record must stay readable
            return AreaOutcome(False, line[:60] + "...", (), f"a line of {len(line):,} characters; at most "
                               f"{MAX_COMMAND_CHARS:,} are taken (split a long message into several)")
        text = " ".join(line.split())
        word = text.lower()
        if word == "undo":
            return self.undo()
        if word == "redo":
            return self.redo()
        head, colon, body = text.partition(":")
        if colon and not word.startswith("withdraw ") and ";" in body:
            outcomes = [self._one(f"{head}: {part.strip()}") for part in body.split(";") if part.strip()]
            lines = tuple(x for o in outcomes for x in (o.lines if o.accepted else (f"refused: {o.reason}",)))
            accepted = [o for o in outcomes if o.accepted]
            return AreaOutcome(bool(accepted), text, lines, None if accepted else "; ".join(
                o.reason or "" for o in outcomes), tuple(r for o in accepted for r in o.records))
        return self._one(text)

    def _one(self, text: str) -> AreaOutcome:
        writer = self._need_writer()
        seq = writer.next_seq
        turn = self.turn
        dice = Dice(self.seed, seq)
        try:
            step = apply_command(self.scenario.rules, self.scenario.powers, turn, text, dice)
        except Refused as exc:
            return AreaOutcome(False, text, reason=str(exc))
        event = step.events[0]
        command = "confirm" if event["area"] == "phase" else (
            f"{'withdraw ' if event['area'] == 'withdraw' else ''}{event['power']}: {event['text']}")
        side = "umpire" if event["area"] == "phase" else str(event["power"])
        record = self._write(new_record(
            seq=seq, kind="order", command=command, prev=writer.last_hash, round=turn.phases, side=side,
            rolls=step.rolls, events=step.events,
        ))
        self._timeline.orders[record.seq] = record
        self._timeline.push(record.seq, step.turn)
        lines = _lines_of(step.events[0])
        if step.result is not None and not step.result.choices:
            lines += self._run_hooks(turn, step.result)
        return AreaOutcome(True, command, tuple(lines), records=(record.seq,), result=step.result)

    def undo(self) -> AreaOutcome:
        """Take back the last command in force (journaled as an ``undo`` record)."""
        if not self._timeline.applied:
            return AreaOutcome(False, "undo", reason="nothing to undo")
        writer = self._need_writer()
        target = self._timeline.applied[-1]
        record = self._write(new_record(seq=writer.next_seq, kind="undo", command="undo", prev=writer.last_hash,
                                        round=self.turn.phases, side="umpire", target=target))
        self._timeline.pop()
        return AreaOutcome(True, "undo", (f"undone: {self._timeline.orders[target].command} (record {target})",),
                           records=(record.seq,))

    def redo(self) -> AreaOutcome:
        """Carry out again the command undone last, with its own dice (journaled as a ``redo`` record)."""
        if not self._timeline.undone:
            return AreaOutcome(False, "redo", reason="nothing to redo")
        writer = self._need_writer()
        target = self._timeline.undone[-1]
        original = self._timeline.orders[target]
        dice = Dice(self.seed, original.seq)
        try:
            step = apply_command(self.scenario.rules, self.scenario.powers, self.turn, original.command, dice)
        except Refused as exc:  # cannot happen: the turn is the one it was first carried out on
            return AreaOutcome(False, "redo", reason=str(exc))
        before = self.turn
        record = self._write(new_record(seq=writer.next_seq, kind="redo", command="redo", prev=writer.last_hash,
                                        round=self.turn.phases, side="umpire", target=target,
                                        rolls=step.rolls, events=step.events))
        self._timeline.push_redone(target, step.turn)
        lines = [f"redone: {original.command} (record {target})"]
        if step.result is not None and not step.result.choices:
            lines += self._run_hooks(before, step.result)
        return AreaOutcome(True, "redo", tuple(lines), records=(record.seq,), result=step.result)

    def append_portal(self, command: str, data: dict[str, object]) -> JournalRecord:
        """Journal a players' portal record (kind ``portal``: orders as a phone sent them, links issued or
        revoked by hash, the umpire's words): ``command`` is its line in the log, ``data`` a JSON-ready dict
        with a "portal" key. The replay skips it: the game is unchanged. On disk before this returns; raises
        SaveError when read-only or the journal cannot be written."""
        writer = self._need_writer()
        return self._write(new_record(seq=writer.next_seq, kind=PORTAL_KIND, command=command,
                                      prev=writer.last_hash, round=self.turn.phases, side="portal",
                                      events=(data,)))

    # --- inside -----------------------------------------------------------------------------------------

    def _next_seq(self) -> int:
        if self._writer is not None:
            return self._writer.next_seq
        return (self._records[-1].seq + 1) if self._records else 1

    def _need_writer(self) -> JournalWriter:
        if self._writer is None or self._writer.closed:
            raise SaveError(f"{self.path}: opened read-only (or closed); open it with 'kriegsspiel shell' to play on")
        return self._writer

    def _write(self, record: JournalRecord) -> JournalRecord:
        assert self._writer is not None
        try:
            record = self._writer.append(record)
        except OSError as exc:
            raise SaveError(f"{self.path}: the journal could not be written ({exc.strerror or exc}); the command "
                            "was not carried out; free some disk space and go on") from None
        record = dataclasses.replace(record, line=self._writer.lines)
        notice = self._writer.take_notice()
        if notice is not None:  # the save was deleted or replaced: the game goes on in the recovery file
            self.path = self._writer.path
            self.notes.append(notice)
            self._notices.append(notice)
        self._records.append(record)
        return record

    def confirmed_phases(self) -> list[tuple[AreaTurn, PhaseResult]]:
        """Each phase confirmed in the game in force, oldest first: the turn resolved and its result."""
        turns = self._timeline.turns
        return [(a, b.last) for a, b in zip(turns, turns[1:]) if b.phases == a.phases + 1 and b.last is not None]

    def _run_hooks(self, before: AreaTurn, result: PhaseResult) -> list[str]:
        problems = []
        for hook in list(self.on_phase):
            try:
                hook(self, before, result)
            except (UserError, OSError) as exc:  # the phase stands whatever a hook does
                problems.append(f"after the phase, {getattr(hook, '__qualname__', 'a hook')} failed: {exc}")
        return problems


def _lines_of(event: dict[str, object]) -> list[str]:
    if event["area"] == "phase":
        head = (f"{event['phase']} waits for an answer (not resolved yet; confirm again after it)"
                if event.get("choices") else f"{event['phase']} resolved; next: {event['next']}")
        lines = [head, *[f"  {x}" for x in event["lines"]]]  # type: ignore[union-attr]
        for c in event.get("choices", []) or []:  # type: ignore[union-attr]
            lines.append(f"  {c['power']} must choose: {c['question']} ({' | '.join(c['options'])})")
        if event.get("winner"):
            lines.append(f"  {event['winner']} has won")
        return lines
    if event["area"] == "withdraw":
        return [f"withdrawn: {event['power']}: {event['text']}"]
    replaced = f" (replaces {event['replaced']})" if event.get("replaced") else ""
    return [f"{event['power']}: {event['text']}{replaced}"]
